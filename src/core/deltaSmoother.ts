/**
 * Time delta smoothing (Frank Force, "Time Delta Smoothing"): with vsync on, a frame is on screen
 * for a whole number of refresh intervals, so the game should advance by whole intervals too. The
 * measured delta (plus what was carried from earlier frames) becomes whole intervals and the
 * difference is carried into the next frame.
 */
import type { DeltaRounding, DeltaSmoother, DeltaSmootherOptions } from './types.js';
import { integerAtLeast, oneOf, optionsObject, positiveNumber, withDefault } from './validate.js';
import {
  countDeltaVblanks,
  createVblankState,
  resetVblanks,
  sanitizeDeltaSeconds,
  setVblankRate,
  SNAP_INTERVALS,
  VBLANK_CARRY,
  VBLANK_RATE,
  VBLANK_SLOTS,
} from './counting.js';

const OWNER = 'createDeltaSmoother';
const ROUNDINGS: readonly DeltaRounding[] = ['nearest', 'up'];
const KNOWN_OPTIONS = ['refreshRate', 'maxLeadIntervals', 'rounding'] as const;

/** Default bound on how far game time may lead real time, in refresh intervals. */
const DEFAULT_MAX_LEAD_INTERVALS = 3;

/**
 * The smoother's own slot in the counter's array, seconds: the carry of the 'up' rule, or the
 * one-interval lead 'nearest' takes on the first frame (0 until then). A Float64Array slot: a
 * fractional number written to a closure `let` is boxed, one allocation per frame.
 */
const CARRY_SECONDS = VBLANK_SLOTS;

/**
 * Results of up to this many whole intervals are numbers made once per rate (see `results` in
 * createDeltaSmoother); a real frame rarely spans more.
 */
const CACHED_INTERVALS = 8;

/**
 * Create a delta smoother (Frank Force, "Time Delta Smoothing"): each measured delta becomes a
 * whole number of refresh intervals, and what is not handed out is carried into the next frame,
 * so the game sees the even steps the display shows instead of the timer's noise.
 *
 * **Rounding.** `'nearest'` (default, robust on real frames): the delta plus the carry is rounded
 * to the nearest whole interval, centred on the stream's own phase (see docs/differences.md, "Where we
 * differ from the articles"): on vsynced timestamps quantised to 0.1 or 1 ms with ±1 ms jitter it
 * hands out exactly the vblanks that elapsed, and a dropped frame (two vblanks in one delta) is
 * made up in the frame where it is seen. That holds on every frame whatever the phase while the
 * timestamps' noise (jitter plus one timer step) spans under half an interval; at 240 Hz a 1 ms
 * clock with ±1 ms jitter spans 72 % of one, and a start can miscount in its first frames while
 * the phase is learnt (docs/guarantees.md has the figures). Like the article, the first frame adds one interval of
 * lead (game time is handed out for the moment the picture will be shown, one vblank after it is
 * drawn), and from then on every frame hands out exactly the vblanks that elapsed. A delta under
 * half an interval (a repeated timestamp, unsynced input faster than the rate) hands out 0 and is
 * carried, so game time never leads real time by more than about two intervals. `'up'`: the article's arithmetic
 * exactly, `k = floor((delta + carry) × refreshRate) + 1`, at least one: the very first frame leads real time by one
 * interval and the carry then sits on a boundary at about −1 interval, so after a dropped frame it
 * hands out one interval and the second one a frame or more later (the picture lags meanwhile).
 * Either way interval counts within 1e-9 of a whole number are snapped to it, and fractional rates
 * such as 59.94 Hz are used exactly.
 *
 * **Resync (beyond the article, `'up'` only).** When the input is faster than the rate (vsync off, a wrong rate, a
 * burst of callbacks on resume), "at least one interval" per frame would let the lead (−carry) grow
 * without bound. If handing out one interval would push the lead past `maxLeadIntervals`, the
 * smoother returns 0 for that frame instead: game time waits, the carry keeps the real time, and
 * `resyncs` counts it. Holding keeps the game's speed right; forgiving the lead instead would make
 * the game run fast by exactly the forgiven time.
 *
 * **Time is conserved exactly:** over any sequence of calls, `sum(results) − sum(deltas) = −carry`
 * (up to float rounding), and `−carry` stays at most `maxLeadIntervals` intervals (about one, ± half
 * an interval, with `'nearest'`).
 * `setRefreshRate()` keeps the carry in seconds; if that is more intervals of the new rate than
 * the bound, the next frames hold until the lead is back within it.
 *
 * **Bad samples.** NaN, negative deltas and −Infinity count as 0 s; deltas above one hour (and
 * +Infinity) count as one hour. The result is never NaN and never negative.
 *
 * @throws RangeError naming `refreshRate` (not a finite number > 0), `maxLeadIntervals` (not a
 *   whole number ≥ 1) or `rounding` (not `'nearest'` or `'up'`).
 * @example
 * ```ts
 * const smoother = createDeltaSmoother({ refreshRate: 60 });
 * smoother.smooth(0.0171); // 2/60: the first frame takes the one-interval lead
 * smoother.smooth(0.0329); // 2/60: a dropped frame, made up at once
 * smoother.smooth(0.0162); // 1/60
 * ```
 */
