import type { FrameSource } from './types.js';

/** The frame period used when there is no requestAnimationFrame (server, Node): 60 Hz. */
const FALLBACK_INTERVAL_MS = 1000 / 60;

interface TimerGlobals {
  requestAnimationFrame?: (callback: (timestampMs: number) => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
  performance?: { now(): number };
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

function now(): number {
  const g = globalThis as unknown as TimerGlobals;
  const perf = g.performance;
  return perf && typeof perf.now === 'function' ? perf.now() : Date.now();
}

/**
 * The default {@link FrameSource}: `requestAnimationFrame` and `performance.now()`.
 *
 * Every global is read when it is used, never at import or creation, so that vitest fake timers
 * (or any polyfill) installed later still drive it, and importing on a server touches nothing.
 * Without `requestAnimationFrame` it falls back to `setTimeout` on a 60 Hz grid with
 * `performance.now()` (or `Date.now()`) timestamps.
 *
 * When `requestAnimationFrame` is replaced while a request is pending (fake timers installed after
 * real frames ran, or removed again), `stale(handle)` says so: the scheduler cancels that request
 * (with the cancel function that belongs to it) and asks the new one at its next request. A frame
 * of the replaced function that still arrives is handed out with a NaN timestamp (delta 0), since
 * its timestamp is on the other clock.
 */
export function createBrowserFrameSource(): FrameSource {
  // Fallback timers get negative handles so they never collide with rAF handles (always > 0).
  const timers = new Map<number, unknown>();
  let nextTimer = -1;
  // The requestAnimationFrame / cancelAnimationFrame the last request went to. When the globals
  // are swapped later (vitest fake timers installed or removed), a pending request belongs to the
  // other clock: it is cancelled with its own cancel function, and its frame, if it still comes,
  // carries a timestamp of the other clock.
  let rafUsed: TimerGlobals['requestAnimationFrame'] | null = null;
  let cafUsed: TimerGlobals['cancelAnimationFrame'] | null = null;
  // One wrapper per callback (the scheduler always passes the same one): no allocation per frame.
  let wrappedFor: ((timestampMs: number) => void) | null = null;
  let wrapped: ((timestampMs: number) => void) | null = null;

  function wrap(callback: (timestampMs: number) => void): (timestampMs: number) => void {
    if (callback !== wrappedFor) {
      wrappedFor = callback;
      wrapped = (timestampMs) => {
        const g = globalThis as unknown as TimerGlobals;
        // A frame from a requestAnimationFrame that is no longer the global one: its timestamp is
        // on the replaced clock. Hand it out as NaN ("no valid timestamp": delta 0), so the real
        // time that passed never becomes a spurious delta on the fake clock, or the other way.
        callback(g.requestAnimationFrame === rafUsed ? timestampMs : Number.NaN);
      };
    }
    return wrapped as (timestampMs: number) => void;
  }

  return {
    request(callback) {
      const g = globalThis as unknown as TimerGlobals;
      if (typeof g.requestAnimationFrame === 'function') {
        rafUsed = g.requestAnimationFrame;
        cafUsed = g.cancelAnimationFrame;
        return g.requestAnimationFrame(wrap(callback));
      }
      const handle = nextTimer--;
      const t = now();
      // Aim at the next point of a steady 60 Hz grid so the deltas stay even. Timers fire on whole
      // milliseconds, so the point must be at least 1 ms away, or a timer that fired a fraction
      // early would fire again at once.
      const target = (Math.floor((t + 1) / FALLBACK_INTERVAL_MS) + 1) * FALLBACK_INTERVAL_MS;
      const delay = Math.ceil(target - t);
      timers.set(
        handle,
        g.setTimeout(() => {
          timers.delete(handle);
          callback(now());
        }, delay),
      );
      return handle;
    },
    cancel(handle) {
      const g = globalThis as unknown as TimerGlobals;
      if (handle < 0) {
        const timer = timers.get(handle);
        if (timer !== undefined) {
          timers.delete(handle);
          g.clearTimeout(timer);
        }
      } else if (typeof cafUsed === 'function') {
        // The cancel function paired with the requestAnimationFrame the request went to.
        cafUsed(handle);
      } else if (typeof g.cancelAnimationFrame === 'function') {
        g.cancelAnimationFrame(handle);
      }
    },
    stale(handle) {
      const g = globalThis as unknown as TimerGlobals;
      if (handle < 0) return typeof g.requestAnimationFrame === 'function';
      return g.requestAnimationFrame !== rafUsed;
    },
    now,
  };
}
