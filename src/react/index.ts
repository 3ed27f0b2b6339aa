/**
 * The React bindings: a provider and one small hook per idea over the shared frame scheduler.
 * @packageDocumentation
 */
export { FrameProvider } from './FrameProvider.js';
export type { FrameProviderProps } from './FrameProvider.js';
export { useFrameScheduler } from './useFrameScheduler.js';
export { useFrame } from './useFrame.js';
export type { UseFrameOptions } from './useFrame.js';
export { useFixedTimestep } from './useFixedTimestep.js';
export { FixedClockProvider } from './FixedClockProvider.js';
export { useFixedClock } from './useFixedClock.js';
export { useFixedUpdate } from './useFixedUpdate.js';
export { useFixedRender } from './useFixedRender.js';
export type { UseFixedTimestepOptions } from './useFixedTimestep.js';
export { useSmoothedDelta } from './useSmoothedDelta.js';
export type { UseSmoothedDeltaOptions } from './useSmoothedDelta.js';
export { useSyncedUpdate } from './useSyncedUpdate.js';
export type { UseSyncedUpdateOptions } from './useSyncedUpdate.js';
export { useAdaptiveFramerate } from './useAdaptiveFramerate.js';
export type { AdaptiveFramerateSnapshot } from './useAdaptiveFramerate.js';
export { useRefreshRate } from './useRefreshRate.js';
export type { RefreshRateSnapshot, UseRefreshRateOptions } from './useRefreshRate.js';
export { useFrameStats } from './useFrameStats.js';
export type { UseFrameStatsOptions } from './useFrameStats.js';
export { useInterpolated } from './useInterpolated.js';
export type { UseInterpolatedClockOption, UseInterpolatedOptions } from './useInterpolated.js';
export { useStepInput } from './useStepInput.js';
export type { UseStepInputOptions } from './useStepInput.js';
