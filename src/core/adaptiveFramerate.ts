/**
 * Adaptive frame rate (Peter Sundqvist, "Timestepping"): when a machine is only just fast enough for every
 * vblank, some frames hit the vblank and some miss it, and the picture alternates between 60 and
 * 30 Hz. It looks better to step down and hold 30 Hz (then 20, 15 …) on purpose. A lag counter
 * with asymmetric steps and thresholds gives the hysteresis: slow frames push it up fast, fast
 * frames pull it down slowly, and frames in between let it decay toward zero.
 */
import type { AdaptiveFramerate, AdaptiveFramerateOptions } from './types.js';
import { finiteNumber, integerAtLeast, optionsObject, positiveNumber, withDefault } from './validate.js';

const OWNER = 'createAdaptiveFramerate';
/**
 * The governor's tuning options: every key of the scheduler's `adaptive` options object.
 * @internal
 */
export const ADAPTIVE_OPTION_KEYS: readonly string[] = ['upStep', 'downStep', 'maxThreshold', 'minThreshold', 'maxDivisor'];
const KNOWN_KEYS: readonly string[] = ['refreshRate', ...ADAPTIVE_OPTION_KEYS, 'initialDivisor'];

/**
 * The defaults. A `const enum`: esbuild writes each value where it is used (a module-level `const`
 * in a module that imports anything stays a variable).
 */
const enum Default {
  /** Lag added by a slow frame. With {@link Default.MAX_THRESHOLD}: five slow frames in a row step down. */
  UP_STEP = 3,
  /** Lag at which the picture holds one more vblank. 15 / 3 = five slow frames in a row (as in the article). */
  MAX_THRESHOLD = 15,
  /** Lag removed by a fast frame: stepping back up needs |minThreshold| / downStep = 30 fast frames. */
  DOWN_STEP = 1,
  /** Lag at which the picture holds one vblank fewer. Twice as far as the upper one: be slow to trust speed. */
  MIN_THRESHOLD = -30,
  /** Most vblanks one picture may hold: 60 → 30 → 20 → 15 Hz and no lower. */
  MAX_DIVISOR = 4,
}

/**
 * Create an adaptive frame-rate governor (Sundqvist's "Timestepping").
 *
 * `record(frameSeconds)` takes the WORK time of one frame (update + draw, before waiting for the
 * swap), in seconds, and returns the divisor `d`: each picture is held for `d` vblanks, so the frame
 * rate is `refreshRate / d`. With `T = 1 / refreshRate`:
 * - `frameSeconds > d × T` (the frame missed its vblank): `lag += upStep`; when `lag ≥ maxThreshold`
 *   and `d < maxDivisor`, `d += 1`.
 * - `frameSeconds < (d − 1) × T` (it would have fit in one vblank fewer): `lag −= downStep`; when
 *   `lag ≤ minThreshold` and `d > 1`, `d −= 1`.
 * - otherwise the lag decays by 1 toward 0 (never past it, so fractional steps cannot make it
 *   oscillate around zero).
 *
 * The lag resets to 0 after each change. At the ends of the range (`d = maxDivisor` under load,
 * `d = 1` when fast) the lag is clamped to the threshold instead of growing, so it stays within
 * `(minThreshold − downStep, maxThreshold + upStep)` and a later change of load is answered in the
 * usual number of frames.
 *
 * With the defaults: five slow frames in a row step 60 → 30 Hz (four do not); the article's "three
 * slow, two fast, three slow" also steps down, on the 8th frame (lag 3, 6, 9, 8, 7, 10, 13, 16);
 * 30 fast frames in a row step back up. A steady load between `(d − 1)T` and `dT` never changes `d`,
 * and a load alternating just under and just over `T` steps down once and then stays.
 *
 * **Bad samples** (NaN, negative, ±Infinity) are ignored: no state changes, the current divisor is
 * returned.
 *
 * `setRefreshRate()` keeps the divisor and clears the lag (the evidence was gathered against the old
 * interval). `reset()` goes back to divisor 1, lag 0. `initialDivisor` starts above 1 (clamped to
 * `maxDivisor`), so a governor re-created with new options continues where the old one stood.
 *
 * @throws RangeError naming `refreshRate`, `upStep`, `downStep`, `maxThreshold` (each a finite number
 *   > 0), `minThreshold` (a finite number < 0), `maxDivisor` or `initialDivisor` (a whole number ≥ 1),
 *   or an unknown option name (a misspelling such as `maxdivisor`).
 * @example
 * ```ts
 * const rate = createAdaptiveFramerate({ refreshRate: 60 });
 * for (let i = 0; i < 5; i++) rate.record(0.02); // 20 ms of work: misses every 16.7 ms vblank
 * rate.divisor;   // 2
 * rate.frameRate; // 30
 * ```
 */
