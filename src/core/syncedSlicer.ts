// Refresh-synced update slices ("Setting up a game update loop in-sync with rendering", 2013).
import type { SliceRounding, SlicerOverload, SyncedSlicer, SyncedSlicerOptions } from './types.js';
import { oneOf, optionsObject, positiveNumber, withDefault } from './validate.js';
import {
  countDeltaVblanks,
  createVblankState,
  resetVblanks,
  sanitizeDeltaSeconds,
  setVblankRate,
  SNAP_INTERVALS,
  snapToWhole,
  VBLANK_CARRY,
  VBLANK_INPUT,
  VBLANK_RATE,
  VBLANK_SLOTS,
} from './counting.js';

const OWNER = 'createSyncedSlicer';

const OVERLOADS: readonly SlicerOverload[] = ['catch-up', 'slow-motion', 'variable'];
const ROUNDINGS: readonly SliceRounding[] = ['nearest', 'down'];
const KNOWN_OPTIONS = ['refreshRate', 'minFrameRate', 'overload', 'overloadThreshold', 'rounding'] as const;

// The article's slowest update rate: a quarter of the refresh rate.
const DEFAULT_MIN_FRAME_RATE_DIVISOR = 4;

// The article's code writes `s_device_refresh / 6.f` (10 s at 60 Hz); its text means 0.1 s: six intervals.
const DEFAULT_OVERLOAD_INTERVALS = 6;

/** The slicer's slots in the counter's array: seconds buffered, and seconds dropped so far. */
const BUFFER = VBLANK_SLOTS;
const DROPPED = VBLANK_SLOTS + 1;

/**
 * `slicer[ADVANCE_FRAME](frame)`: `advance(frame.deltaSeconds / frame.timeScale)` (0 at time scale
 * 0) with the delta read inside, so a caller V8 does not inline it into hands over no number to box
 * (useSyncedUpdate). @internal
 */
export const ADVANCE_FRAME: unique symbol = Symbol('advanceFrame') as never;
/** A slicer with its internal entry. @internal */
export type SlicerOfFrames = SyncedSlicer & { [ADVANCE_FRAME](frame: { readonly deltaSeconds: number; readonly timeScale: number }): readonly number[] };

/**
 * Create a refresh-synced slicer: `advance(delta)` buffers the delta and releases whole refresh
 * intervals of it as this frame's update slices (the same array every call). Rounding and the
 * overload policies: docs/core.md#createsyncedslicer.
 */
