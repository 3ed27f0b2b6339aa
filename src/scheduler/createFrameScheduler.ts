import { booleanValue, oneOf, optionalFunction, optionsObject, positiveNumber, timeScaleValue, withDefault } from '../core/internal.js';
import { adaptiveSetter } from './adaptiveFeature.js';
import { createBrowserFrameSource } from './browserSource.js';
import { setFrameRateCap } from './frameRateCap.js';
import { FRAME_LOOP_HOST, frameLoopHost, type FrameLoopHost, type LoopConfig } from './frameLoopHost.js';
import { createLoopHost, DEFAULT_MAX_DELTA_SECONDS } from './loopHost.js';
import { createNamedOrdering } from './namedOrder.js';
import { refreshTiming } from './refreshDetection.js';
import type { FrameLoopMode, FrameScheduler, FrameSchedulerOptions, FrameSource, SchedulerAdaptiveOptions } from './types.js';

const OWNER = 'createFrameScheduler';
const MODES: readonly FrameLoopMode[] = ['always', 'demand', 'manual'];

/** Every option `createFrameScheduler` knows; any other key is a misspelling. */
export const FRAME_SCHEDULER_OPTION_KEYS: readonly string[] = [
  'source',
  'frameloop',
  'maxDelta',
  'timeScale',
  'paused',
  'refreshRate',
  'adaptive',
  'maxFrameRate',
  'onError',
  'onGap',
  'onFrame',
];
export { SUBSCRIBE_OPTION_KEYS } from './loopHost.js';

/** A frame source: an object with `request`, `cancel` and `now` functions, else a RangeError naming `owner`. */
export function checkSource(owner: string, value: unknown): FrameSource {
  const s = value as Partial<FrameSource> | null;
  if (typeof s !== 'object' || s === null || typeof s.request !== 'function' || typeof s.cancel !== 'function' || typeof s.now !== 'function') {
    throw new RangeError(`${owner}: option \`source\` must be an object with request, cancel and now functions, got ${s === null ? 'null' : typeof s}`);
  }
  return s as FrameSource;
}

/**
 * Create the frame loop: one {@link FrameSource} feeding ordered subscribers, with pause, time
 * scale, frame-loop modes, error isolation, refresh-rate detection, the adaptive frame rate and a
 * frame-rate cap. Each costly part starts when first asked for. Details: docs/scheduler.md.
 */
export function createFrameScheduler(options?: FrameSchedulerOptions): FrameScheduler {
  const o = optionsObject(OWNER, options, false, FRAME_SCHEDULER_OPTION_KEYS);
  const source = o.source === undefined ? createBrowserFrameSource() : checkSource(OWNER, o.source);
  const config: LoopConfig = {
    mode: oneOf(OWNER, 'frameloop', withDefault(o.frameloop, 'always'), MODES),
    maxDelta: positiveNumber(OWNER, 'maxDelta', withDefault(o.maxDelta, DEFAULT_MAX_DELTA_SECONDS)),
    timeScale: timeScaleValue(OWNER, 'timeScale', withDefault(o.timeScale, 1)),
    paused: booleanValue(OWNER, 'paused', withDefault(o.paused, false)),
    onError: optionalFunction(OWNER, 'onError', o.onError),
    onGap: optionalFunction(OWNER, 'onGap', o.onGap),
    onFrame: optionalFunction(OWNER, 'onFrame', o.onFrame),
  };
  const fixedRate = o.refreshRate === undefined ? undefined : positiveNumber(OWNER, 'refreshRate', o.refreshRate);
  const scheduler = schedulerOf(createLoopHost(OWNER, source, config, fixedRate));
  // Checked before anything starts: `false` leaves the rate off.
  if (o.adaptive !== undefined && o.adaptive !== false) scheduler.setAdaptive(o.adaptive as boolean | SchedulerAdaptiveOptions);
  if (o.maxFrameRate !== undefined) setFrameRateCap(frameLoopHost(scheduler) as FrameLoopHost, OWNER, o.maxFrameRate);
  return scheduler;
}

/** Add a listener to one of the host's sets; returns its remover. */
function listen<T>(set: Set<(value: T) => void>, listener: (value: T) => void): () => void {
  // Wrapped so the same function can be added twice and removed independently.
  const entry = (value: T): void => listener(value);
  set.add(entry);
  return () => void set.delete(entry);
}

/** The {@link FrameScheduler} over a loop, made once per loop (the default loop's on demand). @internal */
export function schedulerOf(host: FrameLoopHost): FrameScheduler {
  const { config } = host;
  host.startOrdering ??= createNamedOrdering;
  /** Start refresh detection (a no-op once started, or with a fixed rate). */
  const detect = (): void => {
    if (!host.fixedRate) refreshTiming(host);
  };
  return (host.scheduler ??= {
    [FRAME_LOOP_HOST]: host,
    subscribe(callback, subscribeOptions) {
      if (typeof callback !== 'function') throw new RangeError('subscribe: `callback` must be a function');
      const { remove } = host.subscribe(callback, subscribeOptions, 'subscribe');
      detect();
      return remove;
    },
    invalidate() {
      if (config.mode === 'demand') host.invalidate();
    },
    advance(timestampMs) {
      detect();
      host.run(timestampMs ?? host.source.now());
    },
    pause() {
      config.paused = true;
    },
    resume() {
      config.paused = false;
    },
    get paused() {
      return config.paused;
    },
    setTimeScale(value) {
      config.timeScale = timeScaleValue('setTimeScale', 'timeScale', value);
    },
    get timeScale() {
      return config.timeScale;
    },
    setFrameloop(value) {
      config.mode = oneOf('setFrameloop', 'frameloop', value, MODES);
      host.sync();
    },
    get frameloop() {
      return config.mode;
    },
    setMaxDelta(value) {
      config.maxDelta = positiveNumber('setMaxDelta', 'maxDelta', value);
    },
    setMaxFrameRate(value) {
      setFrameRateCap(host, 'setMaxFrameRate', value);
    },
    get refreshRate() {
      return host.estimate();
    },
    onRefreshRateChange(listener) {
      detect();
      return listen(host.refreshListeners, listener);
    },
    get divisor() {
      return host.timing()?.divisor ?? 1;
    },
    onDivisorChange: (listener) => listen(host.divisorListeners, listener),
    setAdaptive: adaptiveSetter(host),
    get subscriberCount() {
      return host.subscribers.count();
    },
    get running() {
      return host.running();
    },
    get frame() {
      return host.frame;
    },
    destroy: host.destroy,
  } as FrameScheduler);
}
