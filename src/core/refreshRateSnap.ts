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
  /** The `current` last looked up (NaN: none yet), its index in the known rates and its twin's (−1: none); one query per known rates. */
  heldRate: number;
  heldIndex: number;
  heldTwin: number;
}

export function createSnapQuery(): SnapQuery {
  return { rate: 0.5, error: 0.5, tolerance: 0.5, current: 0.5, result: 0.5, heldRate: NaN, heldIndex: -1, heldTwin: -1 };
}

/**
 * The known rate to report for a measurement: `current` is kept while it fits; otherwise a
 * whole-number rate is preferred, then the nearest. Between twins, the one held (the current,
 * else the whole-number one) gives way only when the measurement is `TWIN_SIGMAS` standard errors
 * from it and three quarters of the way to the other: the drift between the two grids over the fit
 * decides, and jitter cannot flip it back. Helpers take indices, not rates: see `SnapQuery`.
 */
export function snapRate(known: Float64Array, q: SnapQuery): void {
  // The rate held changes seldom: its index and twin are looked up then, not every frame.
  if (q.current !== q.heldRate) lookUpHeld(known, q);
  const held = q.heldIndex;
  const heldTwin = q.heldTwin;
  if (heldTwin >= 0 && (fits(known, held, q) || fits(known, heldTwin, q))) {
    q.result = known[swaps(known, held, heldTwin, q) ? heldTwin : held]!;
    return;
  }
  let best = -1;
  let bestWhole = false;
  let bestDistance = Infinity;
  for (let i = 0; i < known.length; i++) {
    if (!fits(known, i, q)) continue;
    if (i === held) {
      q.result = q.current;
      return;
    }
    const whole = Number.isInteger(known[i]);
    const distance = Math.abs(q.rate - known[i]!);
    if ((whole && !bestWhole) || (whole === bestWhole && distance < bestDistance)) {
      best = i;
      bestWhole = whole;
      bestDistance = distance;
    }
  }
  if (best < 0) {
    q.result = 0;
    return;
  }
  const twin = twinIndex(known, best);
  q.result = known[twin >= 0 && swaps(known, best, twin, q) ? twin : best]!;
}

function lookUpHeld(known: Float64Array, q: SnapQuery): void {
  let held = -1;
  for (let i = 0; i < known.length; i++) if (known[i] === q.current) held = i;
  q.heldRate = q.current;
  q.heldIndex = held;
  q.heldTwin = held >= 0 ? twinIndex(known, held) : -1;
}

function fits(known: Float64Array, i: number, q: SnapQuery): boolean {
  const candidate = known[i]!;
  return Math.abs(q.rate - candidate) <= Math.min(Math.max(q.tolerance, Snap.FLOOR * candidate), Snap.CAP * candidate);
}

/** Whether the measurement has left known rate `held` for its twin `twin` (see snapRate). */
function swaps(known: Float64Array, held: number, twin: number, q: SnapQuery): boolean {
  const away = Math.abs(q.rate - known[held]!);
  // Both tests every time: the second, first reached after 100,000 frames of a precise fit, threw the optimised code away (test/alloc/refreshRate.alloc.test.ts).
  const certain = away > Snap.TWIN_SIGMAS * q.error;
  const past = away - Math.abs(q.rate - known[twin]!) > (2 * Snap.TWIN_PAST - 1) * Math.abs(known[twin]! - known[held]!);
  return certain && past;
}

/** The index of known rate `i`'s twin, or −1 if it has none. */
function twinIndex(known: Float64Array, i: number): number {
  for (let j = 0; j < known.length; j++) if (j !== i && Math.abs(known[j]! / known[i]! - 1) < Snap.TWIN) return j;
  return -1;
}

/**
 * Whether the measurement in `q` (± `q.tolerance`) fits one known display rate and no other, a
 * twin pair counting as one: the rate is then known though not yet precise (a challenger's nine
 * timestamps in Safari's 1 ms steps tell 120 Hz apart from 100 and 144, not from 119.88).
 */
export function singlesOut(known: Float64Array, q: SnapQuery): boolean {
  let first = -1;
  for (let i = 0; i < known.length; i++) {
    if (Math.abs(q.rate - known[i]!) > q.tolerance) continue;
    if (first < 0) first = i;
    else if (Math.abs(known[i]! / known[first]! - 1) >= Snap.TWIN) return false;
  }
  return first >= 0;
}
