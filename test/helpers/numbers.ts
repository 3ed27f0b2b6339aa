// Numbers of a frame, for the bad-input tests' "no NaN anywhere" checks (core, scheduler, React).
import type { FixedStepFrame } from '../../src/core/types.js';
import type { FrameInfo } from '../../src/scheduler/types.js';

/** Every numeric field of a scheduler frame. */
export function infoNumbers(f: FrameInfo): number[] {
  return [f.timestampMs, f.deltaSeconds, f.rawDeltaSeconds, f.elapsedSeconds, f.frameIndex, f.refreshRate, f.divisor, f.timeScale];
}

/** Every own numeric field of a fixed-step frame, for "no NaN anywhere" checks. */
export function fixedFrameNumbers(f: FixedStepFrame): number[] {
  return [f.steps, f.alpha, f.droppedSeconds, f.totalSteps, f.pictureTime, f.elapsedGameSeconds, f.pendingSeconds, f.totalDroppedSeconds];
}

/** True when every value is a finite number (no NaN, no ±Infinity). */
export function allFinite(values: readonly number[]): boolean {
  for (const v of values) if (!Number.isFinite(v)) return false;
  return true;
}

/** Accounting of a fixed step: simulated + dropped + pending − elapsed game time, seconds (0 when exact). */
export function accountingError(f: FixedStepFrame, step: number): number {
  return f.totalSteps * step + f.totalDroppedSeconds + f.pendingSeconds - f.elapsedGameSeconds;
}
