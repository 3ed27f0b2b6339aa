import { useState } from 'react';
import type { ReactNode } from 'react';
import type { FixedClockOptions } from '../scheduler/index.js';
import { checkClockOptions, FixedClockContext, useOwnClock } from './fixedClockContext.js';
import type { ClockScope } from './fixedClockContext.js';

/** The clock options (as `useFixedTimestep` and `<GameCanvas>` take them) and the game. */
export interface FixedClockProviderProps extends FixedClockOptions {
  /** The game, whose fixed-step hooks join this clock. */
  children?: ReactNode;
}

const OWNER = '<FixedClockProvider>';
const OWN_PROPS = ['children'];

/** One fixed-step clock for a game, joined by the fixed-step hooks below it. See docs/fixed-clock.md. */
export function FixedClockProvider(props: FixedClockProviderProps): ReactNode {
  const clock = useOwnClock(checkClockOptions(OWNER, 'prop', props as unknown as Record<string, unknown>, OWN_PROPS));
  const [scope] = useState((): ClockScope => ({ clock, canvas: null }));
  return <FixedClockContext.Provider value={scope}>{props.children}</FixedClockContext.Provider>;
}
