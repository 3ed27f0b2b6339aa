import type { FrameCallback, FrameInfo, FramePhase } from './types.js';
import { isDevelopment } from './devMode.js';

/** Phases in the order they run inside a frame. */
export const FRAME_PHASES: readonly FramePhase[] = ['input', 'update', 'render', 'after'];

const PHASE_RANK: Record<FramePhase, number> = { input: 0, update: 1, render: 2, after: 3 };

/** The option names of `subscribe` that order subscribers by name (see {@link SubscriberOrder}). */
export const SUBSCRIBE_ORDER_KEYS: readonly string[] = ['id', 'before', 'after'];

/**
 * Frames a `before`/`after` id may stay unknown before a development warning names it: about two
 * seconds at 60 Hz, long enough for components that mount late (lazy, Suspense, a second effect
 * pass) and short enough to be noticed while the game is being written.
 */
export const UNKNOWN_ID_GRACE_FRAMES = 120;

/** A subscription's name and the names it runs before / after, checked and copied. */
export interface SubscriberOrder {
  /** This subscription's name, unique within its phase; undefined: unnamed. */
  readonly id: string | undefined;
  /** Ids of subscribers (same phase) this one runs before. */
  readonly before: readonly string[];
  /** Ids of subscribers (same phase) this one runs after. */
  readonly after: readonly string[];
}

interface Entry {
  callback: FrameCallback;
  rank: number;
  priority: number;
  /** Subscription order: breaks ties between equal phase and priority. */
  seq: number;
  live: boolean;
  /** Position in `callbacks` since the last layout (−1: not in it yet). */
  index: number;
  id: string | undefined;
  before: readonly string[];
  after: readonly string[];
}

const NONE: readonly string[] = [];

/** Stands in for a callback removed while a frame runs, so the array being iterated keeps its length. */
const REMOVED: FrameCallback = () => undefined;

/** The ordered subscribers of one scheduler. */
export interface SubscriberList {
  /**
   * Add a callback; returns its idempotent remove function. Added during `run`, it first runs next
   * frame. `order` names it and orders it against other names of its phase; an `id` already used
   * in the phase is a RangeError (thrown here, nothing added).
   */
  add(callback: FrameCallback, phase: FramePhase, priority: number, order?: SubscriberOrder): () => void;
  /** Live subscriptions, counting ones added during the current frame. */
  readonly count: number;
  /**
   * Call every live callback in order: phase, then every `before`/`after` constraint, then
   * priority, then subscription order. A callback that throws is handed to `onError` and the rest
   * still run. Callbacks removed during the run do not run. A constraint cycle (or a constraint on
   * an id that only another phase has, which the phase order breaks) found when the order is
   * recomputed is handed to `onError` as a RangeError before the callbacks run, once.
   */
  run(frame: FrameInfo, onError: (error: unknown) => void): void;
  /** Remove everyone. */
  clear(): void;
}

function sortsBefore(a: Entry, b: Entry): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.seq < b.seq;
}

const show = JSON.stringify;

function idList(owner: string, name: string, value: unknown): readonly string[] {
  if (value === undefined) return NONE;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((id) => typeof id !== 'string' || id === '')) {
    throw new RangeError(
      `${owner}: option \`${name}\` must be an id (a non-empty string) or an array of ids, got ${typeof value === 'object' ? show(value) ?? typeof value : typeof value}`,
    );
  }
  return list.slice() as string[];
}

/**
 * Read `id`, `before` and `after` from an options object (the caller has checked its keys).
 * Returns undefined when none is given. Throws a RangeError naming `owner` and the option for an
 * id that is not a non-empty string.
 */
export function readSubscriberOrder(owner: string, options: Record<string, unknown>): SubscriberOrder | undefined {
  const { id } = options;
  if (id === undefined && options.before === undefined && options.after === undefined) return undefined;
  if (id !== undefined && (typeof id !== 'string' || id === '')) {
    throw new RangeError(`${owner}: option \`id\` must be a non-empty string, got ${typeof id === 'string' ? '""' : typeof id}`);
  }
  // Naming itself, or one id in both lists, is a cycle: reported as one at the next frame.
  return { id, before: idList(owner, 'before', options.before), after: idList(owner, 'after', options.after) };
}

