import { useState } from 'react';
import type { ReactNode } from 'react';
import type { FixedClockOptions } from '../scheduler/fixedClock.js';
import { checkClockOptions, useOwnClock } from './fixedProps.js';
import { FixedClockContext } from './fixedClockContext.js';
import type { ClockScope } from './fixedClockContext.js';

/**
 * The clock options (as `useFixedTimestep` and `<GameCanvas>` take them). `paused` pauses while
 * true, apart from `pause()`; a new `step`, `maxSteps` or `overload` carries elapsed game time over.
 */
export interface FixedClockProviderProps extends FixedClockOptions {
  /** The game, whose fixed-step hooks join this clock. */
  children?: ReactNode;
}

const OWNER = '<FixedClockProvider>';
const OWN_PROPS = ['children'];

/**
 * One fixed-step clock for a game: `useFixedUpdate`, `useFixedRender`, `useFixedClock`,
 * `useInterpolated` and `useStepInput` join the nearest one (this, or a `<GameCanvas>`'s); updates
 * interleave per step in priority order, every render reads one alpha. `useFixedTimestep` never
 * joins it. Runs on the nearest `<FrameProvider>`'s scheduler. See docs/fixed-clock.md.
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
