/**
 * Refresh-synced update slices ("Setting up a game update loop in-sync with rendering", April
 * 2013): let the game update only with whole refresh intervals of time, so a moving object
 * advances by the same amount on every picture, and split a long frame into bounded slices. What happens when far too much time piled up (the "well of despair")
 * is a policy: run it all off, slow the game down, or hand over one big step.
 */
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
  VBLANK_RATE,
  VBLANK_SLOTS,
} from './counting.js';

const OWNER = 'createSyncedSlicer';

const OVERLOADS: readonly SlicerOverload[] = ['catch-up', 'slow-motion', 'variable'];
const ROUNDINGS: readonly SliceRounding[] = ['nearest', 'down'];
const KNOWN_OPTIONS = ['refreshRate', 'minFrameRate', 'overload', 'overloadThreshold', 'rounding'] as const;

/** The article accepts a quarter of the refresh rate as the slowest update rate (15 Hz at 60 Hz). */
const DEFAULT_MIN_FRAME_RATE_DIVISOR = 4;

/**
 * The article's well-of-despair threshold in refresh intervals. Its code writes
 * `s_device_refresh / 6.f` (= 10 s at 60 Hz), but its text means 0.1 s, which is six intervals.
 */
const DEFAULT_OVERLOAD_INTERVALS = 6;

/**
 * The slicer's own slots in the counter's array: seconds buffered, and seconds dropped so far. A
 * Float64Array slot: a fractional number written to a closure `let` is boxed, one allocation per frame.
 */
const BUFFER = VBLANK_SLOTS;
const DROPPED = VBLANK_SLOTS + 1;

/**
 * Create a refresh-synced slicer.
 *
 * `advance(delta)` adds the delta to a buffer and releases only whole refresh intervals of it;
 * the rest stays buffered. `rounding` decides how many:
 *
 * - `'nearest'` (default, robust on real frames): the nearest whole number of intervals, centred
 *   on the stream's own phase. On vsynced timestamps quantised to 0.1 or 1 ms with ±1 ms jitter it
 *   releases exactly the vblanks that elapsed, and a dropped frame is made up in the frame where
 *   it is seen: on every frame whatever the phase while the timestamps' noise (jitter plus one
 *   timer step) spans under half an interval; at 240 Hz a 1 ms clock with ±1 ms jitter spans 72 %
 *   of one, and a start can miscount in its first frames while the phase is learnt. The buffer holds −½ … +½ interval (negative: an interval was released a little
 *   before the clock reached it).
 * - `'down'`: the article's arithmetic exactly, `floor(buffer × refreshRate)` (float noise within
 *   1e-9 of a whole count snapped). Its buffer starts on an interval boundary, so on real
 *   timestamps any quantisation decides between 0 and 2 intervals where one passed.
 *
 * The released time becomes this frame's update slices:
 *
 * - `'catch-up'` (the article's first version): slices of at most `1/minFrameRate`, the remainder
 *   last. Slices are whole intervals: the longest is `floor(refreshRate / minFrameRate)` intervals
 *   (at least one, even if the display drops below `minFrameRate`).
 * - `'slow-motion'` (the article's first way out of the "well of despair": lie about time): if more
 *   than `overloadThreshold` was released, the game gets only `overloadThreshold`, as two equal
 *   slices (more if a half would exceed `1/minFrameRate`); the rest is withheld and added to
 *   `droppedSeconds`. Otherwise as catch-up.
 * - `'variable'` (the article's second way out): if more than `overloadThreshold` was released, one
 *   slice of all of it (beware: a huge step can tunnel through walls). Otherwise as catch-up.
 *
 * "More than the threshold" is compared in interval counts with a tolerance, so exactly six
 * intervals at 60 Hz (0.1 s) is not an overload.
 *
 * **Time is conserved:** `sum(all slices) + bufferSeconds + droppedSeconds = sum(deltas)` (up to
 * float rounding). **Bad deltas:** NaN, negative and −Infinity count as 0 s; above one hour (and
 * +Infinity) counts as one hour.
 *
 * `advance` returns the same array on every call (rewritten in place): read it before the next call.
 * When `minFrameRate` or `overloadThreshold` were left to their defaults, `setRefreshRate`
 * recomputes them for the new rate.
 *
 * @throws RangeError naming `refreshRate`, `minFrameRate` (not > 0 or above `refreshRate`),
 *   `overload`, `overloadThreshold` (not a finite number > 0) or `rounding`.
 * @example
 * ```ts
 * const slicer = createSyncedSlicer({ refreshRate: 60, overload: 'catch-up' });
 * slicer.advance(0.0171); // [1/60]
 * slicer.advance(0.0329); // [2/60]: a dropped frame, made up at once
 * slicer.advance(0.12);   // [4/60, 3/60]: seven whole intervals, one slice ≤ 1/15 s
 * ```
 */
export function createSyncedSlicer(options: SyncedSlicerOptions): SyncedSlicer {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  /** An option that is left out (undefined), or a finite number > 0. */
  const optionalPositive = (name: 'minFrameRate' | 'overloadThreshold'): number | undefined =>
    opts[name] === undefined ? undefined : positiveNumber(OWNER, name, opts[name]);
  // The refresh rate lives in the counter (VBLANK_RATE), for both roundings.
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
    // Emptied with pop(), not `length = 0`: V8 frees the backing store when the length is set to
    // 0, and the next push allocates a new one, every frame.
    while (slices.length > 0) slices.pop();
    const refreshRate = counter[VBLANK_RATE]!;
    let released: number;
    if (rounding === 'nearest') {
      released = countDeltaVblanks(counter, deltaSeconds);
      counter[BUFFER] = counter[VBLANK_CARRY]! / refreshRate;
    } else {
      // The buffer and the delta are never negative, so neither is the count.
      const bufferSeconds = counter[BUFFER]! + sanitizeDeltaSeconds(deltaSeconds);
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

  return {
    advance,
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
}
