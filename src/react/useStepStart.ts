import { useContext, useEffect } from 'react';
import type { FixedClock, FixedUpdate } from '../scheduler/internal.js';
import { FIRST_IN_STEP, FixedClockContext } from './fixedClockContext.js';

/** Run a stable `onStep` first in every step of `clock`, or (undefined) the nearest clock; `null`: none. @internal */
export function useStepStart(clock: FixedClock | null | undefined, onStep: FixedUpdate): void {
  const provided = useContext(FixedClockContext);
  const used = clock === undefined ? (provided?.clock ?? null) : clock;
  useEffect(() => (used ? used.addUpdate(onStep, { priority: FIRST_IN_STEP }) : undefined), [used, onStep]);
}
