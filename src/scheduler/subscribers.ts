import type { FrameCallback, FrameInfo, FramePhase } from './types.js';

/** Phases in the order they run inside a frame. */
export const FRAME_PHASES: readonly FramePhase[] = ['input', 'update', 'render', 'after'];

/** One subscription of a list. */
export interface FrameSubscription {
  /** Idempotent. */
  remove(): void;
}

/** A subscription's name and the names it runs before / after, checked and copied (see namedOrder.ts). */
export interface SubscriberOrder {
  /** This subscription's name, unique within its phase; undefined: unnamed. */
  readonly id: string | undefined;
  /** Ids of subscribers (same phase) this one runs before. */
  readonly before: readonly string[];
  /** Ids of subscribers (same phase) this one runs after. */
  readonly after: readonly string[];
}

/** One subscription. */
export interface Entry {
  callback: FrameCallback;
  /** Phase as its index in {@link FRAME_PHASES}. */
  rank: number;
  priority: number;
  live: boolean;
  /** Position in `callbacks`, the flat array a frame iterates, since the last layout (−1: not in it yet). */
  index: number;
  /** Its name and before/after constraints; undefined: none. */
  order: SubscriberOrder | undefined;
}

/**
 * Named ordering (`id` / `before` / `after`), started in a list by the scheduler at the first
 * subscription that names ids. The list works without it, in the base order.
 * @internal
 */
export interface SubscriberOrdering {
  /** Check and copy `id` / `before` / `after` of an options object; RangeError naming `owner` and the option. */
  read(owner: string, options: Record<string, unknown>): SubscriberOrder | undefined;
  /** An entry with an order is added: claim its id (a RangeError when its phase has it already; nothing changes then). */
  add(entry: Entry): void;
  /** An entry with an order is removed. */
  forget(entry: Entry): void;
  /**
   * Lay the live `entries` (in base order) out with `place`, report new problems to `onError`,
   * and return the frame count at which an unknown-id warning is due (0: none).
   */
  layout(entries: readonly Entry[], place: (entry: Entry, at: number) => void, onError: ((error: unknown) => void) | null, frames: number): number;
  /** `frames` reached the count `layout` or `warn` returned: warn, and return the next such count (0: none). */
  warn(frames: number): number;
}

/** The ordered subscribers of one scheduler. */
export interface SubscriberList {
  /**
   * Add a subscription. Added during `run`, it first runs next frame. `order` needs
   * {@link SubscriberList.ordering}.
   */
  add(callback: FrameCallback, phase: FramePhase, priority: number, order?: SubscriberOrder): FrameSubscription;
  /**
   * Live subscriptions, counting ones added during the current frame. A method, not a getter: an
   * object literal with an accessor is made in dictionary mode, and a frame calls `run` on it.
   */
  count(): number;
  /**
   * Call every live subscription in order: phase, then (with named ordering) every `before`/`after`
   * constraint, then priority, then subscription order. One that throws is handed to `onError` and
   * the rest still run. Ones removed during the run do not run.
   */
  run(frame: FrameInfo, onError: (error: unknown) => void): void;
  /** Remove everyone. */
  clear(): void;
  /** The installed named ordering, or null (then subscriptions with an `order` are refused by the scheduler). */
  ordering: SubscriberOrdering | null;
}

/** Stands in for a callback removed while a frame runs, so the array being iterated keeps its length. */
const REMOVED: FrameCallback = () => undefined;

/**
 * Create an empty {@link SubscriberList}. Allocates at `add` and when the order is recomputed,
 * never per frame.
 *
 * Why two arrays: `entries` keeps the base order (sorted by phase, priority, subscription order)
 * and `callbacks` is what a frame iterates, a flat array of functions, laid out again only on the
 * first frame after a change. Removal is O(1) (a flag, plus a stand-in in `callbacks` when a frame is running), so
 * unmounting N components is O(N), not O(N²). Errors are isolated with one `try` per frame that
 * resumes after the subscription that threw, instead of a `try` around every call.
 */
export function createSubscriberList(ordering: SubscriberOrdering | null = null): SubscriberList {
  const entries: Entry[] = [];
  const callbacks: FrameCallback[] = [];
  // Subscriptions made while a frame runs wait here so the array being iterated never shifts.
  const added: Entry[] = [];
  let running = false;
  let dirty = false;
  let live = 0;
  /** Removed entries still in `entries`. */
  let dead = 0;
  /** Frames counted while an unknown-id warning is due (a small integer: no allocation to count). */
  let frames = 0;
  /** The count of `frames` at which it is due (0: none). */
  let warnAt = 0;

  function insert(entry: Entry): void {
    // Binary search for the first entry that sorts after this one (phase, then priority; ties keep subscription order).
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

  /** Drop removed entries from `entries`; `callbacks` keeps its layout until the next one. */
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

  /** Compact and lay the live subscriptions out flat, in order. No allocation once sized (without named ordering). */
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
          // Release the callback at once, mid-frame (one later in this frame must not run any
          // more) or between frames: no frame may come to compact (a hidden tab), and an
          // unsubscribed closure, with everything it holds, must not stay reachable until then.
          if (callbacks[entry.index] === entry.callback) callbacks[entry.index] = REMOVED;
          entry.callback = REMOVED;
          // Compact when the dead entries outnumber the live ones: amortised O(1) per removal, so
          // unmounting N components stays O(N) and `entries` stays bounded without frames.
          if (!running && ++dead > live) compact();
        },
      };
    },
    count: () => live,
    run(frame, onError) {
      if (dirty) layout(onError);
      // Counted only while an unknown id waits for its warning: one compare per frame otherwise.
      if (warnAt !== 0 && ++frames === warnAt) warnAt = (list.ordering as SubscriberOrdering).warn(frames);
      running = true;
      // `callbacks` does not change length during the run: additions wait in `added`, removals put REMOVED in their slot.
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
