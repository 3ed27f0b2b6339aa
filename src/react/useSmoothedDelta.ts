import type { MutableRefObject } from 'react';
import { deltaSmootherOf, dropUndefined, type Smoother } from '../core/internal.js';
import type { DeltaSmoother } from '../core/index.js';
import { refreshRateOf, type FrameInfo, type FramePhase, type LoopView } from '../scheduler/internal.js';
import { useRateCallback } from './useRateCallback.js';
import type { DtCallback } from './useRateCallback.js';

const OPTION_KEYS: readonly string[] = ['refreshRate', 'maxLeadIntervals', 'phase', 'priority'];

/** Options of {@link useSmoothedDelta}. */
export interface UseSmoothedDeltaOptions {
  /** The display rate in Hz. Default: the scheduler's detected rate, followed when it changes. */
  refreshRate?: number;
  /** Refresh intervals game time may lead real time before the smoother resyncs. Default 3. */
  maxLeadIntervals?: number;
  /** Which pass of the frame the callback runs in. Default `'update'`. */
  phase?: FramePhase;
  /** Order within the phase: lower runs first. Default 0. */
  priority?: number;
}

/**
 * Like {@link useFrame} with a variable `dt` snapped to whole refresh intervals (Frank Force, "Time
 * Delta Smoothing") while the loop is synced. See docs/react.md#usesmootheddelta--a-variable-dt-snapped-to-the-display.
 */
export function useSmoothedDelta(
  callback: (dt: number, frame: FrameInfo) => void,
  options: UseSmoothedDeltaOptions = {},
): void {
  const { maxLeadIntervals } = options;
  useRateCallback(
    'useSmoothedDelta',
    callback,
    options,
    OPTION_KEYS,
    (refreshRate) => deltaSmootherOf('useSmoothedDelta', dropUndefined({ refreshRate, maxLeadIntervals })),
    [maxLeadIntervals],
    smoothedHandler,
    // A given rate is trusted (always smoothed): a change resubscribes.
    options.refreshRate !== undefined,
  );
}

function smoothedHandler(
  smoother: DeltaSmoother,
  latest: MutableRefObject<DtCallback>,
  loop: LoopView,
  trustRate: boolean,
): (frame: FrameInfo) => void {
  // The estimate is one reused object: read once here, its `synced` every frame.
  const estimate = refreshRateOf(loop);
  return (frame) => {
    const callback = latest.current;
    if (!(frame.deltaSeconds > 0)) callback(0, frame);
    else if (trustRate || estimate.synced) {
      // Snap real time, then scale (scaled time would alternate 0 and 1 interval at 0.5×); 1 as is: docs/performance.md.
      if (frame.timeScale === 1) callback((smoother as Smoother).smoothFrame(frame), frame);
      else callback(smoother.smooth(frame.deltaSeconds / frame.timeScale) * frame.timeScale, frame);
    } else callback(frame.deltaSeconds, frame);
  };
}
