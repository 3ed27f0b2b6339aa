/**
 * The refresh-rate detector's record of frames that skip vblanks: a loop on every k-th vblank (a
 * 60 Hz loop on a 120 Hz display, battery saver's 30 Hz on 60, a 1 Hz hidden tab) is told from a
 * game that misses vblanks at random by how steady its counts are. See docs/browsers.md.
 */

const enum Skip {
  /** Weight of each interval in the decaying histogram of vblanks per skipping frame. */
  BIN_WEIGHT = 1 / 32,
  /** Share of the histogram a count next to the usual one needs to be averaged in. */
  NEIGHBOUR_SHARE = 0.15,
  /** Share of the histogram the usual count, the counts next to it and its multiples need for a steady loop (battery saver's odd 3s count, its 5s do not). */
  STEADY_SHARE = 0.9,
  /** Weight of each interval in the running share of intervals that skip vblanks. */
  SHARE_WEIGHT = 1 / 32,
}

/** Histogram slots of vblanks per skipping frame: 2 … 8 (more counts as 8). */
const SKIP_BINS = 7;

/** The run of vblank-skipping frames up to now, in named fields (written in place: no allocation per frame). */
export interface SkipRun {
  /** Vblank-skipping intervals in a row, and their duration (ms). */
  frames: number;
  spanMs: number;
  /**
   * The duration of the interval {@link recordSkip} records, ms: a field, not an argument (a
   * fractional number passed to a call V8 does not inline is boxed; docs/performance.md).
   */
  intervalMs: number;
  /** Decaying histogram of their vblanks (2 … 8). */
  bins: Float64Array;
  /** Intervals in a row whose vblanks are all multiples of `common` ≥ 2: a loop on every `common`-th vblank. */
  commonFrames: number;
  common: number;
  /** How long the `common` run has lasted, ms. */
  commonSpanMs: number;
  /** Running share of intervals that skip vblanks, and its value when the current `common` run began. */
  skipShare: number;
  shareBefore: number;
  /** Vblanks per frame of a throttled loop, as {@link vblanksPerFrame} last found it. */
  divisor: number;
}

export function createSkipRun(): SkipRun {
  return { frames: 0, spanMs: 0.5, intervalMs: 0.5, bins: new Float64Array(SKIP_BINS), commonFrames: 0, common: 0, commonSpanMs: 0.5, skipShare: 0.5, shareBefore: 0.5, divisor: 0.5 };
}

/** Forget the run (a new lock). */
export function clearSkips(run: SkipRun): void {
  run.frames = 0;
  run.commonFrames = 0;
  run.skipShare = 0;
}

/** An interval of `vblanks` (whole vblanks of the grid) lasting `run.intervalMs` joined the stream. */
export function recordSkip(run: SkipRun, vblanks: number): void {
  const spanMs = run.intervalMs;
  const share = run.skipShare;
  run.skipShare = share + ((vblanks >= 2 ? 1 : 0) - share) * Skip.SHARE_WEIGHT;
  if (vblanks < 2) {
    run.frames = 0;
    run.commonFrames = 0;
    return;
  }
  // A run's first interval shorter than its second straddled the change (a display's new phase): the run starts again.
  const straddled = run.commonFrames === 1 && run.common < vblanks;
  const shared = run.commonFrames > 0 && !straddled ? greatestCommonDivisor(run.common, vblanks) : vblanks;
  if (run.commonFrames === 0 || shared < 2) run.shareBefore = share;
  const continues = shared >= 2 && run.commonFrames > 0 && !straddled;
  run.commonSpanMs = continues ? run.commonSpanMs + spanMs : spanMs;
  run.commonFrames = continues ? run.commonFrames + 1 : 1;
  run.common = shared >= 2 ? shared : vblanks;
  const bin = Math.min(vblanks, 8) - 2;
  if (run.frames++ === 0) {
    run.spanMs = spanMs;
    run.bins.fill(0);
    run.bins[bin] = 1;
    return;
  }
  run.spanMs += spanMs;
  // A plain average over the run's first frames, a decaying one after.
  const weight = Math.max(Skip.BIN_WEIGHT, 1 / run.frames);
  for (let i = 0; i < SKIP_BINS; i++) run.bins[i]! *= 1 - weight;
  run.bins[bin]! += weight;
}

/** A slow grid turned out to skip `divisor` vblanks of a finer one in each of `frames` intervals of `run.intervalMs`. */
export function seedSkips(run: SkipRun, divisor: number, frames: number): void {
  run.frames = frames;
  run.spanMs = frames * divisor * run.intervalMs;
  run.bins.fill(0);
  run.bins[Math.min(divisor, 8) - 2] = 1;
  run.commonFrames = frames;
  run.common = divisor;
  run.commonSpanMs = run.spanMs;
  run.shareBefore = 0;
}

/**
 * A steady run of vblank-skipping frames (a throttled loop, not a game missing vblanks at random):
 * the usual count, the counts next to it and its multiples (the loop's own missed frames) dominate.
 */
export function steadySkips(run: SkipRun): boolean {
  const usual = usualBin(run) + 2;
  let share = 0;
  for (let i = 0; i < SKIP_BINS; i++) {
    const vblanks = i + 2;
    if (Math.abs(vblanks - usual) <= 1 || vblanks % usual === 0) share += run.bins[i]!;
  }
  return share >= Skip.STEADY_SHARE;
}

/** The histogram's largest bin: the usual vblanks per skipping frame (minus 2). */
function usualBin(run: SkipRun): number {
  let best = 0;
  for (let i = 1; i < SKIP_BINS; i++) if (run.bins[i]! > run.bins[best]!) best = i;
  return best;
}

/**
 * Vblanks per frame of a throttled loop into `divisor`: the usual count, averaged with a
 * neighbouring count only when that one is common too (30 Hz on 144 alternates 4 and 5: 4.8);
 * rare odd frames (a 3 or 5 in a 2-vblank battery saver loop) do not move it.
 */
export function vblanksPerFrame(run: SkipRun): void {
  const best = usualBin(run);
  let weight = run.bins[best]!;
  let sum = weight * (best + 2);
  for (let i = best - 1; i <= best + 1; i += 2) {
    const w = i >= 0 && i < SKIP_BINS ? run.bins[i]! : 0;
    if (w < Skip.NEIGHBOUR_SHARE) continue;
    weight += w;
    sum += w * (i + 2);
  }
  run.divisor = sum / weight;
}

function greatestCommonDivisor(a: number, b: number): number {
  while (b > 0) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}
