import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNamedOrdering, readSubscriberOrder, UNKNOWN_ID_GRACE_FRAMES } from '../../src/scheduler/namedOrder.js';
import { createSubscriberList } from '../../src/scheduler/subscribers.js';
import type { SubscriberList, SubscriberOrder } from '../../src/scheduler/subscribers.js';
import type { FrameInfo, FramePhase } from '../../src/scheduler/types.js';


/** Subscribe a callback; returns its remove function. */
function addTo(list: SubscriberList, callback: (frame: FrameInfo) => unknown, phase: FramePhase, priority: number, order?: SubscriberOrder): () => void {
  return list.add(callback as (frame: FrameInfo) => void, phase, priority, order).remove;
}

const frame = {} as FrameInfo;

interface Options {
  phase?: FramePhase;
  priority?: number;
  id?: string;
  before?: string | string[];
  after?: string | string[];
}

/** A subscriber list with a log of who ran, and of what was handed to onError. */
function harness(): {
  list: SubscriberList;
  calls: string[];
  errors: unknown[];
  sub: (name: string, options?: Options) => () => void;
  frame: () => string[];
} {
  const list = createSubscriberList(createNamedOrdering());
  const calls: string[] = [];
  const errors: unknown[] = [];
  return {
    list,
    calls,
    errors,
    sub(name, options = {}) {
      const order = readSubscriberOrder('subscribe', options as Record<string, unknown>);
      return addTo(list, () => calls.push(name), options.phase ?? 'update', options.priority ?? 0, order);
    },
    frame() {
      calls.length = 0;
      list.run(frame, (error) => errors.push(error));
      return calls.slice();
    },
  };
}

