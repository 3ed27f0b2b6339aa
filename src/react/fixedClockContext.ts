import { createContext } from 'react';
import type { FixedClock } from '../scheduler/fixedClock.js';

/**
 * The shared clock a `<FixedClockProvider>` hands down. `null` (no provider): `useFixedTimestep`
 * and `<GameCanvas>` make a clock of their own.
 * @internal
 */
export const FixedClockContext = createContext<FixedClock | null>(null);
FixedClockContext.displayName = 'FixedClockContext';
