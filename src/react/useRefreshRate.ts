import { useEffect } from 'react';
import { onRefreshRateChange, refreshRateOf, type LoopView } from '../scheduler/internal.js';
import type { RefreshRateEstimate } from '../core/index.js';
import { booleanValue, optionsObject, withDefault } from '../core/internal.js';
import { useFrameLoop } from './useFrameLoop.js';
import { useSchedulerSnapshot } from './useSchedulerSnapshot.js';
import type { SchedulerListen } from './useSchedulerSnapshot.js';

/** A frozen copy of the scheduler's refresh-rate estimate (`interval`, `confidence` as of the last change). */
export type RefreshRateSnapshot = Readonly<RefreshRateEstimate>;

/** Options of {@link useRefreshRate}. */
export interface UseRefreshRateOptions {
  /** Keep the frame loop running while mounted so the rate is measured. Default true. */
  measure?: boolean;
}

/** The display refresh rate the scheduler detected (or was given), re-rendered only on a change; see docs/react.md. */
export function useRefreshRate(options: UseRefreshRateOptions = {}): RefreshRateSnapshot {
  const o = optionsObject('useRefreshRate', options, false, ['measure']);
  const measure = booleanValue('useRefreshRate', 'measure', withDefault(o.measure, true));
  const scheduler = useFrameLoop();
  useEffect(() => (measure ? scheduler.subscribe(noop, { phase: 'after' }) : undefined), [scheduler, measure]);
  return useSchedulerSnapshot(scheduler, snapshots, readEstimate, SHOWN, listenRate);
}

function noop(): void {}

const snapshots = new WeakMap<LoopView, RefreshRateSnapshot>();

const readEstimate = (loop: LoopView): RefreshRateEstimate => refreshRateOf(loop);

/** Not `interval` or `confidence`: they move every frame. */
const SHOWN: readonly (keyof RefreshRateEstimate)[] = ['refreshRate', 'synced', 'state', 'throttledRate', 'changes'];
const listenRate: SchedulerListen = (loop, onChange) => onRefreshRateChange(loop, onChange);