function messages(errors: unknown[]): string[] {
  return errors.map((error) => {
    expect(error).toBeInstanceOf(RangeError);
    return (error as RangeError).message;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('ordering by ids', () => {
  it('before/after win over priority; everyone else keeps priority and subscription order', () => {
    const h = harness();
    h.sub('camera', { id: 'camera', priority: -10, after: 'player' });
    h.sub('hud', { priority: -5 });
    h.sub('player', { id: 'player', priority: 3 });
    h.sub('physics', { id: 'physics', priority: 7, before: 'player' });
    h.sub('audio', { priority: 0 });
    // Base order: camera(-10) hud(-5) audio(0) player(3) physics(7). physics must precede player,
    // player must precede camera; the ready subscriber earliest in the base order always goes next.
    expect(h.frame()).toEqual(['hud', 'audio', 'physics', 'player', 'camera']);
    expect(h.errors).toEqual([]);
  });

  it('ties: subscribers with equal priority and no constraint between them keep subscription order', () => {
    const h = harness();
    h.sub('a');
    h.sub('b', { after: 'z' });
    h.sub('c');
    h.sub('d', { id: 'd' });
    h.sub('z', { id: 'z' });
    h.sub('e');
    expect(h.frame()).toEqual(['a', 'c', 'd', 'z', 'b', 'e']);
    expect(h.frame()).toEqual(['a', 'c', 'd', 'z', 'b', 'e']);
  });

  it('phases still come first: constraints order subscribers within their phase', () => {
    const h = harness();
    h.sub('draw', { phase: 'render', id: 'draw' });
    h.sub('late-update', { id: 'late', after: 'early' });
    h.sub('early-update', { id: 'early', priority: 5 });
    h.sub('read-keys', { phase: 'input', before: 'x' });
    h.sub('overlay', { phase: 'render', before: 'draw' });
    expect(h.frame()).toEqual(['read-keys', 'early-update', 'late-update', 'overlay', 'draw']);
  });

  it('ids are matched within a phase: an id only another phase has is unknown there (the phase order decides)', () => {
    const h = harness();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    h.sub('physics', { id: 'physics' });
    h.sub('draw', { phase: 'render', after: 'physics', priority: -1 });
    h.sub('camera', { id: 'camera', after: 'target', priority: -1 });
    h.sub('target', { phase: 'render', id: 'target' });
    for (let i = 0; i < UNKNOWN_ID_GRACE_FRAMES; i++) expect(h.frame()).toEqual(['camera', 'physics', 'draw', 'target']);
    expect(h.errors).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      `subscribe: "camera" runs after "target", but no 'update' subscriber has that id;\n` +
        `subscribe: an unnamed subscriber (priority -1) runs after "physics", but no 'render' subscriber has that id\n` +
        `(for ${UNKNOWN_ID_GRACE_FRAMES} frames: ignored until one subscribes. Misspelt? Not mounted? Ids are matched within a phase.)`,
    );
  });

  it('the same id may be used once per phase', () => {
    const h = harness();
    h.sub('input-player', { phase: 'input', id: 'player' });
    h.sub('update-player', { id: 'player' });
    h.sub('before-player', { before: 'player', priority: 1 });
    h.sub('render-player', { phase: 'render', id: 'player' });
    expect(h.frame()).toEqual(['input-player', 'before-player', 'update-player', 'render-player']);
  });
});

describe('changes', () => {
  it('a late subscriber can add a constraint on an earlier one, and an earlier constraint waits for its id', () => {
    const h = harness();
    h.sub('a', { id: 'a' });
    h.sub('b', { after: 'c' }); // c is not there yet: ignored
    h.sub('x');
    expect(h.frame()).toEqual(['a', 'b', 'x']);
    h.sub('c', { id: 'c', before: 'a' }); // arrives later: now c → a and c → b
    expect(h.frame()).toEqual(['c', 'a', 'b', 'x']);
    expect(h.errors).toEqual([]);
  });

  it('a subscription with constraints made during a frame takes effect from the next frame', () => {
    const h = harness();
    let added = false;
    h.sub('a', { id: 'a' });
    addTo(h.list, 
      () => {
        h.calls.push('b');
        if (!added) {
          added = true;
          h.sub('first', { before: 'a' });
        }
      },
      'update',
      0,
      readSubscriberOrder('subscribe', { id: 'b' }),
    );
    expect(h.frame()).toEqual(['a', 'b']);
    expect(h.frame()).toEqual(['first', 'a', 'b']);
  });

  it('unsubscribing a referenced id lifts its constraints; subscribing it again restores them', () => {
    const h = harness();
    h.sub('early', { priority: -1, after: 'physics' });
    const off = h.sub('physics', { id: 'physics', priority: 1 });
    h.sub('mid');
    expect(h.frame()).toEqual(['mid', 'physics', 'early']);
    off();
    off();
    expect(h.frame()).toEqual(['early', 'mid']);
    h.sub('physics-again', { id: 'physics', priority: 1 });
    expect(h.frame()).toEqual(['mid', 'physics-again', 'early']);
    expect(h.errors).toEqual([]);
  });

  it('a subscriber removed mid-frame by another does not run, and the order stays valid next frame', () => {
    const h = harness();
    let offVictim = (): void => {};
    h.sub('killer', { id: 'killer', after: 'victim' });
    offVictim = h.sub('victim', { id: 'victim', priority: 5 });
    addTo(h.list, () => {
      h.calls.push('trigger');
      offVictim();
    }, 'update', -1);
    expect(h.frame()).toEqual(['trigger', 'killer']);
    expect(h.frame()).toEqual(['trigger', 'killer']);
    expect(h.list.count()).toBe(2);
  });

  it('clear() forgets every id', () => {
    const h = harness();
    h.sub('a', { id: 'a' });
    h.list.clear();
    h.sub('a2', { id: 'a' });
    expect(h.frame()).toEqual(['a2']);
  });
});

describe('errors', () => {
  it('a duplicate id in one phase throws at subscribe, adds nothing, and the id is free again after unsubscribe', () => {
    const h = harness();
    const off = h.sub('a', { id: 'physics' });
    expect(() => h.sub('b', { id: 'physics' })).toThrow(
      new RangeError(`subscribe: option \`id\` "physics" is taken by another 'update' subscriber`),
    );
    expect(h.list.count()).toBe(1);
    expect(h.frame()).toEqual(['a']);
    off();
    h.sub('c', { id: 'physics' });
    expect(h.frame()).toEqual(['c']);
  });

  it('a cycle is one RangeError naming its ids, at the frame after the change that closed it; the loop runs on', () => {
    const h = harness();
    h.sub('a', { id: 'a', before: 'b' });
    h.sub('b', { id: 'b', before: 'c' });
    h.sub('solo');
    expect(h.frame()).toEqual(['a', 'b', 'solo']);
    const offC = h.sub('c', { id: 'c', before: 'a' });
    // Every subscriber still runs; the link into the cycle's earliest member (c → a) is cut, the rest hold.
    expect(h.frame()).toEqual(['a', 'b', 'solo', 'c']);
    expect(messages(h.errors)).toEqual([
      `subscribe: before/after cycle in the 'update' phase: "a" → "b" → "c" → "a" (→: runs before); "c" → "a" is ignored until the cycle is broken`,
    ]);
    // Reported once: later frames, and later unrelated changes, do not repeat it while it lasts.
    h.frame();
    h.sub('other', { priority: 9 });
    expect(h.frame()).toEqual(['a', 'b', 'solo', 'c', 'other']);
    expect(h.errors).toHaveLength(1);
    // Broken: the remaining constraints hold, no new error.
    offC();
    expect(h.frame()).toEqual(['a', 'b', 'solo', 'other']);
    expect(h.errors).toHaveLength(1);
    // Closed again: reported again.
    h.sub('c', { id: 'c', before: 'a' });
    h.frame();
    expect(h.errors).toHaveLength(2);
  });

  it('a cycle through an unnamed subscriber names it, and the order keeps every other constraint', () => {
    const h = harness();
    h.sub('x', { id: 'x', priority: 2 });
    h.sub('anon', { priority: 1, after: 'x', before: 'y' });
    h.sub('y', { id: 'y', priority: 0, before: 'x' });
    h.sub('tail', { priority: 3, after: 'y' });
    // Cycle y → x → anon → y; its earliest member by priority is y, so anon → y is cut.
    expect(h.frame()).toEqual(['y', 'x', 'anon', 'tail']);
    expect(messages(h.errors)).toEqual([
      `subscribe: before/after cycle in the 'update' phase: "y" → "x" → an unnamed subscriber (priority 1) → "y" (→: runs ` +
        `before); an unnamed subscriber (priority 1) → "y" is ignored until the cycle is broken`,
    ]);
  });

  it('bad ids are RangeErrors at subscribe naming the option', () => {
    const read = (options: Record<string, unknown>) => () => readSubscriberOrder('subscribe', options);
    expect(read({ id: '' })).toThrow(new RangeError('subscribe: option `id` must be a non-empty string, got ""'));
    expect(read({ id: 7 })).toThrow(new RangeError('subscribe: option `id` must be a non-empty string, got number'));
    expect(read({ before: [1] })).toThrow(new RangeError('subscribe: option `before` must be an id (a non-empty string) or an array of ids, got [1]'));
    expect(read({ after: {} })).toThrow(new RangeError('subscribe: option `after` must be an id (a non-empty string) or an array of ids, got {}'));
    expect(read({ before: 3 })).toThrow(new RangeError('subscribe: option `before` must be an id (a non-empty string) or an array of ids, got number'));
    expect(readSubscriberOrder('subscribe', { phase: 'update' })).toBeUndefined();
    expect(readSubscriberOrder('subscribe', { id: 'a', before: 'b' })).toEqual({ id: 'a', before: ['b'], after: [] });
  });

  it('naming itself, or one id in both lists, is a cycle', () => {
    const h = harness();
    h.sub('self', { id: 'self', after: 'self' });
    h.sub('b', { id: 'b' });
    h.sub('both', { before: 'b', after: ['b'] });
    expect(h.frame()).toEqual(['self', 'b', 'both']);
    expect(messages(h.errors)).toEqual([
      `subscribe: before/after cycle in the 'update' phase: "self" → "self" (→: runs before); "self" → "self" is ignored until the cycle is broken`,
      `subscribe: before/after cycle in the 'update' phase: "b" → an unnamed subscriber (priority 0) → "b" (→: runs before); ` +
        `an unnamed subscriber (priority 0) → "b" is ignored until the cycle is broken`,
    ]);
  });

  it('many cycles at once: each is reported once, its link into its earliest member is ignored, every other link holds', () => {
    // 100 rings of 1–4 subscribers (300 in all), each ring after one subscriber of the ring before
    // it, links written on alternating sides, subscribed last ring first with mixed priorities.
    const RINGS = 100;
    const rings = Array.from({ length: RINGS }, (_, r) => Array.from({ length: [3, 1, 2, 4][r % 4] as number }, (_, m) => `r${r}m${m}`));
    const all = rings.flat();
    const priority = (name: string): number => ((all.indexOf(name) * 37) % 5) - 2;
    const before = new Map<string, string[]>(all.map((name) => [name, []]));
    const after = new Map<string, string[]>(all.map((name) => [name, []]));
    /** [from, to]: from runs before to. */
    const links: [string, string][] = [];
    const link = (from: string, to: string, onFrom: boolean): void => {
      links.push([from, to]);
      if (onFrom) before.get(from)?.push(to);
      else after.get(to)?.push(from);
    };
    rings.forEach((ring, r) => {
      ring.forEach((name, m) => link(name, ring[(m + 1) % ring.length] as string, (r + m) % 2 === 0));
      const previous = rings[r - 1];
      if (previous) link(previous[r % previous.length] as string, ring[0] as string, r % 3 === 0);
    });
    const h = harness();
    const subscribed = rings.slice().reverse().flat();
    const offs = new Map(subscribed.map((name) => [name, h.sub(name, { id: name, priority: priority(name), before: before.get(name), after: after.get(name) })]));
    /** Earlier in the base order: lower priority, then subscribed first. */
    const earlier = (a: string, b: string): boolean => priority(a) - priority(b) < 0 || (priority(a) === priority(b) && subscribed.indexOf(a) < subscribed.indexOf(b));
    // Per ring: its names in run order from its earliest member, and the link ignored (the one into that member).
    const expected = rings.map((ring) => {
      const first = ring.reduce((best, name) => (earlier(name, best) ? name : best));
      const at = ring.indexOf(first);
      const names = [...ring.slice(at), ...ring.slice(0, at)].map((name) => `"${name}"`);
      return {
        ignored: [ring[(at + ring.length - 1) % ring.length], first] as [string, string],
        message:
          `subscribe: before/after cycle in the 'update' phase: ${[...names, names[0]].join(' → ')} (→: runs before); ` +
          `${names.at(-1) as string} → ${names[0] as string} is ignored until the cycle is broken`,
      };
    });
    /** `ran` runs each of `names` once and keeps every link among them but the `ignored` ones. */
    const holds = (ran: string[], names: string[], ignored: [string, string][]): void => {
      expect(ran.slice().sort()).toEqual(names.slice().sort());
      const position = new Map(ran.map((name, at) => [name, at]));
      for (const [from, to] of links) {
        if (!position.has(from) || !position.has(to) || ignored.some(([f, t]) => f === from && t === to)) continue;
        expect(position.get(from), `${from} → ${to}`).toBeLessThan(position.get(to) as number);
      }
    };
    const ran = h.frame();
    expect(messages(h.errors).sort()).toEqual(expected.map((cycle) => cycle.message).sort());
    holds(ran, all, expected.map((cycle) => cycle.ignored));
    // Not reported again: later frames, an unrelated subscriber.
    h.frame();
    h.sub('other', { priority: -3 });
    expect(h.frame()).toEqual(['other', ...ran]);
    expect(h.errors).toHaveLength(RINGS);
    // Every other ring broken (its earliest member leaves): no new error; the rings left keep the rule.
    const gone = expected.filter((_, r) => r % 2 === 0).map((cycle) => cycle.ignored[1]);
    for (const name of gone) offs.get(name)?.();
    const ranAfter = h.frame().filter((name) => name !== 'other');
    expect(h.errors).toHaveLength(RINGS);
    holds(ranAfter, all.filter((name) => !gone.includes(name)), expected.filter((_, r) => r % 2 === 1).map((cycle) => cycle.ignored));
  });

  it('the id lists are copied: changing the array later changes nothing', () => {
    const after = ['b'];
    const order = readSubscriberOrder('subscribe', { after });
    after.push('c');
    expect(order?.after).toEqual(['b']);
  });
});

describe('unknown ids', () => {
  it('are ignored, and named by one development warning if still unknown after the grace frames', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = harness();
    h.sub('camera', { id: 'camera', after: 'physiks', priority: -1 });
    h.sub('physics', { id: 'physics' });
    h.sub('hud', { phase: 'render', before: ['nowhere'] });
    for (let i = 1; i < UNKNOWN_ID_GRACE_FRAMES; i++) expect(h.frame()).toEqual(['camera', 'physics', 'hud']);
    expect(warn).not.toHaveBeenCalled();
    h.frame(); // frame number UNKNOWN_ID_GRACE_FRAMES
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      `subscribe: "camera" runs after "physiks", but no 'update' subscriber has that id;\n` +
        `subscribe: an unnamed subscriber (priority 0) runs before "nowhere", but no 'render' subscriber has that id\n` +
        `(for ${UNKNOWN_ID_GRACE_FRAMES} frames: ignored until one subscribes. Misspelt? Not mounted? Ids are matched within a phase.)`,
    );
    for (let i = 0; i < 3 * UNKNOWN_ID_GRACE_FRAMES; i++) h.frame();
    h.sub('more');
    for (let i = 0; i < 3 * UNKNOWN_ID_GRACE_FRAMES; i++) h.frame();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(h.errors).toEqual([]);
  });

  it('an id that subscribes within the grace frames is honoured and never warned about', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = harness();
    h.sub('camera', { after: 'player' });
    for (let i = 1; i < UNKNOWN_ID_GRACE_FRAMES; i++) h.frame();
    h.sub('player', { id: 'player' });
    expect(h.frame()).toEqual(['player', 'camera']);
    for (let i = 0; i < 2 * UNKNOWN_ID_GRACE_FRAMES; i++) h.frame();
    expect(warn).not.toHaveBeenCalled();
  });

  it('a later unknown id gets its own grace frames, counted from when it became unknown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = harness();
    h.sub('a', { after: 'first' });
    for (let i = 0; i < 50; i++) h.frame();
    const off = h.sub('b', { id: 'b' });
    h.sub('c', { after: 'b' });
    h.frame();
    off(); // 'b' becomes unknown at frame 52
    for (let i = 52; i < UNKNOWN_ID_GRACE_FRAMES; i++) h.frame();
    expect(warn).toHaveBeenCalledTimes(0);
    h.frame(); // frame 120: 'first' is due, 'b' not yet
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^subscribe: an unnamed subscriber \(priority 0\) runs after "first", but no 'update' subscriber has that id\n/);
    for (let i = UNKNOWN_ID_GRACE_FRAMES + 1; i < 52 + UNKNOWN_ID_GRACE_FRAMES - 1; i++) h.frame();
    expect(warn).toHaveBeenCalledTimes(1);
    h.frame();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1]?.[0]).toMatch(/^subscribe: an unnamed subscriber \(priority 0\) runs after "b", but no 'update' subscriber has that id\n/);
  });

  it('no warning in production builds', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = harness();
    h.sub('camera', { after: 'nobody' });
    for (let i = 0; i < 2 * UNKNOWN_ID_GRACE_FRAMES; i++) h.frame();
    expect(warn).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: random constraint DAGs.

const PHASES: readonly FramePhase[] = ['input', 'update', 'render', 'after'];

interface Node {
  phase: number;
  priority: number;
  /** Subscription order (index in the order subscribed). */
  seq: number;
}

/** An edge: `from` runs before `to`; `pull` when written as `before` on `from`. */
type Edge = [from: number, to: number, pull: boolean];

/**
 * Subscribe nodes `n0`… in `subscribeOrder` on a fresh harness, each named `n<i>` with the given
 * phase, priority and `before`/`after` id lists (optionally a frame after each subscription).
 * Returns the harness and the nodes with their subscription order.
 */
function mountNodes(
  phases: readonly number[],
  priorities: readonly number[],
  before: readonly string[][],
  after: readonly string[][],
  subscribeOrder: readonly number[],
  framesBetween = false,
): { h: ReturnType<typeof harness>; nodes: Node[] } {
  const h = harness();
  const nodes: Node[] = Array.from({ length: phases.length }, (_, i) => ({ phase: phases[i] as number, priority: priorities[i] as number, seq: -1 }));
  subscribeOrder.forEach((i, seq) => {
    (nodes[i] as Node).seq = seq;
    h.sub(`n${i}`, { id: `n${i}`, phase: PHASES[phases[i] as number], priority: priorities[i], before: before[i], after: after[i] });
    if (framesBetween) h.frame();
  });
  return { h, nodes };
}

/**
 * The documented order, computed naively: each subscriber's base position is its place in
 * (phase, priority, subscription) order; its place is the least base position of itself and of
 * everyone it must run `before` (transitively). Repeatedly run, among the subscribers whose
 * predecessors have all run, the one with the least (place, base position).
 */
function referenceOrder(nodes: Node[], edges: Edge[]): number[] {
  const byBase = nodes.map((_, i) => i).sort((a, b) => {
    const x = nodes[a] as Node;
    const y = nodes[b] as Node;
    return x.phase - y.phase || x.priority - y.priority || x.seq - y.seq;
  });
  const base = new Map(byBase.map((node, at) => [node, at]));
  const place = (i: number): number =>
    Math.min(base.get(i) as number, ...edges.filter(([from, , pull]) => pull && from === i).map(([, to]) => place(to)));
  const out: number[] = [];
  const ran = new Set<number>();
  while (out.length < nodes.length) {
    let best = -1;
    for (let i = 0; i < nodes.length; i++) {
      if (ran.has(i) || edges.some(([from, to]) => to === i && !ran.has(from))) continue;
      if (best < 0 || place(i) < place(best) || (place(i) === place(best) && (base.get(i) as number) < (base.get(best) as number))) best = i;
    }
    out.push(best);
    ran.add(best);
  }
  return out;
}

const graphArb = fc
  .integer({ min: 1, max: 14 })
  .chain((n) =>
    fc.record({
      phases: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
      priorities: fc.array(fc.integer({ min: -2, max: 2 }), { minLength: n, maxLength: n }),
      // A random topological rank per node: edges only go from lower to higher rank, so no cycle.
      ranks: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
      pairs: fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 }), fc.boolean()), { maxLength: 3 * n }),
      subscribeOrder: fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      ),
      framesBetween: fc.boolean(),
    }),
  );

