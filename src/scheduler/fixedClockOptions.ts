// The options of a fixed clock on a scheduler: one table, for createFixedClock, setOptions, and the
// hooks and components that make a clock (useFixedTimestep, <FixedClockProvider>, <GameCanvas>).
import { CLOCK_TIME_SCALE_RULE, finite, flag, INTERPOLATION_RULE, MAX_STEPS_RULE, OVERLOAD_RULE, stepRule, type FixedStepOverload, type Interpolation, type Rules } from '../core/internal.js';

/** Every clock option, checked, with its default. */
export interface ClockSettings {
  step: number;
  maxSteps: number;
  overload: FixedStepOverload;
  interpolation: Interpolation;
  timeScale: number;
  paused: boolean;
  priority: number;
  snapToDisplay: boolean;
}

/** The rules of the clock options; `stepDefault`: `<GameCanvas>`'s `1 / 60` (elsewhere `step` is required). */
export function clockRules(stepDefault?: number): Rules<ClockSettings> {
  return {
    step: stepRule(stepDefault),
    maxSteps: MAX_STEPS_RULE,
    overload: OVERLOAD_RULE,
    interpolation: INTERPOLATION_RULE,
    timeScale: CLOCK_TIME_SCALE_RULE,
    paused: flag(false),
    priority: finite(0),
    snapToDisplay: flag(true),
  };
}

export const CLOCK_RULES = clockRules();
