import { describe, expect, it } from 'vitest';
import { createFixedStep } from '../../src/core/fixedStep.js';
import { createSeededRandom } from '../../src/core/random.js';
import type { FixedStepFrame, FixedStepOptions, Interpolation } from '../../src/core/types.js';

const STEP = 1 / 60;

/** Frame n of an ideal display at `hz`, computed from n (never summed). */
const vblank = (n: number, hz: number): number => (n * 1000) / hz;

/**
 * Seed 001, listing 7's table for a 75 Hz display and a 1/60 s step, row i: the picture is
 * presented at next_swap_time = i × 0.8 dt; num = the smallest N with N·dt ≥ next_swap_time;
 * alpha = next_swap_time / dt − (num − 1). Integer arithmetic: i × 0.8 = 4i / 5.
 */
function listing7Row(i: number): { num: number; alpha: number } {
  const num = Math.ceil((4 * i) / 5);
  return { num, alpha: (4 * i) / 5 - (num - 1) };
}

function identityError(f: FixedStepFrame, step: number): number {
  return Math.abs(f.totalSteps * step + f.totalDroppedSeconds + f.pendingSeconds - f.elapsedGameSeconds);
}

describe('createFixedStep: listing 7 (predicted) and listing 4 (ahead) at 75 Hz', () => {
  it('the row formula reproduces the table printed in the seed', () => {
    // The seed prints rows 0–3: num 0, 1, 2, 3 and alpha 1.0, 0.8, 0.6, 0.4.
    expect([0, 1, 2, 3].map((i) => listing7Row(i).num)).toEqual([0, 1, 2, 3]);
    [1.0, 0.8, 0.6, 0.4].forEach((alpha, i) => expect(listing7Row(i).alpha).toBeCloseTo(alpha, 12));
  });

  it("'predicted' with the presents passed: frame n shows table row n + 1 for 1000 frames", () => {
    // The picture drawn at vblank n is presented at vblank n + 1, the table's next_swap_time.
    const fixed = createFixedStep({ step: STEP, interpolation: 'predicted' });
    const alphas: number[] = [];
    for (let n = 0; n < 1000; n++) {
      const f = fixed.advance(vblank(n, 75), vblank(n + 1, 75));
      const row = listing7Row(n + 1);
      expect(f.totalSteps).toBe(row.num);
      expect(Math.abs(f.alpha - row.alpha)).toBeLessThan(1e-9);
      alphas.push(f.alpha);
    }
    // The repeating pattern the seed describes: 0.8, 0.6, 0.4, 0.2, 1.0, …
    [0.8, 0.6, 0.4, 0.2, 1.0, 0.8].forEach((a, i) => expect(alphas[i]).toBeCloseTo(a, 9));
  });

  it("'predicted' with the default prediction (now + last interval): row 0, then rows n + 1", () => {
    // Frame 0 knows no interval, so it aims at time zero (row 0). From frame 1 the last interval
    // (13.3 ms) predicts the next vblank exactly, as in the run above. Listing 7's own code does
    // the same: its second pass predicts 1.6 dt (the table's row 1 at 0.8 dt needs an interval
    // before any was measured).
    const fixed = createFixedStep({ step: STEP, interpolation: 'predicted' });
    const seen: number[] = [];
    for (let n = 0; n < 1000; n++) {
      const f = fixed.advance(vblank(n, 75));
      const row = listing7Row(n === 0 ? 0 : n + 1);
      expect(f.totalSteps).toBe(row.num);
      expect(Math.abs(f.alpha - row.alpha)).toBeLessThan(1e-9);
      expect(identityError(f, STEP)).toBeLessThan(1e-9);
      if (n < 7) seen.push(f.totalSteps);
    }
    expect(seen).toEqual([0, 2, 3, 4, 4, 5, 6]);
  });

  it("'ahead' (listing 4) at 75 Hz: frame n is table row n, picture time = game time, 4 steps per 5 frames", () => {
    const fixed = createFixedStep({ step: STEP, interpolation: 'ahead' });
    const steps: number[] = [];
    for (let n = 0; n < 1000; n++) {
      const f = fixed.advance(vblank(n, 75));
      const row = listing7Row(n);
      expect(f.totalSteps).toBe(row.num);
      expect(Math.abs(f.alpha - row.alpha)).toBeLessThan(1e-9);
      expect(Math.abs(f.pictureTime - f.elapsedGameSeconds)).toBeLessThan(1e-12);
      expect(f.pendingSeconds).toBeLessThanOrEqual(1e-12); // the state runs ahead of the clock
      steps.push(f.steps);
    }
    for (let w = 1; w + 5 <= 1000; w += 5) {
      expect(steps.slice(w, w + 5).reduce((a, b) => a + b, 0)).toBe(4);
    }
    expect(steps.slice(0, 11)).toEqual([0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0]);
  });

  it("'none' at 75 Hz: one picture in five repeats the previous one", () => {
    const fixed = createFixedStep({ step: STEP, interpolation: 'none' });
    let previous = fixed.advance(0).pictureTime;
    let repeats = 0;
    for (let n = 1; n <= 1000; n++) {
      const f = fixed.advance(vblank(n, 75));
      expect(f.alpha).toBe(1);
      expect(f.pictureTime).toBeCloseTo(f.totalSteps * STEP, 12);
      // floor(0.8 n) = floor(0.8 (n − 1)) exactly when n ≡ 1 (mod 5).
      const repeated = f.pictureTime === previous;
      expect(repeated).toBe(n % 5 === 1);
      if (repeated) repeats++;
      previous = f.pictureTime;
    }
    expect(repeats).toBe(200);
  });
});

