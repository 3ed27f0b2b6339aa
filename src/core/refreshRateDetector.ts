/**
 * Refresh-rate detection from requestAnimationFrame timestamps alone: the measurement the conclusion
 * of Peter Sundqvist's "Timestepping" asks for ("is vsync on, and at what frequency?"). With vsync,
 * timestamps sit on a grid `t = a + n × P`; the detector fits that grid (refreshRateFit.ts), not the
 * intervals, so a dropped frame skips grid points without changing the estimate. Finding a grid:
 * refreshRateLock.ts; following it through re-phases: refreshRateTrack.ts; the verdict:
 * refreshRateVerdict.ts.
 */
import { KNOWN_REFRESH_RATES } from './knownRefreshRates.js';
import { createLockWindow, fitWindow, LOCK_INTERVALS, FAST_GRID_MS, mostlyOnPeriod, ready, compareIntervals, rephasedResidual, slide, type LockWindow } from './refreshRateLock.js';
import { clearSkips, recordSkip } from './refreshRateSkips.js';
import { createSnapQuery, singlesOut, snapRate } from './refreshRateSnap.js';
import { addEvidence, addInterval, clearJitter } from './refreshRateJitter.js';
import { countBreak, createTracker, place, weighBreaks, type Placed } from './refreshRateTrack.js';
import { classify, setState, SKEPTICAL_POINTS, type Detection } from './refreshRateVerdict.js';
import type { RefreshRateDetector, RefreshRateDetectorOptions, RefreshRateEstimate } from './types.js';
import { checkArgument, checkValue, REFRESH_RATE_RULE, wholeAtLeast, type Rule, type Rules } from './options.js';

export { KNOWN_REFRESH_RATES };

const OWNER = 'createRefreshRateDetector';

/* eslint-disable @typescript-eslint/no-duplicate-enum-values */
/** The detector's tuning (a `const enum`: inlined where used; see docs/performance.md). */
const enum Tuning {
  /** Reported while nothing has been measured yet: the most common display rate. */
  FALLBACK_RATE = 60,
  /** Backwards timestamps in a row taken as a clock reset. */
  BACKWARDS_LIMIT = 3,
  /** A challenger grid's period must differ from the locked one by this fraction (a twin is a refinement) … */
  CHALLENGE_DIFFERENT = 0.01,
  /** … and by this many of its standard errors, and fit as well as the locked grid did (RMS residual, periods: … */
  CHALLENGE_SIGMAS = 4,
  /** The challenger's period must be known to this fraction (4 standard errors), as a first verdict's. */
  DECISIVE = 0.01,
  /** … at most this many times the timestamps' mean distance from the locked grid, or this floor; a window straddling the change fits worse). */
  CHALLENGE_NOISES = 4,
  CHALLENGE_FLOOR = 0.015,
  /** The least RMS residual (ms) a challenger on a whole-millisecond clock is allowed (rounding's own is 0.29): a 50 or 100 Hz grid there, a whole number of ms, reads no noise. */
  WHOLE_MS_RESIDUAL = 0.45,
  /** … and leave at least this many of the window's 8 intervals this far (periods) from whole numbers of the locked period. */
  OFF_WHOLE_INTERVALS = 6,
  OFF_WHOLE = 0.1,
  /** … or drift this far from it (periods) over the window, where one re-phase does not explain it. */
  DRIFT = 0.15,
  /**
   * On a whole-ms clock (Safari, WebKitGTK) the noise is mostly rounding's (up to 0.5 ms at some
   * phases): a drift's residual must pass a bar this many times lower. And the drift must show in
   * the window's first half too, at least this share of it (0.5 when even): else the window
   * straddles the change and its fit mixes both grids (100 → 90 Hz read 93 Hz for 300 ms).
   */
  WHOLE_MS_DRIFT_NOISES = 2,
  EARLY_DRIFT = 0.4,
  /**
   * On a whole-ms clock a drift too slow for nine timestamps to show (144 → 150 Hz: 0.28 ms a frame
   * under 1 ms steps) is tried over this many intervals when the locked grid re-phases or has crept
   * (see track.creep) and the intervals drift from it by more than CHALLENGE_DIFFERENT a period each
   * plus the 1 ms rounding can add (sixteen 6 ms intervals of a 165 Hz grid fit 166.67 Hz
   * exactly); the challenger must fit within rounding's own noise (WHOLE_MS_RESIDUAL).
   */
  LONG_INTERVALS = 16,
  /** A drifting challenger at an unknown rate must fit within this many times the timestamps' mean distance (1.5 of their RMS). */
  TIGHT_NOISES = 2,
  /** No grid for this long (ms), or two lock breaks within seconds: `'variable'`, not a passing `'unsynced'`. */
  VARIABLE_AFTER_MS = 500,
  /**
   * Before the first grid, `'measuring'` lasts until this many windows fit none, or VARIABLE_AFTER_MS:
   * a page's first frames are irregular (Firefox's first 8 often span 100 ms), and a verdict of no
   * grid from them held a jittery 280 Hz stream at `'variable'` for 200 frames.
   */
  MISFITS = 16,
  /** While measuring, a lock on frames of more than this many vblanks each must prove itself (see tryLock). */
  FAINT_VBLANKS = 2,
}
/* eslint-enable @typescript-eslint/no-duplicate-enum-values */

