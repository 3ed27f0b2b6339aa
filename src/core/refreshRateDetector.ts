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
import type { RefreshRateDetector, RefreshRateDetectorOptions, RefreshRateEstimate } from './types.js';
import { integerAtLeast, optionsObject, withDefault } from './validate.js';

export { KNOWN_REFRESH_RATES };

const OWNER = 'createRefreshRateDetector';

const DEFAULT_WINDOW_SIZE = 32;
/** Reported while nothing has been measured yet: the most common display rate. */
const FALLBACK_RATE = 60;

/** Intervals needed before the first estimate (the brief: "measuring until ~8 intervals"). */
const LOCK_INTERVALS = 8;
/** Slow loops (hidden tab at 1 Hz) may lock on fewer intervals, once they span this long. */
const SLOW_LOCK_INTERVALS = 3;
const SLOW_LOCK_SPAN_MS = 1000;

/** No display refreshes faster: a steady loop above this is not vsynced (vsync off, timers). */
const MAX_DISPLAY_HZ = 400;
/** No display refreshes slower (48 Hz minus measurement slack): a slower grid is a throttled loop. */
const MIN_DISPLAY_HZ = 47;

/**
 * Largest RMS residual of a timestamp from its grid point, as a fraction of the period, for a loop
 * to count as on a grid. Uniformly random phases give 1/√12 ≈ 0.29; ±1 ms uniform jitter at 240 Hz
 * gives 0.14.
 */
const MAX_RMS_RESIDUAL = 0.2;
/** A timestamp farther than this from its grid point (fraction of a period) is left out of the fit. */
const FIT_GATE = 0.3;
/**
 * Weight of each sample in the running mean square residual that watches for a change of display.
 * 1/8 reacts within a handful of frames and averages away single outliers.
 */
const MISMATCH_WEIGHT = 1 / 8;
/**
 * Mean square residual (in periods²) above which the timestamps no longer fit the grid and the
 * measurement restarts. Jitter of ±0.24 period (±1 ms at 240 Hz) averages 0.019 and cannot exceed
 * 0.058; a different display averages ≥ 0.08 (phases spread over the period).
 */
const MISMATCH_LIMIT = 0.05;
/** Squared residual charged for a timestamp that does not advance the grid (a faster loop). */
const NO_ADVANCE_PENALTY = 0.25;

/**
 * Snapping: a known rate is a candidate when within `SNAP_SIGMAS + SMALL_SAMPLE_SIGMAS / (N − 2)`
 * standard errors of the measurement (N frames in the fit; the extra term allows for the residual
 * spread itself being uncertain on few frames, like a t-distribution, and for testing every frame) …
 */
const SNAP_SIGMAS = 4;
const SMALL_SAMPLE_SIGMAS = 40;
/** … or within this fraction of it (displays are rarely exactly nominal; half the 59.94/60 gap) … */
const SNAP_FLOOR = 0.0005;
/** … but never farther than this fraction, however weak the evidence. */
const SNAP_CAP = 0.02;
/**
 * A measured (not snapped) rate, once reported, is kept while new measurements stay within the
 * statistical tolerance of it or this fraction of it: the reported value then settles instead of
 * changing in its last digits every frame (each change re-renders `useRefreshRate` and retunes
 * every smoother). 1e-5 of 60 Hz is 0.0006 Hz: a smoother on it drifts one interval in ~28 min.
 */
const REPORT_FLOOR = 1e-5;
/** The rate must be known to this fraction (3 standard errors) before it is reported as synced. */
const DECISIVE = 0.01;
/** Display rates within this fraction are the same display for `changes` (60 ↔ 59.94 is a refinement). */
const SAME_DISPLAY = 0.002;

/**
 * A fit that follows an unsteady ('unsynced') stretch is reported only after this many frames or
 * this much time: nine random intervals fit some grid by chance now and then; twenty-four do not.
 */
