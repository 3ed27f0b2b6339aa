import { createSeededRandom } from '../core/index.js';
import { checkArgument, finite, nonNegative, optionError, positive, type Rules } from '../core/internal.js';
import type { FrameSource } from '../scheduler/index.js';

const OWNER = 'createManualFrameSource';
type Callback = (timestampMs: number) => void;

/** Options of {@link createManualFrameSource}. */
export interface ManualFrameSourceOptions {
  /** Vblanks per second, Hz. Default 60. */
  refreshRate?: number;
  /** Seeded ± jitter of each timestamp, ms, under half an interval. Default 0. */
  jitterMs?: number;
  /** Seed of the jitter, so a failing test replays exactly. Default 1. */
  seed?: number;
  /** Clock time before the first vblank, ms. Default 0. */
  startMs?: number;
}

/** A simulated display for tests: vblank k (k = 1, 2, …) comes at `startMs + k × 1000 / refreshRate`. */
export interface ManualFrameSource extends FrameSource {
  /** Run the next `n` vblanks of the grid; each runs the callbacks requested before it. */
  advanceFrames(n?: number): void;
  /** Move the clock forward by `ms`, running every vblank whose timestamp falls in that span. */
  advanceTime(ms: number): void;
  /** Deliver one frame at exactly `timestampMs`, off the grid if you like; the grid resumes after it. */
  tick(timestampMs: number): void;
  /** Move the clock without delivering a frame, e.g. to model work time inside a callback. */
  setNow(timestampMs: number): void;
  /** The clock, ms: the last frame's timestamp, or later after `advanceTime` / `setNow`. */
  now(): number;
  /** Timestamp of the last frame, ms (`startMs` before the first). */
  readonly timestampMs: number;
  /** Callbacks waiting for the next frame. */
  readonly pendingCount: number;
  /** Frames delivered so far. */
  readonly frameCount: number;
  /** The vblank interval, ms. */
  readonly intervalMs: number;
}

const RULES: Rules<{ refreshRate: number; jitterMs: number; seed: number; startMs: number }> = {
  refreshRate: positive(60),
  jitterMs: nonNegative(0),
  seed: finite(1),
  startMs: finite(0),
};
const OPTION_NAMES = Object.keys(RULES);

/**
 * Create a {@link ManualFrameSource}, a simulated display for `createFrameScheduler({ source })` or
 * `<FrameProvider source>`. See "Testing with a simulated display" in docs/testing.md.
 */
export function createManualFrameSource(options?: ManualFrameSourceOptions): ManualFrameSource {
  const { refreshRate, jitterMs, seed, startMs } = checkArgument(OWNER, options, false, RULES, OPTION_NAMES);
  const intervalMs = 1000 / refreshRate;
  // Under half an interval, jittered timestamps can never reach or pass their neighbours.
  if (jitterMs >= intervalMs / 2) {
    throw new RangeError(`${OWNER}: option \`jitterMs\` must be less than half a refresh interval (${intervalMs / 2} ms), got ${jitterMs}`);
  }
  const random = createSeededRandom(seed);

  // Two buffers swapped each frame: a request made during a frame waits for the next, as with rAF.
  // Never truncated, a count says what is in use (docs/performance.md).
  let pendingHandles: number[] = [];
  let pendingCallbacks: Array<Callback | null> = [];
  let pendingUsed = 0;
  let runningHandles: number[] = [];
  let runningCallbacks: Array<Callback | null> = [];
  let runningUsed = 0;
  let pendingLive = 0;
  let nextHandle = 1;
  let ticking = false;
  // Keeps the number it was handed: returning it from now() allocates nothing (docs/performance.md).
  let clockMs = startMs;
  let frameCount = 0;
  let timestampMs = startMs;
  /** Grid vblanks passed (the next is number `index + 1`) and when the next one comes, ms. */
  const grid = { index: 0, nextMs: 0 };

  function computeNext(): void {
    // Counted from the start, divided last: no rounding error accumulates.
    const nominal = startMs + ((grid.index + 1) * 1000) / refreshRate;
    grid.nextMs = jitterMs === 0 ? nominal : nominal + random.range(-jitterMs, jitterMs);
  }
  computeNext();

  function cancelIn(handles: number[], callbacks: Array<Callback | null>, used: number, handle: number): boolean {
    for (let i = 0; i < used; i++) {
      if (handles[i] !== handle) continue;
      if (callbacks[i] === null) return false;
      callbacks[i] = null;
      return true;
    }
    return false;
  }

  function deliver(t: number): void {
    // A frame inside a frame would swap the buffers under the running loop.
    if (ticking) throw new Error('manual frame source: a frame was delivered from inside a frame callback');
    ticking = true;
    frameCount++;
    timestampMs = t;
    clockMs = t;
    const handles = pendingHandles;
    const callbacks = pendingCallbacks;
    pendingHandles = runningHandles;
    pendingCallbacks = runningCallbacks;
    runningHandles = handles;
    runningCallbacks = callbacks;
    runningUsed = pendingUsed;
    pendingUsed = 0;
    pendingLive = 0;
    let failed = false;
    let firstError: unknown;
    for (let i = 0; i < runningUsed; i++) {
      const callback = callbacks[i];
      if (!callback) continue;
      callbacks[i] = null;
      try {
        callback(t);
      } catch (error) {
        if (!failed) {
          failed = true;
          firstError = error;
        }
      }
    }
    runningUsed = 0;
    ticking = false;
    if (failed) throw firstError;
  }

  function vblank(): void {
    const t = grid.nextMs;
    grid.index++;
    computeNext();
    deliver(t);
  }

  return {
    request(callback) {
      const handle = nextHandle++;
      if (pendingUsed < pendingHandles.length) {
        pendingHandles[pendingUsed] = handle;
        pendingCallbacks[pendingUsed] = callback;
      } else {
        pendingHandles.push(handle);
        pendingCallbacks.push(callback);
      }
      pendingUsed++;
      pendingLive++;
      return handle;
    },
    cancel(handle) {
      if (cancelIn(pendingHandles, pendingCallbacks, pendingUsed, handle)) pendingLive--;
      // A callback of the running frame may cancel one that has not run yet.
      else cancelIn(runningHandles, runningCallbacks, runningUsed, handle);
    },
    now: () => clockMs,
    setNow(ms) {
      clockMs = ms;
    },
    tick(t) {
      // The grid resumes at the first vblank after t (the same one when t is before it).
      const passed = Math.floor(((t - startMs) * refreshRate) / 1000);
      if (passed > grid.index) {
        grid.index = passed;
        computeNext();
      }
      deliver(t);
    },
    advanceFrames(n = 1) {
      if (!(Number.isInteger(n) && n >= 0)) throw optionError('advanceFrames', 'option', 'n', n, 'a whole number >= 0');
      for (let i = 0; i < n; i++) vblank();
    },
    advanceTime(ms) {
      if (!(Number.isFinite(ms) && ms >= 0)) throw optionError('advanceTime', 'option', 'ms', ms, 'a finite number >= 0');
      const target = clockMs + ms;
      while (grid.nextMs <= target) vblank();
      if (clockMs < target) clockMs = target;
    },
    get timestampMs() {
      return timestampMs;
    },
    get pendingCount() {
      return pendingLive;
    },
    get frameCount() {
      return frameCount;
    },
    intervalMs,
  };
}
