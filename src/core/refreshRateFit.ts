/**
 * The refresh-rate detector's grid fit: timestamps against vblank index, by least squares. One slope
 * (the period) is shared by segments with their own phase: a software vsync that re-phases after a
 * late frame (Firefox) shifts the grid, keeps its period, and starts a segment.
 */

const enum Fit {
  /**
   * A closed segment's weight in the shared slope fades by this factor with every later segment
   * closed (to half in 23): a fit of many short segments follows the latest. Behind a busy tab
   * Firefox's software vsync re-phases every few frames, and a young lock whose first segment
   * counted its vblanks at 195 Hz, on a 205 Hz display, held the slope for hundreds of frames while
   * each later segment alone read 203–208 Hz. A fit that never re-phases is plain least squares.
   * Chosen on the tuning set (docs/browsers.md).
   */
  SEGMENT_FADE = 0.97,
}

/** The fit's state: named numeric fields, written in place (no allocation per sample). */
export interface GridFit {
  /** Timestamp of index 0, ms; x = t − originMs. */
  originMs: number;
  /** Points in all segments. */
  points: number;
  /** The current segment's points, Welford means and co-moments of n and x; then the closed segments' sums. */
  segmentPoints: number;
  meanN: number;
  meanX: number;
  cNN: number;
  cNX: number;
  cXX: number;
  sumNN: number;
  sumNX: number;
  sumXX: number;
  /** The closed segments' points and count, faded as their sums are (the residual's degrees of freedom). */
  closedPoints: number;
  closedSegments: number;
  /** Index and timestamp of the last point that joined the fit. */
  lastIndex: number;
  lastMs: number;
  /** The slope (ms per vblank), residual variance (ms²) and the slope's standard error (ms), as `refit` last computed them. */
  period: number;
  residualVariance: number;
  periodError: number;
  /**
   * The timestamp (ms) `addPoint` adds. A field, not an argument: a fractional double passed to a
   * call V8 does not inline is boxed, an allocation per frame (docs/performance.md).
   */
  pointMs: number;
}

/** A fit with fractional fields from the start (V8 then stores them as doubles in place). */
export function createGridFit(): GridFit {
  return {
    originMs: 0.5, points: 0, segmentPoints: 0, meanN: 0.5, meanX: 0.5, cNN: 0.5, cNX: 0.5, cXX: 0.5,
    sumNN: 0.5, sumNX: 0.5, sumXX: 0.5, closedPoints: 0.5, closedSegments: 0.5, lastIndex: 0.5, lastMs: 0.5, period: 0.5, residualVariance: 0.5,
    periodError: 0.5, pointMs: 0.5,
  };
}

/** Start an empty fit whose index 0 sits at `pointMs`. */
export function startFit(fit: GridFit): void {
  const originMs = fit.pointMs;
  fit.originMs = originMs;
  fit.points = 0;
  fit.sumNN = fit.sumNX = fit.sumXX = 0;
  fit.closedPoints = fit.closedSegments = 0;
  startSegment(fit);
  fit.lastIndex = -1;
  fit.lastMs = originMs;
}

function startSegment(fit: GridFit): void {
  fit.segmentPoints = 0;
  fit.meanN = fit.meanX = fit.cNN = fit.cNX = fit.cXX = 0;
}

/** Close the current segment: later points get a phase of their own, the slope keeps its evidence (fading: Fit.SEGMENT_FADE). */
export function newSegment(fit: GridFit): void {
  fit.sumNN = fit.sumNN * Fit.SEGMENT_FADE + fit.cNN;
  fit.sumNX = fit.sumNX * Fit.SEGMENT_FADE + fit.cNX;
  fit.sumXX = fit.sumXX * Fit.SEGMENT_FADE + fit.cXX;
  fit.closedPoints = fit.closedPoints * Fit.SEGMENT_FADE + fit.segmentPoints;
  fit.closedSegments = fit.closedSegments * Fit.SEGMENT_FADE + 1;
  startSegment(fit);
}

/** The timestamp in `pointMs` joins the current segment as grid point `n`. */
export function addPoint(fit: GridFit, n: number): void {
  const t = fit.pointMs;
  fit.lastIndex = n;
  fit.lastMs = t;
  fit.points++;
  const count = ++fit.segmentPoints;
  const x = t - fit.originMs;
  const dn = n - fit.meanN;
  const meanN = (fit.meanN += dn / count);
  const dx = x - fit.meanX;
  const meanX = (fit.meanX += dx / count);
  fit.cNN += dn * (n - meanN);
  fit.cNX += dn * (x - meanX);
  fit.cXX += dx * (x - meanX);
}

/** The period and residual variance from the pooled co-moments (points − segments − 1 degrees of freedom, the closed ones faded). */
export function refit(fit: GridFit): void {
  const nn = fit.sumNN + fit.cNN;
  const nx = fit.sumNX + fit.cNX;
  const ss = fit.sumXX + fit.cXX - (nx * nx) / nn;
  const freedom = fit.closedPoints + fit.segmentPoints - fit.closedSegments - 2;
  fit.period = nx / nn;
  fit.residualVariance = ss > 0 && freedom > 0 ? ss / freedom : 0;
  fit.periodError = Math.sqrt(fit.residualVariance / nn);
}

/** Count every index `divisor` times finer: a slow grid turned out to skip vblanks of a finer one (a fraction: coarser). */
export function subdivide(fit: GridFit, divisor: number): void {
  fit.meanN *= divisor;
  fit.cNN *= divisor * divisor;
  fit.cNX *= divisor;
  fit.sumNN *= divisor * divisor;
  fit.sumNX *= divisor;
  fit.lastIndex *= divisor;
  refit(fit);
}

/**
 * Count every index `divisor` times coarser, the last point's index a whole number: the loop runs
 * on every `divisor`-th vblank, and that grid is now the one fitted. Returns the index shift.
 */
export function coarsen(fit: GridFit, divisor: number): number {
  const shift = fit.lastIndex % divisor;
  fit.meanN -= shift;
  fit.lastIndex -= shift;
  subdivide(fit, 1 / divisor);
  return shift;
}
