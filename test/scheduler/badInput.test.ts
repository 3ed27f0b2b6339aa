// Bad timestamps through the scheduler and a fixed step, each with a documented outcome (in the
// test name and in docs/guarantees.md): NaN, ±Infinity, negative and zero values, timestamps that
// repeat or go backwards, a one-hour gap and one frame 10,000 intervals long. Never a NaN in any
// output, and time is never lost without being reported: simulated + dropped + pending = elapsed
// game time, and elapsed game time + the clamped time reported to onGap = real time (× timeScale).
// The core algorithms alone: test/core/badInput.test.ts; with React: test/react/badInput.test.tsx.
import { describe, expect, it } from 'vitest';
import { createFixedStep, DEFAULT_BOUNDARY_TOLERANCE } from '../../src/core/fixedStep.js';
import type { FixedStepFrame, FixedStepOverload } from '../../src/core/types.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { accountingError, allFinite, fixedFrameNumbers, infoNumbers } from '../helpers/numbers.js';

const STEP = 1 / 60;
const INTERVAL_MS = 1000 / 60;

/**
 * A scheduler in 'manual' mode with a fixed step subscribed the way useFixedTimestep does it
 * (fed `frame.elapsedSeconds × 1000`), checking after every frame that nothing is NaN and that
 * all time is accounted for.
 */
function createChain(options: { maxDelta?: number; timeScale?: number; overload?: FixedStepOverload; maxSteps?: number } = {}) {
  const { maxDelta, timeScale = 1, overload, maxSteps } = options;
  let reportedLostSeconds = 0;
  let realSeconds = 0;
  const gaps: Array<{ raw: number; clamped: number }> = [];
  const scheduler = createFrameScheduler({
    source: createManualFrameSource(),
    frameloop: 'manual',
    refreshRate: 60,
    timeScale,
    ...(maxDelta === undefined ? {} : { maxDelta }),
    onGap: (gap) => {
      gaps.push({ raw: gap.rawDeltaSeconds, clamped: gap.clampedSeconds });
      reportedLostSeconds += gap.rawDeltaSeconds - gap.clampedSeconds;
    },
  });
  const fixed = createFixedStep({ step: STEP, ...(overload ? { overload } : {}), ...(maxSteps ? { maxSteps } : {}) });
  const steps: number[] = [];
  const deltas: number[] = [];
  let last: FixedStepFrame = fixed.frame;
  scheduler.subscribe((frame) => {
    realSeconds += frame.rawDeltaSeconds;
    deltas.push(frame.deltaSeconds);
    last = fixed.advance(frame.elapsedSeconds * 1000);
    steps.push(last.steps);
  });
  const chain = {
    scheduler,
    fixed,
    steps,
    deltas,
    gaps,
    /** Run one frame at `timestampMs` and check the invariants. */
    frame(timestampMs: number): void {
      scheduler.advance(timestampMs);
      expect(allFinite(infoNumbers(scheduler.frame)), `FrameInfo at ${timestampMs}`).toBe(true);
      expect(allFinite(fixedFrameNumbers(last)), `FixedStepFrame at ${timestampMs}`).toBe(true);
      // simulated + dropped + pending = elapsed game time (the core's exact accounting)
      expect(Math.abs(accountingError(last, STEP))).toBeLessThan(1e-9);
      // pending dips below 0 only by the core's boundary tolerance (a step run a hair early)
      expect(last.pendingSeconds).toBeGreaterThanOrEqual(-(DEFAULT_BOUNDARY_TOLERANCE + 1e-6) * STEP);
      // the fixed step's game clock is the scheduler's
      expect(last.elapsedGameSeconds).toBeCloseTo(scheduler.frame.elapsedSeconds, 9);
      // real time = game time / timeScale + what onGap reported as clamped away
      expect(scheduler.frame.elapsedSeconds / timeScale + reportedLostSeconds).toBeCloseTo(realSeconds, 9);
    },
    get realSeconds() {
      return realSeconds;
    },
    get reportedLostSeconds() {
      return reportedLostSeconds;
    },
  };
  return chain;
}

