import type { RefreshRateEstimate } from '../core/index.js';
import { finiteNumber, oneOf, optionsObject, withDefault } from '../core/internal.js';
import type { FrameLoopHost, FrameTiming, LoopConfig } from './frameLoopHost.js';
import { createSubscriberList, FRAME_PHASES } from './subscribers.js';
import type { FrameSubscription, SubscriberOrder } from './subscribers.js';
import type { FrameCallback, FrameGap, FrameInfo, FrameSource, SchedulerAdaptiveOptions, SubscribeOptions } from './types.js';

/** The rate reported before anything measured the display: the most common one. */
const NOMINAL_RATE = 60;
/** Two gaps in a row longer than this and `maxDelta` mean a throttled page, not a slow machine (docs/scheduler.md). */
const THROTTLED_GAP_SECONDS = 0.5;

/** Longest real gap a frame is given unless the `maxDelta` option says otherwise, seconds. */
export const DEFAULT_MAX_DELTA_SECONDS = 0.25;

/** The error for `id` / `before` / `after` on the page-wide loop before it has a scheduler. */
export function unordered(caller: string): never {
  throw new RangeError(`${caller}: options \`id\`, \`before\` and \`after\` need a <FrameProvider> (or createFrameScheduler): the page-wide loop under useFrame alone orders by phase and priority`);
}

/** Every option of `subscribe` (and `useFrame`). */
export const SUBSCRIBE_OPTION_KEYS: readonly string[] = ['phase', 'priority', 'id', 'before', 'after'];

