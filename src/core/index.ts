/** `react-timestep/core`: the framework-free timing algorithms, time in, decisions out. @packageDocumentation */
export type {
  AdaptiveFramerate,
  DeltaSmoother,
  FixedStep,
  FixedStepFrame,
  FrameStats,
  FrameStatsSnapshot,
  RefreshRateDetector,
  RefreshRateEstimate,
  SyncedSlicer,
} from './types.js';
export { createDeltaSmoother } from './deltaSmoother.js';
export { createSyncedSlicer } from './syncedSlicer.js';
export { createFixedStep } from './fixedStep.js';
export { createAdaptiveFramerate } from './adaptiveFramerate.js';
export { createRefreshRateDetector, KNOWN_REFRESH_RATES } from './refreshRateDetector.js';
export { createFrameStats } from './frameStats.js';
export { MAX_TIME_SCALE } from './options.js';
export { createSeededRandom } from './random.js';
export type { SeededRandom } from './random.js';
export { createInterpolated } from './interpolated.js';
export type { Interpolated, InterpolatedScalar, InterpolatedVector } from './interpolated.js';
export { createInputQueue } from './inputQueue.js';
export type { InputQueue, StepInput } from './inputQueue.js';