/** The detector's state: the verdict's inputs plus the window a lock is searched in. */
interface DetectorState extends Detection {
  window: LockWindow;
  /** The latest LOCK_INTERVALS + 1 timestamps, locked or not, oldest first: the challenger's first test reads them in place. */
  recent: LockWindow;
  /** On a whole-ms clock, the latest Tuning.LONG_INTERVALS + 1 timestamps (see LONG_INTERVALS). */
  longRecent: LockWindow;
  /** The challenger grid's window: a copy of `recent` or `longRecent` (a fit may drop its first timestamp). */
  challenge: LockWindow;
}

const RULES: Rules<{ windowSize: number; knownRates: unknown }> = {
  windowSize: wholeAtLeast(LOCK_INTERVALS, LOCK_INTERVALS),
  knownRates: { accepts: () => true, expected: '' } as Rule<unknown>,
};
const OPTION_NAMES = Object.keys(RULES);

/**
 * Create a refresh-rate detector. Feed it every frame's timestamp (ms); it returns one reused
 * {@link RefreshRateEstimate}: the display rate snapped to a known rate (59.94, 60, 144 …) or as
 * measured when none fits, and whether the loop is `'synced'`, `'throttled'` (30 Hz battery saver,
 * a 1 Hz hidden tab), `'variable'` (frames that fit no grid: variable refresh rate, a frame clock
 * that is not vsync) or `'unsynced'` (the grid was just lost). A re-phase of the vsync timer keeps
 * the estimate; a change of display or of the browser's throttling is followed within 250 ms. How it
 * works, what it was measured on and its limits: docs/browsers.md. No allocation per sample.
 *
 * @throws RangeError naming `windowSize` (a whole number ≥ 8) or `knownRates` (an array of finite
 *   numbers > 0).
 * @example
 * ```ts
 * const { refreshRate, synced } = detector.sample(now); // e.g. 59.94, true
 * ```
 */
export function createRefreshRateDetector(options?: RefreshRateDetectorOptions): RefreshRateDetector {
  // `windowSize` is checked but unused: a lock reads at most LOCK_INTERVALS + 1 timestamps whatever it says.
  const opts = checkArgument(OWNER, options, false, RULES, OPTION_NAMES);
  const d: DetectorState = {
    estimate: {
      refreshRate: Tuning.FALLBACK_RATE,
      interval: 1000 / Tuning.FALLBACK_RATE,
      confidence: 0,
      synced: false,
      state: 'measuring',
      throttledRate: 0,
      changes: 0,
    },
    track: createTracker(),
    known: validRates(opts.knownRates === undefined ? KNOWN_REFRESH_RATES : opts.knownRates),
    query: createSnapQuery(),
    window: createLockWindow(),
    recent: createLockWindow(),
    longRecent: createLockWindow(Tuning.LONG_INTERVALS),
    challenge: createLockWindow(Tuning.LONG_INTERVALS),
  };
  return {
    sample: (timestampMs) => sample(d, timestampMs),
    estimate: d.estimate,
    reset: () => reset(d),
  };
}

function sample(d: DetectorState, timestampMs: number): RefreshRateEstimate {
  const s = d.track;
  if (!Number.isFinite(timestampMs)) return d.estimate;
  const intervalMs = timestampMs - s.lastMs;
  if (intervalMs <= 0) {
    // A repeat or a stray backwards timestamp is ignored; several in a row are a clock reset.
    if (intervalMs === 0 || ++s.backwards < Tuning.BACKWARDS_LIMIT) return d.estimate;
    unlock(d);
    d.recent.count = d.longRecent.count = 0;
  }
  s.backwards = 0;
  if (!(s.firstMs <= timestampMs)) s.firstMs = timestampMs;
  if (s.wholeMs && timestampMs !== Math.round(timestampMs)) s.wholeMs = false;
  s.lastMs = timestampMs;
  s.jitter.intervalMs = s.evidence.intervalMs = intervalMs;
  addEvidence(s.evidence);
  keepRecent(d.recent, timestampMs);
  if (s.wholeMs) keepRecent(d.longRecent, timestampMs);
  if (s.locked) track(d, timestampMs);
  // Not `else`: a change of display seen by track() unlocked, and this timestamp starts anew.
  if (!s.locked) {
    d.window.stamps[d.window.count++] = timestampMs;
    tryLock(d);
  }
  return d.estimate;
}

