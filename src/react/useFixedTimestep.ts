import { useContext, useEffect, useMemo, useState } from 'react';
import type { FixedStepFrame, FixedStepOverload, Interpolation } from '../core/types.js';
import { functionValue, optionalFunction, optionsObject } from '../core/validate.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
import type { FrameInfo } from '../scheduler/types.js';
import { isDevelopment } from '../scheduler/devMode.js';
import { FixedClockContext } from './fixedClockContext.js';
import { checkFixedSettings, inWords, useFixedClockFor } from './fixedProps.js';
import type { FixedSettings, Noun } from './fixedProps.js';
import { useLatest } from './useLatest.js';

// Development warnings test `process.env.NODE_ENV` where they are, after isDevelopment() (which
// makes reading it safe): a production build replaces it and drops the warning code entirely.
declare const process: { env: { NODE_ENV?: string } };

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
export interface FixedJobSettings extends FixedSettings {
  update?: unknown;
  render?: unknown;
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
 * is this frame's game time plus `divisor × timeScale / refreshRate` of the frame.
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
  optionsObject(OWNER, options, true);
  if (/* @__PURE__ */ isDevelopment() && process.env.NODE_ENV !== 'production') warnUnknownOptions(options);
  return useFixedJob(OWNER, 'option', options);
}

const OWNER = 'useFixedTimestep';

/**
 * The engine of `useFixedTimestep` and `<GameCanvas>`: one job (an update and an optional render)
 * on the provider's clock, or on a clock of its own (`step` defaulting to `defaultStep`, else
 * required). Errors name `owner` and say `noun`.
 * @internal
 */
export function useFixedJob(owner: string, noun: Noun, settings: FixedJobSettings, defaultStep?: number): FixedTimestepControls {
  const { step, paused } = settings;
  const shared = useContext(FixedClockContext);
  inWords(owner, noun, () => {
    functionValue(owner, 'update', settings.update);
    optionalFunction(owner, 'render', settings.render);
    checkFixedSettings(owner, settings, shared === null && defaultStep === undefined);
    // On a shared clock dt would be wrong with another step.
    if (shared !== null && step !== undefined && step !== shared.step) {
      throw new RangeError(`${owner}: option \`step\` is ${String(step)} but the enclosing <FixedClockProvider> steps at ${shared.step}. Leave \`step\` out, or give the provider's value.`);
    }
  });
  if (shared !== null && /* @__PURE__ */ isDevelopment() && process.env.NODE_ENV !== 'production') warnConflicts(owner, shared, settings);
  const clock = useFixedClockFor(settings, shared, defaultStep);
  // Stable: a mounted hook keeps its clock (its own lives as long as it does; a provider's as long
  // as the provider, and adding or removing a provider above remounts the subtree).
  const controls = useMemo(() => makeControls(clock), [clock]);

  const update = useLatest(settings.update as UseFixedTimestepOptions['update']);
  const render = useLatest(settings.render as UseFixedTimestepOptions['render']);
  const hasRender = settings.render !== undefined;
  // Under a shared clock `paused` pauses this job only (alone it is a hold on the clock): no
  // updates, and the render keeps the alpha of its last picture. [0]: true while the job is
  // paused; [1]: that alpha. The boolean keeps the array's elements tagged in V8, so [1] holds the
  // very number the clock handed over and passing it on never boxes a copy (a Float64Array slot
  // read back out can be: 48 bytes a frame per hook in a plain Node loop over the wrapper; with
  // the hook in React both read the same, test/react/useFixedTimestep.alloc.test.tsx).
  const [job] = useState((): [boolean, number] => [false, 1]);
  const jobPaused = shared !== null && paused === true;
  useEffect(() => {
    if (!jobPaused) return;
    job[0] = true;
    return () => {
      job[0] = false;
    };
  }, [jobPaused, job]);

  const jobPriority = shared === null ? 0 : ((settings.priority ?? 0) as number);
  useEffect(
    () =>
      clock.addUpdate(
        (dt, s) => {
          if (!job[0]) update.current(dt, s.frame);
        },
        { priority: jobPriority },
      ),
    [clock, jobPriority, update, job],
  );
  useEffect(() => {
    if (!hasRender) return;
    return clock.addRender(
      (alpha, frame) => {
        if (!job[0]) job[1] = alpha;
        render.current?.(job[1], frame);
      },
      { priority: jobPriority },
    );
  }, [clock, jobPriority, render, hasRender, job]);

  return controls;
}

const KNOWN_OPTIONS = ['step', 'update', 'render', 'interpolation', 'maxSteps', 'overload', 'paused', 'priority'];
const warnedUnknown = new Set<string>();

/** A misspelt option (`timescale`, `maxstep`) would be ignored without a word: say so, once per name. */
function warnUnknownOptions(options: object): void {
  for (const key of Object.keys(options)) {
    if (KNOWN_OPTIONS.includes(key) || warnedUnknown.has(key)) continue;
    warnedUnknown.add(key);
    console.warn(`${OWNER}: unknown option \`${key}\` is ignored (known: ${KNOWN_OPTIONS.join(', ')}).`);
  }
}

/** Settings that belong to the shared clock: a component's own value is ignored. */
const CLOCK_SETTINGS = ['maxSteps', 'overload', 'interpolation'] as const;
const warned = new WeakMap<FixedClock, Set<string>>();

/** Under a provider, settings of the clock's own that differ warn once per clock (development). */
function warnConflicts(owner: string, shared: FixedClock, settings: FixedJobSettings): void {
  const conflicts = CLOCK_SETTINGS.filter((name) => settings[name] !== undefined && settings[name] !== shared[name])
    .map((name) => `${name} (${String(settings[name])} ≠ ${shared[name]})`)
    .join(', ');
  if (conflicts === '') return;
  const key = owner + conflicts;
  const seen = warned.get(shared) ?? new Set<string>();
  warned.set(shared, seen);
  if (seen.has(key)) return;
  seen.add(key);
  console.warn(`${owner}: ${conflicts} differ from the enclosing <FixedClockProvider>'s; the provider's are used (they belong to the shared clock). Set them on the provider.`);
}

/**
 * The controls of `clock`: its own pause, resume, reset, time scale and live stats (the clock's
 * methods do not use `this`: handed on as they are), and a stepOnce that says when it did nothing.
 */
function makeControls(clock: FixedClock): FixedTimestepControls {
  return {
    pause: clock.pause,
    resume: clock.resume,
    reset: clock.reset,
    stepOnce: () => {
      if (!clock.stepOnce() && /* @__PURE__ */ isDevelopment() && process.env.NODE_ENV !== 'production') {
        console.warn('stepOnce: nothing is paused, so there is no single step to take; pause first (controls.pause() or <FrameProvider paused>).');
      }
    },
    setTimeScale: clock.setTimeScale,
    stats: clock.stats,
  };
}
