import { isDevelopment } from './devMode.js';
import { frameLoopHost } from './frameLoopHost.js';
import { FRAME_PHASES } from './subscribers.js';
import type { Entry, SubscriberOrder, SubscriberOrdering } from './subscribers.js';
import type { FrameScheduler } from './types.js';

/**
 * Frames a `before`/`after` id may stay unknown before a development warning names it: about two
 * seconds at 60 Hz, long enough for components that mount late (lazy, Suspense, a second effect
 * pass) and short enough to be noticed while the game is being written.
 */
export const UNKNOWN_ID_GRACE_FRAMES = 120;

const NONE: readonly string[] = [];
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
  const id = entry.order?.id;
  return id === undefined ? `an unnamed subscriber (priority ${entry.priority})` : show(id);
}

/**
 * Named ordering for one subscriber list. While any live subscriber has `before`/`after`, the
 * layout is a topological sort (Kahn's algorithm with a heap). Only the subscriber that declares a
 * constraint moves: `before: 'x'` gives it x's place in the base order if that is earlier than its
 * own (so it runs just ahead of x, and x does not wait behind everyone subscribed in between),
 * `after: 'x'` holds it back until x has run. Among the ready subscribers the least place runs
 * first, then the earliest in the base order; with no constraints that is exactly the base order.
 * An id nobody has (yet) is ignored: React mounts components in any order, so a constraint on a
 * component that mounts later must wait for it, not fail; a development warning names it if it is
 * still unknown {@link UNKNOWN_ID_GRACE_FRAMES} frames later. A cycle cannot wait itself out: it
 * is reported (a RangeError naming the ids around it) at the first frame after the change that
 * closed it, and until it is broken its link into its earliest member is ignored; every other
 * constraint holds.
 */
export function createNamedOrdering(): SubscriberOrdering {
  /** Live named subscribers by phase rank + id (ids are unique within a phase). */
  const named = new Map<string, Entry>();
  /** Live subscribers with at least one `before`/`after`: while 0, the layout is the plain base order. */
  let constrained = 0;
  /** Problems (cycles) of the previous layout: not reported again while they last. */
  let reported: string[] = [];
  /** Unknown-id messages → the frame count when first seen unknown (−1 once warned). */
  const unknown = new Map<string, number>();

  const constraints = (order: SubscriberOrder): number => order.before.length + order.after.length;

  /** The frame count at which the oldest unknown id not yet warned about is due (0: none). */
  function due(): number {
    let at = 0;
    for (const since of unknown.values()) if (since >= 0 && (at === 0 || since + UNKNOWN_ID_GRACE_FRAMES < at)) at = since + UNKNOWN_ID_GRACE_FRAMES;
    return at;
  }

  /** Lay out the constrained order. Allocates: runs only after a change. */
  function order(entries: readonly Entry[], place: (entry: Entry, at: number) => void, problems: string[], missing: string[]): void {
    const n = entries.length;
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
      if (!entry.order) return;
      for (const name of entry.order.before) {
        const j = find(entry, name, true);
        if (j >= 0) edges.push([i, j, true]);
      }
      for (const name of entry.order.after) {
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
      // Kahn's algorithm: the ready subscriber with the least (place, base position) runs next, from
      // a binary heap of place × n + position. Edges never leave a phase and a place is a position
      // in its own phase, so phases stay in order.
      const heap: number[] = [];
      const swap = (a: number, b: number): void => {
        [heap[a], heap[b]] = [heap[b] as number, heap[a] as number];
      };
      const push = (i: number): void => {
        for (let k = heap.push((rankOf[i] as number) * n + i) - 1; k > 0 && (heap[(k - 1) >> 1] as number) > (heap[k] as number); k = (k - 1) >> 1) swap(k, (k - 1) >> 1);
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
            swap(child, k);
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
        i = (edges.find(([from, to]) => to === i && !done[from]) as [number, number, boolean])[0];
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

  return {
    read: readSubscriberOrder,
    add(entry) {
      const order = entry.order as SubscriberOrder;
      if (order.id !== undefined) {
        const key = entry.rank + order.id;
        if (named.has(key)) throw new RangeError(`subscribe: option \`id\` ${show(order.id)} is taken by another '${FRAME_PHASES[entry.rank]}' subscriber`);
        named.set(key, entry);
      }
      if (constraints(order) > 0) constrained++;
    },
    forget(entry) {
      const order = entry.order as SubscriberOrder;
      if (order.id !== undefined && named.get(entry.rank + order.id) === entry) named.delete(entry.rank + order.id);
      if (constraints(order) > 0) constrained--;
    },
    layout(entries, place, onError, frames) {
      const problems: string[] = [];
      const missing: string[] = [];
      if (constrained === 0) entries.forEach(place);
      else order(entries, place, problems, missing);
      // Report each problem once, at the layout that introduced it (one still there later is not new).
      for (const message of problems) if (!reported.includes(message) && onError) onError(new RangeError(message));
      reported = problems;
      for (const key of unknown.keys()) if (!missing.includes(key)) unknown.delete(key);
      for (const key of missing) if (!unknown.has(key)) unknown.set(key, frames);
      return due();
    },
    warn(frames) {
      const warned: string[] = [];
      for (const [key, since] of unknown) {
        if (since >= 0 && frames >= since + UNKNOWN_ID_GRACE_FRAMES) {
          warned.push(key);
          unknown.set(key, -1);
        }
      }
      if (isDevelopment()) {
        console.warn(
          `${warned.join(';\n')}\n(for ${UNKNOWN_ID_GRACE_FRAMES} frames: ignored until one subscribes. Misspelt? Not mounted? Ids are matched within a phase.)`,
        );
      }
      return due();
    },
  };
}

/**
 * Turn on ordering by name on a scheduler: `subscribe(callback, { id, before, after })` and
 * `useFrame(callback, { id, before, after })`. `createFrameScheduler` (so every `<FrameProvider>`
 * that makes its own scheduler) has it; the bare `createFrameLoop`, which the page-wide default
 * scheduler is, does not, so a bundle that never orders by name does not carry the sort. Without
 * it those options throw a RangeError that says to call this. Idempotent; returns `scheduler`.
 * Does nothing for a scheduler not made by this package (a test double).
 *
 * @example
 * ```ts
 * installNamedOrdering(getDefaultScheduler()); // once, before components mount
 * ```
 */
export function installNamedOrdering(scheduler: FrameScheduler): FrameScheduler {
  const list = frameLoopHost(scheduler)?.subscribers;
  if (list && !list.ordering) list.ordering = createNamedOrdering();
  return scheduler;
}
