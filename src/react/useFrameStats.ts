import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { createFrameStats } from '../core/frameStats.js';
import type { FrameStatsSnapshot } from '../core/types.js';
import { optionsObject, positiveNumber, withDefault } from '../core/validate.js';
import { renameOwner } from './renameOwner.js';
import { useFollowRefreshRate } from './useFollowRefreshRate.js';
import { useFrameScheduler } from './useFrameScheduler.js';

/** Options of {@link useFrameStats}. */
export interface UseFrameStatsOptions {
  /** Least time between two published snapshots (and re-renders), ms of frame time. Default 500. */
  intervalMs?: number;
  /** Frames kept in the statistics window. Default 120. */
  windowSize?: number;
}

/**
 * Frame-rate statistics of the scheduler: fps, mean and percentile frame times, missed vblanks
 * (counted against the detected display rate). Every frame is sampled (in the `'after'` phase),
 * but a new snapshot is published, and the component re-rendered, at most once per `intervalMs`.
 *
 * @example
 * ```tsx
 * function FpsMeter() {
 *   const stats = useFrameStats({ intervalMs: 1000 });
 *   return <pre>{stats.fps.toFixed(1)} fps · p95 {stats.p95Ms.toFixed(1)} ms · missed {stats.missedVblanks}</pre>;
 * }
 * ```
 */
export function useFrameStats(options: UseFrameStatsOptions = {}): Readonly<FrameStatsSnapshot> {
  const o = optionsObject('useFrameStats', options, false, ['intervalMs', 'windowSize']);
  const intervalMs = positiveNumber('useFrameStats', 'intervalMs', withDefault(o.intervalMs, 500));
  const { windowSize } = options;
  const scheduler = useFrameScheduler();
  const stats = useMemo(() => renameOwner('createFrameStats', 'useFrameStats', () => createFrameStats(windowSize === undefined ? {} : { windowSize })), [windowSize]);
  useFollowRefreshRate(scheduler, stats, undefined);

  // A tiny external store: the published snapshot, and a frame subscription for as long as React
  // listens (from commit to unmount).
  const published = useRef<Readonly<FrameStatsSnapshot> | null>(null);
  if (published.current === null) published.current = { ...stats.snapshot() };
  const subscribe = useCallback(
    (onChange: () => void) => {
      let lastPublishMs = -Infinity;
      return scheduler.subscribe(
        (frame) => {
          stats.sample(frame.timestampMs);
          const sincePublishMs = frame.timestampMs - lastPublishMs;
          // `>= 0`: a clock that jumped back (a new time origin) must not hold the next publish
          // back until it catches up with the old one; it publishes and restarts the interval.
          if (sincePublishMs >= 0 && sincePublishMs < intervalMs) return;
          lastPublishMs = frame.timestampMs;
          // A copy (at most every intervalMs): the core snapshot is a reused object.
          published.current = { ...stats.snapshot() };
          onChange();
        },
        { phase: 'after' },
      );
    },
    [scheduler, stats, intervalMs],
  );
  const getSnapshot = useCallback(() => published.current as Readonly<FrameStatsSnapshot>, []);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
