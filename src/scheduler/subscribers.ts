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
  /** Position in `entries` during a layout (scratch). */
  pos: number;
  id: string | undefined;
  before: readonly string[];
  after: readonly string[];
}

const NONE: readonly string[] = Object.freeze([]);

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

function idList(owner: string, name: string, value: unknown): readonly string[] {
  if (value === undefined) return NONE;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((id) => typeof id !== 'string' || id === '')) {
    const shown = typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? JSON.stringify(value) : typeof value;
    throw new RangeError(`${owner}: option \`${name}\` must be an id (a non-empty string) or an array of ids, got ${shown}`);
  }
  return list.length === 0 ? NONE : Object.freeze(list.slice() as string[]);
}

/**
 * Read `id`, `before` and `after` from an options object (the caller has checked its keys).
 * Returns undefined when none is given. Throws a RangeError naming `owner` and the option for an
 * id that is not a non-empty string, and for a subscriber that names itself in `before`/`after`.
 */
export function readSubscriberOrder(owner: string, options: Record<string, unknown>): SubscriberOrder | undefined {
  const { id } = options;
  if (id === undefined && options.before === undefined && options.after === undefined) return undefined;
  if (id !== undefined && (typeof id !== 'string' || id === '')) {
    throw new RangeError(`${owner}: option \`id\` must be a non-empty string, got ${typeof id === 'string' ? '""' : typeof id}`);
  }
  const before = idList(owner, 'before', options.before);
  const after = idList(owner, 'after', options.after);
  const both = before.find((other) => after.includes(other));
  if (both !== undefined) throw new RangeError(`${owner}: ${JSON.stringify(both)} is in both \`before\` and \`after\``);
  if (id !== undefined) {
    const name = before.includes(id) ? 'before' : after.includes(id) ? 'after' : undefined;
    if (name !== undefined) throw new RangeError(`${owner}: option \`${name}\` names the subscriber's own id ${JSON.stringify(id)}`);
  }
  return { id, before, after };
}

