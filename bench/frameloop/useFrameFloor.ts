// A size floor, not shipped and not a contender: the smallest `useFrame` we could write that still
// keeps the contract the package's own `useFrame` keeps, so the bench can show how far the
// 1.5 KB budget is below what that contract needs. Only its bundle size is measured
// (sizes.mjs). It is written for bytes and nothing else:
// - one file, short property names on internal objects (esbuild shortens local names but never
//   property names);
// - none of the `FrameScheduler` surface (pause / time scale / modes as methods, listeners, the
//   attach points of refresh detection and the adaptive rate, destroy), which the real default
//   loop needs so that `getDefaultScheduler()` can wrap it later;
// - corners cut that the real loop does not cut: an object allocated per clamped gap, one timer
//   slot for the setTimeout fallback, no subscription generations.
// Kept: phases and priorities (sorted insert, flat callback array), the newest callback swapped in
// place, subscriptions added or removed mid-frame handled, error isolation with onError and a
// rethrow (AggregateError) after the frame, gap clamping and throttling, the compensated game
// clock, the eleven FrameInfo fields, the settings a scheduler changes (mode, maxDelta, time
// scale, pause, onError / onGap / onFrame) read every frame, an installed per-frame part, named
// ordering delegated (those last three are carried, as the real default loop carries them, though
// nothing in this file sets them: the `FrameScheduler` surface that would is left out), a frame
// source that survives requestAnimationFrame being swapped (fake timers) and falls back to
// setTimeout without it, a provider's scheduler or a test double, and option checks that name the
// hook, the option and the value. `useFrameUnchecked` is the same with no option checks at all.
import { createContext, useContext, useEffect, useInsertionEffect, useRef } from 'react';

type Callback = (frame: typeof FRAME) => void;
/** A subscription: c callback, r phase rank, p priority, l live, i index in the flat array, o named order. */
type Entry = { c: Callback; r: number; p: number; l: boolean; i: number; o: unknown };
type Order = readonly [rank: number, priority: number, order: unknown];
type Options = { phase?: string; priority?: number; id?: string; before?: unknown; after?: unknown };
/** Named ordering, when installed (the real loop's SubscriberOrdering, reduced to what is called). */
type Ordering = {
  read(owner: string, options: Options): unknown;
  add(entry: Entry): void;
  forget(entry: Entry): void;
  layout(entries: Entry[], place: (entry: Entry, at: number) => void, onError: (error: unknown) => void, frames: number): void;
};
type Timing = { begin(timestampMs: number, forward: boolean): boolean; end(): void; settle(): void; divisor: number };
type Config = { mode: string; maxDelta: number; timeScale: number; paused: boolean; onError?: (error: unknown, frame: typeof FRAME) => void; onGap?: (gap: object) => void; onFrame?: Callback };
type Globals = {
  requestAnimationFrame?: (callback: (timestampMs: number) => void) => number;
  cancelAnimationFrame: (handle: number) => void;
  performance?: { now(): number };
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
};
type Subscription = { remove(): void; set(callback: Callback): void };

const PHASES = ['input', 'update', 'render', 'after'];
const KEYS = ['phase', 'priority', 'id', 'before', 'after'];
const FRAME = { timestampMs: 0, deltaSeconds: 0, rawDeltaSeconds: 0, realDeltaSeconds: 0, elapsedSeconds: 0, frameIndex: 0, refreshRate: 60, divisor: 1, nextDeltaSeconds: 1 / 60, timeScale: 1, paused: false };
const noop = (): void => undefined;
const show = (value: unknown): string => (typeof value == 'string' ? JSON.stringify(value) : typeof value == 'function' ? 'a function' : typeof value == 'object' && value ? 'an object' : String(value));
const bad = (owner: string, name: string, value: unknown, expected: string): never => {
  throw new RangeError(`${owner}: option \`${name}\` must be ${expected}, got ${show(value)}`);
};

