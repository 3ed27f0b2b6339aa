import type { FrameSource } from './types.js';

/** A {@link FrameSource} driven by hand: nothing happens until `tick` is called. */
export interface ManualSource extends FrameSource {
  /**
   * Deliver one frame at `timestampMs`: sets the clock to it and runs every callback requested
   * before this call. A callback that requests again is run by the NEXT tick, as with
   * requestAnimationFrame. If callbacks throw, the others still run and the first error is
   * rethrown once all have run.
   */
  tick(timestampMs: number): void;
  /** Move the clock without delivering a frame, e.g. to model work time inside a callback. */
  setNow(timestampMs: number): void;
  /** Callbacks waiting for the next tick. */
  readonly pendingCount: number;
}

/**
 * Create a hand-driven frame source for tests and simulations. `now()` is the last tick time
 * (or whatever `setNow` set), starting at `startMs`.
 */
export function createManualSource(startMs = 0): ManualSource {
  // Two buffers swapped on each tick: callbacks requested during a tick land in the other buffer,
  // so they wait for the next tick. Buffers are never truncated (setting `length = 0` frees the
  // backing store in V8 and the next push reallocates it): a count says how much is in use, so a
  // steady loop allocates nothing per frame.
  let pendingHandles: number[] = [];
  let pendingCallbacks: Array<((timestampMs: number) => void) | null> = [];
  let pendingUsed = 0;
  let runningHandles: number[] = [];
  let runningCallbacks: Array<((timestampMs: number) => void) | null> = [];
  let runningUsed = 0;
  let pendingLive = 0;
  let nextHandle = 1;
  let ticking = false;
  // The clock keeps the very number it was handed (a timestamp is already a boxed number when it
  // arrives as an argument), so storing it and returning it from now() allocate nothing. A typed
  // array slot would not do: reading it out through now() boxes a fresh copy on every call.
  let clockMs = startMs;

  function cancelIn(handles: number[], callbacks: Array<((t: number) => void) | null>, used: number, handle: number): boolean {
    for (let i = 0; i < used; i++) {
      if (handles[i] !== handle) continue;
      if (callbacks[i] === null) return false;
      callbacks[i] = null;
      return true;
    }
    return false;
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
      // A callback of the running tick may cancel one that has not run yet.
      else cancelIn(runningHandles, runningCallbacks, runningUsed, handle);
    },
    now: () => clockMs,
    setNow(timestampMs) {
      clockMs = timestampMs;
    },
    tick(timestampMs) {
      // A tick inside a tick would swap the buffers under the running loop.
      if (ticking) throw new Error('manual frame source: tick() called from inside a frame callback');
      ticking = true;
      clockMs = timestampMs;
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
          callback(timestampMs);
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
    },
    get pendingCount() {
      return pendingLive;
    },
  };
}
