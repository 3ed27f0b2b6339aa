// Clocks that misbehave: a clock that jumps back (a new time origin) must not silence
// useFrameStats until it catches up; vitest fake timers installed after real frames ran must
// drive the loop at once, without a spurious delta from the real clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameProvider, useFrame, useFrameStats } from '../../src/index.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { act, mount, strict, unmountAll } from '../helpers/react.js';

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useFrameStats after the clock jumps back 100 s', () => {
  it('publishes again within one interval (500 ms) of the jump, not 100 s later', () => {
    const source = createManualFrameSource();
    const renders: number[] = [];
    function Meter() {
      const stats = useFrameStats({ intervalMs: 500 });
      renders.push(stats.frames);
      return null;
    }
    mount(strict(<FrameProvider source={source} refreshRate={60}><Meter /></FrameProvider>));
    const interval = 1000 / 60;
    let k = 0;
    for (; k < 120; k++) act(() => source.tick(100_000 + k * interval));
    const before = renders.length;
    // The clock restarts near 0 (a new time origin): 1 s of frames.
    for (let j = 1; j <= 60; j++) act(() => source.tick(j * interval));
    const after = renders.length - before;
    expect(after).toBeGreaterThanOrEqual(2);
  });
});

describe('fake timers installed after real frames ran (the loop running on the real requestAnimationFrame)', () => {
  function setup() {
    const deltas: number[] = [];
    function Keep() {
      useFrame(() => undefined); // keeps the loop running on the real rAF
      return null;
    }
    function Probe() {
      useFrame((f) => void deltas.push(f.rawDeltaSeconds));
      return null;
    }
    return { deltas, Keep, Probe };
  }

  it('a component mounted after the fake timers gets frames at once on the fake clock, none with a real-clock delta', async () => {
    const { deltas, Keep, Probe } = setup();
    const view = mount(<FrameProvider><Keep /></FrameProvider>);
    await new Promise((resolve) => setTimeout(resolve, 100)); // real frames run
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    view.rerender(<FrameProvider><Keep /><Probe /></FrameProvider>);
    act(() => void vi.advanceTimersByTime(1000));
    // A 16 ms grid: 62 frames in 1000 ms.
    expect(deltas.length).toBeGreaterThanOrEqual(60);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const d of deltas) expect(d).toBeLessThanOrEqual(0.017);
  });

  it('with nothing mounted after: the real frame that was pending is not handed out (its timestamp is on the other clock); the loop moves to the fake clock', async () => {
    const { deltas, Probe } = setup();
    mount(<FrameProvider><Probe /></FrameProvider>);
    await new Promise((resolve) => setTimeout(resolve, 100));
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    deltas.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 100)); // the pending real frame fires
    act(() => void vi.advanceTimersByTime(1000));
    expect(deltas.length).toBeGreaterThanOrEqual(60);
    for (const d of deltas) expect(d).toBeLessThanOrEqual(0.017);
  });
});