describe('createFixedStep: integer step counting', () => {
  it("'previous' at exact 60 Hz timestamps runs exactly one step every frame for one hour", () => {
    const fixed = createFixedStep({ step: STEP });
    expect(fixed.advance(0).steps).toBe(0);
    const frames = 60 * 3600;
    let notOne = 0;
    let f: FixedStepFrame = fixed.frame;
    for (let n = 1; n <= frames; n++) {
      f = fixed.advance(vblank(n, 60));
      if (f.steps !== 1 || f.alpha !== 0) notOne++;
    }
    expect(notOne).toBe(0);
    expect(f.totalSteps).toBe(frames);
    expect(f.pictureTime).toBeCloseTo((frames - 1) * STEP, 9); // one step behind the clock
  });

  it('a 1/60 s step on a 55 Hz display runs 1 or 2 steps a frame, never 0 or 3 (50 × 1, 5 × 2 per second)', () => {
    const fixed = createFixedStep({ step: STEP });
    fixed.advance(0);
    const counts = [0, 0, 0, 0];
    for (let n = 1; n <= 55; n++) counts[fixed.advance(vblank(n, 55)).steps]!++;
    // At exactly 1 s (r = 60) the last offset was 0.91, within twice the boundary tolerance of
    // "one late" (1.0): the 60th step waits a frame, so 51 × 1 and 4 × 2 in this window.
    expect(counts).toEqual([0, 51, 4, 0]);
    expect(fixed.frame.totalSteps).toBe(59);
    expect(fixed.frame.alpha).toBe(1); // the picture still shows game time G − step exactly
    // Without the tolerance: plain floor, 50 × 1 and 5 × 2.
    const plain = createFixedStep({ step: STEP, boundaryTolerance: 0 });
    plain.advance(0);
    const plainCounts = [0, 0, 0, 0];
    for (let n = 1; n <= 55; n++) plainCounts[plain.advance(vblank(n, 55)).steps]!++;
    expect(plainCounts).toEqual([0, 50, 5, 0]);
    expect(plain.frame.totalSteps).toBe(60);
  });
});

const MODES: readonly Interpolation[] = ['none', 'previous', 'ahead', 'predicted'];

/**
 * A 60 Hz display and a 1/60 s step for `seconds`: frame 0 (time zero) on a vblank, every later
 * timestamp up to ±`jitterMs` off its vblank (seeded). 'predicted' gets now + one vblank as the
 * present, as `useFixedTimestep` passes it. Counts frames 2, 3, … by steps run; frame 1 apart.
 */
