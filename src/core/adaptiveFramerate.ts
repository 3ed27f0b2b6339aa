// Adaptive frame rate: holding 30 Hz on purpose looks better than alternating between 60 and 30 Hz.
import type { AdaptiveFramerate, AdaptiveFramerateOptions } from './types.js';
import { finiteNumber, integerAtLeast, optionsObject, positiveNumber, withDefault } from './validate.js';

const OWNER = 'createAdaptiveFramerate';
/** The governor's tuning options: every key of the scheduler's `adaptive` options object. @internal */
export const ADAPTIVE_OPTION_KEYS: readonly string[] = ['upStep', 'downStep', 'maxThreshold', 'minThreshold', 'maxDivisor'];
const KNOWN_KEYS: readonly string[] = ['refreshRate', ...ADAPTIVE_OPTION_KEYS, 'initialDivisor'];

/** The defaults (a `const enum`: written where used. Why: docs/performance.md, bundle bytes). */
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
 * Create an adaptive frame-rate governor (Sundqvist's "Timestepping"): `record(frameSeconds)` takes
 * one frame's WORK time and returns the divisor `d`, each picture held `d` vblanks. The rule and
 * its defaults: docs/core.md#createadaptiveframerate.
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
  // A fractional lag in a typed array, not a closure `let`. Why: docs/performance.md.
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
