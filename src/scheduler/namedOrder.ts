import { isDevelopment } from './devMode.js';
import { FRAME_PHASES } from './subscribers.js';
import type { Entry, SubscriberOrder, SubscriberOrdering } from './subscribers.js';

/** Frames a `before`/`after` id may stay unknown before a development warning: ~2 s, room for late mounts. */
export const UNKNOWN_ID_GRACE_FRAMES = 120;

const NONE: readonly string[] = [];
const SIDES = ['before', 'after'] as const;
const show = JSON.stringify;
/** `from` runs before `to`; `pulls` when written as `from`'s `before`; `cut` once ignored to break a cycle. */
type Link = [from: number, to: number, pulls?: boolean, cut?: boolean];
const notId = (value: unknown): boolean => typeof value !== 'string' || value === '';

function idList(owner: string, name: string, value: unknown): readonly string[] {
  if (value === undefined) return NONE;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some(notId)) {
    throw new RangeError(
      `${owner}: option \`${name}\` must be an id (a non-empty string) or an array of ids, got ${(typeof value === 'object' && show(value)) || typeof value}`,
    );
  }
  return list.slice() as string[];
}

/** Read `id`, `before` and `after` from checked options (undefined when none is given). */
export function readSubscriberOrder(owner: string, options: Record<string, unknown>): SubscriberOrder | undefined {
  const { id, before, after } = options;
  if (id === undefined && before === undefined && after === undefined) return undefined;
  if (id !== undefined && notId(id)) throw new RangeError(`${owner}: option \`id\` must be a non-empty string, got ${id === '' ? '""' : typeof id}`);
  // Naming itself, or one id in both lists, is a cycle: reported as one at the next frame.
  return { id: id as string | undefined, before: idList(owner, 'before', before), after: idList(owner, 'after', after) };
}

function label(entry: Entry): string {
  const id = entry.order?.id;
  return id === undefined ? `an unnamed subscriber (priority ${entry.priority})` : show(id);
}

/** A phase's subscribers as a graph: `outs`/`ins` per subscriber, `waits` its uncut incoming links. */
interface Graph {
  entries: readonly Entry[];
  outs: Link[][];
  ins: Link[][];
  waits: number[];
}

/** Link the subscribers by their `before`/`after` ids; an id no subscriber of the phase has goes to `missing`. */
function linkEntries(entries: readonly Entry[], named: Map<string, Entry>, missing: Set<string>): Graph {
  const at = new Map<Entry | undefined, number>(entries.map((entry, i) => [entry, i]));
  const graph: Graph = { entries, outs: entries.map(() => []), ins: entries.map(() => []), waits: entries.map(() => 0) };
  entries.forEach((entry, i) => {
    // Ids match within a phase only: across phases the phase order decides.
    if (!entry.order) return;
    for (const side of SIDES) {
      for (const name of entry.order[side]) {
        const j = at.get(named.get(entry.rank + name));
        if (j === undefined) {
          missing.add(`subscribe: ${label(entry)} runs ${side} ${show(name)}, but no '${FRAME_PHASES[entry.rank]}' subscriber has that id`);
          continue;
        }
        const link: Link = side === 'before' ? [i, j, true] : [j, i];
        (graph.outs[link[0]] as Link[]).push(link);
        (graph.ins[link[1]] as Link[]).push(link);
        (graph.waits[link[1]] as number)++;
      }
    }
  });
  return graph;
}

/**
 * Any topological order, one link cut per cycle (each cycle reported in `problems`). Consumes
 * `waits`. Stalled on cycles, it walks `back` links from the earliest subscriber left to find one,
 * cuts its link into its earliest member, releases, repeats: the same cuts as re-sorting per cycle,
 * one pass over the links.
 */
function sortCuttingCycles({ entries, outs, ins, waits }: Graph, problems: string[]): number[] {
  const n = entries.length;
  // `sorted` is also the queue of links to release.
  const sorted: number[] = [];
  let done = 0;
  const release = (): void => {
    for (; done < sorted.length; done++) {
      for (const link of outs[sorted[done] as number] as Link[]) if (!link[3] && --(waits[link[1]] as number) === 0) sorted.push(link[1]);
    }
  };
  waits.forEach((count, i) => count || sorted.push(i));
  release();
  const backAt = entries.map(() => 0);
  const back = (i: number): number => {
    let link: Link;
    while ((link = (ins[i] as Link[])[backAt[i] as number] as Link)[3] || !waits[link[0]]) (backAt[i] as number)++;
    return link[0];
  };
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
    // Cut every copy of that link (one id in both lists, or written on both ends).
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
  return sorted;
}

