/**
 * Refresh-rate detection from requestAnimationFrame timestamps alone: the measurement the conclusion
 * of Peter Sundqvist's "Timestepping" asks for ("is vsync on, and at what frequency?").
 *
 * The idea: with vsync, frame timestamps sit on a grid `t = a + n × P` (P the vblank period, n the
 * vblank index). A dropped frame skips grid points but never leaves the grid, so the detector fits
 * the grid, not the intervals: it assigns each timestamp its vblank index and refines P by a
 * least-squares fit of timestamp against index over every frame since the last change. The
 * precision of that slope grows as N^1.5 (a fit over N points spread over N periods), which is what
 * eventually separates 59.94 from 60 Hz; an average of intervals would only grow as N.
 */
import { KNOWN_REFRESH_RATES } from './knownRefreshRates.js';
import type { RefreshRateDetector, RefreshRateDetectorOptions, RefreshRateEstimate, RefreshState } from './types.js';
import { integerAtLeast, optionsObject, positiveNumber, withDefault } from './validate.js';

export { KNOWN_REFRESH_RATES };

const OWNER = 'createRefreshRateDetector';

/**
 * The detector's tuning. A `const enum` rather than `const`s: esbuild (and so a user's bundler)
 * writes each value where it is used, while a module-level `const` in a module that imports
 * anything is kept as a variable and costs its declaration in every bundle. Named constants, not
 * a set of distinct values: some share a value.
 */
/* eslint-disable @typescript-eslint/no-duplicate-enum-values */
const enum Tuning {
  /** Reported while nothing has been measured yet: the most common display rate. */
  FALLBACK_RATE = 60,

  /** Intervals needed before the first estimate (the brief: "measuring until ~8 intervals"). */
  LOCK_INTERVALS = 8,
  /** Slow loops (hidden tab at 1 Hz) may lock on fewer intervals, once they span this long. */
  SLOW_LOCK_INTERVALS = 3,
  SLOW_LOCK_SPAN_MS = 1000,

  /** No display refreshes faster than 400 Hz: a steady loop above it is not vsynced (vsync off, timers). */
  MIN_PERIOD_MS = 1000 / 400,
  /** No display refreshes slower (48 Hz minus measurement slack): a slower grid is a throttled loop. */
  MIN_DISPLAY_HZ = 47,

  /**
   * Largest RMS residual of a timestamp from its grid point, as a fraction of the period, for a loop
   * to count as on a grid. Uniformly random phases give 1/√12 ≈ 0.29; ±1 ms uniform jitter at 240 Hz
   * gives 0.14.
   */
  MAX_RMS_RESIDUAL = 0.2,
  /** A timestamp farther than this from its grid point (fraction of a period) is left out of the fit. */
  FIT_GATE = 0.3,
  /**
   * Weight of each sample in the running mean square residual that watches for a change of display.
   * 1/8 reacts within a handful of frames and averages away single outliers.
   */
  MISMATCH_WEIGHT = 1 / 8,
  /**
   * Mean square residual (in periods²) above which the timestamps no longer fit the grid and the
   * measurement restarts. Jitter of ±0.24 period (±1 ms at 240 Hz) averages 0.019 and cannot exceed
   * 0.058; a different display averages ≥ 0.08 (phases spread over the period).
   */
  MISMATCH_LIMIT = 0.05,
  /** Squared residual charged for a timestamp that does not advance the grid (a faster loop). */
  NO_ADVANCE_PENALTY = 0.25,

  /**
   * Snapping: a known rate is a candidate when within `SNAP_SIGMAS + SMALL_SAMPLE_SIGMAS / (N − 2)`
   * standard errors of the measurement (N frames in the fit; the extra term allows for the residual
   * spread itself being uncertain on few frames, like a t-distribution, and for testing every frame) …
   */
  SNAP_SIGMAS = 4,
  SMALL_SAMPLE_SIGMAS = 40,
  /** … or within this fraction of it (displays are rarely exactly nominal; half the 59.94/60 gap) … */
  SNAP_FLOOR = 0.0005,
  /** … but never farther than this fraction, however weak the evidence. */
  SNAP_CAP = 0.02,
  /**
   * A measured (not snapped) rate, once reported, is kept while new measurements stay within the
   * statistical tolerance of it or this fraction of it: the reported value then settles instead of
   * changing in its last digits every frame (each change re-renders `useRefreshRate` and retunes
   * every smoother). 1e-5 of 60 Hz is 0.0006 Hz: a smoother on it drifts one interval in ~28 min.
   */
  REPORT_FLOOR = 1e-5,
  /** The rate must be known to this fraction (3 standard errors) before it is reported as synced. */
  DECISIVE = 0.01,
  /** Display rates within this fraction are the same display for `changes` (60 ↔ 59.94 is a refinement). */
  SAME_DISPLAY = 0.002,

  /**
   * A fit that follows an unsteady ('unsynced') stretch is reported only after this many frames or
   * this much time: nine random intervals fit some grid by chance now and then; twenty-four do not.
   * A lock that breaks within as many frames was such a chance fit: the state returns to 'unsynced'.
   */
  SKEPTICAL_POINTS = 3 * LOCK_INTERVALS,
  SKEPTICAL_SPAN_MS = 2000,
  /** Intervals in a row, each skipping vblanks, before a slow loop on a known display counts as throttled. */
  THROTTLE_RUN = 8,
  /** Weight of each interval in the running mean of vblanks per frame while throttled. */
  THROTTLE_WEIGHT = 1 / 4,

  /** Backwards timestamps in a row taken as a clock reset (new time origin) instead of glitches. */
  BACKWARDS_LIMIT = 3,
}
/* eslint-enable @typescript-eslint/no-duplicate-enum-values */

