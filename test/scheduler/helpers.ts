import { vi } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { FrameScheduler, FrameSchedulerOptions } from '../../src/scheduler/types.js';

/** 60 Hz vblank interval, ms. */
export const INTERVAL_60_MS = 1000 / 60;

/** A scheduler on a manual source with a fixed 60 Hz rate (no detector involved) unless overridden. */
export function setup(options: FrameSchedulerOptions = {}): { scheduler: FrameScheduler; source: ManualFrameSource } {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ refreshRate: 60, ...options, source });
  return { scheduler, source };
}

/**
 * Node has no requestAnimationFrame, and vitest's fake timers only fake the timer functions that
 * exist when vitest first builds its fake clock (on the first `vi.useFakeTimers`, `useRealTimers`
 * or even `isFakeTimers` call in a file). Call this at the top of a file, before any of those, to
 * give them placeholders to replace, as a DOM environment would. Tests that need "no rAF" stub
 * the globals to undefined with `vi.stubGlobal`.
 */
export function installAnimationFramePlaceholders(): void {
  const g = globalThis as { requestAnimationFrame?: unknown; cancelAnimationFrame?: unknown };
  if (typeof g.requestAnimationFrame !== 'function') {
    g.requestAnimationFrame = () => {
      throw new Error('placeholder requestAnimationFrame called: fake timers are not installed');
    };
  }
  if (typeof g.cancelAnimationFrame !== 'function') g.cancelAnimationFrame = () => {};
  vi.useRealTimers(); // builds vitest's fake clock now, while the placeholders exist
}
