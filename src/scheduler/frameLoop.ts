/**
 * The one frame loop of a scheduler, without its public face: a FrameSource's frames run ordered
 * subscribers, with pause, time scale, the `maxDelta` clamp, frame-loop modes and error isolation.
 * What costs work per frame (refresh detection, the adaptive rate, a cap, named ordering) is not
 * here: a feature's module attaches it when something first asks (refreshDetection.ts,
 * namedOrder.ts), so a hook bundles only the features it uses. `createFrameScheduler` puts the
 * public methods on top (schedulerOf); the hooks use the loop as it is. @internal
 */
import { choice, finite, type RefreshRateEstimate, type Rules } from '../core/internal.js';
import { createSubscriberList, FRAME_PHASES } from './subscribers.js';
import type { SubscriberOrder, SubscriberOrdering } from './subscribers.js';
import type { FrameCallback, FrameGap, FrameInfo, FrameLoopMode, FramePhase, FrameScheduler, FrameSource, SubscribeOptions } from './types.js';

/** The rate reported before anything measured the display: the most common one. */
const NOMINAL_RATE = 60;
/** Two gaps in a row longer than this and `maxDelta` mean a throttled page, not a slow machine (docs/scheduler.md). */
const THROTTLED_GAP_SECONDS = 0.5;

/** Longest real gap a frame is given unless the `maxDelta` option says otherwise, seconds. */
export const DEFAULT_MAX_DELTA_SECONDS = 0.25;

/** Every option of `subscribe` (and `useFrame`). */
export const SUBSCRIBE_OPTION_KEYS: readonly string[] = ['phase', 'priority', 'id', 'before', 'after'];
/** The rules of a subscription's `phase` and `priority`. */
export const SUBSCRIBE_RULES: Rules<{ phase: FramePhase; priority: number }> = { phase: choice(FRAME_PHASES, 'update'), priority: finite(0) };

/** The error for `id` / `before` / `after` on the page-wide loop before it has a scheduler. */
export function unordered(caller: string): never {
  throw new RangeError(`${caller}: options \`id\`, \`before\` and \`after\` need a <FrameProvider> (or createFrameScheduler): the page-wide loop under useFrame alone orders by phase and priority`);
}

/** The loop's checked settings, read every frame. */
export interface LoopConfig {
  mode: FrameLoopMode;
  maxDelta: number;
  timeScale: number;
  paused: boolean;
  onError: ((error: unknown, frame: FrameInfo) => void) | undefined;
  onGap: ((gap: FrameGap) => void) | undefined;
  onFrame: ((frame: FrameInfo) => void) | undefined;
}

/** Per-frame work of a started feature (detection, the adaptive rate, a cap); without one a frame pays a null check. */
export interface FrameTiming {
  /** A source frame arrived; true skips this vblank. `forward`: the timestamp is later than the last run's. */
  begin(timestampMs: number, forward: boolean): boolean;
  end(): void;
  /** After every source frame: tell listeners what changed. */
  settle(): void;
  readonly divisor: number;
}

/**
 * What devtools watch on a loop beyond its subscribers (docs/devtools.md): the vblanks the adaptive
 * rate or a cap skipped, which no subscriber sees. An observer that throws is reported like a
 * subscriber.
 */
export interface LoopObserver {
  skipped?(timestampMs: number): void;
}

export class FrameLoop {
  readonly frame: FrameInfo;
  /** The public face, made once by `schedulerOf` when something asks for it. */
  scheduler: FrameScheduler | undefined = undefined;
  /** The refresh-rate estimate frames read: nominal until a feature measures (or the `refreshRate` option). */
  estimate: RefreshRateEstimate;
  /** True when the rate was given (`refreshRate`): nothing measures it. */
  readonly fixedRate: boolean;
  /** The started per-frame feature, or null (then frames skip it). */
  timing: FrameTiming | null = null;
  /** Creates the named ordering the first time a subscription names ids (a scheduler's; the page-wide loop has none). */
  startOrdering: (() => SubscriberOrdering) | undefined = undefined;
  readonly subscribers = createSubscriberList();
  readonly refreshListeners = new Set<(estimate: RefreshRateEstimate) => void>();
  readonly divisorListeners = new Set<(divisor: number) => void>();
  readonly observers: LoopObserver[] = [];
  /** Timestamp of the last frame whose subscribers ran, ms (NaN before the first). */
  lastRunMs = NaN;
  inFrame = false;
  private readonly gap: FrameGap = { timestampMs: 0, rawDeltaSeconds: 0, clampedSeconds: 0 };
  private handle: number | null = null;
  /** Live subscriptions, counted here for the per-frame check. */
  private subscriptions = 0;
  /** Counts destroy() calls: an unsubscribe from before one must not lower the count again. */
  private generation = 0;
  private invalidated = false;
  private framesRun = 0;
  /** The game clock as a compensated sum: exact over days of frames (Neumaier, see addCompensated). */
  private gameSum = 0;
  private gameCompensation = 0;
  /** The last forward frame's gap exceeded THROTTLED_GAP_SECONDS and maxDelta. */
  private lastGapLong = false;
  /** Errors of the current frame, rethrown after it when there is no onError. */
  private readonly errors: unknown[] = [];