function label(entry: Entry): string {
  return entry.id === undefined ? `an unnamed subscriber (priority ${entry.priority})` : JSON.stringify(entry.id);
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
 * (Kahn's algorithm, one phase at a time). Only the subscriber that declares a constraint moves:
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
  /** Live named subscribers, one map per phase (ids are unique within a phase). */
  const named: Map<string, Entry>[] = [new Map(), new Map(), new Map(), new Map()];
  let running = false;
  let dirty = false;
  let live = 0;
  /** Live subscribers with at least one `before`/`after`: while 0, the layout is the plain base order. */
  let constrained = 0;
  /** Removed entries still in `entries` (their callbacks already released). */
  let dead = 0;
  let seq = 0;

  // Scratch of the topological layout, reused from one layout to the next.
  const edgeFrom: number[] = [];
  const edgeTo: number[] = [];
  const outStart: number[] = [];
  const outList: number[] = [];
  const indegree: number[] = [];
  /** 1 where the edge comes from a `before` (the declaring subscriber takes the other's place). */
  const edgePull: number[] = [];
  /** 1 where the edge was cut to break a cycle (this layout only). */
  const edgeOff: number[] = [];
  /** Each subscriber's place in the order: its own position, or an earlier one taken over through `before`. */
  const rankOf: number[] = [];
  const heap: number[] = [];
  /** Problems (cycles, impossible cross-phase orders) reported at the previous layout: not repeated while they last. */
  let reported = new Set<string>();
  /** Unknown-id messages → the frame count when first seen unknown (−1 once warned). */
  const unknown = new Map<string, number>();
  /** Frames run (a small integer: no allocation to count). */
  let framesRun = 0;
  /** The frame count at which the oldest unwarned unknown id is due for a warning (0: none due). */
  let warnAtFrame = 0;

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
      if (!entry.live) continue;
      entries[write++] = entry;
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
    if (constrained === 0) {
      for (let i = 0; i < n; i++) place(entries[i] as Entry, i);
      if (reported.size > 0) reported = new Set();
      if (unknown.size > 0) unknown.clear();
      warnAtFrame = 0;
    } else {
      layoutConstrained(n, onError);
    }
    while (callbacks.length > n) callbacks.pop();
  }

  /** Subscribers in the current layout (heap keys are `place × width + position`). */
  let width = 0;

  /** Make subscriber `i` ready: it runs when its place (`rankOf[i]`, then its own position) is the least ready. */
  function push(i: number): void {
    const key = (rankOf[i] as number) * width + i;
    let at = heap.length;
    heap.push(key);
    while (at > 0) {
      const parent = (at - 1) >>> 1;
      if ((heap[parent] as number) <= key) break;
      heap[at] = heap[parent] as number;
      at = parent;
    }
    heap[at] = key;
  }

  function pop(): number {
    const top = heap[0] as number;
    const last = heap.pop() as number;
    const size = heap.length;
    if (size > 0) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && (heap[right] as number) < (heap[left] as number) ? right : left;
        if ((heap[child] as number) >= last) break;
        heap[at] = heap[child] as number;
        at = child;
      }
      heap[at] = last;
    }
    return top % width;
  }

  function setLength(array: number[], length: number): void {
    while (array.length < length) array.push(0);
    while (array.length > length) array.pop();
  }

  function layoutConstrained(n: number, onError: ((error: unknown) => void) | null): void {
    for (let i = 0; i < n; i++) (entries[i] as Entry).pos = i;
    const problems: string[] = [];
    const missing: string[] = [];
    // Edges within a phase, from the subscriber that runs first to the one that runs after it.
    let edges = 0;
    const edge = (from: number, to: number, pull: number): void => {
      if (edges < edgeFrom.length) {
        edgeFrom[edges] = from;
        edgeTo[edges] = to;
        edgePull[edges] = pull;
        edgeOff[edges] = 0;
      } else {
        edgeOff.push(0);
        edgeFrom.push(from);
        edgeTo.push(to);
        edgePull.push(pull);
      }
      edges++;
    };
    for (let i = 0; i < n; i++) {
      const entry = entries[i] as Entry;
      for (let k = 0; k < entry.before.length; k++) {
        const other = resolve(entry, entry.before[k] as string, true, problems, missing);
        if (other !== undefined) edge(i, other.pos, 1);
      }
      for (let k = 0; k < entry.after.length; k++) {
        const other = resolve(entry, entry.after[k] as string, false, problems, missing);
        if (other !== undefined) edge(other.pos, i, 0);
      }
    }
    for (let e = 0; e < edges; e++) edgeOff[e] = 0;
    width = n;
    // Ordered once without a cycle; each cycle found cuts one of its constraints and starts over.
    while (!order(n, edges, problems)) {
      while (heap.length > 0) heap.pop();
    }

    // Report each problem once, at the layout that introduced it (one still there later is not new).
    const next = new Set(problems);
    for (const message of next) if (!reported.has(message) && onError !== null) onError(new RangeError(message));
    reported = next;
    trackUnknown(missing);
  }

  /**
   * Lay out the `n` subscribers along the `edges` not cut. Returns false after cutting a cycle's
   * constraint into its earliest member (and naming the cycle in `problems`): call again.
   */
  function order(n: number, edges: number, problems: string[]): boolean {
    // Compressed adjacency: the successors of i are outList[outStart[i] .. outStart[i + 1]).
    setLength(outStart, n + 1);
    setLength(indegree, n);
    setLength(outList, edges);
    for (let i = 0; i <= n; i++) outStart[i] = 0;
    for (let i = 0; i < n; i++) indegree[i] = 0;
    for (let e = 0; e < edges; e++) {
      if (edgeOff[e] === 1) continue;
      const from = edgeFrom[e] as number;
      const to = edgeTo[e] as number;
      outStart[from + 1] = (outStart[from + 1] as number) + 1;
      indegree[to] = (indegree[to] as number) + 1;
    }
    for (let i = 0; i < n; i++) outStart[i + 1] = (outStart[i + 1] as number) + (outStart[i] as number);
    const cursor = outStart.slice(0, n);
    for (let e = 0; e < edges; e++) {
      if (edgeOff[e] === 1) continue;
      const from = edgeFrom[e] as number;
      const slot = cursor[from] as number;
      cursor[from] = slot + 1;
      outList[slot] = edgeTo[e] as number;
    }

    // Places: a subscriber that must run before another takes that one's place if it is earlier
    // (through chains of `before` too), so `before` pulls the declaring subscriber forward to just
    // ahead of the other instead of holding the other back behind everyone in between; `after`
    // only holds the declaring subscriber back. Relaxed to a fixed point: at most n passes,
    // usually two.
    setLength(rankOf, n);
    for (let i = 0; i < n; i++) rankOf[i] = i;
    for (let changed = true, pass = 0; changed && pass <= n; pass++) {
      changed = false;
      for (let e = 0; e < edges; e++) {
        if (edgePull[e] === 0 || edgeOff[e] === 1) continue;
        const from = edgeFrom[e] as number;
        const to = edgeTo[e] as number;
        if ((rankOf[to] as number) < (rankOf[from] as number)) {
          rankOf[from] = rankOf[to] as number;
          changed = true;
        }
      }
    }
    width = n;

    // Kahn's algorithm per phase (edges never leave a phase), always taking the ready subscriber
    // with the least place, then the earliest in the base order. `done` marks the placed ones.
    const done = new Uint8Array(n);
    let at = 0;
    let start = 0;
    while (start < n) {
      const rank = (entries[start] as Entry).rank;
      let end = start;
      while (end < n && (entries[end] as Entry).rank === rank) end++;
      for (let i = start; i < end; i++) if (indegree[i] === 0) push(i);
      for (let placed = start; placed < end; placed++) {
        if (heap.length === 0) {
          // Stalled: every subscriber left waits on another one left, so there is a cycle. Name
          // it and cut the constraint that makes its earliest member wait on the cycle.
          let first = start;
          while (done[first] === 1) first++;
          const members = cycle(first, edges, done);
          problems.push(cycleMessage(members));
          const k = members.indexOf(Math.min(...members));
          const into = members[k] as number;
          const from = members[(k + members.length - 1) % members.length] as number;
          for (let e = 0; e < edges; e++) if (edgeFrom[e] === from && edgeTo[e] === into) edgeOff[e] = 1;
          return false;
        }
        const i = pop();
        done[i] = 1;
        place(entries[i] as Entry, at++);
        for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k++) {
          const j = outList[k] as number;
          indegree[j] = (indegree[j] as number) - 1;
          if (indegree[j] === 0) push(j);
        }
      }
      start = end;
    }
    return true;
  }

  /** The subscriber `name` that `entry` is ordered against, if it is one edge of the graph. */
  function resolve(entry: Entry, name: string, runsBefore: boolean, problems: string[], missing: string[]): Entry | undefined {
    // Every named subscriber is live and, while a layout runs, in `entries` (`added` is empty then).
    const same = named[entry.rank]?.get(name);
    if (same !== undefined) return same;
    let found = false;
    for (let rank = 0; rank < named.length; rank++) {
      if (rank === entry.rank) continue;
      const other = named[rank]?.get(name);
      if (other === undefined) continue;
      found = true;
      // Phases run first: across phases a constraint either already holds or can never hold.
      if (runsBefore ? rank < entry.rank : rank > entry.rank) {
        problems.push(
          `subscribe: the '${FRAME_PHASES[entry.rank]}' subscriber ${label(entry)} asks to run ${runsBefore ? 'before' : 'after'} ` +
            `${JSON.stringify(name)}, which runs in the ${runsBefore ? 'earlier' : 'later'} '${FRAME_PHASES[rank]}' phase; phases always ` +
            `run in the order ${FRAME_PHASES.join(', ')}, so this constraint is ignored (move one of them to the other's phase)`,
        );
      }
    }
    if (!found) {
      missing.push(
        `subscribe: the '${FRAME_PHASES[entry.rank]}' subscriber ${label(entry)} asks to run ${runsBefore ? 'before' : 'after'} ` +
          `${JSON.stringify(name)}, but no subscriber has that id`,
      );
    }
    return undefined;
  }

  /** Walk back from a stalled subscriber through ones not yet placed until one repeats: a cycle, in run order. */
  function cycle(from: number, edges: number, done: Uint8Array): number[] {
    const path: number[] = [];
    const seen = new Map<number, number>();
    let current = from;
    while (!seen.has(current)) {
      seen.set(current, path.length);
      path.push(current);
      let previous = -1;
      for (let e = 0; e < edges && previous < 0; e++) {
        if (edgeTo[e] === current && edgeOff[e] === 0 && done[edgeFrom[e] as number] === 0) previous = edgeFrom[e] as number;
      }
      current = previous;
    }
    // path runs against the edges (each one runs after the next); the cycle is its tail from `current`.
    return path.slice(seen.get(current)).reverse();
  }

  function cycleMessage(members: number[]): string {
    // Named from the member that runs first, so the same cycle always reads the same; the last
    // link (into that member) is the one cut.
    const first = members.indexOf(Math.min(...members));
    const names = members.slice(first).concat(members.slice(0, first)).map((i) => label(entries[i] as Entry));
    return (
      `subscribe: ordering cycle in the '${FRAME_PHASES[(entries[members[0] as number] as Entry).rank]}' phase: ` +
      `${names.join(' → ')} → ${names[0] as string} (→: must run before, from their before/after options); until one of these ` +
      `constraints is removed, ${names[names.length - 1] as string} → ${names[0] as string} is ignored`
    );
  }


  function trackUnknown(missing: string[]): void {
    if (missing.length === 0) {
      if (unknown.size > 0) unknown.clear();
      warnAtFrame = 0;
      return;
    }
    for (const key of unknown.keys()) if (!missing.includes(key)) unknown.delete(key);
    for (const key of missing) if (!unknown.has(key)) unknown.set(key, framesRun);
    scheduleWarning();
  }

  function scheduleWarning(): void {
    let oldest = -1;
    for (const since of unknown.values()) if (since >= 0 && (oldest < 0 || since < oldest)) oldest = since;
    warnAtFrame = oldest < 0 ? 0 : oldest + UNKNOWN_ID_GRACE_FRAMES;
  }

  function warnUnknown(): void {
    const due: string[] = [];
    for (const [key, since] of unknown) {
      if (since >= 0 && framesRun >= since + UNKNOWN_ID_GRACE_FRAMES) {
        due.push(key);
        unknown.set(key, -1);
      }
    }
    scheduleWarning();
    if (due.length > 0 && isDevelopment()) {
      console.warn(
        `${due.join(';\n')}\n(still unknown after ${UNKNOWN_ID_GRACE_FRAMES} frames; such a constraint is ignored until a subscriber ` +
          `with that id subscribes in the same phase: check the spelling, or that the component using it is mounted)`,
      );
    }
  }

  function forget(entry: Entry): void {
    if (entry.id !== undefined) {
      const map = named[entry.rank] as Map<string, Entry>;
      if (map.get(entry.id) === entry) map.delete(entry.id);
    }
    if (entry.before.length + entry.after.length > 0) constrained--;
  }

  return {
    add(callback, phase, priority, order) {
      const rank = PHASE_RANK[phase];
      const id = order?.id;
      const map = named[rank] as Map<string, Entry>;
      if (id !== undefined && map.has(id)) {
        throw new RangeError(
          `subscribe: option \`id\` ${JSON.stringify(id)} is already taken by another '${phase}' subscriber; ids are unique within a phase`,
        );
      }
      const entry: Entry = {
        callback,
        rank,
        priority,
        seq: seq++,
        live: true,
        index: -1,
        pos: -1,
        id,
        before: order?.before ?? NONE,
        after: order?.after ?? NONE,
      };
      if (id !== undefined) map.set(id, entry);
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
      if (warnAtFrame !== 0 && ++framesRun === warnAtFrame) warnUnknown();
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
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i] as Entry;
        if (entry.live) forget(entry);
        entry.live = false;
      }
      for (let i = 0; i < added.length; i++) {
        const entry = added[i] as Entry;
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
