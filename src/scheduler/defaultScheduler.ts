import { createBrowserFrameSource } from './browserSource.js';
import { schedulerOf } from './createFrameLoop.js';
import type { FrameLoopHost } from './frameLoopHost.js';
import { createLoopHost, DEFAULT_MAX_DELTA_SECONDS } from './loopHost.js';
import type { FrameScheduler } from './types.js';

/**
 * Where the default loop lives. A registered symbol on `globalThis`, so two copies of the
 * package in one page (a bundling accident, a micro-frontend) still share ONE loop.
 */
export const DEFAULT_LOOP_KEY: unique symbol = Symbol.for('react-timestep.default-loop') as never;

type LoopHolder = { [DEFAULT_LOOP_KEY]?: FrameLoopHost };

/**
 * The page-wide loop itself, created on first call (never at import, so server rendering touches
 * no browser API) with the browser frame source and the default options. `useFrame` without a
 * provider runs on it directly; {@link getDefaultScheduler} is its public face.
 * @internal
 */
export function getDefaultLoop(): FrameLoopHost {
  const holder = globalThis as LoopHolder;
  return (holder[DEFAULT_LOOP_KEY] ??= createLoopHost(
    'createFrameLoop',
    createBrowserFrameSource(),
    { mode: 'always', maxDelta: DEFAULT_MAX_DELTA_SECONDS, timeScale: 1, paused: false, onError: undefined, onGap: undefined, onFrame: undefined },
    undefined,
  ));
}

/**
 * The page-wide scheduler used when no `<FrameProvider>` supplies one: created on first call (never
 * at import, so server rendering touches no browser API) with the browser frame source and
 * default options. It is a `createFrameLoop`: refresh-rate detection and the adaptive frame rate
 * are installed on it by the hooks that need them, so a page that only uses `useFrame` carries
 * neither.
 */
export function getDefaultScheduler(): FrameScheduler {
  return schedulerOf(getDefaultLoop());
}

/**
 * Throw the default scheduler away: its subscribers are dropped, its pending frame is cancelled,
 * and the next {@link getDefaultScheduler} call creates a fresh one (refresh-rate estimate,
 * elapsed time, frame count and listeners all start over). Meant for tests, where one page (one
 * test file) otherwise carries the estimate and the clock from one test case into the next:
 * `afterEach(resetDefaultScheduler)`. Does nothing when no default scheduler exists yet.
 */
export function resetDefaultScheduler(): void {
  const holder = globalThis as LoopHolder;
  const loop = holder[DEFAULT_LOOP_KEY];
  if (!loop) return;
  delete holder[DEFAULT_LOOP_KEY];
  loop.destroy();
}
