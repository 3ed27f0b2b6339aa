/**
 * One frame of the fixed step (Peter Sundqvist, "Timestepping"), from a runner's entry to the
 * decision: steps counted as integers from time zero (`r = gameTime / step`, never a float sum: no
 * drift after 24 h), run, dropped, and alpha. The functions read and write the clock's named
 * fields; nothing here allocates. @internal
 */
import { countIntervals, resetVblankCounter } from './counting.js';
import type { FixedStepClock, FrameTime } from './fixedStepClock.js';
import type { FixedStepFrame } from './types.js';

/** Step counts this close to a whole number are that number: float noise (n − 1e-15) must not give 0 steps then 2. */
export const FIXED_STEP_SNAP_STEPS = 1e-7;

/**
 * A runner's frame (the scheduler's fixed clock, a worker): decide it at `time.timestampMs`; then
 * `c.placeStep(i)` for each of its `steps`, then `c.finishSteps(ran)`. Unlike `c.advance`, a time
 * before the last moves the whole timeline back (the page clock went back): game time goes on from it.
 */
export function advanceAt(c: FixedStepClock, time: FrameTime): FixedStepFrame {
  const rawMs = time.timestampMs;
  if (c.started && rawMs < c.lastInputMs) c.shiftTimeline(rawMs - c.lastInputMs);
  c.lastInputMs = rawMs;
  c.nowMs = rawMs;
  c.capDue();
  c.predictedPresentMs = rawMs + c.presentLeadMs;
  const frame = decideFrame(c);
  c.times.anchor(c);
  c.syncTimes();
  c.currentStep.stepsInFrame = frame.steps;
  return frame;
}

/**
 * A runner's frame that grants no game time although the clock runs (the runner clamped its whole
 * interval away: a throttled page): nothing is decided, no step runs, the frame still anchors the
 * step times.
 */
export function holdAt(c: FixedStepClock, time: FrameTime): FixedStepFrame {
  c.skipTo(time);
  c.frame.steps = 0;
  c.frame.droppedSeconds = 0;
  c.times.anchor(c);
  c.syncTimes();
  c.currentStep.stepsInFrame = 0;
  return c.frame;
}

/**
 * Decide the frame at `c.nowMs` (NaN or infinite: ignored, the previous frame with nothing to run).
 * The steps below hand their results on in the clock's fields for this frame (`referenceMs`,
 * `position`, `target`, `run`, `dropped`), not as arguments or return values: a number crossing a
 * call V8 may not inline is boxed (docs/performance.md).
 */
export function decideFrame(c: FixedStepClock): FixedStepFrame {
  if (!Number.isFinite(c.nowMs)) return idle(c);
  const starting = !c.started;
  if (!Number.isNaN(c.vblanks.refreshRate)) snapToGrid(c, starting);
  const stepping = c.stepPending;
  if (starting) {
    startGameTime(c);
  } else if (c.nowMs > c.lastMs) {
    c.previousIntervalMs = c.lastIntervalMs;
    c.lastIntervalMs = c.nowMs - c.lastMs;
  } else {
    // No time passed (a repeat, or a clock that went back): only a stepOnce() runs, at the last time.
    if (!stepping) return idle(c);
    c.nowMs = c.lastMs;
  }
  c.stepPending = false;
  // A single step while halted: its game time is added to the frozen clock.
  if (stepping) c.scaledBaseMs += c.stepMs;
  tickGameTime(c);
  aimAt(c);
  countTarget(c, starting);
  chooseRun(c, stepping);
  c.totalSteps += c.run;
  c.droppedSteps += c.dropped;
  // alpha places the picture between state totalSteps − 1 (0) and totalSteps (1); behind in
  // 'catch-up' it exceeds 1 and clamps. The true position is used: the tolerance only clamps.
  const shown = c.position - c.dropped;
  const interpolation = c.interpolation;
  let alpha = interpolation === 'none' ? 1 : interpolation === 'previous' ? shown - c.totalSteps : shown - c.totalSteps + 1;
  if (alpha > 1) alpha = 1;
  else if (alpha < 0) alpha = 0;
  c.frame.alpha = alpha;
  writeFrame(c);
  return c.frame;
}