/** The frame loop without its public face; `createFrameScheduler` puts the methods on top. @internal */
export function createLoopHost(owner: string, source: FrameSource, config: LoopConfig, fixedRate: number | undefined): FrameLoopHost {
  const rate = fixedRate ?? NOMINAL_RATE;
  const given = fixedRate !== undefined;
  let estimate: RefreshRateEstimate = {
    refreshRate: rate,
    interval: 1000 / rate,
    confidence: given ? 1 : 0,
    synced: given,
    state: given ? 'synced' : 'measuring',
    throttledRate: 0,
    changes: 0,
  };

  const subscribers = createSubscriberList();
  const frame: FrameInfo = {
    timestampMs: 0,
    deltaSeconds: 0,
    rawDeltaSeconds: 0,
    elapsedSeconds: 0,
    frameIndex: 0,
    refreshRate: rate,
    divisor: 1,
    timeScale: config.timeScale,
    paused: config.paused,
  };
  const gap: FrameGap = { timestampMs: 0, rawDeltaSeconds: 0, clampedSeconds: 0 };

  let handle: number | null = null;
  /** Live subscriptions, mirrored from the list for the per-frame check (docs/performance.md). */
  let subscriptions = 0;
  /** Counts destroy() calls: an unsubscribe from before one must not lower the count again. */
  let generation = 0;
  let inFrame = false;
  let invalidated = false;
  let framesRun = 0;
  /** [0]: timestamp of the last frame whose subscribers ran (NaN before the first); typed: docs/performance.md. */
  const times = new Float64Array(1);
  times[0] = Number.NaN;
  /** The game clock as a compensated sum ([0] sum, [1] compensation): exact over days of frames. */
  const gameClock = new Float64Array(2);
  /** The last forward frame's gap exceeded THROTTLED_GAP_SECONDS and maxDelta. */
  let lastGapLong = false;
  // Errors of the current frame, rethrown after it when there is no onError. Reused.
  const errors: unknown[] = [];

  const report = (error: unknown): void => {
    const { onError } = config;
    if (!onError) {
      errors.push(error);
      return;
    }
    try {
      onError(error, frame);
    } catch (thrownByHandler) {
      // A failing handler must not hide what it was handling: keep both (the same error once).
      errors.push(error);
      if (thrownByHandler !== error) errors.push(thrownByHandler);
    }
  };

  function notify<T>(callback: (value: T) => void, value: T): void {
    try {
      callback(value);
    } catch (error) {
      report(error);
    }
  }

  function throwCollected(what: string): void {
    if (errors.length === 0) return;
    const all = errors.splice(0);
    if (all.length === 1) throw all[0];
    if (all.length > 1) throw new AggregateError(all, `react-timestep: ${all.length} ${what} threw`);
  }

  /** The installed per-frame part (refresh detection, adaptive rate), or null: then frames skip it. */
  let timing: FrameTiming | null = null;
  let setAdaptive: ((adaptive: boolean | SchedulerAdaptiveOptions) => void) | null = null;
  const host: FrameLoopHost = {
    owner,
    source,
    config,
    frame,
    times,
    fixedRate: given,
    estimate: () => estimate,
    timing: () => timing,
    attach(installed, detected) {
      timing = installed;
      estimate = detected;
    },
    adaptive: () => setAdaptive,
    attachAdaptive(installed) {
      setAdaptive = installed;
    },
    refreshListeners: new Set(),
    divisorListeners: new Set(),
    report,
    clearErrors() {
      errors.length = 0;
    },
    throwCollected,
    inFrame: () => inFrame,
    subscribers,
    subscribe,
    run: runFrame,
    invalidate() {
      invalidated = true;
      sync(false);
    },
    sync: () => sync(false),
    running: () => handle !== null,
    destroy() {
      subscribers.clear();
      subscriptions = 0;
      generation++;
      invalidated = false;
      host.refreshListeners.clear();
      host.divisorListeners.clear();
      sync(false);
    },
  };

  /** Check `id` / `before` / `after` of subscribe options: the named ordering's copy of them, or undefined when none is given. */
  function readOrder(caller: string, so: Record<string, unknown>): SubscriberOrder | undefined {
    if (so.id === undefined && so.before === undefined && so.after === undefined) return undefined;
    if (subscribers.ordering === null && host.startOrdering) subscribers.ordering = host.startOrdering();
    if (subscribers.ordering) return subscribers.ordering.read(caller, so);
    return unordered(caller);
  }

  function subscribe(callback: FrameCallback, options: SubscribeOptions | undefined, caller: string): FrameSubscription {
    const so = optionsObject(caller, options, false, SUBSCRIBE_OPTION_KEYS);
    const phase = oneOf(caller, 'phase', withDefault(so.phase, 'update'), FRAME_PHASES);
    const priority = finiteNumber(caller, 'priority', withDefault(so.priority, 0));
    const subscription = subscribers.add(callback, phase, priority, readOrder(caller, so));
    subscriptions++;
    sync(false);
    const born = generation;
    let done = false;
    return {
      remove() {
        if (done) return;
        done = true;
        if (born === generation) subscriptions--;
        subscription.remove();
        sync(false);
      },
    };
  }

  /** Request or cancel the next frame to match the mode; frames call it once they end. */
  function sync(atFrameEnd: boolean): void {
    if (inFrame) return;
    const { mode } = config;
    // Only 'demand' keeps a pending invalidate(): leaving it drops one.
    if (mode !== 'demand') invalidated = false;
    if (subscriptions > 0 && (mode === 'always' || invalidated)) {
      if (handle !== null) {
        // A request on a swapped clock may never come: ask again on the current one.
        if (!source.stale?.(handle)) return;
        source.cancel(handle);
      }
      // Restarting after a long idle (or a clock that went back): a fresh start, not a "gap".
      const idleMs = atFrameEnd ? 0 : source.now() - (times[0] as number);
      if (!(idleMs >= 0 && idleMs <= config.maxDelta * 1000)) {
        times[0] = Number.NaN;
        lastGapLong = false;
      }
      handle = source.request(onSourceFrame);
    } else if (handle !== null) {
      const pending = handle;
      handle = null;
      source.cancel(pending);
    }
  }

  function onSourceFrame(timestampMs: number): void {
    handle = null;
    runFrame(timestampMs);
  }

  function runFrame(timestampMs: number): void {
    if (inFrame) throw new Error('react-timestep: a frame cannot be run from inside a frame (advance() called by a subscriber?)');
    inFrame = true;
    // Guarded write: docs/performance.md.
    if (errors.length !== 0) errors.length = 0;
    // Read once: a part installed by a subscriber during this frame starts with the next one.
    const installed = timing;
    try {
      const valid = Number.isFinite(timestampMs);
      const lastRunMs = times[0] as number;
      // False before the first frame too: comparisons with NaN are false.
      const forward = valid && timestampMs > lastRunMs;
      if (installed !== null && installed.begin(timestampMs, forward)) return;
      invalidated = false;

      const { maxDelta, timeScale, paused } = config;
      const rawDeltaSeconds = forward ? (timestampMs - lastRunMs) / 1000 : 0;
      // Throttled: like a hidden tab's frames, which never come, game time stands still.
      const longGap = rawDeltaSeconds > maxDelta && rawDeltaSeconds > THROTTLED_GAP_SECONDS;
      const throttled = longGap && lastGapLong;
      if (forward) lastGapLong = longGap;
      // A 0/1 factor, not a branch that merges doubles: no allocation per frame (docs/performance.md).
      const clampedSeconds = Math.min(rawDeltaSeconds, maxDelta) * (throttled ? 0 : 1);
      const { onGap } = config;
      if (rawDeltaSeconds > maxDelta && onGap) {
        gap.timestampMs = timestampMs;
        gap.rawDeltaSeconds = rawDeltaSeconds;
        gap.clampedSeconds = clampedSeconds;
        notify(onGap, gap);
      }
      if (valid) times[0] = timestampMs;

      frame.timestampMs = valid ? timestampMs : Number.isNaN(lastRunMs) ? 0 : lastRunMs;
      frame.rawDeltaSeconds = rawDeltaSeconds;
      const deltaSeconds = (paused ? 0 : clampedSeconds) * timeScale;
      frame.deltaSeconds = deltaSeconds;
      // Neumaier's compensated sum (addCompensated in core/counting), written out: docs/performance.md.
      const sum = gameClock[0] as number;
      const added = sum + deltaSeconds;
      gameClock[1] = (gameClock[1] as number) + (Math.abs(sum) >= deltaSeconds ? sum - added + deltaSeconds : deltaSeconds - added + sum);
      gameClock[0] = added;
      frame.elapsedSeconds = added + (gameClock[1] as number);
      frame.frameIndex = framesRun++;
      const divisor = installed === null ? 1 : installed.divisor;
      const { refreshRate } = estimate;
      frame.refreshRate = refreshRate;
      frame.divisor = divisor;
      frame.timeScale = timeScale;
      frame.paused = paused;

      subscribers.run(frame, report);
      const { onFrame } = config;
      if (onFrame) notify(onFrame, frame);
      if (installed !== null) installed.end();
    } finally {
      inFrame = false;
      // The usual end of a frame in 'always' mode, the short path of sync() (docs/performance.md).
      if (handle === null && subscriptions > 0 && config.mode === 'always') handle = source.request(onSourceFrame);
      else sync(true);
      if (timing !== null) timing.settle();
    }
    if (errors.length !== 0) throwCollected('frame subscribers');
  }

  return host;
}
