/**
 * Time delta smoothing (seed 003): hand the game the delta that WILL have passed when the frame
 * is shown, not the one that was measured. With vsync on, a frame is on screen for a whole number
 * of refresh intervals, so the measured delta (plus what was carried from earlier frames) is
 * rounded up to whole intervals and the difference is carried into the next frame.
 */
import type { DeltaSmoother, DeltaSmootherOptions } from './types.js';
import { integerAtLeast, optionsObject, positiveNumber, withDefault } from './validate.js';
import { sanitizeDeltaSeconds, snapToWhole } from './counting.js';

const OWNER = 'createDeltaSmoother';

/** Default bound on how far game time may lead real time, in refresh intervals. */
const DEFAULT_MAX_LEAD_INTERVALS = 3;

/** Interval counts this close to a whole number are that number (see counting.ts). */
const SNAP_INTERVALS = 1e-9;

/**
 * Create a seed-003 delta smoother.
 *
 * Each call to `smooth(delta)` does the seed's arithmetic, in float64:
 * `x = delta + carry`; `k = floor(x × refreshRate) + 1` (the seed's `(int)(delta * refreshRate + 1)`),
 * at least 1; the result is `k / refreshRate` and `carry = x − result`. Because an exact interval
 * rounds up to TWO on the very first frame, game time then leads real time by one interval (the
 * seed's "delta that will be", and what a triple-buffered queue needs), and in steady vsynced input
 * every later frame is exactly one interval with the carry sitting at about −1 interval. Interval
 * counts within 1e-9 of a whole number are snapped to it, so float noise never changes `k`, and
 * fractional rates such as 59.94 Hz are used exactly.
 *
 * **Resync (beyond the seed).** When the input is faster than the rate (vsync off, a wrong rate, a
 * burst of callbacks on resume), "at least one interval" per frame would let the lead (−carry) grow
 * without bound. If handing out one interval would push the lead past `maxLeadIntervals`, the
 * smoother returns 0 for that frame instead: game time waits, the carry keeps the real time, and
 * `resyncs` counts it. Holding keeps the game's speed right; forgiving the lead instead would make
 * the game run fast by exactly the forgiven time.
 *
 * **Time is conserved exactly:** over any sequence of calls, `sum(results) − sum(deltas) = −carry`
 * (up to float rounding), and `−carry` stays within `(0, maxLeadIntervals]` intervals.
 * `setRefreshRate()` keeps the carry in seconds; if that is more intervals of the new rate than
 * the bound, the next frames hold until the lead is back within it.
 *
 * **Bad samples.** NaN, negative deltas and −Infinity count as 0 s; deltas above one hour (and
 * +Infinity) count as one hour. The result is never NaN and never negative.
 *
 * @throws RangeError naming `refreshRate` (not a finite number > 0) or `maxLeadIntervals` (not a
 *   whole number ≥ 1).
 * @example
 * ```ts
 * const smoother = createDeltaSmoother({ refreshRate: 60 });
 * smoother.smooth(0.0171); // 2/60: the first frame leads by one interval
 * smoother.smooth(0.0162); // 1/60
 * ```
 */
export function createDeltaSmoother(options: DeltaSmootherOptions): DeltaSmoother {
  const opts = optionsObject(OWNER, options, true);
  let refreshRate = positiveNumber(OWNER, 'refreshRate', opts.refreshRate);
  // Whole intervals, at least one: a steady vsynced loop already leads by one interval, so a
  // smaller bound would hold game time on ordinary jitter.
  const maxLeadIntervals = integerAtLeast(
    OWNER,
    'maxLeadIntervals',
    withDefault(opts.maxLeadIntervals, DEFAULT_MAX_LEAD_INTERVALS),
    1,
  );

  // The carry lives in a one-slot Float64Array: a fractional number written to a closure `let`
  // is boxed, one allocation per frame.
  const carry = new Float64Array(1);
  let resyncs = 0;

  function smooth(deltaSeconds: number): number {
    const x = sanitizeDeltaSeconds(deltaSeconds) + carry[0]!;
    const intervals = snapToWhole(x * refreshRate, SNAP_INTERVALS);
    let frames = Math.floor(intervals) + 1;
    if (frames <= 0) frames = 1;
    // The lead after handing out `frames` intervals. It can only pass one interval when `frames`
    // was raised to 1 above, i.e. when real time is already behind game time.
    if (frames - intervals > maxLeadIntervals + SNAP_INTERVALS) {
      carry[0] = x;
      resyncs += 1;
      return 0;
    }
    const out = frames / refreshRate;
    carry[0] = x - out;
    return out;
  }

  return {
    smooth,
    get carry() {
      return carry[0]!;
    },
    get refreshRate() {
      return refreshRate;
    },
    get resyncs() {
      return resyncs;
    },
    setRefreshRate(next: number) {
      refreshRate = positiveNumber(OWNER, 'refreshRate', next);
    },
    reset() {
      carry[0] = 0;
      resyncs = 0;
    },
  };
}
