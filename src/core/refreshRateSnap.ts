// Snapping a fitted rate to the known display rates, with hysteresis between a whole-number rate
// and its 1000/1001 twin (60 and 59.94, 120 and 119.88, 144 and 143.86). See docs/browsers.md.

const enum Snap {
  /** A known rate within FLOOR of the measurement always fits (half the 59.94/60 gap), never beyond CAP. */
  FLOOR = 0.0005,
  CAP = 0.02,
  /** Known rates closer than this fraction are twins; one gives way to the other (see snapRate). */
  TWIN = 0.0015,
  TWIN_SIGMAS = 6,
  TWIN_PAST = 0.75,
}

function fits(rate: number, candidate: number, tolerance: number): boolean {
  return Math.abs(rate - candidate) <= Math.min(Math.max(tolerance, Snap.FLOOR * candidate), Snap.CAP * candidate);
}

/**
 * snapRate's input and output as fields (see refreshRateFit.ts `pointMs`): measured rate, its error
 * and tolerance (Hz); the rate reported now and the one to report (0: none).
 */
export interface SnapQuery {
  rate: number;
  error: number;
  tolerance: number;
  current: number;
  result: number;
}

export function createSnapQuery(): SnapQuery {
  return { rate: 0.5, error: 0.5, tolerance: 0.5, current: 0.5, result: 0.5 };
}

/**
 * The known rate to report for a measurement: `current` is kept while it fits; otherwise a
 * whole-number rate is preferred, then the nearest. Between twins, the one held (the current,
 * else the whole-number one) gives way only when the measurement is `TWIN_SIGMAS` standard errors
 * from it and three quarters of the way to the other: the drift between the two grids over the fit
 * decides, and jitter cannot flip it back.
 */
export function snapRate(known: Float64Array, q: SnapQuery): void {
  const rate = q.rate;
  const current = q.current;
  const currentTwin = current > 0 ? twinOf(known, current) : 0;
  if (currentTwin > 0 && (fits(rate, current, q.tolerance) || fits(rate, currentTwin, q.tolerance))) {
    q.result = swap(rate, q.error, current, currentTwin) ? currentTwin : current;
    return;
  }
  let best = 0;
  let bestWhole = false;
  let bestDistance = Infinity;
  for (let i = 0; i < known.length; i++) {
    const candidate = known[i]!;
    if (!fits(rate, candidate, q.tolerance)) continue;
    if (candidate === current) {
      best = candidate;
      break;
    }
    const whole = Number.isInteger(candidate);
    const distance = Math.abs(rate - candidate);
    if ((whole && !bestWhole) || (whole === bestWhole && distance < bestDistance)) {
      best = candidate;
      bestWhole = whole;
      bestDistance = distance;
    }
  }
  const twin = best > 0 && best !== current ? twinOf(known, best) : 0;
  q.result = twin > 0 && swap(rate, q.error, best, twin) ? twin : best;
}

/** Whether the measurement has left `held` for its `twin` (see snapRate). */
function swap(rate: number, error: number, held: number, twin: number): boolean {
  const away = Math.abs(rate - held);
  return away > Snap.TWIN_SIGMAS * error && away - Math.abs(rate - twin) > (2 * Snap.TWIN_PAST - 1) * Math.abs(twin - held);
}

/** The twin of `rate` among the known rates, or 0 if it has none. */
function twinOf(known: Float64Array, rate: number): number {
  for (let i = 0; i < known.length; i++) {
    const candidate = known[i]!;
    if (candidate !== rate && Math.abs(candidate / rate - 1) < Snap.TWIN) return candidate;
  }
  return 0;
}
