// The shared fixed clock allocates nothing per step and one boxed number per frame: bytes allocated
// over 100,000 frames of a scheduler with a clock of three updates and two renders (2–3 steps a
// frame) stay within one boxed number (plus measuring noise) of the bare scheduler with one
// subscriber. That one is the frame's alpha handed to the renders: V8 boxes a fractional double
// passed to a call it does not inline (here the test's render callbacks), once a frame however many
// renders there are. Measured on V8 11.3 (Node 20): bare 16–18 bytes a frame (the harness's
// source.tick(t[0]) boxes its timestamp), the clock 30–32.5 in both cases, run after run.
// Anything more per frame (16 bytes) or anything per step (2–3 steps × 3 jobs) breaks the bound.
//
// Bytes allocated, not heap growth (bytesAllocatedPerCall counts through collections): heap growth
// missed whatever a scavenge freed in between, which made this test read 30 or 61 bytes a frame (or
// 7–13) for a clock that allocated 110–145.
import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createFixedClock } from '../../src/scheduler/fixedClock.js';
import { createManualSource } from '../../src/scheduler/manualSource.js';
import { bytesAllocatedPerCall, exposeGc } from '../reliability/gc.js';

const FRAMES = 100_000;
const WARMUP = 50_000;
const INTERVAL_MS = 1000 / 144;
/** One boxed double (V8 HeapNumber), see test/reliability/allocation.test.ts. */
const ONE_BOXED_NUMBER = 16;
/** The clock's one boxed alpha a frame, plus half a boxed number of measuring noise (the bare scheduler alone reads 16–18). */
const BOUND_OVER_BARE = 1.5 * ONE_BOXED_NUMBER;

function measure(gc: () => void, withClock: boolean, snapToDisplay = true): { bytes: number; steps: number } {
  const source = createManualSource();
  const scheduler = createFrameScheduler({ source, refreshRate: 144 });
  const t = new Float64Array(1);
  const sink = new Float64Array(4);
  let steps = 0;
  if (withClock) {
    // 1/400 s steps at 144 Hz: 2 or 3 steps a frame, every job every step.
    const clock = createFixedClock(scheduler, { step: 1 / 400, maxSteps: 5, snapToDisplay });
    clock.addUpdate((dt, s) => {
      sink[0] = dt + s.stepEndTimestampMs;
      steps++;
    });
    clock.addUpdate((dt, s) => void (sink[1] = dt * s.index), { priority: 1 });
    clock.addUpdate((dt) => void (sink[2] = dt), { priority: -1 });
    clock.addRender((alpha) => void (sink[3] = alpha));
    clock.addRender((alpha, frame) => void (sink[3] = alpha + frame.deltaSeconds));
  } else {
    scheduler.subscribe((frame) => void (sink[0] = frame.deltaSeconds));
  }
  const frame = (): void => {
    t[0] = t[0]! + INTERVAL_MS;
    source.tick(t[0]);
  };
  for (let i = 0; i < WARMUP; i++) frame();
  // The least of three runs: a run that overlaps the worker's own work (another test file's
  // compilation, a late optimisation) shows garbage that is not the loop's.
  let bytes = Infinity;
  for (let run = 0; run < 3; run++) bytes = Math.min(bytes, bytesAllocatedPerCall(gc, FRAMES, frame));
  return { bytes, steps };
}

describe('createFixedClock per-frame allocation', () => {
  it('three updates and two renders on one clock, 2–3 steps a frame: within one boxed number of the bare scheduler', () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    const bare = measure(gc!, false);
    const clocked = measure(gc!, true, false);
    console.info(`bytes per frame: bare scheduler ${bare.bytes.toFixed(1)}, with the clock (raw timestamps) ${clocked.bytes.toFixed(1)}`);
    expect(clocked.steps).toBeGreaterThan(2 * (WARMUP + 3 * FRAMES)); // the steps really ran
    expect(clocked.bytes).toBeLessThan(bare.bytes + BOUND_OVER_BARE);
  });

  it('the same on the display vblank grid (the default): within one boxed number, nothing per step', () => {
    const gc = exposeGc();
    const bare = measure(gc!, false);
    const clocked = measure(gc!, true, true);
    console.info(`bytes per frame: bare scheduler ${bare.bytes.toFixed(1)}, with the clock (snapped) ${clocked.bytes.toFixed(1)}`);
    expect(clocked.steps).toBeGreaterThan(2 * (WARMUP + 3 * FRAMES));
    expect(clocked.bytes).toBeLessThan(bare.bytes + BOUND_OVER_BARE);
  });
});
