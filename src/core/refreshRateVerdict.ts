/**
 * The refresh-rate detector's verdict: the locked grid turned into the estimate a game reads. A
 * grid snaps to a known display rate; a loop on every k-th vblank is reported at its own rate and
 * grid when that is a display's (a 60 Hz loop on a 120 Hz display reads 60: what the app needs is
 * the loop's grid), and as throttled on the display when it is slower (battery saver's 30 on 60).
 * See docs/browsers.md.
 */
import { refit } from './refreshRateFit.js';
import { LOCK_INTERVALS, preciseEnough, slowLock } from './refreshRateLock.js';
import { steadySkips, vblanksPerFrame, type SkipRun } from './refreshRateSkips.js';
import { singlesOut, snapRate, type SnapQuery } from './refreshRateSnap.js';
import { coarsened, MIN_DISPLAY_HZ } from './refreshRateGrain.js';
import { EVIDENCE_INTERVALS, followGrid } from './refreshRateJitter.js';
import { weighBreaks, type Tracker } from './refreshRateTrack.js';
import type { RefreshRateEstimate, RefreshState } from './types.js';

/* eslint-disable @typescript-eslint/no-duplicate-enum-values */
const enum Verdict {
  /**
   * The lock's largest RMS residual (Lock.MAX_RMS_RESIDUAL), here too: a fractional constant read
   * from another module is a boxed number where the code is not bundled (docs/performance.md).
   */
  MAX_RMS_RESIDUAL = 0.2,
  /** Standard errors (plus 40 / (points − 2) on few points) within which a known rate fits. */
  SNAP_SIGMAS = 4,
  SMALL_SAMPLE_SIGMAS = 40,
  /** Largest tilt (periods over the fit's span) of a re-phase under the fit gate (0.3 × 1.5) … */
  HIDDEN_STEP_TILT = 0.45,
  /** … at most this fraction of the rate (a 60.5 Hz display is not 60). */
  HIDDEN_STEP_CAP = 0.005,
  /** A measured rate once reported is kept while new measurements stay within this fraction of it (it settles). */
  REPORT_FLOOR = 1e-5,
  /** The rate must be known to this fraction (4 standard errors) before it is first reported. */
  DECISIVE = 0.01,
  /** Display rates within this fraction are the same display for `changes` (60 ↔ 59.94 is a refinement). */
  SAME_DISPLAY = 0.002,
  /** A fit after an unsteady stretch must hold SKEPTICAL_POINTS frames or this long (chance fits are common on few). */
  SKEPTICAL_SPAN_MS = 2000,
  /** … longer by the square of the recent breaks up to this many, and in proportion beyond. */
  SQUARED_BREAKS = 2,
  /**
   * … and, fitting looser than QUIET of its mean interval (RMS), up to NOISY times as long by
   * (RMS / QUIET)²: a grid's residuals stay put, while frames at random intervals that fit a grid by
   * chance wander off it as the square root of the frames (docs/browsers.md, "No grid") …
   */
  SKEPTICAL_QUIET = 0.035,
  SKEPTICAL_NOISY = 4,
  /** … and show a grid's jitter: neighbouring intervals' distances from whole periods correlated by −0.2 or less (a grid: −0.5; random intervals: 0). */
  SKEPTICAL_CORRELATION = 0.2,
  /**
   * A fit whose jitter is plainly a grid's (correlated by −0.4 or less) owes the proof of at most
   * SQUARED_BREAKS breaks however many there were: Firefox at 270 Hz lost locks that held 100–200
   * points at re-phases, and the breaks kept it `'variable'` for 1,250 frames. (At −0.3 a gridless
   * WebKitGTK stream's chance grid passed.)
   */
  GRID_CORRELATION = 0.4,
  /**
   * … as does a fit within this RMS residual (periods) that left no point out, on a clock finer
   * than 1 ms: frames at random intervals do not fit a grid that tightly for long, and Firefox's
   * jitter there (correlated by −0.04 to −0.32 at 240 Hz beside a second tab) is not plainly a
   * grid's, so its breaks at start-up kept a 240 Hz grid `'variable'` for 190 frames. (A whole-ms
   * clock rounds gridless frames onto a tight chance grid: WebKitGTK's.)
   */
  TIGHT_RMS = 0.1,
  /**
   * Skipping intervals in a row before a slow loop counts as throttled: STEADY_RUN (167 ms at 30
   * Hz) or STEADY_MIN spanning STEADY_SPAN_MS (a 15 Hz loop) of steady counts after a stream that
   * skipped no vblanks or all, else THROTTLE_RUN.
   */
  STEADY_RUN = 5,
  STEADY_MIN = 3,
  STEADY_SPAN_MS = 200,
  THROTTLE_RUN = 16,
  /**
   * A loop on every k-th vblank is reported at its own rate (when that is a display's) once it has
   * held this long, ms: 10 intervals at 60 Hz, 20 at 120 Hz, 8 at 48 Hz. Counted as 10 intervals
   * whatever the rate, Firefox at 232 Hz under memory pressure, on every second vblank for a few
   * frames at a time, read as a 116 Hz loop again and again (docs/browsers.md). 250 ms is a rate
   * switch's limit: from 190 ms, 144 → 48 Hz took 271.
   */
  COMMON_SPAN_MS = 160,
  /** Held twice as long, and at least this many intervals, the loop's grid becomes the one fitted (a display drifts off the finer one). */
  COARSEN_RUN = 20,
  /**
   * When more than this share of the frames before the run skipped vblanks, and more than this share
   * did not, a loaded page that often takes two vblanks is not yet a loop on every second one: no
   * quick throttled verdict, and twice COMMON_SPAN_MS for a loop of a display's rate.
   */
  BUSY_SHARE = 0.2,
  /** A slow grid's rate snaps to a display's over at most this many vblanks (more: a slow timer, as measured). */
  SLOW_SNAP_VBLANKS = 8,
}
/* eslint-enable @typescript-eslint/no-duplicate-enum-values */

