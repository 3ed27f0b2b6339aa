// Fixed timestep with interpolated draws (Peter Sundqvist, "Timestepping"): its options, checked once
// here; the clock in fixedStepClock.ts; the per-frame decision in fixedStepAdvance.ts.
import { FixedStepClock, type FixedStepSettings } from './fixedStepClock.js';
import { checkNames, checkOptions, checkValue, choice, nonNegative, optionsArgument, positive, required, timeScale, wholeAtLeast, type Rule, type Rules } from './options.js';
import type { FixedStep, FixedStepOptions, FixedStepOverload, Interpolation } from './types.js';

export { FIXED_STEP_SNAP_STEPS } from './fixedStepAdvance.js';

const OWNER = 'createFixedStep';

/** Sundqvist, "Timestepping": "a maximum of 5 [updates] before a draw is done". */
export const DEFAULT_MAX_STEPS = 5;

/** Default `boundaryTolerance`, in steps: Sundqvist suggests moving the update condition by about 5 % of dt. */
export const DEFAULT_BOUNDARY_TOLERANCE = 0.05;

/** The smallest `step`, seconds: 5e-324 gave NaN alpha, and tiny steps reach 2^53 steps in hours. */
export const MIN_STEP_SECONDS = 1e-6;

/** `step`: seconds per update, at least {@link MIN_STEP_SECONDS}. */
export function stepRule(fallback?: number): Rule<number> {
  return {
    accepts: (v) => Number.isFinite(v) && (v as number) >= MIN_STEP_SECONDS,
    // The plain rule first: 0 or NaN reads "> 0"; only a positive step too small names the minimum.
    expected: (v) => (Number.isFinite(v) && (v as number) > 0 ? `a finite number >= ${MIN_STEP_SECONDS} (seconds)` : 'a finite number > 0'),
    fallback,
    required: fallback === undefined,
  };
}

/** The rules of the options a fixed step and a fixed clock share. */
export const MAX_STEPS_RULE = wholeAtLeast(1, DEFAULT_MAX_STEPS);
export const OVERLOAD_RULE = choice<FixedStepOverload>(['slow-motion', 'catch-up'], 'slow-motion');
export const INTERPOLATION_RULE = choice<Interpolation>(['none', 'previous', 'ahead', 'predicted'], 'previous');
/** 0 is refused: a fixed step needs time to flow. */
export const CLOCK_TIME_SCALE_RULE = timeScale(false, 1);

const BOUNDARY_TOLERANCE_RULE: Rule<number> = {
  // At 0.5 every count would round to the nearest whole number and 'ahead' would no longer run ahead.
  accepts: (v) => Number.isFinite(v) && (v as number) >= 0 && (v as number) < 0.5,
  expected: (v) => (nonNegative().accepts(v) ? 'a number >= 0 and < 0.5 (steps)' : 'a finite number >= 0'),
  fallback: DEFAULT_BOUNDARY_TOLERANCE,
};

const RULES: Rules<FixedStepSettings> = {
  step: stepRule(),
  maxSteps: MAX_STEPS_RULE,
  overload: OVERLOAD_RULE,
  interpolation: INTERPOLATION_RULE,
  timeScale: CLOCK_TIME_SCALE_RULE,
  boundaryTolerance: BOUNDARY_TOLERANCE_RULE,
  // Left out: raw timestamps.
  refreshRate: positive(NaN),
};
const NAMES = Object.keys(RULES);

/**
 * Create a fixed timestep counted in integer steps from the first `advance` (time zero): each
 * `advance(nowMs)` says how many steps to run and the `alpha` to draw with. A NaN, infinite,
 * repeated or backwards `nowMs` moves no game time. See docs/core.md, "createFixedStep".
 */
export function createFixedStep(options: FixedStepOptions): FixedStep {
  const o = optionsArgument(OWNER, options, true);
  checkNames(OWNER, 'option', o, NAMES);
  return new CheckedFixedStep(checkOptions(OWNER, 'option', o, RULES));
}

/** The fixed clock with its controls' arguments checked (what a user of the core calls). */
class CheckedFixedStep extends FixedStepClock {
  override setTimeScale(next: number, nowMs?: number): void {
    super.setTimeScale(checkValue(OWNER, 'option', 'timeScale', next, required(CLOCK_TIME_SCALE_RULE)), nowMs);
  }

  override setInterpolation(next: Interpolation): void {
    super.setInterpolation(checkValue(OWNER, 'option', 'interpolation', next, required(INTERPOLATION_RULE)));
  }

  override setRefreshRate(next: number | undefined): void {
    super.setRefreshRate(next === undefined ? NaN : checkValue(OWNER, 'option', 'refreshRate', next, positive()));
  }
}
