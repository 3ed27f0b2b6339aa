import type { MutableRefObject } from 'react';
import { createSyncedSlicer } from '../core/syncedSlicer.js';
import type { SlicerOverload, SyncedSlicer } from '../core/types.js';
import type { FrameInfo } from '../scheduler/types.js';
import { dropUndefined } from './dropUndefined.js';
import { useRateCallback } from './useRateCallback.js';
import type { DtCallback } from './useRateCallback.js';
import { isDevelopment } from '../scheduler/devMode.js';

// Read after isDevelopment(): a production build replaces it and drops the warning.
declare const process: { env: { NODE_ENV?: string } };

const OWNER = 'useSyncedUpdate';
const OPTION_KEYS: readonly string[] = ['refreshRate', 'minFrameRate', 'overload', 'overloadThreshold', 'priority'];

/** Options of {@link useSyncedUpdate}. */
export interface UseSyncedUpdateOptions {
  /** The display rate in Hz. Default: the scheduler's detected rate, followed when it changes. */
  refreshRate?: number;
  /**
   * Lowest update rate, Hz: no `dt` exceeds `1 / minFrameRate`. Default refreshRate / 4. On a
   * display slower than this (60 asked, a 50 Hz display detected) the display rate is used instead
   * (every slice one refresh interval) and a development warning says so; nothing throws.
   */
  minFrameRate?: number;
  /** Well-of-despair policy: `'slow-motion'` (default), `'catch-up'` or `'variable'`. */
  overload?: SlicerOverload;
  /** Seconds above which `overload` applies. Default six refresh intervals (0.1 s at 60 Hz). */
  overloadThreshold?: number;
  /** Order among `'update'`-phase subscribers (lower first). Default 0. */
  priority?: number;
}

/**
 * Updates in step with the display ("Setting up a game update loop in-sync with rendering", 2013):
 * each frame the elapsed real time is released in whole refresh intervals only, cut into slices no
 * longer than `1 / minFrameRate`, and `callback` runs once per slice, in the `'update'` phase. The
 * time scale applies to each slice (0.5× on 60 Hz: one 1/120 s slice a frame); time scale 0
 * releases nothing, as a pause.
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
  const { minFrameRate, overload, overloadThreshold } = options;
  // The slicer lives in a holder so the rate follower can swap it when the display drops below
  // minFrameRate (a slicer cannot have a minimum above its display rate).
  useRateCallback(
    OWNER,
    callback,
    options,
    OPTION_KEYS,
    'createSyncedSlicer',
    (refreshRate) => createSlicerHolder(refreshRate, minFrameRate, overload, overloadThreshold),
    // The rate is kept current by useFollowRefreshRate; the other options need a new slicer.
    [minFrameRate, overload, overloadThreshold],
    slicedHandler,
    undefined,
  );
}

function slicedHandler(holder: SlicerHolder, latest: MutableRefObject<DtCallback>): (frame: FrameInfo) => void {
  return (frame) => {
    // Slice the real (clamped) time, then scale each slice: slicing scaled time into display
    // intervals would make a 0.5× slow motion release an interval only every other frame.
    // Real time = game time / time scale; a frozen loop (time scale 0) releases nothing, as paused.
    const slices = holder.slicer.advance(frame.timeScale > 0 ? frame.deltaSeconds / frame.timeScale : 0);
    for (let i = 0; i < slices.length; i++) latest.current((slices[i] as number) * frame.timeScale, frame);
  };
}

interface SlicerHolder {
  slicer: SyncedSlicer;
  /** The display rate the slicer was last given (read by useFollowRefreshRate). */
  refreshRate: number;
  setRefreshRate(refreshRate: number): void;
}

/**
 * A slicer plus the rule for a display slower than `minFrameRate`: the minimum in effect is
 * lowered to the display rate (slices of one refresh interval, the shortest there is), and a
 * development warning says so once. Throwing instead would break a running game the moment a
 * 50 Hz display is detected, long after the options were written.
 */
function createSlicerHolder(
  rate: number,
  minFrameRate: number | undefined,
  overload: SlicerOverload | undefined,
  overloadThreshold: number | undefined,
): SlicerHolder {
  // An invalid minFrameRate (NaN, 0, a string) is passed on as given: the slicer names it.
  // (Number.isFinite is false for anything that is not a number.)
  const valid = Number.isFinite(minFrameRate) && (minFrameRate as number) > 0;
  /** The minimum in effect on a display of `r` Hz. */
  const minFor = (r: number): number | undefined => (valid ? Math.min(minFrameRate as number, r) : minFrameRate);
  let warned = false;
  const build = (r: number): SyncedSlicer => {
    if (valid && (minFrameRate as number) > r && !warned && isDevelopment() && process.env.NODE_ENV !== 'production') {
      warned = true;
      console.warn(
        `${OWNER}: minFrameRate ${minFrameRate} Hz is above the display's ${r} Hz; using ${r} Hz (every slice one refresh interval)`,
      );
    }
    return createSyncedSlicer(dropUndefined({ refreshRate: r, minFrameRate: minFor(r), overload, overloadThreshold }));
  };
  const holder: SlicerHolder = {
    slicer: build(rate),
    refreshRate: rate,
    setRefreshRate(next) {
      // Rebuilt only when the minimum in effect changes; else the slicer keeps its buffer.
      if (minFor(next) !== minFor(holder.refreshRate)) holder.slicer = build(next);
      else holder.slicer.setRefreshRate(next);
      holder.refreshRate = next;
    },
  };
  return holder;
}