function jitterRun(interpolation: Interpolation, jitterMs: number, boundaryTolerance?: number, seconds = 600) {
  const random = createSeededRandom(60_001);
  const options: FixedStepOptions = { step: STEP, interpolation };
  if (boundaryTolerance !== undefined) options.boundaryTolerance = boundaryTolerance;
  const fixed = createFixedStep(options);
  const counts = [0, 0, 0, 0];
  let firstSteps = 0;
  const intervalMs = 1000 / 60;
  let maxLeadMs = 0;
  for (let n = 0; n <= 60 * seconds; n++) {
    const nowMs = 5000 + vblank(n, 60) + (n === 0 ? 0 : random.range(-jitterMs, jitterMs));
    const f = fixed.advance(nowMs, nowMs + intervalMs);
    if (n === 1) firstSteps = f.steps;
    if (n > 1) counts[Math.min(f.steps, 3)]!++;
    // How far the picture leads the game time it should show: the clock − 1 step ('previous'),
    // the clock ('ahead'), the present ('predicted').
    const shownSeconds =
      f.elapsedGameSeconds + (interpolation === 'predicted' ? intervalMs / 1000 : interpolation === 'previous' ? -STEP : 0);
    if (interpolation !== 'none') maxLeadMs = Math.max(maxLeadMs, (f.pictureTime - shownSeconds) * 1000);
  }
  return { zero: counts[0]!, one: counts[1]!, two: counts[2]!, more: counts[3]!, frames: 60 * seconds - 1, firstSteps, maxLeadMs };
}