function label(entry: Entry): string {
  return entry.id === undefined ? `an unnamed subscriber (priority ${entry.priority})` : show(entry.id);
}

/**
 * Create an empty {@link SubscriberList}. Allocates at `add` and when the order is recomputed,
 * never per frame.
 *
 * Why two arrays: `entries` keeps the base order (sorted by phase, priority, subscription order) and
 * `callbacks` is what a frame iterates, a flat array of functions, laid out again only on the first
 * frame after a change. Removal is O(1) (a flag, plus a stand-in in `callbacks` when a frame is
 * running), so unmounting N components is O(N), not O(N²). Errors are isolated with one `try` per
 * frame that resumes after the callback that threw, instead of a `try` around every call.
 *
 * Named ordering: while any live subscriber has `before`/`after`, the layout is a topological sort
 * (Kahn's algorithm with a heap). Only the subscriber that declares a constraint moves:
 * `before: 'x'` gives it x's place in the base order if that is earlier than its own (so it runs
 * just ahead of x, and x does not wait behind everyone subscribed in between), `after: 'x'` holds
 * it back until x has run. Among the ready subscribers the least place runs first, then the
 * earliest in the base order; with no constraints that is exactly the base order. An id nobody has
 * (yet) is ignored: React mounts components in any order, so a constraint on a component that
 * mounts later must wait for it, not fail; a development warning names it if it is still unknown
 * {@link UNKNOWN_ID_GRACE_FRAMES} frames later. A cycle cannot wait itself out: it is reported (a
 * RangeError naming the ids around it) at the first frame after the change that closed it, and
 * until it is broken its link into its earliest member is ignored; every other constraint holds.
 */
