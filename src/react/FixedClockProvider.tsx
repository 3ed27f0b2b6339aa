import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createFixedClock } from '../scheduler/fixedClock.js';
import { installRefreshDetection } from '../scheduler/refreshDetection.js';
import type { FixedStepOverload, Interpolation } from '../core/types.js';
import { dropUndefined } from './dropUndefined.js';
import { checkFixedSettings, checkPositive } from './fixedProps.js';
import { FixedClockContext } from './fixedClockContext.js';
import { useFrameScheduler } from './useFrameScheduler.js';

/** Props of {@link FixedClockProvider}. */
export interface FixedClockProviderProps {
  /** The components whose fixed-step work (`useFixedUpdate`, `useFixedTimestep`, `<GameCanvas>`) runs on this clock. */
  children?: ReactNode;
  /**
   * Seconds of game time per step, e.g. `1 / 60`. A change takes effect at the next frame and
   * carries the game time already elapsed into the new grid (nothing is lost).
   */
  step: number;
  /** Most steps in one frame. Default 5. Changes carry game time like `step`. */
  maxSteps?: number;
  /** `'slow-motion'` (default) or `'catch-up'`: what happens when more than `maxSteps` steps are due. Changes carry game time. */
  overload?: FixedStepOverload;
  /** Which game time the picture shows, i.e. how the one `alpha` is computed. Default `'previous'`. */
  interpolation?: Interpolation;
  /** Game seconds per scheduler second for this clock. Default 1. */
  timeScale?: number;
  /**
   * Pause the clock while true. Independent of the clock's `pause()`/`resume()` (from
   * `useFixedClock()`): `paused={false}` does not lift a `pause()`, and `resume()` does not lift `paused`.
   */
  paused?: boolean;
  /** Order of the clock's scheduler subscriptions among other subscribers of the same phase. Default 0. */
  priority?: number;
}

const OWNER = '<FixedClockProvider>';
/** The clock's default; restored when the prop is removed. */
const DEFAULT_MAX_STEPS = 5;

/**
 * One fixed-step clock for a subtree: a whole game (player, enemies, physics, camera) steps on one
 * grid. Every `useFixedUpdate` below it adds its update to every step, in priority order, so jobs
 * interleave (A B, A B) and a component mounted later joins the running grid; every
 * `useFixedRender` reads the same alpha. `useFixedTimestep` and `<GameCanvas>` below it join this
 * clock instead of making their own. Read or control the clock with {@link useFixedClock}.
 *
 * Runs on the nearest `<FrameProvider>`'s scheduler (or the default one), so the scheduler's pause
 * and time scale apply underneath the clock's own.
 *
 * @example
 * ```tsx
 * <FixedClockProvider step={1 / 60}>
 *   <Player />
 *   <Enemies />
 *   <Camera />
 * </FixedClockProvider>
 * ```
 */
export function FixedClockProvider(props: FixedClockProviderProps): ReactNode {
  const { children, step, maxSteps, overload, interpolation, timeScale, paused, priority } = props;
  checkPositive(OWNER, 'prop', 'step', step); // required
  checkFixedSettings(OWNER, 'prop', { maxSteps, overload, interpolation, timeScale, paused, priority });
  const scheduler = useFrameScheduler();
  // The clock counts steps on the display's vblank grid once the rate is detected (robust to
  // timestamp quantisation and jitter), and 'predicted' aims one measured frame ahead.
  installRefreshDetection(scheduler);
  // Created in the first render (no side effect: the clock subscribes only once a job is added),
  // so children see it in their first render. Started unpaused: `paused` is a hold, applied below.
  const [clock] = useState(() => createFixedClock(scheduler, dropUndefined({ step, maxSteps, overload, interpolation, timeScale, priority })));

  useEffect(() => clock.setScheduler(scheduler), [clock, scheduler]);
  useEffect(() => clock.setOptions({ step, maxSteps: maxSteps ?? DEFAULT_MAX_STEPS, overload: overload ?? 'slow-motion' }), [clock, step, maxSteps, overload]);
  useEffect(() => clock.setInterpolation(interpolation ?? 'previous'), [clock, interpolation]);
  useEffect(() => clock.setTimeScale(timeScale ?? 1), [clock, timeScale]);
  useEffect(() => clock.setPriority(priority ?? 0), [clock, priority]);
  useEffect(() => (paused ? clock.hold() : undefined), [clock, paused]);

  return <FixedClockContext.Provider value={clock}>{children}</FixedClockContext.Provider>;
}
