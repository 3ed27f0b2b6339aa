// A fixed clock's state (one plain object) and its two passes a frame. A control inside an update
// sets `cancelled`: the pass ends after that step, and a new grid or reset applies once it is over.
import { clearFixedStepFrame, createFixedStepEngine, DEFAULT_BOUNDARY_TOLERANCE, type FixedStepEngine } from '../core/fixedStep.js';
import type { FixedStepFrame, FixedStepOverload, Interpolation } from '../core/types.js';
import { settleJobs, type JobList } from './fixedClockJobs.js';
import { keepAnchor, mapToReal, newestAnchor, shiftAnchors, type TimeMap } from './fixedClockTime.js';
import type { FrameInfo, FrameScheduler } from './types.js';

// Most steps' worth of game time entering in one frame (the rest skipped like a clamped gap), so
// step indices stay below 2^53 at any time scale (docs/fixed-clock.md).
export const MAX_STEPS_DUE_PER_FRAME = 2 ** 20;

/** The step being run, handed to every update (one reused object: read it during the call). */
export interface FixedClockStep {
  /** The step's place on the grid from time zero (0 first), counting steps `'slow-motion'` dropped; `reset` restarts it. */
  index: number;
  /** Game seconds this step advances, equal to the clock's `step`. */
  dt: number;
  /** Real time (ms, the frame-timestamp clock) at which this step's game time begins: the previous step's end. */
  stepStartTimestampMs: number;
  /** Real time (ms) at which this step's game time ends: spans (start, end] tile real time (docs/fixed-clock.md). */
  stepEndTimestampMs: number;
  /** 0 for the first step of this frame, 1 for the second … */
  stepInFrame: number;
  /** Steps due this frame (fewer run when a control inside an update ends the frame's stepping). */
  stepsInFrame: number;
  /** The scheduler's frame (a reused object). */
  frame: FrameInfo;
}

/** A job's update: advance the game by exactly `dt` seconds. */
export type FixedUpdate = (dt: number, step: Readonly<FixedClockStep>) => void;

/** A job's render: draw the state blended `alpha` ∈ [0, 1] from the previous to the latest state. */
export type FixedRender = (alpha: number, frame: FrameInfo) => void;

/** Live numbers of a fixed clock, updated once a frame (one reused object). Totals run from the last time zero. */
export interface FixedClockStats extends Readonly<FixedStepFrame> {
  /** True while the clock is paused. */
  readonly paused: boolean;
  /** The clock's own time scale (on top of the scheduler's). */
  readonly timeScale: number;
}

export interface ClockStats extends FixedStepFrame {
  paused: boolean;
  timeScale: number;
}

export interface ClockCore {
  scheduler: FrameScheduler;
  /** The fixed step of the current grid, and its step (the `step` setting may be newer: see `gridPending`). */
  engine: FixedStepEngine;
  gridStep: number;
  step: number;
  maxSteps: number;
  overload: FixedStepOverload;
  interpolation: Interpolation;
  timeScale: number;
  snapToDisplay: boolean;
  priority: number;
  userPaused: boolean;
  holds: number;
  /** The clock feeds the fixed step the scheduler's game clock + `offsetMs` (continuous across schedulers and idle gaps). */
  lastFedMs: number;
  offsetMs: number;
  fedAny: boolean;
  /** The fed clock is rebased at the next frame (new scheduler, or frames passed while detached). */
  rebasePending: boolean;
  /** The display rate (fed-clock Hz) the fixed step snaps to now; NaN: raw timestamps. */
  snapRate: number;
  /** Game seconds of earlier grids (before the last setOptions): elapsed, simulated, dropped. */
  baseElapsed: number;
  baseSimulated: number;
  baseDropped: number;
  /** Grid index of state 0 of the current grid; steps run in earlier grids; steps dropped in this one. */
  indexBase: number;
  baseSteps: number;
  droppedInGrid: number;
  /** Frames advanced (never reset); its value at the last time zero; at the last pause (−1: none since). */
  frames: number;
  zeroFrame: number;
  pausedAtFrame: number;
  stepRequested: boolean;
  /** `currentStep.stepEndTimestampMs` is where the last step run ended (false until one runs, after a reset or a new scheduler). */
  lastEndKnown: boolean;
  /** Inside the update pass: a control then sets `cancelled` and may be deferred to the pass's end. */
  stepping: boolean;
  /** A control was called inside an update: the pass ends after the current step. */
  cancelled: boolean;
  /** A reset, or a new grid, asked for inside an update: applied when the pass ends. */
  resetPending: boolean;
  gridPending: boolean;
  /** Scheduler frame index when the clock detached (no jobs left); −1 while attached or never. */
  detachedAtFrame: number;
  readonly updates: JobList<FixedUpdate>;
  readonly renders: JobList<FixedRender>;
  readonly errors: unknown[];
  readonly stats: ClockStats;
  readonly currentStep: FixedClockStep;
  readonly time: TimeMap;
}

export function isPaused(c: ClockCore): boolean {
  return c.userPaused || c.holds > 0;
}

