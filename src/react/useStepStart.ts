import { useContext, useEffect } from 'react';
import type { FixedClock, FixedUpdate } from '../scheduler/fixedClock.js';
import { FIRST_IN_STEP, FixedClockContext } from './fixedClockContext.js';

/**
 * Run `onStep` first in every step of a fixed clock (before any game update), for as long as the
 * component is mounted: the per-step work of `useInterpolated` (snapshot) and `useStepInput`
 * (take the step's input). The clock is the hook's `clock` option when given (`null`: none, so
 * nothing runs), else the nearest `<FixedClockProvider>`'s or `<GameCanvas>`'s (none without one).
 * A new clock or a new `onStep` re-adds it, so `onStep` must be stable.
 * @internal
 */
export function useStepStart(clock: FixedClock | null | undefined, onStep: FixedUpdate): void {
  const provided = useContext(FixedClockContext);
  const used = clock === undefined ? (provided?.clock ?? null) : clock;
  useEffect(() => (used ? used.addUpdate(onStep, { priority: FIRST_IN_STEP }) : undefined), [used, onStep]);
}
