/**
 * The refresh-rate detector's tracking state: each timestamp after the lock is placed on the
 * fitted grid, held back a few frames, and then joins the fit, starts a new segment (a re-phase:
 * the grid shifted, the period stayed) or, when it fits no grid for several frames, ends the lock.
 */
import { addPoint, createGridFit, newSegment, type GridFit } from './refreshRateFit.js';
import { finerDivisor, MIN_DISPLAY_HZ, quickerLoop, subdivided } from './refreshRateGrain.js';
import { createGridEvidence, createIntervalJitter, type GridEvidence, type IntervalJitter } from './refreshRateJitter.js';
import { createSkipRun, recordSkip, type SkipRun } from './refreshRateSkips.js';

/* eslint-disable @typescript-eslint/no-duplicate-enum-values */
const enum Track {
  /** Points held back before they join the fit: a re-phase shows as this many shifted in a row. */
  PENDING = 4,
  /** A point farther than this from its grid point (periods) is left out of the fit. */
  FIT_GATE = 0.3,
  /** Weight of each sample in the running mean square residual that watches for a change of display. */
  MISMATCH_WEIGHT = 1 / 8,
  /** Mean square residual (periods²) above which the points no longer fit the grid (jitter ≤ 0.058). */
  MISMATCH_LIMIT = 0.05,
  /** Samples in a row over the limit, with no re-phase seen, before the lock ends. */
  MISMATCH_PATIENCE = 6,
  /** Points a fit needs before it is given that patience (a chance fit on a random loop is not). */
  PATIENT_POINTS = 8,
  /** Squared residual charged for a timestamp that does not advance the grid (a faster loop). */
  NO_ADVANCE_PENALTY = 0.25,
  /** A re-phase: the held points sit within CLUSTER of one another, shifted by at least this much … */
  SHIFT_MIN = 0.1,
  /** … and by this many standard errors of their mean (the timestamps' jitter / √PENDING) … */
  SHIFT_SIGMAS = 5,
  /** … after at least this many points on the segment before: re-phases are rare, a random walk is not. */
  SEGMENT_MIN = 4,
  CLUSTER = 0.25,
  /** A re-phase's shift must be this many times the running mean offset before it (a step, not a creep) … */
  STEP_RATIO = 2,
  /** … whose weight per point is this. */
  RECENT_WEIGHT = 1 / 4,
  /** Creeping re-phases in a row that end the lock: each under CREEP_SHIFT, after under CREEP_POINTS points. */
  CREEP_RUN = 4,
  CREEP_SHIFT = 0.2,
  CREEP_POINTS = 16,
  BREAK_HALF_LIFE_MS = 10000,
  /** Weight of each joining point in the running noise, and the most it counts (times the noise so far). */
  NOISE_WEIGHT = 1 / 32,
  NOISE_CLIP = 3,
  /** The noise the clip scales is at least this (ms): a noise read as 0 (nine whole-millisecond timestamps that fit exactly) must still grow to the rounding's. */
  NOISE_FLOOR_MS = 0.01,
  /** On a whole-ms clock (Safari, WebKitGTK) a re-phase shifts by more (ms): rounding's 1 ms, plus a period read slightly off. */
  WHOLE_MS_SHIFT = 1.5,
  /** … and a creep's shifts (ms) and segments (points) are longer there: 170 → 165 Hz re-phases by 1.6–2.6 ms every 10–20 frames. */
  WHOLE_MS_CREEP = 3,
  WHOLE_MS_CREEP_POINTS = 32,
}
/* eslint-enable @typescript-eslint/no-duplicate-enum-values */

