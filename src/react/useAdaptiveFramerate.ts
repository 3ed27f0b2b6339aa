import { useEffect, useMemo } from 'react';
import { ADAPTIVE_OPTION_KEYS, createAdaptiveFramerate } from '../core/adaptiveFramerate.js';
import type { FrameScheduler, SchedulerAdaptiveOptions } from '../scheduler/types.js';
import { optionsObject } from '../core/validate.js';
import { renameOwner } from './renameOwner.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useSchedulerSnapshot } from './useSchedulerSnapshot.js';
import type { SchedulerListen } from './useSchedulerSnapshot.js';


/** What {@link useAdaptiveFramerate} shows. */
export interface AdaptiveFramerateSnapshot {
  /** Vblanks each picture is held: 1 = every refresh, 2 = 30 Hz on a 60 Hz display … */
  readonly divisor: number;
  /** refreshRate / divisor, Hz. */
  readonly frameRate: number;
}

/**
 * Turns on the scheduler's adaptive frame rate (the adaptive loop of Peter Sundqvist's "Timestepping") while the component is
 * mounted: when frames keep taking too long the loop steps down 60 → 30 → 20 Hz and holds there,
 * instead of alternating between hitting and missing vblanks; it steps back up with hysteresis.
 * Turns it off again on unmount. Re-renders only when the divisor (or the display rate) changes.
 *
 * Several may be mounted on one scheduler (a HUD and a settings panel, say): the last one mounted
 * sets the options (the divisor reached so far is kept, lowered to a new `maxDivisor` if needed),
 * and the adaptive rate stays on until the last of them unmounts. A
 * `<FrameProvider adaptive>` is the alternative that needs no component; do not mix the two on one
 * scheduler, since the last hook unmounting turns the adaptive rate off.
 *
 * @example
 * ```tsx
 * function Hud() {
 *   const { frameRate } = useAdaptiveFramerate({ maxDivisor: 3 });
 *   return <span>{frameRate.toFixed(0)} fps target</span>;
 * }
 * ```
 */
export function useAdaptiveFramerate(options?: SchedulerAdaptiveOptions): AdaptiveFramerateSnapshot {
  // Nothing starts here: the scheduler starts the adaptive rate when the effect turns it on.
  const scheduler = useFrameScheduler();
  // An inline options object is new every render: compare by content.
  const key = options === undefined ? '' : JSON.stringify(options);
  // Checked at render, naming this hook (in the effect the error would name the scheduler); the
  // options are compared by content (`key`).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useMemo(() => checkAdaptiveOptions(OWNER, options), [key]);
  // Two effects: holding the adaptive rate on depends on the scheduler only, so a change of options
  // never passes through "off" (which would drop the divisor reached so far back to 1).
  useEffect(() => {
    holders.set(scheduler, (holders.get(scheduler) ?? 0) + 1);
    return () => {
      const left = (holders.get(scheduler) ?? 1) - 1;
      holders.set(scheduler, left);
      if (left === 0) scheduler.setAdaptive(false);
    };
  }, [scheduler]);
  useEffect(() => {
    scheduler.setAdaptive(key === '' ? true : (JSON.parse(key) as SchedulerAdaptiveOptions));
  }, [scheduler, key]);

  return useSchedulerSnapshot(scheduler, snapshots, readDivisor, SHOWN, listenDivisor);
}

const OWNER = 'useAdaptiveFramerate';

/**
 * Adaptive options checked as the scheduler will use them: known names (the core's list) and
 * values (a throwaway core instance), a RangeError naming `owner`.
 * @internal
 */
export function checkAdaptiveOptions(owner: string, options: unknown): void {
  const o = optionsObject(owner, options, false, ADAPTIVE_OPTION_KEYS);
  renameOwner('createAdaptiveFramerate', owner, () => createAdaptiveFramerate({ ...o, refreshRate: 60 }));
}

/** How many mounted hooks want the adaptive rate on, per scheduler. */
const holders = new WeakMap<FrameScheduler, number>();

/** One snapshot per scheduler, shared by every hook instance (see useSchedulerSnapshot). */
const snapshots = new WeakMap<FrameScheduler, AdaptiveFramerateSnapshot>();

function readDivisor(scheduler: FrameScheduler): AdaptiveFramerateSnapshot {
  const divisor = scheduler.divisor;
  return { divisor, frameRate: scheduler.refreshRate.refreshRate / divisor };
}

const SHOWN: readonly (keyof AdaptiveFramerateSnapshot)[] = ['divisor', 'frameRate'];
/** The frame rate changes with the divisor and with the display rate. */
const listenDivisor: SchedulerListen = (scheduler, onChange) => {
  const offDivisor = scheduler.onDivisorChange(onChange);
  const offRate = scheduler.onRefreshRateChange(onChange);
  return () => {
    offDivisor();
    offRate();
  };
};
