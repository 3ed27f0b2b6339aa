// A soak: 24 hours at 144 Hz with ±1 ms of seeded jitter (12,441,600 frames), through the
// scheduler (a manual display, one vblank per call) with a fixed step subscribed to it the way
// useFixedTimestep does (fed `frame.elapsedSeconds × 1000`). No wall-clock assertions: the run
// time is only printed.
import { describe, expect, it } from 'vitest';
import { createFixedStep, DEFAULT_BOUNDARY_TOLERANCE, FIXED_STEP_SNAP_STEPS } from '../../src/core/fixedStep.js';
import type { FixedStepFrame } from '../../src/core/types.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import type { FrameInfo } from '../../src/scheduler/types.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { exposeGc, retainedHeapBytes } from '../alloc/gc.js';

const DISPLAY_HZ = 144;
const HOURS = 24;
const FRAMES = HOURS * 3600 * DISPLAY_HZ;
const STEP = 1 / 60;
const STEP_MS = STEP * 1000;
const CHECKPOINTS = 24;

describe('soak: 24 h at 144 Hz with ±1 ms jitter, scheduler → fixed step', () => {
  it('counts every step, accounts for every second, allocates no per-frame objects and keeps the heap flat', () => {
    const source = createManualFrameSource({ refreshRate: DISPLAY_HZ, jitterMs: 1, seed: 20240601 });
    let gaps = 0;
    let errors = 0;
    const scheduler = createFrameScheduler({ source, onGap: () => void gaps++, onError: () => void errors++ });
    const fixed = createFixedStep({ step: STEP });

    // Per-frame checks are counters (an expect per frame would dominate the run time).
    let firstInfo: FrameInfo | null = null;
    let firstDecision: FixedStepFrame | null = null;
    let otherInfoObjects = 0;
    let otherDecisionObjects = 0;
    let nonFinite = 0;
    let moreThanOneStep = 0;
    let behind = 0; // steps + dropped < floor(r): a step lost
    let ahead = 0; // steps + dropped > floor(r) + 1, or one early while r is not within the tolerance
    let early = 0; // steps + dropped = floor(r) + 1: allowed within the core's boundary tolerance
    let stepsRun = 0;
    // [0]: the last game time fed, ms. A typed array keeps it unboxed: a double in a closure
    // variable is re-allocated on every write, which would be this test's own per-frame garbage.
    // [1]: the first frame's timestamp, ms (time zero of the loop).
    const fed = new Float64Array(2);

    scheduler.subscribe((frame) => {
      if (firstInfo === null) {
        firstInfo = frame;
        fed[1] = frame.timestampMs;
      } else if (frame !== firstInfo) otherInfoObjects++;
      const fedMs = frame.elapsedSeconds * 1000;
      fed[0] = fedMs;
      const d = fixed.advance(fedMs);
      if (firstDecision === null) firstDecision = d;
      else if (d !== firstDecision) otherDecisionObjects++;
      if (!Number.isFinite(frame.deltaSeconds) || !Number.isFinite(d.alpha) || !Number.isFinite(d.pendingSeconds)) nonFinite++;
      if (d.steps > 1) moreThanOneStep++;
      stepsRun += d.steps;
      // The core's counting rule: r = game ms / step ms, float noise within FIXED_STEP_SNAP_STEPS of a
      // whole number snapped, then floored ('previous').
      const r = fedMs / STEP_MS;
      const whole = Math.round(r);
      const due = Math.floor(Math.abs(r - whole) <= FIXED_STEP_SNAP_STEPS ? whole : r);
      const counted = d.totalSteps + Math.round(d.totalDroppedSeconds / STEP);
      if (counted < due) behind++;
      else if (counted === due + 1) {
        early++;
        // The core may run a step early only when r is within DEFAULT_BOUNDARY_TOLERANCE (0.05
        // step) of the boundary, so that jitter at the step rate gives one step a frame.
        if (due + 1 - r > DEFAULT_BOUNDARY_TOLERANCE + 2 * FIXED_STEP_SNAP_STEPS) ahead++;
      } else if (counted > due + 1) ahead++;
    });

    const gc = exposeGc();
    const heapMb: number[] = [];
    const at: Array<{ frame: number; elapsed: number; real: number; totalSteps: number; due: number; accounting: number }> = [];
    const per = FRAMES / CHECKPOINTS;
    const started = performance.now();
    for (let c = 0; c < CHECKPOINTS; c++) {
      for (let i = 0; i < per; i++) source.advanceFrames(1);
      const f = fixed.frame;
      at.push({
        frame: source.frameCount,
        elapsed: scheduler.frame.elapsedSeconds,
        real: (source.timestampMs - fed[1]!) / 1000,
        totalSteps: f.totalSteps,
        due: Math.floor(fed[0]! / STEP_MS + FIXED_STEP_SNAP_STEPS),
        accounting: f.totalSteps * STEP + f.totalDroppedSeconds + f.pendingSeconds - f.elapsedGameSeconds,
      });
      heapMb.push((gc ? retainedHeapBytes(gc) : process.memoryUsage().heapUsed) / 2 ** 20);
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `soak: ${FRAMES.toLocaleString('en')} frames (${HOURS} h at ${DISPLAY_HZ} Hz) in ${seconds.toFixed(1)} s = ` +
        `${Math.round(FRAMES / seconds).toLocaleString('en')} frames/s; ${gc ? 'retained heap (after gc)' : 'heap (no gc available)'} MB at checkpoints ${heapMb.map((m) => m.toFixed(1)).join(' ')}; ` +
        `steps one ahead within the boundary tolerance: ${early}; scheduler clock − display clock after 24 h: ${(at[at.length - 1]!.elapsed - at[at.length - 1]!.real).toExponential(2)} s`,
    );

    expect(source.frameCount).toBe(FRAMES);
    expect(scheduler.frame.frameIndex).toBe(FRAMES - 1);
    // One FrameInfo and one FixedStepFrame object for the whole day: nothing allocated per frame.
    expect(otherInfoObjects).toBe(0);
    expect(otherDecisionObjects).toBe(0);
    expect(nonFinite).toBe(0);
    // 144 Hz frames are 5.9–7.9 ms: never two 16.7 ms steps in one, never a gap, never a drop.
    expect(moreThanOneStep).toBe(0);
    expect(gaps).toBe(0);
    expect(errors).toBe(0);
    expect(fixed.frame.totalDroppedSeconds).toBe(0);
    // Every frame: no step lost; at most one step early, and only within the boundary tolerance.
    expect(behind).toBe(0);
    expect(ahead).toBe(0);
    expect(stepsRun).toBe(fixed.frame.totalSteps);
    for (const p of at) {
      // simulated + dropped + pending = elapsed × timeScale (timeScale 1), to 1e-6 s
      expect(Math.abs(p.accounting)).toBeLessThan(1e-6);
      expect(p.totalSteps - p.due === 0 || p.totalSteps - p.due === 1).toBe(true);
      // the scheduler's game clock (a compensated sum of deltas) against the display's timestamps
      expect(Math.abs(p.elapsed - p.real)).toBeLessThan(1e-9);
    }
    // 24 h of 1/60 s steps, give or take the last frame's jitter and boundary: 5,184,000 ± 1.
    expect(Math.abs(fixed.frame.totalSteps - HOURS * 3600 * 60)).toBeLessThanOrEqual(1);
    if (gc) {
      // Heap flat: what is still reachable after a full collection does not grow from the first
      // hour to the last by more than 1 MB (a leak of one 16-byte object per frame would be 190 MB).
      expect(heapMb[CHECKPOINTS - 1]! - heapMb[0]!).toBeLessThan(1);
    } else {
      // Without gc: the second half grows no more than the first half plus a generous 16 MB.
      const mid = Math.floor(CHECKPOINTS / 2);
      expect(heapMb[CHECKPOINTS - 1]! - heapMb[mid - 1]!).toBeLessThan(Math.max(heapMb[mid - 1]! - heapMb[0]!, 0) + 16);
    }
    // The loop is still alive and owes exactly one pending request.
    expect(scheduler.subscriberCount).toBe(1);
    expect(source.pendingCount).toBe(1);
    expect(scheduler.refreshRate.refreshRate).toBe(DISPLAY_HZ);
    // 20 s alone; 90 s in a CI run with both cores busy, too near the 120 s it had.
  }, 360_000);
});