/** Keep `t` among the latest timestamps the window holds (plain moves: cheaper than a ring's index arithmetic when read in order every frame). */
function keepRecent(r: LockWindow, t: number): void {
  if (r.count === r.stamps.length) {
    for (let i = 1; i < r.count; i++) r.stamps[i - 1] = r.stamps[i]!;
    r.count--;
  }
  r.stamps[r.count++] = t;
}

/** Place a timestamp on the locked grid; a grid that stopped fitting gives way to a challenger, or ends. */
function track(d: DetectorState, t: number): void {
  const s = d.track;
  s.jitter.periodMs = s.fit.period;
  addInterval(s.jitter);
  const placed = place(s, t, d.known);
  if (placed === 'restart') return restart(d);
  if (challenge(d, placed)) return classify(d);
  if (placed === 'lost') return unlock(d);
  classify(d);
}

/** Find a grid in the window; on success the fit is seeded and tracking starts. */
function tryLock(d: DetectorState): void {
  const w = d.window;
  if (!ready(w)) return;
  if (!fitWindow(d.track.fit, w, d.known)) {
    slide(w);
    // A lost grid not found again at once: the next lock must prove itself.
    d.track.trusted = false;
    // A loop faster than 400 Hz that fits no known rate has no grid to wait for.
    d.track.misfits += w.stamps[w.count - 1]! - w.stamps[0]! < (w.count - 1) * FAST_GRID_MS ? Tuning.MISFITS : 1;
    return noGrid(d);
  }
  const state = d.estimate.state;
  // After 'variable' (no grid for a while) every lock must prove itself, whatever held before it.
  // Before any verdict, a window whose frames took more than FAINT_VBLANKS each shows its grid faintly
  // (a finer grid fits too: 247 Hz on a busy 200 Hz page): after a misfit, prove it as after a lost grid.
  const faint = state === 'measuring' && d.track.misfits > 0 && w.indices[w.count - 1]! - w.indices[0]! > Tuning.FAINT_VBLANKS * (w.count - 1);
  startTracking(d, w, faint || state === 'variable' || (state === 'unsynced' && !d.track.trusted));
  classify(d);
}

/**
 * The latest timestamps fit a grid of another period than the locked one (a change of display, or
 * the browser's throttling ending): that grid takes over at once, without a gap in the verdict.
 * Tried every frame; most frames leave at the first test, a few divisions. When the locked grid
 * was just `lost`, the latest timestamps need not show how they left it.
 */