/**
 * Lay out in Kahn's order, least (place, base position) first, where `before` takes the target's
 * place if earlier. Reverse topological order makes the places one pass, which also recounts `waits`.
 */
function layOut({ entries, outs, waits }: Graph, sorted: readonly number[]): Entry[] {
  const n = entries.length;
  const places = entries.map((_, i) => i);
  for (let k = n; k--; ) {
    const i = sorted[k] as number;
    for (const [, to, pulls, cut] of outs[i] as Link[]) {
      if (cut) continue;
      (waits[to] as number)++;
      if (pulls && (places[to] as number) < (places[i] as number)) places[i] = places[to] as number;
    }
  }
  // Keys place × n + position, kept largest first.
  const key = (i: number): number => (places[i] as number) * n + i;
  const ready: number[] = [];
  waits.forEach((count, i) => count || ready.push(key(i)));
  ready.sort((a, b) => b - a);
  const laid: Entry[] = [];
  while (ready.length > 0) {
    const i = (ready.pop() as number) % n;
    laid.push(entries[i] as Entry);
    for (const link of outs[i] as Link[]) {
      if (link[3] || --(waits[link[1]] as number) !== 0) continue;
      // Binary search for its slot: a linear walk was quadratic with many `after` one subscriber.
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
  return laid;
}

/**
 * Named ordering for one subscriber list: a topological sort (Kahn's algorithm) while any live
 * subscriber has `before`/`after`; the rules are in docs/scheduler.md, "Ordering by name".
 */
class NamedOrdering implements SubscriberOrdering {
  /** Live named subscribers by phase rank + id. */
  private readonly named = new Map<string, Entry>();
  private readonly constrained = new Set<Entry>();
  /** Cycles of the previous layout, not reported again while they last (a set: a list cost cycles² lookups). */
  private reported = new Set<string>();
  /** Unknown-id messages → the frame count when first seen unknown (−1 once warned). */
  private readonly unknown = new Map<string, number>();

  read(owner: string, options: Record<string, unknown>): SubscriberOrder | undefined {
    return readSubscriberOrder(owner, options);
  }

  add(entry: Entry): void {
    const { id, before, after } = entry.order as SubscriberOrder;
    if (id !== undefined) {
      const key = entry.rank + id;
      if (this.named.has(key)) throw new RangeError(`subscribe: option \`id\` ${show(id)} is taken by another '${FRAME_PHASES[entry.rank]}' subscriber`);
      this.named.set(key, entry);
    }
    if (before.length + after.length > 0) this.constrained.add(entry);
  }

  forget(entry: Entry): void {
    const key = `${entry.rank}${(entry.order as SubscriberOrder).id}`;
    if (this.named.get(key) === entry) this.named.delete(key);
    this.constrained.delete(entry);
  }

  /** Allocates: runs only after a change. */
  layout(entries: readonly Entry[], place: (entry: Entry, at: number) => void, onError: ((error: unknown) => void) | null, frames: number): number {
    // The layout's cycles and unknown-id messages (a set: a list cost 1 ms with 300 unknown ids).
    const problems: string[] = [];
    const missing = new Set<string>();
    if (this.constrained.size === 0) entries.forEach(place);
    else {
      const graph = linkEntries(entries, this.named, missing);
      layOut(graph, sortCuttingCycles(graph, problems)).forEach(place);
    }
    // Each problem once, at the layout that introduced it.
    for (const message of problems) if (!this.reported.has(message) && onError) onError(new RangeError(message));
    this.reported = new Set(problems);
    for (const key of this.unknown.keys()) if (!missing.has(key)) this.unknown.delete(key);
    for (const key of missing) if (!this.unknown.has(key)) this.unknown.set(key, frames);
    return this.warn(frames);
  }

  /** Warn about the unknown ids due at `frames`; returns the frame count the next one is due at (0: none). */
  warn(frames: number): number {
    const warned: string[] = [];
    let next = 0;
    for (const [key, since] of this.unknown) {
      const at = since + UNKNOWN_ID_GRACE_FRAMES;
      if (since < 0) continue;
      if (frames >= at) {
        warned.push(key);
        this.unknown.set(key, -1);
      } else if (next === 0 || at < next) next = at;
    }
    if (warned.length > 0 && isDevelopment()) {
      console.warn(
        `${warned.join(';\n')}\n(for ${UNKNOWN_ID_GRACE_FRAMES} frames: ignored until one subscribes. Misspelt? Not mounted? Ids are matched within a phase.)`,
      );
    }
    return next;
  }
}

/** A fresh {@link NamedOrdering} (the scheduler starts one when a subscriber first names an id). */
export const createNamedOrdering = (): SubscriberOrdering => new NamedOrdering();
