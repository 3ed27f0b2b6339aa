import type { FrameCallback, FrameInfo, FramePhase } from './types.js';

/** Phases in the order they run inside a frame. */
export const FRAME_PHASES: readonly FramePhase[] = ['input', 'update', 'render', 'after'];

/** One subscription of a list. */
export interface FrameSubscription {
  /** Unsubscribe (idempotent). */
  remove(): void;
}

/** A subscription's name and the names it runs before / after, checked and copied (see namedOrder.ts). */
export interface SubscriberOrder {
  readonly id: string | undefined;
  readonly before: readonly string[];
  readonly after: readonly string[];
}

/** One subscription. */
export interface Entry {
  callback: FrameCallback;
  /** Phase as its index in {@link FRAME_PHASES}. */
  rank: number;
  priority: number;
  live: boolean;
  /** Position in `callbacks` since the last layout (−1: not in it yet). */
  index: number;
  order: SubscriberOrder | undefined;
}

/** Named ordering (`id` / `before` / `after`), installed at the first subscription naming ids. @internal */
export interface SubscriberOrdering {
  /** Check and copy `id` / `before` / `after` of an options object. */
  read(owner: string, options: Record<string, unknown>): SubscriberOrder | undefined;
  /** Claim an added entry's id (RangeError when its phase has it already). */
  add(entry: Entry): void;
  forget(entry: Entry): void;
  /** Lay the live `entries` out with `place`; returns the frame count an unknown-id warning is due at (0: none). */
  layout(entries: readonly Entry[], place: (entry: Entry, at: number) => void, onError: ((error: unknown) => void) | null, frames: number): number;
  /** `frames` reached the count `layout` or `warn` returned: warn, and return the next such count (0: none). */
  warn(frames: number): number;
}

/** The ordered subscribers of one scheduler. */
export interface SubscriberList {
  /** Add a subscription; one added during `run` first runs next frame. */
  add(callback: FrameCallback, phase: FramePhase, priority: number, order?: SubscriberOrder): FrameSubscription;
  /** Live subscriptions. A method, not a getter: docs/performance.md (dictionary mode). */
  count(): number;
  /** Call every live subscription in order; one that throws goes to `onError` and the rest still run. */
  run(frame: FrameInfo, onError: (error: unknown) => void): void;
  clear(): void;
  /** The installed named ordering, or null. */
  ordering: SubscriberOrdering | null;
}

/** Stands in for a callback removed while a frame runs, so the array being iterated keeps its length. */
const REMOVED: FrameCallback = () => undefined;

/**
 * Create an empty {@link SubscriberList}: `entries` keeps the base order, `callbacks` is the flat
 * array a frame iterates, laid out on the first frame after a change. Removal is O(1).
 */
export function createSubscriberList(ordering: SubscriberOrdering | null = null): SubscriberList {
  const entries: Entry[] = [];
  const callbacks: FrameCallback[] = [];
  // Subscriptions made while a frame runs wait here so the array being iterated never shifts.
  const added: Entry[] = [];
  let running = false;
  let dirty = false;
  let live = 0;
  let dead = 0;
  /** Frames counted while an unknown-id warning is due at `warnAt` (0: none). */
  let frames = 0;
  let warnAt = 0;

  function insert(entry: Entry): void {
    // Binary search; ties keep subscription order.
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = entries[mid] as Entry;
      if (entry.rank < other.rank || (entry.rank === other.rank && entry.priority < other.priority)) hi = mid;
      else lo = mid + 1;
    }
    entries.splice(lo, 0, entry);
    dirty = true;
  }

  function compact(): void {
    let write = 0;
    for (const entry of entries) if (entry.live) entries[write++] = entry;
    // pop(), not `length =`: docs/performance.md.
    while (entries.length > write) entries.pop();
    dead = 0;
  }

  function place(entry: Entry, at: number): void {
    entry.index = at;
    if (at < callbacks.length) callbacks[at] = entry.callback;
    else callbacks.push(entry.callback);
  }

  function layout(onError: ((error: unknown) => void) | null): void {
    dirty = false;
    compact();
    if (list.ordering) warnAt = list.ordering.layout(entries, place, onError, frames);
    else entries.forEach(place);
    while (callbacks.length > entries.length) callbacks.pop();
  }

  const list: SubscriberList = {
    ordering,
    add(callback, phase, priority, order) {
      const entry: Entry = { callback, rank: FRAME_PHASES.indexOf(phase), priority, live: true, index: -1, order };
      if (order) list.ordering?.add(entry);
      live++;
      if (running) added.push(entry);
      else insert(entry);
      return {
        remove() {
          if (!entry.live) return;
          entry.live = false;
          live--;
          dirty = true;
          if (entry.order) list.ordering?.forget(entry);
          // Release the closure now: no frame may come to compact (a hidden tab).
          if (callbacks[entry.index] === entry.callback) callbacks[entry.index] = REMOVED;
          entry.callback = REMOVED;
          // Compact when the dead outnumber the live: amortised O(1), bounded without frames.
          if (!running && ++dead > live) compact();
        },
      };
    },
    count: () => live,
    run(frame, onError) {
      if (dirty) layout(onError);
      if (warnAt !== 0 && ++frames === warnAt) warnAt = (list.ordering as SubscriberOrdering).warn(frames);
      running = true;
      const n = callbacks.length;
      let i = 0;
      try {
        while (i < n) {
          try {
            for (; i < n; i++) (callbacks[i] as FrameCallback)(frame);
          } catch (error) {
            i++; // resume after the one that threw
            onError(error);
          }
        }
      } finally {
        running = false;
        if (live === 0) layout(null); // everyone left during the frame: release them now
        if (added.length !== 0) {
          for (const entry of added) if (entry.live) insert(entry);
          while (added.length > 0) added.pop();
        }
      }
    },
    clear() {
      for (const entry of entries.concat(added)) {
        if (entry.live && entry.order) list.ordering?.forget(entry);
        entry.live = false;
      }
      live = 0;
      while (added.length > 0) added.pop();
      if (running) {
        callbacks.fill(REMOVED);
        dirty = true;
      } else {
        layout(null);
      }
    },
  };
  return list;
}
