// The shared fixed clock allocates nothing per frame and nothing per step: bytes allocated over
// 100,000 frames of a scheduler with a clock of three updates (2–3 steps a frame, every job every
// step) are zero, on raw timestamps and on the display's vblank grid, with renders too when alpha
// does not change ('none', a paused clock).
//
// The one exception is what the API itself costs: `render(alpha, frame)` hands the user's function
// a number it may keep, so a new fractional alpha has to exist as a heap number (16 bytes on Node
// 20) whenever V8 does not inline the render. The clock boxes it once a frame however many renders
// there are; boxing it per render (32 bytes a frame here), or anything else, breaks the bound.
//
// The harness allocates nothing itself: timestamps are boxed before measuring (boxedTimestamps), as
// the browser hands requestAnimationFrame an already boxed number. Bytes allocated, not heap growth
// (bytesAllocatedPerCall counts through collections).
import { beforeAll, describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createFixedClock } from '../../src/scheduler/fixedClock.js';
import type { FixedClockOptions } from '../../src/scheduler/fixedClock.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL, ONE_BOXED_NUMBER } from './gc.js';

const FRAMES = 100_000;
const WARMUP = 50_000;
/** Runs measured at most: the least counts, and measuring stops at the first within the bound (see leastBytesPerCall). */
const RUNS = 6;
const timestamps = boxedTimestamps(WARMUP + RUNS * FRAMES + 1, 1000 / 144);

/** The clock's options (null: a bare scheduler), its jobs, and the bytes a frame the test allows. */
type Setup = { clock: Partial<FixedClockOptions> | null; renders?: boolean; paused?: boolean; bound?: number };

function measure(gc: () => void, setup: Setup): { bytes: number; steps: number } {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ source, refreshRate: 144 });
  const sink = new Float64Array(5);
  let steps = 0;
  if (setup.clock) {
    // 1/400 s steps at 144 Hz: 2 or 3 steps a frame, every job every step.
    const clock = createFixedClock(scheduler, { step: 1 / 400, maxSteps: 5, ...setup.clock });
    clock.addUpdate((dt, s) => {
      sink[0] = dt + s.stepEndTimestampMs;
      steps++;
    });
    clock.addUpdate((dt, s) => void (sink[1] = dt * s.index), { priority: 1 });
    clock.addUpdate((dt) => void (sink[2] = dt), { priority: -1 });
    if (setup.renders) {
      clock.addRender((alpha) => void (sink[3] = alpha));
      clock.addRender((alpha, frame) => void (sink[4] = alpha + frame.deltaSeconds));
    }
    if (setup.paused) {
      for (let i = 0; i < 100; i++) source.tick(i * 0.5);
      clock.pause();
    }
  } else {
    scheduler.subscribe((frame) => void (sink[0] = frame.deltaSeconds));
  }
  let i = 0;
  const bytes = leastBytesPerCall(gc, WARMUP, FRAMES, RUNS, () => source.tick(timestamps[i++] as number), setup.bound ?? NOTHING_PER_CALL);
  return { bytes, steps };
}

function measured(name: string, setup: Setup): { bytes: number; steps: number } {
  const gc = exposeGc();
  expect(typeof gc).toBe('function');
  const result = measure(gc!, setup);
  console.info(`bytes per frame, ${name}: ${result.bytes.toFixed(2)}`);
  return result;
}

describe('createFixedClock per-frame allocation', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  // The worker's first measurement reads 1.5–2.5 bytes a frame whatever it measures (the worker's
  // own start-up work overlaps it): one run that does not count first.
  beforeAll(() => {
    const gc = exposeGc();
    if (gc) measure(gc, { clock: null });
  });

  it('the harness: a bare scheduler with one subscriber allocates nothing', () => {
    expect(measured('bare scheduler', { clock: null }).bytes).toBeLessThan(NOTHING_PER_CALL);
  });

  it.each([false, true])('three updates, 2–3 steps a frame (snapToDisplay %s): nothing per frame, nothing per step', (snapToDisplay) => {
    for (const interpolation of ['previous', 'predicted'] as const) {
      const { bytes, steps } = measured(`3 updates (${interpolation}, snap ${snapToDisplay})`, { clock: { snapToDisplay, interpolation } });
      expect(steps).toBeGreaterThan(2 * (WARMUP + FRAMES)); // the steps really ran
      expect(bytes).toBeLessThan(NOTHING_PER_CALL);
    }
  });

  it('with renders, where alpha does not change (interpolation none; a paused clock): nothing', () => {
    expect(measured('3 updates + 2 renders (none)', { clock: { interpolation: 'none' }, renders: true }).bytes).toBeLessThan(NOTHING_PER_CALL);
    expect(measured('3 updates + 2 renders (paused)', { clock: {}, renders: true, paused: true }).bytes).toBeLessThan(NOTHING_PER_CALL);
  });

  it('with renders and a fractional alpha: the one boxed alpha a frame, not one per render', () => {
    const { bytes, steps } = measured('3 updates + 2 renders (previous)', { clock: {}, renders: true, bound: ONE_BOXED_NUMBER + NOTHING_PER_CALL });
    expect(steps).toBeGreaterThan(2 * (WARMUP + FRAMES));
    expect(bytes).toBeLessThan(ONE_BOXED_NUMBER + NOTHING_PER_CALL);
  });
});
