/**
 * The refresh-rate detector's grid changing grain: a slow grid (a throttled loop's 30 Hz) turns out
 * to skip vblanks of a finer one at a known display rate, and a loop that has run on every k-th
 * vblank for long becomes its own grid. See docs/browsers.md.
 */
import { coarsen, subdivide } from './refreshRateFit.js';
import { clearSkips, seedSkips } from './refreshRateSkips.js';
import type { Tracker } from './refreshRateTrack.js';

/**
 * Slower than any display (48 Hz minus slack), Hz: a slower grid is a throttled loop, and may split
 * into a finer one at a known display rate (up to FINE_MAX_HZ).
 */
export const MIN_DISPLAY_HZ = 47;

const enum Grain {
  FINE_MAX_HZ = 400,
  /** A re-phase shifts a slow grid by a whole number of the finer periods, or an interval lasts one, to this fraction. */
  FINE_GATE = 0.1,
  /** The skip run a split grid starts with: the detector's THROTTLE_RUN, so a throttled loop stays throttled. */
  SUBDIVIDED_RUN = 16,
  /** Intervals in a row of a finer grid's period before a slow grid splits (one is a throttled loop's odd frame). */
  QUICK_RUN = 2,
  /** Vblanks of the finer grid per period of the slow one, at most (30 Hz on 120). */
  QUICK_MAX_DIVISOR = 4,
}

/**
 * Whether the latest interval (`jitter.intervalMs`) is the QUICK_RUN-th in a row lasting a whole
 * fraction 1/d of the slow grid's period, d × its rate a known display rate: a throttle ended and
 * the loop runs on every vblank again. Without this the slow grid was lost first (seven frames of
 * 60 Hz on battery saver's 30) and a new one sought (eight more).
 */
export function quickerLoop(s: Tracker, known: Float64Array): boolean {
  const periodMs = s.fit.period;
  const d = Math.round(periodMs / s.jitter.intervalMs);
  const fine = d >= 2 && d <= Grain.QUICK_MAX_DIVISOR && Math.abs((d * s.jitter.intervalMs) / periodMs - 1) <= Grain.FINE_GATE;
  s.quickRun = fine && d === s.quickDivisor ? s.quickRun + 1 : fine ? 1 : 0;
  s.quickDivisor = d;
  if (s.quickRun < Grain.QUICK_RUN) return false;
  return nearKnown((1000 * d) / periodMs, known);
}

/** Whether `rate` is within 2 % of a known display rate. */
function nearKnown(rate: number, known: Float64Array): boolean {
  for (let i = 0; i < known.length; i++) if (Math.abs(rate / known[i]! - 1) < 0.02) return true;
  return false;
}

/**
 * A slow grid (30 Hz) whose points shifted by a whole number of periods of a finer grid at a known
 * display rate (half a period: 60 Hz) skips vblanks of that grid: the divisor (2 or 3), else 1.
 */
export function finerDivisor(s: Tracker, known: Float64Array): number {
  const shift = s.shift;
  const periodMs = s.fit.period;
  for (let d = 2; d <= 3; d++) {
    const rate = (1000 * d) / periodMs;
    if (rate < MIN_DISPLAY_HZ) continue;
    if (rate > Grain.FINE_MAX_HZ) break;
    if (Math.abs(shift * d - Math.round(shift * d)) > Grain.FINE_GATE) continue;
    if (nearKnown(rate, known)) return d;
  }
  return 1;
}

/** The fit counts `divisor` times finer: the held points and the skip run follow. */
export function subdivided(s: Tracker, divisor: number): void {
  subdivide(s.fit, divisor);
  for (let i = 0; i < s.pendingCount; i++) {
    const fine = s.pendingOffset[i]! * divisor;
    s.pendingN[i] = s.pendingN[i]! * divisor + Math.round(fine);
    s.pendingOffset[i] = fine - Math.round(fine);
  }
  // Every interval so far skipped `divisor` vblanks of the finer grid.
  s.skips.intervalMs = s.fit.period;
  seedSkips(s.skips, divisor, Grain.SUBDIVIDED_RUN);
  s.recentOffset = s.overLimit = s.quickRun = 0;
  s.meanSquare = s.fit.residualVariance / (s.fit.period * s.fit.period);
}

/**
 * The loop has run on every `divisor`-th vblank for long: that grid becomes the fitted one (a 60 Hz
 * display after a 120 Hz one drifts off the 120 Hz grid; 59.94 after 240 by 0.1 % a frame).
 */
export function coarsened(s: Tracker, divisor: number): void {
  const shift = coarsen(s.fit, divisor);
  for (let i = 0; i < s.pendingCount; i++) {
    const position = (s.pendingN[i]! - shift + s.pendingOffset[i]!) / divisor;
    s.pendingN[i] = Math.round(position);
    s.pendingOffset[i] = position - Math.round(position);
  }
  clearSkips(s.skips);
  s.recentOffset = s.overLimit = 0;
}
