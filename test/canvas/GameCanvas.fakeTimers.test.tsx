// Written the way a user of the package would test a game: vitest fake timers drive the real
// requestAnimationFrame path of the DEFAULT scheduler (no provider), @testing-library/react renders.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { GameCanvas } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { stubCanvasContext } from './fakeCanvas.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  stubCanvasContext();
});

afterEach(() => {
  cleanup();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
  expect(getDefaultScheduler().running).toBe(false);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

it('runs exactly 58 updates of 1/60 s in one second of fake timers, with every alpha in [0, 1]', () => {
  let updates = 0;
  const alphas: number[] = [];
  render(
    <StrictMode>
      <GameCanvas
        width={320}
        height={180}
        step={1 / 60}
        interpolation="previous"
        update={() => {
          updates++;
        }}
        render={(alpha) => {
          alphas.push(alpha);
        }}
      />
    </StrictMode>,
  );

  act(() => {
    vi.advanceTimersByTime(1000);
  });

  // Fake rAF fires on a 16 ms grid: frames at 16, 32, …, 992 ms (62 frames). The first frame is
  // time zero, so the last one is 992 − 16 = 976 ms of game time later, and with 'previous'
  // interpolation the updates run so far are floor(976 / (1000 / 60)) = floor(58.56) = 58.
  expect(updates).toBe(58);
  expect(alphas).toHaveLength(62);
  for (const alpha of alphas) {
    expect(alpha).toBeGreaterThanOrEqual(0);
    expect(alpha).toBeLessThanOrEqual(1);
  }
  // The last picture is 0.56 of the way from state 57 to state 58 (976 ms = 58.56 steps).
  expect(alphas[alphas.length - 1]).toBeCloseTo(0.56, 9);
});

it('keeps counting across several advances: 2 s of fake timers gives 119 updates', () => {
  let updates = 0;
  render(
    <StrictMode>
      <GameCanvas step={1 / 60} update={() => void updates++} render={() => undefined} />
    </StrictMode>,
  );
  act(() => vi.advanceTimersByTime(1000));
  act(() => vi.advanceTimersByTime(1000));
  // Frames at 16 … 2000 ms (125 frames: 2000 is on the 16 ms grid, 1000 is not); time zero at 16,
  // so 1984 ms = 119.04 steps → 119 updates.
  expect(updates).toBe(119);
});

it('runs 4 updates in 100 ms of fake timers: frames at 16 … 96, 80 ms of game time', () => {
  let updates = 0;
  render(
    <StrictMode>
      <GameCanvas step={1 / 60} update={() => void updates++} render={() => undefined} />
    </StrictMode>,
  );
  act(() => vi.advanceTimersByTime(100));
  // floor(80 / (1000 / 60)) = floor(4.8) = 4
  expect(updates).toBe(4);
});
