/**
 * What the package's other folders use from the core and users do not see: the fixed clock they
 * drive, option tables, and the algorithms' frame entries. The public names are in index.ts.
 * @internal
 */
export type * from './types.js';
export { FixedStepClock, MAX_STEPS_DUE_PER_FRAME } from './fixedStepClock.js';
export type { ClockStep, FixedStepSettings, FrameTime } from './fixedStepClock.js';
export {
  CLOCK_TIME_SCALE_RULE,
  DEFAULT_BOUNDARY_TOLERANCE,
  DEFAULT_MAX_STEPS,
  FIXED_STEP_SNAP_STEPS,
  INTERPOLATION_RULE,
  MAX_STEPS_RULE,
  MIN_STEP_SECONDS,
  OVERLOAD_RULE,
  stepRule,
} from './fixedStep.js';
export * from './options.js';
export { HeldNumber } from './heldNumber.js';
