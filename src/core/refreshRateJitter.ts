/**
 * Whether a locked grid's timestamps jitter the way a grid's do. On a grid, a timestamp's jitter
 * lengthens one interval and shortens the next: neighbouring intervals' distances from whole
 * periods correlate by −0.5. Frames at random intervals (a variable-refresh display, no grid at
 * all) do not correlate, even where a grid fits them for a while by chance. See docs/browsers.md.
 */

/** The sums since the lock: named fields, written in place (no allocation per frame). */
export interface IntervalJitter {
  /** The interval to add and the grid's period, ms (fields: a fractional argument is boxed; docs/performance.md). */
  intervalMs: number;
  periodMs: number;
  /** Sums of the squared distances from whole periods and of the neighbours' products; the latest distance (NaN: none yet). */
  squareSum: number;
  lagSum: number;
  lastFraction: number;
}

export function createIntervalJitter(): IntervalJitter {
  return { intervalMs: 0.5, periodMs: 0.5, squareSum: 0.5, lagSum: 0.5, lastFraction: 0.5 };
}

export function clearJitter(j: IntervalJitter): void {
  j.squareSum = j.lagSum = 0;
  j.lastFraction = NaN;
}

/** Add `intervalMs`'s distance from whole periods of `periodMs`. */
export function addInterval(j: IntervalJitter): void {
  const periods = j.intervalMs / j.periodMs;
  const fraction = periods - Math.round(periods);
  if (!Number.isNaN(j.lastFraction)) j.lagSum += fraction * j.lastFraction;
  j.squareSum += fraction * fraction;
  j.lastFraction = fraction;
}
