// One fixed-step clock shared by many jobs, framework-free: its public types and controls here; its
// state and per-frame passes in fixedClockFrame.ts. Docs: docs/fixed-clock.md.
import { DEFAULT_MAX_STEPS, INTERPOLATIONS, OVERLOADS, stepValue } from '../core/fixedStep.js';
import type { FixedStepOverload, Interpolation } from '../core/types.js';
import { booleanValue, finiteNumber, integerAtLeast, oneOf, optionsObject, timeScaleValue, withDefault } from '../core/validate.js';
import { addJob, createJobList, removeJob, type JobList } from './fixedClockJobs.js';
import { applyGridChange, applyReset, createRenderPass, createUpdatePass, isPaused, prepareMap, replaceEngine, type ClockCore } from './fixedClockFrame.js';
import { createTimeMap, mapToReal } from './fixedClockTime.js';
import type { FixedClockStats, FixedClockStep, FixedRender, FixedUpdate } from './fixedClockFrame.js';
import type { FrameScheduler } from './types.js';

export type { FixedClockStats, FixedClockStep, FixedRender, FixedUpdate } from './fixedClockFrame.js';

/** Options of {@link createFixedClock}; also what {@link FixedClock.setOptions} changes. */
export interface FixedClockOptions {
  /** Seconds of game time per step, e.g. `1 / 60` (at least 1e-6). */
  step: number;
  /** Most steps in one frame. Default 5. */
  maxSteps?: number;
  /** Past `maxSteps`: `'slow-motion'` (default) drops the excess, `'catch-up'` keeps the debt. */
  overload?: FixedStepOverload;
  /** Which game time the picture shows, i.e. how `alpha` is computed. Default `'previous'`. */
  interpolation?: Interpolation;
  /** Game seconds per scheduler second for this clock (on top of the scheduler's own). Default 1. */
  timeScale?: number;
  /** Paused (as by `pause()`). Default false. */
  paused?: boolean;
  /** Order of the clock's two scheduler subscriptions among others of the same phase (lower first). Default 0. */
  priority?: number;
  /** Count steps on the display's vblank grid while the scheduler reports a synced display. Default true. */
  snapToDisplay?: boolean;
}

/** Options of {@link FixedClock.addUpdate} and {@link FixedClock.addRender}. */
export interface FixedJobOptions {
  /** Lower runs first within each step (updates) or each frame (renders). Ties run in the order added. Default 0. */
  priority?: number;
}

/** A fixed-step clock that many jobs share; controls inside an update: docs/fixed-clock.md. */
export interface FixedClock {
  /** Add an update to every step (`priority` order, then the order added), from the next frame. Returns the remove function. */
  addUpdate(update: FixedUpdate, options?: FixedJobOptions): () => void;
  /** Add a render, called once a frame after all updates with the frame's alpha. Returns the remove function. */
  addRender(render: FixedRender, options?: FixedJobOptions): () => void;
  /** Stop game time from the last frame on; renders go on with a frozen alpha. */
  pause(): void;
  /** Let game time run again from the next frame (the paused time is skipped; a pause and resume with no frame between cost nothing). */
  resume(): void;
  /** Keep the clock paused until the returned release is called, independent of `pause()`/`resume()`. */
  hold(): () => void;
  /** True while paused by `pause()` (or the `paused` option) or a hold. */
  readonly paused: boolean;
  /** While paused (the clock or the scheduler): run exactly one step at the next frame and return true; else false. */
  stepOnce(): boolean;
  /** Game seconds per scheduler second, from the last frame on (> 0). */
  setTimeScale(timeScale: number): void;
  /** The clock's own time scale. */
  readonly timeScale: number;
  /** Switch the interpolation mode from the next frame on. */
  setInterpolation(interpolation: Interpolation): void;
  /** Which game time the picture shows. */
  readonly interpolation: Interpolation;
  /** Change any option; a new `step`, `maxSteps` or `overload` carries elapsed game time into the new grid. */
  setOptions(options: Partial<FixedClockOptions>): void;
  /** Seconds of game time per step. */
  readonly step: number;
  /** Most steps per frame. */
  readonly maxSteps: number;
  /** The overload policy. */
  readonly overload: FixedStepOverload;
  /** Back to time zero at the next frame (step index 0), clearing the stats; keeps pause, time scale and options. */
  reset(): void;
  /** Run on another scheduler (its game clock is joined without a jump in game time). */
  setScheduler(scheduler: FrameScheduler): void;
  /** The scheduler the clock runs on. */
  readonly scheduler: FrameScheduler;
  /** Order of the clock's scheduler subscriptions among others of the same phase. */
  setPriority(priority: number): void;
  /** Live numbers (one reused object). */
  readonly stats: FixedClockStats;
  /** The step being run (during an update) or the last one run. */
  readonly currentStep: Readonly<FixedClockStep>;
  /** Real time (ms) at which step `index` of the current grid ends, mapped with what the clock knows now. */
  stepEndTimestampMs(index: number): number;
  /** Updates added and not removed. */
  readonly updateCount: number;
  /** Renders added and not removed. */
  readonly renderCount: number;
}

