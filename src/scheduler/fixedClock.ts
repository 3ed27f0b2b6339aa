/**
 * One fixed-step clock on a scheduler, shared by many jobs: the core's fixed clock fed with the
 * scheduler's frames, and the jobs it runs each step and each frame. The scheduler's pause, time
 * scale and clamped gaps reach the core as its own controls, so one time (the frame's timestamp,
 * ms) goes from the browser to the step. Docs: docs/fixed-clock.md.
 */
import { DEFAULT_BOUNDARY_TOLERANCE, FixedStepClock, INTERPOLATION_RULE, type FixedStepFrame, type FixedStepOverload, type Interpolation } from '../core/internal.js';
import { checkNames, checkOptions, checkValue, finite, HeldNumber, optionsArgument, required } from '../core/internal.js';
import { CLOCK_RULES, type ClockSettings } from './fixedClockOptions.js';
import { JobList } from './fixedClockJobs.js';
import { controlWatchers, reportControl } from './controlWatchers.js';
import type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep, FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';
import { refreshRateOf, type LoopView } from './refreshDetection.js';
import type { FrameInfo, FrameScheduler } from './types.js';

export type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep, FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';

const OWNER = 'createFixedClock';
const NAMES = Object.keys(CLOCK_RULES);
/** A removed job's callback: whatever the user's callback held is collectable at once. */
const RELEASED = (): void => undefined;

/**
 * Create a fixed-step clock on `scheduler`, subscribed only while it has jobs; time zero is the
 * first frame after the first job is added. See docs/fixed-clock.md, "Without React".
 */
export function createFixedClock(scheduler: FrameScheduler, options: FixedClockOptions): FixedClock {
  const o = optionsArgument(OWNER, options, true);
  checkNames(OWNER, 'option', o, NAMES);
  const settings = checkOptions(OWNER, 'option', o, CLOCK_RULES);
  checkScheduler(OWNER, scheduler);
  return new SchedulerClock(scheduler, settings);
}

/** The clock behind {@link createFixedClock}, from checked settings (the hooks make theirs here). @internal */
export class SchedulerClock implements FixedClock {
  private readonly core: FixedStepClock;
  private sched: LoopView;
  private ownScale: number;
  private snapToDisplay: boolean;
  private jobPriority: number;
  private userPaused: boolean;
  private holds = 0;
  /** The scheduler's game time stood still at the last frame (paused, time scale 0), and its time scale then. */
  private schedulerHalted = false;
  private schedulerScale = 1;
  /** The display rate the core snaps to (NaN: raw timestamps). */
  private snapRate = NaN;
  /** Frames run (never reset); at the last pause (−1: none since). */
  private frames = 0;
  private pausedAtFrame = -1;
  private stepRequested = false;
  /** The next frame is joined without game time (a new scheduler, or frames passed while detached). */
  private rejoinPending = false;
  /** Scheduler frame index when the clock detached (no jobs left); −1 while attached or never. */
  private detachedAtFrame = -1;
  /** Inside the update pass: a control then sets `cancelled`, and a reset or a new grid waits for the pass's end. */
  private stepping = false;
  private cancelled = false;
  private resetPending = false;
  private gridPending = false;
  private pendingStep: number;
  private pendingMaxSteps: number;
  private pendingOverload: FixedStepOverload;
  private readonly updates = new JobList<FixedUpdate>(RELEASED);
  readonly renders = new JobList<FixedRender>(RELEASED);
  private readonly errors: unknown[] = [];
  /** dt and alpha as handed to the jobs: boxed once when they change, not at every call. */
  private readonly dt: HeldNumber;
  private readonly alpha = new HeldNumber(1);
  private unsubscribeUpdate: (() => void) | null = null;
  private unsubscribeRender: (() => void) | null = null;
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

  // ───────────── jobs ─────────────

  addUpdate(update: FixedUpdate, options?: FixedJobOptions): () => void {
    return this.addJob('Update', this.updates, update, options);
  }

  addRender(render: FixedRender, options?: FixedJobOptions): () => void {
    return this.addJob('Render', this.renders, render, options);
  }

  get updateCount(): number {
    return this.updates.count;
  }

  get renderCount(): number {
    return this.renders.count;
  }

