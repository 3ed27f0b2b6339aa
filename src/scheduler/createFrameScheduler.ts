import type { AdaptiveFramerate, RefreshRateDetector, RefreshRateEstimate } from '../core/types.js';
import { createAdaptiveFramerate } from '../core/adaptiveFramerate.js';
import { createRefreshRateDetector } from '../core/refreshRateDetector.js';
import {
  booleanValue,
  checkKnownKeys,
  finiteNumber,
  oneOf,
  optionalFunction,
  optionsObject,
  positiveNumber,
  timeScaleValue,
  withDefault,
} from '../core/validate.js';
import { createBrowserFrameSource } from './browserSource.js';
import { createSubscriberList, FRAME_PHASES } from './subscribers.js';
import type {
  FrameGap,
  FrameInfo,
  FrameLoopMode,
  FrameScheduler,
  FrameSchedulerOptions,
  FrameSource,
  SchedulerAdaptiveOptions,
} from './types.js';

const OWNER = 'createFrameScheduler';
const MODES: readonly FrameLoopMode[] = ['always', 'demand', 'manual'];
const DEFAULT_MAX_DELTA_SECONDS = 0.25;
/**
 * With a divisor d the scheduler runs once at least d − 0.5 refresh intervals have passed: half an
 * interval of slack absorbs timestamp jitter without ever running one vblank early or late.
 */
const SKIP_SLACK_INTERVALS = 0.5;
/**
 * A long gap right after another long gap, each longer than this (and than `maxDelta`), means the
 * browser is throttling the page (another tab or window in front: rAF at about 1 Hz while
 * `visibilityState` stays 'visible'; a frozen page), not that the machine is slow: a game that
 * really runs at 2 fps or more keeps getting `maxDelta` per frame.
 */
const THROTTLED_GAP_SECONDS = 0.5;

/** Every option `createFrameScheduler` knows; any other key is a misspelling. */
export const FRAME_SCHEDULER_OPTION_KEYS: readonly string[] = [
  'source',
  'frameloop',
  'maxDelta',
  'timeScale',
  'paused',
  'refreshRate',
  'adaptive',
  'onError',
  'onGap',
  'onFrame',
];
/** Every key of {@link SchedulerAdaptiveOptions}. */
const ADAPTIVE_OPTION_KEYS: readonly string[] = ['upStep', 'downStep', 'maxThreshold', 'minThreshold', 'maxDivisor'];
const SUBSCRIBE_OPTION_KEYS: readonly string[] = ['phase', 'priority'];

function fail(name: string, value: unknown, expected: string): never {
  throw new RangeError(`${OWNER}: option \`${name}\` must be ${expected}, got ${typeof value}`);
}

function checkAdaptive(name: string, value: unknown): boolean | SchedulerAdaptiveOptions {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    checkKnownKeys(`${OWNER} (adaptive)`, value as Record<string, unknown>, ADAPTIVE_OPTION_KEYS);
    return value as SchedulerAdaptiveOptions;
  }
  return fail(name, value, 'a boolean or an options object');
}

function checkSource(value: unknown): FrameSource {
  const s = value as Partial<FrameSource> | null;
  if (typeof s !== 'object' || s === null || typeof s.request !== 'function' || typeof s.cancel !== 'function' || typeof s.now !== 'function') {
    fail('source', value, 'an object with request, cancel and now functions');
  }
  return s as FrameSource;
}

/**
 * Create the frame loop: one {@link FrameSource} feeding ordered subscribers.
 *
 * Per frame: the real delta since the previous frame (0 on the first frame, and 0 for a missing,
 * repeated or backwards timestamp; a backwards timestamp becomes the new reference, since it means
 * the clock was swapped, e.g. by fake timers), clamped to `maxDelta` (reported to `onGap`), times
 * `timeScale`, or 0 while paused. Pausing keeps frames running so renders continue; `resume()`
 * never produces a catch-up frame. A loop that restarts after more than `maxDelta` idle starts
 * fresh: its first frame has delta 0.
 *
 * Subscriber errors go to `onError`; without it the first error (an `AggregateError` when several
 * threw) is rethrown after the whole frame ran and the next frame was requested, so the loop lives on.
 *
 * With the adaptive frame rate on (seed 001 listing 6) each frame's work time feeds
 * {@link createAdaptiveFramerate}; at divisor d subscribers only run on vblanks where about d refresh
 * intervals passed since the last run, and that run gets the whole elapsed time as its delta.
 */
