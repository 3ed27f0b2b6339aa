import { afterEach, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { act, useRef } from 'react';
import type { RefObject } from 'react';
import { FixedClockProvider } from '../../src/react/FixedClockProvider.js';
import { useFixedUpdate } from '../../src/react/useFixedUpdate.js';
import { useFixedTimestep } from '../../src/react/useFixedTimestep.js';
import { useStepInput } from '../../src/react/useStepInput.js';
import type { UseStepInputOptions } from '../../src/react/useStepInput.js';
import type { InputQueue } from '../../src/core/inputQueue.js';
import { renderWithFrames } from '../../src/testing/render.js';
import type { RenderWithFramesResult } from '../../src/testing/render.js';
import { cleanupMounted, render } from './helpers.js';

afterEach(() => cleanupMounted());

interface StepRow {
  index: number;
  startMs: number;
  endMs: number;
  stepsInFrame: number;
  pressed: boolean;
  down: boolean;
  count: number;
}

/** A game component: records, per step of the shared clock, what its input showed. */
function Recorder({ rows, options, queueOut }: { rows: StepRow[]; options: UseStepInputOptions; queueOut?: { current: InputQueue | null } }) {
  const input = useStepInput(options);
  if (queueOut) queueOut.current = input;
  useFixedUpdate((_dt, step) => {
    rows.push({
      index: step.index,
      startMs: step.stepStartTimestampMs,
      endMs: step.stepEndTimestampMs,
      stepsInFrame: step.stepsInFrame,
      pressed: input.step.pressed('Space'),
      down: input.step.isDown('Space'),
      count: input.step.count,
    });
  });
  return null;
}

function key(type: 'keydown' | 'keyup', code = 'Space', target: EventTarget = window): void {
  act(() => {
    target.dispatchEvent(new KeyboardEvent(type, { code, key: code === 'Space' ? ' ' : code, bubbles: true }));
  });
}

/** A game on a display of `refreshRate` Hz with a shared clock of `step` seconds; events stamped with the display's clock. */
function game(refreshRate: number, step: number, queueOut?: { current: InputQueue | null }): { view: RenderWithFramesResult; rows: StepRow[] } {
  const rows: StepRow[] = [];
  const holder: { view: RenderWithFramesResult | null } = { view: null };
  const options: UseStepInputOptions = { timestamp: () => holder.view!.source.now() };
  holder.view = renderWithFrames(
    <FixedClockProvider step={step} maxSteps={10}>
      <Recorder rows={rows} options={options} {...(queueOut ? { queueOut } : {})} />
    </FixedClockProvider>,
    { refreshRate, strictMode: true },
  );
  return { view: holder.view, rows };
}

describe('useStepInput under a <FixedClockProvider>', () => {
  // 120 Hz display, 1/60 s step: frames alternate 0 and 1 steps. 60 Hz and 1/60: 1 step a frame.
  // 60 Hz and 1/300 s: 5 steps a frame.
  for (const [label, refreshRate, step, stepsPerFrame] of [
    ['0 or 1', 120, 1 / 60, [0, 1]],
    ['1', 60, 1 / 60, [1]],
    ['5', 60, 1 / 300, [5]],
  ] as const) {
    it(`delivers a press to exactly one step, the one whose span holds it, with ${label} step(s) per frame`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 3, max: 12 }), fc.double({ min: 0.05, max: 0.95, noNaN: true }), (framesBefore, fraction) => {
          const { view, rows } = game(refreshRate, step);
          view.advanceFrames(framesBefore);
          view.advanceTime(fraction * view.source.intervalMs); // between two vblanks
          const pressedAtMs = view.source.now();
          key('keydown');
          view.advanceFrames(8);
          view.unmount();
          const seen = rows.filter((r) => r.pressed);
          expect(seen).toHaveLength(1);
          expect(seen[0]!.startMs).toBeLessThan(pressedAtMs);
          expect(seen[0]!.endMs).toBeGreaterThanOrEqual(pressedAtMs);
          // the frames really ran the number of steps this case is about (frames with 0 steps add no row)
          const counts: readonly number[] = stepsPerFrame;
          for (const r of rows) expect(counts).toContain(r.stepsInFrame);
          if (counts.includes(0)) expect(rows.length).toBeLessThan(framesBefore + 8);
          // held from the step that saw the press on
          expect(rows.filter((r) => r.index >= seen[0]!.index).every((r) => r.down)).toBe(true);
          expect(rows.filter((r) => r.index < seen[0]!.index).some((r) => r.down)).toBe(false);
        }),
        { numRuns: 15 },
      );
    });
  }

  it('a press before a frame that runs no step waits for the next step, and is seen once', () => {
    const { view, rows } = game(120, 1 / 60);
    // run until a frame has just run a step: on a 120 Hz display with 1/60 s steps the next runs none
    view.advanceFrames(3);
    let guard = 0;
    for (let before = rows.length; guard < 4; guard++) {
      view.advanceFrames(1);
      if (rows.length > before) break;
      before = rows.length;
    }
    const stepsSoFar = rows.length;
    view.advanceTime(2);
    key('keydown');
    view.advanceFrames(1);
    expect(rows.length).toBe(stepsSoFar); // this frame ran no step: the press waits
    view.advanceFrames(1);
    expect(rows.length).toBe(stepsSoFar + 1);
    expect(rows.at(-1)!.pressed).toBe(true);
    view.advanceFrames(6);
    expect(rows.filter((r) => r.pressed)).toHaveLength(1);
    view.unmount();
  });

  it('held state is right at every step of a 5-step frame (press and release inside one frame)', () => {
    const { view, rows } = game(60, 1 / 300);
    view.advanceFrames(3);
    const frameStart = view.source.now();
    view.advanceTime(5); // 5 ms into the next frame interval: inside its 2nd step (3.33 … 6.67 ms)
    key('keydown');
    view.advanceTime(6); // 11 ms: inside the 4th step (10 … 13.33 ms)
    key('keyup');
    view.advanceFrames(1);
    view.advanceFrames(1);
    view.unmount();
    // steps whose span ends at or after the press and before the release are held
    const inWindow = rows.filter((r) => r.endMs > frameStart);
    const held = inWindow.map((r) => r.down);
    const pressAt = frameStart + 5;
    const releaseAt = frameStart + 11;
    expect(held).toEqual(inWindow.map((r) => r.endMs >= pressAt && r.endMs < releaseAt));
    expect(held.filter(Boolean).length).toBe(2);
  });

  it('events of each step are counted once in total over any frames (no repeats with 5 steps a frame)', () => {
    const { view, rows } = game(60, 1 / 300);
    view.advanceFrames(2);
    for (let i = 0; i < 10; i++) {
      view.advanceTime(3);
      key(i % 2 === 0 ? 'keydown' : 'keyup', 'KeyA');
    }
    view.advanceFrames(4);
    view.unmount();
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(10);
  });

  it('blur releases the held keys', () => {
    const queueOut: { current: InputQueue | null } = { current: null };
    const { view } = game(60, 1 / 60, queueOut);
    view.advanceFrames(2);
    key('keydown', 'KeyW');
    view.advanceFrames(2);
    expect(queueOut.current!.state.isDown('KeyW')).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    view.advanceFrames(2);
    expect(queueOut.current!.state.isDown('KeyW')).toBe(false);
    view.unmount();
  });
});

