import { useEffect, useMemo } from 'react';
import { ADAPTIVE_OPTION_KEYS, createAdaptiveFramerate } from '../core/internal.js';
import { divisorOf, onDivisorChange, onRefreshRateChange, refreshRateOf, setAdaptiveOn, type LoopView, type SchedulerAdaptiveOptions } from '../scheduler/internal.js';
import { optionsObject } from '../core/internal.js';
import { renameOwner } from './renameOwner.js';
import { useFrameLoop } from './useFrameLoop.js';
import { useSchedulerSnapshot } from './useSchedulerSnapshot.js';
import type { SchedulerListen } from './useSchedulerSnapshot.js';

/** What {@link useAdaptiveFramerate} shows. */
export interface AdaptiveFramerateSnapshot {
  /** Vblanks each picture is held: 1 = every refresh, 2 = every other … */
  readonly divisor: number;
  /** refreshRate / divisor, Hz. */
  readonly frameRate: number;
}

/**
 * Turns on the scheduler's adaptive frame rate (Peter Sundqvist, "Timestepping") while mounted; re-renders
 * only when the divisor or display rate changes. Do not combine with `<FrameProvider adaptive>`; see docs/react.md.
 */
export function useAdaptiveFramerate(options?: SchedulerAdaptiveOptions): AdaptiveFramerateSnapshot {
  const scheduler = useFrameLoop();
  // Compared by content (an inline object is new every render); checked at render, naming this hook.
  const key = options === undefined ? '' : JSON.stringify(options);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useMemo(() => checkAdaptiveOptions(OWNER, options), [key]);
  // Two effects, so a change of options never passes through "off" (divisor back to 1).
  useEffect(() => {
    holders.set(scheduler, (holders.get(scheduler) ?? 0) + 1);
    return () => {
      const left = (holders.get(scheduler) ?? 1) - 1;
      holders.set(scheduler, left);
      if (left === 0) setAdaptiveOn(scheduler, false);
    };
  }, [scheduler]);
  useEffect(() => {
    setAdaptiveOn(scheduler, key === '' ? true : (JSON.parse(key) as SchedulerAdaptiveOptions));
  }, [scheduler, key]);

  return useSchedulerSnapshot(scheduler, snapshots, readDivisor, SHOWN, listenDivisor);
}

const OWNER = 'useAdaptiveFramerate';

/** Adaptive options checked as the scheduler will use them (a throwaway core instance). @internal */
export function checkAdaptiveOptions(owner: string, options: unknown): void {
  const o = optionsObject(owner, options, false, ADAPTIVE_OPTION_KEYS);
  renameOwner('createAdaptiveFramerate', owner, () => createAdaptiveFramerate({ ...o, refreshRate: 60 }));
}

/** How many mounted hooks want the adaptive rate on, per scheduler. */
const holders = new WeakMap<LoopView, number>();

const snapshots = new WeakMap<LoopView, AdaptiveFramerateSnapshot>();

function readDivisor(loop: LoopView): AdaptiveFramerateSnapshot {
  const divisor = divisorOf(loop);
  return { divisor, frameRate: refreshRateOf(loop).refreshRate / divisor };
}

const SHOWN: readonly (keyof AdaptiveFramerateSnapshot)[] = ['divisor', 'frameRate'];
const listenDivisor: SchedulerListen = (loop, onChange) => {
  const offDivisor = onDivisorChange(loop, onChange);
  const offRate = onRefreshRateChange(loop, onChange);
  return () => {
    offDivisor();
    offRate();
  };
};