export function createSubscriberList(): SubscriberList {
  const entries: Entry[] = [];
  const callbacks: FrameCallback[] = [];
  // Subscriptions made while a frame runs wait here so the array being iterated never shifts.
  const added: Entry[] = [];
  /** Live named subscribers by phase rank + id (ids are unique within a phase). */
  const named = new Map<string, Entry>();
  let running = false;
  let dirty = false;
  let live = 0;
  /** Live subscribers with at least one `before`/`after`: while 0, the layout is the plain base order. */
  let constrained = 0;
  /** Removed entries still in `entries` (their callbacks already released). */
  let dead = 0;
  let seq = 0;
  /** Problems (cycles, impossible cross-phase orders) of the previous layout: not reported again while they last. */
  let reported: string[] = [];
  /** Unknown-id messages → the frame count when first seen unknown (−1 once warned). */
  const unknown = new Map<string, number>();
  /** Frames counted while a warning is due (a small integer: no allocation to count). */
  let frames = 0;
  /** The frame count at which the oldest unwarned unknown id is due (0: none due). */
  let warnAt = 0;

  function insert(entry: Entry): void {
    // Binary search for the first entry that sorts after this one.
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortsBefore(entry, entries[mid] as Entry)) hi = mid;
      else lo = mid + 1;
    }
    entries.splice(lo, 0, entry);
    dirty = true;
  }

  /** Drop removed entries from `entries`; `callbacks` keeps its layout until the next one. */
  function compact(): void {
    let write = 0;
    for (let read = 0; read < entries.length; read++) {
      const entry = entries[read] as Entry;
      if (entry.live) entries[write++] = entry;
    }
    // pop(), not `length =`: V8 frees the backing store when an array is truncated by length.
    while (entries.length > write) entries.pop();
    dead = 0;
  }

  function place(entry: Entry, at: number): void {
    entry.index = at;
    if (at < callbacks.length) callbacks[at] = entry.callback;
    else callbacks.push(entry.callback);
  }

  /** Compact and lay the live callbacks out flat, in order. No allocation once sized (without constraints). */
  function layout(onError: ((error: unknown) => void) | null): void {
    dirty = false;
    compact();
    const n = entries.length;
    const problems: string[] = [];
    const missing: string[] = [];
    if (constrained === 0) for (let i = 0; i < n; i++) place(entries[i] as Entry, i);
    else order(n, problems, missing);
    while (callbacks.length > n) callbacks.pop();
    // Report each problem once, at the layout that introduced it (one still there later is not new).
    for (const message of problems) if (!reported.includes(message) && onError) onError(new RangeError(message));
    reported = problems;
    for (const key of unknown.keys()) if (!missing.includes(key)) unknown.delete(key);
    for (const key of missing) if (!unknown.has(key)) unknown.set(key, frames);
    schedule();
  }

  /** Lay out the constrained order (see createSubscriberList). Allocates: runs only after a change. */
  function order(n: number, problems: string[], missing: string[]): void {
    const at = new Map<Entry, number>(entries.map((entry, i) => [entry, i]));
    // [from, to, pulls]: `from` runs before `to`; pulls when written as `from`'s `before`.
    const edges: [number, number, boolean][] = [];
    // Ids are matched within the phase: across phases the phase order decides, so such an id is unknown here.
    const find = (entry: Entry, name: string, runsBefore: boolean): number => {
      const other = named.get(entry.rank + name);
      if (other) return at.get(other) as number;
      missing.push(`subscribe: ${label(entry)} runs ${runsBefore ? 'before' : 'after'} ${show(name)}, but no '${FRAME_PHASES[entry.rank]}' subscriber has that id`);
      return -1;
    };
    entries.forEach((entry, i) => {
      for (const name of entry.before) {
        const j = find(entry, name, true);
        if (j >= 0) edges.push([i, j, true]);
      }
      for (const name of entry.after) {
        const j = find(entry, name, false);
        if (j >= 0) edges.push([j, i, false]);
      }
    });
    // Ordered once without a cycle; each cycle found cuts its link into its earliest member.
    for (;;) {
      const next: number[][] = [];
      const waits: number[] = [];
      const rankOf: number[] = [];
      for (let i = 0; i < n; i++) {
        next.push([]);
        waits.push(0);
        rankOf.push(i);
      }
      for (const [from, to] of edges) {
        next[from]?.push(to);
        waits[to] = (waits[to] as number) + 1;
      }
      // Places: `before` lets a subscriber take the other's place if earlier (through chains too).
      // Relaxed to a fixed point: at most n passes, usually two.
      for (let changed = true, pass = 0; changed && pass <= n; pass++) {
        changed = false;
        for (const [from, to, pulls] of edges) {
          if (pulls && (rankOf[to] as number) < (rankOf[from] as number)) {
            rankOf[from] = rankOf[to] as number;
            changed = true;
          }
        }
      }
      // Kahn's algorithm: the ready subscriber with the least (place, base position) runs next.
      // Edges never leave a phase and a place is a position in its own phase, so phases stay in order.
      const heap: number[] = [];
      const push = (i: number): void => {
        let k = heap.push((rankOf[i] as number) * n + i) - 1;
        while (k > 0 && (heap[(k - 1) >> 1] as number) > (heap[k] as number)) {
          const parent = (k - 1) >> 1;
          [heap[parent], heap[k]] = [heap[k] as number, heap[parent] as number];
          k = parent;
        }
      };
      const pop = (): number => {
        const top = heap[0] as number;
        const last = heap.pop() as number;
        if (heap.length > 0) {
          heap[0] = last;
          for (let k = 0; ; ) {
            let child = 2 * k + 1;
            if (child >= heap.length) break;
            if (child + 1 < heap.length && (heap[child + 1] as number) < (heap[child] as number)) child++;
            if ((heap[child] as number) >= (heap[k] as number)) break;
            [heap[child], heap[k]] = [heap[k] as number, heap[child] as number];
            k = child;
          }
        }
        return top % n;
      };
      const done: boolean[] = [];
      for (let i = 0; i < n; i++) if (waits[i] === 0) push(i);
      let count = 0;
      while (heap.length > 0) {
        const i = pop();
        done[i] = true;
        place(entries[i] as Entry, count++);
        for (const j of next[i] as number[]) if (--(waits[j] as number) === 0) push(j);
      }
      if (count === n) return;
      // Stalled: every subscriber left waits on another one left. Walk back through those to a
      // repeat: a cycle. Name it from its earliest member and cut the link into that member.
      const path: number[] = [];
      let i = 0;
      while (done[i]) i++;
      while (!path.includes(i)) {
        path.push(i);
        const edge = edges.find(([from, to]) => to === i && !done[from]) as [number, number, boolean];
        i = edge[0];
      }
      const cycle = path.slice(path.indexOf(i)).reverse();
      const first = cycle.indexOf(Math.min(...cycle));
      const names = cycle.slice(first).concat(cycle.slice(0, first)).map((k) => label(entries[k] as Entry));
      problems.push(
        `subscribe: before/after cycle in the '${FRAME_PHASES[(entries[i] as Entry).rank]}' phase: ${names.join(' → ')} → ${names[0] as string} ` +
          `(→: runs before); ${names[names.length - 1] as string} → ${names[0] as string} is ignored until the cycle is broken`,
      );
      const into = cycle[first] as number;
      const from = cycle[(first + cycle.length - 1) % cycle.length] as number;
      for (let e = edges.length - 1; e >= 0; e--) {
        const edge = edges[e] as [number, number, boolean];
        if (edge[0] === from && edge[1] === into) edges.splice(e, 1);
      }
    }
  }

  /** Set when the oldest unknown id not yet warned about is due. */
  function schedule(): void {
    warnAt = 0;
    for (const since of unknown.values()) if (since >= 0 && (warnAt === 0 || since + UNKNOWN_ID_GRACE_FRAMES < warnAt)) warnAt = since + UNKNOWN_ID_GRACE_FRAMES;
  }

  function warn(): void {
    const due: string[] = [];
    for (const [key, since] of unknown) {
      if (since >= 0 && frames >= since + UNKNOWN_ID_GRACE_FRAMES) {
        due.push(key);
        unknown.set(key, -1);
      }
    }
    schedule();
    if (isDevelopment()) {
      console.warn(
        `${due.join(';\n')}\n(for ${UNKNOWN_ID_GRACE_FRAMES} frames: ignored until one subscribes. Misspelt? Not mounted? Ids are matched within a phase.)`,
      );
    }
  }

  function forget(entry: Entry): void {
    if (entry.id !== undefined && named.get(entry.rank + entry.id) === entry) named.delete(entry.rank + entry.id);
    if (entry.before.length + entry.after.length > 0) constrained--;
  }

  return {
    add(callback, phase, priority, order) {
      const rank = PHASE_RANK[phase];
      const id = order?.id;
      if (id !== undefined && named.has(rank + id)) {
        throw new RangeError(`subscribe: option \`id\` ${show(id)} is taken by another '${phase}' subscriber`);
      }
      const entry: Entry = {
        callback,
        rank,
        priority,
        seq: seq++,
        live: true,
        index: -1,
        id,
        before: order?.before ?? NONE,
        after: order?.after ?? NONE,
      };
      if (id !== undefined) named.set(rank + id, entry);
      if (entry.before.length + entry.after.length > 0) constrained++;
      live++;
      if (running) added.push(entry);
      else insert(entry);
      return () => {
        if (!entry.live) return;
        entry.live = false;
        live--;
        dirty = true;
        forget(entry);
        // Release the callback at once, mid-frame (a callback later in this frame must not run
        // any more) or between frames: no frame may come to compact (a hidden tab), and an
        // unsubscribed closure, with everything it holds, must not stay reachable until then.
        if (entry.index >= 0 && callbacks[entry.index] === entry.callback) callbacks[entry.index] = REMOVED;
        entry.callback = REMOVED;
        // Compact when the dead entries outnumber the live ones: amortised O(1) per removal, so
        // unmounting N components stays O(N) and the entries array stays bounded without frames.
        // The callbacks are laid out again at the next frame (the order may change with a name gone).
        if (!running && ++dead > live) compact();
      };
    },
    get count() {
      return live;
    },
    run(frame, onError) {
      if (dirty) layout(onError);
      // Frames are counted only while an unknown id waits for its warning: one compare per frame
      // otherwise, and the count stays a small integer (no boxed number) however long the game runs.
      if (warnAt !== 0 && ++frames === warnAt) warn();
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
        if (live === 0) layout(null); // everyone left during the frame: release them now
        for (let i = 0; i < added.length; i++) {
          const entry = added[i] as Entry;
          if (entry.live) insert(entry);
        }
        while (added.length > 0) added.pop();
      }
    },
    clear() {
      for (const entry of entries.concat(added)) {
        if (entry.live) forget(entry);
        entry.live = false;
      }
      live = 0;
      while (added.length > 0) added.pop();
      if (running) {
        for (let i = 0; i < callbacks.length; i++) callbacks[i] = REMOVED;
        dirty = true;
      } else {
        layout(null);
      }
    },
  };
}
