import { useEffect } from 'react';
import { functionValue } from '../core/internal.js';
import type { FixedUpdate } from '../scheduler/internal.js';
import { jobPriority } from './fixedClockContext.js';
import { useClockScope } from './useFixedClock.js';
import { useLatest } from './useLatest.js';

const OWNER = 'useFixedUpdate';

/**
 * Add `update` to every step of the nearest `<FixedClockProvider>` or `<GameCanvas>` (throws without one). See docs/fixed-clock.md.
 */
export function useFixedUpdate(update: FixedUpdate, options?: { priority?: number }): void {
  functionValue(OWNER, 'update', update);
  const priority = jobPriority(OWNER, options);
  const { clock } = useClockScope(OWNER);
  const latest = useLatest(update);
  useEffect(() => clock.addUpdate((dt, step) => latest.current(dt, step), { priority }), [clock, priority, latest]);
}