/** `c.run` and `c.dropped`: the steps to run now (one while stepping once, none while halted, at most maxSteps) and those 'slow-motion' drops. */
function chooseRun(c: FixedStepClock, stepping: boolean): void {
  const want = c.target > c.totalSteps ? c.target - c.totalSteps : 0;
  c.dropped = 0;
  if (stepping) c.run = want < 1 ? want : 1;
  else if (c.halted) c.run = 0;
  else {
    c.run = want < c.maxSteps ? want : c.maxSteps;
    if (want > c.run && c.slowMotion) dropSteps(c, want - c.run);
  }
}

function idle(c: FixedStepClock): FixedStepFrame {
  c.frame.steps = 0;
  c.frame.droppedSeconds = 0;
  return c.frame;
}

/** Time zero at `c.nowMs` (also what makes a reset clock usable again). */
function startGameTime(c: FixedStepClock): void {
  c.started = true;
  c.lastMs = c.wallBaseMs = c.nowMs;
  c.scaledBaseMs = c.gameMs = 0;
  c.totalSteps = c.droppedSteps = 0;
  c.lastIntervalMs = c.previousIntervalMs = c.leadGameMs = 0;
}

/** Game ms at `c.nowMs` (accepted, not before the last) into `c.gameMs`: `scaledBaseMs + (now − wallBaseMs) × scale`. */
function tickGameTime(c: FixedStepClock): void {
  const nowMs = c.nowMs;
  c.lastMs = nowMs;
  if (c.resumePending) {
    c.resumePending = false;
    c.halted = false;
    c.wallBaseMs = nowMs;
  }
  const gameMs = c.halted ? c.scaledBaseMs : c.scaledBaseMs + (nowMs - c.wallBaseMs) * c.scale;
  // A rebase at a later timestamp (pause(t) with t in the future) could dip below what was handed out.
  if (gameMs > c.gameMs) c.gameMs = gameMs;
}

/** Place `c.nowMs` on the display's vblank grid (origin + whole vblanks counted since). */
function snapToGrid(c: FixedStepClock, starting: boolean): void {
  const nowMs = c.nowMs;
  const vblanks = c.vblanks;
  const rate = vblanks.refreshRate;
  if (c.gridPending || starting) {
    // A new grid: from time zero at this frame, else from the last frame (a rate change).
    c.gridPending = false;
    resetVblankCounter(vblanks);
    c.gridOriginMs = starting ? nowMs : c.lastMs;
    c.lastRawMs = nowMs;
    c.gridVblanks = countIntervals(vblanks, ((nowMs - c.gridOriginMs) * rate) / 1000);
  } else if (nowMs > c.lastRawMs) {
    // (A repeated or backwards timestamp counts no vblank, and is idle below.)
    const intervals = ((nowMs - c.lastRawMs) * rate) / 1000;
    const whole = Math.round(intervals);
    c.gridVblanks += countIntervals(vblanks, Math.abs(intervals - whole) <= FIXED_STEP_SNAP_STEPS ? whole : intervals);
    c.lastRawMs = nowMs;
  }
  c.nowMs = c.gridOriginMs + (c.gridVblanks * 1000) / rate;
}

/**
 * The game time the count aims for: the clock, or for 'predicted' the clock at the predicted
 * present (the caller's, else the shorter of the last two intervals: one hitch must not throw the
 * prediction a hitch ahead). While halted the lead is kept: a paused picture does not move.
 */
function aimAt(c: FixedStepClock): void {
  if (c.interpolation !== 'predicted') {
    c.leadGameMs = 0;
    c.referenceMs = c.gameMs;
    return;
  }
  if (!c.halted) {
    let leadMs: number;
    if (Number.isFinite(c.predictedPresentMs)) leadMs = c.predictedPresentMs - c.nowMs;
    else leadMs = c.previousIntervalMs > 0 && c.previousIntervalMs < c.lastIntervalMs ? c.previousIntervalMs : c.lastIntervalMs;
    // At most one frame's worth of steps (maxSteps): a farther present cannot be reached anyway.
    const leadGameMs = leadMs > 0 ? leadMs * c.scale : 0;
    const maxLeadMs = c.maxSteps * c.stepMs;
    c.leadGameMs = leadGameMs < maxLeadMs ? leadGameMs : maxLeadMs;
  }
  c.referenceMs = c.gameMs + c.leadGameMs;
}

