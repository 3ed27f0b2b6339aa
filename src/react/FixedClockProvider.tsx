import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { FixedStepOverload, Interpolation } from '../core/types.js';
import { timeScaleValue } from '../core/validate.js';
import { checkFixedSettings, inWords, useFixedClockFor } from './fixedProps.js';
import { FixedClockContext } from './fixedClockContext.js';

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
  const { timeScale } = props;
  inWords(OWNER, 'prop', () => {
    checkFixedSettings(OWNER, props, true);
    if (timeScale !== undefined) timeScaleValue(OWNER, 'timeScale', timeScale, false);
  });
  // Its own clock always (a provider inside another makes a second clock), started unpaused:
  // `paused` is a hold.
  const clock = useFixedClockFor(props, null, undefined, timeScale);
  useEffect(() => clock.setTimeScale(timeScale ?? 1), [clock, timeScale]);
  return <FixedClockContext.Provider value={clock}>{props.children}</FixedClockContext.Provider>;
}