export function createSyncedSlicer(options: SyncedSlicerOptions): SyncedSlicer {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  const optionalPositive = (name: 'minFrameRate' | 'overloadThreshold'): number | undefined =>
    opts[name] === undefined ? undefined : positiveNumber(OWNER, name, opts[name]);
  const counter = createVblankState(positiveNumber(OWNER, 'refreshRate', opts.refreshRate));
  const explicitMinFrameRate = optionalPositive('minFrameRate');
  // (undefined > rate is false: a left-out minFrameRate passes.)
  if (explicitMinFrameRate! > counter[VBLANK_RATE]!) {
    throw new RangeError(
      `${OWNER}: option \`minFrameRate\` must not exceed refreshRate (${counter[VBLANK_RATE]}), got ${explicitMinFrameRate}`,
    );
  }
  const overload = oneOf(OWNER, 'overload', withDefault(opts.overload, 'slow-motion'), OVERLOADS);
  const explicitThreshold = optionalPositive('overloadThreshold');
  const rounding = oneOf(OWNER, 'rounding', withDefault(opts.rounding, 'nearest'), ROUNDINGS);

  // Derived per rate by configure(); recomputed by setRefreshRate.
  let maxSliceIntervals: number;
  let thresholdSeconds: number;
  let thresholdIntervals: number;
  let slowMotionSlices: number;

  function configure(): void {
    const refreshRate = counter[VBLANK_RATE]!;
    const minFrameRate = explicitMinFrameRate ?? refreshRate / DEFAULT_MIN_FRAME_RATE_DIVISOR;
    maxSliceIntervals = Math.max(1, Math.floor(snapToWhole(refreshRate / minFrameRate, SNAP_INTERVALS)));
    thresholdSeconds = explicitThreshold ?? DEFAULT_OVERLOAD_INTERVALS / refreshRate;
    thresholdIntervals = thresholdSeconds * refreshRate;
    // The article splits the capped time in two "to keep the update time steps from being too
    // large"; a large custom threshold needs more parts to respect 1/minFrameRate.
    const maxSliceSeconds = 1 / minFrameRate;
    slowMotionSlices = Math.max(2, Math.ceil(snapToWhole(thresholdSeconds / maxSliceSeconds, SNAP_INTERVALS)));
  }
  configure();

  const slices: number[] = [];

  function advance(deltaSeconds: number): readonly number[] {
    counter[VBLANK_INPUT] = sanitizeDeltaSeconds(deltaSeconds);
    return advanceInput();
  }

  /** Slice the delta in `counter[VBLANK_INPUT]`, seconds, sanitized (see advance). */
  function advanceInput(): readonly number[] {
    // pop(), not `length = 0`. Why: docs/performance.md.
    while (slices.length > 0) slices.pop();
    const refreshRate = counter[VBLANK_RATE]!;
    let released: number;
    if (rounding === 'nearest') {
      released = countDeltaVblanks(counter);
      counter[BUFFER] = counter[VBLANK_CARRY]! / refreshRate;
    } else {
      // The buffer and the delta are never negative, so neither is the count.
      const bufferSeconds = counter[BUFFER]! + counter[VBLANK_INPUT]!;
      // snapToWhole written out (see there).
      const raw = bufferSeconds * refreshRate;
      const whole = Math.round(raw);
      released = Math.floor(Math.abs(raw - whole) <= SNAP_INTERVALS ? whole : raw);
      // A snapped count may exceed the buffer by float noise; never leave a negative buffer.
      counter[BUFFER] = released > 0 ? Math.max(0, bufferSeconds - released / refreshRate) : bufferSeconds;
    }
    if (released === 0) return slices;

    if (released > thresholdIntervals + SNAP_INTERVALS) {
      if (overload === 'variable') {
        slices.push(released / refreshRate);
        return slices;
      }
      if (overload === 'slow-motion') {
        const part = thresholdSeconds / slowMotionSlices;
        for (let i = 0; i < slowMotionSlices; i += 1) slices.push(part);
        counter[DROPPED] = counter[DROPPED]! + (released / refreshRate - thresholdSeconds);
        return slices;
      }
    }

    // Work in whole interval counts so every slice is exactly k / refreshRate.
    let remaining = released;
    while (remaining >= maxSliceIntervals) {
      slices.push(maxSliceIntervals / refreshRate);
      remaining -= maxSliceIntervals;
    }
    if (remaining > 0) slices.push(remaining / refreshRate);
    return slices;
  }

  const slicer: SlicerOfFrames = {
    advance,
    [ADVANCE_FRAME](frame) {
      // Real time: a scheduler frame's delta (0 to maxDelta) unscaled; 0 while time stands still.
      const scale = frame.timeScale;
      counter[VBLANK_INPUT] = scale > 0 ? frame.deltaSeconds / scale : 0;
      return advanceInput();
    },
    get bufferSeconds() {
      return counter[BUFFER]!;
    },
    get droppedSeconds() {
      return counter[DROPPED]!;
    },
    setRefreshRate(next: number) {
      setVblankRate(counter, positiveNumber(OWNER, 'refreshRate', next));
      configure();
    },
    reset() {
      // (The buffer and the dropped time too: resetVblanks zeroes the owner's slots.)
      resetVblanks(counter);
      while (slices.length > 0) slices.pop();
    },
  };
  return slicer;
}