describe('useStepInput while the clock is paused', () => {
  it('a press during a pause is handed to the first step after the resume, once', () => {
    const rows: StepRow[] = [];
    const holder: { view: RenderWithFramesResult | null } = { view: null };
    const options: UseStepInputOptions = { timestamp: () => holder.view!.source.now() };
    const tree = (paused: boolean) => (
      <FixedClockProvider step={1 / 60} paused={paused}>
        <Recorder rows={rows} options={options} />
      </FixedClockProvider>
    );
    holder.view = renderWithFrames(tree(false), { refreshRate: 60 });
    const view = holder.view;
    view.advanceFrames(5);
    view.rerender(tree(true));
    view.advanceFrames(3);
    const stepsBefore = rows.length;
    view.advanceTime(4);
    key('keydown');
    view.advanceFrames(10);
    expect(rows.length).toBe(stepsBefore); // paused: no step, the press waits
    view.rerender(tree(false));
    view.advanceFrames(10);
    const after = rows.slice(stepsBefore);
    expect(after.length).toBeGreaterThan(0);
    expect(after[0]!.pressed).toBe(true);
    expect(after.filter((r) => r.pressed)).toHaveLength(1);
    view.unmount();
  });
});

describe('useStepInput without a shared clock', () => {
  it('works with useFixedTimestep: takeStep(step.frame.timestampMs) in the update sees a press once', () => {
    const pressedSteps: number[] = [];
    function Player({ source }: { source: () => number }) {
      const input = useStepInput({ timestamp: () => source() });
      let stepNo = 0;
      useFixedTimestep({
        step: 1 / 300,
        maxSteps: 10,
        update: (_dt, step) => {
          stepNo++;
          if (input.takeStep(step.frame.timestampMs).pressed('Space')) pressedSteps.push(stepNo);
        },
      });
      return null;
    }
    const holder: { now: () => number } = { now: () => 0 };
    const view = renderWithFrames(<Player source={() => holder.now()} />, { refreshRate: 60, strictMode: true });
    holder.now = () => view.source.now();
    view.advanceFrames(3);
    view.advanceTime(4);
    key('keydown');
    view.advanceFrames(5);
    view.unmount();
    expect(pressedSteps).toHaveLength(1);
  });

  it('listens on a ref target (pointer buttons held as Pointer0…), stops listening on unmount', () => {
    const queueOut: { current: InputQueue | null } = { current: null };
    const refOut: { current: RefObject<HTMLDivElement | null> | null } = { current: null };
    function Pad() {
      const ref = useRef<HTMLDivElement>(null);
      refOut.current = ref;
      queueOut.current = useStepInput({ target: ref, clock: null, timestamp: () => 10, preventDefault: ['Pointer0', 'Space'] });
      return <div ref={ref} />;
    }
    const view = render(<Pad />);
    const element = refOut.current!.current!;
    const down = new PointerEvent('pointerdown', { button: 0, buttons: 1, clientX: 30, clientY: 40, cancelable: true });
    act(() => {
      element.dispatchEvent(down);
    });
    expect(down.defaultPrevented).toBe(true);
    const space = new KeyboardEvent('keydown', { code: 'Space', cancelable: true });
    act(() => {
      element.dispatchEvent(space);
    });
    expect(space.defaultPrevented).toBe(true);
    const queue = queueOut.current!;
    const step = queue.takeStep(10);
    expect([step.count, step.isDown('Pointer0'), step.pointerX, step.pointerY, step.pointerButtons, step.pressed('Space')]).toEqual([2, true, 30, 40, 1, true]);
    // window events do not reach an element target
    key('keydown', 'KeyQ');
    expect(queue.pending).toBe(0);
    view.unmount();
    expect(queue.pending).toBe(1); // the release of what was held when the listeners went away
    act(() => {
      element.dispatchEvent(new PointerEvent('pointerup', { button: 0 }));
    });
    expect(queue.pending).toBe(1);
    expect(queue.takeStep(20).heldCodes()).toEqual([]);
  });

  it('a bad capacity is a RangeError naming the hook, the option and the value', () => {
    function Bad() {
      useStepInput({ capacity: -1 });
      return null;
    }
    const spy = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Bad />)).toThrow(/useStepInput: option `capacity` must be a whole number >= 1, got -1/);
    } finally {
      console.error = spy;
    }
  });
});
