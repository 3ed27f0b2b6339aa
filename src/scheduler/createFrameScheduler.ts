// The public face of a frame loop: createFrameScheduler, and schedulerOf for a loop made elsewhere
// (the page-wide one). It pulls in every feature the FrameScheduler interface names; the hooks run
// on the loop itself and pull in only what they use (docs/performance.md, "Bundle bytes").
import { checkNames, checkOptions, checkValue, choice, flag, optionsArgument, positive, required, timeScale, type Rules } from '../core/internal.js';
import { setAdaptive } from './adaptiveFeature.js';
import { createBrowserFrameSource } from './browserSource.js';
import { DEFAULT_MAX_DELTA_SECONDS, destroyLoop, FrameLoop, SUBSCRIBE_OPTION_KEYS, SUBSCRIBE_RULES, type LoopConfig, type LoopObserver } from './frameLoop.js';
import { setFrameRateCap } from './frameRateCap.js';
import { createNamedOrdering } from './namedOrder.js';
import { controlWatchers, reportControl } from './controlWatchers.js';
import { listen, refreshTiming } from './refreshDetection.js';
import type { FrameLoopMode, FrameScheduler, FrameSchedulerOptions, FrameSource } from './types.js';

const OWNER = 'createFrameScheduler';
const MODES: readonly FrameLoopMode[] = ['always', 'demand', 'manual'];

/** The rules of the loop's settings, for `createFrameScheduler` and `<FrameProvider>`. */
export const LOOP_RULES: Rules<{ frameloop: FrameLoopMode; maxDelta: number; timeScale: number; paused: boolean }> = {
  frameloop: choice(MODES, 'always'),
  maxDelta: positive(DEFAULT_MAX_DELTA_SECONDS),
  timeScale: timeScale(true, 1),
  paused: flag(false),
};

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

/** A frame source: an object with `request`, `cancel` and `now` functions, else a RangeError naming `owner`. */
export function checkSource(owner: string, value: unknown): FrameSource {
  const s = value as Partial<FrameSource> | null;
  if (typeof s !== 'object' || s === null || typeof s.request !== 'function' || typeof s.cancel !== 'function' || typeof s.now !== 'function') {
    throw new RangeError(`${owner}: option \`source\` must be an object with request, cancel and now functions, got ${s === null ? 'null' : typeof s}`);
  }
  return s as FrameSource;
}

function callbackOption<F>(owner: string, name: string, value: unknown): F | undefined {
  return value === undefined ? undefined : checkValue<F>(owner, 'option', name, value, { accepts: (v) => typeof v === 'function', expected: 'a function', required: true });
}

/**
 * Create the frame loop: one {@link FrameSource} feeding ordered subscribers, with pause, time
 * scale, frame-loop modes, error isolation, refresh-rate detection, the adaptive frame rate and a
 * frame-rate cap. Each costly part starts when first asked for. Details: docs/scheduler.md.
 */
export function createFrameScheduler(options?: FrameSchedulerOptions): FrameScheduler {
  const o = optionsArgument(OWNER, options, false);
  checkNames(OWNER, 'option', o, FRAME_SCHEDULER_OPTION_KEYS);
  const source = o.source === undefined ? createBrowserFrameSource() : checkSource(OWNER, o.source);
  const { frameloop, maxDelta, timeScale: scale, paused } = checkOptions(OWNER, 'option', o, LOOP_RULES);
  const config: LoopConfig = {
    mode: frameloop,
    maxDelta,
    timeScale: scale,
    paused,
    onError: callbackOption(OWNER, 'onError', o.onError),
    onGap: callbackOption(OWNER, 'onGap', o.onGap),
    onFrame: callbackOption(OWNER, 'onFrame', o.onFrame),
  };
  const fixedRate = o.refreshRate === undefined ? undefined : checkValue(OWNER, 'option', 'refreshRate', o.refreshRate, required(positive()));
  const loop = new FrameLoop(OWNER, source, config, fixedRate);
  const scheduler = schedulerOf(loop);
  // Checked before anything starts: `false` leaves the rate off.
  if (o.adaptive !== undefined && o.adaptive !== false) scheduler.setAdaptive(o.adaptive as boolean);
  if (o.maxFrameRate !== undefined) setFrameRateCap(loop, OWNER, o.maxFrameRate);
  return scheduler;
}

