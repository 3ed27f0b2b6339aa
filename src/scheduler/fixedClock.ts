/**
 * One fixed-step clock shared by many jobs (a player, enemies, a physics world, a camera): the
 * clock owns ONE fixed step on the scheduler's game clock, and every job adds an update and/or a
 * render to it. Per step, every job's update runs (in priority order) before the next step begins,
 * so jobs interleave A B, A B instead of A A, B B; every render reads the same alpha. A job added
 * later joins the existing step grid: time zero is the clock's, not the job's.
 *
 * Framework-free: the React bindings (`<FixedClockProvider>`, `useFixedUpdate`, `useFixedTimestep`,
 * `<GameCanvas>`) are thin users of it.
 */
import { clearFixedStepFrame, createFixedStep } from '../core/fixedStep.js';
import type { FixedStep, FixedStepFrame, FixedStepOverload, Interpolation } from '../core/types.js';
import { finiteNumber, integerAtLeast, oneOf, optionsObject, positiveNumber, timeScaleValue, withDefault } from '../core/validate.js';
import type { FrameInfo, FrameScheduler } from './types.js';

const OWNER = 'createFixedClock';
const INTERPOLATIONS: readonly Interpolation[] = ['none', 'previous', 'ahead', 'predicted'];
const OVERLOADS: readonly FixedStepOverload[] = ['slow-motion', 'catch-up'];
/** The fixed step's own default (Peter Sundqvist, "Timestepping": at most 5 updates before a draw). */
const DEFAULT_MAX_STEPS = 5;
const KNOWN_OPTIONS = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'paused', 'priority', 'snapToDisplay'] as const;
/**
 * Frames of (real ms, game ms) kept to map a step's game time back to the real time at which it
 * falls. A step run now can lie a few frames back ('catch-up' debt is run off `maxSteps` a frame);
 * 32 frames covers any debt a frame-time spike leaves. Older game times map to the oldest frame kept.
 */
const ANCHORS = 32;

/** Options of {@link createFixedClock}. */
export interface FixedClockOptions {
  /** Seconds of game time per step, e.g. `1 / 60`: every update advances the game by exactly this. */
  step: number;
  /** Most steps in one frame. Default 5. */
  maxSteps?: number;
  /**
   * When more than `maxSteps` steps are due in one frame: `'slow-motion'` (default) drops the excess
   * and reports it in `droppedSeconds`; `'catch-up'` keeps the debt and runs it off `maxSteps` a frame.
   */
  overload?: FixedStepOverload;
  /** Which game time the picture shows, i.e. how `alpha` is computed. Default `'previous'`. */
  interpolation?: Interpolation;
  /** Game seconds per scheduler second for this clock (on top of the scheduler's own). Default 1. */
  timeScale?: number;
  /** Start paused. Default false. */
  paused?: boolean;
  /** Order of the clock's two scheduler subscriptions among others of the same phase (lower first). Default 0. */
  priority?: number;
  /**
   * Count steps on the display's vblank grid when the scheduler reports a synced display (its
   * refresh-rate detection is installed, or its rate was fixed): each frame's time is placed on
   * the grid first (`createFixedStep`'s `refreshRate`), so timestamp quantisation and jitter never
   * decide how many steps run — at the display's rate exactly one step per vblank, a dropped frame
   * made up at once. Default true. The React hooks install the detection this needs.
   */
  snapToDisplay?: boolean;
}

/** Options of {@link FixedClock.addUpdate} and {@link FixedClock.addRender}. */
export interface FixedJobOptions {
  /** Lower runs first within each step (updates) or each frame (renders). Ties run in the order added. Default 0. */
  priority?: number;
}

/**
 * The step being run, handed to every update (one reused object: read it during the call, do not
 * keep it). Outside an update it describes the last step run.
 */
