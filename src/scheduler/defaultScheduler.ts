import { createBrowserFrameSource } from './browserSource.js';
import { schedulerOf } from './createFrameScheduler.js';
import type { FrameLoopHost } from './frameLoopHost.js';
import { createLoopHost, DEFAULT_MAX_DELTA_SECONDS } from './loopHost.js';
import type { FrameCallback, FrameScheduler, SubscribeOptions } from './types.js';

/** Where the default loop lives on `globalThis`: a registered symbol, so two copies of the package share one loop. */
export const DEFAULT_LOOP_KEY: unique symbol = Symbol.for('react-timestep.default-loop') as never;

type LoopHolder = { [DEFAULT_LOOP_KEY]?: FrameLoopHost };

function defaultHost(): FrameLoopHost {
  const holder = globalThis as LoopHolder;
  return (holder[DEFAULT_LOOP_KEY] ??= createLoopHost(
    'getDefaultScheduler',
    createBrowserFrameSource(),
    { mode: 'always', maxDelta: DEFAULT_MAX_DELTA_SECONDS, timeScale: 1, paused: false, onError: undefined, onGap: undefined, onFrame: undefined },
    undefined,
  ));
}

/** The page-wide loop as `useFrame` without a provider sees it. @internal */
export interface DefaultLoop {
  /** `FrameScheduler.subscribe`, with `caller` named in error messages. */
  subscribe(callback: FrameCallback, options: SubscribeOptions, caller: string): () => void;
  /** True once `id` / `before` / `after` can be used on it. */
  ordered(): boolean;
}

const defaultLoop: DefaultLoop = {
  subscribe: (callback, options, caller) => defaultHost().subscribe(callback, options, caller).remove,
  ordered: () => defaultHost().startOrdering !== undefined,
};

/** The page-wide loop without the scheduler's methods, so `useFrame` alone bundles no more (docs/performance.md). @internal */
export function getDefaultLoop(): DefaultLoop {
  return defaultLoop;
}

/** The page-wide scheduler used without a `<FrameProvider>`, created on first call; see docs/scheduler.md. */
export function getDefaultScheduler(): FrameScheduler {
  return schedulerOf(defaultHost());
}

/** Throw the default scheduler away; the next {@link getDefaultScheduler} creates a fresh one. For tests: `afterEach(resetDefaultScheduler)`. */
export function resetDefaultScheduler(): void {
  const holder = globalThis as LoopHolder;
  const loop = holder[DEFAULT_LOOP_KEY];
  if (!loop) return;
  delete holder[DEFAULT_LOOP_KEY];
  loop.destroy();
}
