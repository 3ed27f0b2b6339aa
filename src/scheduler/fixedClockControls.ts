/**
 * The fixed clock's state and controls: pause, hold, single steps, time scale, options, reset and
 * the scheduler it runs on. A control made inside an update ends the frame's stepping after that
 * step, and a reset or a new grid waits for the pass's end. The jobs and what a frame does extend
 * this class in fixedClock.ts. @internal
 */
import { DEFAULT_BOUNDARY_TOLERANCE, FixedStepClock, INTERPOLATION_RULE, type FixedStepFrame, type FixedStepOverload, type Interpolation } from '../core/internal.js';
import { checkNames, checkOptions, checkValue, dropUndefined, finite, HeldNumber, optionsArgument, required } from '../core/internal.js';
import { CLOCK_RULES, type ClockSettings } from './fixedClockOptions.js';
import { JobList } from './fixedClockJobs.js';
import { controlWatchers, reportControl } from './controlWatchers.js';
import type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep, FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';
import type { LoopView } from './refreshDetection.js';
import type { FrameScheduler } from './types.js';

export const CLOCK_NAMES = Object.keys(CLOCK_RULES);
/** A removed job's callback: whatever the user's callback held is collectable at once. */
const RELEASED = (): void => undefined;

/** The state a frame reads and the controls that change it; `SchedulerClock` (fixedClock.ts) adds jobs and frames. */
export abstract class ClockControls implements FixedClock {
  protected readonly core: FixedStepClock;
  protected sched: LoopView;
  protected ownScale: number;
  protected snapToDisplay: boolean;
  protected jobPriority: number;
  private userPaused: boolean;
  private holds = 0;
  /** The scheduler's game time stood still at the last frame (paused, time scale 0), and its time scale then. */
  protected schedulerHalted = false;
  protected schedulerScale = 1;
  /** The display rate the core snaps to (NaN: raw timestamps). */
  protected snapRate = NaN;
  /** Frames run (never reset); at the last pause (−1: none since). */
  protected frames = 0;
  private pausedAtFrame = -1;
  protected stepRequested = false;
  /** The next frame is joined without game time (a new scheduler, or frames passed while detached). */
  protected rejoinPending = false;
  /** Scheduler frame index when the clock detached (no jobs left); −1 while attached or never. */
  protected detachedAtFrame = -1;
  /** Inside the update pass: a control then sets `cancelled`, and a reset or a new grid waits for the pass's end. */
  protected stepping = false;
  protected cancelled = false;
  protected resetPending = false;
  protected gridPending = false;
  private pendingStep: number;
  private pendingMaxSteps: number;
  private pendingOverload: FixedStepOverload;
  protected readonly updates = new JobList<FixedUpdate>(RELEASED);
  readonly renders = new JobList<FixedRender>(RELEASED);
  protected readonly errors: unknown[] = [];
  /** dt and alpha as handed to the jobs: boxed once when they change, not at every call. */
  protected readonly dt: HeldNumber;
  protected readonly alpha = new HeldNumber(1);
  readonly stats: FixedClockStats & FixedStepFrame & { paused: boolean; timeScale: number };
  readonly currentStep: FixedClockStep;

  constructor(scheduler: LoopView, settings: ClockSettings) {
    this.core = new FixedStepClock({ ...settings, boundaryTolerance: DEFAULT_BOUNDARY_TOLERANCE, refreshRate: NaN });
    this.dt = new HeldNumber(settings.step);
    this.sched = scheduler;
    this.ownScale = settings.timeScale;
    this.snapToDisplay = settings.snapToDisplay;
    this.jobPriority = settings.priority;
    this.userPaused = settings.paused;
    this.pendingStep = settings.step;
    this.pendingMaxSteps = settings.maxSteps;
    this.pendingOverload = settings.overload;
    if (settings.paused) this.core.pause();
    // A plain literal with data fields only (no getters): see docs/performance.md.
    this.stats = { steps: 0, alpha: 1, droppedSeconds: 0, totalSteps: 0, pictureTime: 0, elapsedGameSeconds: 0, pendingSeconds: 0, totalDroppedSeconds: 0, paused: settings.paused, timeScale: settings.timeScale };
    this.currentStep = this.core.currentStep as FixedClockStep;
    this.currentStep.frame = scheduler.frame;
    for (const watcher of controlWatchers) watcher.clockMade(this);
  }