function challenge(d: DetectorState, placed: Placed): boolean {
  const lost = placed === 'lost';
  const s = d.track;
  const r = d.recent;
  // Only a grid believed is challenged (a chance fit on a frame clock without vsync simply ends).
  if (!s.decided || r.count < LOCK_INTERVALS + 1) return false;
  // The timestamps' noise on the locked grid (periods): a challenger must fit about as well (a window straddling the change does not).
  const noise = (Tuning.CHALLENGE_NOISES * s.noiseMs) / s.fit.period;
  r.periodMs = s.fit.period;
  r.gate = Math.max(Tuning.OFF_WHOLE, Math.SQRT2 * noise);
  compareIntervals(r);
  // Another grid shows in (nearly) every interval, or drifts away steadily (a period a few percent
  // off); a re-phase of the locked one shows in one interval (it would tilt a fit of nine timestamps by up to 8 %).
  const another = r.offWhole >= Tuning.OFF_WHOLE_INTERVALS;
  // On a whole-ms clock: see WHOLE_MS_DRIFT_NOISES and EARLY_DRIFT.
  const steadily = !s.wholeMs || r.earlyDrift * r.drift >= Tuning.EARLY_DRIFT * r.drift * r.drift;
  const drifting = Math.abs(r.drift) > Math.max(Tuning.DRIFT, Math.SQRT2 * noise) && steadily && rephasedResidual(r) > Math.max(Tuning.CHALLENGE_FLOOR, s.wholeMs ? noise / Tuning.WHOLE_MS_DRIFT_NOISES : noise);
  // On a whole-ms clock, when the locked grid re-phases (or has re-phased the same way after a short
  // segment: a creep's first step), a drift too slow for nine timestamps is looked for over more.
  const long = !another && !drifting && !lost && s.wholeMs && (s.creep !== 0 || placed === 'rephased') && slowDrift(d);
  if (!another && !drifting && !lost && !long) return false;
  const w = d.challenge;
  const source = long ? d.longRecent : r;
  for (let i = 0; i < source.count; i++) w.stamps[i] = source.stamps[i]!;
  w.count = source.count;
  if (!fitWindow(s.challenger, w, d.known)) return false;
  const allowedMs = long ? Tuning.WHOLE_MS_RESIDUAL : Math.max(Tuning.CHALLENGE_FLOOR * s.challenger.period, noise * s.fit.period, s.wholeMs ? Tuning.WHOLE_MS_RESIDUAL : 0);
  if (w.residual > allowedMs / s.challenger.period) return false;
  // The loop's own grid: consecutive frames on consecutive vblanks (one missed at most), not a finer
  // grid forced by a timestamp from before the change.
  if (w.indices[w.count - 1]! - w.indices[0]! > w.count) return false;
  const differenceMs = Math.abs(s.challenger.period - s.fit.period);
  if (differenceMs <= Math.max(Tuning.CHALLENGE_DIFFERENT * s.fit.period, Tuning.CHALLENGE_SIGMAS * s.challenger.periodError)) return false;
  // Precise enough to be reported at once, or singling out one known rate (a window half across the change is neither: the next one is).
  if (Tuning.CHALLENGE_SIGMAS * s.challenger.periodError > Tuning.DECISIVE * s.challenger.period && !knownRate(d, true)) return false;
  // A re-phase that is no creep moves to a known display rate only (WebKitGTK's frame clock has quiet
  // stretches that fit 61.6 Hz over sixteen intervals).
  if (long && s.creep === 0 && !knownRate(d, true)) return false;
  // A drift alone moves to a known display rate, or to a grid that fits as tightly as the locked one
  // did (a few re-phases the same way can tilt nine timestamps too, but do not fit a line).
  if (!another && w.residual > (Tuning.TIGHT_NOISES * s.noiseMs) / s.challenger.period && !knownRate(d, false)) return false;
  // And on a fine clock, not when most intervals sit nearer the locked grid than the new one: Firefox
  // behind a tab re-phased three times the same way within nine frames, and their fit (117.6 Hz,
  // snapped to 119.88) held a 134 Hz stream for 140 frames. On a whole-ms clock rounding hides a
  // change of a few percent in every interval (144 → 150 Hz) and the drift alone must tell.
  w.periodMs = s.challenger.period;
  if (!another && !lost && !s.wholeMs && mostlyOnPeriod(r, w)) return false;
  const fit = s.fit;
  s.fit = s.challenger;
  s.challenger = fit;
  startTracking(d, w, s.skeptical);
  s.challenged = true;
  return true;
}

/** On a whole-ms clock: the latest LONG_INTERVALS intervals drift off the locked grid by more than CHALLENGE_DIFFERENT a period each. */
function slowDrift(d: DetectorState): boolean {
  const l = d.longRecent;
  if (l.count < l.stamps.length) return false;
  l.periodMs = d.track.fit.period;
  l.gate = Tuning.OFF_WHOLE;
  compareIntervals(l);
  // Beyond the 1 ms that rounding alone can add over the window (sixteen 6 ms intervals of 165 Hz).
  return Math.abs(l.drift) > Tuning.LONG_INTERVALS * Tuning.CHALLENGE_DIFFERENT + 1 / l.periodMs;
}

/** Whether the challenger's rate is a known display rate within its standard errors (`only`: and no other one). */
function knownRate(d: DetectorState, only: boolean): boolean {
  const fit = d.track.challenger;
  const q = d.query;
  q.rate = 1000 / fit.period;
  q.error = (q.rate * fit.periodError) / fit.period;
  q.tolerance = Tuning.CHALLENGE_SIGMAS * q.error;
  q.current = 0;
  if (only) return singlesOut(d.known, q);
  snapRate(d.known, q);
  return q.result > 0;
}

