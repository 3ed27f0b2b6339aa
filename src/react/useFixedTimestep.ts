import { useContext, useEffect, useRef } from 'react';
import type { FixedStepFrame, FixedStepOverload, Interpolation } from '../core/types.js';
import { createFixedClock } from '../scheduler/fixedClock.js';
import { installRefreshDetection } from '../scheduler/refreshDetection.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
import type { FrameInfo, FrameScheduler } from '../scheduler/types.js';
import { FixedClockContext } from './fixedClockContext.js';
import { checkFixedSettings, checkFunction, checkPositive, propError } from './fixedProps.js';
import { isDevelopment } from '../scheduler/devMode.js';
import type { Noun } from './fixedProps.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useLatest } from './useLatest.js';

/** Options of {@link useFixedTimestep}. */
export interface UseFixedTimestepOptions {
  /**
   * Seconds of game time per update, e.g. `1 / 60`. Required unless a `<FixedClockProvider>` is
   * above (whose step is used; a different value throws). A change takes effect at the next frame
   * and carries the game time already elapsed into the new grid: nothing is lost, and pause and
   * time scale are kept.
   */
  step?: number;
  /** Advance the game by exactly `dt` (= `step`) seconds. Runs in the `'update'` phase, 0…maxSteps times a frame. Required. */
  update: (dt: number, frame: FrameInfo) => void;
  /**
   * Draw the state blended `alpha` ∈ [0, 1] of the way from the previous to the latest state.
   * Runs once a frame in the `'render'` phase, after every hook's updates.
   */
  render?: (alpha: number, frame: FrameInfo) => void;
  /** Which game time the picture shows. Default `'previous'`. Applied without restarting the clock. */
  interpolation?: Interpolation;
  /** Most updates in one frame. Default 5. A change carries game time like `step`. */
  maxSteps?: number;
  /** `'slow-motion'` (default) or `'catch-up'`. A change carries game time like `step`. */
  overload?: FixedStepOverload;
  /**
   * Pause this loop's game time (the scheduler keeps running for others). Independent of the
   * controls: `paused={false}` does not lift a `pause()`. Under a `<FixedClockProvider>` it pauses
   * this component's updates only (its render keeps the picture it had); the clock runs on.
   */
  paused?: boolean;
  /**
   * Order among subscribers of the same phase (lower first). Default 0. Under a
   * `<FixedClockProvider>`: the order of this update among the clock's jobs within each step.
   */
  priority?: number;
}

/**
 * Live numbers of a fixed-timestep loop. Reading a field reads the current value: the object is
 * stable and never triggers a render. Read it in a frame callback, an event handler or a test.
 * Totals count from time zero across changes of `step`.
 */
export interface FixedTimestepStats extends Readonly<FixedStepFrame> {
  /**
   * True while this loop's clock is paused: by `pause()`, and when alone also by `paused` or
   * `pauseWhenOffscreen`. Under a `<FixedClockProvider>` those two pause the component's own
   * updates, not the shared clock, and do not show here.
   */
  readonly paused: boolean;
  /** This loop's own time scale (on top of the scheduler's). */
  readonly timeScale: number;
}

/**
 * Stable controls returned by {@link useFixedTimestep}; safe to call from event handlers. Under a
 * `<FixedClockProvider>` they act on the shared clock (every component on it), like `useFixedClock()`.
 */
export interface FixedTimestepControls {
  /** Stop game time (updates stop, even later in the frame when called inside an update; render keeps drawing the frozen picture). */
  pause(): void;
  /** Let game time run again; the paused time is skipped, not caught up. A pause() and resume() with no frame between cost nothing. */
  resume(): void;
  /** Back to time zero: state 0 at the next frame. */
  reset(): void;
  /**
   * Run exactly one update at the next frame, whichever pause is in force (this loop's, or the
   * scheduler's: `<FrameProvider paused>`). While nothing is paused it does nothing (and warns in
   * development).
   */
  stepOnce(): void;
  /** Game seconds per scheduler second for this loop only. Kept across changes of `step`. */
  setTimeScale(timeScale: number): void;
  /** Live counters; see {@link FixedTimestepStats}. */
  readonly stats: FixedTimestepStats;
}

/** What a fixed-step user (the hook, `<GameCanvas>`) hands to {@link useFixedJob}. @internal */
export interface FixedJobSettings {
  step: unknown;
  update: unknown;
  render: unknown;
  interpolation: unknown;
  maxSteps: unknown;
  overload: unknown;
  paused: unknown;
  priority: unknown;
}

/** Used when alone and the caller gave no `step` (`<GameCanvas>`); undefined: `step` is required. @internal */
export interface FixedJobDefaults {
  step?: number;
}