/** A fit after an unsteady stretch must hold this many frames (three locks' worth) or SKEPTICAL_SPAN_MS. */
export const SKEPTICAL_POINTS: number = 3 * LOCK_INTERVALS;

/** What the verdict reads and writes: the estimate, the tracking state, the known rates and a snap query. */
export interface Detection {
  estimate: RefreshRateEstimate;
  track: Tracker;
  known: Float64Array;
  query: SnapQuery;
}

export function setState(estimate: RefreshRateEstimate, next: RefreshState): void {
  estimate.state = next;
  estimate.synced = next === 'synced';
}

/**
 * Turn the fit into the estimate (nothing while the fit is too young to be believed). The grid's
 * rate and its standard error travel in `query.rate` and `query.error` (fields, not arguments: a
 * fractional number passed to a call V8 does not inline is boxed; docs/performance.md).
 */
export function classify(d: Detection): void {
  const s = d.track;
  const fit = s.fit;
  const q = d.query;
  refit(fit);
  const gridRate = 1000 / fit.period;
  q.rate = gridRate;
  q.error = (gridRate * fit.periodError) / fit.period;
  if (!s.decided) {
    if (!decisive(d)) return;
    // The points kept beside the young fit joined it already (refreshRateTrack.ts placeEarly).
    s.decided = true;
    s.pendingCount = 0;
  }
  const estimate = d.estimate;
  followGrid(s.evidence, fit);
  estimate.confidence = Math.max(0, 1 - Math.sqrt(s.meanSquare) / Verdict.MAX_RMS_RESIDUAL);
  if (gridRate < MIN_DISPLAY_HZ) {
    // A grid slower than any display: a throttled loop, at the display's rate over k when that fits
    // (battery saver's grid after a re-phase: 30 on 60, not a young fit's 29.85), else as measured.
    slowLoopRate(d);
    estimate.interval = 1000 / estimate.refreshRate;
    setState(estimate, 'throttled');
    return;
  }
  displayRate(d);
  const rate = s.displayRate;
  const run = s.skips;
  // The loop's usual rate (its own missed frames aside): every k-th vblank of late, else the usual
  // counts of the run; a count of 8 or more is a slow timer (a hidden tab): its mean.
  vblanksPerFrame(run);
  if (run.commonFrames >= Verdict.STEADY_RUN) run.divisor = run.common;
  const loopRate = run.divisor < 8 ? rate / run.divisor : (1000 * run.frames) / run.spanMs;
  const busy = run.shareBefore > Verdict.BUSY_SHARE && run.shareBefore < 1 - Verdict.BUSY_SHARE;
  const steady = (!busy && quickRun(run) && oneCount(run)) || (longRun(run) && steadySkips(run));
  if (run.frames > 0 && steady && loopRate < MIN_DISPLAY_HZ) {
    show(d, 1);
    estimate.throttledRate = rate / run.divisor;
    setState(estimate, 'throttled');
    return;
  }
  const runFrames = Math.ceil((Verdict.COMMON_SPAN_MS * rate) / run.common / 1000) * (busy ? 2 : 1);
  const coarse = run.commonFrames >= runFrames && rate / run.common >= MIN_DISPLAY_HZ;
  show(d, coarse ? run.common : 1);
  estimate.throttledRate = 0;
  setState(estimate, 'synced');
  if (coarse && run.commonFrames >= Math.max(2 * runFrames, Verdict.COARSEN_RUN * (busy ? 2 : 1))) coarsened(s, run.common);
}

