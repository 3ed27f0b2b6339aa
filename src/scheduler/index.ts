/**
 * The one frame loop: a frame source (browser rAF, manual, fake timers) feeding ordered
 * subscribers, with pause, time scale, frame-loop modes, error isolation, refresh-rate detection
 * and the adaptive frame rate.
 * @packageDocumentation
 */
export type * from './types.js';
export { createFrameScheduler } from './createFrameScheduler.js';
export { createFrameLoop } from './createFrameLoop.js';
export { installRefreshDetection } from './refreshDetection.js';
export { installAdaptiveFramerate } from './adaptiveFeature.js';
export { installFrameRateCap, frameRateCapDivisor } from './frameRateCap.js';
export { installNamedOrdering } from './namedOrder.js';
export { getDefaultScheduler, resetDefaultScheduler } from './defaultScheduler.js';
export { createBrowserFrameSource } from './browserSource.js';
export { createManualSource } from './manualSource.js';
export type { ManualSource } from './manualSource.js';
export { FRAME_PHASES } from './subscribers.js';
export { createFixedClock } from './fixedClock.js';
export type {
  FixedClock,
  FixedClockOptions,
  FixedClockStats,
  FixedClockStep,
  FixedJobOptions,
  FixedRender,
  FixedUpdate,
} from './fixedClock.js';