export function createAdaptiveFramerate(options: AdaptiveFramerateOptions): AdaptiveFramerate {
  const opts = optionsObject(OWNER, options, true, KNOWN_KEYS);
  let refreshRate = positiveNumber(OWNER, 'refreshRate', opts.refreshRate);
  const upStep = positiveNumber(OWNER, 'upStep', withDefault(opts.upStep, Default.UP_STEP));
  const downStep = positiveNumber(OWNER, 'downStep', withDefault(opts.downStep, Default.DOWN_STEP));
  const maxThreshold = positiveNumber(OWNER, 'maxThreshold', withDefault(opts.maxThreshold, Default.MAX_THRESHOLD));
  // A finite number below zero (validate.ts has no such check; the message follows its format).
  const minThreshold = finiteNumber(OWNER, 'minThreshold', withDefault(opts.minThreshold, Default.MIN_THRESHOLD));
  if (minThreshold >= 0) throw new RangeError(`${OWNER}: option \`minThreshold\` must be a finite number < 0, got ${minThreshold}`);
  const maxDivisor = integerAtLeast(OWNER, 'maxDivisor', withDefault(opts.maxDivisor, Default.MAX_DIVISOR), 1);
  const initialDivisor = Math.min(maxDivisor, integerAtLeast(OWNER, 'initialDivisor', withDefault(opts.initialDivisor, 1), 1));

  let interval = 1 / refreshRate;
  let divisor = initialDivisor;
  // The lag counter lives in a one-slot Float64Array: with fractional steps a closure `let` would
  // be boxed (allocated) on every write, i.e. every frame while the lag moves.
  const lagBox = new Float64Array(1);

  function record(frameSeconds: number): number {
    // `!(x >= 0)` also rejects NaN; Infinity is rejected separately.
    if (!(frameSeconds >= 0) || frameSeconds === Infinity) return divisor;
    if (frameSeconds > divisor * interval) {
      lagBox[0]! += upStep;
      if (lagBox[0]! >= maxThreshold) {
        if (divisor < maxDivisor) {
          divisor++;
          lagBox[0] = 0;
        } else {
          lagBox[0] = maxThreshold;
        }
      }
    } else if (frameSeconds < (divisor - 1) * interval) {
      lagBox[0]! -= downStep;
      if (lagBox[0]! <= minThreshold) {
        if (divisor > 1) {
          divisor--;
          lagBox[0] = 0;
        } else {
          lagBox[0] = minThreshold;
        }
      }
    } else {
      // (A lag of 0 is written back as 0: the lag is never −0, no step can produce it.)
      const lag = lagBox[0]!;
      lagBox[0] = lag > 1 ? lag - 1 : lag < -1 ? lag + 1 : 0;
    }
    return divisor;
  }

  return {
    record,
    get divisor() {
      return divisor;
    },
    get frameRate() {
      return refreshRate / divisor;
    },
    get lag() {
      return lagBox[0]!;
    },
    setRefreshRate(next: number) {
      refreshRate = positiveNumber(OWNER, 'refreshRate', next);
      interval = 1 / refreshRate;
      lagBox[0] = 0;
    },
    reset() {
      divisor = 1;
      lagBox[0] = 0;
    },
  };
}
