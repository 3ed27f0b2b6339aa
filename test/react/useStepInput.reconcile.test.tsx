// useStepInput never loses input silently nor leaves it stuck: held state is released whenever the
// listeners go away (Activity, a null target, blur, a hidden page, a new target or element), pointer
// buttons follow the Pointer Events bitmask, and bad options fail at mount.
import { afterEach, describe, expect, it } from 'vitest';
import * as React from 'react';
import { act, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { FixedClockProvider } from '../../src/react/FixedClockProvider.js';
import { useStepInput } from '../../src/react/useStepInput.js';
import type { UseStepInputOptions } from '../../src/react/useStepInput.js';
import type { InputQueue } from '../../src/core/inputQueue.js';
import { renderWithFrames } from '../../src/testing/render.js';
import type { RenderWithFramesResult } from '../../src/testing/render.js';
import { cleanupMounted, render } from './helpers.js';

afterEach(() => cleanupMounted());

/** React 19's <Activity> (absent from React 18). */
const Activity = (React as unknown as { Activity?: (props: { mode: 'hidden' | 'visible'; children: ReactNode }) => ReactNode }).Activity;

function dispatch(target: EventTarget, event: Event): void {
  act(() => {
    target.dispatchEvent(event);
  });
}
const keyEvent = (type: 'keydown' | 'keyup', code = 'KeyW') => new KeyboardEvent(type, { code, key: code });

function Game({ out, options }: { out: { queue: InputQueue | null }; options: UseStepInputOptions }) {
  out.queue = useStepInput(options);
  return null;
}

/** A game under a shared clock on renderWithFrames, `wrap` placing it (e.g. inside an Activity). */
function mount(wrap: (game: ReactNode, hidden: boolean) => ReactNode, options: (hidden: boolean) => UseStepInputOptions = () => ({})) {
  const out: { queue: InputQueue | null } = { queue: null };
  const tree = (hidden: boolean) => <FixedClockProvider step={1 / 60}>{wrap(<Game out={out} options={options(hidden)} />, hidden)}</FixedClockProvider>;
  const view: RenderWithFramesResult = renderWithFrames(tree(false), { strictMode: true });
  view.advanceFrames(2);
  return { view, queue: () => out.queue!, hide: (hidden: boolean) => view.rerender(tree(hidden)) };
}

describe('useStepInput: held keys are released when the listeners go away and come back', () => {
  const ways: [string, (game: ReactNode, hidden: boolean) => ReactNode, (hidden: boolean) => UseStepInputOptions][] = [
    ['a target of null and back', (game) => game, (hidden) => (hidden ? { target: null } : {})],
  ];
  if (Activity) ways.push(['<Activity mode="hidden"> and shown again', (game, hidden) => <Activity mode={hidden ? 'hidden' : 'visible'}>{game}</Activity>, () => ({})]);
  for (const [label, wrap, options] of ways) {
    it(`a key released while hidden by ${label} is not held after`, () => {
      const { view, queue, hide } = mount(wrap, options);
      dispatch(window, keyEvent('keydown'));
      view.advanceFrames(2);
      expect(queue().state.isDown('KeyW')).toBe(true);
      hide(true);
      dispatch(window, keyEvent('keyup')); // not seen: nobody listens
      view.advanceFrames(3);
      hide(false);
      view.advanceFrames(3);
      expect([queue().state.isDown('KeyW'), queue().state.heldCodes()]).toEqual([false, []]);
      // and it listens again
      dispatch(window, keyEvent('keydown', 'KeyD'));
      view.advanceFrames(2);
      expect(queue().state.isDown('KeyD')).toBe(true);
      view.unmount();
    });
  }

  it('the page hidden (visibilitychange) releases held keys; visible again does not', () => {
    const { view, queue } = mount((game) => game);
    dispatch(window, keyEvent('keydown'));
    view.advanceFrames(2);
    const visibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      dispatch(document, new Event('visibilitychange'));
    };
    try {
      visibility('visible');
      view.advanceFrames(2);
      expect(queue().state.isDown('KeyW')).toBe(true);
      visibility('hidden');
      view.advanceFrames(2);
      expect(queue().state.isDown('KeyW')).toBe(false);
    } finally {
      delete (document as { visibilityState?: string }).visibilityState;
    }
    view.unmount();
  });

  it('a new target releases what was held on the old one', () => {
    const element = document.body.appendChild(document.createElement('div'));
    const { view, queue, hide } = mount((game) => game, (moved) => (moved ? { target: element } : {}));
    dispatch(window, keyEvent('keydown'));
    view.advanceFrames(2);
    hide(true); // target: the element
    view.advanceFrames(2);
    expect(queue().state.isDown('KeyW')).toBe(false);
    dispatch(element, keyEvent('keydown', 'KeyE'));
    dispatch(window, keyEvent('keydown', 'KeyQ')); // the window is no longer listened to
    view.advanceFrames(2);
    expect(queue().state.heldCodes()).toEqual(['KeyE']);
    view.unmount();
    element.remove();
  });
});

