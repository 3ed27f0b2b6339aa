/**
 * One frame of the fixed step (Peter Sundqvist, "Timestepping"): steps counted as integers from time
 * zero (`r = gameTime / step`, never a float sum: no drift after 24 h), run, dropped, and alpha.
 * Numbers travel in the state's fields, not arguments (docs/performance.md). @internal
 */
import { countIntervals, resetVblankCounter, type VblankCounter } from './counting.js';
import { startClock, tickClock, type GameClock } from './fixedStepClock.js';
import type { FixedStepFrame, Interpolation } from './types.js';

/** Step counts this close to a whole number are that number: float noise (n − 1e-15) must not give 0 steps then 2. */
export const FIXED_STEP_SNAP_STEPS = 1e-7;

/** A fixed step's state: settings, the game clock, counts and the per-frame memory. */
export interface FixedStepState {
  readonly clock: GameClock;
  readonly frame: FixedStepFrame;
  step: number;
  stepMs: number;
  maxSteps: number;
  slowMotion: boolean;
  interpolation: Interpolation;
  /** Boundary tolerance plus the float-noise margin, in steps (0: none). */
  toleranceSteps: number;
  /** The frame's predicted present, ms (NaN: none), read by 'predicted'. */
  predictedPresentMs: number;
  /** Steps run since time zero, and steps dropped by 'slow-motion' (integers). */
  totalSteps: number;
  droppedSteps: number;
  /** `stepOnce()` while paused: the next advance runs one step. */
  stepPending: boolean;
  /** The last two real frame intervals, ms (the default prediction). */
  lastIntervalMs: number;
  previousIntervalMs: number;
  /** Game ms between the clock and the predicted present on the last running frame ('predicted'). */
  leadGameMs: number;
  /** r past the last boundary counted on the last frame (steps; negative: counted early; NaN: none). */
  lastPhase: number;
  /** The display's vblank counter (its refreshRate: Hz the timestamps are snapped to; NaN: raw). */
  readonly vblanks: VblankCounter;
  /** The vblank grid needs a new origin at the next frame. */
  gridPending: boolean;
  lastRawMs: number;
  gridOriginMs: number;
  /** Whole vblanks counted since the grid origin (the snapped time never drifts). */
  gridVblanks: number;
}

function idle(s: FixedStepState): FixedStepFrame {
  s.frame.steps = 0;
  s.frame.droppedSeconds = 0;
  return s.frame;
}

/** Place `s.clock.inputMs` on the display's vblank grid (origin + whole vblanks counted since). */
function snapToGrid(s: FixedStepState, starting: boolean): void {
  const clock = s.clock;
  const nowMs = clock.inputMs;
  const vblanks = s.vblanks;
  const rate = vblanks.refreshRate;
  if (s.gridPending || starting) {
    // A new grid: from time zero at this frame, else from the last frame (a rate change).
    s.gridPending = false;
    resetVblankCounter(vblanks);
    s.gridOriginMs = starting ? nowMs : clock.lastMs;
    s.lastRawMs = nowMs;
    s.gridVblanks = countIntervals(vblanks, ((nowMs - s.gridOriginMs) * rate) / 1000);
  } else if (nowMs > s.lastRawMs) {
    // (A repeated or backwards timestamp counts no vblank, and is idle below.)
    const intervals = ((nowMs - s.lastRawMs) * rate) / 1000;
    const whole = Math.round(intervals);
    s.gridVblanks += countIntervals(vblanks, Math.abs(intervals - whole) <= FIXED_STEP_SNAP_STEPS ? whole : intervals);
    s.lastRawMs = nowMs;
  }
  clock.inputMs = s.gridOriginMs + (s.gridVblanks * 1000) / rate;
}

