/**
 * The one place the page's clock and a worker's clock meet. Each counts `performance.now()` from its
 * own time origin (a worker's starts when the worker does), so a page ms is a worker ms plus the
 * difference of the two `performance.timeOrigin`s, taken once when the worker says it is ready.
 * Everything the worker publishes is in worker ms and everything it is sent is converted first, here
 * and only here. (Objects in, objects out: a number crossing a call may be boxed, docs/performance.md.)
 * @internal
 */
import type { SlotHeader } from './protocol.js';

export class ClockOffset {
  /** Page ms minus worker ms at the same instant. */
  offsetMs = 0;

  /** Reconcile with the worker's `performance.timeOrigin` and the page's (ms since the epoch). */
  reconcile(workerTimeOrigin: number, pageTimeOrigin: number): void {
    this.offsetMs = Number.isFinite(workerTimeOrigin) && Number.isFinite(pageTimeOrigin) ? workerTimeOrigin - pageTimeOrigin : 0;
  }

  /** A header's times, worker ms → page ms, in place. */
  headerToPage(h: SlotHeader): void {
    const offset = this.offsetMs;
    h.stepStartMs += offset;
    h.stepEndMs += offset;
    h.ranAtMs += offset;
    h.pausedAtMs += offset;
  }

  /** An event's time, page ms → worker ms, in place. */
  eventToWorker(event: { timestampMs: number }): void {
    event.timestampMs -= this.offsetMs;
  }
}

/** The page's `performance.timeOrigin` (0 where there is none). */
export function pageTimeOrigin(): number {
  return (globalThis as { performance?: { timeOrigin?: number } }).performance?.timeOrigin ?? 0;
}