describe('createFixedStep: boundaryTolerance (a display at the step rate with jittery timestamps)', () => {
  it.each(MODES)("'%s': ±1 ms for 10 minutes at tolerance 0.075 runs exactly one step every frame", (mode) => {
    // 1 ms is 0.06 of a 1/60 s step: above the default 0.05, inside 0.075.
    const r = jitterRun(mode, 1, 0.075);
    expect([r.zero, r.two, r.more]).toEqual([0, 0, 0]);
    expect(r.one).toBe(r.frames);
    // Frame 1: 'ahead'/'predicted' aim at ceil, and time zero sits exactly on a boundary (ceil 0
    // = 0) while every jittered frame after it counts past its boundary: if frame 1 is early, it
    // runs 2 once. The floor modes have no such corner.
    if (mode === 'ahead' || mode === 'predicted') expect([1, 2]).toContain(r.firstSteps);
    else expect(r.firstSteps).toBe(1);
    // The price: a step run early puts the picture at most tolerance × step ahead of its target.
    expect(r.maxLeadMs).toBeLessThanOrEqual(0.075 * (1000 / 60) + 1e-9);
  });

  it.each(MODES)("'%s': ±0.8 ms (0.048 step) at the default tolerance 0.05 runs exactly one step every frame", (mode) => {
    const r = jitterRun(mode, 0.8);
    expect([r.zero, r.two, r.more]).toEqual([0, 0, 0]);
    expect(r.one).toBe(r.frames);
    expect(r.maxLeadMs).toBeLessThanOrEqual(0.05 * (1000 / 60) + 1e-9);
  });

  it.each(MODES)("'%s': tolerance 0 is plain floor/ceil: the 0/2 pattern is back", (mode) => {
    const r = jitterRun(mode, 1, 0);
    // Jitter straddles the boundary: about every other frame lands on the other side of it.
    expect(r.zero).toBeGreaterThan(r.frames / 5);
    expect(Math.abs(r.two - r.zero)).toBeLessThanOrEqual(1);
    expect(r.more).toBe(0);
  });

  it.each([75, 144, 120, 59.94])('exact %s Hz timestamps: every mode runs the same steps with and without the tolerance', (hz) => {
    for (const mode of MODES) {
      const plain = createFixedStep({ step: STEP, interpolation: mode, boundaryTolerance: 0 });
      const tolerant = createFixedStep({ step: STEP, interpolation: mode });
      let different = 0;
      for (let n = 0; n < 2000; n++) {
        const a = plain.advance(vblank(n, hz), vblank(n + 1, hz));
        const b = tolerant.advance(vblank(n, hz), vblank(n + 1, hz));
        // At 59.94 Hz the boundary drifts by; the tolerance may move the one crossing a few frames.
        if (a.totalSteps !== b.totalSteps) different++;
        else expect(Math.abs(a.alpha - b.alpha)).toBeLessThan(1e-12);
      }
      if (hz === 59.94) expect(different).toBeLessThanOrEqual(2 * 0.05 * 1000);
      else expect(different).toBe(0);
    }
  });

  it("'ahead' lets a step that is a hair past due wait a frame (alpha 1); tolerance 0 runs it", () => {
    // For ceil the count jumps when r passes a whole number, so the tolerance is on that side.
    // r = 1 exactly (offset 0) first, so the loop sits on the boundary; then r = 2.03.
    const late = createFixedStep({ step: STEP, interpolation: 'ahead' });
    late.advance(0);
    late.advance(1000 / 60);
    const f = late.advance(2 * (1000 / 60) + 0.5); // ceil is 3, but one late (offset 0.03) is nearer 0
    expect(f.totalSteps).toBe(2);
    expect(f.alpha).toBe(1);
    expect(f.elapsedGameSeconds - f.pictureTime).toBeCloseTo(0.5 / 1000, 12); // lags by 0.03 step
    const plain = createFixedStep({ step: STEP, interpolation: 'ahead', boundaryTolerance: 0 });
    plain.advance(0);
    plain.advance(1000 / 60);
    const g = plain.advance(2 * (1000 / 60) + 0.5);
    expect(g.totalSteps).toBe(3);
    expect(g.alpha).toBeCloseTo(0.03, 9);
  });

  it("'previous' runs a step that is a hair short of due (alpha 0, pending below 0); tolerance 0 waits", () => {
    // r = 1 exactly first (offset 0), then 1.97: one early (offset −0.03) is nearer 0 than 0.97.
    const early = createFixedStep({ step: STEP });
    early.advance(0);
    early.advance(1000 / 60);
    const f = early.advance(2 * (1000 / 60) - 0.5);
    expect(f.totalSteps).toBe(2);
    expect(f.alpha).toBe(0);
    expect(f.pendingSeconds).toBeCloseTo(-0.5 / 1000, 12);
    const plain = createFixedStep({ step: STEP, boundaryTolerance: 0 });
    plain.advance(0);
    plain.advance(1000 / 60);
    const g = plain.advance(2 * (1000 / 60) - 0.5);
    expect(g.totalSteps).toBe(1);
    expect(g.alpha).toBeCloseTo(0.97, 9);
  });

  it('within the tolerance the count keeps to the side of the boundary it was on', () => {
    // 'previous' (floor). r at 1.5 (offset 0.5), then 2.97: one early would give offset −0.03,
    // plain 0.97; 0.97 is nearer 0.5, so it waits (2).
    const fixed = createFixedStep({ step: STEP });
    fixed.advance(0);
    expect(fixed.advance(1.5 * (1000 / 60)).totalSteps).toBe(1);
    expect(fixed.advance(2.97 * (1000 / 60)).totalSteps).toBe(2);
    // r at 3.0 exactly: plain floor gives offset 0, one late gives 1.0, nearer last frame's 0.97:
    // the count stays on the late side of the boundary (2) …
    expect(fixed.advance(3 * (1000 / 60)).totalSteps).toBe(2);
    // … and keeps to it while r jitters about the boundaries: 3.97 (offset 0.97) and 5.02 (one
    // late: 1.02) run one step each.
    expect(fixed.advance(3.97 * (1000 / 60)).steps).toBe(1);
    expect(fixed.advance(5.02 * (1000 / 60)).steps).toBe(1);
    expect(fixed.frame.totalSteps).toBe(4);
    // From r at 6.0 exactly with a fresh history (offset 0), 6.97 runs one early: −0.03 is nearer 0.
    const other = createFixedStep({ step: STEP });
    other.advance(0);
    expect(other.advance(6 * (1000 / 60)).totalSteps).toBe(5); // 5 of the 6 due: maxSteps
    expect(other.advance(7 * (1000 / 60)).totalSteps).toBe(6);
    expect(other.advance(7.97 * (1000 / 60)).totalSteps).toBe(7);
    expect(other.frame.alpha).toBe(0);
  });
});

