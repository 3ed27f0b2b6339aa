import { useEffect } from 'react';
import { installRefreshDetection } from '../scheduler/refreshDetection.js';
import type { FrameScheduler } from '../scheduler/types.js';

/** A core algorithm whose refresh rate can follow the display's. @internal */
export interface RateFollower {
  setRefreshRate(refreshRate: number): void;
  readonly refreshRate?: number;
}

/**
 * Keeps a core algorithm's refresh rate equal to `fixedRate` when given, else to the scheduler's
 * detected (or configured) display rate, following monitor changes. Without `fixedRate` it
 * installs refresh-rate detection on the scheduler (a no-op when already there).
 * @internal
 */
export function useFollowRefreshRate(
  scheduler: FrameScheduler,
  target: RateFollower,
  fixedRate: number | undefined,
): void {
  // At render, not in the effect: the caller reads the rate while rendering.
  if (fixedRate === undefined) installRefreshDetection(scheduler);
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