/** Slots of the detector's Float64Array of fractional state (see `state` in the factory for why). */
const enum Slot {
  /** The last accepted timestamp, ms (NaN before the first). */
  LAST_MS,
  /** Timestamp of grid index 0 of the current fit, ms. */
  ORIGIN_MS,
  /** Welford running means and co-moments of the fit of x (ms since ORIGIN_MS) against index n. */
  MEAN_N,
  MEAN_X,
  C_NN,
  C_NX,
  C_XX,
  /** Timestamp of the last point that joined the fit, ms. */
  LAST_ACCEPTED_MS,
  /** Running mean square residual, periods². */
  MEAN_SQUARE_RESIDUAL,
  /** Duration of the current run of vblank-skipping intervals, ms. */
  SKIP_RUN_MS,
  /** Running mean of vblanks per frame during that run. */
  MEAN_SKIP,
  /**
   * Grid index of the last point that joined the fit. Whole, but it comes from Math.round of a
   * double, and V8 boxed it on every store to a closure variable.
   */
  LAST_INDEX,
  /** The timestamp (ms) being added to the fit by `acceptPoint`. */
  POINT_MS,
  /** The fit's period (its slope, ms per vblank) and residual variance (ms²), as `refit` last computed them. */
  PERIOD,
  RESIDUAL_VARIANCE,
  /** Number of slots. */
  COUNT,
}

