import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualSource } from '../../src/scheduler/manualSource.js';
import type { ManualSource } from '../../src/scheduler/manualSource.js';
import type { FrameScheduler, FrameSchedulerOptions } from '../../src/scheduler/types.js';

/** 60 Hz vblank interval, ms. */
export const INTERVAL_60_MS = 1000 / 60;

/** A scheduler on a manual source with a fixed 60 Hz rate (no detector involved) unless overridden. */
export function setup(options: FrameSchedulerOptions = {}): { scheduler: FrameScheduler; source: ManualSource } {
  const source = createManualSource();
  const scheduler = createFrameScheduler({ refreshRate: 60, ...options, source });
  return { scheduler, source };
}
