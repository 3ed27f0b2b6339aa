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
import { clearFixedStepFrame, DEFAULT_BOUNDARY_TOLERANCE, DEFAULT_MAX_STEPS, fixedStepParts, INTERPOLATIONS, OVERLOADS } from '../core/fixedStep.js';
import { CLOCK_INPUT_MS, PREDICTED_PRESENT_MS } from '../core/fixedStepClock.js';
import type { FixedStep, FixedStepFrame, FixedStepOverload, Interpolation } from '../core/types.js';
import { booleanValue, finiteNumber, integerAtLeast, oneOf, optionsObject, positiveNumber, timeScaleValue, withDefault } from '../core/validate.js';
import { ANCHORS, BASE_DROPPED, BASE_ELAPSED, BASE_SIMULATED, LAST_FED_MS, MAP_GAME_MS, MAPPED_MS, OFFSET_MS, SLOTS, SNAP_RATE } from './fixedClockSlots.js';
import type { FrameInfo, FrameScheduler } from './types.js';

const OWNER = 'createFixedClock';
const KNOWN_OPTIONS = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'paused', 'priority', 'snapToDisplay'];

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
   * the grid first (`createFixedStep`'s `refreshRate`), so timestamp quantisation and jitter do not
   * decide how many steps run — at the display's rate exactly one step per vblank, a dropped frame
   * made up at once (on every frame while the timestamps' noise spans under half an interval; see
   * `createFixedStep`'s `refreshRate`). Default true. The React hooks install the detection this needs.
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
   * begins: exactly the previous step's `stepEndTimestampMs` (unless steps were dropped or skipped
   * in between, or after `reset()` or `setScheduler()`), so consecutive spans tile real time.
   */
  stepStartTimestampMs: number;
  /**
   * Real time (ms, the `performance.now()` / frame-timestamp clock) at which this step's game time
   * ends, mapped back through the clock's and the scheduler's time scale, pauses and clamped gaps:
   * the step stands for the real span (`stepStartTimestampMs`, `stepEndTimestampMs`], so an input
   * queue hands it exactly the events timestamped in that span. With `'ahead'` or `'predicted'`
   * interpolation, or a clock running ahead, it may lie after the current frame's timestamp. Never
   * before `stepStartTimestampMs`: when a faster time scale overtakes a step that ended ahead of its
   * frame, the steps that catch up stand for no new real time (start = end).
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
   * {@link FixedClockStep.stepEndTimestampMs}), for steps of the current grid near the last frame,
   * mapped with what the clock knows now: a step that ran ahead of an earlier frame was given the
   * end mapped then, which a clamped gap or a new time scale since may have moved.
   */
  stepEndTimestampMs(index: number): number;
  /** Updates added and not removed. */
  readonly updateCount: number;
  /** Renders added and not removed. */
  readonly renderCount: number;
}

interface Job<F> {
  /** The callback; {@link RELEASED} once removed (the job is dropped from its list at the next pass). */
  fn: F;
  priority: number;
  /**
   * Value of the clock's frame counter in which the job is skipped for the rest of the frame: it
   * threw in that frame, or it was added while the frame's steps were running. −1: never.
   */
  skipFrame: number;
}

/** A removed job's callback: releases whatever the user's callback held; marks the job dead. */
const RELEASED = (): void => undefined;

/** Job order: lower priority first; `Array.prototype.sort` is stable, so ties keep the order added. */
const byPriority = (a: Job<unknown>, b: Job<unknown>): number => a.priority - b.priority;

