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
  // so they wait for the next tick, and no array is allocated per frame.
  let pendingHandles: number[] = [];
  let pendingCallbacks: Array<((timestampMs: number) => void) | null> = [];
  let runningHandles: number[] = [];
  let runningCallbacks: Array<((timestampMs: number) => void) | null> = [];
  let pendingLive = 0;
  let nextHandle = 1;
  let nowMs = startMs;

  function cancelIn(handles: number[], callbacks: Array<((t: number) => void) | null>, handle: number): boolean {
    const index = handles.indexOf(handle);
    if (index < 0 || callbacks[index] === null) return false;
    callbacks[index] = null;
    return true;
  }

  return {
    request(callback) {
      const handle = nextHandle++;
      pendingHandles.push(handle);
      pendingCallbacks.push(callback);
      pendingLive++;
      return handle;
    },
    cancel(handle) {
      if (cancelIn(pendingHandles, pendingCallbacks, handle)) pendingLive--;
      // A callback of the running tick may cancel one that has not run yet.
      else cancelIn(runningHandles, runningCallbacks, handle);
    },
    now: () => nowMs,
    setNow(timestampMs) {
      nowMs = timestampMs;
    },
    tick(timestampMs) {
      nowMs = timestampMs;
      const handles = pendingHandles;
      const callbacks = pendingCallbacks;
      pendingHandles = runningHandles;
      pendingCallbacks = runningCallbacks;
      runningHandles = handles;
      runningCallbacks = callbacks;
      pendingLive = 0;
      let failed = false;
      let firstError: unknown;
      for (let i = 0; i < callbacks.length; i++) {
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
      handles.length = 0;
      callbacks.length = 0;
      if (failed) throw firstError;
    },
    get pendingCount() {
      return pendingLive;
    },
  };
}
