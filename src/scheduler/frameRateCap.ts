import { positiveNumber } from '../core/internal.js';
import type { FrameLoop } from './frameLoop.js';
import { capDivisor, pacedTiming } from './refreshDetection.js';

/** The lowest frame-rate cap, Hz: below it the divisor runs away (5e-324 gave Infinity). */
export const MIN_FRAME_RATE_CAP = 1;

/** A `maxFrameRate` value: a finite number ≥ {@link MIN_FRAME_RATE_CAP} Hz, else a RangeError naming `owner`. */
export function maxFrameRateValue(owner: string, name: string, value: unknown): number {
  if (Number.isFinite(value) && (value as number) >= MIN_FRAME_RATE_CAP) return value as number;
  const shown = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? typeof value : String(value);
  throw new RangeError(`${owner}: option \`${name}\` must be a finite number >= ${MIN_FRAME_RATE_CAP} (Hz), got ${shown}`);
}

/** Vblanks per picture for a frame-rate cap, checked; the rule is in docs/scheduler.md. @internal */
export function frameRateCapDivisor(refreshRate: number, maxFrameRate: number): number {
  const owner = 'frameRateCapDivisor';
  return capDivisor(positiveNumber(owner, 'refreshRate', refreshRate), maxFrameRateValue(owner, 'maxFrameRate', maxFrameRate));
}

/** Cap `loop`'s frame rate on whole vblanks from the next frame on (`undefined`: no cap). @internal */
export function setFrameRateCap(loop: FrameLoop, owner: string, maxFrameRate: unknown): void {
  const cap = maxFrameRate === undefined ? Infinity : maxFrameRateValue(owner, 'maxFrameRate', maxFrameRate);
  const existing = loop.timing;
  if (cap === Infinity && !(existing !== null && 'adaptive' in existing)) return;
  const timing = pacedTiming(loop);
  timing.maxFrameRate = cap;
  timing.retune();
}