/**
 * Create a fixed-step clock on `scheduler`. It subscribes to the scheduler only while it has jobs:
 * one `'update'` subscription (advances the fixed step and runs every update per step) and one
 * `'render'` subscription (runs every render with the frame's alpha) for the whole clock. Time zero
 * is the first frame after the first job is added. Nothing is allocated per step, and per frame
 * nothing but the frame's alpha when it changes: one number, shared by every render.
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
  let [step, maxSteps, overload] = gridOptions(OWNER, opts);
  let interpolation = oneOf(OWNER, 'interpolation', withDefault(opts.interpolation, 'previous'), INTERPOLATIONS);
  let timeScale = timeScaleValue(OWNER, 'timeScale', withDefault(opts.timeScale, 1), false);
  const snapToDisplay = booleanValue(OWNER, 'snapToDisplay', withDefault(opts.snapToDisplay, true));
  let userPaused = booleanValue(OWNER, 'paused', withDefault(opts.paused, false));
  let priority = finiteNumber(OWNER, 'priority', withDefault(opts.priority, 0));

  let currentScheduler = scheduler;
  /** Created (and re-created for every new grid) by `replaceFixed`, called once below. */
  let fixed!: FixedStep;
  /**
   * The fixed step's state and its slot-reading advance: each frame's timestamp and predicted
   * present are written into the state (CLOCK_INPUT_MS, PREDICTED_PRESENT_MS), not passed to
   * `fixed.advance`, which boxed both (V8 does not inline it): 32 bytes a frame.
   */
  let fixedState!: Float64Array;
  let advanceFixed!: () => FixedStepFrame;
  const state = new Float64Array(SLOTS);
  /** Ring of (real ms, game ms of the current grid) per frame: anchors for mapping step times back. */
  const anchorReal = new Float64Array(ANCHORS);
  const anchorGame = new Float64Array(ANCHORS);
  /** Anchors kept (0: none since the grid began); the newest is just before `anchorNext`. */
  let anchorCount = 0;
  let anchorNext = 0;

  /** Each list sorted by priority (then order added) between passes; jobs added during a pass are appended. */
  const updates: Array<Job<FixedUpdate>> = [];
  const renders: Array<Job<FixedRender>> = [];
  let updateCount = 0;
  let renderCount = 0;
  /** A job was added or removed: the lists are compacted and sorted after the pass (or at once outside one). */
  let jobsChanged = false;
  /** True while updates (or renders) are being called: the lists are left as they are until the pass ends. */
  let stepping = false;
  /** Errors thrown by updates this frame, rethrown after the steps (reused). */
  const errors: unknown[] = [];

  let holds = 0;
  /** Frames advanced (never reset: also marks the frame in which a job is skipped). */
  let frames = 0;
  /** Value of `frames` at the last time zero (creation or `reset`): equal while no frame has run since. */
  let zeroFrame = 0;
  /** Value of `frames` when the fixed step was last paused (−1: not paused since); a pause made in frame n can be cancelled before n + 1. */
  let pausedAtFrame = -1;
  let stepRequested = false;
  /** The fed clock must be rebased at the next frame (new scheduler, or frames passed while detached). */
  let rebasePending = false;
  let fedAny = false;
  /** Steps counted by the fixed step in this grid but not run (a pause inside an update). */
  let skippedInGrid = 0;
  /**
   * `currentStep.stepEndTimestampMs` is where the last step run ended (false until a step runs, and
   * after `reset()` or `setScheduler()`): the next step, if it is the next index, begins there.
   */
  let lastEndKnown = false;
  /** Grid index of state 0 of the current grid; and steps run in earlier grids. */
  let indexBase = 0;
  let baseSteps = 0;
  /** Scheduler frame index when the clock detached (no jobs left), −1 while attached or never. */
  let detachedAtFrame = -1;
  let unsubscribeUpdate: (() => void) | null = null;
  let unsubscribeRender: (() => void) | null = null;
  /**
   * The frame's alpha as the renders get it. A fractional double handed to a call V8 does not
   * inline is boxed at that call; read from this closure variable (boxed once, when written) every
   * render gets the same box: one heap number a frame however many renders, not one per render.
   * That one is the floor while alpha changes: a render is the user's function, called with a
   * number it may keep, so each new fractional value must exist as a heap number (a local passed
   * to each render instead is boxed at every call V8 does not inline: one per render a frame).
   * Written only when alpha changed: a paused clock's frozen alpha is boxed once, not every frame.
   */
  let renderAlpha = 1;

  const currentStep: FixedClockStep = {
    index: 0,
    dt: step,
    stepStartTimestampMs: 0,
    stepEndTimestampMs: 0,
    stepInFrame: 0,
    stepsInFrame: 0,
    frame: scheduler.frame,
  };

  replaceFixed();

  const stats = {
    steps: 0,
    alpha: 1,
    droppedSeconds: 0,
    totalSteps: 0,
    pictureTime: 0,
    elapsedGameSeconds: 0,
    pendingSeconds: 0,
    totalDroppedSeconds: 0,
    paused: effectivePaused(),
    timeScale,
  };
  // `paused` and `timeScale` are data fields kept up to date where they change (applyPause,
  // setTimeScale), not getters: V8 (Node 20) keeps an object literal with accessors in dictionary
  // mode (and an object given accessors afterwards too, from the second clock on: each clock's
  // getters are its own closures), where every fractional number written to a field is a new heap
  // number, four a frame here (alpha, pictureTime, elapsedGameSeconds, pendingSeconds). In a
  // plain literal's fast shape the number fields are updated in place. (Spelt out, not built on
  // the fixed step's frame literal: smaller once gzipped, the field names are there already.)

  function effectivePaused(): boolean {
    return userPaused || holds > 0;
  }

  /**
   * A new fixed step for the current options (a new grid), started at fed-clock `startMs` (NaN:
   * not started, time zero at its first frame), paused at the last frame if the clock is paused.
   */
  function replaceFixed(startMs = NaN): void {
    [fixed, fixedState, advanceFixed] = fixedStepParts(step, maxSteps, overload, interpolation, timeScale, DEFAULT_BOUNDARY_TOLERANCE, NaN);
    state[SNAP_RATE] = NaN;
    fixed.advance(startMs);
    // (A fixed step not started yet ignores the time given to pause.)
    if (effectivePaused()) fixed.pause(state[LAST_FED_MS]);
    else pausedAtFrame = -1;
  }

  /** Bring the fixed step's pause in line with the clock's; cancels a pause made since the last frame. */
  function applyPause(): void {
    const want = effectivePaused();
    stats.paused = want;
    if (want && !fixed.paused) {
      fixed.pause();
      pausedAtFrame = frames;
    } else if (!want && fixed.paused) {
      // Paused and resumed with no frame in between: resume at the moment of the pause, so the
      // pair costs no game time (else every frame between pause and resume would be skipped).
      // (Before the fixed step's first frame the time is ignored: it starts at its next frame.)
      fixed.resume(pausedAtFrame === frames ? state[LAST_FED_MS] : undefined);
      pausedAtFrame = -1;
    }
  }

  /**
   * Keep the anchor the caller wrote at `anchorNext` (real ms in anchorReal, game ms in anchorGame).
   * Written there, not passed: a double that crosses a call V8 does not inline is boxed, and V8
   * did not always inline this one into onUpdate (seen on a busy machine: two heap numbers a
   * frame per clock, for as long as that code ran).
   */
  function keepAnchor(): void {
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
    let i = (anchorNext + (ANCHORS - 1)) % ANCHORS;
    const newestGame = anchorGame[i]!;
    if (gameMs >= newestGame) {
      const rate = effectivePaused() || currentScheduler.paused ? 0 : timeScale * currentScheduler.timeScale;
      state[MAPPED_MS] = rate > 0 ? anchorReal[i]! + (gameMs - newestGame) / rate : anchorReal[i]!;
      return;
    }
    for (let k = 1; k < anchorCount; k++) {
      const prev = (i + (ANCHORS - 1)) % ANCHORS;
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
    const rate = estimate.synced && frame.timeScale > 0 ? estimate.refreshRate / frame.timeScale : NaN;
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
      } else if (fedAny && !(fedMs > state[LAST_FED_MS]!)) {
        // The scheduler's game clock stands still (provider paused, time scale 0): one step anyway.
        fixed.pause();
        fixed.stepOnce();
        forcedStep = true;
      }
    }
    if (snapToDisplay) snapToSchedulerRate(frame);
    fixedState[CLOCK_INPUT_MS] = fedMs;
    fixedState[PREDICTED_PRESENT_MS] = fedMs + ((frame.divisor * frame.timeScale) / frame.refreshRate) * 1000;
    const decision = advanceFixed();
    if (forcedStep) fixed.resume(fedMs);
    state[LAST_FED_MS] = fedMs;
    fedAny = true;
    frames++;
    anchorReal[anchorNext] = frame.timestampMs;
    anchorGame[anchorNext] = decision.elapsedGameSeconds * 1000;
    keepAnchor();

    const stepsDue = decision.steps;
    const gridStep = step; // (the fixed step's own: a setOptions inside an update applies from the next frame)
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
      // The next index begins exactly where the last step ended, as `stepStartTimestampMs` says,
      // not where that game time maps now: the last step may have ended ahead of its frame (within
      // the boundary tolerance, or 'ahead' interpolation), mapped at the scale of that frame, and a
      // clamped gap or a new time scale since then maps the same game time elsewhere (a step a
      // third of a millisecond ahead, then a 2 s gap clamped to 0.25 s: 2.3 ms later). Mapped
      // afresh after a drop, a skip, a reset or a new scheduler.
      if (!lastEndKnown || indexBase + firstIndex !== currentStep.index + 1) {
        state[MAP_GAME_MS] = firstIndex * stepMs;
        mapToReal();
        currentStep.stepEndTimestampMs = state[MAPPED_MS]!;
      }
      for (let s = 0; s < stepsDue; s++) {
        // A pause() inside an update ends the stepping after the step it was called in.
        if (!wasPaused && effectivePaused()) {
          skippedNow = stepsDue - s;
          break;
        }
        const gridIndex = firstIndex + s;
        currentStep.index = indexBase + gridIndex;
        currentStep.stepInFrame = s;
        const startMs = currentStep.stepEndTimestampMs;
        currentStep.stepStartTimestampMs = startMs;
        state[MAP_GAME_MS] = (gridIndex + 1) * stepMs;
        mapToReal();
        // Never before its start: after a carried start that a faster time scale has since
        // overtaken, the steps that catch up stand for no new real time (empty spans), so code
        // that reads the spans never sees one run backwards.
        const mappedMs = state[MAPPED_MS]!;
        currentStep.stepEndTimestampMs = mappedMs > startMs ? mappedMs : startMs;
        // (A job removed during the pass calls RELEASED, a no-op, until the pass ends.)
        for (let j = 0; j < updates.length; j++) {
          const job = updates[j]!;
          if (job.skipFrame === frames) continue;
          try {
            job.fn(gridStep, currentStep);
          } catch (error) {
            job.skipFrame = frames;
            errors.push(error);
          }
        }
        run++;
      }
      if (run > 0) lastEndKnown = true;
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
    if (renderAlpha !== stats.alpha) renderAlpha = stats.alpha;
    stepping = true;
    // Renders added during the pass are appended past `count`: they run from the next frame on.
    for (let j = 0, count = renders.length; j < count; j++) {
      try {
        renders[j]!.fn(renderAlpha, frame);
      } catch (error) {
        errors.push(error);
      }
    }
    stepping = false;
    settle();
    rethrow('renders');
  }

  /** Outside a pass over the jobs: drop the removed jobs, sort the ones added. */
  function settle(): void {
    if (jobsChanged) {
      jobsChanged = false;
      tidy(updates);
      tidy(renders);
    }
  }

  /** Errors of this frame's jobs go to the scheduler (its `onError`, else rethrown after the frame). */
  function rethrow(what: string): void {
    const count = errors.length;
    if (count === 1) throw errors.pop();
    if (count > 1) throw new AggregateError(errors.splice(0), `react-timestep: ${count} fixed-step ${what} threw`);
  }

  /**
   * Subscribed exactly while there are jobs: the update subscription while there is any job (it
   * advances the clock), the render subscription while there are renders.
   */
  function sync(): void {
    const jobs = updateCount + renderCount;
    if (renderCount === 0 && unsubscribeRender) {
      unsubscribeRender();
      unsubscribeRender = null;
    }
    if (jobs === 0 && unsubscribeUpdate) {
      unsubscribeUpdate();
      unsubscribeUpdate = null;
      detachedAtFrame = currentScheduler.frame.frameIndex;
    }
    if (jobs > 0 && !unsubscribeUpdate) {
      // Frames that ran while detached are not game time of this clock: join without a jump.
      if (detachedAtFrame >= 0 && currentScheduler.frame.frameIndex !== detachedAtFrame) rebasePending = true;
      detachedAtFrame = -1;
      unsubscribeUpdate = currentScheduler.subscribe(onUpdate, { phase: 'update', priority });
    }
    if (renderCount > 0 && !unsubscribeRender) {
      unsubscribeRender = currentScheduler.subscribe(onRender, { phase: 'render', priority });
    }
  }

  /** Subscribe anew on `next` (another scheduler, or a new priority). */
  function renew(next: FrameScheduler): void {
    if (unsubscribeUpdate) unsubscribeUpdate();
    if (unsubscribeRender) unsubscribeRender();
    unsubscribeUpdate = unsubscribeRender = null;
    currentScheduler = next;
    sync();
  }

  /** A job added (+1) or removed (−1): counts, lists (at once outside a pass) and subscriptions. */
  function jobsChange(isUpdate: boolean, delta: number): void {
    if (isUpdate) updateCount += delta;
    else renderCount += delta;
    jobsChanged = true;
    // Sorting or compacting the array being iterated could run a job twice or skip one: wait till the pass ends.
    if (!stepping) settle();
    sync();
  }

  function add<F>(isUpdate: boolean, list: Array<Job<F>>, fn: F, jobOptions: FixedJobOptions | undefined): () => void {
    const owner = `FixedClock.add${isUpdate ? 'Update' : 'Render'}`;
    if (typeof fn !== 'function') typeError(owner, `the ${isUpdate ? 'update' : 'render'}`, 'a function', fn);
    const o = optionsObject(owner, jobOptions, false);
    // Added during a pass: appended, and (an update) skipped for the rest of the frame.
    const job: Job<F> = { fn, priority: finiteNumber(owner, 'priority', withDefault(o.priority, 0)), skipFrame: stepping ? frames : -1 };
    list.push(job);
    jobsChange(isUpdate, 1);
    return () => {
      if (job.fn === RELEASED) return;
      // Release the callback at once (whatever it holds is collectable now), the slot at the next pass.
      job.fn = RELEASED as F;
      jobsChange(isUpdate, -1);
    };
  }

  return {
    addUpdate: (update, jobOptions) => add(true, updates, update, jobOptions),
    addRender: (render, jobOptions) => add(false, renders, render, jobOptions),
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
      stats.timeScale = timeScale;
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
      const owner = 'FixedClock.setOptions';
      const [nextStep, nextMax, nextOverload] = gridOptions(owner, optionsObject(owner, next, true), step, maxSteps, overload);
      if (nextStep === step && nextMax === maxSteps && nextOverload === overload) return;
      const old = fixed.frame;
      const oldStep = step;
      step = nextStep;
      maxSteps = nextMax;
      overload = nextOverload;
      if (frames === zeroFrame) {
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
      state[BASE_SIMULATED]! += (old.totalSteps - skippedInGrid) * oldStep;
      state[BASE_DROPPED] = state[BASE_DROPPED]! + old.totalDroppedSeconds + skippedInGrid * oldStep;
      state[BASE_ELAPSED] = state[BASE_ELAPSED]! + old.elapsedGameSeconds - carriedSeconds;
      skippedInGrid = 0;
      // Time zero placed so that the fixed step's game clock reads `carriedSeconds` at the last
      // frame; paused at the last frame, as the old grid was. `pausedAtFrame` is kept, so a
      // resume() goes on exactly as it would have on the old grid (from the pause if no frame ran
      // since, else from the next frame).
      replaceFixed(state[LAST_FED_MS]! - (carriedSeconds * 1000) / timeScale);
      anchorCount = 0;
      anchorReal[anchorNext] = currentScheduler.frame.timestampMs;
      anchorGame[anchorNext] = carriedSeconds * 1000;
      keepAnchor();
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
      zeroFrame = frames;
      pausedAtFrame = -1;
      skippedInGrid = indexBase = baseSteps = anchorCount = 0;
      state.fill(0, BASE_ELAPSED, BASE_DROPPED + 1);
      clearFixedStepFrame(stats);
      currentStep.index = 0;
      lastEndKnown = false;
    },
    setScheduler(next) {
      checkScheduler('FixedClock.setScheduler', next);
      if (next === currentScheduler) return;
      // Another scheduler has another game clock: join it where this clock left off.
      rebasePending = true;
      detachedAtFrame = -1;
      // Another scheduler's timestamps may run on another clock: its first step's start is mapped.
      lastEndKnown = false;
      renew(next);
    },
    get scheduler() {
      return currentScheduler;
    },
    setPriority(next) {
      const p = finiteNumber('FixedClock.setPriority', 'priority', next);
      if (p === priority) return;
      priority = p;
      renew(currentScheduler);
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

/**
 * `step`, `maxSteps` and `overload` of `o` checked, each `undefined` replaced by the value given
 * (also the React bindings' check of their settings). The defaults are the fixed step's own.
 * @internal
 */
export function gridOptions(owner: string, o: Record<string, unknown>, step?: number, maxSteps = DEFAULT_MAX_STEPS, overload: FixedStepOverload = 'slow-motion'): [number, number, FixedStepOverload] {
  return [
    positiveNumber(owner, 'step', withDefault(o.step, step)),
    integerAtLeast(owner, 'maxSteps', withDefault(o.maxSteps, maxSteps), 1),
    oneOf(owner, 'overload', withDefault(o.overload, overload), OVERLOADS),
  ];
}

/** Drop removed jobs (in place) and sort by priority, ties in the order added. */
function tidy<F>(jobs: Array<Job<F>>): void {
  let write = 0;
  for (let read = 0; read < jobs.length; read++) {
    const job = jobs[read]!;
    if (job.fn !== RELEASED) jobs[write++] = job;
  }
  jobs.length = write;
  jobs.sort(byPriority);
}

function typeError(owner: string, what: string, expected: string, value: unknown): never {
  throw new TypeError(`${owner}: ${what} must be ${expected}, got ${value === null ? 'null' : typeof value}`);
}

function checkScheduler(owner: string, scheduler: unknown): void {
  if (typeof scheduler !== 'object' || typeof (scheduler as Partial<FrameScheduler> | null)?.subscribe !== 'function') {
    typeError(owner, '`scheduler`', 'a frame scheduler (createFrameScheduler())', scheduler);
  }
}