  constructor(
    readonly owner: string,
    readonly source: FrameSource,
    readonly config: LoopConfig,
    refreshRate: number | undefined,
  ) {
    const rate = refreshRate ?? NOMINAL_RATE;
    this.fixedRate = refreshRate !== undefined;
    const state = this.fixedRate ? 'synced' : 'measuring';
    this.estimate = { refreshRate: rate, interval: 1000 / rate, confidence: this.fixedRate ? 1 : 0, synced: this.fixedRate, state, throttledRate: 0, changes: 0 };
    this.frame = { timestampMs: 0, deltaSeconds: 0, rawDeltaSeconds: 0, elapsedSeconds: 0, frameIndex: 0, refreshRate: rate, divisor: 1, timeScale: config.timeScale, paused: config.paused };
  }

  // ───────────── subscriptions ─────────────

  /**
   * Run `callback` every frame in its phase and priority order; returns the unsubscribe
   * (idempotent). The options are trusted (checked where they entered: `subscribe`, `useFrame`, a
   * hook); `caller` names the ids' errors.
   */
  subscribe(callback: FrameCallback, options: SubscribeOptions = {}, caller = 'subscribe'): () => void {
    const subscription = this.subscribers.add(callback, options.phase ?? 'update', options.priority ?? 0, this.readOrder(caller, options as Record<string, unknown>));
    this.subscriptions++;
    this.sync(false);
    const born = this.generation;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (born === this.generation) this.subscriptions--;
      subscription.remove();
      this.sync(false);
    };
  }

  /** `id` / `before` / `after` of subscribe options, checked by the named ordering; undefined when none is given. */
  private readOrder(caller: string, o: Readonly<Record<string, unknown>>): SubscriberOrder | undefined {
    if (o.id === undefined && o.before === undefined && o.after === undefined) return undefined;
    const subscribers = this.subscribers;
    if (subscribers.ordering === null && this.startOrdering) subscribers.ordering = this.startOrdering();
    if (subscribers.ordering) return subscribers.ordering.read(caller, o as Record<string, unknown>);
    return unordered(caller);
  }

  get subscriberCount(): number {
    return this.subscribers.count();
  }

  get running(): boolean {
    return this.handle !== null;
  }

  get paused(): boolean {
    return this.config.paused;
  }

  get timeScale(): number {
    return this.config.timeScale;
  }

  /** Ask for a frame (`'demand'` mode; harmless otherwise). */
  invalidate(): void {
    if (this.config.mode !== 'demand') return;
    this.invalidated = true;
    this.sync(false);
  }

  /** Unsubscribe everyone and cancel the pending request. */
  destroy(): void {
    this.subscribers.clear();
    this.subscriptions = 0;
    this.generation++;
    this.invalidated = false;
    this.refreshListeners.clear();
    this.divisorListeners.clear();
    this.sync(false);
  }

  /** Request or cancel the next frame to match the mode and the subscriptions; frames call it once they end. */
  sync(atFrameEnd: boolean): void {
    if (this.inFrame) return;
    const { mode } = this.config;
    // Only 'demand' keeps a pending invalidate(): leaving it drops one.
    if (mode !== 'demand') this.invalidated = false;
    if (this.subscriptions > 0 && (mode === 'always' || this.invalidated)) {
      if (this.handle !== null) {
        // A request on a swapped clock may never come: ask again on the current one.
        if (!this.source.stale?.(this.handle)) return;
        this.source.cancel(this.handle);
      }
      // Restarting after a long idle (or a clock that went back): a fresh start, not a "gap".
      const idleMs = atFrameEnd ? 0 : this.source.now() - this.lastRunMs;
      if (!(idleMs >= 0 && idleMs <= this.config.maxDelta * 1000)) {
        this.lastRunMs = NaN;
        this.lastGapLong = false;
      }
      this.handle = this.source.request(this.onSourceFrame);
    } else if (this.handle !== null) {
      const pending = this.handle;
      this.handle = null;
      this.source.cancel(pending);
    }
  }

  private readonly onSourceFrame = (timestampMs: number): void => {
    this.handle = null;
    this.run(timestampMs);
  };

  // ───────────── a frame ─────────────

  /** Run one frame at `timestampMs` (the source's callback, or `advance()`). */
  run(timestampMs: number): void {
    if (this.inFrame) throw new Error('react-timestep: a frame cannot be run from inside a frame (advance() called by a subscriber?)');
    this.inFrame = true;
    // Guarded write: an emptied array's length is left alone (docs/performance.md).
    if (this.errors.length !== 0) this.errors.length = 0;
    // Read once: a feature started by a subscriber during this frame starts with the next one.
    const timing = this.timing;
    try {
      // False before the first frame too: comparisons with NaN are false.
      const forward = Number.isFinite(timestampMs) && timestampMs > this.lastRunMs;
      if (timing !== null && timing.begin(timestampMs, forward)) return;
      this.invalidated = false;
      this.writeFrame(timestampMs, forward, timing === null ? 1 : timing.divisor);
      this.subscribers.run(this.frame, this.report);
      const { onFrame } = this.config;
      if (onFrame) this.notify(onFrame, this.frame);
      if (timing !== null) timing.end();
    } finally {
      this.inFrame = false;
      // The usual end of a frame in 'always' mode, the short path of sync().
      if (this.handle === null && this.subscriptions > 0 && this.config.mode === 'always') this.handle = this.source.request(this.onSourceFrame);
      else this.sync(true);
      if (this.timing !== null) this.timing.settle();
    }
    if (this.errors.length !== 0) this.throwCollected('frame subscribers');
  }

  /** The frame's numbers: the real delta, the clamp (reported to onGap), the game clock. */
  private writeFrame(timestampMs: number, forward: boolean, divisor: number): void {
    const { maxDelta, timeScale, paused, onGap } = this.config;
    const lastRunMs = this.lastRunMs;
    const rawDeltaSeconds = forward ? (timestampMs - lastRunMs) / 1000 : 0;
    // Throttled: like a hidden tab's frames, which never come, game time stands still.
    const longGap = rawDeltaSeconds > maxDelta && rawDeltaSeconds > THROTTLED_GAP_SECONDS;
    const throttled = longGap && this.lastGapLong;
    if (forward) this.lastGapLong = longGap;
    // A 0/1 factor, not a branch that merges doubles: no allocation per frame (docs/performance.md).
    const clampedSeconds = Math.min(rawDeltaSeconds, maxDelta) * (throttled ? 0 : 1);
    if (rawDeltaSeconds > maxDelta && onGap) {
      const gap = this.gap;
      gap.timestampMs = timestampMs;
      gap.rawDeltaSeconds = rawDeltaSeconds;
      gap.clampedSeconds = clampedSeconds;
      this.notify(onGap, gap);
    }
    const valid = Number.isFinite(timestampMs);
    if (valid) this.lastRunMs = timestampMs;
    const frame = this.frame;
    frame.timestampMs = valid ? timestampMs : Number.isNaN(lastRunMs) ? 0 : lastRunMs;
    frame.rawDeltaSeconds = rawDeltaSeconds;
    const deltaSeconds = (paused ? 0 : clampedSeconds) * timeScale;
    frame.deltaSeconds = deltaSeconds;
    // Neumaier's compensated sum (addCompensated in core/counting), written out: docs/performance.md.
    const sum = this.gameSum;
    const added = sum + deltaSeconds;
    this.gameCompensation += Math.abs(sum) >= deltaSeconds ? sum - added + deltaSeconds : deltaSeconds - added + sum;
    this.gameSum = added;
    frame.elapsedSeconds = added + this.gameCompensation;
    frame.frameIndex = this.framesRun++;
    frame.refreshRate = this.estimate.refreshRate;
    frame.divisor = divisor;
    frame.timeScale = timeScale;
    frame.paused = paused;
  }

  // ───────────── errors ─────────────

  /** Hand an error to `onError`, or keep it to throw after the frame. */
  readonly report = (error: unknown): void => {
    const { onError } = this.config;
    if (!onError) {
      this.errors.push(error);
      return;
    }
    try {
      onError(error, this.frame);
    } catch (thrownByHandler) {
      // A failing handler must not hide what it was handling: keep both (the same error once).
      this.errors.push(error);
      if (thrownByHandler !== error) this.errors.push(thrownByHandler);
    }
  };

  /** Call `callback` with `value`, reporting what it throws. */
  notify<T>(callback: (value: T) => void, value: T): void {
    try {
      callback(value);
    } catch (error) {
      this.report(error);
    }
  }

  clearErrors(): void {
    this.errors.length = 0;
  }

  throwCollected(what: string): void {
    if (this.errors.length === 0) return;
    const all = this.errors.splice(0);
    if (all.length === 1) throw all[0];
    throw new AggregateError(all, `react-timestep: ${all.length} ${what} threw`);
  }
}
