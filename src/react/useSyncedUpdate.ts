import type { MutableRefObject } from 'react';
import { dropUndefined, syncedSlicerOf, type Slicer } from '../core/internal.js';
import type { SlicerOverload, SyncedSlicer } from '../core/internal.js';
import type { FrameInfo } from '../scheduler/index.js';
import { useRateCallback } from './useRateCallback.js';
import type { DtCallback } from './useRateCallback.js';
import { isDevelopment, refreshRateOf, type LoopView } from '../scheduler/internal.js';

// Read after isDevelopment(): a production build replaces it and drops the warning.
declare const process: { env: { NODE_ENV?: string } };

const OWNER = 'useSyncedUpdate';
const OPTION_KEYS: readonly string[] = ['refreshRate', 'minFrameRate', 'overload', 'overloadThreshold', 'priority'];

/** Options of {@link useSyncedUpdate}. */
export interface UseSyncedUpdateOptions {
  /** The display rate in Hz. Default: the scheduler's detected rate, followed when it changes. */
  refreshRate?: number;
  /** Lowest update rate, Hz: no `dt` exceeds `1 / minFrameRate`. Default refreshRate / 4. */
  minFrameRate?: number;
  /** Well-of-despair policy. Default `'slow-motion'`. */
  overload?: SlicerOverload;
  /** Seconds above which `overload` applies. Default six refresh intervals. */
  overloadThreshold?: number;
  /** Order among `'update'`-phase subscribers (lower first). Default 0. */
  priority?: number;
}

/**
 * Updates in step with the display ("Setting up a game update loop in-sync with rendering"): `callback`
 * runs once per slice of whole refresh intervals. See docs/react.md#usesyncedupdate--updates-in-whole-refresh-intervals.
 */
export function useSyncedUpdate(
  callback: (dt: number, frame: FrameInfo) => void,
  options: UseSyncedUpdateOptions = {},
): void {
  const { minFrameRate, overload, overloadThreshold } = options;
  // A holder, so the rate follower can swap the slicer when the display drops below minFrameRate.
  useRateCallback(
    OWNER,
    callback,
    options,
    OPTION_KEYS,
    (refreshRate) => createSlicerHolder(refreshRate, minFrameRate, overload, overloadThreshold),
    [minFrameRate, overload, overloadThreshold],
    slicedHandler,
    // A given rate is trusted (always sliced on its grid).
    options.refreshRate !== undefined,
  );
}

function slicedHandler(
  holder: SlicerHolder,
  latest: MutableRefObject<DtCallback>,
  loop: LoopView,
  trustRate: boolean,
): (frame: FrameInfo) => void {
  // The estimate is one reused object: read once here, its `state` every frame.
  const estimate = refreshRateOf(loop);
  return (frame) => {
    const slicer = holder.slicer as Slicer;
    // No vblank grid, or none known yet (docs/browsers.md#no-grid): the frame's time as it came, not whole intervals.
    slicer.setGridless(!trustRate && (estimate.state === 'variable' || estimate.state === 'measuring'));
    // Slice real time, then scale each slice (scaled time would release every other frame at 0.5×).
    const slices = slicer.advanceFrame(frame);
    for (let i = 0; i < slices.length; i++) latest.current((slices[i] as number) * frame.timeScale, frame);
  };
}

interface SlicerHolder {
  slicer: SyncedSlicer;
  refreshRate: number;
  setRefreshRate(refreshRate: number): void;
}

/** A slicer whose minimum is lowered to a slower display's rate (warned once; throwing would break a running game). */
function createSlicerHolder(
  rate: number,
  minFrameRate: number | undefined,
  overload: SlicerOverload | undefined,
  overloadThreshold: number | undefined,
): SlicerHolder {
  // An invalid minFrameRate is passed on as given: the slicer names it.
  const valid = Number.isFinite(minFrameRate) && (minFrameRate as number) > 0;
  const minFor = (r: number): number | undefined => (valid ? Math.min(minFrameRate as number, r) : minFrameRate);
  let warned = false;
  const build = (r: number): SyncedSlicer => {
    if (valid && (minFrameRate as number) > r && !warned && isDevelopment() && process.env.NODE_ENV !== 'production') {
      warned = true;
      console.warn(
        `${OWNER}: minFrameRate ${minFrameRate} Hz is above the display's ${r} Hz; using ${r} Hz (every slice one refresh interval)`,
      );
    }
    return syncedSlicerOf(OWNER, dropUndefined({ refreshRate: r, minFrameRate: minFor(r), overload, overloadThreshold }));
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
