/**
 * Refresh-rate detection from requestAnimationFrame timestamps alone: the measurement the conclusion
 * of Peter Sundqvist's "Timestepping" asks for ("is vsync on, and at what frequency?"). With vsync,
 * timestamps sit on a grid `t = a + n × P`; the detector fits that grid (refreshRateFit.ts), not the
 * intervals, so a dropped frame skips grid points without changing the estimate.
 */
import { KNOWN_REFRESH_RATES } from './knownRefreshRates.js';
import { addPoint, refit, startFit } from './refreshRateFit.js';
import { createSnapQuery, snapRate } from './refreshRateSnap.js';
import { countBreak, countSkip, createTracker, place, steadySkips, vblanksPerFrame, weighBreaks } from './refreshRateTrack.js';
import type { RefreshRateDetector, RefreshRateDetectorOptions, RefreshRateEstimate, RefreshState } from './types.js';
import { integerAtLeast, optionsObject, positiveNumber, withDefault } from './validate.js';

export { KNOWN_REFRESH_RATES };

const OWNER = 'createRefreshRateDetector';

/* eslint-disable @typescript-eslint/no-duplicate-enum-values */
/** The detector's tuning (a `const enum`: inlined where used; see docs/performance.md). */
const enum Tuning {
  /** Reported while nothing has been measured yet: the most common display rate. */
  FALLBACK_RATE = 60,
  /** Intervals needed before the first estimate; slow loops (a 1 Hz hidden tab) lock on 3 spanning 1 s. */
  LOCK_INTERVALS = 8,
  SLOW_LOCK_INTERVALS = 3,
  SLOW_LOCK_SPAN_MS = 1000,
  /** No display refreshes faster than 400 Hz, or slower than 47 Hz (48 Hz minus slack): a slower grid is throttled. */
  MIN_PERIOD_MS = 1000 / 400,
  MIN_DISPLAY_HZ = 47,
  /** Largest RMS residual (fraction of a period) of a grid; uniformly random phases give 0.29. */
  MAX_RMS_RESIDUAL = 0.2,
  /** Standard errors (plus 40 / (points − 2) on few points) within which a known rate fits. */
  SNAP_SIGMAS = 4,
  SMALL_SAMPLE_SIGMAS = 40,
  /** Largest tilt (periods over the fit's span) of a re-phase under the fit gate (0.3 × 1.5). */
  HIDDEN_STEP_TILT = 0.45,
  /** … at most this fraction of the rate (a 60.5 Hz display is not 60). */
  HIDDEN_STEP_CAP = 0.005,
  /** A measured rate once reported is kept while new measurements stay within this fraction of it (it settles). */
  REPORT_FLOOR = 1e-5,
  /** The rate must be known to this fraction (4 standard errors) before it is first reported. */
  DECISIVE = 0.01,
  /** Display rates within this fraction are the same display for `changes` (60 ↔ 59.94 is a refinement). */
  SAME_DISPLAY = 0.002,
  /** A fit after an unsteady stretch must hold this many frames or this long (chance fits are common on few). */
  SKEPTICAL_POINTS = 3 * LOCK_INTERVALS,
  SKEPTICAL_SPAN_MS = 2000,
  /** Skipping intervals in a row before a slow loop on a known display counts as throttled. */
  THROTTLE_RUN = 16,
  /** Backwards timestamps in a row taken as a clock reset. */
  BACKWARDS_LIMIT = 3,
}
/* eslint-enable @typescript-eslint/no-duplicate-enum-values */

/**
 * Create a refresh-rate detector. Feed it every frame's timestamp (ms); it returns one reused
 * {@link RefreshRateEstimate}: the display rate snapped to a known rate (59.94, 60, 144 …) or as
 * measured when none fits, and whether the loop is `'synced'`, `'throttled'` (30 Hz battery saver,
 * a 1 Hz hidden tab) or `'unsynced'` (no vsync grid). A re-phase of the vsync timer keeps the
 * estimate; a change of display is noticed within a few hundred milliseconds. How it works, what it
 * was measured on and its limits: docs/browsers.md. No allocation per sample.
 *
 * @throws RangeError naming `windowSize` (a whole number ≥ 8) or `knownRates` (an array of finite
 *   numbers > 0).
 * @example
 * ```ts
 * const { refreshRate, synced } = detector.sample(now); // e.g. 59.94, true
 * ```
 */
