// Adaptive frame rate: holding 30 Hz on purpose looks better than alternating between 60 and 30 Hz.
import type { AdaptiveFramerate, AdaptiveFramerateOptions } from './types.js';
import { checkArgument, checkValue, positive, REFRESH_RATE_RULE, wholeAtLeast, type Rule, type Rules } from './options.js';

const OWNER = 'createAdaptiveFramerate';

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

const NEGATIVE_RULE: Rule<number> = {
  accepts: (v) => Number.isFinite(v) && (v as number) < 0,
  expected: (v) => (Number.isFinite(v) ? 'a finite number < 0' : 'a finite number'),
  fallback: Default.MIN_THRESHOLD,
};

/** The governor's tuning options, checked, with their defaults: every key of the scheduler's `adaptive` options object. @internal */
export const ADAPTIVE_RULES: Rules<Required<Omit<AdaptiveFramerateOptions, 'refreshRate' | 'initialDivisor'>>> = {
  upStep: positive(Default.UP_STEP),
  downStep: positive(Default.DOWN_STEP),
  maxThreshold: positive(Default.MAX_THRESHOLD),
  minThreshold: NEGATIVE_RULE,
  maxDivisor: wholeAtLeast(1, Default.MAX_DIVISOR),
};
/** The names in {@link ADAPTIVE_RULES}. @internal */
export const ADAPTIVE_OPTION_KEYS: readonly string[] = Object.keys(ADAPTIVE_RULES);
const RULES: Rules<Required<AdaptiveFramerateOptions>> = { refreshRate: REFRESH_RATE_RULE, ...ADAPTIVE_RULES, initialDivisor: wholeAtLeast(1, 1) };
const NAMES = Object.keys(RULES);

/**
 * Create an adaptive frame-rate governor (Sundqvist's "Timestepping"): `record(frameSeconds)` takes
 * one frame's WORK time and returns the divisor `d`, each picture held `d` vblanks. The rule and
 * its defaults: docs/core.md#createadaptiveframerate.
 */
export function createAdaptiveFramerate(options: AdaptiveFramerateOptions): AdaptiveFramerate {
  const checked = checkArgument(OWNER, options, true, RULES, NAMES);
  let refreshRate = checked.refreshRate;
  const { upStep, downStep, maxThreshold, minThreshold, maxDivisor } = checked;
  const initialDivisor = Math.min(maxDivisor, checked.initialDivisor);

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
      refreshRate = checkValue(OWNER, 'option', 'refreshRate', next, REFRESH_RATE_RULE);
      interval = 1 / refreshRate;
      lagBox[0] = 0;
    },
    reset() {
      divisor = 1;
      lagBox[0] = 0;
    },
  };
}