/** Decide the frame at `s.clock.inputMs` (NaN or infinite: ignored, the previous frame with nothing to run). */
export function advanceFixedStep(s: FixedStepState): FixedStepFrame {
  const clock = s.clock;
  if (!Number.isFinite(clock.inputMs)) return idle(s);
  const starting = !clock.started;
  if (!Number.isNaN(s.vblanks.refreshRate)) snapToGrid(s, starting);
  const stepping = s.stepPending;
  if (starting) {
    startClock(clock);
    s.totalSteps = s.droppedSteps = 0;
    s.lastIntervalMs = s.previousIntervalMs = s.leadGameMs = 0;
  } else {
    const intervalMs = clock.inputMs - clock.lastMs;
    if (intervalMs > 0) {
      s.previousIntervalMs = s.lastIntervalMs;
      s.lastIntervalMs = intervalMs;
    } else {
      // No time passed (a repeat, or a clock that went back): only a stepOnce() runs, at the last timestamp.
      if (!stepping) return idle(s);
      clock.inputMs = clock.lastMs;
    }
  }
  s.stepPending = false;
  // A single step while halted: its game time is added to the frozen clock.
  if (stepping) clock.scaledBaseMs += s.stepMs;
  tickClock(clock);
  const frozen = clock.halted;
  const interpolation = s.interpolation;

  // The game time the count aims for: the clock, or for 'predicted' the clock at the predicted
  // present (the caller's, else the shorter of the last two intervals: one hitch must not throw
  // the prediction a hitch ahead). While frozen the lead is kept: a paused picture does not move.
  let referenceMs = clock.gameMs;
  if (interpolation === 'predicted') {
    if (!frozen) {
      let leadMs: number;
      if (Number.isFinite(s.predictedPresentMs)) leadMs = s.predictedPresentMs - clock.inputMs;
      else leadMs = s.previousIntervalMs > 0 && s.previousIntervalMs < s.lastIntervalMs ? s.previousIntervalMs : s.lastIntervalMs;
      // At most one frame's worth of steps (maxSteps): a farther present cannot be reached anyway.
      const leadGameMs = leadMs > 0 ? leadMs * clock.scale : 0;
      const maxLeadMs = s.maxSteps * s.stepMs;
      s.leadGameMs = leadGameMs < maxLeadMs ? leadGameMs : maxLeadMs;
    }
    referenceMs += s.leadGameMs;
  } else {
    s.leadGameMs = 0;
  }

  const ratio = referenceMs / s.stepMs;
  const wholeRatio = Math.round(ratio);
  const position = (Math.abs(ratio - wholeRatio) <= FIXED_STEP_SNAP_STEPS ? wholeRatio : ratio) - s.droppedSteps;
  const aimsAhead = interpolation === 'ahead' || interpolation === 'predicted';
  const natural = aimsAhead ? Math.ceil(position) : Math.floor(position);
  // Boundary tolerance (Sundqvist: do not set out on a draw when an update is a hair away): near
  // the boundary the neighbouring count is allowed too, and the count whose offset is nearest last
  // frame's wins (within the jitter band), so a display at the step's rate keeps to one side.
  let target = natural;
  const tolerance = s.toleranceSteps;
  const lastOffset = s.lastPhase;
  if (tolerance > 0 && !starting && lastOffset === lastOffset) {
    const lowest = (aimsAhead ? -1 : 0) - tolerance;
    const highest = (aimsAhead ? 0 : 1) + tolerance;
    let nearest = Math.abs(position - natural - lastOffset) - FIXED_STEP_SNAP_STEPS;
    const late = position - (natural - 1);
    const lateDistance = Math.abs(late - lastOffset);
    if (late <= highest && lateDistance <= 2 * tolerance && lateDistance < nearest) {
      target = natural - 1;
      nearest = lateDistance;
    }
    const early = position - (natural + 1);
    const earlyDistance = Math.abs(early - lastOffset);
    if (early >= lowest && earlyDistance <= 2 * tolerance && earlyDistance < nearest) target = natural + 1;
  }
  // Time zero sits on a boundary by definition: it leaves no offset to stick to.
  s.lastPhase = starting ? NaN : position - target;
  const want = target > s.totalSteps ? target - s.totalSteps : 0;

  let run: number;
  let dropped = 0;
  if (stepping) run = want < 1 ? want : 1;
  else if (frozen) run = 0;
  else {
    run = want < s.maxSteps ? want : s.maxSteps;
    if (want > run && s.slowMotion) {
      dropped = want - run;
      // A lead is aimed at, not owed (after a long first frame the default prediction is that
      // whole frame again): drop no more than the clock's count moved past maxSteps since the
      // last frame, as 'ahead' does; a state already past the clock keeps its lead.
      if (referenceMs !== clock.gameMs) {
        // (Counts written out, not a helper: a fractional argument to a call V8 does not inline is boxed.)
        const consumed = s.totalSteps + s.droppedSteps;
        const lastRatio = (s.frame.elapsedGameSeconds * 1000) / s.stepMs;
        const lastWhole = Math.round(lastRatio);
        const lastCount = Math.abs(lastRatio - lastWhole) <= FIXED_STEP_SNAP_STEPS ? lastWhole : Math.ceil(lastRatio);
        const clockRatio = clock.gameMs / s.stepMs;
        const clockWhole = Math.round(clockRatio);
        const clockCount = Math.abs(clockRatio - clockWhole) <= FIXED_STEP_SNAP_STEPS ? clockWhole : Math.ceil(clockRatio);
        const owed = clockCount - (consumed < lastCount ? consumed : lastCount) - run;
        if (owed < dropped) dropped = owed > 0 ? owed : 0;
      }
    }
  }
  s.totalSteps += run;
  s.droppedSteps += dropped;

  // alpha places the picture between state totalSteps − 1 (0) and totalSteps (1); behind in
  // 'catch-up' it exceeds 1 and clamps. The true position is used: the tolerance only clamps.
  const shown = position - dropped;
  let alpha = interpolation === 'none' ? 1 : interpolation === 'previous' ? shown - s.totalSteps : shown - s.totalSteps + 1;
  if (alpha > 1) alpha = 1;
  else if (alpha < 0) alpha = 0;
  s.frame.alpha = alpha;
  writeFrame(s, run, dropped);
  return s.frame;
}

/** The frame's numbers from the counts and `frame.alpha` (also after {@link unrunSteps}). */
function writeFrame(s: FixedStepState, run: number, dropped: number): void {
  const frame = s.frame;
  const alpha = frame.alpha;
  const step = s.step;
  const elapsedGameSeconds = s.clock.gameMs / 1000;
  const totalDroppedSeconds = s.droppedSteps * step;
  frame.steps = run;
  frame.droppedSeconds = dropped * step;
  frame.totalSteps = s.totalSteps;
  frame.pictureTime = (s.totalSteps - 1 + alpha) * step;
  frame.elapsedGameSeconds = elapsedGameSeconds;
  frame.totalDroppedSeconds = totalDroppedSeconds;
  frame.pendingSeconds = elapsedGameSeconds - s.totalSteps * step - totalDroppedSeconds;
}

/** The frame's last `count` steps did not run: they stay due; the picture shows the latest state run. */
export function unrunSteps(s: FixedStepState, count: number): void {
  if (!(count > 0)) return;
  const frame = s.frame;
  s.totalSteps -= count;
  frame.alpha = 1;
  writeFrame(s, frame.steps - count, Math.round(frame.droppedSeconds / s.step));
}