const SKEPTICAL_POINTS = 3 * LOCK_INTERVALS;
const SKEPTICAL_SPAN_MS = 2000;
/** Intervals in a row, each skipping vblanks, before a slow loop on a known display counts as throttled. */
const THROTTLE_RUN = 8;
/** Weight of each interval in the running mean of vblanks per frame while throttled. */
const THROTTLE_WEIGHT = 1 / 4;

/** Backwards timestamps in a row taken as a clock reset (new time origin) instead of glitches. */
const BACKWARDS_LIMIT = 3;

// Slots of the detector's Float64Array of fractional state (see `state` in the factory for why).
/** The last accepted timestamp, ms (NaN before the first). */
const LAST_MS = 0;
/** Timestamp of grid index 0 of the current fit, ms. */
const ORIGIN_MS = 1;
/** Welford running means and co-moments of the fit of x (ms since ORIGIN_MS) against index n. */
const MEAN_N = 2;
const MEAN_X = 3;
const C_NN = 4;
const C_NX = 5;
const C_XX = 6;
/** Timestamp of the last point that joined the fit, ms. */
const LAST_ACCEPTED_MS = 7;
/** Running mean square residual, periods². */
const MEAN_SQUARE_RESIDUAL = 8;
/** Duration of the current run of vblank-skipping intervals, ms. */
const SKIP_RUN_MS = 9;
/** Running mean of vblanks per frame during that run. */
const MEAN_SKIP = 10;
/**
 * Grid index of the last point that joined the fit. Whole, but it comes from Math.round of a
 * double, and V8 boxed it on every store to a closure variable.
 */
