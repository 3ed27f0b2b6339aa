import { useContext } from 'react';
import type { FixedClock } from '../scheduler/index.js';
import { FixedClockContext } from './fixedClockContext.js';
import type { ClockScope } from './fixedClockContext.js';

/** The clock of the nearest `<FixedClockProvider>` or `<GameCanvas>` (throws without one). See docs/fixed-clock.md. */
export function useFixedClock(): FixedClock {
  return useClockScope('useFixedClock').clock;
}

export function useClockScope(owner: string): ClockScope {
  const scope = useContext(FixedClockContext);
  if (scope === null) {
    throw new Error(`${owner}: no <FixedClockProvider> or <GameCanvas> above this component. Wrap the game in <FixedClockProvider step={1 / 60}>, or use useFixedTimestep for a clock of its own.`);
  }
  return scope;
}