/**
 * `c.position`: steps (fractional) from time zero to `c.referenceMs`, float noise next to a whole
 * number removed, less the dropped ones; `c.target`: the state the picture should stand on. Boundary tolerance (Sundqvist: do not set out on a draw
 * when an update is a hair away): near the boundary the neighbouring count is allowed too, and the
 * count whose offset is nearest last frame's wins (within the jitter band), so a display at the
 * step's rate keeps to one side.
 */
function countTarget(c: FixedStepClock, starting: boolean): void {
  const ratio = c.referenceMs / c.stepMs;
  const wholeRatio = Math.round(ratio);
  const position = (Math.abs(ratio - wholeRatio) <= FIXED_STEP_SNAP_STEPS ? wholeRatio : ratio) - c.droppedSteps;
  c.position = position;
  const aimsAhead = c.interpolation === 'ahead' || c.interpolation === 'predicted';
  const natural = aimsAhead ? Math.ceil(position) : Math.floor(position);
  let target = natural;
  const tolerance = c.toleranceSteps;
  const lastOffset = c.lastPhase;
  if (tolerance > 0 && !starting && !Number.isNaN(lastOffset)) {
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
  // Time zero sits on a boundary by definition: it leaves no offset to stick to. (Two stores, not
  // one of a merged value: V8 may box a merge of a constant and a double, docs/performance.md.)
  if (starting) c.lastPhase = NaN;
  else c.lastPhase = position - target;
  c.target = target;
}

/**
 * `c.dropped`: of the `excess` past `c.run`, the steps 'slow-motion' drops. A lead is aimed at, not owed (after a long
 * first frame the default prediction is that whole frame again): drop no more than the clock's
 * count moved past maxSteps since the last frame, as 'ahead' does; a state already past the clock
 * keeps its lead.
 */
function dropSteps(c: FixedStepClock, excess: number): void {
  c.dropped = excess;
  if (c.referenceMs === c.gameMs) return;
  // (Counts written out, not a helper: a fractional argument to a call V8 does not inline is boxed.)
  const consumed = c.totalSteps + c.droppedSteps;
  const lastRatio = (c.gridElapsedSeconds * 1000) / c.stepMs;
  const lastWhole = Math.round(lastRatio);
  const lastCount = Math.abs(lastRatio - lastWhole) <= FIXED_STEP_SNAP_STEPS ? lastWhole : Math.ceil(lastRatio);
  const clockRatio = c.gameMs / c.stepMs;
  const clockWhole = Math.round(clockRatio);
  // A clock within the boundary tolerance past a boundary counts to it, as the target may
  // (countTarget): counted to the next one, a state a step ahead dropped a step more each time.
  const clockCount = Math.abs(clockRatio - clockWhole) <= FIXED_STEP_SNAP_STEPS || (clockRatio > clockWhole && clockRatio - clockWhole <= c.toleranceSteps) ? clockWhole : Math.ceil(clockRatio);
  const owed = clockCount - (consumed < lastCount ? consumed : lastCount) - c.run;
  if (owed < excess) c.dropped = owed > 0 ? owed : 0;
}

/** The frame's numbers from the counts, `c.run`, `c.dropped` and `frame.alpha` (also after the runner ran fewer steps), with earlier grids' totals. */
export function writeFrame(c: FixedStepClock): void {
  const step = c.step;
  const elapsedGameSeconds = c.gameMs / 1000;
  const droppedSeconds = c.droppedSteps * step;
  c.gridElapsedSeconds = elapsedGameSeconds;
  const frame = c.frame;
  frame.steps = c.run;
  frame.droppedSeconds = c.dropped * step;
  frame.totalSteps = c.baseSteps + c.totalSteps;
  frame.pictureTime = c.baseSimulatedSeconds + (c.totalSteps - 1 + frame.alpha) * step;
  frame.elapsedGameSeconds = c.baseElapsedSeconds + elapsedGameSeconds;
  frame.totalDroppedSeconds = c.baseDroppedSeconds + droppedSeconds;
  frame.pendingSeconds = elapsedGameSeconds - c.totalSteps * step - droppedSeconds;
}