describe('useStepInput: a ref target is followed when its element is replaced', () => {
  it('a keyed remount in the component that calls the hook', () => {
    const out: { queue: InputQueue | null; ref: RefObject<HTMLDivElement | null> | null } = { queue: null, ref: null };
    function Pad({ version }: { version: number }) {
      const ref = useRef<HTMLDivElement>(null);
      out.ref = ref;
      out.queue = useStepInput({ target: ref, clock: null, timestamp: () => 10 });
      return <div key={version} ref={ref} tabIndex={0} />;
    }
    const view = render(<Pad version={1} />);
    const first = out.ref!.current!;
    view.rerender(<Pad version={2} />);
    const second = out.ref!.current!;
    expect(second).not.toBe(first);
    dispatch(second, keyEvent('keydown'));
    dispatch(first, keyEvent('keydown', 'KeyQ')); // the old element is no longer listened to
    expect(out.queue!.takeStep(10).heldCodes()).toEqual(['KeyW']);
  });

  it('a keyed remount inside a child that re-renders alone: followed from the next step of the clock', () => {
    const out: { queue: InputQueue | null; remount: () => void } = { queue: null, remount: () => {} };
    function Surface({ surfaceRef }: { surfaceRef: RefObject<HTMLDivElement | null> }) {
      const [version, setVersion] = useState(0);
      out.remount = () => setVersion((v) => v + 1);
      return <div key={version} ref={surfaceRef} tabIndex={0} />;
    }
    function Screen() {
      const ref = useRef<HTMLDivElement>(null);
      out.queue = useStepInput({ target: ref });
      return <Surface surfaceRef={ref} />;
    }
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 60}>
        <Screen />
      </FixedClockProvider>,
    );
    view.advanceFrames(2);
    const first = view.container.querySelector('div')!;
    act(() => out.remount());
    const second = view.container.querySelector('div')!;
    expect(second).not.toBe(first);
    view.advanceFrames(1); // a step: the hook looks behind the ref again
    dispatch(second, keyEvent('keydown'));
    view.advanceFrames(2);
    expect(out.queue!.state.isDown('KeyW')).toBe(true);
    view.unmount();
  });
});

describe('useStepInput: pointer buttons as the Pointer Events spec sends them', () => {
  it('a chorded second button (pointermove, button 2, buttons 3) is held; pointercancel (button −1) releases all', () => {
    const { view, queue } = mount((game) => game);
    const pointer = (type: string, button: number, buttons: number) => dispatch(window, new PointerEvent(type, { button, buttons, pointerId: 1, clientX: 5, clientY: 6 }));
    pointer('pointerdown', 0, 1);
    view.advanceFrames(2);
    pointer('pointermove', 2, 3);
    view.advanceFrames(2);
    const state = queue().state;
    expect([state.isDown('Pointer0'), state.isDown('Pointer2'), state.pointerButtons]).toEqual([true, true, 3]);
    pointer('pointercancel', -1, 0);
    view.advanceFrames(2);
    expect([state.heldCodes(), state.pointerButtons]).toEqual([[], 0]);
    view.unmount();
  });

  it('256 pointer moves during a pause, then a key press after the resume: the press reaches a step', () => {
    const out: { queue: InputQueue | null } = { queue: null };
    function Player() {
      out.queue = useStepInput();
      return null;
    }
    const tree = (paused: boolean) => (
      <FixedClockProvider step={1 / 60} paused={paused}>
        <Player />
      </FixedClockProvider>
    );
    const view = renderWithFrames(tree(false));
    view.advanceFrames(3);
    view.rerender(tree(true));
    for (let i = 0; i < 256; i++) dispatch(window, new PointerEvent('pointermove', { clientX: i, pointerId: 1 }));
    view.rerender(tree(false));
    view.advanceFrames(1); // the first step after the resume takes the 256 moves
    expect(out.queue!.step.count).toBe(256);
    dispatch(window, keyEvent('keydown', 'Space'));
    view.advanceFrames(2);
    expect([out.queue!.state.isDown('Space'), out.queue!.dropped]).toEqual([true, 0]);
    view.unmount();
  });
});

describe('useStepInput: options are checked at mount', () => {
  for (const [options, message] of [
    [{ capacty: 8 }, /^useStepInput: unknown option `capacty` \(did you mean `capacity`\?\)|^useStepInput: unknown option `capacty`/],
    [{ target: 5 }, /^useStepInput: option `target` must be an EventTarget, a ref to one, or null, got 5$/],
    [{ timestamp: 5 }, /^useStepInput: option `timestamp` must be a function, got 5$/],
    [{ keyboard: 'yes' }, /^useStepInput: option `keyboard` must be a boolean, got "yes"$/],
    [{ clock: 5 }, /^useStepInput: option `clock` must be a fixed clock or null, got 5$/],
    [{ preventDefault: 'Space' }, /^useStepInput: option `preventDefault` must be an array of codes, got "Space"$/],
  ] as const) {
    it(`${JSON.stringify(options)} throws a RangeError naming the hook, the option and the value`, () => {
      function Bad() {
        useStepInput(options as unknown as UseStepInputOptions);
        return null;
      }
      const spy = console.error;
      console.error = () => undefined;
      try {
        expect(() => render(<Bad />)).toThrow(message);
      } finally {
        console.error = spy;
      }
    });
  }
});
