/**
 * The one fixed clock (Peter Sundqvist, "Timestepping"): its state in named fields and its
 * controls. Pure: no React, DOM or scheduler, so the same object steps on the main thread
 * (src/scheduler's fixed clock) or in a Web Worker. What a frame does, from a runner's entry
 * (`advanceAt`, `holdAt`) to the decision, is in fixedStepAdvance.ts. Game time is
 * `scaledBaseMs + (nowMs − wallBaseMs) × scale`, never a frame-by-frame sum; every control folds
 * the time so far into `scaledBaseMs`. @internal
 */
import { createVblankCounter, type VblankCounter } from './counting.js';
import { decideFrame, FIXED_STEP_SNAP_STEPS, writeFrame } from './fixedStepAdvance.js';
import { StepTimes } from './stepTimes.js';
import type { FixedStep, FixedStepFrame, FixedStepOverload, Interpolation } from './types.js';

/** Most steps' worth of game time entering in one frame (the rest is skipped like a clamped gap), so step indices stay below 2^53 at any time scale. */
export const MAX_STEPS_DUE_PER_FRAME = 2 ** 20;

/** A fixed clock's settings, checked where they enter. `refreshRate`: Hz, or NaN for raw timestamps. */
export interface FixedStepSettings {
  step: number;
  maxSteps: number;
  overload: FixedStepOverload;
  interpolation: Interpolation;
  timeScale: number;
  boundaryTolerance: number;
  refreshRate: number;
}

/** The step being run (one reused object). `frame` is the runner's (the scheduler's frame). */
export interface ClockStep {
  index: number;
  dt: number;
  stepStartTimestampMs: number;
  stepEndTimestampMs: number;
  stepInFrame: number;
  stepsInFrame: number;
  frame: unknown;
}

/** A frame time a runner hands over: an object, so the number crosses no call (docs/performance.md). */
export interface FrameTime {
  readonly timestampMs: number;
}

/** The decision before time zero. A literal per object, so each gets its own fast shape. */
function frameAtZero(): FixedStepFrame {
  return { steps: 0, alpha: 1, droppedSeconds: 0, totalSteps: 0, pictureTime: 0, elapsedGameSeconds: 0, pendingSeconds: 0, totalDroppedSeconds: 0 };
}

export class FixedStepClock implements FixedStep {
  // ── the grid: seconds and ms per step, most steps a frame, the overload policy, the picture ──
  step: number;
  stepMs: number;
  maxSteps: number;
  slowMotion: boolean;
  interpolation: Interpolation;
  /** Boundary tolerance plus the float-noise margin, in steps (0: none). */
  toleranceSteps: number;
  // ── this frame's input: its time (snapped onto the display's grid first), its predicted present ──
  nowMs = NaN;
  predictedPresentMs = NaN;
  /** The last time a runner handed over, as given (`nowMs` may be snapped). */
  lastInputMs = 0;
  /** Real ms from a frame to its present, when the runner knows it (the scheduler's vblanks); NaN: predicted from the intervals. */
  presentLeadMs = NaN;
  // ── game time ──
  started = false;
  /** The last accepted time, ms: controls without a time happen here. */
  lastMs = 0;
  /** The last game time handed out, ms; it never goes backwards. */
  gameMs = 0;
  scale: number;
  /** Game time does not flow (paused, also while a resume waits for the next frame). */
  halted = false;
  resumePending = false;
  wallBaseMs = 0;
  scaledBaseMs = 0;
  // ── counting in the current grid ──
  /** Steps run since time zero of this grid, and steps 'slow-motion' dropped (integers). */
  totalSteps = 0;
  droppedSteps = 0;
  /** `stepOnce()` while paused: the next frame runs one step. */
  stepPending = false;
  /** The last two frame intervals, ms (the default prediction). */
  lastIntervalMs = 0;
  previousIntervalMs = 0;
  /** Game ms between the clock and the predicted present on the last running frame ('predicted'). */
  leadGameMs = 0;
  /** Steps past the last boundary counted on the last frame (negative: counted early; NaN: none). */
  lastPhase = NaN;
  /** This grid's elapsed game seconds at the last frame. */
  gridElapsedSeconds = 0;
  // ── this frame's decision, step by step (fixedStepAdvance.ts) ──
  /** The game ms the count aims for (the clock, or the predicted present). */
  referenceMs = 0;
  /** Steps from time zero to `referenceMs` (fractional), less those dropped. */
  position = 0;
  /** The state the picture stands on. */
  target = 0;
  /** Steps run this frame, and steps dropped. */
  run = 0;
  dropped = 0;
  // ── the display's vblank grid (vblanks.refreshRate: Hz the times are snapped to; NaN: raw) ──
  readonly vblanks: VblankCounter;
  /** The grid needs a new origin at the next frame. */
  gridPending = true;
  lastRawMs = 0;
  gridOriginMs = 0;
  /** Whole vblanks counted since the grid origin (the snapped time never drifts). */
  gridVblanks = 0;
  // ── earlier grids (before the last setGrid): what they simulated, and the index of this grid's state 0 ──
  baseSteps = 0;
  baseSimulatedSeconds = 0;
  baseElapsedSeconds = 0;
  baseDroppedSeconds = 0;
  indexBase = 0;