/**
 * A fixed-timestep loop (Peter Sundqvist, "Timestepping"): `update` always advances by exactly
 * `step` seconds, as many times as game time requires, and `render` gets the blend factor for the
 * picture.
 *
 * Alone, the hook makes a clock of its own (a {@link createFixedClock} on the scheduler). Under a
 * `<FixedClockProvider>` it joins the provider's clock: its update runs in every step of the shared
 * grid (interleaved with the other components', ordered by `priority`), its render gets the shared
 * alpha, and the controls act on the shared clock. There, `step` must be left out or equal the
 * provider's (anything else throws a RangeError); a different `maxSteps`, `overload` or
 * `interpolation` is ignored in favour of the provider's, with a warning in development.
 *
 * The clock is the scheduler's game clock (`frame.elapsedSeconds`), so the scheduler's pause,
 * time scale and `maxDelta` clamping all apply. For `'predicted'` interpolation the next present
 * is this frame's game time plus `frame.nextDeltaSeconds`.
 *
 * Never re-renders. Updates of all hooks run before any render (two subscriptions per clock:
 * `'update'` and `'render'` phase; one when there is no `render`).
 *
 * @throws RangeError naming the option when an option is missing (`update`; `step` when alone) or out of range.
 * @example
 * ```tsx
 * const prev = { x: 0 }, curr = { x: 0 };
 * const loop = useFixedTimestep({
 *   step: 1 / 60,
 *   update: (dt) => { prev.x = curr.x; curr.x += 120 * dt; },
 *   render: (alpha) => { dot.current!.style.left = `${prev.x + (curr.x - prev.x) * alpha}px`; },
 * });
 * // loop.pause(), loop.stats.totalSteps …
 * ```
 */
export function useFixedTimestep(options: UseFixedTimestepOptions): FixedTimestepControls {
  if (typeof options !== 'object' || options === null) throw new RangeError(`useFixedTimestep: options must be an object, got ${options === null ? 'null' : typeof options}`);
  if (isDevelopment()) warnUnknownOptions(options);
  return useFixedJob('useFixedTimestep', 'option', options as unknown as FixedJobSettings, {});
}

/**
 * The engine of `useFixedTimestep` and `<GameCanvas>`: one job (an update and an optional render)
 * on the provider's clock, or on a clock of its own. Errors name `owner` and say `noun`.
 * @internal
 */
export function useFixedJob(owner: string, noun: Noun, settings: FixedJobSettings, defaults: FixedJobDefaults): FixedTimestepControls {
  const { step, maxSteps, overload, interpolation, paused, priority } = settings;
  checkFunction(owner, noun, 'update', settings.update, true);
  checkFunction(owner, noun, 'render', settings.render, false);
  checkFixedSettings(owner, noun, { step, maxSteps, overload, interpolation, paused, priority });
  const shared = useContext(FixedClockContext);
  const scheduler = useFrameScheduler();
  // The clock counts steps on the display's vblank grid once the rate is detected (robust to
  // timestamp quantisation and jitter), and 'predicted' aims one measured frame ahead.
  installRefreshDetection(scheduler);
  if (shared !== null) checkAgainstShared(owner, noun, shared, settings);
  else if (step === undefined && defaults.step === undefined) throw propError(owner, noun, 'step', 'a finite number > 0 (it is required without a <FixedClockProvider>)', step);

  const ownStep = (step ?? defaults.step) as number;
  const ownMaxSteps = (maxSteps ?? 5) as number;
  const ownOverload = (overload ?? 'slow-motion') as FixedStepOverload;
  const ownInterpolation = (interpolation ?? 'previous') as Interpolation;
  const ownPriority = (priority ?? 0) as number;
  // A clock of its own when alone, made in render (no side effect: it subscribes only once the
  // job below is added) so that a bad option fails at the component.
  const own = useRef<FixedClock | null>(null);
  if (shared === null && own.current === null) {
    own.current = createFixedClock(scheduler, { step: ownStep, maxSteps: ownMaxSteps, overload: ownOverload, interpolation: ownInterpolation, priority: ownPriority });
  }
  const clock = shared ?? (own.current as FixedClock);
  const isOwn = shared === null;

  const current = useRef(clock);
  const controls = useRef<FixedTimestepControls | null>(null);
  if (controls.current === null) controls.current = makeControls(current);
  useEffect(() => {
    current.current = clock;
  }, [clock]);

  // A clock of its own follows the options; control state (pause, time scale) survives every change.
  useOwnClockOptions(isOwn ? clock : null, scheduler, ownStep, ownMaxSteps, ownOverload, ownInterpolation, ownPriority);

  const update = useLatest(settings.update as UseFixedTimestepOptions['update']);
  const render = useLatest(settings.render as UseFixedTimestepOptions['render']);
  const hasRender = settings.render !== undefined;
  const isPaused = paused === true;
  // Under a shared clock `paused` pauses this job only: no updates, and the render keeps the alpha
  // of its last picture. [0]: that alpha; [1]: 1 while the job is paused (a typed array: no boxing per frame).
  const job = useRef<Float64Array | null>(null);
  if (job.current === null) job.current = new Float64Array(2);
  const jobState = job.current;

  useEffect(() => {
    if (!isPaused) return;
    if (isOwn) return clock.hold();
    jobState[1] = 1;
    return () => {
      jobState[1] = 0;
    };
  }, [clock, isOwn, isPaused, jobState]);

  const jobPriority = isOwn ? 0 : ownPriority;
  useEffect(
    () =>
      clock.addUpdate(
        (dt, s) => {
          if (jobState[1] === 1) return;
          update.current(dt, s.frame);
        },
        { priority: jobPriority },
      ),
    [clock, jobPriority, update, jobState],
  );
  useEffect(() => {
    if (!hasRender) return;
    return clock.addRender(
      (alpha, frame) => {
        if (jobState[1] !== 1) jobState[0] = alpha;
        render.current?.(jobState[0]!, frame);
      },
      { priority: jobPriority },
    );
  }, [clock, jobPriority, render, hasRender, jobState]);

  return controls.current;
}

