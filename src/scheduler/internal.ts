/**
 * What the package's other folders use from the scheduler and users do not see. The public names
 * are in index.ts. @internal
 */
export { SchedulerClock } from './fixedClock.js';
export { CLOCK_RULES, clockRules, type ClockSettings } from './fixedClockOptions.js';
export type { FixedJobOptions, FixedRender, FixedUpdate } from './fixedClockTypes.js';
export { isDevelopment } from './devMode.js';