describe('properties', () => {
  it('for random constraint DAGs the run order keeps phases, honours every constraint, and breaks ties by priority then subscription', () => {
    fc.assert(
      fc.property(graphArb, ({ phases, priorities, ranks, pairs, subscribeOrder, framesBetween }) => {
        const n = phases.length;
        const edges: Edge[] = [];
        const before: string[][] = Array.from({ length: n }, () => []);
        const after: string[][] = Array.from({ length: n }, () => []);
        for (const [x, y, onFirst] of pairs) {
          if (x === y || phases[x] !== phases[y] || ranks[x] === ranks[y]) continue;
          const [from, to] = (ranks[x] as number) < (ranks[y] as number) ? [x, y] : [y, x];
          if (edges.some(([f, t]) => f === from && t === to)) continue;
          edges.push([from, to, onFirst]);
          // The same constraint written either way: "from before to" or "to after from".
          if (onFirst) before[from]?.push(`n${to}`);
          else after[to]?.push(`n${from}`);
        }
        const { h, nodes } = mountNodes(phases, priorities, before, after, subscribeOrder, framesBetween);
        const ran = h.frame().map((name) => Number(name.slice(1)));
        expect(h.errors).toEqual([]);
        expect(ran.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        const position = new Map(ran.map((node, at) => [node, at]));
        for (const [from, to] of edges) expect(position.get(from)).toBeLessThan(position.get(to) as number);
        for (let k = 1; k < ran.length; k++) expect((nodes[ran[k] as number] as Node).phase).toBeGreaterThanOrEqual((nodes[ran[k - 1] as number] as Node).phase);
        expect(ran).toEqual(referenceOrder(nodes, edges));
      }),
      { numRuns: 300 },
    );
  });

  it('without constraints (ids or not) the order is exactly phase, priority, subscription order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ phase: fc.integer({ min: 0, max: 3 }), priority: fc.integer({ min: -3, max: 3 }), named: fc.boolean() }), { maxLength: 30 }),
        (subs) => {
          const h = harness();
          subs.forEach((s, i) => h.sub(`${i}`, { phase: PHASES[s.phase], priority: s.priority, ...(s.named ? { id: `id${i}` } : {}) }));
          const expected = subs
            .map((s, i) => ({ ...s, i }))
            .sort((a, b) => a.phase - b.phase || a.priority - b.priority || a.i - b.i)
            .map((s) => `${s.i}`);
          expect(h.frame()).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('one constraint moves only the subscriber that declares it: before → just ahead of the other if it was later, after → just behind it if it was earlier', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -3, max: 3 }),
        fc.nat(),
        fc.boolean(),
        (priorities, ownPriority, pick, isBefore) => {
          const h = harness();
          priorities.forEach((priority, i) => h.sub(`s${i}`, { id: `s${i}`, priority }));
          const plain = h.frame();
          const other = `s${pick % priorities.length}`;
          h.sub('new', { priority: ownPriority, ...(isBefore ? { before: other } : { after: other }) });
          const ran = h.frame();
          // Everyone else keeps their order.
          expect(ran.filter((name) => name !== 'new')).toEqual(plain);
          // Where 'new' would run with no constraint: after every subscriber of priority <= its own.
          const ownPlace = plain.filter((name) => (priorities[Number(name.slice(1))] as number) <= ownPriority).length;
          const otherAt = plain.indexOf(other);
          const expectedAt = isBefore ? Math.min(ownPlace, otherAt) : Math.max(ownPlace, otherAt + 1);
          expect(ran.indexOf('new')).toBe(expectedAt);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a random cycle is always reported, naming ids that really form a cycle, and every subscriber still runs once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 0, max: 4 }), (length, extra) => {
        const h = harness();
        // c0 before c1 before … before c(length−1) before c0, written on alternating sides.
        for (let i = 0; i < length; i++) {
          const next = `c${(i + 1) % length}`;
          h.sub(`c${i}`, i % 2 === 0 ? { id: `c${i}`, before: next } : { id: `c${i}` });
          if (i % 2 === 1) h.sub(`tie${i}`, { after: `c${i - 1}`, priority: 1 });
        }
        for (let i = 0; i < length; i++) {
          if (i % 2 === 1) h.sub(`w${i}`, { priority: -1, before: `c${(i + 1) % length}`, after: [] });
        }
        // Odd links written as "after" on the target, by a subscriber of its own.
        for (let i = 0; i < length; i++) {
          if (i % 2 === 1) h.sub(`link${i}`, { id: `link${i}`, after: `c${i}`, before: `c${(i + 1) % length}` });
        }
        for (let i = 0; i < extra; i++) h.sub(`x${i}`);
        const ran = h.frame();
        expect(new Set(ran).size).toBe(ran.length);
        expect(ran).toHaveLength(length + 3 * Math.floor(length / 2) + extra);
        const [message] = messages(h.errors);
        expect(h.errors).toHaveLength(1);
        const named = [...(message as string).matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
        // The only cycle: c0 → c1 → link1 → c2 → … back to c0; named once each, then the first again,
        // then the link cut: the one into the first.
        const cycle = named.slice(0, -3);
        expect(named.slice(-3)).toEqual([cycle[0], cycle[cycle.length - 1], cycle[0]]);
        const members = Array.from({ length }, (_, i) => (i % 2 === 1 ? [`c${i}`, `link${i}`] : [`c${i}`])).flat();
        expect(cycle.slice().sort()).toEqual(members.sort());
        // Consecutive names are consecutive links of that cycle.
        const successor = (name: string): string => {
          if (name.startsWith('link')) return `c${(Number(name.slice(4)) + 1) % length}`;
          const i = Number(name.slice(1));
          return i % 2 === 1 ? `link${i}` : `c${(i + 1) % length}`;
        };
        for (let k = 0; k < cycle.length; k++) expect(successor(cycle[k] as string)).toBe(cycle[(k + 1) % cycle.length]);
      }),
      { numRuns: 100 },
    );
  });
  it('for random constraints with cycles: each cycle named once, from its earliest member, whose link in is ignored; the rest is the documented order', () => {
    const cyclicArb = fc.integer({ min: 1, max: 14 }).chain((n) =>
      fc.record({
        phases: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }),
        priorities: fc.array(fc.integer({ min: -2, max: 2 }), { minLength: n, maxLength: n }),
        // Any pair, a subscriber with itself too: cycles of every length, sharing members or links.
        pairs: fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 }), fc.boolean()), { maxLength: 3 * n }),
        subscribeOrder: fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i),
          { minLength: n, maxLength: n },
        ),
      }),
    );
    fc.assert(
      fc.property(cyclicArb, ({ phases, priorities, pairs, subscribeOrder }) => {
        const n = phases.length;
        const edges: Edge[] = [];
        const before: string[][] = Array.from({ length: n }, () => []);
        const after: string[][] = Array.from({ length: n }, () => []);
        for (const [from, to, onFrom] of pairs) {
          if (phases[from] !== phases[to]) continue;
          edges.push([from, to, onFrom]);
          if (onFrom) before[from]?.push(`n${to}`);
          else after[to]?.push(`n${from}`);
        }
        const { h, nodes } = mountNodes(phases, priorities, before, after, subscribeOrder);
        const ran = h.frame().map((name) => Number(name.slice(1)));
        expect(ran.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        const found = messages(h.errors);
        expect(new Set(found).size).toBe(found.length);
        const linked = (from: number, to: number): boolean => edges.some(([f, t]) => f === from && t === to);
        const earlier = (a: Node, b: Node): boolean => (a.phase - b.phase || a.priority - b.priority || a.seq - b.seq) < 0;
        const ignored = found.map((message) => {
          const named = [...message.matchAll(/"n(\d+)"/g)].map((m) => Number(m[1]));
          // The cycle, its first member again, then the link ignored: from its last member into its first.
          const cycle = named.slice(0, -3);
          expect(named.slice(-3)).toEqual([cycle[0], cycle.at(-1), cycle[0]]);
          cycle.forEach((member, k) => expect(linked(member, cycle[(k + 1) % cycle.length] as number)).toBe(true));
          for (const member of cycle.slice(1)) expect(earlier(nodes[cycle[0] as number] as Node, nodes[member] as Node)).toBe(true);
          return [cycle.at(-1), cycle[0]] as [number, number];
        });
        // Without the links ignored (every copy), no cycle is left: the order keeps all of them, and is the documented one.
        const kept = edges.filter(([from, to]) => !ignored.some(([f, t]) => f === from && t === to));
        const position = new Map(ran.map((node, at) => [node, at]));
        for (const [from, to] of kept) expect(position.get(from)).toBeLessThan(position.get(to) as number);
        expect(ran).toEqual(referenceOrder(nodes, kept));
        // Once: the next frame reports nothing new and runs the same order.
        expect(h.frame()).toEqual(ran.map((i) => `n${i}`));
        expect(h.errors).toHaveLength(found.length);
      }),
      { numRuns: 300 },
    );
  });
});
