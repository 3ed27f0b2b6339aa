import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { createFrameStats, type Stats } from '../core/internal.js';
import type { FrameStatsSnapshot } from '../core/index.js';
import { optionsObject, positiveNumber, withDefault } from '../core/internal.js';
import { renameOwner } from './renameOwner.js';
import { useFollowRefreshRate } from './useFollowRefreshRate.js';
import { useFrameLoop } from './useFrameLoop.js';

/** Options of {@link useFrameStats}. */
export interface UseFrameStatsOptions {
  /** Least time between two published snapshots (and re-renders), ms of frame time. Default 500. */
  intervalMs?: number;
  /** Frames kept in the statistics window. Default 120. */
  windowSize?: number;
}

/**
 * Frame-rate statistics of the scheduler, sampled every frame, re-rendered at most once per
 * `intervalMs`. See docs/react.md#useframestats--an-fps-meter-that-does-not-cost-a-render-per-frame.
 */
export function useFrameStats(options: UseFrameStatsOptions = {}): Readonly<FrameStatsSnapshot> {
  const o = optionsObject('useFrameStats', options, false, ['intervalMs', 'windowSize']);
  const intervalMs = positiveNumber('useFrameStats', 'intervalMs', withDefault(o.intervalMs, 500));
  const { windowSize } = options;
  const scheduler = useFrameLoop();
  const stats = useMemo(() => renameOwner('createFrameStats', 'useFrameStats', () => createFrameStats(windowSize === undefined ? {} : { windowSize })), [windowSize]);
  useFollowRefreshRate(scheduler, stats, undefined);

  const published = useRef<Readonly<FrameStatsSnapshot> | null>(null);
  if (published.current === null) published.current = { ...stats.snapshot() };
  const subscribe = useCallback(
    (onChange: () => void) => {
      let lastPublishMs = -Infinity;
      return scheduler.subscribe(
        (frame) => {
          (stats as Stats).sampleFrame(frame);
          const sincePublishMs = frame.timestampMs - lastPublishMs;
          // `>= 0`: a clock that jumped back publishes and restarts the interval.
          if (sincePublishMs >= 0 && sincePublishMs < intervalMs) return;
          lastPublishMs = frame.timestampMs;
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
