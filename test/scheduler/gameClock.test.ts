// The scheduler's game clock (`FrameInfo.elapsedSeconds`) over 24 hours of frames: within 1e-9 s of
// the display's own clock (last timestamp − first timestamp). A plain running sum of deltas drifts
// by microseconds after a day (8.8 µs at 144 Hz), enough to put a fixed step one step late.
// Frames are run in a loop on the bare manual source (no checks per frame), so a day at 144 Hz
// (12,441,600 frames) runs in a few seconds; no wall-clock time is asserted.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

const noop = (): void => undefined;

/** Run `frames` vblanks at `hz` after `startMs`; returns |game clock − display clock| in s. */
function dayError(hz: number, frames: number, startMs: number): number {
  const source = createManualFrameSource({ startMs: startMs });
  const scheduler = createFrameScheduler({ source, refreshRate: hz });
  scheduler.subscribe(noop);
  const intervalMs = 1000 / hz;
  // Vblank k at startMs + k × interval, computed from k (the display clock itself does not drift).
  for (let k = 1; k <= frames; k++) source.tick(startMs + k * intervalMs);
  // Time zero is the first frame (delta 0).
  const displaySeconds = (startMs + frames * intervalMs - (startMs + intervalMs)) / 1000;
  return Math.abs(scheduler.frame.elapsedSeconds - displaySeconds);
}

describe('the scheduler game clock over 24 h', () => {
  it.each([
    [60, 24 * 3600 * 60],
    [144, 24 * 3600 * 144],
  ])('%i Hz, %i frames: elapsedSeconds within 1e-9 s of the display clock', (hz, frames) => {
    const error = dayError(hz, frames, 0);
    console.info(`game clock − display clock after 24 h at ${hz} Hz: ${error.toExponential(2)} s`);
    expect(error).toBeLessThan(1e-9);
  }, 60_000);

  it('random rates, start times and lengths (jitter-free): always within 1e-9 s after up to 200,000 frames', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(50, 59.94, 60, 75, 90, 119.88, 120, 143.9, 144, 165, 240),
        fc.double({ min: 0, max: 1e8, noNaN: true }),
        fc.integer({ min: 1, max: 200_000 }),
        (hz, startMs, frames) => dayError(hz, frames, startMs) < 1e-9,
      ),
      { numRuns: 25 },
    );
  });
});
