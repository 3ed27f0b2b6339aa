import { useEffect, useMemo, useRef } from 'react';
import { createFixedStep } from '../core/fixedStep.js';
import type { FixedStep, FixedStepFrame, FixedStepOverload, Interpolation } from '../core/types.js';
import type { FrameInfo } from '../scheduler/types.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { dropUndefined } from './dropUndefined.js';
import { useLatest } from './useLatest.js';

/** Options of {@link useFixedTimestep}. */
export interface UseFixedTimestepOptions {
  /** Seconds of game time per update, e.g. `1 / 60`. Changing it restarts the clock (a new accumulator). */
  step: number;
  /** Advance the game by exactly `dt` (= `step`) seconds. Runs in the `'update'` phase, 0…maxSteps times a frame. */
  update: (dt: number, frame: FrameInfo) => void;
  /**
   * Draw the state blended `alpha` ∈ [0, 1] of the way from the previous to the latest state.
   * Runs once a frame in the `'render'` phase, after every hook's updates.
   */
  render?: (alpha: number, frame: FrameInfo) => void;
  /** Which game time the picture shows. Default `'previous'`. Applied without restarting the clock. */
  interpolation?: Interpolation;
  /** Most updates in one frame. Default 5. Changing it restarts the clock. */
  maxSteps?: number;
  /** `'slow-motion'` (default) or `'catch-up'`. Changing it restarts the clock. */
  overload?: FixedStepOverload;
  /** Pause this loop's game time (the scheduler keeps running for others). */
  paused?: boolean;
  /** Order among subscribers of the same phase (lower first). Default 0. */
  priority?: number;
}

/**
 * Live numbers of a fixed-timestep loop. Reading a field reads the current value: the object is
 * stable and never triggers a render. Read it in a frame callback, an event handler or a test.
 */
export interface FixedTimestepStats extends Readonly<FixedStepFrame> {
  /** True while this loop is paused (by `paused` or `pause()`). */
  readonly paused: boolean;
  /** This loop's own time scale (on top of the scheduler's). */
  readonly timeScale: number;
}

/** Stable controls returned by {@link useFixedTimestep}; safe to call from event handlers. */
export interface FixedTimestepControls {
  /** Stop game time (updates stop; render keeps drawing the frozen picture). */
  pause(): void;
  /** Let game time run again; the paused time is skipped, not caught up. */
  resume(): void;
  /** Back to time zero: state 0 at the next frame. */
  reset(): void;
  /** While paused, run exactly one update at the next frame (frame-by-frame debugging). */
  stepOnce(): void;
  /** Game seconds per scheduler second for this loop only. */
  setTimeScale(timeScale: number): void;
  /** Live counters; see {@link FixedTimestepStats}. */
  readonly stats: FixedTimestepStats;
}

/**
 * A fixed-timestep game loop (seed 001): `update` always advances by exactly `step` seconds, as
 * many times as game time requires, and `render` gets the blend factor for the picture.
 *
 * The clock is the scheduler's game clock (`frame.elapsedSeconds`), so the scheduler's pause,
 * time scale and `maxDelta` clamping all apply. For `'predicted'` interpolation the next present
 * is this frame's game time plus `frame.nextDeltaSeconds` (the scheduler's expectation of the
 * next frame: `divisor` vblanks at the refresh rate, times the time scale).
 *
 * Never re-renders. Updates of all hooks run before any render (two subscriptions: `'update'` and
 * `'render'` phase).
 *
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
  const { step, interpolation = 'previous', maxSteps, overload, paused, priority = 0 } = options;
  const scheduler = useFrameScheduler();
  const update = useLatest(options.update);
  const render = useLatest(options.render);
  const hasRender = options.render !== undefined;

  // Created in render (pure, validates options by throwing a RangeError) so a bad `step` fails
  // at the component. Only options without a setter recreate it.
  const fixed = useMemo(
    () => createFixedStep(dropUndefined({ step, maxSteps, overload, interpolation })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- interpolation is applied with setInterpolation below
    [step, maxSteps, overload],
  );
  const current = useRef(fixed);
  const controls = useRef<FixedTimestepControls | null>(null);
  if (controls.current === null) controls.current = makeControls(current);

  useEffect(() => {
    current.current = fixed;
  }, [fixed]);
  useEffect(() => {
    if (fixed.interpolation !== interpolation) fixed.setInterpolation(interpolation);
  }, [fixed, interpolation]);
  useEffect(() => {
    if (paused === undefined) return;
    if (paused && !fixed.paused) fixed.pause();
    else if (!paused && fixed.paused) fixed.resume();
  }, [fixed, paused]);

  useEffect(
    () =>
      scheduler.subscribe(
        (frame) => {
          // The scheduler's game clock, and when the picture drawn now will appear on it.
          const decision = fixed.advance(frame.elapsedSeconds * 1000, (frame.elapsedSeconds + frame.nextDeltaSeconds) * 1000);
          const dt = fixed.step;
          for (let i = 0; i < decision.steps; i++) update.current(dt, frame);
        },
        { phase: 'update', priority },
      ),
    [scheduler, fixed, priority, update],
  );
  useEffect(() => {
    if (!hasRender) return;
    return scheduler.subscribe((frame) => render.current?.(fixed.frame.alpha, frame), { phase: 'render', priority });
  }, [scheduler, fixed, priority, render, hasRender]);

  return controls.current;
}

/** Controls that always act on the current accumulator, so their identity never changes. */
function makeControls(current: { readonly current: FixedStep }): FixedTimestepControls {
  const live = (): FixedStepFrame => current.current.frame;
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
    stepOnce: () => current.current.stepOnce(),
    setTimeScale: (timeScale: number) => current.current.setTimeScale(timeScale),
    stats,
  };
}
