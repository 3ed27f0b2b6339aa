/**
 * One fixed-step clock shared by many jobs (a player, enemies, a physics world, a camera): ONE
 * fixed step on the scheduler's game clock; per step every job's update runs (priority order), so
 * jobs interleave A B, A B; every render reads the same alpha. A job added later joins the running
 * grid. Framework-free: `<FixedClockProvider>`, `useFixedUpdate`, `useFixedTimestep` and
 * `<GameCanvas>` are thin users of it. State: fixedClockFrame.ts; docs: docs/fixed-clock.md.
 */
import { DEFAULT_MAX_STEPS, INTERPOLATIONS, OVERLOADS, stepValue } from '../core/fixedStep.js';
import type { FixedStepOverload } from '../core/types.js';
import { booleanValue, finiteNumber, integerAtLeast, oneOf, optionsObject, timeScaleValue, withDefault } from '../core/validate.js';
import { addJob, createJobList, removeJob, type JobList } from './fixedClockJobs.js';
import { applyGridChange, applyReset, createRenderPass, createUpdatePass, isPaused, prepareMap, replaceEngine, type ClockCore } from './fixedClockFrame.js';
import { createTimeMap, mapToReal } from './fixedClockTime.js';
import type { FixedClock, FixedClockOptions, FixedJobOptions } from './fixedClockTypes.js';
import type { FrameScheduler } from './types.js';

export type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep, FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';

const OWNER = 'createFixedClock';
const KNOWN_OPTIONS = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'paused', 'priority', 'snapToDisplay'];

/** A removed job's callback: whatever the user's callback held is collectable at once. */
const RELEASED = (): void => undefined;

/**
 * Create a fixed-step clock on `scheduler`. While it has jobs it holds one `'update'` subscription
 * (advances the fixed step, runs every update per step) and one `'render'` subscription (every
 * render with the frame's alpha). Time zero is the first frame after the first job is added. It
 * counts on the scheduler's game clock, so the scheduler's pause, time scale and `maxDelta`
 * apply underneath its own. Nothing is allocated per step. See docs/fixed-clock.md.
 *
 * @example
 * const clock = createFixedClock(scheduler, { step: 1 / 60 });
 * const stopPlayer = clock.addUpdate((dt) => player.update(dt), { priority: 0 });
 * const stopDraw = clock.addRender((alpha) => draw(alpha));
 * @throws RangeError naming the option when an option is missing or out of range.
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
      // Another scheduler has another game clock (join it where this clock left off) and may run
      // its timestamps on another clock (its first step's start is mapped afresh).
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

/**
 * `step`, `maxSteps` and `overload` of `o` checked, each `undefined` replaced by the value given
 * (also the React bindings' check of their settings).
 * @internal
 */
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