/**
 * A fixed step for the current settings (a new grid), started at fed-clock `startMs` with
 * `carriedMs` of game time (NaN: time zero at its first frame), paused if the clock is.
 */
export function replaceEngine(c: ClockCore, startMs: number, carriedMs: number): void {
  c.engine = createFixedStepEngine(c.step, c.maxSteps, c.overload, c.interpolation, c.timeScale, DEFAULT_BOUNDARY_TOLERANCE, NaN);
  c.gridStep = c.step;
  c.snapRate = NaN;
  c.gridPending = false;
  if (startMs === startMs) c.engine.startAt(startMs, carriedMs);
  if (isPaused(c)) c.engine.fixed.pause();
  else c.pausedAtFrame = -1;
}

/** Back to time zero at the next frame. */
export function applyReset(c: ClockCore): void {
  replaceEngine(c, NaN, 0);
  c.resetPending = false;
  c.zeroFrame = c.frames;
  c.pausedAtFrame = -1;
  c.indexBase = c.baseSteps = c.droppedInGrid = c.time.count = 0;
  c.baseElapsed = c.baseSimulated = c.baseDropped = 0;
  clearFixedStepFrame(c.stats);
  c.currentStep.index = 0;
  c.lastEndKnown = false;
}

/**
 * A new grid for the current `step`, `maxSteps`, `overload`: everything simulated or dropped stays
 * in the totals; what was due but not simulated (part of a step, catch-up debt, steps a control
 * inside an update left) is the new grid's first game time. Pause and a pending resume carry over.
 */
export function applyGridChange(c: ClockCore): void {
  if (c.frames === c.zeroFrame) {
    replaceEngine(c, NaN, 0);
    return;
  }
  const old = c.engine.fixed.frame;
  // Negative when a step ran early (boundary tolerance): the new grid then starts where it ended.
  const carriedSeconds = old.pendingSeconds;
  const shiftMs = (old.elapsedGameSeconds - carriedSeconds) * 1000;
  c.indexBase += old.totalSteps + c.droppedInGrid;
  c.baseSteps += old.totalSteps;
  c.baseSimulated += old.totalSteps * c.gridStep;
  c.baseDropped += old.totalDroppedSeconds;
  c.baseElapsed += old.elapsedGameSeconds - carriedSeconds;
  c.droppedInGrid = 0;
  replaceEngine(c, c.lastFedMs, carriedSeconds * 1000);
  shiftAnchors(c.time, 0, shiftMs);
}

/** Anchor mapping for the clock's state now: its rate, and the frame to fall back on. */
export function prepareMap(c: ClockCore): void {
  const s = c.scheduler;
  c.time.rate = isPaused(c) || s.paused ? 0 : c.timeScale * s.timeScale;
  c.time.fallbackMs = s.frame.timestampMs;
}

/** Follow the scheduler's display: while it reports a synced rate, frame times go on that vblank grid. */
function snapToSchedulerRate(c: ClockCore, frame: FrameInfo): void {
  const estimate = c.scheduler.refreshRate;
  // The fed clock is the scheduler's game clock: a vblank on it lasts one interval × its time scale.
  const rate = estimate.synced && frame.timeScale > 0 ? estimate.refreshRate / frame.timeScale : NaN;
  if (rate === c.snapRate || (rate !== rate && c.snapRate !== c.snapRate)) return;
  c.snapRate = rate;
  c.engine.fixed.setRefreshRate(rate === rate ? rate : undefined);
}

/** Feed this frame to the fixed step; returns its decision. */
function feed(c: ClockCore, frame: FrameInfo): FixedStepFrame {
  const elapsedMs = frame.elapsedSeconds * 1000;
  if (c.rebasePending) {
    c.rebasePending = false;
    if (c.fedAny) c.offsetMs = c.lastFedMs - elapsedMs;
  }
  let fedMs = elapsedMs + c.offsetMs;
  const limitMs = (MAX_STEPS_DUE_PER_FRAME * c.gridStep * 1000) / c.timeScale;
  if (c.fedAny && fedMs - c.lastFedMs > limitMs) {
    c.offsetMs -= fedMs - c.lastFedMs - limitMs;
    fedMs = c.lastFedMs + limitMs;
  }
  const engine = c.engine;
  const fixed = engine.fixed;
  let forcedStep = false;
  if (c.stepRequested) {
    c.stepRequested = false;
    if (fixed.paused) fixed.stepOnce();
    else if (c.fedAny && !(fedMs > c.lastFedMs)) {
      // The scheduler's game clock stands still (its pause, time scale 0): one step anyway.
      fixed.pause();
      fixed.stepOnce();
      forcedStep = true;
    }
  }
  if (c.snapToDisplay) snapToSchedulerRate(c, frame);
  const leadMs = ((frame.divisor * frame.timeScale) / frame.refreshRate) * 1000;
  engine.nowMs = fedMs;
  engine.predictedPresentMs = fedMs + (leadMs < limitMs ? leadMs : limitMs);
  const decision = engine.advance();
  if (forcedStep) fixed.resume(fedMs);
  c.lastFedMs = fedMs;
  c.fedAny = true;
  c.frames++;
  const time = c.time;
  if (time.count > 0) {
    // The page clock went back (a restored laptop, fake timers): the spans follow the new clock at once.
    const jumpMs = frame.timestampMs - time.real[newestAnchor(time)]!;
    if (jumpMs < 0) {
      shiftAnchors(time, jumpMs, 0);
      c.currentStep.stepEndTimestampMs += jumpMs;
    }
  }
  time.real[time.next] = frame.timestampMs;
  time.game[time.next] = decision.elapsedGameSeconds * 1000;
  keepAnchor(time);
  return decision;
}

