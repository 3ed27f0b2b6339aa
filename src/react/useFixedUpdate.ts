import { useEffect } from 'react';
import { functionValue } from '../core/validate.js';
import type { FixedUpdate } from '../scheduler/fixedClock.js';
import { jobPriority } from './fixedProps.js';
import { useClockScope } from './useFixedClock.js';
import { useLatest } from './useLatest.js';

const OWNER = 'useFixedUpdate';

/**
 * Add `update` to every step of the nearest clock (`<FixedClockProvider>`, `<GameCanvas>`): per
 * step every component's update runs in `priority` order (ties in mount order); one mounted later
 * joins the running grid. `step.index` counts from the clock's time zero. Never re-renders.
 *
 * @throws Error without a clock above; RangeError naming the hook, the option and the value when an option is unknown or bad.
 * @example
 * ```tsx
 * useFixedUpdate((dt) => { prev.x = curr.x; curr.x += 120 * dt; }, { priority: 0 });
 * ```
 */
export function useFixedUpdate(update: FixedUpdate, options?: { priority?: number }): void {
  functionValue(OWNER, 'update', update);
  const priority = jobPriority(OWNER, options);
  const { clock } = useClockScope(OWNER);
  const latest = useLatest(update);
  useEffect(() => clock.addUpdate((dt, step) => latest.current(dt, step), { priority }), [clock, priority, latest]);
}
