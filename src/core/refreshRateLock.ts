/**
 * Finding a grid `t = a + n × P` in a handful of timestamps: the refresh-rate detector's lock, and
 * the challenger it fits to the latest timestamps when the locked grid stops fitting (a change of
 * display or of the browser's throttling). See docs/browsers.md.
 */
import { addPoint, refit, startFit, type GridFit } from './refreshRateFit.js';

const enum Lock {
  /** Intervals needed for a lock; slow loops (a 1 Hz hidden tab) lock on 3 spanning 1 s. */
  INTERVALS = 8,
  SLOW_INTERVALS = 3,
  SLOW_SPAN_MS = 1000,
  /** No display refreshes faster than 600 Hz (480–540 Hz monitors ship). */
  MIN_PERIOD_MS = 1000 / 600,
  /**
   * A grid faster than 400 Hz is a display only within FAST_KNOWN of a known rate (480, 500, 540):
   * an unthrottled loop (Chromium's unlimited frame rate) can keep 2 ms for a window. A busy page's
   * intervals are split into vblanks no finer than it, and a loop faster off every known rate has no
   * grid to wait for.
   */
  FAST_GRID_MS = 1000 / 400,
  /** Largest RMS residual (fraction of a period) of a grid; uniformly random phases give 0.29. */
  MAX_RMS_RESIDUAL = 0.2,
  /**
   * A grid slower than any display (47 Hz) is a throttled loop on a display's vblanks, as precise
   * as a display's: RMS residual at most 1.2 ms or 0.005 period (Firefox at 30 Hz: 0.3–0.75 ms; a
   * hidden tab's 1 Hz timer: a few ms); a GTK frame clock that wanders is not (WebKitGTK: 1.2–2 ms).
   */
  SLOW_GRID_MS = 1000 / 47,
  SLOW_JITTER_MS = 1.2,
  SLOW_JITTER = 0.005,
  /** A grid interval is sought down to the shortest interval over this; an interval within WHOLE (periods) of a whole number fits. */
  SPLITS = 4,
  WHOLE = 0.12,
  /** A window's first timestamp this far (periods) off the grid of all of them is left out of the lock. */
  OFF_FIRST = 0.25,
}

/** Timestamps to find a grid in, and the search's scratch: named fields, reused (no allocation per frame). */
export interface LockWindow {
  /** The timestamps, oldest first, and how many are valid. */
  stamps: Float64Array;
  count: number;
  /** Sorted intervals while searching; the grid index of each timestamp after a lock. */
  scratch: Float64Array;
  indices: Float64Array;
  /** RMS residual of the last lock, periods. */
  residual: number;
  /**
   * The interval the search works with, ms, and the period and gate (periods) of
   * {@link offWholeIntervals}: fields, not arguments (a fractional number passed to a call V8 does
   * not inline is boxed; docs/performance.md).
   */
  baseMs: number;
  periodMs: number;
  gate: number;
  /** What {@link compareIntervals} found: intervals off whole periods, and the drift from the grid (periods), in all and over the first half. */
  offWhole: number;
  drift: number;
  earlyDrift: number;
}

/** A window of up to `intervals` + 1 timestamps (a lock's: Lock.INTERVALS). */
export function createLockWindow(intervals: number = Lock.INTERVALS): LockWindow {
  return {
    stamps: new Float64Array(intervals + 1),
    count: 0,
    scratch: new Float64Array(intervals + 1),
    indices: new Float64Array(intervals + 1),
    residual: 0.5,
    baseMs: 0.5,
    periodMs: 0.5,
    gate: 0.5,
    offWhole: 0,
    drift: 0.5,
    earlyDrift: 0.5,
  };
}

/**
 * The lock's constants other modules read, as plain numbers: an exported `const enum` stays an
 * object with every member's name in the built one-file-per-module output.
 */
export const LOCK_INTERVALS: number = Lock.INTERVALS;
export const FAST_GRID_MS: number = Lock.FAST_GRID_MS;

/** Whether `intervals` spanning `spanMs` are a slow loop's lock: 3 spanning a second (a 1 Hz hidden tab). */
export function slowLock(intervals: number, spanMs: number): boolean {
  return intervals >= Lock.SLOW_INTERVALS && spanMs >= Lock.SLOW_SPAN_MS;
}