describe('createFixedStep: overload after a 1 s hitch (maxSteps 5)', () => {
  function hitchRun(overload: FixedStepOptions['overload']) {
    const fixed = createFixedStep({ step: STEP, maxSteps: 5, overload });
    for (let n = 0; n <= 60; n++) fixed.advance(vblank(n, 60));
    const before = fixed.frame.totalSteps;
    // Frame 61 is missing: the next frame comes one second (60 steps) after frame 60.
    const hitchAt = vblank(60, 60) + 1000;
    return { fixed, before, hitchAt };
  }

  it("'slow-motion' runs 5, drops exactly 55 steps' worth and reports it, then runs 1 a frame", () => {
    const { fixed, before, hitchAt } = hitchRun('slow-motion');
    const f = fixed.advance(hitchAt);
    expect(f.steps).toBe(5);
    expect(f.droppedSeconds).toBeCloseTo(55 * STEP, 12);
    expect(f.totalDroppedSeconds).toBeCloseTo(55 * STEP, 12);
    expect(f.totalSteps).toBe(before + 5);
    expect(identityError(f, STEP)).toBeLessThan(1e-9);
    for (let k = 1; k <= 120; k++) {
      const g = fixed.advance(hitchAt + vblank(k, 60));
      expect(g.steps).toBe(1);
      expect(g.droppedSeconds).toBe(0);
      expect(g.totalDroppedSeconds).toBeCloseTo(55 * STEP, 12);
      expect(identityError(g, STEP)).toBeLessThan(1e-9);
    }
  });

  it("'predicted' does not take the hitch as the next frame interval (no double drop, no freeze)", () => {
    const { fixed, hitchAt } = hitchRun('slow-motion');
    fixed.setInterpolation('predicted');
    for (let n = 61; n <= 120; n++) fixed.advance(vblank(n, 60));
    const hitch = hitchAt + 1000;
    expect(fixed.advance(hitch).droppedSeconds).toBeCloseTo(55 * STEP, 12);
    for (let k = 1; k <= 60; k++) {
      const f = fixed.advance(hitch + vblank(k, 60));
      expect(f.steps).toBe(1);
      expect(f.alpha).toBeCloseTo(1, 9);
    }
    expect(fixed.frame.totalDroppedSeconds).toBeCloseTo(55 * STEP, 12);
  });

  it("'catch-up' keeps the debt and runs 5 a frame until back on time, alpha 1 meanwhile", () => {
    const { fixed, before, hitchAt } = hitchRun('catch-up');
    const perFrame: number[] = [fixed.advance(hitchAt).steps];
    expect(fixed.frame.droppedSeconds).toBe(0);
    expect(fixed.frame.alpha).toBe(1);
    expect(fixed.frame.pendingSeconds).toBeCloseTo(55 * STEP, 12);
    for (let k = 1; k <= 40; k++) {
      const f = fixed.advance(hitchAt + vblank(k, 60));
      perFrame.push(f.steps);
      if (f.pendingSeconds > STEP) expect(f.alpha).toBe(1);
      expect(f.totalDroppedSeconds).toBe(0);
      expect(identityError(f, STEP)).toBeLessThan(1e-9);
    }
    // 55 owed, each frame adds 1 and runs 5 (pays 4): 14 frames of 5 (hitch frame included),
    // then 4 to finish, then one a frame.
    const fives = perFrame.findIndex((s) => s !== 5);
    expect(fives).toBe(14);
    expect(perFrame[14]).toBe(4);
    expect(perFrame.slice(15).every((s) => s === 1)).toBe(true);
    expect(fixed.frame.totalSteps).toBe(before + 60 + 40);
  });
});

