// A hand-driven "browser": requestAnimationFrame, cancelAnimationFrame and performance.now stubbed
// on globalThis, so the DEFAULT frame source (the one users get) is what runs. Frames come only
// when the test calls `frame(t)`, exactly like a tab the browser stops painting while hidden.
import { vi } from 'vitest';

export interface FakeBrowser {
  /** Deliver one frame at `timestampMs`: every callback requested before this call runs. */
  frame(timestampMs: number): void;
  /** Move performance.now() without a frame. */
  setNow(timestampMs: number): void;
  /** Callbacks waiting for the next frame. */
  readonly pendingCount: number;
  /** requestAnimationFrame calls so far. */
  readonly requests: number;
  /** Errors thrown out of frame callbacks, as a browser would report them (uncaught). */
  readonly uncaught: unknown[];
  /** Undo the stubs. */
  restore(): void;
}

export function installFakeBrowser(startMs = 0): FakeBrowser {
  let now = startMs;
  let next = 1;
  let requests = 0;
  let pending = new Map<number, (t: number) => void>();
  const uncaught: unknown[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: (t: number) => void) => {
    requests++;
    const handle = next++;
    pending.set(handle, callback);
    return handle;
  });
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
    pending.delete(handle);
  });
  const nowSpy = vi.spyOn(performance, 'now').mockImplementation(() => now);
  return {
    frame(timestampMs) {
      now = timestampMs;
      const running = pending;
      pending = new Map();
      for (const callback of running.values()) {
        try {
          callback(timestampMs);
        } catch (error) {
          uncaught.push(error);
        }
      }
    },
    setNow(timestampMs) {
      now = timestampMs;
    },
    get pendingCount() {
      return pending.size;
    },
    get requests() {
      return requests;
    },
    uncaught,
    restore() {
      nowSpy.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}
