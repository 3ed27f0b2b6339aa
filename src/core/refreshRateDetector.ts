/**
 * Refresh-rate detection from requestAnimationFrame timestamps alone: the measurement seed 001's
 * conclusion (A) asks for ("is vsync on, and at what frequency?").
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
 * An identified known rate is kept while the measurement stays within this fraction of it and no
 * other known rate fits: a display between known rates is rare, a run of unlucky jitter is not.
 */
const KEEP_BAND = 0.005;
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

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

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
 * **Numbers** (simulated, jitter uniform on each timestamp, seeded; see the tests and README):
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
  const opts = optionsObject(OWNER, options, false);
  const windowSize = integerAtLeast(OWNER, 'windowSize', withDefault(opts.windowSize, DEFAULT_WINDOW_SIZE), LOCK_INTERVALS);
  const knownRates = validRates(withDefault(opts.knownRates, KNOWN_REFRESH_RATES));

  // Timestamps since the last restart, newest at `head − 1`; `fresh` of them are valid.
  const stamps = new Float64Array(windowSize + 1);
  const scratch = new Float64Array(windowSize);
  let head = 0;
  let fresh = 0;
  let last = NaN;
  let backwards = 0;

  // Online least-squares fit of x = t − origin against the vblank index n (Welford co-moments).
  let locked = false;
  let origin = 0;
  let fitCount = 0;
  let meanN = 0;
  let meanX = 0;
  let cNN = 0;
  let cNX = 0;
  let cXX = 0;
  let lastIndex = 0;
  let lastAcceptedMs = 0;
  let meanSquareResidual = 0;

  // Throttle tracking on the fitted grid.
  let skipRun = 0;
  let skipRunMs = 0;
  let meanSkip = 1;

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

  /** The i-th oldest valid timestamp (0 = oldest). */
  function stampAt(i: number): number {
    let j = head - fresh + i;
    if (j < 0) j += windowSize + 1;
    return stamps[j]!;
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

  function addPoint(n: number, x: number): void {
    fitCount++;
    const dn = n - meanN;
    meanN += dn / fitCount;
    const dx = x - meanX;
    meanX += dx / fitCount;
    cNN += dn * (n - meanN);
    cNX += dn * (x - meanX);
    cXX += dx * (x - meanX);
  }

  /** Try to find a grid in the fresh timestamps; on success the fit is seeded and tracking starts. */
  function tryLock(): void {
    const m = fresh - 1;
    const spanMs = stampAt(m) - stampAt(0);
    if (m < LOCK_INTERVALS && !(m >= SLOW_LOCK_INTERVALS && spanMs >= SLOW_LOCK_SPAN_MS)) {
      notSynced(estimate.state === 'unsynced' ? 'unsynced' : 'measuring');
      return;
    }
    for (let i = 0; i < windowSize; i++) scratch[i] = i < m ? stampAt(i + 1) - stampAt(i) : Infinity;
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
      for (let i = 0; i < m; i++) vblanks += Math.max(1, Math.round((stampAt(i + 1) - stampAt(i)) / base));
      base = spanMs / vblanks;
    }
    if (!(base >= 1000 / MAX_DISPLAY_HZ)) return giveUp();

    origin = stampAt(0);
    decided = false;
    rated = false;
    skeptical = estimate.state === 'unsynced';
    tracked = 0;
    rejected = 0;
    fitCount = meanN = meanX = cNN = cNX = cXX = 0;
    skipRun = 0;
    skipRunMs = 0;
    meanSkip = 1;
    let n = 0;
    addPoint(0, 0);
    for (let i = 1; i <= m; i++) {
      const intervalMs = stampAt(i) - stampAt(i - 1);
      const k = Math.max(1, Math.round(intervalMs / base));
      n += k;
      addPoint(n, stampAt(i) - origin);
      trackSkips(k, intervalMs);
    }
    const period = cNX / cNN;
    const residual = Math.sqrt(residualVariance()) / period;
    if (!(residual <= MAX_RMS_RESIDUAL) || !(period >= 1000 / MAX_DISPLAY_HZ)) return giveUp();
    locked = true;
    lastIndex = n;
    lastAcceptedMs = stampAt(m);
    meanSquareResidual = residual * residual;
    classify();
  }

  /** No grid: report unsynced and keep only the latest intervals for the next attempt. */
  function giveUp(): void {
    if (fresh > LOCK_INTERVALS) fresh = LOCK_INTERVALS;
    notSynced('unsynced');
  }

  function residualVariance(): number {
    if (fitCount < 3) return 0;
    const ss = cXX - (cNX * cNX) / cNN;
    return ss > 0 ? ss / (fitCount - 2) : 0;
  }

  function trackSkips(k: number, intervalMs: number): void {
    if (k >= 2) {
      meanSkip = skipRun === 0 ? k : meanSkip + (k - meanSkip) * THROTTLE_WEIGHT;
      skipRun++;
      skipRunMs += intervalMs;
    } else {
      skipRun = 0;
      skipRunMs = 0;
      meanSkip = 1;
    }
  }

  function track(t: number): void {
    const period = cNX / cNN;
    const intercept = meanX - period * meanN;
    const x = t - origin;
    const position = (x - intercept) / period;
    const n = Math.round(position);
    const offset = position - n;
    let squared: number;
    let accepted = false;
    if (n <= lastIndex) {
      squared = NO_ADVANCE_PENALTY;
    } else {
      squared = offset * offset;
      accepted = Math.abs(offset) <= FIT_GATE;
    }
    meanSquareResidual += (squared - meanSquareResidual) * MISMATCH_WEIGHT;
    if (meanSquareResidual > MISMATCH_LIMIT) {
      restart(t);
      return;
    }
    tracked++;
    if (!accepted) rejected++;
    if (accepted) {
      trackSkips(n - lastIndex, t - lastAcceptedMs);
      lastIndex = n;
      lastAcceptedMs = t;
      addPoint(n, x);
    }
    classify();
  }

  /** Turn the fit into the estimate. */
  function classify(): void {
    const period = cNX / cNN;
    const gridRate = 1000 / period;
    // Standard error of the slope: residual sd / sqrt(Σ(n − n̄)²), converted to Hz.
    const rateError = (gridRate * Math.sqrt(residualVariance() / cNN)) / period;
    if (!decided) {
      // Too few frames to tell neighbouring rates apart (165 from 170), or a fresh fit on a loop
      // that was just unsteady (chance fits on a few random intervals are common): keep waiting.
      const imprecise = gridRate >= MIN_DISPLAY_HZ && SNAP_SIGMAS * rateError > DECISIVE * gridRate;
      const unproven =
        skeptical &&
        ((fitCount < SKEPTICAL_POINTS && lastAcceptedMs - origin < SKEPTICAL_SPAN_MS) ||
          rejected * 8 > tracked ||
          meanSquareResidual > MAX_RMS_RESIDUAL * MAX_RMS_RESIDUAL);
      if (imprecise || unproven) {
        notSynced(skeptical ? 'unsynced' : 'measuring');
        return;
      }
      decided = true;
    }
    estimate.confidence = clamp01(1 - Math.sqrt(meanSquareResidual) / MAX_RMS_RESIDUAL);
    if (gridRate < MIN_DISPLAY_HZ) {
      // The loop itself is slow and steady: a throttled loop, the display unknown from it.
      estimate.state = 'throttled';
      estimate.synced = false;
      estimate.throttledRate = gridRate;
      estimate.interval = 1000 / estimate.refreshRate;
      return;
    }
    const rate = snap(gridRate, rateError);
    if (!rated) {
      // One fit is one display: only its first rate can be a change; later refinements of the
      // same fit (60 → 59.94, or an off-nominal 60.5 leaving the 60 it was first snapped to) are not.
      rated = true;
      if (displayKnown && Math.abs(rate / estimate.refreshRate - 1) > SAME_DISPLAY) estimate.changes++;
    }
    displayKnown = true;
    estimate.refreshRate = rate;
    estimate.interval = period;
    const loopRate = skipRun > 0 ? (1000 * skipRun) / skipRunMs : gridRate;
    if (
      (skipRun >= THROTTLE_RUN || (skipRun >= SLOW_LOCK_INTERVALS && skipRunMs >= SLOW_LOCK_SPAN_MS)) &&
      loopRate < MIN_DISPLAY_HZ
    ) {
      estimate.state = 'throttled';
      estimate.synced = false;
      const whole = Math.round(meanSkip);
      estimate.throttledRate = Math.abs(meanSkip - whole) < 0.1 ? rate / whole : rate / meanSkip;
      return;
    }
    estimate.state = 'synced';
    estimate.synced = true;
    estimate.throttledRate = 0;
  }

  /** The reported display rate for a measured rate and its standard error (Hz). */
  function snap(measured: number, error: number): number {
    const sigmas = SNAP_SIGMAS + SMALL_SAMPLE_SIGMAS / Math.max(1, fitCount - 2);
    const within = (rate: number): boolean =>
      Math.abs(measured - rate) <= Math.min(Math.max(sigmas * error, SNAP_FLOOR * rate), SNAP_CAP * rate);
    const current = displayKnown && isKnown(estimate.refreshRate) ? estimate.refreshRate : NaN;
    if (within(current)) return current;
    let best = NaN;
    let bestWhole = false;
    let bestDistance = Infinity;
    for (const rate of knownRates) {
      if (!within(rate)) continue;
      const whole = Number.isInteger(rate);
      const distance = Math.abs(measured - rate);
      if ((whole && !bestWhole) || (whole === bestWhole && distance < bestDistance)) {
        best = rate;
        bestWhole = whole;
        bestDistance = distance;
      }
    }
    if (!Number.isNaN(best)) return best;
    return Math.abs(measured / current - 1) <= KEEP_BAND ? current : measured;
  }

  function isKnown(rate: number): boolean {
    for (const known of knownRates) if (known === rate) return true;
    return false;
  }

  function sample(timestampMs: number): RefreshRateEstimate {
    if (!Number.isFinite(timestampMs)) return estimate;
    if (Number.isNaN(last)) {
      last = timestampMs;
      push(timestampMs);
      return estimate;
    }
    const intervalMs = timestampMs - last;
    if (intervalMs <= 0) {
      if (intervalMs < 0 && ++backwards >= BACKWARDS_LIMIT) {
        backwards = 0;
        last = timestampMs;
        restart(timestampMs);
      }
      return estimate;
    }
    backwards = 0;
    last = timestampMs;
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
      last = NaN;
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