  /** The last decision (the same object every frame). */
  readonly frame: FixedStepFrame = frameAtZero();
  /** The step a runner is running (see placeStep). */
  readonly currentStep: ClockStep;
  /** Where each step falls in real time. */
  readonly times: StepTimes;

  constructor(settings: FixedStepSettings) {
    this.step = settings.step;
    this.stepMs = settings.step * 1000;
    this.maxSteps = settings.maxSteps;
    this.slowMotion = settings.overload === 'slow-motion';
    this.interpolation = settings.interpolation;
    // The float-noise margin keeps r exactly `boundaryTolerance` from a boundary inside it.
    this.toleranceSteps = settings.boundaryTolerance > 0 ? settings.boundaryTolerance + FIXED_STEP_SNAP_STEPS : 0;
    this.scale = settings.timeScale;
    this.vblanks = createVblankCounter(settings.refreshRate);
    this.currentStep = { index: 0, dt: settings.step, stepStartTimestampMs: 0, stepEndTimestampMs: 0, stepInFrame: 0, stepsInFrame: 0, frame: undefined };
    this.times = new StepTimes(this.currentStep);
    this.times.stepMs = this.stepMs;
  }

  // ───────────── FixedStep: what createFixedStep's users call ─────────────

  advance(nowMs: number, predictedPresentMs?: number): FixedStepFrame {
    // Anything but a finite number (a string too) is ignored.
    this.nowMs = Number.isFinite(nowMs) ? nowMs : NaN;
    this.predictedPresentMs = Number.isFinite(predictedPresentMs) ? predictedPresentMs! : NaN;
    return decideFrame(this);
  }

  get paused(): boolean {
    // A pending resume already counts as running.
    return this.halted && !this.resumePending;
  }

  /** Stop game time at `atMs` (default and lower bound: the last frame). */
  pause(atMs?: number): void {
    if (this.resumePending) {
      // Resumed and paused again before any frame: game time never flowed.
      this.resumePending = false;
    } else if (!this.halted) {
      if (this.started) this.rebase(atMs);
      this.halted = true;
    }
  }

  /** Let game time flow from `atMs` (lower bound: the last frame), else from the next frame. */
  resume(atMs?: number): void {
    this.stepPending = false;
    if (!this.halted || this.resumePending) return;
    if (Number.isFinite(atMs) && this.started) {
      this.wallBaseMs = this.at(atMs);
      this.halted = false;
    } else {
      this.resumePending = true;
    }
  }

  get timeScale(): number {
    return this.scale;
  }

  /** Use `scale` (checked) from `atMs` on (default and lower bound: the last frame); earlier time keeps its scale. */
  setTimeScale(scale: number, atMs?: number): void {
    if (this.started && !this.halted) this.rebase(atMs);
    this.scale = scale;
  }

  setInterpolation(interpolation: Interpolation): void {
    this.interpolation = interpolation;
  }

  get refreshRate(): number | undefined {
    const rate = this.vblanks.refreshRate;
    return Number.isNaN(rate) ? undefined : rate;
  }

  /** Snap times to a display of `refreshRate` Hz (checked; NaN or undefined: raw) from the next frame on. */
  setRefreshRate(refreshRate: number | undefined): void {
    const rate = refreshRate ?? NaN;
    // Object.is: NaN (raw times) equals NaN.
    if (Object.is(rate, this.vblanks.refreshRate)) return;
    this.vblanks.refreshRate = rate;
    this.gridPending = true;
  }

  stepOnce(): void {
    if (this.paused) this.stepPending = true;
  }

  /** Back to time zero at the next frame; the scale, the pause state and the settings are kept. */
  reset(): void {
    this.started = false;
    this.stepPending = false;
    Object.assign(this.frame, frameAtZero());
    this.gridElapsedSeconds = 0;
    this.baseSteps = this.baseSimulatedSeconds = this.baseElapsedSeconds = this.baseDroppedSeconds = this.indexBase = 0;
    this.times.indexBase = 0;
    this.times.clear();
  }

  // ───────────── a runner's frame: advanceAt or holdAt (fixedStepAdvance.ts), then these ─────────────

  /** Make `currentStep` the frame's step `stepInFrame` (0 first): its index and its span in real time. */
  placeStep(stepInFrame: number): void {
    // Dropped time lies before the steps run in the same frame.
    const step = this.currentStep;
    step.index = this.indexBase + this.totalSteps - this.frame.steps + this.droppedSteps + stepInFrame;
    step.stepInFrame = stepInFrame;
    this.times.place();
  }

