import type { ReactNode } from 'react';
import { dropUndefined } from '../core/internal.js';
import { createFrameScheduler } from '../scheduler/index.js';
import type { FrameScheduler, FrameSchedulerOptions } from '../scheduler/internal.js';
import { createManualFrameSource } from './manualFrameSource.js';
import { mountOnFrames } from './mountOnFrames.js';
import type { ManualFrameSource } from './manualFrameSource.js';

/** Options of {@link renderWithFrames}: the simulated display plus any scheduler option. */
export interface RenderWithFramesOptions extends Omit<FrameSchedulerOptions, 'source'> {
  /** Vblanks per second of the simulated display, Hz. Default 60. */
  refreshRate?: number;
  /** Seeded timestamp jitter, ± ms (less than half an interval). Default 0. */
  jitterMs?: number;
  /** Seed of the jitter. Default 1. */
  seed?: number;
  /** Wrap the tree in `<StrictMode>` (double effects, like development builds). Default false. */
  strictMode?: boolean;
  /** Where to mount. Default: a new `<div>` appended to `document.body` (removed on unmount). */
  container?: HTMLElement;
}

/** What {@link renderWithFrames} returns. */
export interface RenderWithFramesResult {
  /** The element the tree is mounted in. */
  container: HTMLElement;
  /** Render a new tree under the same provider (inside `act`). */
  rerender(ui: ReactNode): void;
  /** Unmount (inside `act`), remove the container it created and destroy the scheduler. */
  unmount(): void;
  /** The simulated display driving the scheduler. */
  source: ManualFrameSource;
  /** The scheduler given to the tree through `<FrameProvider>`. */
  scheduler: FrameScheduler;
  /** Run `n` vblanks (inside `act`, so state updates and effects are flushed). */
  advanceFrames(n?: number): void;
  /** Move the clock `ms` forward, running every vblank in between (inside `act`). */
  advanceTime(ms: number): void;
}

/**
 * Render `ui` on a simulated display: nothing moves until you call `advanceFrames` or
 * `advanceTime`, each inside React's `act`. Set `globalThis.IS_REACT_ACT_ENVIRONMENT = true` and
 * call `unmount()` at the end of each test. Depth: docs/testing.md#renderwithframes--a-simulated-display.
 */
export function renderWithFrames(ui: ReactNode, options: RenderWithFramesOptions = {}): RenderWithFramesResult {
  const { refreshRate, jitterMs, seed, strictMode = false, container: given, ...schedulerOptions } = options;
  const source = createManualFrameSource(dropUndefined({ refreshRate, jitterMs, seed }));
  const scheduler = createFrameScheduler({ ...schedulerOptions, source });
  const mounted = mountOnFrames(ui, scheduler, source, strictMode, given, document);
  const { act } = mounted;
  return {
    container: mounted.container,
    rerender: mounted.rerender,
    unmount() {
      if (mounted.unmount()) scheduler.destroy();
    },
    source,
    scheduler,
    advanceFrames(n = 1) {
      act(() => source.advanceFrames(n));
    },
    advanceTime(ms) {
      act(() => source.advanceTime(ms));
    },
  };
}
