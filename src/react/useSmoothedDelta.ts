import type { MutableRefObject } from 'react';
import { createDeltaSmoother } from '../core/deltaSmoother.js';
import type { DeltaSmoother } from '../core/types.js';
import type { FrameInfo, FramePhase, FrameScheduler } from '../scheduler/types.js';
import { dropUndefined } from './dropUndefined.js';
import { useRateCallback } from './useRateCallback.js';
import type { DtCallback } from './useRateCallback.js';

const OPTION_KEYS: readonly string[] = ['refreshRate', 'maxLeadIntervals', 'phase', 'priority'];

/** Options of {@link useSmoothedDelta}. */
export interface UseSmoothedDeltaOptions {
  /** The display rate in Hz. Default: the scheduler's detected rate, followed when it changes. */
  refreshRate?: number;
  /** Refresh intervals game time may lead real time before the smoother resyncs. Default 3. */
  maxLeadIntervals?: number;
  /** Which pass of the frame the callback runs in (see {@link FramePhase}). Default `'update'`. */
  phase?: FramePhase;
  /** Order within the phase: lower runs first, ties in subscription order. Default 0. */
  priority?: number;
}

/**
 * Like {@link useFrame} with a variable `dt`, but `dt` is snapped to whole refresh intervals
 * (Frank Force, "Time Delta Smoothing"): on a vsynced 60 Hz display every frame advances the game
 * by exactly 1/60 s instead of the measured 16.2, 17.1, 16.5 … ms; the remainder is carried. While
 * the detected loop is not synced to a display (measuring, vsync off, throttled) the measured delta
 * passes unchanged; a `refreshRate` you pass is trusted. A frame with no game time (the first, or
 * paused) passes `dt = 0`; the real delta is snapped, then scaled by the time scale.
 *
 * @example
 * ```tsx
 * useSmoothedDelta((dt) => {
 *   ship.x += ship.vx * dt; // dt is 1/60, 1/60, 2/60 … on a 60 Hz display
 * });
 * ```
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
    'createDeltaSmoother',
    (refreshRate) => createDeltaSmoother(dropUndefined({ refreshRate, maxLeadIntervals })),
    // Only the lead limit needs a new smoother.
    [maxLeadIntervals],
    smoothedHandler,
    // A given rate is trusted (always smoothed): a change resubscribes.
    options.refreshRate !== undefined,
  );
}

function smoothedHandler(
  smoother: DeltaSmoother,
  latest: MutableRefObject<DtCallback>,
  scheduler: FrameScheduler,
  trustRate: boolean,
): (frame: FrameInfo) => void {
  return (frame) => {
    const callback = latest.current;
    if (!(frame.deltaSeconds > 0)) callback(0, frame);
    else if (trustRate || scheduler.refreshRate.synced) {
      // Snap real time, then apply the time scale: snapping scaled time to display
      // intervals would make a 0.5× slow motion alternate between 0 and 1 interval.
      // deltaSeconds > 0 here, so timeScale > 0. Time scale 1: passed as is (docs/performance.md).
      if (frame.timeScale === 1) callback(smoother.smooth(frame.deltaSeconds), frame);
      else callback(smoother.smooth(frame.deltaSeconds / frame.timeScale) * frame.timeScale, frame);
    } else callback(frame.deltaSeconds, frame);
  };
}
