import { useEffect } from 'react';
import type { FrameScheduler } from '../scheduler/types.js';
import type { RefreshRateEstimate } from '../core/types.js';
import { booleanValue, optionsObject, withDefault } from '../core/validate.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useSchedulerSnapshot } from './useSchedulerSnapshot.js';
import type { SchedulerListen } from './useSchedulerSnapshot.js';

/**
 * A frozen copy of the scheduler's refresh-rate estimate. `interval` and `confidence` are as of
 * the last change of rate, sync or state (they are not followed frame by frame).
 */
export type RefreshRateSnapshot = Readonly<RefreshRateEstimate>;

/** Options of {@link useRefreshRate}. */
export interface UseRefreshRateOptions {
  /**
   * Keep the frame loop running while mounted so the rate is measured even when nothing else
   * subscribes (one empty `'after'`-phase subscriber). Default true. With false the hook only
   * reports what the frames other components request reveal (no extra wake-ups when idle).
   */
  measure?: boolean;
}

/**
 * The display refresh rate the scheduler detected (or was given), for showing it or choosing
 * settings. Re-renders only when `refreshRate`, `synced`, `state` or `throttledRate` change (a new
 * monitor, a throttled tab), never per frame.
 *
 * The rate is measured from frame timestamps, so frames must run: by default the hook keeps the
 * loop going while it is mounted (see {@link UseRefreshRateOptions.measure}).
 *
 * @example
 * ```tsx
 * function RateBadge() {
 *   const { refreshRate, synced, state } = useRefreshRate();
 *   return <span>{state === 'measuring' ? '…' : `${refreshRate} Hz${synced ? '' : ' (unsynced)'}`}</span>;
 * }
 * ```
 */
export function useRefreshRate(options: UseRefreshRateOptions = {}): RefreshRateSnapshot {
  const o = optionsObject('useRefreshRate', options, false, ['measure']);
  const measure = booleanValue('useRefreshRate', 'measure', withDefault(o.measure, true));
  // Detection starts in the scheduler when the effects below subscribe and listen, not here.
  const scheduler = useFrameScheduler();
  useEffect(() => (measure ? scheduler.subscribe(noop, { phase: 'after' }) : undefined), [scheduler, measure]);
  return useSchedulerSnapshot(scheduler, snapshots, readEstimate, SHOWN, listenRate);
}

function noop(): void {}

/** One snapshot per scheduler, shared by every hook instance (see useSchedulerSnapshot). */
const snapshots = new WeakMap<FrameScheduler, RefreshRateSnapshot>();

/** The estimate is one object mutated every frame: the snapshot is a copy of it. */
const readEstimate = (scheduler: FrameScheduler): RefreshRateEstimate => scheduler.refreshRate;

/** A new snapshot when one of these changes (not `interval` or `confidence`: they move every frame). */
const SHOWN: readonly (keyof RefreshRateEstimate)[] = ['refreshRate', 'synced', 'state', 'throttledRate', 'changes'];
const listenRate: SchedulerListen = (scheduler, onChange) => scheduler.onRefreshRateChange(onChange);
