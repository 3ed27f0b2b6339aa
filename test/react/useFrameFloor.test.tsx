// The bench compares the 1.5 KB `useFrame` budget with a size floor (bench/frameloop/useFrameFloor.ts):
// the smallest useFrame we could write that keeps the contract. The comparison only means
// something if the floor really does what bench/RESULTS.md says it keeps; these check what a
// useFrame user can reach of it: order, error isolation and rethrow, gap clamping, the newest
// callback, unsubscribing, a replaced requestAnimationFrame, the setTimeout fallback, and the
// option messages.
import { act } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useFrame, useFrameUnchecked } from '../../bench/frameloop/useFrameFloor.js';
import { cleanupMounted, render } from './helpers.js';

type Raf = (callback: (timestampMs: number) => void) => number;
const g = globalThis as unknown as { requestAnimationFrame: Raf; cancelAnimationFrame: (handle: number) => void };
const saved = { raf: g.requestAnimationFrame, caf: g.cancelAnimationFrame };
/** The one pending frame request, fired by hand with the timestamp a test chooses. */
let pending: ((timestampMs: number) => void) | null = null;

/** Run the pending frame at `timestampMs`. */
function frameAt(timestampMs: number): void {
  const callback = pending;
  pending = null;
  expect(callback).not.toBeNull();
  act(() => callback!(timestampMs));
}

beforeEach(() => {
  g.requestAnimationFrame = (callback) => {
    pending = callback;
    return 1;
  };
  g.cancelAnimationFrame = () => {
    pending = null;
  };
});

afterEach(() => {
  cleanupMounted();
  g.requestAnimationFrame = saved.raf;
  g.cancelAnimationFrame = saved.caf;
  pending = null;
  // Each test starts on a fresh default loop.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('react-timestep.floor.default-loop')];
});

type Hook = typeof useFrame;

function Job(props: { hook: Hook; name: string; log: string[]; deltas?: number[]; options?: object; fail?: boolean }) {
  props.hook((frame) => {
    props.log.push(props.name);
    props.deltas?.push(frame.deltaSeconds);
    if (props.fail) throw new Error(props.name);
  }, props.options);
  return null;
}

for (const [label, hook] of [
  ['checked', useFrame],
  ['unchecked', useFrameUnchecked],
] as const) {
  it(`the ${label} floor runs phase, then priority, then mount order; isolates and rethrows errors; clamps gaps`, () => {
    const log: string[] = [];
    const deltas: number[] = [];
    const jobs = (lateFails: boolean) => (
      <>
        <Job hook={hook} name="render" log={log} options={{ phase: 'render' }} />
        <Job hook={hook} name="late" log={log} deltas={deltas} options={{ priority: 1 }} fail={lateFails} />
        <Job hook={hook} name="early" log={log} options={{ priority: -1 }} />
        <Job hook={hook} name="input" log={log} options={{ phase: 'input' }} />
      </>
    );
    const view = render(jobs(false));
    frameAt(1000);
    expect(log).toEqual(['input', 'early', 'late', 'render']);
    frameAt(1000 + 1000 / 60);
    expect(deltas[1]).toBeCloseTo(1 / 60, 12);
    // A 2 s hitch is clamped to maxDelta, 0.25 s.
    frameAt(3000);
    expect(deltas[2]).toBe(0.25);
    // One subscriber throws: the others still run, and the error is rethrown after the frame.
    view.rerender(jobs(true));
    log.length = 0;
    expect(() => frameAt(3020)).toThrow(/^late$/);
    expect(log).toEqual(['input', 'early', 'late', 'render']);
    // Unmounted: no frame is requested any more.
    view.unmount();
    expect(pending).toBeNull();
  });
}

it('the floor survives requestAnimationFrame being replaced while a frame is pending (fake timers installed late)', () => {
  const log: string[] = [];
  const deltas: number[] = [];
  render(<Job hook={useFrame} name="a" log={log} deltas={deltas} />);
  frameAt(1000);
  frameAt(1016);
  // The old request is still pending when another requestAnimationFrame takes over.
  const old = pending;
  let replaced: ((timestampMs: number) => void) | null = null;
  g.requestAnimationFrame = (callback) => {
    replaced = callback;
    return 2;
  };
  // A frame of the replaced clock still arrives: its timestamp belongs to the other clock, so it
  // counts no time, and the next request goes to the new requestAnimationFrame.
  act(() => old!(987_654));
  expect(deltas.at(-1)).toBe(0);
  expect(replaced).not.toBeNull();
  act(() => replaced!(1032));
  expect(deltas.at(-1)).toBeCloseTo(0.016, 12);
});

it('the floor falls back to setTimeout without requestAnimationFrame', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  // afterEach puts requestAnimationFrame back.
  delete (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame;
  try {
    const log: string[] = [];
    const view = render(<Job hook={useFrameUnchecked} name="t" log={log} />);
    vi.advanceTimersByTime(100);
    // Six frames of a 60 Hz grid in 100 ms.
    expect(log.length).toBeGreaterThanOrEqual(5);
    expect(log.length).toBeLessThanOrEqual(7);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});

it('the floor rethrows two errors of one frame as one AggregateError', () => {
  const log: string[] = [];
  render(
    <>
      <Job hook={useFrame} name="a" log={log} fail />
      <Job hook={useFrame} name="b" log={log} fail />
    </>,
  );
  let thrown: unknown;
  try {
    frameAt(1000);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AggregateError);
  expect((thrown as AggregateError).errors.map((e: Error) => e.message)).toEqual(['a', 'b']);
});

it('the checked floor names the hook, the option and the value of a bad option at render', () => {
  const log: string[] = [];
  expect(() => render(<Job hook={useFrame} name="x" log={log} options={{ Phase: 'render' }} />)).toThrow('useFrame: unknown option `Phase` (did you mean `phase`?)');
  expect(() => render(<Job hook={useFrame} name="x" log={log} options={{ priority: Number.NaN }} />)).toThrow('useFrame: option `priority` must be a finite number, got NaN');
});
