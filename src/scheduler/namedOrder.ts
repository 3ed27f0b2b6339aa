import { isDevelopment } from './devMode.js';
import { FRAME_PHASES } from './subscribers.js';
import type { Entry, SubscriberOrder, SubscriberOrdering } from './subscribers.js';

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
/** `from` runs before `to`; `pulls` when written as `from`'s `before`; `cut` once ignored to break a cycle. */
type Link = [from: number, to: number, pulls?: boolean, cut?: boolean];
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
  /**
   * Problems (cycles) of the previous layout: not reported again while they last. A set: looking
   * each message up in a list cost cycles² string comparisons per layout.
   */
  let reported = new Set<string>();
  /** Unknown-id messages → the frame count when first seen unknown (−1 once warned). */
  const unknown = new Map<string, number>();
  /**
   * The current layout's problems and unknown-id messages. A set for the second: each unknown id is
   * looked up in it, and a list cost 1 ms a layout with 300 subscribers `after` one not mounted yet.
   */
  let problems: string[];
  let missing: Set<string>;

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
    /** Per subscriber, its links out and its links in, each in the order written. */
    const outs = entries.map((): Link[] => []);
    const ins = entries.map((): Link[] => []);
    /** Per subscriber, its links (not cut) from subscribers not sorted yet; in Kahn's algorithm, not laid out yet. */
    const waits = entries.map(() => 0);
    // In the order written: each subscriber's `before` ids, then its `after` ids.
    entries.forEach((entry, i) => {
      // Ids are matched within the phase: across phases the phase order decides, so such an id is unknown here.
      if (entry.order) {
        for (const side of SIDES) {
          for (const name of entry.order[side]) {
            const j = at.get(named.get(entry.rank + name));
            if (j === undefined) missing.add(`subscribe: ${label(entry)} runs ${side} ${show(name)}, but no '${FRAME_PHASES[entry.rank]}' subscriber has that id`);
            else {
              const link: Link = side === 'before' ? [i, j, true] : [j, i];
              (outs[link[0]] as Link[]).push(link);
              (ins[link[1]] as Link[]).push(link);
              (waits[link[1]] as number)++;
            }
          }
        }
      }
    });
    // First a topological order of any kind, cutting one link per cycle: it gives the places. `sorted`
    // is that order and also the queue of subscribers whose links out are still to be let go.
    const sorted: number[] = [];
    let done = 0;
    const release = (): void => {
      for (; done < sorted.length; done++) {
        for (const link of outs[sorted[done] as number] as Link[]) if (!link[3] && --(waits[link[1]] as number) === 0) sorted.push(link[1]);
      }
    };
    waits.forEach((count, i) => count || sorted.push(i));
    release();
    if (sorted.length < n) {
      // Stalled: every subscriber left waits on another one left; `back` is its first such link in
      // the order written. Walking back from the earliest one left until one repeats ends on a
      // cycle; walking round it once more collects it (backwards). Name it from its earliest member,
      // cut the link into that member and release again. Which subscribers are left, and so each
      // one's `back`, does not depend on the order they were sorted in: going on from here finds the
      // same cycles and cuts the same links as sorting again from scratch after each cut, which
      // cost a whole sort per cycle. A link never comes back once cut or once its subscriber is
      // sorted, so `back` only moves forward along a subscriber's links: one pass over them in all.
      const backAt = entries.map(() => 0);
      const back = (i: number): number => {
        let link: Link;
        while ((link = (ins[i] as Link[])[backAt[i] as number] as Link)[3] || !waits[link[0]]) (backAt[i] as number)++;
        return link[0];
      };
      /** Per subscriber, the number of the last walk that passed it. */
      const seen = entries.map(() => 0);
      for (let earliest = 0, walk = 1; sorted.length < n; walk++) {
        while (!waits[earliest]) earliest++;
        let i = earliest;
        for (; seen[i] !== walk; i = back(i)) seen[i] = walk;
        const cycle = [i];
        for (let k = back(i); k !== i; k = back(k)) cycle.push(k);
        cycle.reverse();
        const into = Math.min(...cycle);
        const first = cycle.indexOf(into);
        const names = [...cycle.slice(first), ...cycle.slice(0, first)].map((k) => label(entries[k] as Entry));
        problems.push(
          `subscribe: before/after cycle in the '${FRAME_PHASES[(entries[into] as Entry).rank]}' phase: ${[...names, names[0]].join(' → ')} ` +
            `(→: runs before); ${names.at(-1) as string} → ${names[0] as string} is ignored until the cycle is broken`,
        );
        // Every copy of that link (one id in both lists, or written on both subscribers) is cut.
        const from = back(into);
        for (const link of ins[into] as Link[]) {
          if (link[0] === from && !link[3]) {
            link[3] = true;
            (waits[into] as number)--;
          }
        }
        if (!waits[into]) sorted.push(into);
        release();
      }
    }
    // Places: `before` lets a subscriber take the other's place if earlier (through chains too). In
    // reverse topological order each subscriber's `before` targets are final when it is reached:
    // one pass, where relaxing every link until nothing changed took a pass per link of a chain
    // written against the base order. The same pass counts the links again for Kahn's algorithm.
    const places = entries.map((_, i) => i);
    for (let k = n; k--; ) {
      const i = sorted[k] as number;
      for (const [, to, pulls, cut] of outs[i] as Link[]) {
        if (!cut) {
          (waits[to] as number)++;
          if (pulls && (places[to] as number) < (places[i] as number)) places[i] = places[to] as number;
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
      for (const link of outs[i] as Link[]) {
        if (!link[3] && --(waits[link[1]] as number) === 0) {
          // Its slot: after every larger key, found by halving. Walking the list for it was quadratic
          // when many become ready at once (everyone `after` one subscriber); splice only copies.
          const added = key(link[1]);
          let lo = 0;
          for (let hi = ready.length; lo < hi; ) {
            const mid = (lo + hi) >> 1;
            if ((ready[mid] as number) > added) lo = mid + 1;
            else hi = mid;
          }
          ready.splice(lo, 0, added);
        }
      }
    }
    return laid;
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
      missing = new Set();
      (constrained.size > 0 ? order(entries) : entries).forEach(place);
      // Report each problem once, at the layout that introduced it (one still there later is not new).
      for (const message of problems) if (!reported.has(message) && onError) onError(new RangeError(message));
      reported = new Set(problems);
      for (const key of unknown.keys()) if (!missing.has(key)) unknown.delete(key);
      for (const key of missing) if (!unknown.has(key)) unknown.set(key, frames);
      return warn(frames);
    },
    warn,
  };
}