function writeStats(c: ClockCore, decision: FixedStepFrame): void {
  const stats = c.stats;
  stats.steps = decision.steps;
  stats.alpha = decision.alpha;
  stats.droppedSeconds = decision.droppedSeconds;
  stats.totalSteps = c.baseSteps + decision.totalSteps;
  stats.pictureTime = c.baseSimulated + decision.pictureTime;
  stats.elapsedGameSeconds = c.baseElapsed + decision.elapsedGameSeconds;
  stats.pendingSeconds = decision.pendingSeconds;
  stats.totalDroppedSeconds = c.baseDropped + decision.totalDroppedSeconds;
}

/** Errors of this frame's jobs go to the scheduler (its `onError`, else rethrown after the frame). */
function rethrow(c: ClockCore, what: string): void {
  const count = c.errors.length;
  if (count === 1) throw c.errors.pop();
  if (count > 1) throw new AggregateError(c.errors.splice(0), `react-timestep: ${count} fixed-step ${what} threw`);
}

/** The clock's `'update'` subscriber. */
export function createUpdatePass(c: ClockCore): (frame: FrameInfo) => void {
  // dt reaches every update from this closure variable: one box per grid, where a number read
  // from a field is boxed at every call of a user's function (docs/performance.md).
  let dt = c.gridStep;
  return (frame) => {
    settleJobs(c.updates);
    const decision = feed(c, frame);
    if (dt !== c.gridStep) dt = c.gridStep;
    const stepMs = dt * 1000;
    const stepsDue = decision.steps;
    c.droppedInGrid += Math.round(decision.droppedSeconds / dt);
    // Dropped time lies before the steps run in the same frame.
    const firstIndex = decision.totalSteps - stepsDue + c.droppedInGrid;
    const step = c.currentStep;
    const time = c.time;
    step.dt = dt;
    step.frame = frame;
    step.stepsInFrame = stepsDue;
    let run = 0;
    if (stepsDue > 0) {
      c.stepping = true;
      prepareMap(c);
      // The next index begins where the last step ended (mapped then), not where that game time
      // maps now; mapped afresh after a drop, a reset or a new scheduler.
      if (!c.lastEndKnown || c.indexBase + firstIndex !== step.index + 1) {
        time.gameMs = firstIndex * stepMs;
        mapToReal(time);
        step.stepEndTimestampMs = time.mappedMs;
      }
      const jobs = c.updates.ordered;
      while (run < stepsDue && !c.cancelled) {
        const gridIndex = firstIndex + run;
        step.index = c.indexBase + gridIndex;
        step.stepInFrame = run;
        const startMs = step.stepEndTimestampMs;
        step.stepStartTimestampMs = startMs;
        time.gameMs = (gridIndex + 1) * stepMs;
        mapToReal(time);
        // Never before its start: steps a faster time scale has overtaken stand for no new real time.
        step.stepEndTimestampMs = time.mappedMs > startMs ? time.mappedMs : startMs;
        for (let j = 0; j < jobs.length; j++) {
          const job = jobs[j]!;
          if (!job.live || job.skipFrame === c.frames) continue;
          try {
            job.fn(dt, step);
          } catch (error) {
            job.skipFrame = c.frames;
            c.errors.push(error);
          }
        }
        run++;
      }
      c.lastEndKnown = true;
      c.stepping = false;
    }
    c.cancelled = false;
    if (run < stepsDue) c.engine.unrun(stepsDue - run);
    writeStats(c, decision);
    if (c.resetPending) applyReset(c);
    else if (c.gridPending) applyGridChange(c);
    rethrow(c, 'updates');
  };
}

/** The clock's `'render'` subscriber. */
export function createRenderPass(c: ClockCore): (frame: FrameInfo) => void {
  // Every render gets alpha from this closure variable: one box a frame however many renders,
  // written only when alpha changed (docs/performance.md).
  let alpha = 1;
  return (frame) => {
    settleJobs(c.renders);
    if (alpha !== c.stats.alpha) alpha = c.stats.alpha;
    const jobs = c.renders.ordered;
    for (let j = 0; j < jobs.length; j++) {
      const job = jobs[j]!;
      if (!job.live) continue;
      try {
        job.fn(alpha, frame);
      } catch (error) {
        c.errors.push(error);
      }
    }
    rethrow(c, 'renders');
  };
}
