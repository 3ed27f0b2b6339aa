import { createContext } from 'react';
import type { FixedClock } from '../scheduler/fixedClock.js';

/**
 * The shared clock a `<FixedClockProvider>` hands down. `null` (no provider): `useFixedTimestep`
 * and `<GameCanvas>` make a clock of their own.
 * @internal
 */
export const FixedClockContext = createContext<FixedClock | null>(null);
FixedClockContext.displayName = 'FixedClockContext';

/**
 * The clock priority of work that must happen at the start of every step, before any game update:
 * per-object snapshots (previous ← current) and input taken for the step.
 * @internal
 */
// -Number.MAX_VALUE written as a number: a bundler keeps a property read (it might be a getter)
// even in a bundle that never uses the constant.
export const FIRST_IN_STEP = -1.7976931348623157e308;
