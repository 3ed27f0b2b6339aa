import { booleanValue, oneOf, optionalFunction, optionsObject, positiveNumber, timeScaleValue, withDefault } from '../core/validate.js';
import { createBrowserFrameSource } from './browserSource.js';
import { FRAME_LOOP_HOST, type FrameLoopHost, type LoopConfig } from './frameLoopHost.js';
import { createLoopHost, DEFAULT_MAX_DELTA_SECONDS } from './loopHost.js';
import type { FrameLoopMode, FrameScheduler, FrameSchedulerOptions, FrameSource } from './types.js';

const MODES: readonly FrameLoopMode[] = ['always', 'demand', 'manual'];

/** Every option `createFrameScheduler` and `createFrameLoop` know; any other key is a misspelling. */
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

function checkSource(owner: string, value: unknown): FrameSource {
  const s = value as Partial<FrameSource> | null;
  if (typeof s !== 'object' || s === null || typeof s.request !== 'function' || typeof s.cancel !== 'function' || typeof s.now !== 'function') {
    throw new RangeError(`${owner}: option \`source\` must be an object with request, cancel and now functions, got ${typeof value}`);
  }
  return s as FrameSource;
}

/**
 * The frame loop alone: {@link createFrameScheduler} without refresh-rate detection and without
 * the adaptive frame rate, so neither costs bytes in a bundle nor time per frame until something
 * installs it ({@link installRefreshDetection}, {@link installAdaptiveFramerate}; the hooks that
 * need them do that themselves). Until then `refreshRate` reports 60 Hz, `state` `'measuring'`
 * (what a detector reports before it has measured), or the `refreshRate` option when given, and
 * the divisor is 1. The `adaptive` option is refused: it needs {@link installAdaptiveFramerate}.
 *
 * The page-wide default scheduler the hooks use without a provider is one of these.
 *
 * @example
 * ```ts
 * const loop = createFrameLoop();
 * const stop = loop.subscribe((frame) => { world.x += world.vx * frame.deltaSeconds; });
 * ```
 */
export function createFrameLoop(options?: FrameSchedulerOptions): FrameScheduler {
  return createLoop('createFrameLoop', options);
}

/**
 * The loop behind {@link createFrameLoop} and `createFrameScheduler`, with `owner` naming the
 * factory in error messages.
 * @internal
 */
export function createLoop(owner: string, options: FrameSchedulerOptions | undefined): FrameScheduler {
  const o = optionsObject(owner, options, false, FRAME_SCHEDULER_OPTION_KEYS);
  const source = o.source === undefined ? createBrowserFrameSource() : checkSource(owner, o.source);
  const config: LoopConfig = {
    mode: oneOf(owner, 'frameloop', withDefault(o.frameloop, 'always'), MODES),
    maxDelta: positiveNumber(owner, 'maxDelta', withDefault(o.maxDelta, DEFAULT_MAX_DELTA_SECONDS)),
    timeScale: timeScaleValue(owner, 'timeScale', withDefault(o.timeScale, 1)),
    paused: booleanValue(owner, 'paused', withDefault(o.paused, false)),
    onError: undefined,
    onGap: undefined,
    onFrame: undefined,
  };
  const fixedRate = o.refreshRate === undefined ? undefined : positiveNumber(owner, 'refreshRate', o.refreshRate);
  // What the two installable options need (the same sentence for both).
  const needs = (name: string, installer: string): never => {
    throw new RangeError(`${owner}: option \`${name}\` needs ${installer} (or createFrameScheduler)`);
  };
  if (o.adaptive !== undefined && o.adaptive !== false) needs('adaptive', 'installAdaptiveFramerate(loop)');
  if (o.maxFrameRate !== undefined) needs('maxFrameRate', 'installFrameRateCap(loop, maxFrameRate)');
  config.onError = optionalFunction(owner, 'onError', o.onError);
  config.onGap = optionalFunction(owner, 'onGap', o.onGap);
  config.onFrame = optionalFunction(owner, 'onFrame', o.onFrame);
  return schedulerOf(createLoopHost(owner, source, config, fixedRate));
}

/**
 * The {@link FrameScheduler} over a loop (made once per loop): its methods change the loop's
 * settings and call into it.
 * @internal
 */
export function schedulerOf(host: FrameLoopHost): FrameScheduler {
  const { config } = host;
  /** Add a listener to one of the host's sets; returns its remover. */
  function listen<T>(set: Set<(value: T) => void>, listener: (value: T) => void): () => void {
    // Wrapped so the same function can be added twice and removed independently.
    const entry = (value: T): void => listener(value);
    set.add(entry);
    return () => void set.delete(entry);
  }
  return (host.scheduler ??= {
    [FRAME_LOOP_HOST]: host,
    subscribe(callback, subscribeOptions) {
      if (typeof callback !== 'function') throw new RangeError('subscribe: `callback` must be a function');
      return host.subscribe(callback, subscribeOptions, 'subscribe').remove;
    },
    invalidate() {
      if (config.mode === 'demand') host.invalidate();
    },
    advance(timestampMs) {
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
    get refreshRate() {
      return host.estimate();
    },
    onRefreshRateChange: (listener) => listen(host.refreshListeners, listener),
    get divisor() {
      return host.timing()?.divisor ?? 1;
    },
    onDivisorChange: (listener) => listen(host.divisorListeners, listener),
    setAdaptive(value) {
      const setAdaptive = host.adaptive();
      if (setAdaptive !== null) setAdaptive(value);
      else if (value !== false) {
        throw new RangeError(`setAdaptive: not installed on this ${host.owner}: call installAdaptiveFramerate(loop) first`);
      }
    },
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
