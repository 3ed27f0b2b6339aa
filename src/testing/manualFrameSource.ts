import { createSeededRandom } from '../core/random.js';
import { integerAtLeast, nonNegativeNumber, optionsObject, positiveNumber, finiteNumber, withDefault } from '../core/validate.js';
import { createManualSource } from '../scheduler/manualSource.js';
import type { FrameSource } from '../scheduler/types.js';

const OWNER = 'createManualFrameSource';

/** Options of {@link createManualFrameSource}. */
export interface ManualFrameSourceOptions {
  /** Vblanks per second, Hz. Default 60. */
  refreshRate?: number;
  /** Each frame timestamp is moved by a uniform amount in [−jitterMs, +jitterMs). Must stay below half an interval. Default 0. */
  jitterMs?: number;
  /** Seed of the jitter, so a failing test replays exactly. Default 1. */
  seed?: number;
  /** Clock time before the first vblank, ms. Default 0. */
  startMs?: number;
}

/** A simulated display for tests: vblank k (k = 1, 2, …) comes at `startMs + k × 1000 / refreshRate`. */
export interface ManualFrameSource extends FrameSource {
  /** Run the next `n` vblanks; each runs the callbacks requested before it. */
  advanceFrames(n?: number): void;
  /** Move the clock forward by `ms`, running every vblank whose timestamp falls in that span. */
  advanceTime(ms: number): void;
  /** The clock, ms: the last vblank's timestamp, or later after `advanceTime`. */
  now(): number;
  /** Timestamp of the last vblank, ms (`startMs` before the first). */
  readonly timestampMs: number;
  /** Callbacks waiting for the next vblank. */
  readonly pendingCount: number;
  /** Vblanks so far. */
  readonly frameCount: number;
  /** The vblank interval, ms. */
  readonly intervalMs: number;
}

/**
 * Create a {@link ManualFrameSource}: hand it to `createFrameScheduler({ source })` or a
 * `<FrameProvider>` and step frames deterministically in your tests, at any refresh rate, with
 * optional seeded jitter.
 */
export function createManualFrameSource(options?: ManualFrameSourceOptions): ManualFrameSource {
  const o = optionsObject(OWNER, options, false);
  const refreshRate = positiveNumber(OWNER, 'refreshRate', withDefault(o.refreshRate, 60));
  const intervalMs = 1000 / refreshRate;
  const jitterMs = nonNegativeNumber(OWNER, 'jitterMs', withDefault(o.jitterMs, 0));
  // Under half an interval, jittered timestamps can never reach or pass their neighbours.
  if (jitterMs >= intervalMs / 2) {
    throw new RangeError(`${OWNER}: option \`jitterMs\` must be less than half a refresh interval (${intervalMs / 2} ms), got ${jitterMs}`);
  }
  const seed = finiteNumber(OWNER, 'seed', withDefault(o.seed, 1));
  const startMs = finiteNumber(OWNER, 'startMs', withDefault(o.startMs, 0));

  const random = createSeededRandom(seed);
  const inner = createManualSource(startMs);
  let frameCount = 0;
  let timestampMs = startMs;
  let nextTimestampMs = 0;

  function computeNext(): void {
    // Count from the start instead of summing intervals, and divide last, so no rounding error
    // accumulates: vblank 216,000 at 60 Hz is exactly 3,600,000 ms.
    const nominal = startMs + ((frameCount + 1) * 1000) / refreshRate;
    nextTimestampMs = jitterMs === 0 ? nominal : nominal + random.range(-jitterMs, jitterMs);
  }
  computeNext();

  function vblank(): void {
    const t = nextTimestampMs;
    frameCount++;
    timestampMs = t;
    computeNext();
    inner.tick(t);
  }

  return {
    request: inner.request,
    cancel: inner.cancel,
    now: inner.now,
    advanceFrames(n = 1) {
      integerAtLeast('advanceFrames', 'n', n, 0);
      for (let i = 0; i < n; i++) vblank();
    },
    advanceTime(ms) {
      nonNegativeNumber('advanceTime', 'ms', ms);
      const target = inner.now() + ms;
      while (nextTimestampMs <= target) vblank();
      if (inner.now() < target) inner.setNow(target);
    },
    get timestampMs() {
      return timestampMs;
    },
    get pendingCount() {
      return inner.pendingCount;
    },
    get frameCount() {
      return frameCount;
    },
    intervalMs,
  };
}