describe('createFixedStep: time scale, pause, stepOnce', () => {
  it('timeScale 0.5 halves the steps', () => {
    const fixed = createFixedStep({ step: STEP, timeScale: 0.5 });
    fixed.advance(0);
    for (let n = 1; n <= 600; n++) fixed.advance(vblank(n, 60));
    expect(fixed.frame.totalSteps).toBe(300);
    expect(fixed.frame.elapsedGameSeconds).toBeCloseTo(5, 12);
  });

  it('setTimeScale applies from that moment, not retroactively', () => {
    const fixed = createFixedStep({ step: STEP });
    for (let n = 0; n <= 60; n++) fixed.advance(vblank(n, 60));
    fixed.setTimeScale(2);
    expect(fixed.timeScale).toBe(2);
    for (let n = 61; n <= 120; n++) fixed.advance(vblank(n, 60));
    // 60 steps in the first second, 120 in the second.
    expect(fixed.frame.totalSteps).toBe(180);
    expect(fixed.frame.elapsedGameSeconds).toBeCloseTo(3, 12);
  });

  it('no steps while paused, no burst after resume', () => {
    const fixed = createFixedStep({ step: STEP, maxSteps: 100 });
    for (let n = 0; n <= 60; n++) fixed.advance(vblank(n, 60));
    const alphaAtPause = fixed.frame.alpha;
    fixed.pause();
    expect(fixed.paused).toBe(true);
    for (let n = 61; n <= 360; n++) {
      const f = fixed.advance(vblank(n, 60));
      expect(f.steps).toBe(0);
      expect(f.alpha).toBe(alphaAtPause);
    }
    expect(fixed.frame.totalSteps).toBe(60);
    fixed.resume();
    expect(fixed.paused).toBe(false);
    for (let n = 361; n <= 420; n++) expect(fixed.advance(vblank(n, 60)).steps).toBe(n === 361 ? 0 : 1);
    expect(fixed.frame.totalSteps).toBe(119);
  });

  it('pause and resume at explicit timestamps', () => {
    const fixed = createFixedStep({ step: STEP, interpolation: 'none', maxSteps: 100 });
    fixed.advance(1000);
    fixed.pause(1500);
    // Game time stops at 1500 (0.5 s = 30 steps), but nothing runs while paused: the steps owed
    // up to the pause run after resume.
    const paused = fixed.advance(2000);
    expect(paused.steps).toBe(0);
    expect(paused.elapsedGameSeconds).toBeCloseTo(0.5, 12);
    expect(paused.pendingSeconds).toBeCloseTo(0.5, 12);
    fixed.resume(3000);
    const resumed = fixed.advance(3500); // 0.5 s before the pause + 0.5 s after the resume
    expect(resumed.steps).toBe(60);
    expect(resumed.elapsedGameSeconds).toBeCloseTo(1, 12);
  });

  it('stepOnce runs exactly one step while paused and nothing when running', () => {
    const fixed = createFixedStep({ step: STEP });
    for (let n = 0; n <= 10; n++) fixed.advance(vblank(n, 60));
    fixed.stepOnce();
    expect(fixed.advance(vblank(11, 60)).steps).toBe(1);
    fixed.pause();
    fixed.stepOnce();
    fixed.stepOnce();
    const before = fixed.frame.elapsedGameSeconds;
    expect(fixed.advance(vblank(12, 60)).steps).toBe(1);
    expect(fixed.frame.elapsedGameSeconds - before).toBeCloseTo(STEP, 12);
    expect(fixed.advance(vblank(13, 60)).steps).toBe(0);
    // A repeated timestamp still honours an explicit step.
    fixed.stepOnce();
    expect(fixed.advance(vblank(13, 60)).steps).toBe(1);
    expect(fixed.frame.totalSteps).toBe(13);
  });
});

