// Shared helpers of the React tests that mount trees themselves (test/react, test/canvas). Every
// React tree here is rendered inside <StrictMode>, and only APIs present in both React 18 and 19
// are used (the react18 project runs these files too).
import { expect, vi } from 'vitest';
import * as React from 'react';
import { Component, StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';

/** Wrap a tree in StrictMode (double render, double effects, as in development builds). */
export function strict(node: ReactNode): ReactNode {
  return <StrictMode>{node}</StrictMode>;
}

/** Keeps the first error thrown below it (render or effect) and renders nothing from then on. */
export class CatchError extends Component<{ children?: ReactNode; onError: (error: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** React's `act` (exported by `react` in 18.3 and 19). */
export const act = (React as unknown as { act: (fn: () => void) => void }).act;

/** A mounted tree: no @testing-library, so the react18 project's aliases apply to every import. */
export interface Mounted {
  container: HTMLElement;
  root: Root;
  rerender(ui: ReactNode): void;
  unmount(): void;
}

const mounted = new Set<Mounted>();

/** Mount `ui` (inside act) into a new container; call {@link unmountAll} in afterEach. */
export function mount(ui: ReactNode): Mounted {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  act(() => root.render(ui));
  let live = true;
  const m: Mounted = {
    container,
    root,
    rerender(next) {
      act(() => root.render(next));
    },
    unmount() {
      if (!live) return;
      live = false;
      mounted.delete(m);
      act(() => root.unmount());
      container.remove();
    },
  };
  mounted.add(m);
  return m;
}

/** Unmount every tree {@link mount} made and is still mounted. */
export function unmountAll(): void {
  for (const m of [...mounted]) m.unmount();
}

/**
 * Run `fn` with browser semantics for errors thrown by event listeners: reported to `window` as an
 * `error` event instead of thrown out of `dispatchEvent`. React 18's development build runs effects
 * inside a fake event on a detached node and relies on this; happy-dom rethrows for detached nodes,
 * which escapes React's commit and leaves React 18 broken for the rest of the file. (React 19
 * dispatches no such events.) Returns the errors reported that way, after `preventDefault`.
 */
export function withListenerErrorsReported(fn: () => void): unknown[] {
  const reported: unknown[] = [];
  // The prototype that really holds dispatchEvent for elements (the global EventTarget may be Node's).
  let proto: EventTarget = document.createElement('react');
  while (!Object.prototype.hasOwnProperty.call(proto, 'dispatchEvent')) proto = Object.getPrototypeOf(proto) as EventTarget;
  const original = proto.dispatchEvent;
  const onError = (event: Event): void => {
    reported.push((event as ErrorEvent).error);
    event.preventDefault();
  };
  proto.dispatchEvent = function dispatchEvent(this: EventTarget, event: Event): boolean {
    if (this === window || !event.type.startsWith('react-')) return original.call(this, event);
    try {
      return original.call(this, event);
    } catch (error) {
      window.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));
      return true;
    }
  };
  window.addEventListener('error', onError);
  try {
    fn();
  } finally {
    proto.dispatchEvent = original;
    window.removeEventListener('error', onError);
  }
  return reported;
}

/**
 * Render `ui` in StrictMode under an error boundary; returns the first error it caught (from a
 * render or an effect, at mount or at a later rerender).
 */
export function renderError(ui: ReactNode): { error: () => unknown; rerender: (next: ReactNode) => void } {
  // React logs caught errors to console.error; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let caught: unknown;
  const wrap = (node: ReactNode) => strict(<CatchError onError={(e) => (caught ??= e)}>{node}</CatchError>);
  let view: ReturnType<typeof mount> | undefined;
  withListenerErrorsReported(() => {
    view = mount(wrap(ui));
  });
  return {
    error: () => caught,
    rerender: (next) => {
      withListenerErrorsReported(() => view?.rerender(wrap(next)));
    },
  };
}

/** `error` is a RangeError whose message names `option` in backquotes. */
export function expectRangeErrorNaming(error: unknown, option: string): void {
  expect(error).toBeInstanceOf(RangeError);
  expect((error as Error).message).toContain(`\`${option}\``);
}