describe('bad timestamps through the scheduler and a fixed step', () => {
  it.each([
    ['NaN', Number.NaN],
    ['+Infinity', Infinity],
    ['-Infinity', -Infinity],
  ])('a %s timestamp: the frame runs with delta 0 at the last valid timestamp; the next frame measures from that one', (_name, bad) => {
    const c = createChain();
    for (let k = 0; k <= 3; k++) c.frame(1000 + k * INTERVAL_MS);
    c.frame(bad);
    expect(c.scheduler.frame.deltaSeconds).toBe(0);
    expect(c.scheduler.frame.rawDeltaSeconds).toBe(0);
    expect(c.scheduler.frame.timestampMs).toBe(1000 + 3 * INTERVAL_MS);
    expect(c.scheduler.frame.frameIndex).toBe(4);
    expect(c.steps.at(-1)).toBe(0);
    c.frame(1000 + 4 * INTERVAL_MS);
    expect(c.scheduler.frame.rawDeltaSeconds).toBeCloseTo(1 / 60, 12);
    expect(c.fixed.frame.totalSteps).toBe(4);
    expect(c.gaps).toEqual([]);
  });

  it('negative and zero timestamps are ordinary times: a clock starting at −50 ms runs 1 step per 1/60 s through 0', () => {
    const c = createChain();
    const start = -50;
    for (let k = 0; k <= 7; k++) c.frame(start + k * INTERVAL_MS); // −50, −33.3, −16.7, 0 (to float), 16.7 …
    expect(c.steps).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
    expect(c.fixed.frame.totalSteps).toBe(7);
    const zeroStart = createChain();
    zeroStart.frame(0);
    zeroStart.frame(INTERVAL_MS);
    expect(zeroStart.scheduler.frame.rawDeltaSeconds).toBeCloseTo(1 / 60, 12);
    expect(zeroStart.fixed.frame.totalSteps).toBe(1);
  });

  it('a repeated timestamp: delta 0 and no step, however often it repeats', () => {
    const c = createChain();
    c.frame(500);
    c.frame(500 + INTERVAL_MS);
    for (let i = 0; i < 100; i++) c.frame(500 + INTERVAL_MS);
    expect(c.deltas.slice(2)).toEqual(new Array<number>(100).fill(0));
    expect(c.steps.slice(2)).toEqual(new Array<number>(100).fill(0));
    expect(c.fixed.frame.totalSteps).toBe(1);
    c.frame(500 + 2 * INTERVAL_MS);
    expect(c.fixed.frame.totalSteps).toBe(2);
  });

  it('a backwards timestamp: delta 0 (game time never runs backwards) and it becomes the new reference, as after a clock swap', () => {
    const c = createChain();
    c.frame(1000);
    c.frame(1000 + INTERVAL_MS);
    const before = c.scheduler.frame.elapsedSeconds;
    c.frame(400); // 616.7 ms back
    expect(c.scheduler.frame.deltaSeconds).toBe(0);
    expect(c.scheduler.frame.elapsedSeconds).toBe(before);
    expect(c.steps.at(-1)).toBe(0);
    c.frame(400 + INTERVAL_MS);
    expect(c.scheduler.frame.rawDeltaSeconds).toBeCloseTo(1 / 60, 12);
    expect(c.fixed.frame.totalSteps).toBe(2);
    expect(c.gaps).toEqual([]);
  });

  it("a one-hour gap: clamped to maxDelta (0.25 s) and the 3599.75 s reported to onGap; the fixed step runs 5 and reports 10 steps dropped", () => {
    const c = createChain();
    c.frame(0);
    c.frame(INTERVAL_MS);
    c.frame(INTERVAL_MS + 3_600_000);
    expect(c.gaps).toHaveLength(1);
    expect(c.gaps[0]!.raw).toBeCloseTo(3600, 9);
    expect(c.gaps[0]!.clamped).toBe(0.25);
    expect(c.reportedLostSeconds).toBeCloseTo(3599.75, 9);
    expect(c.scheduler.frame.deltaSeconds).toBe(0.25);
    // 0.25 s = 15 steps due: 5 run (maxSteps), 10 dropped and reported
    expect(c.fixed.frame.steps).toBe(5);
    expect(c.fixed.frame.droppedSeconds).toBeCloseTo(10 * STEP, 12);
    // the next frame is an ordinary one: no catch-up spiral
    c.frame(2 * INTERVAL_MS + 3_600_000);
    expect(c.fixed.frame.steps).toBe(1);
    expect(c.fixed.frame.droppedSeconds).toBe(0);
  });

  it("a single frame 10,000 intervals late in 'catch-up': 5 steps a frame until the debt is paid (5, 5, 5, 3), then 1 a frame", () => {
    const c = createChain({ overload: 'catch-up' });
    c.frame(0);
    c.frame(INTERVAL_MS);
    let t = INTERVAL_MS + 10_000 * INTERVAL_MS;
    c.frame(t);
    expect(c.gaps[0]!.raw).toBeCloseTo(10_000 / 60, 9);
    for (let i = 0; i < 6; i++) c.frame((t += INTERVAL_MS));
    // 15 steps due in the long frame, then 1 more each frame: 15 → run 5 (10 owed) → 11: 5 → 7: 5 → 3: 3 → 1 → 1 …
    expect(c.steps).toEqual([0, 1, 5, 5, 5, 3, 1, 1, 1]);
    expect(c.fixed.frame.totalDroppedSeconds).toBe(0);
  });

  it('a large timeScale and maxDelta: a 1 s clamp at 4× is 240 steps due, 5 run and 235 reported dropped', () => {
    const c = createChain({ maxDelta: 1, timeScale: 4 });
    c.frame(0);
    c.frame(5000);
    expect(c.gaps[0]).toEqual({ raw: 5, clamped: 1 });
    expect(c.fixed.frame.steps).toBe(5);
    expect(c.fixed.frame.droppedSeconds).toBeCloseTo(235 * STEP, 9);
  });

  it('a random mix of every bad timestamp keeps every invariant for 5,000 frames', () => {
    const c = createChain({ overload: 'catch-up' });
    let t = 0;
    let seed = 12345;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const r = next();
      if (r < 0.05) c.frame(Number.NaN);
      else if (r < 0.08) c.frame(r < 0.065 ? Infinity : -Infinity);
      else if (r < 0.12) c.frame(t); // repeat
      else if (r < 0.15) c.frame((t -= 200 * next())); // backwards: the new reference
      else if (r < 0.17) c.frame((t += 1000 + 10_000 * next())); // a long gap
      else c.frame((t += INTERVAL_MS * (0.5 + next())));
    }
    expect(c.scheduler.frame.frameIndex).toBe(4999);
    expect(c.gaps.length).toBeGreaterThan(50);
  });
});