/**
 * Create a refresh-rate detector. Feed it every frame's timestamp (ms); it returns one reused
 * {@link RefreshRateEstimate}.
 *
 * **How it works.**
 * 1. *Lock.* After 8 intervals (or 3 spanning ≥ 1 s), a robust base interval is taken from the
 *    recent intervals: the lower median, moved down to a cluster of shorter intervals if at least a
 *    quarter of them are below two thirds of it (so even half the frames dropped cannot double it).
 *    Every interval is counted as `k = round(interval / base)` vblanks, the base refined to
 *    `Σ interval / Σ k`, and a line fitted through (vblank index, timestamp). If the RMS residual
 *    exceeds 0.2 of a period, or the period is shorter than 1/400 s, the loop is `'unsynced'` and
 *    the detector retries on the latest 8 intervals.
 * 2. *Track.* Each new timestamp gets the nearest vblank index on the fitted line. If it lands
 *    within 0.3 of a period of a later grid point it joins the fit (an online least-squares fit,
 *    O(1) per sample); a dropped frame just skips indices, so it can never halve the estimate.
 * 3. *Report.* A fit is reported once its rate is known to ±1 % (4 standard errors); a fit that
 *    follows an unsynced stretch must also hold for 24 frames (or 2 s) with under 1/8 of its frames
 *    off the grid, because a few random intervals fit some grid by chance.
 * 4. *Change.* A running mean square of the residuals (weight 1/8; a timestamp that does not
 *    advance the grid counts 0.25) passes 0.05 within a handful of frames of a different display,
 *    and measurement restarts from that timestamp. Measured at ±0.5 ms: 60 → 144 Hz reported after
 *    ~130 ms (max 155 ms over 200 seeds), 144 → 60 after ~220 ms (max 300 ms). The first rate of
 *    the new fit increments `changes` if it differs from the previous display by more than 0.2 %.
 * 5. *Snap.* The fitted rate snaps to a known rate within max(z standard errors, 0.05 %), capped at
 *    2 %, where z = 4 + 40 / (frames − 2) (few frames make the residual spread itself uncertain).
 *    When several qualify, the current rate is kept, then a whole-number rate is preferred: 59.94
 *    is reported only once 60 is excluded. With no candidate, a known rate already identified is
 *    kept within 0.5 %; otherwise the measured rate is reported as is (an 80 Hz display reads ≈ 80).
 * 6. *Throttle.* A grid slower than 47 Hz is not a display: state `'throttled'`, `throttledRate` its
 *    rate (30 Hz power saving, 1 Hz hidden tab) and `refreshRate` left at the last display rate.
 *    On a known display, 8 frames in a row that each skip vblanks at a rate below 47 Hz also count as
 *    throttled (`throttledRate` = refreshRate / vblanks per frame); from timestamps alone this cannot
 *    be told from a game too slow to make more than every other vblank.
 *
 * **Numbers** (simulated, jitter uniform on each timestamp, seeded; see the tests and docs/core.md):
 * whole-number rates 50–240 Hz are identified and `synced` within 0.5 s at ±1 ms. Telling the
 * 1000/1001 rates from their whole-number twins (17, 8 and 7 µs per interval apart) takes, over
 * 200 seeds, median / worst: at ±1 ms, 59.94: 1.12 / 1.50 s, 119.88: 0.84 / 1.14 s, 143.86:
 * 0.81 / 1.07 s; at ±0.1 ms, 0.30 / 0.40 s, 0.22 / 0.28 s, 0.20 / 0.26 s. Until then the
 * whole-number rate is reported. Jitter beyond about a fifth of a period RMS (±0.7 ms uniform at
 * 360 Hz) reads as `'unsynced'`.
 *
 * **Limits.** A free-running loop whose intervals wander only a little (a timer firing every
 * 15–18 ms) is a random walk that a line fits for a while: it reads as `'synced'` at drifting,
 * unsnapped rates and `changes` counts up. A display running at half the previous rate looks like
 * every other frame dropped, so 120 → 60 Hz is not noticed (60 → 120 is).
 *
 * **Fields.** `refreshRate` is the last identified display rate, 60 until one
 * is, and stays put while `'measuring'`, `'unsynced'` or `'throttled'`. `interval` is the measured
 * (unsnapped) period behind it in ms, or `1000 / refreshRate` when none is measured. `confidence`
 * is `1 − RMS residual / 0.2 period` over the recent frames (1 = on the grid, 0 = no grid; 0 while
 * measuring). `synced` is `state === 'synced'`. `throttledRate` is 0 unless throttled.
 * `changes` does not count the first identification.
 *
 * **Bad samples.** NaN and ±Infinity are ignored, as are repeated timestamps and a timestamp
 * earlier than the last one; three backwards timestamps in a row are a clock reset and restart the
 * measurement (the estimate keeps its rate meanwhile). The estimate never becomes NaN.
 *
 * Cost: O(1) per sample while tracking; while measuring or unsynced, one sort of at most 8
 * intervals per sample. No allocation per sample. `windowSize` is checked but changes nothing:
 * each attempt to lock either locks or keeps only the latest 8 intervals, so no more are ever used.
 *
 * @throws RangeError naming `windowSize` (a whole number ≥ 8) or `knownRates` (an array of finite
 *   numbers > 0).
 * @example
 * ```ts
 * const detector = createRefreshRateDetector();
 * function frame(now: number) {
 *   const { refreshRate, synced, state } = detector.sample(now);
 *   if (synced) console.log(`vsync at ${refreshRate} Hz`); // e.g. 59.94, 144
 *   else if (state === 'throttled') console.log('the browser is throttling this loop');
 *   requestAnimationFrame(frame);
 * }
 * requestAnimationFrame(frame);
 * ```
 */
