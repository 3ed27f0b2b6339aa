// The page-wide loop the hooks run on without a <FrameProvider>: one per page, made on first use.
import { createBrowserFrameSource } from './browserSource.js';
import { schedulerOf } from './createFrameScheduler.js';
import { DEFAULT_MAX_DELTA_SECONDS, FrameLoop } from './frameLoop.js';
import type { FrameScheduler } from './types.js';

/** Where the page-wide loop lives on `globalThis`: a registered symbol, so two copies of the package share one loop. */
const PAGE_LOOP = Symbol.for('react-timestep.default-loop');
const registry = globalThis as Record<symbol, FrameLoop | undefined>;

/** The page-wide loop itself, without the scheduler's methods, so a hook bundles only what it uses (docs/performance.md). @internal */
export function getDefaultLoop(): FrameLoop {
  return (registry[PAGE_LOOP] ??= new FrameLoop('getDefaultScheduler', createBrowserFrameSource(), { mode: 'always', maxDelta: DEFAULT_MAX_DELTA_SECONDS, timeScale: 1, paused: false, onError: undefined, onGap: undefined, onFrame: undefined }, undefined));
}

/** The page-wide scheduler used without a `<FrameProvider>`, created on first call; see docs/scheduler.md. */
export function getDefaultScheduler(): FrameScheduler {
  return schedulerOf(getDefaultLoop());
}

/** Throw the default scheduler away; the next {@link getDefaultScheduler} creates a fresh one. For tests: `afterEach(resetDefaultScheduler)`. */
export function resetDefaultScheduler(): void {
  const loop = registry[PAGE_LOOP];
  if (!loop) return;
  delete registry[PAGE_LOOP];
  loop.destroy();
}
