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
 */
export function createBrowserFrameSource(): FrameSource {
  // Fallback timers get negative handles so they never collide with rAF handles (always > 0).
  const timers = new Map<number, unknown>();
  let nextTimer = -1;

  return {
    request(callback) {
      const g = globalThis as unknown as TimerGlobals;
      if (typeof g.requestAnimationFrame === 'function') return g.requestAnimationFrame(callback);
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
      } else if (typeof g.cancelAnimationFrame === 'function') {
        g.cancelAnimationFrame(handle);
      }
    },
    now,
  };
}
