import { useContext } from 'react';
import type { FixedClock } from '../scheduler/fixedClock.js';
import { FixedClockContext } from './fixedClockContext.js';

/**
 * The shared clock of the nearest `<FixedClockProvider>`: its controls (`pause`, `resume`,
 * `stepOnce`, `setTimeScale`, `setInterpolation`, `reset`) and its live `stats` (one reused object:
 * reading it never re-renders; read it in a frame callback, an event handler or a test).
 *
 * @throws Error when there is no `<FixedClockProvider>` above the component.
 * @example
 * ```tsx
 * function PauseButton() {
 *   const clock = useFixedClock();
 *   return <button onClick={() => (clock.paused ? clock.resume() : clock.pause())}>Pause</button>;
 * }
 * ```
 */
export function useFixedClock(): FixedClock {
  return useSharedClock('useFixedClock');
}

/**
 * The provider's clock, or an error naming the hook.
 * @internal
 */
export function useSharedClock(owner: string): FixedClock {
  const clock = useContext(FixedClockContext);
  if (clock === null) {
    throw new Error(`${owner}: no <FixedClockProvider> above this component. Wrap the game in <FixedClockProvider step={1 / 60}>, or use useFixedTimestep for a clock of its own.`);
  }
  return clock;
}