export interface Tracker {
  fit: GridFit;
  locked: boolean;
  decided: boolean;
  /** The fit came from a challenger (a change of display): its rate is reported once it singles out a known one. */
  challenged: boolean;
  rated: boolean;
  skeptical: boolean;
  displayKnown: boolean;
  /** Backwards timestamps in a row. */
  backwards: number;
  /** Timestamps tracked since the lock, and how many were left out of the fit. */
  tracked: number;
  rejected: number;
  /** The last accepted timestamp and the first since the start or a reset, ms (NaN before the first), and the windows since then that fit no grid (while `'measuring'`). */
  lastMs: number;
  firstMs: number;
  misfits: number;
  /** Running mean square residual, periods², and samples in a row over the limit. */
  meanSquare: number;
  overLimit: number;
  /** Samples in a row that advanced the grid (a re-phase needs all its held points to). */
  advancing: number;
  /** Running mean of the offsets of the points that joined the fit: a re-phase is a step from near 0, not a creep. */
  recentOffset: number;
  /** Running mean distance (ms) from the grid of the points that joined it while it fit: the timestamps' noise, which neither a re-phase's new segment nor a change of display inflates (a challenger grid is held to it). */
  noiseMs: number;
  /** Small re-phases in a row the same way after short segments (`creep` of them, signed): a grid of another period creeping (120 → 60.5 Hz reads as 120 with every other frame dropped), not re-phases. */
  creep: number;
  /** Re-phases in a row, each before a point joined the segment the one before started (hold). */
  backToBack: number;
  /** Every timestamp so far was a whole number of ms: the clock rounds to 1 ms (Safari, WebKitGTK), so rounding alone moves one up to 0.5 ms off its vblank. */
  wholeMs: boolean;
  /** Lock breaks, decaying by half every BREAK_HALF_LIFE_MS, and when the last one was (ms). */
  breaks: number;
  lastBreakMs: number;
  recentBreaks: number;
  /** Points held back: timestamp, grid index, offset from the grid point (periods). */
  pendingCount: number;
  pendingMs: Float64Array;
  pendingN: Float64Array;
  pendingOffset: Float64Array;
  /** The shift of a re-phase, periods (a field: a fractional double returned from a call is boxed). */
  shift: number;
  /** The grid index and offset (periods) of the timestamp being placed (fields, not arguments: docs/performance.md). */
  pointN: number;
  pointOffset: number;
  /** The run of frames that skip vblanks (refreshRateSkips.ts). */
  skips: SkipRun;
  /** A second fit, for a challenger grid through the recent timestamps (swapped with `fit` when it wins). */
  challenger: GridFit;
  /** When the last believed grid was lost, ms, and whether the stream is trusted to find it again (no failed attempt since). */
  gridLostMs: number;
  trusted: boolean;
  /** The display's rate as last snapped (Hz), and the vblanks per frame of the loop shown (1: every vblank). */
  displayRate: number;
  shownCommon: number;
  /** The intervals since the lock against its grid: whether they jitter as a grid's (refreshRateJitter.ts). */
  jitter: IntervalJitter;
  /** The latest intervals against the last grid believed, locked or not (refreshRateJitter.ts, GridEvidence). */
  evidence: GridEvidence;
  /** Intervals in a row a whole fraction (1 / `quickDivisor`) of a slow grid's period (refreshRateGrain.ts). */
  quickRun: number;
  quickDivisor: number;
}

export function createTracker(): Tracker {
  return {
    fit: createGridFit(),
    locked: false,
    decided: false,
    challenged: false,
    rated: false,
    skeptical: false,
    displayKnown: false,
    backwards: 0,
    tracked: 0,
    rejected: 0,
    lastMs: NaN,
    firstMs: NaN,
    misfits: 0,
    meanSquare: 0.5,
    overLimit: 0,
    advancing: 0,
    recentOffset: 0.5,
    noiseMs: 0.5,
    creep: 0,
    backToBack: 0,
    wholeMs: true,
    breaks: 0.5,
    lastBreakMs: 0.5,
    recentBreaks: 0.5,
    pendingCount: 0,
    pendingMs: new Float64Array(Track.PENDING),
    pendingN: new Float64Array(Track.PENDING),
    pendingOffset: new Float64Array(Track.PENDING),
    shift: 0.5,
    pointN: 0.5,
    pointOffset: 0.5,
    skips: createSkipRun(),
    challenger: createGridFit(),
    gridLostMs: NaN,
    trusted: false,
    displayRate: 0.5,
    shownCommon: 1,
    jitter: createIntervalJitter(),
    evidence: createGridEvidence(),
    quickRun: 0,
    quickDivisor: 0,
  };
}

/** Skip tracking: the frame at `fit.pointMs`, `k` vblanks after the one before it (the last held, else the fit's last). */
export function countSkip(s: Tracker, k: number): void {
  s.skips.intervalMs = s.fit.pointMs - (s.pendingCount > 0 ? s.pendingMs[s.pendingCount - 1]! : s.fit.lastMs);
  recordSkip(s.skips, k);
}

/**
 * What placing a timestamp did: the lock holds; the held points started a new segment (a
 * re-phase); the timestamps fit the grid no more (the lock ends); or, before the first verdict,
 * the latest points re-phased and the young fit starts again from them.
 */
export type Placed = 'holds' | 'rephased' | 'lost' | 'restart';

