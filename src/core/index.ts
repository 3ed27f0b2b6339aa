/**
 * `react-timestep/core`: the framework-free timing algorithms. No React, no DOM, no globals:
 * time in, decisions out.
 * @packageDocumentation
 */
export * from './types.js';
export { createDeltaSmoother } from './deltaSmoother.js';
export { createSyncedSlicer } from './syncedSlicer.js';
export { createFixedStep } from './fixedStep.js';
export { createAdaptiveFramerate } from './adaptiveFramerate.js';
export { createRefreshRateDetector, KNOWN_REFRESH_RATES } from './refreshRateDetector.js';
export { createFrameStats } from './frameStats.js';
export { MAX_TIME_SCALE } from './validate.js';
export { createSeededRandom } from './random.js';
export type { SeededRandom } from './random.js';
export { createInterpolated } from './interpolated.js';
export type {
  Interpolated,
  InterpolatedKind,
  InterpolatedOptions,
  InterpolatedScalar,
  InterpolatedScalarOptions,
  InterpolatedVector,
  InterpolatedVectorOptions,
  QuaternionBlend,
  VectorSource,
  VectorTarget,
  XYZWLike,
} from './interpolated.js';
export { createInputQueue } from './inputQueue.js';
export type { InputEventInit, InputEventKind, InputQueue, InputQueueOptions, InputRecord, StepInput } from './inputQueue.js';
export type { InputState } from './inputState.js';
