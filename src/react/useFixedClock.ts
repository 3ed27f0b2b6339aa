import { useContext } from 'react';
import type { FixedClock } from '../scheduler/fixedClock.js';
import { FixedClockContext } from './fixedClockContext.js';
import type { ClockScope } from './fixedClockContext.js';

/**
 * The clock of the nearest `<FixedClockProvider>` or `<GameCanvas>`: `pause`, `resume`,
 * `stepOnce`, `setTimeScale`, `reset` and live `stats` (reading them never re-renders).
 *
 * @throws Error when there is no `<FixedClockProvider>` or `<GameCanvas>` above the component.
 * @example
 * ```tsx
 * function PauseButton() {
 *   const clock = useFixedClock();
 *   return <button onClick={() => (clock.paused ? clock.resume() : clock.pause())}>Pause</button>;
 * }
 * ```
 */
export function useFixedClock(): FixedClock {
  return useClockScope('useFixedClock').clock;
}

/** @internal */
export function useClockScope(owner: string): ClockScope {
  const scope = useContext(FixedClockContext);
  if (scope === null) {
    throw new Error(`${owner}: no <FixedClockProvider> or <GameCanvas> above this component. Wrap the game in <FixedClockProvider step={1 / 60}>, or use useFixedTimestep for a clock of its own.`);
  }
  return scope;
}