/** Whether the window holds enough to try: 8 intervals, or a slow loop's lock. */
export function ready(w: LockWindow): boolean {
  const m = w.count - 1;
  return m >= Lock.INTERVALS || slowLock(m, w.stamps[m]! - w.stamps[0]!);
}

/**
 * Fit a grid through the window's timestamps into `fit`: true when they sit on one (RMS residual
 * at most 0.2 period; period at least 2.5 ms, or down to 1.67 ms at one of the `known` rates),
 * with each timestamp's grid index in `w.indices`.
 */
export function fitWindow(fit: GridFit, w: LockWindow, known: Float64Array): boolean {
  const m = w.count - 1;
  const spanMs = w.stamps[m]! - w.stamps[0]!;
  typicalInterval(w);
  gridInterval(w);
  let base = w.baseMs;
  // Count each interval in vblanks of the base and refine the base from the totals, twice; the
  // third count places the timestamps on the grid.
  for (let pass = 0; pass < 3; pass++) {
    let n = 0;
    if (pass === 2) {
      fit.pointMs = w.stamps[0]!;
      startFit(fit);
      addPoint(fit, 0);
      w.indices[0] = 0;
    }
    for (let i = 1; i <= m; i++) {
      n += Math.max(1, Math.round((w.stamps[i]! - w.stamps[i - 1]!) / base));
      if (pass === 2) {
        fit.pointMs = w.stamps[i]!;
        addPoint(fit, n);
        w.indices[i] = n;
      }
    }
    base = spanMs / n;
    if (pass === 1 && !(base >= Lock.MIN_PERIOD_MS)) return false;
  }
  refit(fit);
  if (w.count > Lock.INTERVALS && offFirst(fit, w)) {
    // Firefox's first callback comes 6–9 ms before the first vsynced one: fit without it.
    w.stamps.copyWithin(0, 1);
    w.count--;
    return fitWindow(fit, w, known);
  }
  const residual = Math.sqrt(fit.residualVariance) / fit.period;
  w.residual = residual;
  return residual <= Lock.MAX_RMS_RESIDUAL && preciseEnough(fit) && (fit.period >= Lock.FAST_GRID_MS || fastKnown(fit.period, known));
}

/** How near (a fraction) a grid faster than 400 Hz must be to a known rate. */
const FAST_KNOWN = 0.005;

/** Whether a period shorter than FAST_GRID_MS is that of a known display rate (within FAST_KNOWN). */
function fastKnown(periodMs: number, known: Float64Array): boolean {
  if (!(periodMs >= Lock.MIN_PERIOD_MS)) return false;
  for (let i = 0; i < known.length; i++) if (Math.abs((periodMs * known[i]!) / 1000 - 1) <= FAST_KNOWN) return true;
  return false;
}

/** A grid slower than any display is a throttled loop on a display's vblanks: as precise as a display's (see SLOW_JITTER_MS). */
export function preciseEnough(fit: GridFit): boolean {
  return fit.period <= Lock.SLOW_GRID_MS || Math.sqrt(fit.residualVariance) <= Math.max(Lock.SLOW_JITTER_MS, Lock.SLOW_JITTER * fit.period);
}

/** Whether the window's first timestamp sits off the grid fitted through all of them (by more than OFF_FIRST periods). */
function offFirst(fit: GridFit, w: LockWindow): boolean {
  const interceptMs = fit.meanX - fit.period * fit.meanN;
  return Math.abs(w.stamps[0]! - fit.originMs - interceptMs) > Lock.OFF_FIRST * fit.period;
}

/** `baseMs`: the lower median interval, moved down to a cluster of shorter intervals if one exists (dropped frames). */
function typicalInterval(w: LockWindow): void {
  const m = w.count - 1;
  const sorted = w.scratch;
  for (let i = 0; i < m; i++) sorted[i] = w.stamps[i + 1]! - w.stamps[i]!;
  sorted.fill(Infinity, m);
  sorted.sort();
  sorted[m] = Infinity;
  let base = sorted[(m - 1) >> 1]!;
  for (let pass = 0; pass < 4; pass++) {
    let shorter = 0;
    while (shorter < m && sorted[shorter]! < base * (2 / 3)) shorter++;
    if (shorter < 2 || shorter * 4 < m) break;
    base = sorted[(shorter - 1) >> 1]!;
  }
  w.baseMs = base;
}

