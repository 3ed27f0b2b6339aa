// What the overlay shows, apart from drawing: recent frames in ring buffers, frame statistics, and the estimate of the scheduler it watches.
import { createFrameStats, type Stats } from '../core/internal.js';
import type { FrameStats, RefreshRateEstimate } from '../core/index.js';
import type { FixedClockStats } from '../scheduler/index.js';
import type { FrameInfo, FrameScheduler } from '../scheduler/index.js';

/** Flags of a frame in the strip. */
export const DROPPED = 1;
export const FLAP = 2;
export const STEPPED = 4;
export const LOST_TIME = 8;

/** Most vblanks one frame's bar counts (a longer gap is drawn clipped). */
const MAX_VBLANKS = 255;

/** Recent frames (oldest first from `start()`), and what the text lines show. */
export interface OverlayModel {
  /** Feed one frame (call at the end of the frame, after the clock ran). */
  sample(frame: FrameInfo, clock: FixedClockStats | null): void;
  readonly count: number;
  /** Ring index of the `i`-th frame held, oldest first. */
  at(i: number): number;
  /** Per ring slot: the interval before the frame, ms; vblanks it spans; steps run; flags. */
  readonly intervalMs: Float64Array;
  readonly vblanks: Uint8Array;
  readonly steps: Uint8Array;
  readonly flags: Uint8Array;
  /** The scheduler's refresh-rate estimate (its reused object). */
  readonly estimate: RefreshRateEstimate;
  /** [0]: the vblank interval drawn as the grid, ms (typed: docs/performance.md). */
  readonly gridMs: Float64Array;
  readonly stats: FrameStats;
  /** RMS, ms, over the frames held, of how far the shown time's advance strays from the vblanks elapsed. */
  judderMs(): number;
  countFlag(flag: number): number;
  /** Scheduler divisor (vblanks per picture) of the last frame. */
  readonly divisor: number;
}

/** Create the model for a strip of `capacity` frames of `scheduler` (feed it that scheduler's frames). */
export function createOverlayModel(capacity: number, scheduler: Pick<FrameScheduler, 'refreshRate'>): OverlayModel {
  const intervalMs = new Float64Array(capacity);
  const errorMs = new Float64Array(capacity);
  const vblanks = new Uint8Array(capacity);
  const steps = new Uint8Array(capacity);
  const flags = new Uint8Array(capacity);
  const stats = createFrameStats({ windowSize: capacity }) as Stats;
  // Typed (docs/performance.md): [0] last timestamp, [1] last picture time (s), [2] last total
  // dropped (s), [3] grid period, [4] stats' rate, [5] the clock's last elapsed game time (s).
  const last = new Float64Array([NaN, NaN, 0, 1000 / 60, 60, NaN]);
  let head = 0;
  let count = 0;
  let divisor = 1;

  function sample(frame: FrameInfo, clock: FixedClockStats | null): void {
    const t = frame.timestampMs;
    if (!Number.isFinite(t)) return;
    // The scheduler's detector has seen this frame, and every vblank its divisor skipped: while the
    // loop runs every d-th vblank the estimate keeps the display's rate.
    const estimate = scheduler.refreshRate;
    if (estimate.refreshRate !== last[4]) {
      last[4] = estimate.refreshRate;
      last[3] = 1000 / estimate.refreshRate;
      stats.setRefreshRate(estimate.refreshRate);
    }
    divisor = frame.divisor;
    const interval = t - last[0]!;
    last[0] = t;
    // A clock with no jobs, or paused, does not move: nothing to show.
    const cs = clock && clock.elapsedGameSeconds !== last[5] ? clock : null;
    if (clock) last[5] = clock.elapsedGameSeconds;
    // Doubles go straight into typed arrays: a local merged from two branches (x = c ? y : NaN)
    // was boxed, three heap numbers a frame while synced.
    const previousPicture = last[1]!;
    last[1] = NaN;
    if (interval > 0) {
      const onGrid = estimate.state === 'synced';
      const period = last[3]!;
      const n = Math.min(MAX_VBLANKS, Math.max(1, Math.round(interval / period)));
      // Without a vblank grid (measuring, unsynced, throttled) there is nothing to drop or flap against.
      let f = onGrid && n > divisor ? DROPPED : 0;
      errorMs[head] = NaN;
      if (onGrid && !cs) errorMs[head] = interval - n * period;
      if (cs) {
        last[1] = cs.pictureTime;
        f |= STEPPED;
        if (cs.totalDroppedSeconds > last[2]!) f |= LOST_TIME;
        last[2] = cs.totalDroppedSeconds;
        const scale = frame.timeScale * cs.timeScale;
        // The picture's advance in real ms against the vblanks elapsed (x === x: not NaN, no call).
        if (onGrid && scale > 0 && !frame.paused && !cs.paused && previousPicture === previousPicture) {
          const error = ((cs.pictureTime - previousPicture) * 1000) / scale - n * period;
          errorMs[head] = error;
          if (error >= period / 2 || error <= -period / 2) f |= FLAP;
        }
      }
      intervalMs[head] = interval;
      vblanks[head] = n;
      steps[head] = cs ? (cs.steps > 255 ? 255 : cs.steps) : 0;
      flags[head] = f;
      head = head + 1 === capacity ? 0 : head + 1;
      if (count < capacity) count++;
    } else if (cs) {
      last[1] = cs.pictureTime;
    }
    // The frame, not `t`: a number passed to a call V8 does not inline is boxed.
    stats.sampleFrame(frame);
  }

  return {
    sample,
    get count() {
      return count;
    },
    at: (i) => (head - count + i + capacity) % capacity,
    intervalMs,
    vblanks,
    steps,
    flags,
    get estimate() {
      return scheduler.refreshRate;
    },
    gridMs: last.subarray(3, 4),
    stats,
    judderMs() {
      let sum = 0;
      let n = 0;
      for (let i = 0; i < count; i++) {
        const e = errorMs[i]!;
        if (Number.isFinite(e)) {
          sum += e * e;
          n++;
        }
      }
      return n ? Math.sqrt(sum / n) : 0;
    },
    countFlag(flag) {
      let n = 0;
      for (let i = 0; i < count; i++) if (flags[i]! & flag) n++;
      return n;
    },
    get divisor() {
      return divisor;
    },
  };
}
