/**
 * What the package's other folders use from the core and users do not see: the fixed clock they
 * drive, option tables, and the algorithms' frame entries. The public names are in index.ts.
 * @internal
 */
export type * from './types.js';
export { FixedStepClock, MAX_STEPS_DUE_PER_FRAME } from './fixedStepClock.js';
export { advanceAt, holdAt } from './fixedStepAdvance.js';
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
export { checkPropNames } from './names.js';
export { HeldNumber } from './heldNumber.js';
export { createFrameStats, FRAME_STATS_RULES, Stats } from './frameStats.js';
export { INTERPOLATED_OPTION_KEYS, createInterpolated, finiteVector, interpolatedOf } from './interpolated.js';
export type { Interpolated, InterpolatedOptions, InterpolatedScalar, InterpolatedScalarOptions, InterpolatedVector, InterpolatedVectorOptions, QuaternionBlend } from './interpolated.js';
export { ADAPTIVE_OPTION_KEYS, ADAPTIVE_RULES, createAdaptiveFramerate } from './adaptiveFramerate.js';
export { createDeltaSmoother, deltaSmootherOf } from './deltaSmoother.js';
export type { Smoother } from './deltaSmoother.js';
export { createInputQueue, eventTimeMs, inputQueueOf } from './inputQueue.js';
export type { InputEventInit, InputEventKind, InputQueue, QueueOfSteps } from './inputQueue.js';
export { pointerCode } from './inputState.js';
export { createSyncedSlicer, syncedSlicerOf } from './syncedSlicer.js';
export type { Slicer } from './syncedSlicer.js';