export interface FixedClockStep {
  /**
   * The step's place on the clock's grid, counted from time zero (0 for the first step). Steps
   * dropped by `'slow-motion'` or a pause inside an update keep their numbers, so the index says
   * which span of game time the step covers. Continues across `setOptions` and resets with `reset`.
   */
  index: number;
  /** Game seconds this step advances, equal to the clock's `step`. */
  dt: number;
  /**
   * Real time (ms, the `performance.now()` / frame-timestamp clock) at which this step's game time
   * begins: equal to the previous step's `stepEndTimestampMs`.
   */
  stepStartTimestampMs: number;
  /**
   * Real time (ms, the `performance.now()` / frame-timestamp clock) at which this step's game time
   * ends, mapped back through the clock's and the scheduler's time scale, pauses and clamped gaps:
   * the step stands for the real span (`stepStartTimestampMs`, `stepEndTimestampMs`], so an input
   * queue hands it exactly the events timestamped in that span. With `'ahead'` or `'predicted'`
   * interpolation, or a clock running ahead, it may lie after the current frame's timestamp.
   */
  stepEndTimestampMs: number;
  /** 0 for the first step of this frame, 1 for the second … */
  stepInFrame: number;
  /** Steps this frame. */
  stepsInFrame: number;
  /** The scheduler's frame (a reused object). */
  frame: FrameInfo;
}

/** A job's update: advance the game by exactly `dt` seconds. */
export type FixedUpdate = (dt: number, step: Readonly<FixedClockStep>) => void;

/** A job's render: draw the state blended `alpha` ∈ [0, 1] from the previous to the latest state. */
export type FixedRender = (alpha: number, frame: FrameInfo) => void;

/**
 * Live numbers of a fixed clock, updated once a frame (one reused object). Totals run from the last
 * time zero (creation or `reset`) across `setOptions` changes of the step.
 */
export interface FixedClockStats extends Readonly<FixedStepFrame> {
  /** True while the clock is paused (by `pause()`, the `paused` option or a hold). */
  readonly paused: boolean;
  /** The clock's own time scale (on top of the scheduler's). */
  readonly timeScale: number;
}

/** Options that change the step grid: applied by {@link FixedClock.setOptions}, game time carried over. */
export interface FixedClockGridOptions {
  /** New seconds per step. */
  step?: number;
  /** New most steps per frame. */
  maxSteps?: number;
  /** New overload policy. */
  overload?: FixedStepOverload;
}

/** A fixed-step clock that many jobs share. Create with {@link createFixedClock}. */
export interface FixedClock {
  /**
   * Add an update to every step (in `priority` order, then the order added). Joins the running
   * grid from the next frame on. Returns the (idempotent) remove function. An update that throws is
   * reported through the scheduler (`onError`) after the frame's steps and skipped for the rest of
   * that frame; the other jobs still run every step.
   */
  addUpdate(update: FixedUpdate, options?: FixedJobOptions): () => void;
  /** Add a render, called once a frame after all updates with the frame's one alpha. Returns the remove function. */
  addRender(render: FixedRender, options?: FixedJobOptions): () => void;
  /**
   * Stop game time from the last frame on (no further step runs, not even later in the frame being
   * run: a `pause()` inside an update ends the frame's stepping after that step, and the steps
   * left are reported as dropped). Renders go on with a frozen alpha.
   */
  pause(): void;
  /**
   * Let game time run again from the next frame; the paused time is skipped, not caught up. A
   * `pause()` and `resume()` with no frame in between cancel out: no time is lost.
   */
  resume(): void;
  /**
   * Keep the clock paused until the returned release function is called, independent of
   * `pause()`/`resume()` (a `paused` prop, an off-screen canvas): `resume()` does not undo a hold,
   * and releasing a hold does not undo a `pause()`.
   */
  hold(): () => void;
  /** True while paused by `pause()` or a hold. */
  readonly paused: boolean;
  /**
   * Run exactly one step at the next frame, whichever pause is in force: the clock's own, or the
   * scheduler's (`<FrameProvider paused>`, time scale 0). While nothing is paused there is no
   * single step to take: it does nothing and returns false (true when a step was scheduled).
   */
  stepOnce(): boolean;
  /** Game seconds per scheduler second, from the last frame on (> 0). */
  setTimeScale(timeScale: number): void;
  /** The clock's own time scale. */
  readonly timeScale: number;
  /** Switch the interpolation mode from the next frame on. */
  setInterpolation(interpolation: Interpolation): void;
  /** Which game time the picture shows. */
  readonly interpolation: Interpolation;
  /**
   * Change the step grid. The game time already elapsed is carried into the new grid (the part
   * of a step not yet simulated, and any catch-up debt, is simulated in new steps): nothing is
   * lost. Pause, holds, a pending `stepOnce`, time scale and interpolation are kept.
   */
  setOptions(options: FixedClockGridOptions): void;
  /** Seconds of game time per step. */
  readonly step: number;
  /** Most steps per frame. */
  readonly maxSteps: number;
  /** The overload policy. */
  readonly overload: FixedStepOverload;
  /** Back to time zero at the next frame (step index 0). Keeps pause, time scale and options. */
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
  /**
   * Real time (ms) at which the game time of the end of step `index` falls (see
   * {@link FixedClockStep.stepEndTimestampMs}), for steps of the current grid near the last frame.
   */
  stepEndTimestampMs(index: number): number;
  /** Updates added and not removed. */
  readonly updateCount: number;
  /** Renders added and not removed. */
  readonly renderCount: number;
}

