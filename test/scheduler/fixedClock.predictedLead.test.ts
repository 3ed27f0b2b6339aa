// The fixed clock with 'predicted' after a long first frame: it passes now + one refresh interval
// as the present, so it drops what 'ahead' drops (the core's lead rule, test/core/fixedStep.predictedLead).
import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createFixedClock } from '../../src/scheduler/fixedClock.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { Interpolation } from '../../src/core/types.js';

const STEP = 1 / 60;

/** A 60 Hz scheduler whose first frame interval is `firstMs`, then 10 frames at 60 Hz. */
function droppedAfterLongFirstFrame(interpolation: Interpolation, firstMs: number): number {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = createFrameScheduler({ refreshRate: 60, source });
  const clock = createFixedClock(scheduler, { step: STEP, interpolation });
  let steps = 0;
  clock.addUpdate(() => void steps++);
  source.tick(1000 / 60);
  source.tick(1000 / 60 + firstMs);
  for (let k = 1; k <= 10; k++) source.tick(1000 / 60 + firstMs + (k * 1000) / 60);
  const s = clock.stats;
  expect(s.totalSteps).toBe(steps);
  expect(s.totalSteps * STEP + s.totalDroppedSeconds + s.pendingSeconds).toBeCloseTo(s.elapsedGameSeconds, 12);
  return s.totalDroppedSeconds;
}

describe("createFixedClock, 'predicted' after a long first frame", () => {
  it.each([300, 700])('a %d ms first frame: drops no more than ahead + one step', (firstMs) => {
    const ahead = droppedAfterLongFirstFrame('ahead', firstMs);
    const predicted = droppedAfterLongFirstFrame('predicted', firstMs);
    expect(ahead).toBeGreaterThan(0);
    expect(predicted).toBeLessThanOrEqual(ahead + STEP + 1e-9);
  });
});
