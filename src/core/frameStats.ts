// O(1) per sample (a ring buffer); percentiles only at a snapshot, by sorting a preallocated copy.
import type { FrameStats, FrameStatsOptions, FrameStatsSnapshot } from './types.js';
import { integerAtLeast, optionsObject, positiveNumber, withDefault } from './validate.js';

const OWNER = 'createFrameStats';

/** The defaults and limits (a `const enum`: written where used). */
const enum Default {
  /** Two seconds at 60 Hz: long enough for a stable p99, short enough to show a change quickly. */
  WINDOW_SIZE = 120,
  REFRESH_RATE = 60,
  /** Backwards timestamps in a row taken as a clock reset (fewer are ignored as glitches). */
  BACKWARDS_LIMIT = 3,
}

// Nearest rank, ⌈p·n⌉-th smallest of the first n (n ≥ 1); for p ≥ 0.5 the rank is in [1, n].
function nearestRank(sorted: Float64Array, n: number, p: number): number {
  return sorted[Math.ceil(p * n - 1e-9) - 1]!;
}

/**
 * `stats[SAMPLE_FRAME](frame)`: `sample(frame.timestampMs)` with the timestamp read inside, so a
 * caller V8 does not inline it into hands over no number to box (useFrameStats). @internal
 */
export const SAMPLE_FRAME: unique symbol = Symbol('sampleFrame') as never;
/** Frame statistics with their internal entry. @internal */
export type StatsOfFrames = FrameStats & { [SAMPLE_FRAME](frame: { readonly timestampMs: number }): void };

/**
 * Create a frame-statistics window: `sample(timestampMs)` each frame, `snapshot()` a few times a
 * second (one reused object) for the last `windowSize` intervals. Depth: docs/core.md#createframestats.
 */
export function createFrameStats(options?: FrameStatsOptions): FrameStats {
  const opts = optionsObject(OWNER, options, false, ['windowSize', 'refreshRate']);
  const windowSize = integerAtLeast(OWNER, 'windowSize', withDefault(opts.windowSize, Default.WINDOW_SIZE), 1);
  let refreshRate = positiveNumber(OWNER, 'refreshRate', withDefault(opts.refreshRate, Default.REFRESH_RATE));

  const intervals = new Float64Array(windowSize);
  const scratch = new Float64Array(windowSize);
  let head = 0; // next write position
  let count = 0;
  // [0]: the last timestamp, ms (NaN before the first); [1]: the one being sampled. Why typed:
  // docs/performance.md.
  const last = new Float64Array(2);
  last[0] = NaN;
  let backwards = 0;

  const snap: FrameStatsSnapshot = {
    fps: 0,
    meanMs: 0,
    p50Ms: 0,
    p95Ms: 0,
    p99Ms: 0,
    maxMs: 0,
    missedVblanks: 0,
    frames: 0,
  };

  function sample(timestampMs: number): void {
    // Not a number: ignored like NaN, never converted.
    last[1] = typeof timestampMs === 'number' ? timestampMs : NaN;
    sampleInput();
  }

  /** Sample the timestamp in `last[1]`. */
  function sampleInput(): void {
    const timestampMs = last[1]!;
    if (!Number.isFinite(timestampMs)) return;
    // NaN before the first timestamp: that one only anchors the chain below.
    const interval = timestampMs - last[0]!;
    // A repeat or a stray backwards timestamp is ignored; BACKWARDS_LIMIT in a row re-anchor.
    if (interval <= 0 && (interval === 0 || ++backwards < Default.BACKWARDS_LIMIT)) return;
    backwards = 0;
    last[0] = timestampMs;
    if (!(interval > 0)) return;
    intervals[head] = interval;
    head = head + 1 === windowSize ? 0 : head + 1;
    if (count < windowSize) count++;
  }

  function snapshot(): FrameStatsSnapshot {
    const n = count;
    let span = 0;
    let missed = 0;
    // The window is the first `n` slots until it has wrapped, then all of them: order does not matter.
    for (let i = 0; i < n; i++) {
      const v = intervals[i]!;
      span += v;
      const vblanks = Math.round((v * refreshRate) / 1000);
      if (vblanks > 1) missed += vblanks - 1;
      scratch[i] = v;
    }
    // Unused slots sort to the end, so the whole preallocated array can be sorted without a view.
    scratch.fill(Infinity, n);
    scratch.sort();
    // An empty window reads 0 everywhere (`n &&`: no division by a zero span, no rank of nothing).
    snap.fps = n && (n * 1000) / span;
    snap.meanMs = n && span / n;
    snap.p50Ms = n && nearestRank(scratch, n, 0.5);
    snap.p95Ms = n && nearestRank(scratch, n, 0.95);
    snap.p99Ms = n && nearestRank(scratch, n, 0.99);
    snap.maxMs = n && scratch[n - 1]!;
    snap.missedVblanks = missed;
    snap.frames = n;
    return snap;
  }

  const stats: StatsOfFrames = {
    sample,
    [SAMPLE_FRAME](frame) {
      last[1] = frame.timestampMs;
      sampleInput();
    },
    snapshot,
    setRefreshRate(next: number) {
      refreshRate = positiveNumber(OWNER, 'refreshRate', next);
    },
    reset() {
      head = 0;
      count = 0;
      last[0] = NaN;
      backwards = 0;
    },
  };
  return stats;
}
