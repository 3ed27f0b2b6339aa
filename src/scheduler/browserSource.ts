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
 * The default {@link FrameSource}: `requestAnimationFrame` and `performance.now()`, read when used
 * so fake timers installed later drive it; see "Where frames come from" in docs/scheduler.md.
 */
export function createBrowserFrameSource(): FrameSource {
  // Fallback timers get negative handles so they never collide with rAF handles (always > 0).
  const timers = new Map<number, unknown>();
  let nextTimer = -1;
  // The rAF / cancel pair the last request went to: a pending request on swapped globals is stale.
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
        // From a replaced rAF, on the other clock: NaN (delta 0), never a spurious delta.
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
      // The next point of a steady 60 Hz grid, at least 1 ms away (timers fire on whole ms).
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