export function createFrameScheduler(options?: FrameSchedulerOptions): FrameScheduler {
  const o = optionsObject(OWNER, options, false, FRAME_SCHEDULER_OPTION_KEYS);
  const source = o.source === undefined ? createBrowserFrameSource() : checkSource(o.source);
  let mode = oneOf(OWNER, 'frameloop', withDefault(o.frameloop, 'always'), MODES);
  const maxDelta = positiveNumber(OWNER, 'maxDelta', withDefault(o.maxDelta, DEFAULT_MAX_DELTA_SECONDS));
  let timeScale = timeScaleValue(OWNER, 'timeScale', withDefault(o.timeScale, 1));
  let paused = booleanValue(OWNER, 'paused', withDefault(o.paused, false));
  const fixedRefreshRate = o.refreshRate === undefined ? undefined : positiveNumber(OWNER, 'refreshRate', o.refreshRate);
  const adaptiveOption = o.adaptive === undefined ? false : checkAdaptive('adaptive', o.adaptive);
  const onError = optionalFunction<(error: unknown, frame: FrameInfo) => void>(OWNER, 'onError', o.onError);
  const onGap = optionalFunction<(gap: FrameGap) => void>(OWNER, 'onGap', o.onGap);
  const onFrame = optionalFunction<(frame: FrameInfo) => void>(OWNER, 'onFrame', o.onFrame);

  const detector: RefreshRateDetector | null = fixedRefreshRate === undefined ? createRefreshRateDetector() : null;
  const estimate: RefreshRateEstimate = detector
    ? detector.estimate
    : {
        refreshRate: fixedRefreshRate as number,
        interval: 1000 / (fixedRefreshRate as number),
        confidence: 1,
        synced: true,
        state: 'synced',
        throttledRate: 0,
        changes: 0,
      };

  const subscribers = createSubscriberList();
  const refreshListeners = new Set<(estimate: RefreshRateEstimate) => void>();
  const divisorListeners = new Set<(divisor: number) => void>();

  let adaptive: AdaptiveFramerate | null = null;
  /** The refresh rate the adaptive frame rate was last told. */
  let adaptiveRate = estimate.refreshRate;
  const frame: FrameInfo = {
    timestampMs: 0,
    deltaSeconds: 0,
    rawDeltaSeconds: 0,
    realDeltaSeconds: 0,
    elapsedSeconds: 0,
    frameIndex: 0,
    refreshRate: estimate.refreshRate,
    divisor: 1,
    nextDeltaSeconds: timeScale / estimate.refreshRate,
    timeScale,
    paused,
  };
  const gap: FrameGap = { timestampMs: 0, rawDeltaSeconds: 0, clampedSeconds: 0 };

  let handle: number | null = null;
  let inFrame = false;
  let invalidated = false;
  let framesRun = 0;
  /**
   * [0]: timestamp of the last frame whose subscribers ran (NaN before the first). A typed array
   * keeps it unboxed: a double in a closure variable is re-allocated on every write.
   */
  const times = new Float64Array(1);
  times[0] = Number.NaN;
  /** The game clock as a compensated sum ([0] sum, [1] compensation): exact over days of frames. */
  const gameClock = new Float64Array(2);
  /** The last forward frame's gap exceeded THROTTLED_GAP_SECONDS and maxDelta. */
  let lastGapLong = false;
  let notifiedRate = estimate.refreshRate;
  let notifiedSynced = estimate.synced;
  let notifiedState = estimate.state;
  let notifiedDivisor = 1;
  // Errors of the current frame, rethrown after it when there is no onError. Reused.
  const errors: unknown[] = [];

  const report = (error: unknown): void => {
    if (!onError) {
      errors.push(error);
      return;
    }
    try {
      onError(error, frame);
    } catch (thrownByHandler) {
      // A handler that fails must not replace what it was handling: keep both (a handler that
      // rethrows the very error it got reports it once).
      errors.push(error);
      if (thrownByHandler !== error) errors.push(thrownByHandler);
    }
  };

  /** Throw what `report` collected (one error as is, several as an AggregateError). */
  function throwCollected(what: string): void {
    if (errors.length === 0) return;
    const first = errors[0];
    if (errors.length === 1) {
      errors.length = 0;
      throw first;
    }
    const all = errors.slice();
    errors.length = 0;
    throw new AggregateError(all, `react-timestep: ${all.length} ${what} threw`);
  }

  function setAdaptive(value: boolean | SchedulerAdaptiveOptions): void {
    const checked = checkAdaptive('adaptive', value);
    if (checked === false) {
      adaptive = null;
    } else {
      const settings = checked === true ? {} : checked;
      adaptiveRate = estimate.refreshRate;
      // New options keep the divisor reached so far (clamped to a new maxDivisor): a second
      // component asking for the adaptive rate, or a changed option, must not reset it to 1.
      const initialDivisor = adaptive ? adaptive.divisor : 1;
      adaptive = createAdaptiveFramerate({ ...settings, refreshRate: adaptiveRate, initialDivisor });
    }
    if (inFrame) return;
    // Outside a frame nobody would rethrow what a listener threw: do it here.
    errors.length = 0;
    notifyDivisor();
    throwCollected('divisor listeners');
  }

  function wantsFrame(): boolean {
    return subscribers.count > 0 && (mode === 'always' || (mode === 'demand' && invalidated));
  }

  /** Request or cancel the next frame to match the mode; frames call it once they end. */
  function sync(atFrameEnd: boolean): void {
    if (inFrame) return;
    if (wantsFrame()) {
      if (handle !== null) {
        // A request made on a clock that was swapped since (fake timers installed after real
        // frames ran) may never come, or come on the other clock: ask again on the current one.
        if (!source.stale || !source.stale(handle)) return;
        source.cancel(handle);
        handle = null;
      }
      const lastRunMs = times[0] as number;
      if (!atFrameEnd && Number.isFinite(lastRunMs)) {
        // Restarting after a long idle: the first frame is a fresh start, not a "gap".
        const idleMs = source.now() - lastRunMs;
        if (!(idleMs >= 0 && idleMs <= maxDelta * 1000)) {
          times[0] = Number.NaN;
          lastGapLong = false;
        }
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

  // The listener callbacks are created once. An arrow written inside notifyDivisor() that read
  // its local `divisor` made V8 allocate a context for that local on every call, i.e. every frame.
  const callDivisorListener = (listener: (divisor: number) => void): void => {
    try {
      listener(notifiedDivisor);
    } catch (error) {
      report(error);
    }
  };
  const callRefreshListener = (listener: (estimate: RefreshRateEstimate) => void): void => {
    try {
      listener(estimate);
    } catch (error) {
      report(error);
    }
  };

  function notifyDivisor(): void {
    const divisor = adaptive ? adaptive.divisor : 1;
    if (divisor === notifiedDivisor) return;
    notifiedDivisor = divisor;
    divisorListeners.forEach(callDivisorListener);
  }

  function notifyRefreshRate(): void {
    if (estimate.refreshRate === notifiedRate && estimate.synced === notifiedSynced && estimate.state === notifiedState) return;
    notifiedRate = estimate.refreshRate;
    notifiedSynced = estimate.synced;
    notifiedState = estimate.state;
    refreshListeners.forEach(callRefreshListener);
  }

  /**
   * Feed the detector every vblank timestamp, skipped ones too: it must see the display, not our
   * rate. It ignores NaN, repeats and lone backwards stamps itself, and restarts on a clock reset.
   */
  function sample(timestampMs: number): void {
    if (!detector) return;
    detector.sample(timestampMs);
    if (adaptive && estimate.refreshRate !== adaptiveRate) {
      adaptiveRate = estimate.refreshRate;
      adaptive.setRefreshRate(adaptiveRate);
    }
  }

  function runFrame(timestampMs: number): void {
    if (inFrame) throw new Error('react-timestep: a frame cannot be run from inside a frame (advance() called by a subscriber?)');
    inFrame = true;
    errors.length = 0;
    try {
      // Work time is measured only for the adaptive rate: performance.now() returns a new number
      // (an allocation) on every call.
      const timed = adaptive !== null;
      const startMs = timed ? source.now() : 0;
      sample(timestampMs);
      const valid = Number.isFinite(timestampMs);
      const lastRunMs = times[0] as number;
      const forward = valid && Number.isFinite(lastRunMs) && timestampMs > lastRunMs;
      const divisor = adaptive ? adaptive.divisor : 1;
      const intervalMs = 1000 / estimate.refreshRate;
      if (divisor > 1 && forward && timestampMs - lastRunMs < (divisor - SKIP_SLACK_INTERVALS) * intervalMs) {
        return; // a vblank between pictures: nothing runs, the time goes to the next run
      }
      invalidated = false;

      const rawDeltaSeconds = forward ? (timestampMs - lastRunMs) / 1000 : 0;
      // Throttled (a long gap right after a long gap): treated like frames of a hidden tab, which
      // never come, so game time stands still; only the first long gap was given maxDelta.
      const longGap = rawDeltaSeconds > maxDelta && rawDeltaSeconds > THROTTLED_GAP_SECONDS;
      const throttled = longGap && lastGapLong;
      if (forward) lastGapLong = longGap;
      // Math.min times a 0/1 factor, not `let clamped = raw; if (…) clamped = maxDelta`: V8 boxes
      // a variable that merges a computed double with a captured option (typed "any"), one
      // allocation per frame.
      const clampedSeconds = Math.min(rawDeltaSeconds, maxDelta) * (throttled ? 0 : 1);
      if (rawDeltaSeconds > maxDelta && onGap) {
        gap.timestampMs = timestampMs;
        gap.rawDeltaSeconds = rawDeltaSeconds;
        gap.clampedSeconds = clampedSeconds;
        try {
          onGap(gap);
        } catch (error) {
          report(error);
        }
      }
      if (valid) times[0] = timestampMs;

      frame.timestampMs = valid ? timestampMs : Number.isFinite(lastRunMs) ? lastRunMs : 0;
      frame.rawDeltaSeconds = rawDeltaSeconds;
      frame.realDeltaSeconds = paused ? 0 : clampedSeconds;
      frame.deltaSeconds = frame.realDeltaSeconds * timeScale;
      // Neumaier's compensated sum (see addCompensated in core/counting), written out here: a
      // call that V8 does not inline returns its double boxed, one allocation per frame.
      const sum = gameClock[0] as number;
      const added = sum + frame.deltaSeconds;
      gameClock[1] =
        (gameClock[1] as number) +
        (Math.abs(sum) >= frame.deltaSeconds ? sum - added + frame.deltaSeconds : frame.deltaSeconds - added + sum);
      gameClock[0] = added;
      frame.elapsedSeconds = added + (gameClock[1] as number);
      frame.frameIndex = framesRun++;
      frame.refreshRate = estimate.refreshRate;
      frame.divisor = divisor;
      frame.nextDeltaSeconds = (divisor * timeScale) / estimate.refreshRate;
      frame.timeScale = timeScale;
      frame.paused = paused;

      subscribers.run(frame, report);
      if (onFrame) {
        try {
          onFrame(frame);
        } catch (error) {
          report(error);
        }
      }
      // `timed`: a subscriber that turned the adaptive rate on during this frame gave it no start.
      if (adaptive && timed) {
        const workMs = source.now() - startMs;
        adaptive.record(workMs > 0 ? workMs / 1000 : 0);
      }
    } finally {
      inFrame = false;
      sync(true);
      notifyRefreshRate();
      notifyDivisor();
    }
    throwCollected('frame subscribers');
  }

  if (adaptiveOption !== false) setAdaptive(adaptiveOption);

  return {
    subscribe(callback, subscribeOptions) {
      if (typeof callback !== 'function') throw new RangeError('subscribe: `callback` must be a function');
      const so = optionsObject('subscribe', subscribeOptions, false, SUBSCRIBE_OPTION_KEYS);
      const phase = oneOf('subscribe', 'phase', withDefault(so.phase, 'update'), FRAME_PHASES);
      const priority = finiteNumber('subscribe', 'priority', withDefault(so.priority, 0));
      const remove = subscribers.add(callback, phase, priority);
      sync(false);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        remove();
        sync(false);
      };
    },
    invalidate() {
      if (mode !== 'demand') return;
      invalidated = true;
      sync(false);
    },
    advance(timestampMs) {
      runFrame(timestampMs === undefined ? source.now() : timestampMs);
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    get paused() {
      return paused;
    },
    setTimeScale(value) {
      timeScale = timeScaleValue('setTimeScale', 'timeScale', value);
    },
    get timeScale() {
      return timeScale;
    },
    setFrameloop(value) {
      mode = oneOf('setFrameloop', 'frameloop', value, MODES);
      if (mode !== 'demand') invalidated = false;
      sync(false);
    },
    get frameloop() {
      return mode;
    },
    get refreshRate() {
      return estimate;
    },
    onRefreshRateChange(listener) {
      // Wrap so the same function can be added twice and removed independently.
      const entry = (e: RefreshRateEstimate): void => listener(e);
      refreshListeners.add(entry);
      return () => {
        refreshListeners.delete(entry);
      };
    },
    get divisor() {
      return adaptive ? adaptive.divisor : 1;
    },
    onDivisorChange(listener) {
      const entry = (d: number): void => listener(d);
      divisorListeners.add(entry);
      return () => {
        divisorListeners.delete(entry);
      };
    },
    setAdaptive,
    get subscriberCount() {
      return subscribers.count;
    },
    get running() {
      return handle !== null;
    },
    get frame() {
      return frame;
    },
    destroy() {
      subscribers.clear();
      invalidated = false;
      refreshListeners.clear();
      divisorListeners.clear();
      sync(false);
    },
  };
}