const LAST_INDEX = 11;
/** The timestamp (ms) being added to the fit by `acceptPoint`. */
const POINT_MS = 12;
/** Residual variance of the fit, ms², as last computed. */
const RESIDUAL_VARIANCE = 13;
/** Inputs and output of `snap`: the fitted rate and its standard error, Hz; the tolerance; the result. */
const GRID_RATE = 14;
const RATE_ERROR = 15;
const SIGMA_TOLERANCE = 16;
const SNAPPED_RATE = 17;
const STATE_SLOTS = 18;


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
 * **Fields.** `refreshRate` is the last identified display rate, {@link FALLBACK_RATE} (60) until one
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
 * Cost: O(1) per sample while tracking; while measuring or unsynced, one sort of at most
 * `windowSize` intervals per sample. No allocation per sample.
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
  const windowSize = integerAtLeast(OWNER, 'windowSize', withDefault(opts.windowSize, DEFAULT_WINDOW_SIZE), LOCK_INTERVALS);
  // The known rates, ascending, in a typed array: read as unboxed doubles in the per-sample snap.
  const known = Float64Array.from(validRates(withDefault(opts.knownRates, KNOWN_REFRESH_RATES)));

  // Timestamps since the last restart, newest at `head − 1`; `fresh` of them are valid.
  const stamps = new Float64Array(windowSize + 1);
  const ordered = new Float64Array(windowSize + 1);
  const scratch = new Float64Array(windowSize);
  let head = 0;
  let fresh = 0;
  let backwards = 0;

  // Every fractional number that changes per sample lives in this array, at the slot constants
  // above (LAST_MS …). A `let` captured by these closures sits in a V8 context slot, which holds a
  // tagged value: each write of a non-integer double there allocated a fresh HeapNumber (about
  // 470 bytes of garbage per sample in all). A Float64Array slot is written in place. Whole-number
  // counters below stay `let`: small integers are stored unboxed (Smis).
  const state = new Float64Array(STATE_SLOTS);
  state[LAST_MS] = NaN;
  state[MEAN_SKIP] = 1;

  // Online least-squares fit of x = t − ORIGIN_MS against the vblank index n (Welford co-moments
  // MEAN_N, MEAN_X, C_NN, C_NX, C_XX over `fitCount` points).
  let locked = false;
  let fitCount = 0;

  // Throttle tracking on the fitted grid (with SKIP_RUN_MS and MEAN_SKIP).
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

  const estimate: RefreshRateEstimate = {
    refreshRate: FALLBACK_RATE,
    interval: 1000 / FALLBACK_RATE,
    confidence: 0,
    synced: false,
    state: 'measuring',
    throttledRate: 0,
    changes: 0,
  };

  function push(t: number): void {
    stamps[head] = t;
    head = head === windowSize ? 0 : head + 1;
    if (fresh <= windowSize) fresh++;
  }

  /**
   * Copy the valid timestamps into `ordered`, oldest first. The lock search reads them many times;
   * indexing a plain array there keeps its loops free of calls that would return (box) doubles.
   */
  function orderStamps(): void {
    let j = head - fresh;
    if (j < 0) j += windowSize + 1;
    for (let i = 0; i < fresh; i++) {
      ordered[i] = stamps[j]!;
      j = j === windowSize ? 0 : j + 1;
    }
  }

  function notSynced(state: 'measuring' | 'unsynced'): void {
    estimate.state = state;
    estimate.synced = false;
    estimate.confidence = 0;
    estimate.throttledRate = 0;
    estimate.interval = 1000 / estimate.refreshRate;
  }

  /**
   * Drop the fit and measure again from `t`. A lock that broke within a couple of lock lengths was
   * a chance fit on an unsteady loop, so the state returns to 'unsynced' rather than 'measuring'.
   */
  function restart(t: number): void {
    const fleeting = locked && fitCount < 3 * LOCK_INTERVALS;
    locked = false;
    fresh = 0;
    push(t);
    notSynced(fleeting || estimate.state === 'unsynced' ? 'unsynced' : 'measuring');
  }

  /**
   * The timestamp in POINT_MS joins the fit as grid point `n` (a whole number above LAST_INDEX):
   * skip tracking, then the online least-squares update (Welford co-moments of n and x = t − origin).
   */
  function acceptPoint(n: number): void {
    const t = state[POINT_MS]!;
    const k = n - state[LAST_INDEX]!;
    if (k >= 2) {
      const meanSkip = state[MEAN_SKIP]!;
      state[MEAN_SKIP] = skipRun === 0 ? k : meanSkip + (k - meanSkip) * THROTTLE_WEIGHT;
      skipRun++;
      state[SKIP_RUN_MS] = state[SKIP_RUN_MS]! + (t - state[LAST_ACCEPTED_MS]!);
    } else {
      skipRun = 0;
      state[SKIP_RUN_MS] = 0;
      state[MEAN_SKIP] = 1;
    }
    state[LAST_INDEX] = n;
    state[LAST_ACCEPTED_MS] = t;
    fitCount++;
    const x = t - state[ORIGIN_MS]!;
    const dn = n - state[MEAN_N]!;
    const meanN = (state[MEAN_N] = state[MEAN_N]! + dn / fitCount);
    const dx = x - state[MEAN_X]!;
    const meanX = (state[MEAN_X] = state[MEAN_X]! + dx / fitCount);
    state[C_NN] = state[C_NN]! + dn * (n - meanN);
    state[C_NX] = state[C_NX]! + dn * (x - meanX);
    state[C_XX] = state[C_XX]! + dx * (x - meanX);
  }

  /** Try to find a grid in the fresh timestamps; on success the fit is seeded and tracking starts. */
  function tryLock(): void {
    const m = fresh - 1;
    orderStamps();
    const spanMs = ordered[m]! - ordered[0]!;
    if (m < LOCK_INTERVALS && !(m >= SLOW_LOCK_INTERVALS && spanMs >= SLOW_LOCK_SPAN_MS)) {
      notSynced(estimate.state === 'unsynced' ? 'unsynced' : 'measuring');
      return;
    }
    for (let i = 0; i < windowSize; i++) scratch[i] = i < m ? ordered[i + 1]! - ordered[i]! : Infinity;
    scratch.sort();
    let base = scratch[(m - 1) >> 1]!;
    // Dropped frames inflate the median: move down to a cluster of shorter intervals if one exists.
    for (let pass = 0; pass < 4; pass++) {
      let shorter = 0;
      while (shorter < m && scratch[shorter]! < base * (2 / 3)) shorter++;
      if (shorter < 2 || shorter * 4 < m) break;
      base = scratch[(shorter - 1) >> 1]!;
    }
    // Count each interval in vblanks of the base, then refine the base from the totals.
    for (let pass = 0; pass < 2; pass++) {
      let vblanks = 0;
      for (let i = 0; i < m; i++) vblanks += Math.max(1, Math.round((ordered[i + 1]! - ordered[i]!) / base));
      base = spanMs / vblanks;
    }
    if (!(base >= 1000 / MAX_DISPLAY_HZ)) return giveUp();

    decided = false;
    rated = false;
    skeptical = estimate.state === 'unsynced';
    tracked = 0;
    rejected = 0;
    // The oldest timestamp is grid point 0 at x = 0: the fit's first point.
    state[ORIGIN_MS] = state[LAST_ACCEPTED_MS] = ordered[0]!;
    state[LAST_INDEX] = 0;
    fitCount = 1;
    state[MEAN_N] = state[MEAN_X] = state[C_NN] = state[C_NX] = state[C_XX] = 0;
    skipRun = 0;
    state[SKIP_RUN_MS] = 0;
    state[MEAN_SKIP] = 1;
    let n = 0;
    for (let i = 1; i <= m; i++) {
      n += Math.max(1, Math.round((ordered[i]! - ordered[i - 1]!) / base));
      state[POINT_MS] = ordered[i]!;
      acceptPoint(n);
    }
    const period = state[C_NX]! / state[C_NN]!;
    updateResidualVariance();
    const residual = Math.sqrt(state[RESIDUAL_VARIANCE]!) / period;
    if (!(residual <= MAX_RMS_RESIDUAL) || !(period >= 1000 / MAX_DISPLAY_HZ)) return giveUp();
    locked = true;
    state[MEAN_SQUARE_RESIDUAL] = residual * residual;
    classify();
  }

  /** No grid: report unsynced and keep only the latest intervals for the next attempt. */
  function giveUp(): void {
    if (fresh > LOCK_INTERVALS) fresh = LOCK_INTERVALS;
    notSynced('unsynced');
  }

  /** RESIDUAL_VARIANCE = the fit's residual variance, ms² (0 below three points). */
  function updateResidualVariance(): void {
    const cNX = state[C_NX]!;
    const ss = state[C_XX]! - (cNX * cNX) / state[C_NN]!;
    state[RESIDUAL_VARIANCE] = fitCount >= 3 && ss > 0 ? ss / (fitCount - 2) : 0;
  }

  function track(t: number): void {
    const period = state[C_NX]! / state[C_NN]!;
    const intercept = state[MEAN_X]! - period * state[MEAN_N]!;
    const position = (t - state[ORIGIN_MS]! - intercept) / period;
    const n = Math.round(position);
    const offset = position - n;
    // Each branch updates the mean itself. A `squared` variable set to NO_ADVANCE_PENALTY in one
    // branch and to offset² in the other would merge a module constant with a computed double, and
    // V8 boxes such a merge (a module-level constant reads as "any type" in optimised code; the
    // bundler even turns it into a `var`), allocating a HeapNumber per sample.
    let accepted = false;
    let meanSquareResidual = state[MEAN_SQUARE_RESIDUAL]!;
    if (n <= state[LAST_INDEX]!) {
      meanSquareResidual += (NO_ADVANCE_PENALTY - meanSquareResidual) * MISMATCH_WEIGHT;
    } else {
      meanSquareResidual += (offset * offset - meanSquareResidual) * MISMATCH_WEIGHT;
      accepted = Math.abs(offset) <= FIT_GATE;
    }
    state[MEAN_SQUARE_RESIDUAL] = meanSquareResidual;
    if (meanSquareResidual > MISMATCH_LIMIT) {
      restart(t);
      return;
    }
    tracked++;
    if (!accepted) rejected++;
    if (accepted) {
      state[POINT_MS] = t;
      acceptPoint(n);
    }
    classify();
  }

  /** Turn the fit into the estimate. */
  function classify(): void {
    const period = state[C_NX]! / state[C_NN]!;
    const gridRate = 1000 / period;
    updateResidualVariance();
    // Standard error of the slope: residual sd / sqrt(Σ(n − n̄)²), converted to Hz.
    const rateError = (gridRate * Math.sqrt(state[RESIDUAL_VARIANCE]! / state[C_NN]!)) / period;
    const meanSquareResidual = state[MEAN_SQUARE_RESIDUAL]!;
    if (!decided) {
      // Too few frames to tell neighbouring rates apart (165 from 170), or a fresh fit on a loop
      // that was just unsteady (chance fits on a few random intervals are common): keep waiting.
      const imprecise = gridRate >= MIN_DISPLAY_HZ && SNAP_SIGMAS * rateError > DECISIVE * gridRate;
      const unproven =
        skeptical &&
        ((fitCount < SKEPTICAL_POINTS && state[LAST_ACCEPTED_MS]! - state[ORIGIN_MS]! < SKEPTICAL_SPAN_MS) ||
          rejected * 8 > tracked ||
          meanSquareResidual > MAX_RMS_RESIDUAL * MAX_RMS_RESIDUAL);
      if (imprecise || unproven) {
        notSynced(skeptical ? 'unsynced' : 'measuring');
        return;
      }
      decided = true;
    }
    estimate.confidence = Math.min(1, Math.max(0, 1 - Math.sqrt(meanSquareResidual) / MAX_RMS_RESIDUAL));
    if (gridRate < MIN_DISPLAY_HZ) {
      // The loop itself is slow and steady: a throttled loop, the display unknown from it.
      estimate.state = 'throttled';
      estimate.synced = false;
      estimate.throttledRate = gridRate;
      estimate.interval = 1000 / estimate.refreshRate;
      return;
    }
    state[GRID_RATE] = gridRate;
    state[RATE_ERROR] = rateError;
    snap();
    const rate = state[SNAPPED_RATE]!;
    if (!rated) {
      // One fit is one display: only its first rate can be a change; later refinements of the
      // same fit (60 → 59.94, or an off-nominal 60.5 leaving the 60 it was first snapped to) are not.
      rated = true;
      if (displayKnown && Math.abs(rate / estimate.refreshRate - 1) > SAME_DISPLAY) estimate.changes++;
    }
    displayKnown = true;
    estimate.refreshRate = rate;
    estimate.interval = period;
    const skipRunMs = state[SKIP_RUN_MS]!;
    const loopRate = skipRun > 0 ? (1000 * skipRun) / skipRunMs : gridRate;
    if (
      (skipRun >= THROTTLE_RUN || (skipRun >= SLOW_LOCK_INTERVALS && skipRunMs >= SLOW_LOCK_SPAN_MS)) &&
      loopRate < MIN_DISPLAY_HZ
    ) {
      estimate.state = 'throttled';
      estimate.synced = false;
      const meanSkip = state[MEAN_SKIP]!;
      const whole = Math.round(meanSkip);
      estimate.throttledRate = Math.abs(meanSkip - whole) < 0.1 ? rate / whole : rate / meanSkip;
      return;
    }
    estimate.state = 'synced';
    estimate.synced = true;
    estimate.throttledRate = 0;
  }

  /**
   * SNAPPED_RATE = the display rate to report for the measured GRID_RATE and its standard error
   * RATE_ERROR (Hz). Known rates are handled by index: no fractional number crosses a call.
   */
  function snap(): void {
    const measured = state[GRID_RATE]!;
    // The statistical part of the tolerance; `snapsTo` adds the floor and the cap per rate.
    state[SIGMA_TOLERANCE] = (SNAP_SIGMAS + SMALL_SAMPLE_SIGMAS / Math.max(1, fitCount - 2)) * state[RATE_ERROR]!;
    const current = displayKnown ? knownIndexOf() : -1;
    if (current >= 0 && snapsTo(current)) {
      state[SNAPPED_RATE] = known[current]!;
      return;
    }
    let best = -1;
    let bestWhole = false;
    let bestDistance = Infinity;
    for (let i = 0; i < known.length; i++) {
      if (!snapsTo(i)) continue;
      const whole = Number.isInteger(known[i]);
      const distance = Math.abs(measured - known[i]!);
      if ((whole && !bestWhole) || (whole === bestWhole && distance < bestDistance)) {
        best = i;
        bestWhole = whole;
        bestDistance = distance;
      }
    }
    if (best >= 0) {
      state[SNAPPED_RATE] = known[best]!;
      return;
    }
    // No known rate fits: the display is between known rates (a 60.154 Hz panel), and its real
    // rate is what a smoother needs. Keep the rate already reported while the measurement is
    // consistent with it, else report the measurement.
    const reported = estimate.refreshRate;
    const tolerance = Math.max(state[SIGMA_TOLERANCE]!, REPORT_FLOOR * reported);
    state[SNAPPED_RATE] = displayKnown && Math.abs(measured - reported) <= tolerance ? reported : measured;
  }

  /**
   * Whether GRID_RATE snaps to the known rate at `index`: within SIGMA_TOLERANCE, but never
   * closer than SNAP_FLOOR nor farther than SNAP_CAP of the rate.
   */
  function snapsTo(index: number): boolean {
    const rate = known[index]!;
    return (
      Math.abs(state[GRID_RATE]! - rate) <=
      Math.min(Math.max(state[SIGMA_TOLERANCE]!, SNAP_FLOOR * rate), SNAP_CAP * rate)
    );
  }

  /** Index of the current `estimate.refreshRate` among the known rates, or −1. */
  function knownIndexOf(): number {
    const rate = estimate.refreshRate;
    for (let i = 0; i < known.length; i++) if (known[i] === rate) return i;
    return -1;
  }

  function sample(timestampMs: number): RefreshRateEstimate {
    if (!Number.isFinite(timestampMs)) return estimate;
    const lastMs = state[LAST_MS]!;
    if (Number.isNaN(lastMs)) {
      state[LAST_MS] = timestampMs;
      push(timestampMs);
      return estimate;
    }
    const intervalMs = timestampMs - lastMs;
    if (intervalMs <= 0) {
      if (intervalMs < 0 && ++backwards >= BACKWARDS_LIMIT) {
        backwards = 0;
        state[LAST_MS] = timestampMs;
        restart(timestampMs);
      }
      return estimate;
    }
    backwards = 0;
    state[LAST_MS] = timestampMs;
    if (locked) {
      track(timestampMs);
      // A restart inside track() already recorded this timestamp as the first of the new chain.
      if (locked) push(timestampMs);
    } else {
      push(timestampMs);
      tryLock();
    }
    return estimate;
  }

  return {
    sample,
    get estimate() {
      return estimate;
    },
    reset() {
      head = 0;
      fresh = 0;
      state[LAST_MS] = NaN;
      backwards = 0;
      locked = false;
      displayKnown = false;
      estimate.refreshRate = FALLBACK_RATE;
      estimate.changes = 0;
      notSynced('measuring');
    },
  };
}

/** The `knownRates` option: a non-empty array of finite numbers > 0, copied and sorted. */
function validRates(value: unknown): readonly number[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new RangeError(`${OWNER}: option \`knownRates\` must be a non-empty array of rates in Hz, got ${describeValue(value)}`);
  }
  for (const rate of value as unknown[]) {
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) {
      throw new RangeError(`${OWNER}: option \`knownRates\` must hold finite numbers > 0, got ${describeValue(rate)}`);
    }
  }
  return Object.freeze([...(value as number[])].sort((a, b) => a - b));
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an empty array';
  return typeof value === 'number' || value === null || value === undefined ? String(value) : typeof value;
}