export function createDeltaSmoother(options: DeltaSmootherOptions): DeltaSmoother {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  // The refresh rate lives in the counter (VBLANK_RATE), for both roundings.
  const counter = createVblankState(positiveNumber(OWNER, 'refreshRate', opts.refreshRate));
  // Whole intervals, at least one: a steady vsynced loop already leads by one interval, so a
  // smaller bound would hold game time on ordinary jitter.
  const maxLeadIntervals = integerAtLeast(
    OWNER,
    'maxLeadIntervals',
    withDefault(opts.maxLeadIntervals, DEFAULT_MAX_LEAD_INTERVALS),
    1,
  );

  const rounding = oneOf(OWNER, 'rounding', withDefault(opts.rounding, 'nearest'), ROUNDINGS);
  let resyncs = 0;

  /**
   * `k / refreshRate` for k below CACHED_INTERVALS, made once per rate. smooth returns one of
   * these: a fraction computed in smooth and returned from a call V8 does not inline is boxed into
   * a new number, an allocation per frame, while an element of an array of mixed kinds (the
   * `undefined` it starts with keeps it one) is handed out as it is.
   */
  const results: (number | undefined)[] = [undefined];
  function cacheResults(): void {
    for (let k = 0; k < CACHED_INTERVALS; k += 1) results[k] = k / counter[VBLANK_RATE]!;
  }
  cacheResults();

  function smooth(deltaSeconds: number): number {
    const refreshRate = counter[VBLANK_RATE]!;
    if (rounding === 'nearest') {
      // Nearest whole intervals, 0 allowed: a delta under half an interval (a repeated timestamp,
      // unsynced input) hands out nothing and is carried, so no resync is needed.
      let intervals = countDeltaVblanks(counter, deltaSeconds);
      if (!counter[CARRY_SECONDS]) {
        // The article's lead: the picture drawn now is shown one interval later, so game time is
        // handed out one interval ahead, once, on the first frame (what 'up' does by rounding up).
        intervals += 1;
        counter[CARRY_SECONDS] = 1 / refreshRate;
      }
      return intervals < CACHED_INTERVALS ? results[intervals]! : intervals / refreshRate;
    }
    const x = sanitizeDeltaSeconds(deltaSeconds) + counter[CARRY_SECONDS]!;
    // snapToWhole written out (see there).
    const raw = x * refreshRate;
    const whole = Math.round(raw);
    const intervals = Math.abs(raw - whole) <= SNAP_INTERVALS ? whole : raw;
    const frames = Math.max(1, Math.floor(intervals) + 1);
    // The lead after handing out `frames` intervals. It can only pass one interval when `frames`
    // was raised to 1 above, i.e. when real time is already behind game time.
    if (frames - intervals > maxLeadIntervals + SNAP_INTERVALS) {
      counter[CARRY_SECONDS] = x;
      resyncs += 1;
      return 0;
    }
    const out = frames < CACHED_INTERVALS ? results[frames]! : frames / refreshRate;
    counter[CARRY_SECONDS] = x - out;
    return out;
  }

  return {
    smooth,
    get carry() {
      return rounding === 'nearest' ? counter[VBLANK_CARRY]! / counter[VBLANK_RATE]! - counter[CARRY_SECONDS]! : counter[CARRY_SECONDS]!;
    },
    get refreshRate() {
      return counter[VBLANK_RATE]!;
    },
    get resyncs() {
      return resyncs;
    },
    setRefreshRate(next: number) {
      setVblankRate(counter, positiveNumber(OWNER, 'refreshRate', next));
      cacheResults();
    },
    reset() {
      // (The carry slot too: resetVblanks zeroes the owner's slots.)
      resetVblanks(counter);
      resyncs = 0;
    },
  };
}