/** Place timestamp `t` on the current segment's grid. */
export function place(s: Tracker, t: number, known: Float64Array): Placed {
  const fit = s.fit;
  // A throttle ended: the loop runs on the display's vblanks again, a finer grid than its own.
  if (s.decided && 1000 / fit.period < MIN_DISPLAY_HZ && quickerLoop(s, known)) subdivided(s, s.quickDivisor);
  const position = (t - fit.originMs - (fit.meanX - fit.period * fit.meanN)) / fit.period;
  let n = Math.round(position);
  let offset = position - n;
  const held = s.pendingCount > 0;
  const last = held ? s.pendingN[s.pendingCount - 1]! : s.fit.lastIndex;
  // Half a period after the last point (a re-phase by about half): the next grid point, early.
  if (n === last && offset > Track.FIT_GATE) {
    n++;
    offset--;
  }
  const advances = n > last;
  if (advances) {
    fit.pointMs = t;
    countSkip(s, (n - last) | 0);
  }
  s.meanSquare += ((advances ? offset * offset : Track.NO_ADVANCE_PENALTY) - s.meanSquare) * Track.MISMATCH_WEIGHT;
  s.tracked++;
  s.advancing = advances ? s.advancing + 1 : 0;
  s.pointN = n;
  s.pointOffset = offset;
  if (!advances) s.rejected++;
  else if (!s.decided) {
    if (placeEarly(s, t)) return 'restart';
  } else {
    const placed = hold(s, t, known);
    if (placed !== 'holds') return placed;
  }
  if (s.meanSquare <= Track.MISMATCH_LIMIT) s.overLimit = 0;
  // Patience only where a re-phase may be showing (a short segment cannot re-phase).
  else if (++s.overLimit > (s.fit.points >= Track.PATIENT_POINTS && s.fit.segmentPoints >= Track.SEGMENT_MIN ? Track.MISMATCH_PATIENCE : 0)) return 'lost';
  return 'holds';
}

/** Hold the advancing point (`pointN`, `pointOffset`) back; when PENDING are held, the oldest joins unless they re-phased together. */
function hold(s: Tracker, t: number, known: Float64Array): Placed {
  const i = s.pendingCount++;
  s.pendingMs[i] = t;
  s.pendingN[i] = s.pointN;
  s.pendingOffset[i] = s.pointOffset;
  if (s.pendingCount < Track.PENDING) return 'holds';
  s.shift = 0;
  if (s.advancing >= Track.PENDING) rephaseShift(s);
  const shift = s.shift;
  const divisor = shift !== 0 && 1000 / s.fit.period < MIN_DISPLAY_HZ ? finerDivisor(s, known) : 1;
  if (divisor > 1) {
    subdivided(s, divisor);
  } else if (shift !== 0) {
    const creepShift = s.wholeMs ? Track.WHOLE_MS_CREEP / s.fit.period : Track.CREEP_SHIFT;
    const creepPoints = s.wholeMs ? Track.WHOLE_MS_CREEP_POINTS : Track.CREEP_POINTS;
    const creeping = Math.abs(shift) < creepShift && s.fit.segmentPoints < creepPoints;
    const sign = shift > 0 ? 1 : -1;
    s.creep = creeping ? (s.creep * sign > 0 ? s.creep + sign : sign) : 0;
    if (Math.abs(s.creep) >= Track.CREEP_RUN) return 'lost';
    // Re-phased again before any point joined the last re-phase's segment: no grid holds.
    s.backToBack = s.fit.segmentPoints <= Track.PENDING ? s.backToBack + 1 : 0;
    if (s.backToBack >= Track.CREEP_RUN) return 'lost';
    restartSegment(s);
    return 'rephased';
  }
  commitOldest(s);
  return 'holds';
}

/**
 * Before the first verdict a point joins at once (the verdict comes sooner), and the last PENDING
 * are kept beside the fit: when they sit together off the grid, the young fit re-phased and would
 * be tilted, so it starts again from them (true: restart).
 */
function placeEarly(s: Tracker, t: number): boolean {
  const n = s.pointN;
  const offset = s.pointOffset;
  if (s.pendingCount === Track.PENDING) dropOldest(s);
  const i = s.pendingCount++;
  s.pendingMs[i] = t;
  s.pendingN[i] = n;
  s.pendingOffset[i] = offset;
  if (Math.abs(offset) <= Track.FIT_GATE) {
    addPoint(s.fit, n);
    // Clipped at three times the noise so far: a change of display must not raise the bar for its challenger.
    s.noiseMs += (Math.min(Math.abs(offset) * s.fit.period, Track.NOISE_CLIP * Math.max(s.noiseMs, Track.NOISE_FLOOR_MS)) - s.noiseMs) * Track.NOISE_WEIGHT;
  } else s.rejected++;
  if (s.pendingCount < Track.PENDING || s.advancing < Track.PENDING) return false;
  s.shift = 0;
  rephaseShift(s);
  return s.shift !== 0;
}