  private addJob<F>(kind: 'Update' | 'Render', list: JobList<F>, fn: F, options: FixedJobOptions | undefined): () => void {
    const owner = `FixedClock.add${kind}`;
    if (typeof fn !== 'function') throw new TypeError(`${owner}: the ${kind.toLowerCase()} must be a function, got ${fn === null ? 'null' : typeof fn}`);
    const priority = checkValue(owner, 'option', 'priority', optionsArgument(owner, options, false).priority, finite(0));
    return this.placeJob(list, fn, priority);
  }

  /** Add a job at a checked `priority` (−Infinity: ahead of every job a user can add). */
  placeJob<F>(list: JobList<F>, fn: F, priority: number): () => void {
    const job = list.add(fn, priority);
    this.subscribe();
    return () => {
      if (!job.live) return;
      list.remove(job);
      this.subscribe();
    };
  }

  /** Subscribed exactly while there are jobs: updates while any job (it advances the clock), renders while any render. */
  private subscribe(): void {
    const jobs = this.updates.count + this.renders.count;
    if (this.renders.count === 0 && this.unsubscribeRender) {
      this.unsubscribeRender();
      this.unsubscribeRender = null;
    }
    if (jobs === 0 && this.unsubscribeUpdate) {
      this.unsubscribeUpdate();
      this.unsubscribeUpdate = null;
      this.detachedAtFrame = this.sched.frame.frameIndex;
    }
    if (jobs > 0 && !this.unsubscribeUpdate) {
      // Frames that ran while detached are not game time of this clock: join without a jump.
      if (this.detachedAtFrame >= 0 && this.sched.frame.frameIndex !== this.detachedAtFrame) this.rejoinPending = true;
      this.detachedAtFrame = -1;
      this.unsubscribeUpdate = this.sched.subscribe((frame) => this.runSteps(frame), { phase: 'update', priority: this.jobPriority });
    }
    if (this.renders.count > 0 && !this.unsubscribeRender) {
      this.unsubscribeRender = this.sched.subscribe((frame) => this.runRenders(frame), { phase: 'render', priority: this.jobPriority });
    }
  }

  /** Subscribe anew (another scheduler, or a new priority). */
  private resubscribe(): void {
    this.unsubscribeUpdate?.();
    this.unsubscribeRender?.();
    this.unsubscribeUpdate = this.unsubscribeRender = null;
    this.subscribe();
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
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.applyPause();
    };
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
    this.changeInterpolation(checkValue('FixedClock.setInterpolation', 'option', 'interpolation', next, required(INTERPOLATION_RULE)));
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
    checkNames(owner, 'option', o, NAMES);
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
  private applyReset(): void {
    this.resetPending = false;
    this.pausedAtFrame = -1;
    this.core.reset();
    copyFrame(this.stats, this.core.frame);
  }

  /** A new grid for the settings: the core carries elapsed game time into it. */
  private applyGrid(): void {
    this.gridPending = false;
    this.core.setGrid(this.pendingStep, this.pendingMaxSteps, this.pendingOverload);
    this.dt.value = this.pendingStep;
  }

  // ───────────── each frame ─────────────

  /** The scheduler's state this frame reaches the core as its own controls; false: the frame grants no game time (a throttled page). */
  private follow(frame: FrameInfo): boolean {
    const core = this.core;
    if (this.rejoinPending) {
      this.rejoinPending = false;
      core.skipTo(frame);
    }
    const halted = frame.paused || frame.timeScale === 0;
    if (halted !== this.schedulerHalted) {
      this.schedulerHalted = halted;
      // From the last frame: the scheduler's frame after a resume grants its whole interval.
      if (halted && !core.paused) core.pause();
      else if (!halted && core.paused && !this.paused) core.resume(core.lastMs);
    }
    if (halted) return true;
    if (frame.timeScale !== this.schedulerScale) {
      this.schedulerScale = frame.timeScale;
      core.setTimeScale(this.ownScale * frame.timeScale);
    }
    // A gap the scheduler clamped (maxDelta, a throttled page): the rest of it is no game time.
    if (frame.deltaSeconds === 0 && frame.rawDeltaSeconds > 0) return false;
    const skippedSeconds = frame.rawDeltaSeconds - frame.deltaSeconds / frame.timeScale;
    if (skippedSeconds > 1e-9) core.skipBefore(frame, skippedSeconds * 1000);
    return true;
  }

