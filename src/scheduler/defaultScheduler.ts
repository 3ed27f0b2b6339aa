import { createFrameLoop } from './createFrameLoop.js';
import type { FrameScheduler } from './types.js';

/**
 * Where the default scheduler lives. A registered symbol on `globalThis`, so two copies of the
 * package in one page (a bundling accident, a micro-frontend) still share ONE loop.
 */
export const DEFAULT_SCHEDULER_KEY: unique symbol = Symbol.for('react-timestep.default-scheduler') as never;

type SchedulerHolder = { [DEFAULT_SCHEDULER_KEY]?: FrameScheduler };

/**
 * The page-wide scheduler used when no `<FrameProvider>` supplies one: created on first call (never
 * at import, so server rendering touches no browser API) with the browser frame source and
 * default options. It is a `createFrameLoop`: refresh-rate detection and the adaptive frame rate
 * are installed on it by the hooks that need them, so a page that only uses `useFrame` carries
 * neither.
 */
export function getDefaultScheduler(): FrameScheduler {
  const holder = globalThis as SchedulerHolder;
  let scheduler = holder[DEFAULT_SCHEDULER_KEY];
  if (!scheduler) {
    scheduler = createFrameLoop();
    holder[DEFAULT_SCHEDULER_KEY] = scheduler;
  }
  return scheduler;
}

/**
 * Throw the default scheduler away: its subscribers are dropped, its pending frame is cancelled,
 * and the next {@link getDefaultScheduler} call creates a fresh one (refresh-rate estimate,
 * elapsed time, frame count and listeners all start over). Meant for tests, where one page (one
 * test file) otherwise carries the estimate and the clock from one test case into the next:
 * `afterEach(resetDefaultScheduler)`. Does nothing when no default scheduler exists yet.
 */
export function resetDefaultScheduler(): void {
  const holder = globalThis as SchedulerHolder;
  const scheduler = holder[DEFAULT_SCHEDULER_KEY];
  if (!scheduler) return;
  delete holder[DEFAULT_SCHEDULER_KEY];
  scheduler.destroy();
}