/** The held points sit together, shifted off the grid by more than its jitter explains: `shift` (periods), else 0. */
function rephaseShift(s: Tracker): void {
  const o0 = s.pendingOffset[0]!;
  let sum = 0;
  // x − round(x) written out: a helper taking and returning a fraction would box it (docs/performance.md).
  for (let i = 1; i < Track.PENDING; i++) {
    const d = s.pendingOffset[i]! - o0;
    sum += d - Math.round(d);
  }
  const mean = sum / Track.PENDING;
  const shift = o0 + mean - Math.round(o0 + mean);
  // Most frames leave here: no shift beyond SHIFT_MIN (the tests below only narrow it further).
  if (!(Math.abs(shift) > Track.SHIFT_MIN) || s.fit.segmentPoints < Track.SEGMENT_MIN || s.fit.points < Track.PATIENT_POINTS) return;
  for (let i = 0; i < Track.PENDING; i++) {
    const d = s.pendingOffset[i]! - o0;
    if (Math.abs(d - Math.round(d) - mean) > Track.CLUSTER) return;
  }
  // Taken for re-phases, rounding's shifts split a 144 Hz grid every 17 frames (it read 143 Hz).
  if (s.wholeMs && Math.abs(shift) * s.fit.period <= Track.WHOLE_MS_SHIFT) return;
  const sigma = Math.sqrt(s.fit.residualVariance / Track.PENDING) / s.fit.period;
  if (Math.abs(shift) > Math.max(Track.SHIFT_MIN, Track.SHIFT_SIGMAS * sigma, Track.STEP_RATIO * Math.abs(s.recentOffset))) s.shift = shift;
}

/** A re-phase: the held points start a new segment, indexed from the first at the fit's period. */
function restartSegment(s: Tracker): void {
  newSegment(s.fit);
  const t0 = s.pendingMs[0]!;
  const n0 = Math.max(s.pendingN[0]!, s.fit.lastIndex + 1);
  let n = n0;
  for (let i = 0; i < Track.PENDING; i++) {
    const t = s.pendingMs[i]!;
    if (i > 0) n = Math.max(n + 1, n0 + Math.round((t - t0) / s.fit.period));
    s.fit.pointMs = t;
    addPoint(s.fit, n);
  }
  s.pendingCount = 0;
  s.overLimit = 0;
  s.recentOffset = 0;
  s.meanSquare = s.fit.residualVariance / (s.fit.period * s.fit.period);
}

function commitOldest(s: Tracker): void {
  const t = s.pendingMs[0]!;
  const n = s.pendingN[0]!;
  const offset = s.pendingOffset[0]!;
  if (Math.abs(offset) <= Track.FIT_GATE) {
    s.fit.pointMs = t;
    addPoint(s.fit, n);
    s.recentOffset += (offset - s.recentOffset) * Track.RECENT_WEIGHT;
    // Clipped at three times the noise so far: a change of display must not raise the bar for its challenger.
    s.noiseMs += (Math.min(Math.abs(offset) * s.fit.period, Track.NOISE_CLIP * Math.max(s.noiseMs, Track.NOISE_FLOOR_MS)) - s.noiseMs) * Track.NOISE_WEIGHT;
  } else {
    s.rejected++;
  }
  dropOldest(s);
}

/** The oldest held point leaves: the others move down one (plain loops: copyWithin cost a fifth of the detector's frame). */
function dropOldest(s: Tracker): void {
  s.pendingCount--;
  for (let i = 1; i < Track.PENDING; i++) {
    s.pendingMs[i - 1] = s.pendingMs[i]!;
    s.pendingN[i - 1] = s.pendingN[i]!;
    s.pendingOffset[i - 1] = s.pendingOffset[i]!;
  }
}

/** `recentBreaks`: lock breaks so far, each counting less the longer before `lastMs` it was (half every 10 s). */
export function weighBreaks(s: Tracker): void {
  s.recentBreaks = s.breaks * Math.pow(0.5, (s.lastMs - s.lastBreakMs) / Track.BREAK_HALF_LIFE_MS);
}

/** A lock broke at `lastMs`. */
export function countBreak(s: Tracker): void {
  weighBreaks(s);
  s.breaks = s.recentBreaks + 1;
  s.lastBreakMs = s.lastMs;
}