export function createRefreshRateDetector(options?: RefreshRateDetectorOptions): RefreshRateDetector {
  const opts = optionsObject(OWNER, options, false, ['windowSize', 'knownRates']);
  // Checked, but no longer sized by: every attempt to lock either locks (and tracking needs no
  // timestamps kept) or keeps only the latest LOCK_INTERVALS intervals, so no more than
  // LOCK_INTERVALS + 1 timestamps are ever read, whatever `windowSize` says.
  integerAtLeast(OWNER, 'windowSize', withDefault(opts.windowSize, Tuning.LOCK_INTERVALS), Tuning.LOCK_INTERVALS);
  // The known rates, ascending, in a typed array: read as unboxed doubles in the per-sample snap.
  const known = validRates(withDefault(opts.knownRates, KNOWN_REFRESH_RATES));

  // Timestamps since the last restart, oldest first; `fresh` of them are valid. Only kept while
  // not locked (tracking does not read them).
  const stamps = new Float64Array(Tuning.LOCK_INTERVALS + 1);
  const scratch = new Float64Array(Tuning.LOCK_INTERVALS);
  let fresh = 0;
  let backwards = 0;

  // Every fractional number that changes per sample lives in this array, at the Slot indices
  // above. A `let` captured by these closures sits in a V8 context slot, which holds a tagged
  // value: each write of a non-integer double there allocated a fresh HeapNumber (about 470 bytes
  // of garbage per sample in all). A Float64Array slot is written in place. Whole-number counters
  // below stay `let`: small integers are stored unboxed (Smis).
  const state = new Float64Array(Slot.COUNT);
  state[Slot.LAST_MS] = NaN;

  // Online least-squares fit of x = t − ORIGIN_MS against the vblank index n (Welford co-moments
  // MEAN_N, MEAN_X, C_NN, C_NX, C_XX over `fitCount` points).
  let locked = false;
  let fitCount = 0;

  // Throttle tracking on the fitted grid: vblank-skipping intervals in a row (with SKIP_RUN_MS and
  // MEAN_SKIP, which are only read while this is above 0).
  let skipRun = 0;

  let displayKnown = false;
  /** This fit has been precise enough once; it does not fall back to 'measuring' on a noisy frame. */
  let decided = false;
  /** This fit has produced a display rate (only the first can count as a change). */
  let rated = false;
  /** This fit started right after an unsteady loop: it must prove itself for longer. */
  let skeptical = false;
  /** Timestamps tracked since the lock, and how many of them were left out of the fit. */
  let tracked = 0;
  let rejected = 0;

  // While not locked, and while a fit is not yet decided, the estimate stays as `notSynced` left
  // it: 'measuring', or 'unsynced' after an unsteady stretch.
  const estimate: RefreshRateEstimate = {
    refreshRate: Tuning.FALLBACK_RATE,
    interval: 1000 / Tuning.FALLBACK_RATE,
    confidence: 0,
    synced: false,
    state: 'measuring',
    throttledRate: 0,
    changes: 0,
  };

  /**
   * The state and what follows from it: `synced`. The throttled loop's rate is written by the
   * caller: a fractional rate passed to a call V8 does not inline is boxed, one allocation a sample.
   */
  function setState(next: RefreshState): void {
    estimate.state = next;
    estimate.synced = next === 'synced';
  }

  function notSynced(next: 'measuring' | 'unsynced'): void {
    setState(next);
    estimate.throttledRate = 0;
    estimate.confidence = 0;
    estimate.interval = 1000 / estimate.refreshRate;
  }

  /**
   * Drop the fit and the timestamps: measurement starts again from the next one kept. A lock that
   * broke within SKEPTICAL_POINTS frames was a chance fit on an unsteady loop, so the state returns
   * to 'unsynced' rather than 'measuring'.
   */
  function unlock(): void {
    const fleeting = locked && fitCount < Tuning.SKEPTICAL_POINTS;
    locked = false;
    fresh = 0;
    notSynced(fleeting || estimate.state === 'unsynced' ? 'unsynced' : 'measuring');
  }

  /**
   * The timestamp in POINT_MS joins the fit as grid point `n` (a whole number above LAST_INDEX):
   * skip tracking, then the online least-squares update (Welford co-moments of n and x = t − origin).
   */
  function acceptPoint(n: number): void {
    const t = state[Slot.POINT_MS]!;
    const k = n - state[Slot.LAST_INDEX]!;
    if (k < 2) {
      skipRun = 0;
    } else if (skipRun++ === 0) {
      state[Slot.MEAN_SKIP] = k;
      state[Slot.SKIP_RUN_MS] = t - state[Slot.LAST_ACCEPTED_MS]!;
    } else {
      state[Slot.MEAN_SKIP]! += (k - state[Slot.MEAN_SKIP]!) * Tuning.THROTTLE_WEIGHT;
      state[Slot.SKIP_RUN_MS]! += t - state[Slot.LAST_ACCEPTED_MS]!;
    }
    state[Slot.LAST_INDEX] = n;
    state[Slot.LAST_ACCEPTED_MS] = t;
    fitCount++;
    const x = t - state[Slot.ORIGIN_MS]!;
    const dn = n - state[Slot.MEAN_N]!;
    const meanN = (state[Slot.MEAN_N]! += dn / fitCount);
    const dx = x - state[Slot.MEAN_X]!;
    const meanX = (state[Slot.MEAN_X]! += dx / fitCount);
    state[Slot.C_NN]! += dn * (n - meanN);
    state[Slot.C_NX]! += dn * (x - meanX);
    state[Slot.C_XX]! += dx * (x - meanX);
  }

  /**
   * PERIOD and RESIDUAL_VARIANCE of the current fit. A fit always has at least four points (a lock
   * takes at least three intervals), so the variance's n − 2 is at least 2.
   */
  function refit(): void {
    const cNX = state[Slot.C_NX]!;
    const cNN = state[Slot.C_NN]!;
    const ss = state[Slot.C_XX]! - (cNX * cNX) / cNN;
    state[Slot.PERIOD] = cNX / cNN;
    state[Slot.RESIDUAL_VARIANCE] = ss > 0 ? ss / (fitCount - 2) : 0;
  }

  /** Try to find a grid in the fresh timestamps; on success the fit is seeded and tracking starts. */
  function tryLock(): void {
    const m = fresh - 1;
    const spanMs = stamps[m]! - stamps[0]!;
    if (m < Tuning.LOCK_INTERVALS && !(m >= Tuning.SLOW_LOCK_INTERVALS && spanMs >= Tuning.SLOW_LOCK_SPAN_MS)) return;
    // Intervals sorted; the slots past them (a slow lock on fewer) hold Infinity, which sorts last.
    // Written apart, not as `i < m ? interval : Infinity`: with that branch never taken (no slow
    // lock yet), V8 left the phi tagged and boxed every interval, about 17 bytes a sample.
    for (let i = 0; i < m; i++) scratch[i] = stamps[i + 1]! - stamps[i]!;
    scratch.fill(Infinity, m);
    scratch.sort();
    let base = scratch[(m - 1) >> 1]!;
    // Dropped frames inflate the median: move down to a cluster of shorter intervals if one exists.
    for (let pass = 0; pass < 4; pass++) {
      let shorter = 0;
      while (shorter < m && scratch[shorter]! < base * (2 / 3)) shorter++;
      if (shorter < 2 || shorter * 4 < m) break;
      base = scratch[(shorter - 1) >> 1]!;
    }

    // The fit, seeded below from the oldest timestamp: grid point 0 at x = 0.
    decided = false;
    rated = false;
    skeptical = estimate.state === 'unsynced';
    tracked = 0;
    rejected = 0;
    // Zeroes the co-moments and LAST_INDEX; the slots between them (the mean square residual and
    // the skip run's) are written before they are next read.
    state.fill(0, Slot.MEAN_N, Slot.LAST_INDEX + 1);
    state[Slot.ORIGIN_MS] = state[Slot.LAST_ACCEPTED_MS] = stamps[0]!;
    fitCount = 1;
    skipRun = 0;
    // Count each interval in vblanks of the base and refine the base from the totals, twice; the
    // third count places the timestamps on the grid (into the fit). The fit's fields above are
    // only read once locked, so setting them before a give-up below changes nothing.
    for (let pass = 0; pass < 3; pass++) {
      let n = 0;
      for (let i = 1; i <= m; i++) {
        n += Math.max(1, Math.round((stamps[i]! - stamps[i - 1]!) / base));
        if (pass === 2) {
          state[Slot.POINT_MS] = stamps[i]!;
          acceptPoint(n);
        }
      }
      base = spanMs / n;
      if (pass === 1 && !(base >= Tuning.MIN_PERIOD_MS)) return giveUp();
    }
    refit();
    const period = state[Slot.PERIOD]!;
    const residual = Math.sqrt(state[Slot.RESIDUAL_VARIANCE]!) / period;
    if (!(residual <= Tuning.MAX_RMS_RESIDUAL) || !(period >= Tuning.MIN_PERIOD_MS)) return giveUp();
    locked = true;
    state[Slot.MEAN_SQUARE_RESIDUAL] = residual * residual;
    classify();
  }

  /** No grid: report unsynced and keep only the latest intervals for the next attempt. */
  function giveUp(): void {
    // At most LOCK_INTERVALS + 1 timestamps are kept: drop the oldest.
    if (fresh > Tuning.LOCK_INTERVALS) {
      stamps.copyWithin(0, 1);
      fresh = Tuning.LOCK_INTERVALS;
    }
    notSynced('unsynced');
  }

  function track(t: number): void {
    const period = state[Slot.PERIOD]!;
    const intercept = state[Slot.MEAN_X]! - period * state[Slot.MEAN_N]!;
    const position = (t - state[Slot.ORIGIN_MS]! - intercept) / period;
    const n = Math.round(position);
    const offset = position - n;
    const advances = n > state[Slot.LAST_INDEX]!;
    // A timestamp that does not advance the grid (a faster loop) is charged NO_ADVANCE_PENALTY.
    // The penalty is a literal here (const enum), so V8 keeps the merge with offset² a double; a
    // module-level `const` read as "any type" in optimised code and boxed it, once a sample.
    const meanSquareResidual = (state[Slot.MEAN_SQUARE_RESIDUAL]! +=
      ((advances ? offset * offset : Tuning.NO_ADVANCE_PENALTY) - state[Slot.MEAN_SQUARE_RESIDUAL]!) * Tuning.MISMATCH_WEIGHT);
    if (meanSquareResidual > Tuning.MISMATCH_LIMIT) return unlock();
    tracked++;
    if (advances && Math.abs(offset) <= Tuning.FIT_GATE) {
      state[Slot.POINT_MS] = t;
      acceptPoint(n);
    } else {
      rejected++;
    }
    classify();
  }

  /** Turn the fit into the estimate. */
  function classify(): void {
    refit();
    const period = state[Slot.PERIOD]!;
    const gridRate = 1000 / period;
    // Standard error of the slope: residual sd / sqrt(Σ(n − n̄)²), converted to Hz.
    const rateError = (gridRate * Math.sqrt(state[Slot.RESIDUAL_VARIANCE]! / state[Slot.C_NN]!)) / period;
    const meanSquareResidual = state[Slot.MEAN_SQUARE_RESIDUAL]!;
    if (!decided) {
      // Too few frames to tell neighbouring rates apart (165 from 170), or a fresh fit on a loop
      // that was just unsteady (chance fits on a few random intervals are common): keep waiting.
      const imprecise = gridRate >= Tuning.MIN_DISPLAY_HZ && Tuning.SNAP_SIGMAS * rateError > Tuning.DECISIVE * gridRate;
      const unproven =
        skeptical &&
        ((fitCount < Tuning.SKEPTICAL_POINTS && state[Slot.LAST_ACCEPTED_MS]! - state[Slot.ORIGIN_MS]! < Tuning.SKEPTICAL_SPAN_MS) ||
          rejected * 8 > tracked ||
          meanSquareResidual > Tuning.MAX_RMS_RESIDUAL * Tuning.MAX_RMS_RESIDUAL);
      if (imprecise || unproven) return;
      decided = true;
    }
    // At most 1: the mean square residual is never negative.
    estimate.confidence = Math.max(0, 1 - Math.sqrt(meanSquareResidual) / Tuning.MAX_RMS_RESIDUAL);
    let throttledRate = 0;
    let throttled = gridRate < Tuning.MIN_DISPLAY_HZ;
    if (throttled) {
      // The loop itself is slow and steady: a throttled loop, the display unknown from it.
      throttledRate = gridRate;
      estimate.interval = 1000 / estimate.refreshRate;
    } else {
      // Snap: the known rates within max(tolerance, SNAP_FLOOR), capped at SNAP_CAP, qualify. The
      // current rate is kept while it qualifies; else a whole-number rate is preferred, then the
      // nearest.
      // (A fit has at least four points: fitCount − 2 ≥ 2.)
      const tolerance = (Tuning.SNAP_SIGMAS + Tuning.SMALL_SAMPLE_SIGMAS / (fitCount - 2)) * rateError;
      const reported = estimate.refreshRate;
      // The chosen known rate; 0 (no rate is) while none qualifies.
      let best = 0;
      let bestWhole = false;
      let bestDistance = Infinity;
      for (let i = 0; i < known.length; i++) {
        const candidate = known[i]!;
        const distance = Math.abs(gridRate - candidate);
        if (distance > Math.min(Math.max(tolerance, Tuning.SNAP_FLOOR * candidate), Tuning.SNAP_CAP * candidate)) continue;
        if (displayKnown && candidate === reported) {
          best = candidate;
          break;
        }
        const whole = Number.isInteger(candidate);
        if ((whole && !bestWhole) || (whole === bestWhole && distance < bestDistance)) {
          best = candidate;
          bestWhole = whole;
          bestDistance = distance;
        }
      }
      // No known rate fits: the display is between known rates (a 60.154 Hz panel), and its real
      // rate is what a smoother needs. Keep the rate already reported while the measurement is
      // consistent with it, else report the measurement.
      const rate =
        best > 0
          ? best
          : displayKnown && Math.abs(gridRate - reported) <= Math.max(tolerance, Tuning.REPORT_FLOOR * reported)
            ? reported
            : gridRate;
      if (!rated) {
        // One fit is one display: only its first rate can be a change; later refinements of the
        // same fit (60 → 59.94, or an off-nominal 60.5 leaving the 60 it was first snapped to) are not.
        rated = true;
        if (displayKnown && Math.abs(rate / reported - 1) > Tuning.SAME_DISPLAY) estimate.changes++;
      }
      displayKnown = true;
      estimate.refreshRate = rate;
      estimate.interval = period;
      // Every interval of a long enough run skips vblanks, at a loop rate no display has: throttled
      // to 1 / (vblanks per frame) of the display rate.
      const skipRunMs = state[Slot.SKIP_RUN_MS]!;
      throttled =
        (skipRun >= Tuning.THROTTLE_RUN || (skipRun >= Tuning.SLOW_LOCK_INTERVALS && skipRunMs >= Tuning.SLOW_LOCK_SPAN_MS)) &&
        (1000 * skipRun) / skipRunMs < Tuning.MIN_DISPLAY_HZ;
      if (throttled) {
        const meanSkip = state[Slot.MEAN_SKIP]!;
        const whole = Math.round(meanSkip);
        throttledRate = rate / (Math.abs(meanSkip - whole) < 0.1 ? whole : meanSkip);
      }
    }
    estimate.throttledRate = throttledRate;
    setState(throttled ? 'throttled' : 'synced');
  }

  function sample(timestampMs: number): RefreshRateEstimate {
    if (!Number.isFinite(timestampMs)) return estimate;
    // NaN before the first timestamp: that one only starts the chain below.
    const intervalMs = timestampMs - state[Slot.LAST_MS]!;
    if (intervalMs <= 0) {
      // A repeat or a stray backwards timestamp is ignored; BACKWARDS_LIMIT in a row are a clock
      // reset: measure again from this one.
      if (intervalMs === 0 || ++backwards < Tuning.BACKWARDS_LIMIT) return estimate;
      unlock();
    }
    backwards = 0;
    state[Slot.LAST_MS] = timestampMs;
    if (locked) track(timestampMs);
    // Not `else`: a change of display seen by track() unlocked, and this timestamp starts the new chain.
    if (!locked) {
      stamps[fresh++] = timestampMs;
      tryLock();
    }
    return estimate;
  }

  return {
    sample,
    estimate,
    reset() {
      state[Slot.LAST_MS] = NaN;
      backwards = 0;
      locked = false;
      displayKnown = false;
      estimate.refreshRate = Tuning.FALLBACK_RATE;
      estimate.changes = 0;
      estimate.state = 'measuring';
      unlock();
    },
  };
}

/**
 * The `knownRates` option: a non-empty array of finite numbers > 0, copied and sorted. A bad rate
 * fails the shared number check, which names the option and shows the first bad value.
 */
function validRates(value: unknown): Float64Array {
  if (Array.isArray(value) && value.length > 0) return Float64Array.from(value, (rate: unknown) => positiveNumber(OWNER, 'knownRates', rate)).sort();
  throw new RangeError(
    `${OWNER}: option \`knownRates\` must be a non-empty array of rates (Hz), got ${Array.isArray(value) ? 'an empty array' : value === null || typeof value === 'number' ? value : typeof value}`,
  );
}
