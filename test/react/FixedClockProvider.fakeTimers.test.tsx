// The shared clock the way a user tests a game: vitest fake timers drive the real
// requestAnimationFrame path of the DEFAULT scheduler (no FrameProvider). Three components mount
// 0, 137 and 500 ms after the first frame and step on one grid, interleaved, with one alpha.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, StrictMode } from 'react';
import { FixedClockProvider, useFixedRender, useFixedUpdate } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { cleanupMounted, render } from './helpers.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
  vi.useRealTimers();
});

it('components mounted 0, 137 and 500 ms apart: one grid, interleaved per step, one alpha per frame', () => {
  const steps: Array<[string, number]> = [];
  const alphas = new Map<number, Set<number>>();
  function Job({ name, priority }: { name: string; priority: number }) {
    useFixedUpdate((_dt, step) => void steps.push([name, step.index]), { priority });
    useFixedRender((alpha, frame) => void alphas.set(frame.frameIndex, (alphas.get(frame.frameIndex) ?? new Set()).add(alpha)));
    return null;
  }
  const tree = (n: number) => (
    <StrictMode>
      <FixedClockProvider step={1 / 60}>
        <Job name="a" priority={0} />
        {n >= 2 && <Job name="b" priority={1} />}
        {n >= 3 && <Job name="c" priority={2} />}
      </FixedClockProvider>
    </StrictMode>
  );
  const view = render(tree(1));
  expect(getDefaultScheduler().subscriberCount).toBe(2);
  act(() => vi.advanceTimersByTime(16)); // the first frame (time zero) at 16 ms
  act(() => vi.advanceTimersByTime(137));
  view.rerender(tree(2));
  act(() => vi.advanceTimersByTime(500 - 137));
  view.rerender(tree(3));
  act(() => vi.advanceTimersByTime(1000));
  expect(getDefaultScheduler().subscriberCount).toBe(2);

  // Fake rAF runs on a 16 ms grid: frames at 16 … 1504 ms (the clock stops at 16 + 137 + 363 +
  // 1000 = 1516). Time zero at 16 ms, so the last frame is 1488 ms of game time later:
  // floor(1488 / 16.67) = floor(89.28) = 89 steps, indices 0 … 88.
  const of = (name: string) => steps.filter(([n]) => n === name).map(([, i]) => i);
  expect(of('a')).toEqual(Array.from({ length: 89 }, (_, i) => i));
  // b mounted after the frame at 144 ms (128 ms of game time: steps 0 … 6 done); c after 512 ms (steps 0 … 28).
  expect(of('b')).toEqual(Array.from({ length: 89 - 7 }, (_, i) => i + 7));
  expect(of('c')).toEqual(Array.from({ length: 89 - 29 }, (_, i) => i + 29));
  // Interleaved: from step 29 on every step runs a, b, c before the next.
  const tail = steps.slice(steps.findIndex(([n, i]) => n === 'a' && i === 29));
  expect(tail).toHaveLength(3 * (89 - 29));
  tail.forEach(([name, index], k) => {
    expect(name).toBe(['a', 'b', 'c'][k % 3]);
    expect(index).toBe(29 + Math.floor(k / 3));
  });
  for (const set of alphas.values()) expect(set.size).toBe(1);
});
