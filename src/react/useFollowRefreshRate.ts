import { useEffect } from 'react';
import type { FrameScheduler } from '../scheduler/types.js';

/**
 * Keeps a core algorithm's refresh rate equal to `fixedRate` when given, else to the scheduler's
 * detected (or configured) display rate, following monitor changes.
 * @internal
 */
export function useFollowRefreshRate(
  scheduler: FrameScheduler,
  target: { setRefreshRate(refreshRate: number): void; readonly refreshRate?: number },
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