/**
 * A run of skipping frames long enough for a quick verdict on a stream that skipped no vblanks (or
 * all) before it: STEADY_RUN frames, or STEADY_MIN frames over STEADY_SPAN_MS (a slow loop).
 */
function quickRun(run: SkipRun): boolean {
  return run.frames >= Verdict.STEADY_RUN || (run.frames >= Verdict.STEADY_MIN && run.spanMs >= Verdict.STEADY_SPAN_MS);
}

/**
 * A quick run is a throttled loop when its frames all took a multiple of one count, steadily; the
 * first may have straddled the change (120 Hz throttled to 30: 2 vblanks, then 4s). A page painting
 * hard takes 2 and 3 by turns: not throttled until it has gone on for THROTTLE_RUN frames.
 */
function oneCount(run: SkipRun): boolean {
  if (run.commonFrames < run.frames - 1) return false;
  return steadySkips(run) || (run.commonFrames >= Verdict.STEADY_RUN && run.commonFrames === run.frames - 1);
}

/** A run of skipping frames long enough to judge its steadiness: THROTTLE_RUN frames, or a second of a slow loop. */
function longRun(run: SkipRun): boolean {
  return run.frames >= Verdict.THROTTLE_RUN || slowLock(run.frames, run.spanMs);
}

/**
 * Whether a young fit may be believed: the rate known well enough to tell neighbouring rates
 * apart, and after an unsteady stretch, a fit that held long enough (longer the more locks broke
 * recently: WebKitGTK's frame clock breaks every few seconds).
 */
function decisive(d: Detection): boolean {
  const s = d.track;
  const q = d.query;
  const fit = s.fit;
  if (q.rate >= MIN_DISPLAY_HZ && Verdict.SNAP_SIGMAS * q.error > Verdict.DECISIVE * q.rate) {
    // Imprecise: a challenger's grid is believed when it singles out one known display rate.
    q.tolerance = Verdict.SNAP_SIGMAS * q.error;
    if (!s.challenged || !singlesOut(d.known, q)) return false;
  }
  if (!preciseEnough(fit)) return false;
  if (!s.skeptical) return true;
  weighBreaks(s);
  const breaks = Math.max(1, s.recentBreaks);
  const spanMs = fit.lastMs - fit.originMs;
  const quietMs = (Verdict.SKEPTICAL_QUIET * spanMs) / Math.max(1, fit.points - 1);
  // The square of the breaks up to two; beyond, twice their number: a busy 240 Hz page that breaks
  // four young locks in its first 0.3 s would otherwise wait 18 times as long for a grid that holds.
  const squared = breaks <= Verdict.SQUARED_BREAKS ? breaks * breaks : Verdict.SQUARED_BREAKS * breaks;
  const gridJitter = s.jitter.lagSum <= -Verdict.GRID_CORRELATION * s.jitter.squareSum;
  const tight = !s.wholeMs && s.rejected === 0 && fit.residualVariance <= Verdict.TIGHT_RMS * Verdict.TIGHT_RMS * fit.period * fit.period;
  const byBreaks = gridJitter || tight ? Math.min(squared, Verdict.SQUARED_BREAKS * Verdict.SQUARED_BREAKS) : squared;
  const proof = Math.max(byBreaks, Math.min(Verdict.SKEPTICAL_NOISY, fit.residualVariance / (quietMs * quietMs)));
  // The last grid believed, at this fit's rate, while the latest frames still jitter as its (locked
  // or not): that grid found again, not a chance fit, which owes no length proof. Firefox beside a
  // painting page re-phases every 10–50 frames at 240 Hz, and its young locks, re-phased before they
  // gave the proof, read `'variable'` for hundreds of frames that jittered as a grid's (docs/browsers.md).
  const e = s.evidence;
  const again = e.count >= EVIDENCE_INTERVALS && e.lagSum <= -Verdict.SKEPTICAL_CORRELATION * e.squareSum && Math.abs(q.rate - 1000 / e.periodMs) <= Verdict.SNAP_SIGMAS * q.error;
  const short = !again && fit.points < SKEPTICAL_POINTS * proof && spanMs < Verdict.SKEPTICAL_SPAN_MS * proof;
  const uncorrelated = s.jitter.lagSum > -Verdict.SKEPTICAL_CORRELATION * s.jitter.squareSum;
  return !(short || uncorrelated || s.rejected * 8 > s.tracked || s.meanSquare > Verdict.MAX_RMS_RESIDUAL * Verdict.MAX_RMS_RESIDUAL);
}

