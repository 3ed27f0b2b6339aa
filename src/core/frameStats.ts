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
 * Create a frame-statistics window: `sample(timestampMs)` each frame, `snapshot()` a few times a
 * second (one reused object) for the last `windowSize` intervals. Depth: docs/core.md#createframestats.
 */
export function createFrameStats(options?: FrameStatsOptions): FrameStats {
  const opts = optionsObject(OWNER, options, false, ['windowSize', 'refreshRate']);
  const windowSize = integerAtLeast(OWNER, 'windowSize', withDefault(opts.windowSize, Default.WINDOW_SIZE), 1);
  const refreshRate = positiveNumber(OWNER, 'refreshRate', withDefault(opts.refreshRate, Default.REFRESH_RATE));
  return new Stats(windowSize, refreshRate);
}

/** The statistics behind {@link createFrameStats}, from checked settings. @internal */
export class Stats implements FrameStats {
  /** The last `windowSize` intervals, ms, in a ring. */
  private readonly intervals: Float64Array;
  private readonly scratch: Float64Array;
  /** Next write position in the ring, and intervals in it. */
  private head = 0;
  private count = 0;
  /** The last timestamp, ms (NaN before the first). */
  private lastMs = NaN;
  /** The timestamp being sampled: kept in a field, not passed on (docs/performance.md). */
  private input = 0;
  private backwards = 0;
  private readonly snap: FrameStatsSnapshot = { fps: 0, meanMs: 0, p50Ms: 0, p95Ms: 0, p99Ms: 0, maxMs: 0, missedVblanks: 0, frames: 0 };

  constructor(
    private readonly windowSize: number,
    private refreshRate: number,
  ) {
    this.intervals = new Float64Array(windowSize);
    this.scratch = new Float64Array(windowSize);
  }

  sample(timestampMs: number): void {
    // Not a number: ignored like NaN, never converted.
    this.input = typeof timestampMs === 'number' ? timestampMs : NaN;
    this.sampleInput();
  }

  /** `sample(frame.timestampMs)`, read here so the caller hands over no number to box (docs/performance.md). @internal */
  sampleFrame(frame: { readonly timestampMs: number }): void {
    this.input = frame.timestampMs;
    this.sampleInput();
  }

  private sampleInput(): void {
    const timestampMs = this.input;
    if (!Number.isFinite(timestampMs)) return;
    // NaN before the first timestamp: that one only anchors the chain below.
    const interval = timestampMs - this.lastMs;
    // A repeat or a stray backwards timestamp is ignored; BACKWARDS_LIMIT in a row re-anchor.
    if (interval <= 0 && (interval === 0 || ++this.backwards < Default.BACKWARDS_LIMIT)) return;
    this.backwards = 0;
    this.lastMs = timestampMs;
    if (!(interval > 0)) return;
    this.intervals[this.head] = interval;
    this.head = this.head + 1 === this.windowSize ? 0 : this.head + 1;
    if (this.count < this.windowSize) this.count++;
  }

  snapshot(): FrameStatsSnapshot {
    const { intervals, scratch, snap, refreshRate } = this;
    const n = this.count;
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

  setRefreshRate(next: number): void {
    this.refreshRate = positiveNumber(OWNER, 'refreshRate', next);
  }

  reset(): void {
    this.head = 0;
    this.count = 0;
    this.lastMs = NaN;
    this.backwards = 0;
  }
}