/** Apply the options of a clock of its own at commit (never during render: a render may be thrown away). */
function useOwnClockOptions(
  clock: FixedClock | null,
  scheduler: FrameScheduler,
  step: number,
  maxSteps: number,
  overload: FixedStepOverload,
  interpolation: Interpolation,
  priority: number,
): void {
  useEffect(() => clock?.setScheduler(scheduler), [clock, scheduler]);
  useEffect(() => clock?.setOptions({ step, maxSteps, overload }), [clock, step, maxSteps, overload]);
  useEffect(() => clock?.setInterpolation(interpolation), [clock, interpolation]);
  useEffect(() => clock?.setPriority(priority), [clock, priority]);
}

const KNOWN_OPTIONS = new Set(['step', 'update', 'render', 'interpolation', 'maxSteps', 'overload', 'paused', 'priority']);
const warnedUnknown = new Set<string>();

/** A misspelt option (`timescale`, `maxstep`) would be ignored without a word: say so, once per name. */
function warnUnknownOptions(options: object): void {
  for (const key of Object.keys(options)) {
    if (KNOWN_OPTIONS.has(key) || warnedUnknown.has(key)) continue;
    warnedUnknown.add(key);
    console.warn(`useFixedTimestep: unknown option \`${key}\` is ignored (known: ${[...KNOWN_OPTIONS].join(', ')}).`);
  }
}

const warned = new WeakMap<FixedClock, Set<string>>();

/** Under a provider: `step` must match (dt would be wrong otherwise); other settings warn once per clock in development. */
function checkAgainstShared(owner: string, noun: Noun, shared: FixedClock, settings: FixedJobSettings): void {
  if (settings.step !== undefined && checkPositive(owner, noun, 'step', settings.step) !== shared.step) {
    throw new RangeError(
      `${owner}: ${noun} \`step\` is ${String(settings.step)} but the enclosing <FixedClockProvider> steps at ${shared.step}: every component on a shared clock steps at the clock's step. Leave \`step\` out, or give the provider's value.`,
    );
  }
  if (!isDevelopment()) return;
  const conflicts: string[] = [];
  if (settings.maxSteps !== undefined && settings.maxSteps !== shared.maxSteps) conflicts.push(`maxSteps (${String(settings.maxSteps)} ≠ ${shared.maxSteps})`);
  if (settings.overload !== undefined && settings.overload !== shared.overload) conflicts.push(`overload (${String(settings.overload)} ≠ ${shared.overload})`);
  if (settings.interpolation !== undefined && settings.interpolation !== shared.interpolation) conflicts.push(`interpolation (${String(settings.interpolation)} ≠ ${shared.interpolation})`);
  if (conflicts.length === 0) return;
  const key = `${owner} ${conflicts.join(', ')}`;
  const seen = warned.get(shared) ?? new Set<string>();
  warned.set(shared, seen);
  if (seen.has(key)) return;
  seen.add(key);
  console.warn(`${owner}: ${noun}s ${conflicts.join(', ')} differ from the enclosing <FixedClockProvider>'s; the provider's are used (they belong to the shared clock). Set them on the provider.`);
}

/** Controls that always act on the current clock, so their identity never changes. */
function makeControls(current: { readonly current: FixedClock }): FixedTimestepControls {
  const live = (): FixedStepFrame => current.current.stats;
  const stats: FixedTimestepStats = {
    get steps() { return live().steps; },
    get alpha() { return live().alpha; },
    get droppedSeconds() { return live().droppedSeconds; },
    get totalSteps() { return live().totalSteps; },
    get pictureTime() { return live().pictureTime; },
    get elapsedGameSeconds() { return live().elapsedGameSeconds; },
    get pendingSeconds() { return live().pendingSeconds; },
    get totalDroppedSeconds() { return live().totalDroppedSeconds; },
    get paused() { return current.current.paused; },
    get timeScale() { return current.current.timeScale; },
  };
  return {
    pause: () => current.current.pause(),
    resume: () => current.current.resume(),
    reset: () => current.current.reset(),
    stepOnce: () => {
      if (!current.current.stepOnce() && isDevelopment()) {
        console.warn('stepOnce: nothing is paused, so there is no single step to take; pause first (controls.pause() or <FrameProvider paused>).');
      }
    },
    setTimeScale: (timeScale: number) => current.current.setTimeScale(timeScale),
    stats,
  };
}
