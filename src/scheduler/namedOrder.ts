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
/** The two id lists, in the order their links are written. */
const SIDES = ['before', 'after'] as const;
const show = JSON.stringify;
/** True for anything but an id (a non-empty string). */
const notId = (value: unknown): boolean => typeof value !== 'string' || value === '';

function idList(owner: string, name: string, value: unknown): readonly string[] {
  if (value === undefined) return NONE;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some(notId)) {
    // An object shows as JSON (never empty), anything else as its type.
    throw new RangeError(
      `${owner}: option \`${name}\` must be an id (a non-empty string) or an array of ids, got ${(typeof value === 'object' && show(value)) || typeof value}`,
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
  const { id, before, after } = options;
  if (id === undefined && before === undefined && after === undefined) return undefined;
  // A string here is the empty one.
  if (id !== undefined && notId(id)) throw new RangeError(`${owner}: option \`id\` must be a non-empty string, got ${id === '' ? '""' : typeof id}`);
  // Naming itself, or one id in both lists, is a cycle: reported as one at the next frame.
  return { id: id as string | undefined, before: idList(owner, 'before', before), after: idList(owner, 'after', after) };
}

function label(entry: Entry): string {
  const id = entry.order?.id;
  return id === undefined ? `an unnamed subscriber (priority ${entry.priority})` : show(id);
}

/**
 * Named ordering for one subscriber list. While any live subscriber has `before`/`after`, the
 * layout is a topological sort (Kahn's algorithm). Only the subscriber that declares a
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
  /** Live subscribers with at least one `before`/`after`: while none, the layout is the plain base order. */
  const constrained = new Set<Entry>();
  /** Problems (cycles) of the previous layout: not reported again while they last. */
  let reported: string[] = [];
  /** Unknown-id messages → the frame count when first seen unknown (−1 once warned). */
  const unknown = new Map<string, number>();
  /** The current layout's problems and unknown-id messages. */
  let problems: string[];
  let missing: string[];

  /**
   * Warn about the unknown ids due at `frames`, and return the frame count at which the next one
   * is due (0: none). At a layout none is due yet: the list counts frames up to the count this
   * returned and calls `warn` there, so each one is warned at exactly its count.
   */
  function warn(frames: number): number {
    const warned: string[] = [];
    let next = 0;
    for (const [key, since] of unknown) {
      const at = since + UNKNOWN_ID_GRACE_FRAMES;
      if (since < 0) continue;
      if (frames >= at) {
        warned.push(key);
        unknown.set(key, -1);
      } else if (next === 0 || at < next) next = at;
    }
    if (warned.length > 0 && isDevelopment()) {
      console.warn(
        `${warned.join(';\n')}\n(for ${UNKNOWN_ID_GRACE_FRAMES} frames: ignored until one subscribes. Misspelt? Not mounted? Ids are matched within a phase.)`,
      );
    }
    return next;
  }

  /** The constrained order. Allocates: runs only after a change. */
  function order(entries: readonly Entry[]): Entry[] {
    const n = entries.length;
    const at = new Map<Entry | undefined, number>(entries.map((entry, i) => [entry, i]));
    // [from, to, pulls]: `from` runs before `to`; pulls when written as `from`'s `before`. In the
    // order written: each subscriber's `before` ids, then its `after` ids.
    let edges: [from: number, to: number, pulls?: boolean][] = [];
    entries.forEach((entry, i) => {
      // Ids are matched within the phase: across phases the phase order decides, so such an id is unknown here.
      if (entry.order) {
        for (const side of SIDES) {
          for (const name of entry.order[side]) {
            const j = at.get(named.get(entry.rank + name));
            if (j === undefined) missing.push(`subscribe: ${label(entry)} runs ${side} ${show(name)}, but no '${FRAME_PHASES[entry.rank]}' subscriber has that id`);
            else edges.push(side === 'before' ? [i, j, true] : [j, i]);
          }
        }
      }
    });
    // Ordered once without a cycle; each cycle found cuts its link into its earliest member.
    for (;;) {
      const next = entries.map((): number[] => []);
      /** Per subscriber, its links from subscribers not laid out yet. */
      const waits = entries.map(() => 0);
      const places = entries.map((_, i) => i);
      for (const [from, to] of edges) {
        (next[from] as number[]).push(to);
        (waits[to] as number)++;
      }
      // Places: `before` lets a subscriber take the other's place if earlier (through chains too).
      // Relaxed to a fixed point (places only decrease): usually two passes.
      for (let changed = true; changed; ) {
        changed = false;
        for (const [from, to, pulls] of edges) {
          if (pulls && (places[to] as number) < (places[from] as number)) {
            places[from] = places[to] as number;
            changed = true;
          }
        }
      }
      // Kahn's algorithm: the ready subscriber with the least (place, base position) runs next. The
      // ready ones wait as keys place × n + position, sorted largest first (the next one is last).
      // Edges never leave a phase and a place is a position in its own phase, so phases stay in order.
      const key = (i: number): number => (places[i] as number) * n + i;
      const ready: number[] = [];
      waits.forEach((count, i) => count || ready.push(key(i)));
      ready.sort((a, b) => b - a);
      const laid: Entry[] = [];
      while (ready.length > 0) {
        const i = (ready.pop() as number) % n;
        laid.push(entries[i] as Entry);
        for (const j of next[i] as number[]) {
          if (--(waits[j] as number) === 0) {
            // Its slot: after every larger key (splice moves the smaller ones anyway).
            const added = key(j);
            let lo = ready.length;
            while ((ready[lo - 1] as number) < added) lo--;
            ready.splice(lo, 0, added);
          }
        }
      }
      if (laid.length === n) return laid;
      // Stalled: every subscriber left waits on another one left (`back`: its first such link).
      // Walking back n links from the earliest one left ends on a cycle; walking on until a repeat
      // collects it in run order. Name it from its earliest member and cut the link into that member.
      const back: number[] = [];
      for (const [from, to] of edges) if (waits[from]) back[to] ??= from;
      let i = waits.findIndex((count) => count > 0);
      for (const _ of entries) i = back[i] as number;
      const cycle: number[] = [];
      for (; !cycle.includes(i); i = back[i] as number) cycle.unshift(i);
      const into = Math.min(...cycle);
      while (cycle[0] !== into) cycle.push(cycle.shift() as number);
      const names = cycle.map((k) => label(entries[k] as Entry));
      problems.push(
        `subscribe: before/after cycle in the '${FRAME_PHASES[(entries[into] as Entry).rank]}' phase: ${[...names, names[0]].join(' → ')} ` +
          `(→: runs before); ${names.at(-1) as string} → ${names[0] as string} is ignored until the cycle is broken`,
      );
      const from = back[into];
      edges = edges.filter((edge) => edge[0] !== from || edge[1] !== into);
    }
  }

  return {
    read: readSubscriberOrder,
    add(entry) {
      const { id, before, after } = entry.order as SubscriberOrder;
      if (id !== undefined) {
        const key = entry.rank + id;
        if (named.has(key)) throw new RangeError(`subscribe: option \`id\` ${show(id)} is taken by another '${FRAME_PHASES[entry.rank]}' subscriber`);
        named.set(key, entry);
      }
      if (before.length + after.length > 0) constrained.add(entry);
    },
    forget(entry) {
      // An unnamed entry's key is never its own: it was not set.
      const key = `${entry.rank}${(entry.order as SubscriberOrder).id}`;
      if (named.get(key) === entry) named.delete(key);
      constrained.delete(entry);
    },
    layout(entries, place, onError, frames) {
      problems = [];
      missing = [];
      (constrained.size > 0 ? order(entries) : entries).forEach(place);
      // Report each problem once, at the layout that introduced it (one still there later is not new).
      for (const message of problems) if (!reported.includes(message) && onError) onError(new RangeError(message));
      reported = problems;
      for (const key of unknown.keys()) if (!missing.includes(key)) unknown.delete(key);
      for (const key of missing) if (!unknown.has(key)) unknown.set(key, frames);
      return warn(frames);
    },
    warn,
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
  if (list) list.ordering ??= createNamedOrdering();
  return scheduler;
}