/**
 * `baseMs`, the grid's interval: the typical interval when all the window's intervals but one (a
 * re-phase) are whole multiples of it, else the longest interval that they are whole multiples of
 * among the typical and the shortest interval split into up to SPLITS vblanks. A page so busy that
 * every frame takes 3 to 11 vblanks shows its grid only so.
 */
function gridInterval(w: LockWindow): void {
  const typicalMs = w.baseMs;
  w.periodMs = typicalMs;
  if (wholeIntervals(w) >= w.count - 2) return;
  const shortestMs = w.scratch[0]!;
  let found = false;
  for (let d = 1; d <= Lock.SPLITS; d++) {
    for (let pass = 0; pass < 2; pass++) {
      const candidateMs = (pass === 0 ? typicalMs : shortestMs) / d;
      if (candidateMs < Lock.FAST_GRID_MS || (found && candidateMs <= w.baseMs)) continue;
      w.periodMs = candidateMs;
      if (wholeIntervals(w) < w.count - 2) continue;
      w.baseMs = candidateMs;
      found = true;
    }
  }
}

/** The window's intervals within WHOLE (periods) of a whole number of `w.periodMs`. */
function wholeIntervals(w: LockWindow): number {
  let whole = 0;
  for (let i = 1; i < w.count; i++) {
    const intervals = (w.stamps[i]! - w.stamps[i - 1]!) / w.periodMs;
    if (Math.abs(intervals - Math.round(intervals)) <= Lock.WHOLE) whole++;
  }
  return whole;
}

/**
 * The window's intervals against a grid of `w.periodMs`: how many are off whole periods by more
 * than `w.gate` (`w.offWhole`), and how far they drift from it in all (`w.drift`, periods) and over
 * the first half of the intervals (`w.earlyDrift`). A
 * re-phase of that grid shifts one interval; a grid of another period shifts every one by the same
 * fraction, and drifts away steadily.
 */
export function compareIntervals(w: LockWindow): void {
  let off = 0;
  let drift = 0;
  for (let i = 1; i < w.count; i++) {
    const intervals = (w.stamps[i]! - w.stamps[i - 1]!) / w.periodMs;
    const fraction = intervals - Math.round(intervals);
    drift += fraction;
    if (i === w.count >> 1) w.earlyDrift = drift;
    if (Math.abs(fraction) > w.gate) off++;
  }
  w.offWhole = off;
  w.drift = drift;
}

/**
 * Whether most of the window's intervals sit nearer whole numbers of its `periodMs` (the locked
 * grid's) than of `other.periodMs` (a challenger's): a new display shows in most intervals, a few
 * re-phases the same way in a few.
 */
export function mostlyOnPeriod(w: LockWindow, other: LockWindow): boolean {
  let nearer = 0;
  for (let i = 1; i < w.count; i++) {
    const intervalMs = w.stamps[i]! - w.stamps[i - 1]!;
    const here = intervalMs / w.periodMs;
    const there = intervalMs / other.periodMs;
    if (Math.abs(here - Math.round(here)) < Math.abs(there - Math.round(there))) nearer++;
  }
  return 2 * nearer > w.count - 1;
}

/**
 * How well the window fits a grid of `w.periodMs` that re-phased once at most (a phase before and
 * one after a step anywhere): the RMS residual, periods. Firefox's re-phase fits; a grid of a
 * period a few percent off drifts away from it steadily and does not.
 */
export function rephasedResidual(w: LockWindow): number {
  const phase = w.scratch;
  const count = w.count;
  phase[0] = 0;
  for (let i = 1; i < count; i++) {
    const intervals = (w.stamps[i]! - w.stamps[i - 1]!) / w.periodMs;
    phase[i] = phase[i - 1]! + intervals - Math.round(intervals);
  }
  let best = Infinity;
  for (let step = 1; step <= count; step++) {
    const squares = spread(phase, 0, step) + spread(phase, step, count);
    if (squares < best) best = squares;
  }
  return Math.sqrt(best / (count - 2));
}

/** Sum of squared deviations from their mean of `values[from … to)`. */
function spread(values: Float64Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i]!;
  const mean = to > from ? sum / (to - from) : 0;
  let squares = 0;
  for (let i = from; i < to; i++) squares += (values[i]! - mean) * (values[i]! - mean);
  return squares;
}

/** No grid: keep only the latest intervals for the next attempt. */
export function slide(w: LockWindow): void {
  if (w.count > Lock.INTERVALS) {
    w.stamps.copyWithin(0, 1);
    w.count = Lock.INTERVALS;
  }
}
