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
  /** Position in `callbacks` since the last rebuild (−1: not in it yet). */
  index: number;
}

/** Stands in for a callback removed while a frame runs, so the array being iterated keeps its length. */
const REMOVED: FrameCallback = () => undefined;

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

/**
 * Create an empty {@link SubscriberList}. Allocates at `add`, never per frame.
 *
 * Why two arrays: `entries` keeps the order (sorted by phase, priority, subscription order) and
 * `callbacks` is what a frame iterates, a flat array of functions, rebuilt only on the first frame
 * after a change. Removal is O(1) (a flag, plus a stand-in in `callbacks` when a frame is running),
 * so unmounting N components is O(N), not O(N²). Errors are isolated with one `try` per frame that
 * resumes after the callback that threw, instead of a `try` around every call.
 */
export function createSubscriberList(): SubscriberList {
  const entries: Entry[] = [];
  const callbacks: FrameCallback[] = [];
  // Subscriptions made while a frame runs wait here so the array being iterated never shifts.
  const added: Entry[] = [];
  let running = false;
  let dirty = false;
  let live = 0;
  /** Removed entries still in `entries` (their callbacks already released). */
  let dead = 0;
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
    dirty = true;
  }

  /** Drop removed entries and lay the live callbacks out flat, in order. No allocation once sized. */
  function rebuild(): void {
    dirty = false;
    let write = 0;
    for (let read = 0; read < entries.length; read++) {
      const entry = entries[read] as Entry;
      if (!entry.live) continue;
      entries[write] = entry;
      entry.index = write;
      if (write < callbacks.length) callbacks[write] = entry.callback;
      else callbacks.push(entry.callback);
      write++;
    }
    // pop(), not `length =`: V8 frees the backing store when an array is truncated by length.
    while (entries.length > write) entries.pop();
    dead = 0;
    while (callbacks.length > write) callbacks.pop();
  }

  return {
    add(callback, phase, priority) {
      const entry: Entry = { callback, rank: PHASE_RANK[phase], priority, seq: seq++, live: true, index: -1 };
      live++;
      if (running) added.push(entry);
      else insert(entry);
      return () => {
        if (!entry.live) return;
        entry.live = false;
        live--;
        dirty = true;
        // Release the callback at once, mid-frame (a callback later in this frame must not run
        // any more) or between frames: no frame may come to compact (a hidden tab), and an
        // unsubscribed closure, with everything it holds, must not stay reachable until then.
        if (entry.index >= 0 && callbacks[entry.index] === entry.callback) callbacks[entry.index] = REMOVED;
        entry.callback = REMOVED;
        // Compact when the dead entries outnumber the live ones: amortised O(1) per removal, so
        // unmounting N components stays O(N) and the entries array stays bounded without frames.
        if (!running && ++dead > live) rebuild();
      };
    },
    get count() {
      return live;
    },
    run(frame, onError) {
      if (dirty) rebuild();
      running = true;
      try {
        // `callbacks` does not change length during the run: additions wait in `added`, removals
        // put REMOVED in their slot.
        const n = callbacks.length;
        let i = 0;
        while (i < n) {
          try {
            for (; i < n; i++) (callbacks[i] as FrameCallback)(frame);
          } catch (error) {
            i++; // resume after the callback that threw
            onError(error);
          }
        }
      } finally {
        running = false;
        if (live === 0) rebuild(); // everyone left during the frame: release them now
        for (let i = 0; i < added.length; i++) {
          const entry = added[i] as Entry;
          if (entry.live) insert(entry);
        }
        while (added.length > 0) added.pop();
      }
    },
    clear() {
      for (let i = 0; i < entries.length; i++) (entries[i] as Entry).live = false;
      for (let i = 0; i < added.length; i++) (added[i] as Entry).live = false;
      live = 0;
      while (added.length > 0) added.pop();
      if (running) {
        for (let i = 0; i < callbacks.length; i++) callbacks[i] = REMOVED;
        dirty = true;
      } else {
        rebuild();
      }
    },
  };
}