/**
 * A slow grid's loop rate (`query.rate`) into `throttledRate`: a known display rate over k when k
 * times it fits one (k from the display seen, else the fewest vblanks that make a display), else
 * as measured. It writes the estimate rather than return the rate: docs/performance.md.
 */
function slowLoopRate(d: Detection): void {
  const s = d.track;
  const q = d.query;
  const gridRate = q.rate;
  const display = s.displayKnown ? s.displayRate : 0;
  const k = display > 0 ? Math.round(display / gridRate) : Math.ceil(MIN_DISPLAY_HZ / gridRate);
  d.estimate.throttledRate = gridRate;
  if (k < 2 || k > Verdict.SLOW_SNAP_VBLANKS) return;
  q.rate = gridRate * k;
  q.tolerance = k * (Verdict.SNAP_SIGMAS + Verdict.SMALL_SAMPLE_SIGMAS / Math.max(1, s.fit.points - 2)) * q.error;
  q.current = display;
  snapRate(d.known, q);
  if (q.result > 0) d.estimate.throttledRate = q.result / k;
}

/** `track.displayRate` for the grid in `query`: a known rate that fits, else the measurement (kept while consistent). */
function displayRate(d: Detection): void {
  const s = d.track;
  const fit = s.fit;
  const q = d.query;
  const gridRate = q.rate;
  // Statistical tolerance, plus the tilt a re-phase too small to see (under 0.3 period) can give a fit of this span.
  const spanPeriods = Math.max(1, (fit.lastMs - fit.originMs) / fit.period);
  const tolerance = (Verdict.SNAP_SIGMAS + Verdict.SMALL_SAMPLE_SIGMAS / Math.max(1, fit.points - 2)) * q.error;
  const held = s.displayKnown ? s.displayRate : 0;
  q.tolerance = tolerance + gridRate * Math.min(Verdict.HIDDEN_STEP_TILT / spanPeriods, Verdict.HIDDEN_STEP_CAP);
  q.current = held;
  snapRate(d.known, q);
  // No known rate fits: a display between them (60.154 Hz). Keep the rate held while consistent.
  s.displayRate = q.result > 0 ? q.result : held > 0 && Math.abs(gridRate - held) <= Math.max(tolerance, Verdict.REPORT_FLOOR * held) ? held : gridRate;
}

/**
 * Report the display's rate over `common` (a loop on every `common`-th vblank), with its interval.
 * A new fit's first rate, or a loop moving to another count of vblanks, is a change when it
 * differs from the rate reported before; a fit's refinements (60 → 59.94) are not.
 */
function show(d: Detection, common: number): void {
  const s = d.track;
  const estimate = d.estimate;
  const rate = s.displayRate / common;
  if ((!s.rated || common !== s.shownCommon) && s.displayKnown && Math.abs(rate / estimate.refreshRate - 1) > Verdict.SAME_DISPLAY) estimate.changes++;
  s.rated = true;
  s.shownCommon = common;
  s.displayKnown = true;
  estimate.refreshRate = rate;
  estimate.interval = s.fit.period * common;
}
