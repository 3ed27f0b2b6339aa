import { useState } from 'react';
import type { ReactNode } from 'react';
import type { FixedClockOptions } from '../scheduler/fixedClock.js';
import { checkClockOptions, useOwnClock } from './fixedProps.js';
import { FixedClockContext } from './fixedClockContext.js';
import type { ClockScope } from './fixedClockContext.js';

/**
 * Props of {@link FixedClockProvider}: the clock options (`FixedClockOptions`, the same as
 * `useFixedTimestep`'s and `<GameCanvas>`'s) and the children that join the clock. In React,
 * `paused` pauses the clock while true (independent of `pause()`/`resume()`), a change of `step`,
 * `maxSteps` or `overload` carries the game time already elapsed into the new grid, and
 * `snapToDisplay` is read at mount.
 */
export interface FixedClockProviderProps extends FixedClockOptions {
  /** The game: every `useFixedUpdate`, `useFixedRender`, `useInterpolated` and `useStepInput` below joins this clock. */
  children?: ReactNode;
}

const OWNER = '<FixedClockProvider>';
const OWN_PROPS = ['children'];

/**
 * One fixed-step clock for a subtree: a whole game (player, enemies, physics, camera) steps on one
 * grid. `useFixedUpdate`, `useFixedRender`, `useFixedClock`, `useInterpolated` and `useStepInput`
 * join the nearest clock (this one, or a `<GameCanvas>`'s): updates interleave per step in
 * priority order (A B, A B), a component mounted later joins the running grid, every render reads
 * the same alpha. `useFixedTimestep` never joins it: it always runs a clock of its own.
 *
 * Runs on the nearest `<FrameProvider>`'s scheduler (or the default one), so the scheduler's pause
 * and time scale apply underneath the clock's own.
 *
 * @example
 * ```tsx
 * <FixedClockProvider step={1 / 60}>
 *   <Player />
 *   <Enemies />
 * </FixedClockProvider>
 * ```
 */
export function FixedClockProvider(props: FixedClockProviderProps): ReactNode {
  const clock = useOwnClock(checkClockOptions(OWNER, 'prop', props as unknown as Record<string, unknown>, OWN_PROPS));
  const [scope] = useState((): ClockScope => ({ clock, canvas: null }));
  return <FixedClockContext.Provider value={scope}>{props.children}</FixedClockContext.Provider>;
}
