import { useEffect } from 'react';
import type { FrameScheduler } from '../scheduler/index.js';

/** A core algorithm whose refresh rate can follow the display's. @internal */
export interface RateFollower {
  setRefreshRate(refreshRate: number): void;
  readonly refreshRate?: number;
}

/** Keeps a core algorithm's refresh rate at `fixedRate`, else at the scheduler's (detection starts in the effect). @internal */
export function useFollowRefreshRate(
  scheduler: FrameScheduler,
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
    follow(scheduler.refreshRate.refreshRate);
    return scheduler.onRefreshRateChange((estimate) => follow(estimate.refreshRate));
  }, [scheduler, target, fixedRate]);
}