const OWNER = 'createFixedClock';
const KNOWN_OPTIONS = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'paused', 'priority', 'snapToDisplay'];

/** A removed job's callback: whatever the user's callback held is collectable at once. */
const RELEASED = (): void => undefined;

/**
 * Create a fixed-step clock on `scheduler`, subscribed only while it has jobs; time zero is the
 * first frame after the first job is added. See docs/fixed-clock.md, "Without React".
 */
export function createFixedClock(scheduler: FrameScheduler, options: FixedClockOptions): FixedClock {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  checkScheduler(OWNER, scheduler);
  const [step, maxSteps, overload] = gridOptions(OWNER, opts);
  const timeScale = timeScaleValue(OWNER, 'timeScale', withDefault(opts.timeScale, 1), false);
  const userPaused = booleanValue(OWNER, 'paused', withDefault(opts.paused, false));
  const c: ClockCore = {
    scheduler,
    engine: undefined as never, // replaceEngine below
    gridStep: step,
    step,
    maxSteps,
    overload,
    interpolation: oneOf(OWNER, 'interpolation', withDefault(opts.interpolation, 'previous'), INTERPOLATIONS),
    timeScale,
    snapToDisplay: booleanValue(OWNER, 'snapToDisplay', withDefault(opts.snapToDisplay, true)),
    priority: finiteNumber(OWNER, 'priority', withDefault(opts.priority, 0)),
    userPaused,
    holds: 0,
    lastFedMs: 0,
    offsetMs: 0,
    fedAny: false,
    rebasePending: false,
    snapRate: NaN,
    baseElapsed: 0,
    baseSimulated: 0,
    baseDropped: 0,
    indexBase: 0,
    baseSteps: 0,
    droppedInGrid: 0,
    frames: 0,
    zeroFrame: 0,
    pausedAtFrame: -1,
    stepRequested: false,
    lastEndKnown: false,
    stepping: false,
    cancelled: false,
    resetPending: false,
    gridPending: false,
    detachedAtFrame: -1,
    updates: createJobList(),
    renders: createJobList(),
    errors: [],
    // A plain literal with data fields only (no getters): see docs/performance.md.
    stats: { steps: 0, alpha: 1, droppedSeconds: 0, totalSteps: 0, pictureTime: 0, elapsedGameSeconds: 0, pendingSeconds: 0, totalDroppedSeconds: 0, paused: userPaused, timeScale },
    currentStep: { index: 0, dt: step, stepStartTimestampMs: 0, stepEndTimestampMs: 0, stepInFrame: 0, stepsInFrame: 0, frame: scheduler.frame },
    time: createTimeMap(),
  };
  replaceEngine(c, NaN, 0);
  const onUpdate = createUpdatePass(c);
  const onRender = createRenderPass(c);
  let unsubscribeUpdate: (() => void) | null = null;
  let unsubscribeRender: (() => void) | null = null;

  /** A control inside an update ends the frame's stepping after the current step (see FixedClock). */
  function control(): void {
    if (c.stepping) c.cancelled = true;
  }

  /** Bring the fixed step's pause in line with the clock's; a pause made since the last frame is undone for free. */
  function applyPause(): void {
    const want = isPaused(c);
    const fixed = c.engine.fixed;
    c.stats.paused = want;
    if (want && !fixed.paused) {
      control();
      fixed.pause();
      c.pausedAtFrame = c.frames;
    } else if (!want && fixed.paused) {
      control();
      // Paused and resumed with no frame in between: resume at the pause, so the pair costs no game time.
      fixed.resume(c.pausedAtFrame === c.frames ? c.lastFedMs : undefined);
      c.pausedAtFrame = -1;
    }
  }

  /** Subscribed exactly while there are jobs: updates while any job (it advances the clock), renders while any render. */
  function sync(): void {
    const jobs = c.updates.count + c.renders.count;
    if (c.renders.count === 0 && unsubscribeRender) {
      unsubscribeRender();
      unsubscribeRender = null;
    }
    if (jobs === 0 && unsubscribeUpdate) {
      unsubscribeUpdate();
      unsubscribeUpdate = null;
      c.detachedAtFrame = c.scheduler.frame.frameIndex;
    }
    if (jobs > 0 && !unsubscribeUpdate) {
      // Frames that ran while detached are not game time of this clock: join without a jump.
      if (c.detachedAtFrame >= 0 && c.scheduler.frame.frameIndex !== c.detachedAtFrame) c.rebasePending = true;
      c.detachedAtFrame = -1;
      unsubscribeUpdate = c.scheduler.subscribe(onUpdate, { phase: 'update', priority: c.priority });
    }
    if (c.renders.count > 0 && !unsubscribeRender) {
      unsubscribeRender = c.scheduler.subscribe(onRender, { phase: 'render', priority: c.priority });
    }
  }

  /** Subscribe anew on `next` (another scheduler, or a new priority). */
  function renew(next: FrameScheduler): void {
    unsubscribeUpdate?.();
    unsubscribeRender?.();
    unsubscribeUpdate = unsubscribeRender = null;
    c.scheduler = next;
    sync();
  }

  function add<F>(kind: 'Update' | 'Render', list: JobList<F>, fn: F, jobOptions: FixedJobOptions | undefined): () => void {
    const owner = `FixedClock.add${kind}`;
    if (typeof fn !== 'function') typeError(owner, `the ${kind.toLowerCase()}`, 'a function', fn);
    const o = optionsObject(owner, jobOptions, false);
    const job = addJob(list, fn, finiteNumber(owner, 'priority', withDefault(o.priority, 0)));
    sync();
    return () => {
      if (!job.live) return;
      removeJob(list, job, RELEASED as F);
      sync();
    };
  }

  function setTimeScale(next: number): void {
    const scale = timeScaleValue('FixedClock.setTimeScale', 'timeScale', next, false);
    if (scale === c.timeScale) return;
    control();
    c.timeScale = c.stats.timeScale = scale;
    c.engine.fixed.setTimeScale(scale);
  }

  function setInterpolation(next: FixedClockOptions['interpolation']): void {
    const mode = oneOf('FixedClock.setInterpolation', 'interpolation', next, INTERPOLATIONS);
    if (mode === c.interpolation) return;
    control();
    c.interpolation = mode;
    c.engine.fixed.setInterpolation(mode);
  }

  function setPriority(next: number): void {
    const p = finiteNumber('FixedClock.setPriority', 'priority', next);
    if (p === c.priority) return;
    c.priority = p;
    renew(c.scheduler);
  }

  return {
    addUpdate: (update, jobOptions) => add('Update', c.updates, update, jobOptions),
    addRender: (render, jobOptions) => add('Render', c.renders, render, jobOptions),
    pause() {
      c.userPaused = true;
      applyPause();
    },
    resume() {
      c.userPaused = false;
      applyPause();
    },
    hold() {
      c.holds++;
      applyPause();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        c.holds--;
        applyPause();
      };
    },
    get paused() {
      return isPaused(c);
    },
    stepOnce() {
      const s = c.scheduler;
      if (!isPaused(c) && !s.paused && s.timeScale !== 0) return false;
      c.stepRequested = true;
      s.invalidate();
      return true;
    },
    setTimeScale,
    get timeScale() {
      return c.timeScale;
    },
    setInterpolation,
    get interpolation() {
      return c.interpolation;
    },
    setOptions(next) {
      const owner = 'FixedClock.setOptions';
      const o = optionsObject(owner, next, true, KNOWN_OPTIONS);
      const [nextStep, nextMax, nextOverload] = gridOptions(owner, o, c.step, c.maxSteps, c.overload);
      if (o.timeScale !== undefined) setTimeScale(o.timeScale as number);
      if (o.interpolation !== undefined) setInterpolation(o.interpolation as FixedClockOptions['interpolation']);
      if (o.snapToDisplay !== undefined) c.snapToDisplay = booleanValue(owner, 'snapToDisplay', o.snapToDisplay);
      if (o.paused !== undefined) {
        c.userPaused = booleanValue(owner, 'paused', o.paused);
        applyPause();
      }
      if (o.priority !== undefined) setPriority(o.priority as number);
      if (nextStep === c.step && nextMax === c.maxSteps && nextOverload === c.overload) return;
      c.step = nextStep;
      c.maxSteps = nextMax;
      c.overload = nextOverload;
      control();
      if (c.stepping) c.gridPending = true;
      else applyGridChange(c);
    },
    get step() {
      return c.step;
    },
    get maxSteps() {
      return c.maxSteps;
    },
    get overload() {
      return c.overload;
    },
    reset() {
      control();
      if (c.stepping) c.resetPending = true;
      else applyReset(c);
    },
    setScheduler(next) {
      checkScheduler('FixedClock.setScheduler', next);
      if (next === c.scheduler) return;
      control();
      // Another scheduler's game clock is joined where this one left off; its timestamps mapped afresh.
      c.rebasePending = true;
      c.detachedAtFrame = -1;
      c.lastEndKnown = false;
      renew(next);
    },
    get scheduler() {
      return c.scheduler;
    },
    setPriority,
    stats: c.stats,
    currentStep: c.currentStep,
    stepEndTimestampMs(index) {
      prepareMap(c);
      c.time.gameMs = (index - c.indexBase + 1) * c.gridStep * 1000;
      mapToReal(c.time);
      return c.time.mappedMs;
    },
    get updateCount() {
      return c.updates.count;
    },
    get renderCount() {
      return c.renders.count;
    },
  };
}

/** `step`, `maxSteps` and `overload` of `o` checked, each `undefined` replaced by the value given. */
export function gridOptions(owner: string, o: Record<string, unknown>, step?: number, maxSteps = DEFAULT_MAX_STEPS, overload: FixedStepOverload = 'slow-motion'): [number, number, FixedStepOverload] {
  return [
    stepValue(owner, withDefault(o.step, step)),
    integerAtLeast(owner, 'maxSteps', withDefault(o.maxSteps, maxSteps), 1),
    oneOf(owner, 'overload', withDefault(o.overload, overload), OVERLOADS),
  ];
}

function typeError(owner: string, what: string, expected: string, value: unknown): never {
  throw new TypeError(`${owner}: ${what} must be ${expected}, got ${value === null ? 'null' : typeof value}`);
}

function checkScheduler(owner: string, scheduler: unknown): void {
  if (typeof scheduler !== 'object' || typeof (scheduler as Partial<FrameScheduler> | null)?.subscribe !== 'function') {
    typeError(owner, '`scheduler`', 'a frame scheduler (createFrameScheduler())', scheduler);
  }
}