  /** While the scheduler reports a synced display, frame times go on its vblank grid. */
  private snap(): void {
    const estimate = refreshRateOf(this.sched);
    // Written out per case, not as one merged rate: V8 may box a merge of NaN and a double.
    if (this.snapToDisplay && estimate.synced) {
      if (estimate.refreshRate === this.snapRate) return;
      this.snapRate = estimate.refreshRate;
    } else {
      if (Number.isNaN(this.snapRate)) return;
      this.snapRate = NaN;
    }
    this.core.setRefreshRate(this.snapRate);
  }

  /** The `'update'` subscriber: decide the frame, run its steps. */
  private runSteps(frame: FrameInfo): void {
    this.updates.settle();
    const core = this.core;
    const flows = this.follow(frame);
    if (this.stepRequested) {
      this.stepRequested = false;
      core.stepOnce();
    }
    this.snap();
    core.presentLeadMs = (frame.divisor * 1000) / frame.refreshRate;
    const decision = flows || core.stepPending ? core.advanceAt(frame) : core.holdAt(frame);
    this.frames++;
    const step = this.currentStep;
    step.frame = frame;
    const due = decision.steps;
    let ran = 0;
    if (due > 0) {
      this.stepping = true;
      this.updates.running = true;
      while (ran < due && !this.cancelled) {
        core.placeStep(ran);
        this.runJobs(step);
        ran++;
      }
      this.updates.running = false;
      this.stepping = false;
    }
    this.cancelled = false;
    core.finishSteps(ran);
    copyFrame(this.stats, core.frame);
    if (this.resetPending) this.applyReset();
    else if (this.gridPending) this.applyGrid();
    this.rethrow('updates');
  }

  /** Every live update, in order, for one step; one that throws sits out the rest of the frame. */
  private runJobs(step: FixedClockStep): void {
    const jobs = this.updates.ordered;
    const dt = this.dt.value;
    for (let j = 0; j < jobs.length; j++) {
      const job = jobs[j]!;
      if (!job.live || job.skipFrame === this.frames) continue;
      try {
        job.fn(dt, step);
      } catch (error) {
        job.skipFrame = this.frames;
        this.errors.push(error);
      }
    }
  }

  /** The `'render'` subscriber. */
  private runRenders(frame: FrameInfo): void {
    this.renders.settle();
    this.renders.running = true;
    // Written (boxed) only when it changed, in place here: a call could box it on the way in.
    if (this.alpha.value !== this.stats.alpha) this.alpha.value = this.stats.alpha;
    const alpha = this.alpha.value;
    const jobs = this.renders.ordered;
    for (let j = 0; j < jobs.length; j++) {
      const job = jobs[j]!;
      if (!job.live) continue;
      try {
        job.fn(alpha, frame);
      } catch (error) {
        this.errors.push(error);
      }
    }
    this.renders.running = false;
    this.rethrow('renders');
  }

  /** Errors of this frame's jobs go to the scheduler (its `onError`, else rethrown after the frame). */
  private rethrow(what: string): void {
    const count = this.errors.length;
    if (count === 1) throw this.errors.pop();
    if (count > 1) throw new AggregateError(this.errors.splice(0), `react-timestep: ${count} fixed-step ${what} threw`);
  }
}

/** Field by field, not Object.assign: a builtin reads each number boxed (docs/performance.md). */
function copyFrame(to: FixedStepFrame, from: Readonly<FixedStepFrame>): void {
  to.steps = from.steps;
  to.alpha = from.alpha;
  to.droppedSeconds = from.droppedSeconds;
  to.totalSteps = from.totalSteps;
  to.pictureTime = from.pictureTime;
  to.elapsedGameSeconds = from.elapsedGameSeconds;
  to.pendingSeconds = from.pendingSeconds;
  to.totalDroppedSeconds = from.totalDroppedSeconds;
}

function dropUndefined(o: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in o) if (o[key] !== undefined) out[key] = o[key];
  return out;
}

function checkScheduler(owner: string, scheduler: unknown): void {
  if (typeof scheduler !== 'object' || typeof (scheduler as Partial<FrameScheduler> | null)?.subscribe !== 'function') {
    throw new TypeError(`${owner}: \`scheduler\` must be a frame scheduler (createFrameScheduler()), got ${scheduler === null ? 'null' : typeof scheduler}`);
  }
}

/**
 * Add `render` ahead of every render job of `clock`, whatever their priorities (users' priorities
 * are finite): a canvas's transform reset and clear come first. Returns the remover. @internal
 */
export function addFirstRender(clock: FixedClock, render: FixedRender): () => void {
  const own = clock as SchedulerClock;
  return own.placeJob(own.renders, render, -Infinity);
}