/** Which loop a scheduler made here runs (undefined for a test double, or another copy of the package). */
const loops = new WeakMap<FrameScheduler, FrameLoop>();

/** The loop behind `scheduler`, if this package made it. @internal */
export function loopOf(scheduler: FrameScheduler): FrameLoop | undefined {
  return loops.get(scheduler);
}

/**
 * Watch what `scheduler`'s loop does beyond its subscribers (the devtools' seam: docs/devtools.md);
 * returns the stop. A scheduler this package did not make has nothing more to watch.
 */
export function observeLoop(scheduler: FrameScheduler, observer: LoopObserver): () => void {
  const loop = loopOf(scheduler);
  if (!loop) return () => undefined;
  loop.observers.push(observer);
  return () => {
    const at = loop.observers.indexOf(observer);
    if (at >= 0) loop.observers.splice(at, 1);
  };
}

/** The {@link FrameScheduler} over `loop`, made once per loop (the page-wide loop's on demand). @internal */
export function schedulerOf(loop: FrameLoop): FrameScheduler {
  if (loop.scheduler) return loop.scheduler;
  const { config } = loop;
  loop.startOrdering ??= createNamedOrdering;
  /** Start refresh detection (a no-op once started, or with a fixed rate). */
  const detect = (): void => {
    // Checked here, not only inside refreshTiming: advance() calls this every frame, and with the
    // factory inlined there a page's second scheduler boxed 96 B a frame (test/alloc/advance.alloc.test.ts).
    if (loop.timing === null && !loop.fixedRate) refreshTiming(loop);
  };
  const scheduler: FrameScheduler = {
    subscribe(callback, subscribeOptions) {
      if (typeof callback !== 'function') throw new RangeError('subscribe: `callback` must be a function');
      const o = optionsArgument('subscribe', subscribeOptions, false);
      checkNames('subscribe', 'option', o, SUBSCRIBE_OPTION_KEYS);
      const remove = loop.subscribe(callback, { ...o, ...checkOptions('subscribe', 'option', o, SUBSCRIBE_RULES) }, 'subscribe');
      detect();
      return remove;
    },
    invalidate: () => loop.invalidate(),
    advance(timestampMs) {
      detect();
      loop.run(timestampMs ?? loop.source.now());
    },
    pause() {
      if (controlWatchers.size > 0) reportControl(scheduler, 'pause');
      config.paused = true;
    },
    resume() {
      if (controlWatchers.size > 0) reportControl(scheduler, 'resume');
      config.paused = false;
    },
    get paused() {
      return config.paused;
    },
    setTimeScale(value) {
      config.timeScale = checkValue('setTimeScale', 'option', 'timeScale', value, required(LOOP_RULES.timeScale));
      if (controlWatchers.size > 0) reportControl(scheduler, 'setTimeScale', value);
    },
    get timeScale() {
      return config.timeScale;
    },
    setFrameloop(value) {
      config.mode = checkValue('setFrameloop', 'option', 'frameloop', value, required(LOOP_RULES.frameloop));
      loop.sync(false);
    },
    get frameloop() {
      return config.mode;
    },
    setMaxDelta(value) {
      config.maxDelta = checkValue('setMaxDelta', 'option', 'maxDelta', value, required(LOOP_RULES.maxDelta));
      if (controlWatchers.size > 0) reportControl(scheduler, 'setMaxDelta', value);
    },
    setMaxFrameRate(value) {
      setFrameRateCap(loop, 'setMaxFrameRate', value);
      if (controlWatchers.size > 0) reportControl(scheduler, 'setMaxFrameRate', value);
    },
    get refreshRate() {
      return loop.estimate;
    },
    onRefreshRateChange(listener) {
      detect();
      return listen(loop.refreshListeners, listener);
    },
    get divisor() {
      return loop.timing?.divisor ?? 1;
    },
    onDivisorChange: (listener) => listen(loop.divisorListeners, listener),
    setAdaptive(value) {
      setAdaptive(loop, value);
      if (controlWatchers.size > 0) reportControl(scheduler, 'setAdaptive', value);
    },
    get subscriberCount() {
      return loop.subscribers.count();
    },
    get running() {
      return loop.handle !== null;
    },
    get frame() {
      return loop.frame;
    },
    destroy: () => destroyLoop(loop),
  };
  loops.set(scheduler, loop);
  loop.scheduler = scheduler;
  return scheduler;
}
