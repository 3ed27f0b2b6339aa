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

/**
 * The same sums over the latest frames, locked or not, against the last grid believed
 * (`periodMs`, 0 before one): whether the frames still jitter as that grid's while no lock holds
 * (refreshRateVerdict.ts, decisive). An interval over FIT_GATE from whole periods (a re-phase) or
 * of more than OVERLOAD periods is no jitter: it is skipped, and its neighbours are not paired.
 */
export interface GridEvidence extends IntervalJitter {
  /** Intervals summed, halved with the sums at twice EVIDENCE_INTERVALS (the latest 128 to 256 count). */
  count: number;
}

const enum Evidence {
  FIT_GATE = 0.3,
  OVERLOAD = 5,
  /** A grid believed whose period differs by more than this fraction is another grid (the verdict's DECISIVE). */
  OTHER_GRID = 0.01,
}

/** Intervals the evidence needs: random intervals' correlation over 128 spreads by about 0.09. */
export const EVIDENCE_INTERVALS = 128;

export function createGridEvidence(): GridEvidence {
  return { intervalMs: 0.5, periodMs: 0, squareSum: 0, lagSum: 0, lastFraction: NaN, count: 0 };
}

/**
 * The grid believed now is `grid`'s (its period read from the fit: a fractional argument to a call
 * V8 does not inline is boxed, docs/performance.md); a grid of another period starts the evidence anew.
 */
export function followGrid(e: GridEvidence, grid: { period: number }): void {
  const periodMs = grid.period;
  if (Math.abs(periodMs - e.periodMs) > Evidence.OTHER_GRID * periodMs) {
    clearJitter(e);
    e.count = 0;
  }
  e.periodMs = periodMs;
}

/** Add `intervalMs` against the grid believed last (none: nothing). */
export function addEvidence(e: GridEvidence): void {
  if (e.periodMs === 0) return;
  const periods = e.intervalMs / e.periodMs;
  const whole = Math.round(periods);
  const fraction = periods - whole;
  if (Math.abs(fraction) > Evidence.FIT_GATE || whole > Evidence.OVERLOAD) {
    e.lastFraction = NaN;
    return;
  }
  addInterval(e);
  if (++e.count < 2 * EVIDENCE_INTERVALS) return;
  e.count /= 2;
  e.squareSum /= 2;
  e.lagSum /= 2;
}