  /** The frame ran `ran` of its steps (a control inside an update ended it early): the rest stay due, and the picture shows the latest state run. */
  finishSteps(ran: number): void {
    const frame = this.frame;
    const unrun = frame.steps - ran;
    if (!(unrun > 0)) return;
    this.totalSteps -= unrun;
    frame.alpha = 1;
    this.run = ran;
    writeFrame(this);
  }

  /** Real ms at which step `index` (of the current grid) ends, mapped with what is known now. */
  stepEndTimestampMs(index: number): number {
    this.syncTimes();
    return this.times.endOf(index);
  }

  /**
   * A new grid for `step`, `maxSteps` and `overload` (checked): what was simulated or dropped stays
   * in the totals; what was due but not simulated (part of a step, catch-up debt, steps a runner
   * left) is the new grid's first game time. Pause and a pending resume carry over.
   */
  setGrid(step: number, maxSteps: number, overload: FixedStepOverload): void {
    const shiftSeconds = this.started ? this.gridElapsedSeconds - this.frame.pendingSeconds : 0;
    if (this.started) {
      this.indexBase += this.totalSteps + this.droppedSteps;
      this.baseSteps += this.totalSteps;
      this.baseSimulatedSeconds += this.totalSteps * this.step;
      this.baseDroppedSeconds += this.droppedSteps * this.step;
      this.baseElapsedSeconds += shiftSeconds;
      // Negative when a step ran early (boundary tolerance): the new grid then starts where it ended.
      this.scaledBaseMs = this.gameMs = this.frame.pendingSeconds * 1000;
      this.wallBaseMs = this.lastMs;
      this.totalSteps = this.droppedSteps = 0;
      this.gridElapsedSeconds = 0;
      this.lastPhase = NaN;
      this.leadGameMs = 0;
      this.times.shift(0, shiftSeconds * 1000);
    }
    this.step = step;
    this.stepMs = step * 1000;
    this.times.stepMs = this.stepMs;
    this.times.indexBase = this.indexBase;
    this.currentStep.dt = step;
    this.maxSteps = maxSteps;
    this.slowMotion = overload === 'slow-motion';
  }

  /** Real time from the last frame to `time` is no game time (frames this clock did not see; another clock). */
  skipTo(time: FrameTime): void {
    if (!this.started) return;
    const toMs = time.timestampMs;
    if (toMs < this.lastInputMs) {
      // Another clock, or the page clock went back: go on from it without a jump.
      this.shiftTimeline(toMs - this.lastInputMs);
    } else if (!this.halted) {
      this.rebase(undefined);
      this.wallBaseMs = toMs;
    }
    this.lastInputMs = toMs;
  }

  /** Of the real time up to `time`, the first `skipMs` are no game time (a gap the runner clamped). */
  skipBefore(time: FrameTime, skipMs: number): void {
    if (!this.started || this.halted || !(skipMs > 0)) return;
    const fromMs = Math.max(this.lastMs, this.wallBaseMs);
    this.rebase(undefined);
    this.wallBaseMs = Math.min(fromMs + skipMs, time.timestampMs);
  }

  // ───────────── helpers (the last three also serve a runner's frame, fixedStepAdvance.ts) ─────────────

  /** The moment a control applies: its time, else the last frame; never before the last frame. */
  private at(atMs: number | undefined): number {
    return Number.isFinite(atMs) && atMs! > this.lastMs ? atMs! : this.lastMs;
  }

  /** Fold game time up to `atMs` into the base (never back past the base: a skip may have moved it ahead). */
  private rebase(atMs: number | undefined): void {
    const fromMs = Math.max(this.at(atMs), this.wallBaseMs);
    this.scaledBaseMs += (fromMs - this.wallBaseMs) * this.scale;
    this.wallBaseMs = fromMs;
  }

  /** At most MAX_STEPS_DUE_PER_FRAME steps of game time enter by `this.nowMs`; the rest is skipped. */
  capDue(): void {
    const nowMs = this.nowMs;
    if (!this.started || this.halted) return;
    const fromMs = Math.max(this.lastMs, this.wallBaseMs);
    const limitMs = (MAX_STEPS_DUE_PER_FRAME * this.stepMs) / this.scale;
    if (nowMs - fromMs <= limitMs) return;
    this.rebase(undefined);
    this.wallBaseMs = nowMs - limitMs;
  }

  /** What the step times extrapolate with: the clock's rate now, the last frame's time. */
  syncTimes(): void {
    // A 0/1 factor, not a merge of 0 and a double, which V8 may box (docs/performance.md).
    this.times.rate = this.scale * (this.paused ? 0 : 1);
    this.times.fallbackMs = this.lastInputMs;
  }

  /** Every time on the input's clock moves by `deltaMs` (the clock it reads was replaced or went back). */
  shiftTimeline(deltaMs: number): void {
    this.lastMs += deltaMs;
    this.wallBaseMs += deltaMs;
    this.gridOriginMs += deltaMs;
    this.lastRawMs += deltaMs;
    this.times.shift(deltaMs, 0);
  }
}
