import type { FrameCallback, FrameInfo, FramePhase } from './types.js';

/** Phases in the order they run inside a frame. */
export const FRAME_PHASES: readonly FramePhase[] = ['input', 'update', 'render', 'after'];

const PHASE_RANK: Record<FramePhase, number> = { input: 0, update: 1, render: 2, after: 3 };

interface Entry {
  callback: FrameCallback;
  rank: number;
  priority: number;
  /** Subscription order: breaks ties between equal phase and priority. */
  seq: number;
  live: boolean;
}

/** The ordered subscribers of one scheduler. */
export interface SubscriberList {
  /** Add a callback; returns its idempotent remove function. Added during `run`, it first runs next frame. */
  add(callback: FrameCallback, phase: FramePhase, priority: number): () => void;
  /** Live subscriptions, counting ones added during the current frame. */
  readonly count: number;
  /**
   * Call every live callback in order (phase, priority, subscription order). A callback that throws
   * is handed to `onError` and the rest still run. Callbacks removed during the run do not run.
   */
  run(frame: FrameInfo, onError: (error: unknown) => void): void;
  /** Remove everyone. */
  clear(): void;
}

function before(a: Entry, b: Entry): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.seq < b.seq;
}

/** Create an empty {@link SubscriberList}. Allocates at `add`, never per frame. */
export function createSubscriberList(): SubscriberList {
  const entries: Entry[] = [];
  // Subscriptions made while a frame runs wait here so the array being iterated never shifts.
  const added: Entry[] = [];
  let running = false;
  let removedDuringRun = false;
  let live = 0;
  let seq = 0;

  function insert(entry: Entry): void {
    // Binary search for the first entry that sorts after this one.
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(entry, entries[mid] as Entry)) hi = mid;
      else lo = mid + 1;
    }
    entries.splice(lo, 0, entry);
  }

  function compact(): void {
    let write = 0;
    for (let read = 0; read < entries.length; read++) {
      const entry = entries[read] as Entry;
      if (entry.live) entries[write++] = entry;
    }
    entries.length = write;
  }

  return {
    add(callback, phase, priority) {
      const entry: Entry = { callback, rank: PHASE_RANK[phase], priority, seq: seq++, live: true };
      live++;
      if (running) added.push(entry);
      else insert(entry);
      return () => {
        if (!entry.live) return;
        entry.live = false;
        live--;
        if (running) {
          removedDuringRun = true;
          return;
        }
        const index = entries.indexOf(entry);
        if (index >= 0) entries.splice(index, 1);
      };
    },
    get count() {
      return live;
    },
    run(frame, onError) {
      running = true;
      try {
        // `entries` does not change length during the run: additions wait in `added`, removals only
        // clear `live`.
        for (let i = 0; i < entries.length; i++) {
          const entry = entries[i] as Entry;
          if (!entry.live) continue;
          try {
            entry.callback(frame);
          } catch (error) {
            onError(error);
          }
        }
      } finally {
        running = false;
        if (removedDuringRun) {
          removedDuringRun = false;
          compact();
        }
        for (let i = 0; i < added.length; i++) {
          const entry = added[i] as Entry;
          if (entry.live) insert(entry);
        }
        added.length = 0;
      }
    },
    clear() {
      for (let i = 0; i < entries.length; i++) (entries[i] as Entry).live = false;
      for (let i = 0; i < added.length; i++) (added[i] as Entry).live = false;
      live = 0;
      added.length = 0;
      if (running) removedDuringRun = true;
      else entries.length = 0;
    },
  };
}