  // ───────────── controls ─────────────

  get paused(): boolean {
    return this.userPaused || this.holds > 0;
  }

  pause(): void {
    if (controlWatchers.size > 0) reportControl(this, 'pause');
    this.userPaused = true;
    this.applyPause();
  }

  resume(): void {
    if (controlWatchers.size > 0) reportControl(this, 'resume');
    this.userPaused = false;
    this.applyPause();
  }

  hold(): () => void {
    this.holds++;
    this.applyPause();
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      if (controlWatchers.size > 0) reportControl(this, 'release', release);
      this.holds--;
      this.applyPause();
    };
    // The release is the hold's identity for a recorder (a provider's `paused` prop holds and releases).
    if (controlWatchers.size > 0) reportControl(this, 'hold', release);
    return release;
  }

  stepOnce(): boolean {
    if (controlWatchers.size > 0) reportControl(this, 'stepOnce');
    const s = this.sched;
    if (!this.paused && !s.paused && s.timeScale !== 0) return false;
    this.stepRequested = true;
    s.invalidate();
    return true;
  }

  get timeScale(): number {
    return this.ownScale;
  }

  setTimeScale(next: number): void {
    const scale = checkValue('FixedClock.setTimeScale', 'option', 'timeScale', next, required(CLOCK_RULES.timeScale));
    if (controlWatchers.size > 0) reportControl(this, 'setTimeScale', scale);
    this.changeTimeScale(scale);
  }

  get interpolation(): Interpolation {
    return this.core.interpolation;
  }

  setInterpolation(next: Interpolation): void {
    const mode = checkValue('FixedClock.setInterpolation', 'option', 'interpolation', next, required(INTERPOLATION_RULE));
    if (controlWatchers.size > 0) reportControl(this, 'setInterpolation', mode);
    this.changeInterpolation(mode);
  }

  get step(): number {
    return this.pendingStep;
  }

  get maxSteps(): number {
    return this.pendingMaxSteps;
  }

  get overload(): FixedStepOverload {
    return this.pendingOverload;
  }

  setOptions(next: Partial<FixedClockOptions>): void {
    const owner = 'FixedClock.setOptions';
    const o = optionsArgument(owner, next, true);
    checkNames(owner, 'option', o, CLOCK_NAMES);
    // Each option given is checked; left out, it keeps its value.
    const given = checkOptions(owner, 'option', { ...this.settings(), ...dropUndefined(o) }, CLOCK_RULES);
    if (controlWatchers.size > 0) reportControl(this, 'setOptions', dropUndefined(o));
    this.applySettings(given);
  }

  /** Follow `settings` (checked): only what changed acts. @internal */
  applySettings(s: ClockSettings): void {
    this.changeTimeScale(s.timeScale);
    this.changeInterpolation(s.interpolation);
    this.snapToDisplay = s.snapToDisplay;
    if (s.paused !== this.userPaused) {
      this.userPaused = s.paused;
      this.applyPause();
    }
    this.setPriority(s.priority);
    if (s.step === this.pendingStep && s.maxSteps === this.pendingMaxSteps && s.overload === this.pendingOverload) return;
    this.pendingStep = s.step;
    this.pendingMaxSteps = s.maxSteps;
    this.pendingOverload = s.overload;
    this.control();
    if (this.stepping) this.gridPending = true;
    else this.applyGrid();
  }

  reset(): void {
    if (controlWatchers.size > 0) reportControl(this, 'reset');
    this.control();
    if (this.stepping) this.resetPending = true;
    else this.applyReset();
  }

  /** Run on `next`: a scheduler, or (the hooks) the page-wide loop itself. */
  setScheduler(next: FrameScheduler | LoopView): void {
    checkScheduler('FixedClock.setScheduler', next);
    if (next === this.sched) return;
    this.control();
    // Another scheduler's frames are joined where this one left off, their times mapped afresh.
    this.rejoinPending = true;
    this.detachedAtFrame = -1;
    this.core.times.forgetLastStep();
    this.sched = next;
    this.resubscribe();
  }

  setPriority(next: number): void {
    const priority = checkValue('FixedClock.setPriority', 'option', 'priority', next, required(finite()));
    if (priority === this.jobPriority) return;
    this.jobPriority = priority;
    this.resubscribe();
  }

  stepEndTimestampMs(index: number): number {
    return this.core.stepEndTimestampMs(index);
  }

  private settings(): ClockSettings {
    return {
      step: this.pendingStep,
      maxSteps: this.pendingMaxSteps,
      overload: this.pendingOverload,
      interpolation: this.core.interpolation,
      timeScale: this.ownScale,
      paused: this.userPaused,
      priority: this.jobPriority,
      snapToDisplay: this.snapToDisplay,
    };
  }

  private changeTimeScale(scale: number): void {
    if (scale === this.ownScale) return;
    this.control();
    this.ownScale = this.stats.timeScale = scale;
    this.core.setTimeScale(scale * this.schedulerScale);
  }

  private changeInterpolation(mode: Interpolation): void {
    if (mode === this.core.interpolation) return;
    this.control();
    this.core.setInterpolation(mode);
  }

  /** A control inside an update ends the frame's stepping after the current step (see FixedClock). */
  private control(): void {
    if (this.stepping) this.cancelled = true;
  }

  /** Bring the core's pause in line with the clock's and the scheduler's; a pause made since the last frame is undone for free. */
  private applyPause(): void {
    this.stats.paused = this.paused;
    const halt = this.paused || this.schedulerHalted;
    const core = this.core;
    if (halt && !core.paused) {
      this.control();
      core.pause();
      this.pausedAtFrame = this.frames;
    } else if (!halt && core.paused) {
      this.control();
      // Paused and resumed with no frame in between: resume at the pause, so the pair costs no game time.
      core.resume(this.pausedAtFrame === this.frames ? core.lastMs : undefined);
      this.pausedAtFrame = -1;
    }
  }

  /** Back to time zero at the next frame. */
  protected applyReset(): void {
    this.resetPending = false;
    this.pausedAtFrame = -1;
    this.core.reset();
    copyFrame(this.stats, this.core.frame);
  }

  /** A new grid for the settings: the core carries elapsed game time into it. */
  protected applyGrid(): void {
    this.gridPending = false;
    this.core.setGrid(this.pendingStep, this.pendingMaxSteps, this.pendingOverload);
    this.dt.value = this.pendingStep;
  }

  // The jobs (fixedClock.ts).
  abstract addUpdate(update: FixedUpdate, options?: FixedJobOptions): () => void;
  abstract addRender(render: FixedRender, options?: FixedJobOptions): () => void;
  abstract get updateCount(): number;
  abstract get renderCount(): number;
  /** Subscribe anew (another scheduler, or a new priority). */
  protected abstract resubscribe(): void;
}

/** Field by field, not Object.assign: a builtin reads each number boxed (docs/performance.md). */
export function copyFrame(to: FixedStepFrame, from: Readonly<FixedStepFrame>): void {
  to.steps = from.steps;
  to.alpha = from.alpha;
  to.droppedSeconds = from.droppedSeconds;
  to.totalSteps = from.totalSteps;
  to.pictureTime = from.pictureTime;
  to.elapsedGameSeconds = from.elapsedGameSeconds;
  to.pendingSeconds = from.pendingSeconds;
  to.totalDroppedSeconds = from.totalDroppedSeconds;
}

export function checkScheduler(owner: string, scheduler: unknown): void {
  if (typeof scheduler !== 'object' || typeof (scheduler as Partial<FrameScheduler> | null)?.subscribe !== 'function') {
    throw new TypeError(`${owner}: \`scheduler\` must be a frame scheduler (createFrameScheduler()), got ${scheduler === null ? 'null' : typeof scheduler}`);
  }
}