describe('createFixedStep: bad samples, reset, identity of the result', () => {
  it('returns the same frame object every call', () => {
    const fixed = createFixedStep({ step: STEP });
    const first = fixed.advance(0);
    expect(fixed.advance(16)).toBe(first);
    expect(fixed.advance(Number.NaN)).toBe(first);
    expect(fixed.frame).toBe(first);
    fixed.reset();
    expect(fixed.advance(5)).toBe(first);
  });

  it('ignores NaN and ±Infinity: previous frame with steps 0 and droppedSeconds 0', () => {
    const fixed = createFixedStep({ step: STEP, maxSteps: 1 });
    fixed.advance(0);
    const f = fixed.advance(100);
    expect(f.droppedSeconds).toBeGreaterThan(0);
    const snapshot = { ...f };
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const g = fixed.advance(bad);
      expect(g.steps).toBe(0);
      expect(g.droppedSeconds).toBe(0);
      expect(g.totalSteps).toBe(snapshot.totalSteps);
      expect(g.elapsedGameSeconds).toBe(snapshot.elapsedGameSeconds);
    }
    expect(fixed.advance(100 + 1000 / 60).steps).toBe(1);
  });

  it('a repeated or backwards timestamp counts as no time passing', () => {
    const fixed = createFixedStep({ step: STEP, maxSteps: 2, overload: 'catch-up' });
    fixed.advance(0);
    fixed.advance(1000); // 60 due, 2 run: catch-up debt
    const total = fixed.frame.totalSteps;
    expect(fixed.advance(1000).steps).toBe(0);
    expect(fixed.advance(500).steps).toBe(0);
    expect(fixed.frame.totalSteps).toBe(total);
    // Time resumes from the latest timestamp seen, not from the backwards one.
    fixed.advance(1000 + 1000 / 60);
    expect(fixed.frame.elapsedGameSeconds).toBeCloseTo(61 / 60, 12);
  });

  it('reset makes the next advance time zero again, keeping the settings', () => {
    const fixed = createFixedStep({ step: STEP, interpolation: 'ahead', timeScale: 2 });
    fixed.advance(0);
    fixed.advance(500);
    fixed.reset();
    expect(fixed.frame.totalSteps).toBe(0);
    const f = fixed.advance(10_000);
    expect(f.totalSteps).toBe(0);
    expect(f.elapsedGameSeconds).toBe(0);
    expect(fixed.advance(10_000 + 1000 / 120).totalSteps).toBe(1);
    expect(fixed.timeScale).toBe(2);
    expect(fixed.interpolation).toBe('ahead');
  });

  it('setInterpolation changes the mode from the next advance', () => {
    const fixed = createFixedStep({ step: STEP, interpolation: 'none' });
    fixed.advance(0);
    expect(fixed.advance(25).alpha).toBe(1);
    fixed.setInterpolation('previous');
    expect(fixed.interpolation).toBe('previous');
    expect(fixed.frame.alpha).toBe(1);
    // 30 ms = 1.8 steps: one step run, alpha 0.8.
    expect(fixed.advance(30).alpha).toBeCloseTo(0.8, 9);
    expect(() => fixed.setInterpolation('later' as never)).toThrow(/interpolation/);
  });

  it('defaults: maxSteps 5, slow-motion, previous, timeScale 1', () => {
    const fixed = createFixedStep({ step: STEP });
    expect(fixed.interpolation).toBe('previous');
    expect(fixed.timeScale).toBe(1);
    expect(fixed.step).toBe(STEP);
    expect(fixed.paused).toBe(false);
    fixed.advance(0);
    const f = fixed.advance(1000);
    expect(f.steps).toBe(5);
    expect(f.droppedSeconds).toBeCloseTo(55 * STEP, 12);
  });
});

describe('createFixedStep: option validation', () => {
  const bad: [string, unknown][] = [
    ['step', 0],
    ['step', -1 / 60],
    ['step', Number.NaN],
    ['step', Number.POSITIVE_INFINITY],
    ['step', '1/60'],
    ['step', undefined],
    ['maxSteps', 0],
    ['maxSteps', -1],
    ['maxSteps', 2.5],
    ['maxSteps', Number.NaN],
    ['maxSteps', Number.POSITIVE_INFINITY],
    ['maxSteps', '5'],
    ['overload', 'drop'],
    ['overload', 1],
    ['interpolation', 'linear'],
    ['interpolation', null],
    ['timeScale', 0],
    ['timeScale', -1],
    ['timeScale', Number.NaN],
    ['timeScale', Number.POSITIVE_INFINITY],
    ['timeScale', '2'],
    ['boundaryTolerance', -0.01],
    ['boundaryTolerance', 0.5],
    ['boundaryTolerance', 1],
    ['boundaryTolerance', Number.NaN],
    ['boundaryTolerance', Number.POSITIVE_INFINITY],
    ['boundaryTolerance', '0.05'],
  ];
  it.each(bad)('rejects %s = %s with a RangeError naming it', (name, value) => {
    const options = { step: STEP, [name]: value } as unknown as FixedStepOptions;
    expect(() => createFixedStep(options)).toThrow(RangeError);
    expect(() => createFixedStep(options)).toThrow(new RegExp(`\`${name}\``));
  });

  it('accepts boundaryTolerance 0 and 0.49', () => {
    expect(createFixedStep({ step: STEP, boundaryTolerance: 0 }).step).toBe(STEP);
    expect(createFixedStep({ step: STEP, boundaryTolerance: 0.49 }).step).toBe(STEP);
  });

  it('rejects a missing options object and a bad setTimeScale', () => {
    expect(() => createFixedStep(undefined as unknown as FixedStepOptions)).toThrow(RangeError);
    const fixed = createFixedStep({ step: STEP });
    expect(() => fixed.setTimeScale(0)).toThrow(/timeScale/);
    expect(() => fixed.setTimeScale(Number.NaN)).toThrow(RangeError);
    expect(fixed.timeScale).toBe(1);
  });
});
