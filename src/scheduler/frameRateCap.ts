import { positiveNumber } from '../core/validate.js';
import type { FrameLoopHost } from './frameLoopHost.js';
import { capDivisor, pacedTiming } from './refreshDetection.js';

/**
 * The lowest frame-rate cap, Hz. Below it the divisor (refresh rate / cap) runs away: 5e-324 gave
 * a divisor of Infinity, a loop that never runs its subscribers again.
 */
export const MIN_FRAME_RATE_CAP = 1;

/** A `maxFrameRate` value: a finite number ≥ {@link MIN_FRAME_RATE_CAP} Hz, else a RangeError naming `owner`. */
export function maxFrameRateValue(owner: string, name: string, value: unknown): number {
  if (Number.isFinite(value) && (value as number) >= MIN_FRAME_RATE_CAP) return value as number;
  const shown = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? typeof value : String(value);
  throw new RangeError(`${owner}: option \`${name}\` must be a finite number >= ${MIN_FRAME_RATE_CAP} (Hz), got ${shown}`);
}

/**
 * Vblanks per picture for a frame-rate cap: the whole number nearest to `refreshRate /
 * maxFrameRate`, at least 1, a tie going to the larger number (the lower rate). Nearest, not "at
 * most": 60 on a 144 Hz display gives 72 Hz (every 2nd vblank), evenly paced, where "at most 60"
 * would give 48 Hz. docs/scheduler.md has the table per display.
 * @internal
 */
export function frameRateCapDivisor(refreshRate: number, maxFrameRate: number): number {
  const owner = 'frameRateCapDivisor';
  return capDivisor(positiveNumber(owner, 'refreshRate', refreshRate), maxFrameRateValue(owner, 'maxFrameRate', maxFrameRate));
}

/**
 * Cap the frame rate of `host` on whole vblanks from the next frame on (`maxFrameRate` option,
 * `setMaxFrameRate`): subscribers run on every d-th vblank, d = {@link frameRateCapDivisor}(detected
 * rate, cap), recomputed when the detected rate changes; each run gets the whole elapsed time.
 * With the adaptive rate on too, the larger divisor wins. `undefined` removes the cap. Starts
 * refresh detection and the paced part of the loop (not for `undefined` when there is no cap).
 * @internal
 */
export function setFrameRateCap(host: FrameLoopHost, owner: string, maxFrameRate: unknown): void {
  const cap = maxFrameRate === undefined ? Infinity : maxFrameRateValue(owner, 'maxFrameRate', maxFrameRate);
  const existing = host.timing();
  if (cap === Infinity && !(existing !== null && 'adaptive' in existing)) return;
  const timing = pacedTiming(host);
  timing.maxFrameRate = cap;
  timing.retune();
}