export function createRefreshRateDetector(options?: RefreshRateDetectorOptions): RefreshRateDetector {
  const opts = optionsObject(OWNER, options, false, ['windowSize', 'knownRates']);
  // Checked but unused: a lock reads at most LOCK_INTERVALS + 1 timestamps whatever it says.
  integerAtLeast(OWNER, 'windowSize', withDefault(opts.windowSize, Tuning.LOCK_INTERVALS), Tuning.LOCK_INTERVALS);
  const known = validRates(withDefault(opts.knownRates, KNOWN_REFRESH_RATES));
  const estimate: RefreshRateEstimate = {
    refreshRate: Tuning.FALLBACK_RATE,
    interval: 1000 / Tuning.FALLBACK_RATE,
    confidence: 0,
    synced: false,
    state: 'measuring',
    throttledRate: 0,
    changes: 0,
  };
  const s = createTracker();
  const q = createSnapQuery();
  const stamps = new Float64Array(Tuning.LOCK_INTERVALS + 1);
  const scratch = new Float64Array(Tuning.LOCK_INTERVALS);

  const setState = (next: RefreshState): void => {
    estimate.state = next;
    estimate.synced = next === 'synced';
  };
  function notSynced(next: 'measuring' | 'unsynced'): void {
    setState(next);
    estimate.throttledRate = 0;
    estimate.confidence = 0;
    estimate.interval = 1000 / estimate.refreshRate;
  }
  /**
   * Drop the fit. A lock that broke within SKEPTICAL_POINTS frames was a chance fit, and a second
   * break within seconds means no grid holds (a frame clock that is not vsync): 'unsynced'.
   */
  function unlock(): void {
    const fleeting = s.locked && s.fit.points < Tuning.SKEPTICAL_POINTS;
    if (s.locked) countBreak(s);
    else weighBreaks(s);
    s.locked = false;
    s.fresh = 0;
    notSynced(fleeting || estimate.state === 'unsynced' || s.recentBreaks >= 2 ? 'unsynced' : 'measuring');
  }

  /** Find a grid in the fresh timestamps; on success the fit is seeded and tracking starts. */
  function tryLock(): void {
    const m = s.fresh - 1;
    const spanMs = stamps[m]! - stamps[0]!;
    if (m < Tuning.LOCK_INTERVALS && !(m >= Tuning.SLOW_LOCK_INTERVALS && spanMs >= Tuning.SLOW_LOCK_SPAN_MS)) return;
    for (let i = 0; i < m; i++) scratch[i] = stamps[i + 1]! - stamps[i]!;
    scratch.fill(Infinity, m);
    scratch.sort();
    // The lower median, moved down to a cluster of shorter intervals if one exists (dropped frames).
    let base = scratch[(m - 1) >> 1]!;
    for (let pass = 0; pass < 4; pass++) {
      let shorter = 0;
      while (shorter < m && scratch[shorter]! < base * (2 / 3)) shorter++;
      if (shorter < 2 || shorter * 4 < m) break;
      base = scratch[(shorter - 1) >> 1]!;
    }
    s.decided = s.rated = false;
    s.skeptical = estimate.state === 'unsynced';
    s.tracked = s.rejected = 0;
    s.pendingCount = s.overLimit = s.advancing = s.recentOffset = s.creep = 0;
    s.fit.pointMs = stamps[0]!;
    startFit(s.fit);
    addPoint(s.fit, 0);
    s.skipRun = 0;
    // Count each interval in vblanks of the base and refine the base from the totals, twice; the
    // third count places the timestamps on the grid.
    for (let pass = 0; pass < 3; pass++) {
      let n = 0;
      for (let i = 1; i <= m; i++) {
        n += Math.max(1, Math.round((stamps[i]! - stamps[i - 1]!) / base));
        if (pass === 2) {
          s.fit.pointMs = stamps[i]!;
          countSkip(s, n - s.fit.lastIndex);
          addPoint(s.fit, n);
        }
      }
      base = spanMs / n;
      if (pass === 1 && !(base >= Tuning.MIN_PERIOD_MS)) return giveUp();
    }
    refit(s.fit);
    const period = s.fit.period;
    const residual = Math.sqrt(s.fit.residualVariance) / period;
    if (!(residual <= Tuning.MAX_RMS_RESIDUAL) || !(period >= Tuning.MIN_PERIOD_MS)) return giveUp();
    s.locked = true;
    s.meanSquare = residual * residual;
    classify();
  }

  /** No grid: report unsynced and keep only the latest intervals for the next attempt. */
  function giveUp(): void {
    if (s.fresh > Tuning.LOCK_INTERVALS) {
      stamps.copyWithin(0, 1);
      s.fresh = Tuning.LOCK_INTERVALS;
    }
    notSynced('unsynced');
  }

  function track(t: number): void {
    if (place(s, t, known) === 2) return unlock();
    classify();
  }

  /** Turn the fit into the estimate. */
  function classify(): void {
    const fit = s.fit;
    refit(fit);
    const period = fit.period;
    const gridRate = 1000 / period;
    const rateError = (gridRate * fit.periodError) / period;
    if (!s.decided) {
      // Too few frames to tell neighbouring rates apart, or a fresh fit after an unsteady stretch.
      const imprecise = gridRate >= Tuning.MIN_DISPLAY_HZ && Tuning.SNAP_SIGMAS * rateError > Tuning.DECISIVE * gridRate;
      // The proof asked grows with the square of the recent lock breaks (WebKitGTK's frame clock breaks every few seconds).
      if (s.skeptical) weighBreaks(s);
      const breaks = s.skeptical ? Math.max(1, s.recentBreaks) : 1;
      const unproven =
        s.skeptical &&
        ((fit.points < Tuning.SKEPTICAL_POINTS * breaks * breaks && fit.lastMs - fit.originMs < Tuning.SKEPTICAL_SPAN_MS * breaks * breaks) ||
          s.rejected * 8 > s.tracked ||
          s.meanSquare > Tuning.MAX_RMS_RESIDUAL * Tuning.MAX_RMS_RESIDUAL);
      if (imprecise || unproven) return;
      s.decided = true;
    }
    estimate.confidence = Math.max(0, 1 - Math.sqrt(s.meanSquare) / Tuning.MAX_RMS_RESIDUAL);
    let throttledRate = 0;
    let throttled = gridRate < Tuning.MIN_DISPLAY_HZ;
    if (throttled) {
      throttledRate = gridRate;
      estimate.interval = 1000 / estimate.refreshRate;
    } else {
      // Statistical tolerance, plus the tilt a re-phase too small to see (under 0.3 period) can give a fit of this span.
      const spanPeriods = Math.max(1, (fit.lastMs - fit.originMs) / period);
      const tolerance = (Tuning.SNAP_SIGMAS + Tuning.SMALL_SAMPLE_SIGMAS / Math.max(1, fit.points - 2)) * rateError;
      const reported = estimate.refreshRate;
      const tilt = gridRate * Math.min(Tuning.HIDDEN_STEP_TILT / spanPeriods, Tuning.HIDDEN_STEP_CAP);
      q.rate = gridRate;
      q.error = rateError;
      q.tolerance = tolerance + tilt;
      q.current = s.displayKnown ? reported : 0;
      snapRate(known, q);
      const snapped = q.result;
      // No known rate fits: a display between them (60.154 Hz). Keep the rate reported while consistent.
      const rate =
        snapped > 0
          ? snapped
          : s.displayKnown && Math.abs(gridRate - reported) <= Math.max(tolerance, Tuning.REPORT_FLOOR * reported)
            ? reported
            : gridRate;
      if (!s.rated) {
        // One fit is one display: only its first rate can be a change, not its refinements.
        s.rated = true;
        if (s.displayKnown && Math.abs(rate / reported - 1) > Tuning.SAME_DISPLAY) estimate.changes++;
      }
      s.displayKnown = true;
      estimate.refreshRate = rate;
      estimate.interval = period;
      throttled =
        (s.skipRun >= Tuning.THROTTLE_RUN || (s.skipRun >= Tuning.SLOW_LOCK_INTERVALS && s.skipRunMs >= Tuning.SLOW_LOCK_SPAN_MS)) &&
        (1000 * s.skipRun) / s.skipRunMs < Tuning.MIN_DISPLAY_HZ &&
        steadySkips(s);
      if (throttled) {
        vblanksPerFrame(s);
        throttledRate = rate / s.divisor;
      }
    }
    estimate.throttledRate = throttledRate;
    setState(throttled ? 'throttled' : 'synced');
  }

  function sample(timestampMs: number): RefreshRateEstimate {
    if (!Number.isFinite(timestampMs)) return estimate;
    const intervalMs = timestampMs - s.lastMs;
    if (intervalMs <= 0) {
      // A repeat or a stray backwards timestamp is ignored; several in a row are a clock reset.
      if (intervalMs === 0 || ++s.backwards < Tuning.BACKWARDS_LIMIT) return estimate;
      unlock();
    }
    s.backwards = 0;
    s.lastMs = timestampMs;
    if (s.locked) track(timestampMs);
    // Not `else`: a change of display seen by track() unlocked, and this timestamp starts anew.
    if (!s.locked) {
      stamps[s.fresh++] = timestampMs;
      tryLock();
    }
    return estimate;
  }

  return {
    sample,
    estimate,
    reset() {
      s.lastMs = NaN;
      s.backwards = 0;
      s.locked = false;
      s.displayKnown = false;
      s.breaks = 0;
      estimate.refreshRate = Tuning.FALLBACK_RATE;
      estimate.changes = 0;
      estimate.state = 'measuring';
      unlock();
    },
  };
}

/** The `knownRates` option: a non-empty array of finite numbers > 0, copied and sorted. */
function validRates(value: unknown): Float64Array {
  if (Array.isArray(value) && value.length > 0) return Float64Array.from(value, (rate: unknown) => positiveNumber(OWNER, 'knownRates', rate)).sort();
  throw new RangeError(
    `${OWNER}: option \`knownRates\` must be a non-empty array of rates (Hz), got ${Array.isArray(value) ? 'an empty array' : value === null || typeof value === 'number' ? value : typeof value}`,
  );
}
