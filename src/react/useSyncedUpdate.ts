import { useEffect, useMemo } from 'react';
import { createSyncedSlicer } from '../core/syncedSlicer.js';
import type { SlicerOverload } from '../core/types.js';
import type { FrameInfo } from '../scheduler/types.js';
import { dropUndefined } from './dropUndefined.js';
import { useFollowRefreshRate } from './useFollowRefreshRate.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useLatest } from './useLatest.js';

/** Options of {@link useSyncedUpdate}. */
export interface UseSyncedUpdateOptions {
  /** The display rate in Hz. Default: the scheduler's detected rate, followed when it changes. */
  refreshRate?: number;
  /** Lowest update rate, Hz: no `dt` exceeds `1 / minFrameRate`. Default refreshRate / 4. */
  minFrameRate?: number;
  /** Well-of-despair policy: `'slow-motion'` (default), `'catch-up'` or `'variable'`. */
  overload?: SlicerOverload;
  /** Seconds above which `overload` applies. Default six refresh intervals (0.1 s at 60 Hz). */
  overloadThreshold?: number;
  /** Order among `'update'`-phase subscribers (lower first). Default 0. */
  priority?: number;
}

/**
 * Updates in step with the display (seed 002): each frame, the elapsed game time is released in
 * whole refresh intervals only, cut into slices no longer than `1 / minFrameRate`, and `callback`
 * runs once per slice (zero, one or several times a frame). Runs in the `'update'` phase. The
 * scheduler's time scale applies to each slice: at 0.5× a 60 Hz display gives one 1/120 s slice a
 * frame, not a 1/60 s slice every other frame.
 *
 * @example
 * ```tsx
 * useSyncedUpdate((dt) => world.step(dt), { minFrameRate: 20, overload: 'slow-motion' });
 * ```
 */
export function useSyncedUpdate(
  callback: (dt: number, frame: FrameInfo) => void,
  options: UseSyncedUpdateOptions = {},
): void {
  const { refreshRate, minFrameRate, overload, overloadThreshold, priority = 0 } = options;
  const scheduler = useFrameScheduler();
  const latest = useLatest(callback);
  const slicer = useMemo(
    () =>
      createSyncedSlicer(
        dropUndefined({ refreshRate: refreshRate ?? scheduler.refreshRate.refreshRate, minFrameRate, overload, overloadThreshold }),
      ),
    // The rate is kept current by useFollowRefreshRate; the other options need a new slicer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [minFrameRate, overload, overloadThreshold],
  );
  useFollowRefreshRate(scheduler, slicer, refreshRate);

  useEffect(
    () =>
      scheduler.subscribe(
        (frame) => {
          // Slice the real (clamped) time, then scale each slice: slicing scaled time into display
          // intervals would make a 0.5× slow motion release an interval only every other frame.
          const slices = slicer.advance(frame.realDeltaSeconds);
          for (let i = 0; i < slices.length; i++) latest.current((slices[i] as number) * frame.timeScale, frame);
        },
        { phase: 'update', priority },
      ),
    [scheduler, slicer, priority, latest],
  );
}