interface Job<F> {
  fn: F;
  priority: number;
  seq: number;
  live: boolean;
  /** Frame number in which this job threw: skipped for the rest of that frame. */
  failedFrame: number;
}

/** Sorted job list: insertion by binary search; removal flags the job, compaction happens between frames. */
function insertJob<F>(jobs: Array<Job<F>>, job: Job<F>): void {
  let lo = 0;
  let hi = jobs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = jobs[mid] as Job<F>;
    if (job.priority < other.priority || (job.priority === other.priority && job.seq < other.seq)) hi = mid;
    else lo = mid + 1;
  }
  jobs.splice(lo, 0, job);
}

function compact<F>(jobs: Array<Job<F>>): void {
  let write = 0;
  for (let read = 0; read < jobs.length; read++) {
    const job = jobs[read] as Job<F>;
    if (job.live) jobs[write++] = job;
  }
  jobs.length = write;
}

// Slots of the Float64Array holding the clock's fractional state (V8 boxes a fractional double
// written to a closure variable on every write: one allocation per frame).
/** Last game-clock ms handed to the fixed step (scheduler elapsed ms + offset). */
const LAST_FED_MS = 0;
/** Added to the scheduler's elapsed ms: keeps the fed clock continuous across a scheduler change or idle gap. */
const OFFSET_MS = 1;
/** Game seconds of earlier grids (before the last setOptions): elapsed, simulated, dropped. */
const BASE_ELAPSED = 2;
const BASE_SIMULATED = 3;
const BASE_DROPPED = 4;
/** Scratch: the input and the result of `mapToReal`. */
const MAP_GAME_MS = 5;
const MAPPED_MS = 6;
/** The display rate (in fed-clock Hz) the fixed step snaps to now; NaN: raw timestamps. */
const SNAP_RATE = 7;
const SLOTS = 8;

/**
 * Create a fixed-step clock on `scheduler`. It subscribes to the scheduler only while it has jobs:
 * one `'update'` subscription (advances the fixed step and runs every update per step) and one
 * `'render'` subscription (runs every render with the frame's alpha) for the whole clock. Time zero
 * is the first frame after the first job is added. Zero allocation per frame and per step.
 *
 * The clock counts on the scheduler's game clock (`frame.elapsedSeconds`), so the scheduler's
 * pause, time scale and `maxDelta` clamping apply underneath the clock's own.
 *
 * @example
 * ```ts
 * const clock = createFixedClock(scheduler, { step: 1 / 60 });
 * const stopPlayer = clock.addUpdate((dt) => player.update(dt), { priority: 0 });
 * const stopEnemy = clock.addUpdate((dt) => enemy.update(dt), { priority: 1 });
 * const stopDraw = clock.addRender((alpha) => draw(alpha));
 * ```
 * @throws RangeError naming the option when an option is missing or out of range.
 */
