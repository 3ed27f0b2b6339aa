/**
 * What the package's other folders use from the scheduler and users do not see. The public names
 * are in index.ts. @internal
 */
export { addFirstRender, redraw, SchedulerClock } from './fixedClock.js';
export { CLOCK_RULES, clockRules, type ClockSettings } from './fixedClockOptions.js';
export type { FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';
export { isDevelopment } from './devMode.js';
export type { FixedClock, FixedClockOptions } from './fixedClock.js';
export { FrameLoop, DEFAULT_MAX_DELTA_SECONDS, SUBSCRIBE_OPTION_KEYS, SUBSCRIBE_RULES, unordered, type LoopObserver } from './frameLoop.js';
export { FRAME_SCHEDULER_OPTION_KEYS, LOOP_RULES, checkSource, createFrameScheduler, loopOf, observeLoop, schedulerOf } from './createFrameScheduler.js';
export { maxFrameRateValue } from './frameRateCap.js';
export type * from './types.js';
export { getDefaultLoop } from './defaultScheduler.js';
export { FRAME_PHASES } from './subscribers.js';
export { onRefreshRateChange, refreshRateOf, type LoopView } from './refreshDetection.js';
export { divisorOf, onDivisorChange, setAdaptiveOn } from './adaptiveFeature.js';
export { watchControls, type ControlName, type ControlWatcher } from './controlWatchers.js';
