import { useEffect } from 'react';
import { onRefreshRateChange, refreshRateOf, type LoopView } from '../scheduler/internal.js';

/** A core algorithm whose refresh rate can follow the display's. @internal */
export interface RateFollower {
  setRefreshRate(refreshRate: number): void;
  readonly refreshRate?: number;
}

/** Keeps a core algorithm's refresh rate at `fixedRate`, else at the scheduler's (detection starts in the effect). @internal */
export function useFollowRefreshRate(
  loop: LoopView,
  target: RateFollower,
  fixedRate: number | undefined,
): void {
  useEffect(() => {
    if (fixedRate !== undefined) {
      target.setRefreshRate(fixedRate);
      return;
    }
    const follow = (rate: number): void => {
      if (target.refreshRate !== rate) target.setRefreshRate(rate);
    };
    follow(refreshRateOf(loop).refreshRate);
    return onRefreshRateChange(loop, (estimate) => follow(estimate.refreshRate));
  }, [loop, target, fixedRate]);
}