function checked(owner: string, callback: unknown, options: Options, ordering: Ordering | null | undefined): Order {
  if (typeof callback != 'function') bad(owner, 'callback', callback, 'a function');
  if (typeof options != 'object' || !options || Array.isArray(options)) throw new RangeError(`${owner}: options must be an object, got ${show(options)}`);
  for (const key in options as object) {
    if (KEYS.includes(key)) continue;
    const near = KEYS.find((k) => k.toLowerCase() == key.toLowerCase());
    throw new RangeError(`${owner}: unknown option \`${key}\` (${near ? `did you mean \`${near}\`?` : `known options: ${KEYS.join(', ')}`})`);
  }
  const phase = options.phase ?? 'update';
  if (!PHASES.includes(phase)) bad(owner, 'phase', phase, `one of '${PHASES.join("', '")}'`);
  const priority = options.priority ?? 0;
  if (!Number.isFinite(priority)) bad(owner, 'priority', priority, 'a finite number');
  if (!ordering && (options.id !== undefined || options.before !== undefined || options.after !== undefined)) bad(owner, 'id', options.id, 'used with named ordering');
  return [PHASES.indexOf(phase), priority, ordering?.read(owner, options)];
}

const unchecked = (owner: string, _callback: unknown, options: Options, ordering: Ordering | null | undefined): Order => [PHASES.indexOf(options.phase ?? 'update'), options.priority ?? 0, ordering?.read(owner, options)];

function createLoop(config: Config) {
  const entries: Entry[] = [];
  const callbacks: Callback[] = [];
  const added: Entry[] = [];
  const errors: unknown[] = [];
  const frame = { ...FRAME };
  const rate = { refreshRate: 60 };
  // [0] last timestamp, [1] game clock, [2] its compensation: unboxed doubles.
  const times = new Float64Array(3);
  times[0] = Number.NaN;
  const g = globalThis as unknown as Globals;
  let handle: number | null = null;
  let raf: Globals['requestAnimationFrame'];
  let caf: (handle: number) => void;
  let timer: unknown;
  let dirty = false;
  let live = 0;
  let lastLong = false;
  let frames = 0;
  let inFrame = false;
  let running = false;
  let invalidated = false;
  let timing: Timing | null = null;

  const now = (): number => (g.performance ? g.performance.now() : Date.now());
  const report = (error: unknown): void => {
    const { onError } = config;
    if (!onError) return void errors.push(error);
    try {
      onError(error, frame);
    } catch (thrown) {
      errors.push(error);
      if (thrown !== error) errors.push(thrown);
    }
  };
  const notify = <T,>(callback: ((value: T) => void) | undefined, value: T): void => {
    try {
      callback?.(value);
    } catch (error) {
      report(error);
    }
  };
  const cancel = (): void => {
    if (handle !== null && handle < 0) g.clearTimeout(timer);
    else if (handle !== null) caf(handle);
    handle = null;
  };
  const request = (): void => {
    const requestFrame = g.requestAnimationFrame;
    raf = requestFrame;
    caf = g.cancelAnimationFrame;
    if (requestFrame) {
      handle = requestFrame((t: number) => {
        handle = null;
        run(g.requestAnimationFrame === raf ? t : Number.NaN);
      });
    } else {
      const t = now();
      const period = 1000 / 60;
      handle = -1;
      timer = g.setTimeout(() => {
        handle = null;
        run(now());
      }, Math.ceil((Math.floor((t + 1) / period) + 1) * period - t));
    }
  };
  const sync = (atFrameEnd?: boolean): void => {
    if (inFrame) return;
    const { mode } = config;
    if (mode != 'demand') invalidated = false;
    if (live && (mode == 'always' || invalidated)) {
      if (handle !== null && g.requestAnimationFrame === raf) return;
      cancel();
      if (!atFrameEnd && !(now() - (times[0] as number) <= config.maxDelta * 1000)) {
        times[0] = Number.NaN;
        lastLong = false;
      }
      request();
    } else cancel();
  };
  const place = (entry: Entry, at: number): void => {
    entry.i = at;
    callbacks[at] = entry.c;
  };
  const insert = (entry: Entry): void => {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = entries[mid] as Entry;
      if (entry.r < other.r || (entry.r == other.r && entry.p < other.p)) hi = mid;
      else lo = mid + 1;
    }
    entries.splice(lo, 0, entry);
    dirty = true;
  };
  const layout = (): void => {
    dirty = false;
    let write = 0;
    for (const entry of entries) if (entry.l) entries[write++] = entry;
    while (entries.length > write) entries.pop();
    if (loop.ordering) loop.ordering.layout(entries, place, report, frames);
    else entries.forEach(place);
    while (callbacks.length > entries.length) callbacks.pop();
  };

  function run(t: number): void {
    if (inFrame) throw new Error('react-timestep: a frame cannot be run from inside a frame');
    inFrame = true;
    if (errors.length) errors.length = 0;
    const installed = timing;
    try {
      const last = times[0] as number;
      const valid = Number.isFinite(t);
      const forward = valid && t > last;
      if (installed && installed.begin(t, forward)) return;
      invalidated = false;
      const { maxDelta, timeScale, paused } = config;
      const raw = forward ? (t - last) / 1000 : 0;
      const long = raw > maxDelta && raw > 0.5;
      const clamped = Math.min(raw, maxDelta) * (long && lastLong ? 0 : 1);
      if (forward) lastLong = long;
      if (raw > maxDelta && config.onGap) notify(config.onGap, { timestampMs: t, rawDeltaSeconds: raw, clampedSeconds: clamped });
      if (valid) times[0] = t;
      frame.timestampMs = valid ? t : last || 0;
      frame.rawDeltaSeconds = raw;
      const real = paused ? 0 : clamped;
      const delta = real * timeScale;
      frame.realDeltaSeconds = real;
      frame.deltaSeconds = delta;
      const sum = times[1] as number;
      const next = sum + delta;
      times[2] = (times[2] as number) + (Math.abs(sum) >= delta ? sum - next + delta : delta - next + sum);
      times[1] = next;
      frame.elapsedSeconds = next + (times[2] as number);
      frame.frameIndex = frames++;
      const divisor = installed ? installed.divisor : 1;
      frame.refreshRate = rate.refreshRate;
      frame.divisor = divisor;
      frame.nextDeltaSeconds = (divisor * timeScale) / rate.refreshRate;
      frame.timeScale = timeScale;
      frame.paused = paused;
      if (dirty) layout();
      running = true;
      const n = callbacks.length;
      let i = 0;
      try {
        while (i < n) {
          try {
            for (; i < n; i++) (callbacks[i] as Callback)(frame);
          } catch (error) {
            i++;
            report(error);
          }
        }
      } finally {
        running = false;
        for (const entry of added.splice(0)) if (entry.l) insert(entry);
      }
      notify(config.onFrame, frame);
      installed?.end();
    } finally {
      inFrame = false;
      sync(true);
      timing?.settle();
    }
    if (errors.length) {
      const all = errors.splice(0);
      throw all.length > 1 ? new AggregateError(all, `react-timestep: ${all.length} frame subscribers threw`) : all[0];
    }
  }

  const loop = {
    config,
    frame,
    times,
    rate,
    run,
    sync,
    report,
    ordering: null as Ordering | null,
    attach(installed: Timing | null): void {
      timing = installed;
    },
    subscribe(callback: Callback, [rank, priority, order]: Order) {
      const entry: Entry = { c: callback, r: rank, p: priority, l: true, i: -1, o: order };
      if (order) loop.ordering?.add(entry);
      live++;
      if (running) added.push(entry);
      else insert(entry);
      sync();
      const swap = (replacement: Callback): void => {
        if (callbacks[entry.i] === entry.c) callbacks[entry.i] = replacement;
        entry.c = replacement;
      };
      return {
        remove(): void {
          if (!entry.l) return;
          entry.l = false;
          live--;
          dirty = true;
          if (order) loop.ordering?.forget(entry);
          swap(noop);
          sync();
        },
        set(replacement: Callback): void {
          if (entry.l) swap(replacement);
        },
      };
    },
  };
  return loop;
}

const DEFAULT_LOOP = Symbol.for('react-timestep.floor.default-loop');
const LOOP = Symbol.for('react-timestep.floor.loop');
/** A provider's scheduler: one of ours carries its loop; any other (a test double) only subscribes. */
type Scheduler = { [LOOP]?: ReturnType<typeof createLoop>; subscribe(callback: Callback, options: Options): () => void };
const SchedulerContext = createContext<Scheduler | null>(null);

function frameHook(check: typeof checked) {
  return function useFrame(callback: Callback, options: Options = {}): void {
    const scheduler = useContext(SchedulerContext);
    const holder = globalThis as { [DEFAULT_LOOP]?: ReturnType<typeof createLoop> };
    const loop = scheduler ? scheduler[LOOP] : (holder[DEFAULT_LOOP] ??= createLoop({ mode: 'always', maxDelta: 0.25, timeScale: 1, paused: false }));
    const [rank, priority, order] = check('useFrame', callback, options, loop?.ordering);
    const before = JSON.stringify(options.before);
    const after = JSON.stringify(options.after);
    const latest = useRef(callback);
    const subscription = useRef<Subscription | null>(null);
    useInsertionEffect(() => {
      latest.current = callback;
      subscription.current?.set(callback);
    });
    useEffect(() => {
      const current = loop
        ? loop.subscribe(latest.current, [rank, priority, order])
        : { remove: scheduler!.subscribe((frame) => latest.current(frame), { phase: PHASES[rank], priority }), set: noop };
      subscription.current = current;
      return () => {
        subscription.current = null;
        current.remove();
      };
      // `order` is the checked copy of id / before / after, which the dependencies below stand for.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [scheduler, loop, rank, priority, options.id, before, after]);
  };
}

/** The floor with the package's option checks. */
export const useFrame = /* @__PURE__ */ frameHook(checked);
/** The floor with no option checks and no messages for them. */
export const useFrameUnchecked = /* @__PURE__ */ frameHook(unchecked);
