// Time delta smoothing: a vsynced frame is on screen for whole refresh intervals, so game time advances by whole intervals too.
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
  VBLANK_INPUT,
  VBLANK_RATE,
  VBLANK_SLOTS,
} from './counting.js';

const OWNER = 'createDeltaSmoother';
const ROUNDINGS: readonly DeltaRounding[] = ['nearest', 'up'];
const KNOWN_OPTIONS = ['refreshRate', 'maxLeadIntervals', 'rounding'] as const;

const DEFAULT_MAX_LEAD_INTERVALS = 3;

/**
 * `smoother[SMOOTH_DELTA_OF](frame)`: `smooth(frame.deltaSeconds)` with the delta read inside, so
 * a caller V8 does not inline it into hands over no number to box (useSmoothedDelta). @internal
 */
export const SMOOTH_DELTA_OF: unique symbol = Symbol('smoothDeltaOf') as never;
/** A smoother with its internal entry. @internal */
export type SmootherOfFrames = DeltaSmoother & { [SMOOTH_DELTA_OF](source: { readonly deltaSeconds: number }): number };

/** The smoother's slot in the counter's array, seconds: the carry of 'up', or the first frame's lead of 'nearest'. */
const CARRY_SECONDS = VBLANK_SLOTS;

// Results of up to this many intervals are made once per rate; a real frame rarely spans more.
const CACHED_INTERVALS = 8;

/**
 * Create a delta smoother (Frank Force, "Time Delta Smoothing"): each measured delta becomes a
 * whole number of refresh intervals, the rest carried into the next frame, so time is conserved.
 * Depth: docs/core.md#createdeltasmoother.
 */
export function createDeltaSmoother(options: DeltaSmootherOptions): DeltaSmoother {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  const counter = createVblankState(positiveNumber(OWNER, 'refreshRate', opts.refreshRate));
  // At least one: a steady vsynced loop already leads by one interval.
  const maxLeadIntervals = integerAtLeast(
    OWNER,
    'maxLeadIntervals',
    withDefault(opts.maxLeadIntervals, DEFAULT_MAX_LEAD_INTERVALS),
    1,
  );

  const rounding = oneOf(OWNER, 'rounding', withDefault(opts.rounding, 'nearest'), ROUNDINGS);
  let resyncs = 0;

  // `k / refreshRate`, made once per rate and returned as they are. Why: docs/performance.md
  // (inlining); the `undefined` keeps the array's elements boxed numbers, not raw doubles.
  const results: (number | undefined)[] = [undefined];
  function cacheResults(): void {
    for (let k = 0; k < CACHED_INTERVALS; k += 1) results[k] = k / counter[VBLANK_RATE]!;
  }
  cacheResults();

  /** Smooth the delta in `counter[VBLANK_INPUT]`, seconds, sanitized (see smooth). */
  function smoothInput(): number {
    const refreshRate = counter[VBLANK_RATE]!;
    if (rounding === 'nearest') {
      // 0 allowed: a delta under half an interval is carried, so no resync is needed.
      let intervals = countDeltaVblanks(counter);
      if (!counter[CARRY_SECONDS]) {
        // The article's lead, once: the picture drawn now is shown one interval later.
        intervals += 1;
        counter[CARRY_SECONDS] = 1 / refreshRate;
      }
      return intervals < CACHED_INTERVALS ? results[intervals]! : intervals / refreshRate;
    }
    const x = counter[VBLANK_INPUT]! + counter[CARRY_SECONDS]!;
    // snapToWhole written out (see there).
    const raw = x * refreshRate;
    const whole = Math.round(raw);
    const intervals = Math.abs(raw - whole) <= SNAP_INTERVALS ? whole : raw;
    const frames = Math.max(1, Math.floor(intervals) + 1);
    // The lead can pass one interval only when `frames` was raised to 1, real time being behind.
    if (frames - intervals > maxLeadIntervals + SNAP_INTERVALS) {
      counter[CARRY_SECONDS] = x;
      resyncs += 1;
      return 0;
    }
    const out = frames < CACHED_INTERVALS ? results[frames]! : frames / refreshRate;
    counter[CARRY_SECONDS] = x - out;
    return out;
  }

  function smooth(deltaSeconds: number): number {
    counter[VBLANK_INPUT] = sanitizeDeltaSeconds(deltaSeconds);
    return smoothInput();
  }

  const smoother: SmootherOfFrames = {
    smooth,
    [SMOOTH_DELTA_OF](source) {
      // A scheduler frame's delta: a number from 0 to maxDelta, nothing to sanitize.
      counter[VBLANK_INPUT] = source.deltaSeconds;
      return smoothInput();
    },
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
  return smoother;
}