export function createFixedClock(scheduler: FrameScheduler, options: FixedClockOptions): FixedClock {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  checkScheduler(OWNER, scheduler);
  let step = positiveNumber(OWNER, 'step', opts.step);
  let maxSteps = integerAtLeast(OWNER, 'maxSteps', withDefault(opts.maxSteps, DEFAULT_MAX_STEPS), 1);
  let overload = oneOf(OWNER, 'overload', withDefault(opts.overload, 'slow-motion'), OVERLOADS);
  let interpolation = oneOf(OWNER, 'interpolation', withDefault(opts.interpolation, 'previous'), INTERPOLATIONS);
  let timeScale = timeScaleValue(OWNER, 'timeScale', withDefault(opts.timeScale, 1), false);
  const snapOption = withDefault(opts.snapToDisplay, true);
  if (typeof snapOption !== 'boolean') throw new RangeError(`${OWNER}: option \`snapToDisplay\` must be a boolean, got ${typeof snapOption}`);
  const snapToDisplay = snapOption;
  const pausedOption = withDefault(opts.paused, false);
  if (typeof pausedOption !== 'boolean') throw new RangeError(`${OWNER}: option \`paused\` must be a boolean, got ${typeof pausedOption}`);
  let priority = finiteNumber(OWNER, 'priority', withDefault(opts.priority, 0));

  let currentScheduler = scheduler;
  let fixed: FixedStep = createFixedStep({ step, maxSteps, overload, interpolation, timeScale });
  const state = new Float64Array(SLOTS);
  state[SNAP_RATE] = Number.NaN;
  /** Ring of (real ms, game ms of the current grid) per frame: anchors for mapping step times back. */
  const anchorReal = new Float64Array(ANCHORS);
  const anchorGame = new Float64Array(ANCHORS);
  let anchorCount = 0;
  let anchorNext = 0;

  const updates: Array<Job<FixedUpdate>> = [];
  const renders: Array<Job<FixedRender>> = [];
  let updateCount = 0;
  let renderCount = 0;
  let seq = 0;
  let needsCompact = false;
  /** True while updates (or renders) are being called: jobs added now wait in the pending lists. */
  let stepping = false;
  const pendingUpdates: Array<Job<FixedUpdate>> = [];
  const pendingRenders: Array<Job<FixedRender>> = [];
  /** Errors thrown by updates this frame, rethrown after the steps (reused). */
  const errors: unknown[] = [];

  let userPaused = pausedOption;
  let holds = 0;
  /** Frames advanced since the last time zero; a pause made in frame n can be cancelled before n + 1. */
  let frames = 0;
  /** Value of `frames` when the fixed step was last paused (−1: not paused since). */
  let pausedAtFrame = -1;
  let stepRequested = false;
  /** The fed clock must be rebased at the next frame (new scheduler, or frames passed while detached). */
  let rebasePending = false;
  let fedAny = false;
  /** Steps counted by the fixed step in this grid but not run (a pause inside an update). */
  let skippedInGrid = 0;
  /** Grid index of state 0 of the current grid; and steps run in earlier grids. */
  let indexBase = 0;
  let baseSteps = 0;
  /** Scheduler frame index when the clock detached (no jobs left), −1 while attached or never. */
  let detachedAtFrame = -1;
  let unsubscribeUpdate: (() => void) | null = null;
  let unsubscribeRender: (() => void) | null = null;

  const currentStep: FixedClockStep = {
    index: 0,
    dt: step,
    stepStartTimestampMs: 0,
    stepEndTimestampMs: 0,
    stepInFrame: 0,
    stepsInFrame: 0,
    frame: scheduler.frame,
  };

  const stats = {
    steps: 0,
    alpha: 1,
    droppedSeconds: 0,
    totalSteps: 0,
    pictureTime: 0,
    elapsedGameSeconds: 0,
    pendingSeconds: 0,
    totalDroppedSeconds: 0,
    get paused(): boolean {
      return effectivePaused();
    },
    get timeScale(): number {
      return timeScale;
    },
  };

  function effectivePaused(): boolean {
    return userPaused || holds > 0;
  }

  /** Bring the fixed step's pause in line with the clock's; cancels a pause made since the last frame. */
  function applyPause(): void {
    const want = effectivePaused();
    if (want && !fixed.paused) {
      fixed.pause();
      pausedAtFrame = frames;
    } else if (!want && fixed.paused) {
      // Paused and resumed with no frame in between: resume at the moment of the pause, so the
      // pair costs no game time (else every frame between pause and resume would be skipped).
      if (pausedAtFrame === frames && fedAny && frames > 0) fixed.resume(state[LAST_FED_MS]!);
      else fixed.resume();
      pausedAtFrame = -1;
    }
  }
  if (userPaused) applyPause();

  function resetAnchors(): void {
    anchorCount = 0;
    anchorNext = 0;
  }

  function pushAnchor(realMs: number, gameMs: number): void {
    anchorReal[anchorNext] = realMs;
    anchorGame[anchorNext] = gameMs;
    anchorNext = (anchorNext + 1) % ANCHORS;
    if (anchorCount < ANCHORS) anchorCount++;
  }

  /**
   * state[MAPPED_MS] = the earliest real ms at which the current grid's game clock reached
   * state[MAP_GAME_MS]: linear between frame anchors (a clamped gap or a time scale compresses the
   * span; a pause maps to the frame where it began), extrapolated at the clock's rate past the last
   * frame. In and out through slots, not an argument and a return value: a double that crosses a
   * call V8 does not inline is boxed, and this runs once per step.
   */
  function mapToReal(): void {
    const gameMs = state[MAP_GAME_MS]!;
    if (anchorCount === 0) {
      state[MAPPED_MS] = currentScheduler.frame.timestampMs;
      return;
    }
    let i = (anchorNext + ANCHORS - 1) % ANCHORS;
    const newestGame = anchorGame[i]!;
    if (gameMs >= newestGame) {
      const rate = effectivePaused() ? 0 : timeScale * currentScheduler.timeScale * (currentScheduler.paused ? 0 : 1);
      state[MAPPED_MS] = rate > 0 ? anchorReal[i]! + (gameMs - newestGame) / rate : anchorReal[i]!;
      return;
    }
    for (let k = 1; k < anchorCount; k++) {
      const prev = (i + ANCHORS - 1) % ANCHORS;
      const prevGame = anchorGame[prev]!;
      if (prevGame < gameMs) {
        const span = anchorGame[i]! - prevGame;
        state[MAPPED_MS] = anchorReal[prev]! + ((gameMs - prevGame) / span) * (anchorReal[i]! - anchorReal[prev]!);
        return;
      }
      i = prev;
    }
    state[MAPPED_MS] = anchorReal[i]!;
  }

  /**
   * Follow the scheduler's display: while it reports a synced rate, the fixed step places frame
   * times on that vblank grid. The fed clock is the scheduler's game clock, so a vblank on it lasts
   * one refresh interval times the scheduler's time scale.
   */
  function snapToSchedulerRate(frame: FrameInfo): void {
    const estimate = currentScheduler.refreshRate;
    const rate = estimate.synced && frame.timeScale > 0 ? estimate.refreshRate / frame.timeScale : Number.NaN;
    const applied = state[SNAP_RATE]!;
    if (rate === applied || (rate !== rate && applied !== applied)) return;
    state[SNAP_RATE] = rate;
    fixed.setRefreshRate(rate === rate ? rate : undefined);
  }

  function onUpdate(frame: FrameInfo): void {
    settle();
    const elapsedMs = frame.elapsedSeconds * 1000;
    if (rebasePending) {
      rebasePending = false;
      if (fedAny) state[OFFSET_MS] = state[LAST_FED_MS]! - elapsedMs;
    }
    const fedMs = elapsedMs + state[OFFSET_MS]!;
    let forcedStep = false;
    if (stepRequested) {
      stepRequested = false;
      if (fixed.paused) {
        fixed.stepOnce();
      } else if (!(fedAny && fedMs > state[LAST_FED_MS]!) && fedAny) {
        // The scheduler's game clock stands still (provider paused, time scale 0): one step anyway.
        fixed.pause();
        fixed.stepOnce();
        forcedStep = true;
      }
    }
    if (snapToDisplay) snapToSchedulerRate(frame);
    const decision = fixed.advance(fedMs, fedMs + frame.nextDeltaSeconds * 1000);
    if (forcedStep) fixed.resume(fedMs);
    state[LAST_FED_MS] = fedMs;
    fedAny = true;
    frames++;
    pushAnchor(frame.timestampMs, decision.elapsedGameSeconds * 1000);

    const stepsDue = decision.steps;
    const gridStep = fixed.step;
    const stepMs = gridStep * 1000;
    const droppedInGrid = Math.round(decision.totalDroppedSeconds / gridStep);
    // Grid index of the first step run now: states before it, plus every dropped step (dropped
    // time lies before the steps run in the same frame).
    const firstIndex = decision.totalSteps - stepsDue + droppedInGrid;
    currentStep.dt = gridStep;
    currentStep.frame = frame;
    currentStep.stepsInFrame = stepsDue;
    let run = 0;
    let skippedNow = 0;
    if (stepsDue > 0) {
      stepping = true;
      const wasPaused = effectivePaused();
      state[MAP_GAME_MS] = firstIndex * stepMs;
      mapToReal();
      currentStep.stepEndTimestampMs = state[MAPPED_MS]!;
      for (let s = 0; s < stepsDue; s++) {
        // A pause() inside an update ends the stepping after the step it was called in.
        if (!wasPaused && effectivePaused()) {
          skippedNow = stepsDue - s;
          break;
        }
        const gridIndex = firstIndex + s;
        currentStep.index = indexBase + gridIndex;
        currentStep.stepInFrame = s;
        currentStep.stepStartTimestampMs = currentStep.stepEndTimestampMs;
        state[MAP_GAME_MS] = (gridIndex + 1) * stepMs;
        mapToReal();
        currentStep.stepEndTimestampMs = state[MAPPED_MS]!;
        for (let j = 0; j < updates.length; j++) {
          const job = updates[j] as Job<FixedUpdate>;
          if (!job.live || job.failedFrame === frames) continue;
          try {
            job.fn(gridStep, currentStep);
          } catch (error) {
            job.failedFrame = frames;
            errors.push(error);
          }
        }
        run++;
      }
      stepping = false;
    }
    skippedInGrid += skippedNow;
    const skippedSeconds = skippedInGrid * gridStep;
    stats.steps = run;
    stats.alpha = decision.alpha;
    stats.droppedSeconds = decision.droppedSeconds + skippedNow * gridStep;
    stats.totalSteps = baseSteps + decision.totalSteps - skippedInGrid;
    stats.pictureTime = state[BASE_SIMULATED]! + decision.pictureTime - skippedSeconds;
    stats.elapsedGameSeconds = state[BASE_ELAPSED]! + decision.elapsedGameSeconds;
    stats.pendingSeconds = decision.pendingSeconds;
    stats.totalDroppedSeconds = state[BASE_DROPPED]! + decision.totalDroppedSeconds + skippedSeconds;
    settle();
    rethrow('updates');
  }

  function onRender(frame: FrameInfo): void {
    const alpha = stats.alpha;
    stepping = true;
    for (let j = 0; j < renders.length; j++) {
      const job = renders[j] as Job<FixedRender>;
      if (!job.live) continue;
      try {
        job.fn(alpha, frame);
      } catch (error) {
        errors.push(error);
      }
    }
    stepping = false;
    settle();
    rethrow('renders');
  }

  /** After a pass over the jobs: insert the jobs added during it, drop the removed ones. */
  function settle(): void {
    if (pendingUpdates.length > 0) {
      for (let i = 0; i < pendingUpdates.length; i++) insertJob(updates, pendingUpdates[i]!);
      pendingUpdates.length = 0;
    }
    if (pendingRenders.length > 0) {
      for (let i = 0; i < pendingRenders.length; i++) insertJob(renders, pendingRenders[i]!);
      pendingRenders.length = 0;
    }
    if (needsCompact) {
      needsCompact = false;
      compact(updates);
      compact(renders);
    }
  }

  /** Errors of this frame's jobs go to the scheduler (its `onError`, else rethrown after the frame). */
  function rethrow(what: string): void {
    if (errors.length === 0) return;
    const first = errors[0];
    if (errors.length === 1) {
      errors.length = 0;
      throw first;
    }
    const all = errors.slice();
    errors.length = 0;
    throw new AggregateError(all, `react-timestep: ${all.length} fixed-step ${what} threw`);
  }

  function attach(): void {
    if (unsubscribeUpdate === null) {
      // Frames that ran while detached are not game time of this clock: join without a jump.
      if (detachedAtFrame >= 0 && currentScheduler.frame.frameIndex !== detachedAtFrame) rebasePending = true;
      detachedAtFrame = -1;
      unsubscribeUpdate = currentScheduler.subscribe(onUpdate, { phase: 'update', priority });
    }
    if (unsubscribeRender === null && renderCount > 0) {
      unsubscribeRender = currentScheduler.subscribe(onRender, { phase: 'render', priority });
    }
  }

  function detach(): void {
    if (renderCount === 0 && unsubscribeRender !== null) {
      unsubscribeRender();
      unsubscribeRender = null;
    }
    if (updateCount === 0 && renderCount === 0 && unsubscribeUpdate !== null) {
      unsubscribeUpdate();
      unsubscribeUpdate = null;
      detachedAtFrame = currentScheduler.frame.frameIndex;
    }
  }

  function add<F>(isUpdate: boolean, list: Array<Job<F>>, pending: Array<Job<F>>, fn: F, jobOptions: FixedJobOptions | undefined, released: F): () => void {
    const what = isUpdate ? 'addUpdate' : 'addRender';
    if (typeof fn !== 'function') throw new TypeError(`FixedClock.${what}: the ${isUpdate ? 'update' : 'render'} must be a function, got ${fn === null ? 'null' : typeof fn}`);
    const o = optionsObject(`FixedClock.${what}`, jobOptions, false);
    const job: Job<F> = { fn, priority: finiteNumber(`FixedClock.${what}`, 'priority', withDefault(o.priority, 0)), seq: seq++, live: true, failedFrame: -1 };
    // Inserting into the array being iterated could run a job twice or skip one: wait till the pass ends.
    if (stepping) pending.push(job);
    else insertJob(list, job);
    if (isUpdate) updateCount++;
    else renderCount++;
    attach();
    return () => {
      if (!job.live) return;
      job.live = false;
      // Release the callback at once (whatever it holds is collectable now), the slot at the next pass.
      job.fn = released;
      needsCompact = true;
      if (isUpdate) updateCount--;
      else renderCount--;
      if (!stepping) settle();
      detach();
    };
  }

  function resubscribe(): void {
    if (unsubscribeUpdate) {
      unsubscribeUpdate();
      unsubscribeUpdate = currentScheduler.subscribe(onUpdate, { phase: 'update', priority });
    }
    if (unsubscribeRender) {
      unsubscribeRender();
      unsubscribeRender = currentScheduler.subscribe(onRender, { phase: 'render', priority });
    }
  }

  /** A new fixed step for a new grid; pause state re-applied. */
  function replaceFixed(): void {
    fixed = createFixedStep({ step, maxSteps, overload, interpolation, timeScale });
    state[SNAP_RATE] = Number.NaN;
    if (effectivePaused()) fixed.pause();
    else pausedAtFrame = -1;
  }

  return {
    addUpdate: (update, jobOptions) => add(true, updates, pendingUpdates, update, jobOptions, NO_UPDATE),
    addRender: (render, jobOptions) => add(false, renders, pendingRenders, render, jobOptions, NO_RENDER),
    pause() {
      userPaused = true;
      applyPause();
    },
    resume() {
      userPaused = false;
      applyPause();
    },
    hold() {
      holds++;
      applyPause();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        applyPause();
      };
    },
    get paused() {
      return effectivePaused();
    },
    stepOnce() {
      const s = currentScheduler;
      if (!effectivePaused() && !s.paused && s.timeScale !== 0) return false;
      stepRequested = true;
      s.invalidate();
      return true;
    },
    setTimeScale(next) {
      timeScale = timeScaleValue('FixedClock.setTimeScale', 'timeScale', next, false);
      fixed.setTimeScale(timeScale);
    },
    get timeScale() {
      return timeScale;
    },
    setInterpolation(next) {
      interpolation = oneOf('FixedClock.setInterpolation', 'interpolation', next, INTERPOLATIONS);
      fixed.setInterpolation(interpolation);
    },
    get interpolation() {
      return interpolation;
    },
    setOptions(next) {
      const o = optionsObject('FixedClock.setOptions', next, true);
      const nextStep = o.step === undefined ? step : positiveNumber('FixedClock.setOptions', 'step', o.step);
      const nextMax = o.maxSteps === undefined ? maxSteps : integerAtLeast('FixedClock.setOptions', 'maxSteps', o.maxSteps, 1);
      const nextOverload = o.overload === undefined ? overload : oneOf('FixedClock.setOptions', 'overload', o.overload, OVERLOADS);
      if (nextStep === step && nextMax === maxSteps && nextOverload === overload) return;
      const old = fixed.frame;
      const oldStep = step;
      step = nextStep;
      maxSteps = nextMax;
      overload = nextOverload;
      if (frames === 0) {
        replaceFixed();
        return;
      }
      // Carry the game time into the new grid: everything simulated or dropped so far stays in
      // the totals; what was due but not yet simulated (the fraction of a step, catch-up debt)
      // becomes the new grid's first game time, so new steps simulate it.
      const carriedSeconds = old.pendingSeconds > 0 ? old.pendingSeconds : 0;
      const droppedInGrid = Math.round(old.totalDroppedSeconds / oldStep);
      indexBase += old.totalSteps + droppedInGrid;
      baseSteps += old.totalSteps - skippedInGrid;
      state[BASE_SIMULATED] = state[BASE_SIMULATED]! + (old.totalSteps - skippedInGrid) * oldStep;
      state[BASE_DROPPED] = state[BASE_DROPPED]! + old.totalDroppedSeconds + skippedInGrid * oldStep;
      state[BASE_ELAPSED] = state[BASE_ELAPSED]! + old.elapsedGameSeconds - carriedSeconds;
      skippedInGrid = 0;
      const fedMs = state[LAST_FED_MS]!;
      fixed = createFixedStep({ step, maxSteps, overload, interpolation, timeScale });
      state[SNAP_RATE] = Number.NaN;
      // Time zero placed so that the fixed step's game clock reads `carriedSeconds` at the last frame.
      fixed.advance(fedMs - (carriedSeconds * 1000) / timeScale);
      // Paused at the last frame, as the old grid was; `pausedAtFrame` is kept, so a resume() goes
      // on exactly as it would have on the old grid (from the pause if no frame ran since, else
      // from the next frame).
      if (effectivePaused()) fixed.pause(fedMs);
      else pausedAtFrame = -1;
      resetAnchors();
      pushAnchor(currentScheduler.frame.timestampMs, carriedSeconds * 1000);
    },
    get step() {
      return step;
    },
    get maxSteps() {
      return maxSteps;
    },
    get overload() {
      return overload;
    },
    reset() {
      replaceFixed();
      frames = 0;
      pausedAtFrame = -1;
      skippedInGrid = 0;
      indexBase = 0;
      baseSteps = 0;
      state[BASE_ELAPSED] = 0;
      state[BASE_SIMULATED] = 0;
      state[BASE_DROPPED] = 0;
      resetAnchors();
      clearFixedStepFrame(stats);
      currentStep.index = 0;
    },
    setScheduler(next) {
      checkScheduler('FixedClock.setScheduler', next);
      if (next === currentScheduler) return;
      const hadUpdate = unsubscribeUpdate !== null;
      if (unsubscribeUpdate) unsubscribeUpdate();
      if (unsubscribeRender) unsubscribeRender();
      unsubscribeUpdate = null;
      unsubscribeRender = null;
      currentScheduler = next;
      // Another scheduler has another game clock: join it where this clock left off.
      rebasePending = true;
      detachedAtFrame = -1;
      if (hadUpdate) attach();
    },
    get scheduler() {
      return currentScheduler;
    },
    setPriority(next) {
      const p = finiteNumber('FixedClock.setPriority', 'priority', next);
      if (p === priority) return;
      priority = p;
      resubscribe();
    },
    stats,
    currentStep,
    stepEndTimestampMs(index) {
      state[MAP_GAME_MS] = (index - indexBase + 1) * step * 1000;
      mapToReal();
      return state[MAPPED_MS]!;
    },
    get updateCount() {
      return updateCount;
    },
    get renderCount() {
      return renderCount;
    },
  };
}

const NO_UPDATE: FixedUpdate = () => undefined;
const NO_RENDER: FixedRender = () => undefined;

function checkScheduler(owner: string, scheduler: unknown): void {
  const s = scheduler as Partial<FrameScheduler> | null;
  if (typeof s !== 'object' || s === null || typeof s.subscribe !== 'function') {
    throw new TypeError(`${owner}: \`scheduler\` must be a frame scheduler (createFrameScheduler()), got ${s === null ? 'null' : typeof s}`);
  }
}