/** A grid was found in `w` (now in `track.fit`): tracking starts from its timestamps. */
function startTracking(d: DetectorState, w: LockWindow, skeptical: boolean): void {
  const s = d.track;
  s.locked = true;
  s.decided = s.rated = s.challenged = false;
  s.skeptical = skeptical;
  s.tracked = s.rejected = 0;
  s.pendingCount = s.overLimit = s.advancing = s.recentOffset = s.creep = s.backToBack = s.quickRun = 0;
  s.meanSquare = w.residual * w.residual;
  // Mean distance of a normal spread: 0.8 of its RMS.
  s.noiseMs = 0.8 * Math.sqrt(s.fit.residualVariance);
  clearSkips(s.skips);
  clearJitter(s.jitter);
  s.jitter.periodMs = s.fit.period;
  for (let i = 1; i < w.count; i++) {
    s.skips.intervalMs = s.jitter.intervalMs = w.stamps[i]! - w.stamps[i - 1]!;
    addInterval(s.jitter);
    recordSkip(s.skips, (w.indices[i]! - w.indices[i - 1]!) | 0);
  }
  w.count = 0;
}

/** A young fit re-phased before its first verdict: a new lock is sought from the re-phased points on. */
function restart(d: DetectorState): void {
  const s = d.track;
  s.locked = false;
  const w = d.window;
  w.count = s.pendingCount;
  for (let i = 0; i < w.count; i++) w.stamps[i] = s.pendingMs[i]!;
  s.pendingCount = 0;
}

/**
 * Drop the fit. A believed grid that held is lost (`'unsynced'`, and the next lock is believed as
 * soon as it is precise). A lock that broke within SKEPTICAL_POINTS frames was a chance fit, and a
 * second break within seconds means no grid holds (a frame clock that is not vsync): the next lock
 * must prove itself for longer.
 */
function unlock(d: DetectorState): void {
  const s = d.track;
  const fleeting = s.locked && s.fit.points < SKEPTICAL_POINTS;
  const held = s.locked && s.decided && !fleeting;
  if (s.locked) countBreak(s);
  else weighBreaks(s);
  s.trusted = held && s.recentBreaks < 2 && d.estimate.state !== 'variable';
  if (held) s.gridLostMs = s.lastMs;
  s.locked = false;
  d.window.count = 0;
  if (d.estimate.state === 'measuring' && !fleeting) notSynced(d, 'measuring');
  else noGrid(d);
}

/**
 * No grid holds: `'unsynced'` for a while after a believed grid was lost, `'variable'` when there
 * never was one, when none has returned for VARIABLE_AFTER_MS, or when locks keep breaking.
 */
function noGrid(d: DetectorState): void {
  const s = d.track;
  weighBreaks(s);
  // No grid yet within the first VARIABLE_AFTER_MS: still measuring (a page's first frames are irregular).
  if (d.estimate.state === 'measuring' && s.lastMs - s.firstMs < Tuning.VARIABLE_AFTER_MS && s.misfits < Tuning.MISFITS) return notSynced(d, 'measuring');
  const lost = s.lastMs - s.gridLostMs < Tuning.VARIABLE_AFTER_MS && s.recentBreaks < 2;
  notSynced(d, lost ? 'unsynced' : 'variable');
}

function notSynced(d: DetectorState, next: 'measuring' | 'unsynced' | 'variable'): void {
  const estimate = d.estimate;
  setState(estimate, next);
  estimate.throttledRate = 0;
  estimate.confidence = 0;
  estimate.interval = 1000 / estimate.refreshRate;
}

function reset(d: DetectorState): void {
  const s = d.track;
  s.lastMs = NaN;
  s.firstMs = NaN;
  s.misfits = 0;
  s.gridLostMs = NaN;
  s.backwards = 0;
  s.locked = false;
  s.displayKnown = false;
  s.breaks = 0;
  s.wholeMs = true;
  d.recent.count = d.longRecent.count = 0;
  s.shownCommon = 1;
  s.evidence.periodMs = 0;
  s.trusted = false;
  d.window.count = 0;
  d.estimate.refreshRate = Tuning.FALLBACK_RATE;
  d.estimate.changes = 0;
  notSynced(d, 'measuring');
}

/** The `knownRates` option: a non-empty array of finite numbers > 0, copied and sorted. */
function validRates(value: unknown): Float64Array {
  if (Array.isArray(value) && value.length > 0) return Float64Array.from(value, (rate: unknown) => checkValue(OWNER, 'option', 'knownRates', rate, REFRESH_RATE_RULE)).sort();
  throw new RangeError(
    `${OWNER}: option \`knownRates\` must be a non-empty array of rates (Hz), got ${Array.isArray(value) ? 'an empty array' : value === null || typeof value === 'number' ? value : typeof value}`,
  );
}
