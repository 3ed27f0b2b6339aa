/**
 * One fixed-step clock on a scheduler, shared by many jobs: the core's fixed clock fed with the
 * scheduler's frames, and the jobs it runs each step and each frame. The scheduler's pause, time
 * scale and clamped gaps reach the core as its own controls, so one time (the frame's timestamp,
 * ms) goes from the browser to the step. This file holds the jobs and what a frame does; the
 * controls and the state they share are in fixedClockControls.ts. Docs: docs/fixed-clock.md.
 */
import { advanceAt, checkNames, checkOptions, checkValue, finite, holdAt, optionsArgument } from '../core/internal.js';
import { CLOCK_RULES } from './fixedClockOptions.js';
import { checkScheduler, ClockControls, CLOCK_NAMES, copyFrame } from './fixedClockControls.js';
import type { JobList } from './fixedClockJobs.js';
import type { FixedClock, FixedClockOptions, FixedClockStep, FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';
import { refreshRateOf } from './refreshDetection.js';
import type { FrameInfo, FrameScheduler } from './types.js';

export type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep, FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';

const OWNER = 'createFixedClock';

/**
 * Create a fixed-step clock on `scheduler`, subscribed only while it has jobs; time zero is the
 * first frame after the first job is added. See docs/fixed-clock.md, "Without React".
 */
export function createFixedClock(scheduler: FrameScheduler, options: FixedClockOptions): FixedClock {
  const o = optionsArgument(OWNER, options, true);
  checkNames(OWNER, 'option', o, CLOCK_NAMES);
  const settings = checkOptions(OWNER, 'option', o, CLOCK_RULES);
  checkScheduler(OWNER, scheduler);
  return new SchedulerClock(scheduler, settings);
}

/** The clock behind {@link createFixedClock}, from checked settings (the hooks make theirs here). @internal */
export class SchedulerClock extends ClockControls {
  private unsubscribeUpdate: (() => void) | null = null;
  private unsubscribeRender: (() => void) | null = null;

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
  protected resubscribe(): void {
    this.unsubscribeUpdate?.();
    this.unsubscribeRender?.();
    this.unsubscribeUpdate = this.unsubscribeRender = null;
    this.subscribe();
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
    const decision = flows || core.stepPending ? advanceAt(core, frame) : holdAt(core, frame);
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

  /** The renders again, with the last frame and its alpha (no step, no game time); nothing before the first frame. */
  redraw(): void {
    if (this.frames > 0 && this.renders.count > 0) this.runRenders(this.sched.frame);
  }

  /** Errors of this frame's jobs go to the scheduler (its `onError`, else rethrown after the frame). */
  private rethrow(what: string): void {
    const count = this.errors.length;
    if (count === 1) throw this.errors.pop();
    if (count > 1) throw new AggregateError(this.errors.splice(0), `react-timestep: ${count} fixed-step ${what} threw`);
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

/**
 * Draw the last frame again between frames: a canvas whose buffer was resized (and so cleared)
 * shows its picture before the browser paints, not a blank one until the next frame. @internal
 */
export function redraw(clock: FixedClock): void {
  (clock as SchedulerClock).redraw();
}
