import * as React from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FrameProvider } from '../react/index.js';
import { FrameSourceOverrideContext } from '../react/internal.js';
import type { FrameScheduler, FrameSource } from '../scheduler/index.js';

/** Run `callback` and flush what React renders and its effects. */
export type Act = (callback: () => void) => void;

/**
 * React's own `act` (no test library needed; `unstable_act` in React 18.0–18.2). A production build
 * has none (a story in a static Storybook): there `flushSync` renders, and runs the effects, before
 * it returns.
 */
export function getAct(): Act {
  const react = React as unknown as { act?: Act; unstable_act?: Act };
  const act = react.act ?? react.unstable_act;
  return typeof act === 'function' ? act : (callback) => void flushSync(callback);
}

/** A tree mounted by {@link mountOnFrames}. */
export interface MountedOnFrames {
  act: Act;
  container: HTMLElement;
  rerender(ui: ReactNode): void;
  /** False when it was unmounted already. */
  unmount(): boolean;
}

/**
 * Mount `ui` under `<FrameProvider scheduler>`, inside `act`. `clock` is the frame clock handed to
 * `useStepInput` and to any `<FrameProvider>` inside `ui` (which would otherwise wait for browser frames).
 */
export function mountOnFrames(ui: ReactNode, scheduler: FrameScheduler, clock: FrameSource, strictMode: boolean, given: HTMLElement | undefined, doc: Document): MountedOnFrames {
  const act = getAct();
  const container = given ?? doc.body.appendChild(doc.createElement('div'));
  const root = createRoot(container);
  const wrap = (node: ReactNode): ReactNode => {
    const tree = React.createElement(FrameSourceOverrideContext.Provider, { value: clock }, React.createElement(FrameProvider, { scheduler }, node));
    return strictMode ? React.createElement(React.StrictMode, null, tree) : tree;
  };
  act(() => root.render(wrap(ui)));
  let mounted = true;
  return {
    act,
    container,
    rerender(next) {
      act(() => root.render(wrap(next)));
    },
    unmount() {
      if (!mounted) return false;
      mounted = false;
      act(() => root.unmount());
      if (!given) container.remove();
      return true;
    },
  };
}
