/** The one frame loop (internal aggregate; the package entries pick names from here). @packageDocumentation */
export type { FrameInfo, FramePhase, FrameScheduler, FrameSource } from './types.js';
export { createFrameScheduler } from './createFrameScheduler.js';
export { getDefaultScheduler, resetDefaultScheduler } from './defaultScheduler.js';
export { createFixedClock } from './fixedClock.js';
export type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep } from './fixedClock.js';
