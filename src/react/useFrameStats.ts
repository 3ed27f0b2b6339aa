import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { checkArgument, FRAME_STATS_RULES, positive, Stats, type Rules } from '../core/internal.js';
import type { FrameStats, FrameStatsSnapshot } from '../core/index.js';
import { useFollowRefreshRate } from './useFollowRefreshRate.js';
import { useFrameLoop } from './useFrameLoop.js';

/** Options of {@link useFrameStats}. */
export interface UseFrameStatsOptions {
  /** Least time between two published snapshots (and re-renders), ms of frame time. Default 500. */
  intervalMs?: number;
  /** Frames kept in the statistics window. Default 120. */
  windowSize?: number;
}

const RULES: Rules<Required<UseFrameStatsOptions>> = { intervalMs: positive(500), windowSize: FRAME_STATS_RULES.windowSize };
const NAMES = Object.keys(RULES);
// The display rate is followed once mounted (useFollowRefreshRate).
const INITIAL_REFRESH_RATE = 60;

/**
 * Frame-rate statistics of the scheduler, sampled every frame, re-rendered at most once per
 * `intervalMs`. See docs/react.md#useframestats--an-fps-meter-that-does-not-cost-a-render-per-frame.
 */
export function useFrameStats(options: UseFrameStatsOptions = {}): Readonly<FrameStatsSnapshot> {
  const { intervalMs, windowSize } = checkArgument('useFrameStats', options, false, RULES, NAMES);
  const scheduler = useFrameLoop();
  const stats = useMemo((): FrameStats => new Stats(windowSize, INITIAL_REFRESH_RATE), [windowSize]);
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
