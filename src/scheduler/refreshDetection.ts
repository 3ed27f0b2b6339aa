import type { AdaptiveFramerate, RefreshRateEstimate } from '../core/index.js';
import { createRefreshRateDetector } from '../core/index.js';
import { FrameLoop, type FrameTiming } from './frameLoop.js';
import type { FrameScheduler } from './types.js';

const enum Pacing {
  /** With divisor d, run once d − 0.5 intervals have passed: the slack absorbs timestamp jitter. */
  SKIP_SLACK_INTERVALS = 0.5,
  /** A throttled rate that moves by more than this fraction is news (30 → 20 Hz); a measured rate's refinements are not. */
  THROTTLE_CHANGE = 0.005,
}

/** The per-frame part of refresh-rate detection (divisor 1; {@link pacedTiming} skips vblanks). @internal */
export interface RefreshTiming extends FrameTiming {
  /** The estimate frames read: the detector's, or the loop's fixed one. */
  readonly estimate: RefreshRateEstimate;
  /** Call each of `listeners` with `argument`, reporting what one throws. */
  notify<T>(listeners: Set<(value: T) => void>, argument: T): void;
}

/** Detection plus the adaptive frame rate and the frame-rate cap, which skip vblanks. @internal */
export interface PacedTiming extends FrameTiming {
  adaptive: AdaptiveFramerate | null;
  /** The frame-rate cap, Hz; Infinity without a cap. */
  maxFrameRate: number;
  /** The cap's divisor at the current refresh rate (1 without a cap). */
  capDivisor: number;
  /** The larger of the adaptive divisor and the cap's (a field, not a getter: docs/performance.md). */
  divisor: number;
  notifyDivisor(): void;
  /** After a change of adaptive rate or cap: recompute; outside a frame, tell divisor listeners now. */
  retune(): void;
}

/** The detection part of `loop`, created on first use (no detector for a fixed `refreshRate`). @internal */
export function refreshTiming(loop: FrameLoop): RefreshTiming {
  const existing = loop.timing;
  if (existing !== null) return existing as RefreshTiming;
  const detector = loop.fixedRate ? null : createRefreshRateDetector();
  const estimate = detector ? detector.estimate : loop.estimate;
  // What listeners last heard (`synced` follows `state`).
  let notifiedRate = estimate.refreshRate;
  let notifiedState = estimate.state;
  let notifiedThrottle = estimate.throttledRate;

  let listenerArgument: unknown;
  // Created once, not inside notify(): docs/performance.md.
  const callListener = (listener: (value: never) => void): void => {
    try {
      listener(listenerArgument as never);
    } catch (error) {
      loop.report(error);
    }
  };

  const timing: RefreshTiming = {
    estimate,
    divisor: 1,
    begin(timestampMs) {
      if (detector) detector.sample(timestampMs);
      return false;
    },
    end() {},
    settle() {
      const throttle = estimate.throttledRate;
      if (estimate.refreshRate !== notifiedRate || estimate.state !== notifiedState || Math.abs(throttle - notifiedThrottle) > Pacing.THROTTLE_CHANGE * notifiedThrottle) {
        notifiedRate = estimate.refreshRate;
        notifiedState = estimate.state;
        notifiedThrottle = throttle;
        timing.notify(loop.refreshListeners, estimate);
      }
    },
    notify(listeners, argument) {
      listenerArgument = argument;
      listeners.forEach(callListener);
    },
  };
  attach(loop, timing, estimate);
  return timing;
}

/** Start `timing` on `loop`: frames run it, and read `estimate`. */
function attach(loop: FrameLoop, timing: FrameTiming, estimate: RefreshRateEstimate): void {
  loop.timing = timing;
  loop.estimate = estimate;
}

/** Tell the loop's observers (recordTiming) about a skipped vblank; an error goes where subscribers' errors go. */
function notifySkip(loop: FrameLoop, timestampMs: number): void {
  const observers = loop.observers;
  for (let i = 0; i < observers.length; i++) {
    try {
      observers[i]!.skipped?.(timestampMs);
    } catch (error) {
      loop.report(error);
    }
  }
}

/** When a paced frame's work started, ms (a field: docs/performance.md). */
interface WorkStart {
  ms: number;
}

/** The paced part of `loop`, created on first use around detection; bundles that only detect leave it out. @internal */
export function pacedTiming(loop: FrameLoop): PacedTiming {
  const existing = loop.timing;
  if (existing !== null && 'adaptive' in existing) return existing as PacedTiming;
  const detection = refreshTiming(loop);
  const estimate = detection.estimate;
  const source = loop.source;
  const startMs: WorkStart = { ms: 0 };
  let timed = false;
  /** The refresh rate the adaptive rate and the cap were last tuned to. */
  let tunedRate = estimate.refreshRate;
  let notifiedDivisor = 1;

  const timing: PacedTiming = {
    adaptive: null,
    maxFrameRate: Infinity,
    capDivisor: 1,
    divisor: 1,
    begin(timestampMs, forward) {
      const adaptive = timing.adaptive;
      // Only the adaptive rate needs work time (each now() is a new number).
      timed = adaptive !== null;
      if (timed) startMs.ms = source.now();
      // Every vblank, skipped ones too: the detector must see the display, not our rate.
      detection.begin(timestampMs, forward);
      // No vblank grid (variable refresh): a picture is shown when ready, so there is no vblank to
      // skip and a slow frame is not the overload of one.
      if (estimate.state === 'variable' && adaptive !== null) {
        timed = false;
        if (adaptive.divisor > 1) {
          adaptive.reset();
          setDivisor();
        }
      }
      // Retuned only when the rate changes (docs/performance.md).
      if (estimate.refreshRate !== tunedRate) {
        tunedRate = estimate.refreshRate;
        if (adaptive) adaptive.setRefreshRate(tunedRate);
        timing.capDivisor = capDivisor(tunedRate, timing.maxFrameRate);
        setDivisor();
      }
      const divisor = timing.divisor;
      // A vblank between pictures: nothing runs, the time goes to the next run.
      const skip = divisor > 1 && forward && timestampMs - loop.lastRunMs < ((divisor - Pacing.SKIP_SLACK_INTERVALS) * 1000) / estimate.refreshRate;
      if (skip && loop.observers.length > 0) notifySkip(loop, timestampMs);
      return skip;
    },
    end() {
      // `timed`: a subscriber that turned the adaptive rate on during this frame gave it no start.
      if (timing.adaptive && timed) {
        const workMs = source.now() - startMs.ms;
        timing.adaptive.record(workMs > 0 ? workMs / 1000 : 0);
        setDivisor();
      }
    },
    settle() {
      detection.settle();
      timing.notifyDivisor();
    },
    notifyDivisor() {
      const divisor = timing.divisor;
      if (divisor === notifiedDivisor) return;
      notifiedDivisor = divisor;
      detection.notify(loop.divisorListeners, divisor);
    },
    retune() {
      timing.capDivisor = capDivisor(estimate.refreshRate, timing.maxFrameRate);
      setDivisor();
      if (loop.inFrame) return;
      loop.clearErrors();
      timing.notifyDivisor();
      loop.throwCollected('divisor listeners');
    },
  };
  function setDivisor(): void {
    const adaptiveDivisor = timing.adaptive ? timing.adaptive.divisor : 1;
    timing.divisor = adaptiveDivisor > timing.capDivisor ? adaptiveDivisor : timing.capDivisor;
  }

  attach(loop, timing, estimate);
  return timing;
}

/** Vblanks per picture for a cap: nearest whole `refreshRate / maxFrameRate`, at least 1. @internal */
export function capDivisor(refreshRate: number, maxFrameRate: number): number {
  // Math.round sends a tie (2.5) up: to the larger divisor, the lower rate.
  const nearest = Math.round(refreshRate / maxFrameRate);
  return nearest > 1 ? nearest : 1;
}

/** What the hooks and the fixed clock use of a frame loop: a FrameScheduler has it, and so has the lean page-wide FrameLoop. @internal */
export type LoopView = Pick<FrameScheduler, 'subscribe' | 'invalidate' | 'paused' | 'timeScale' | 'frame'>;

/** The refresh-rate estimate of `view` (a reused object); on a lean loop, detection starts the first time. @internal */
export function refreshRateOf(view: LoopView): RefreshRateEstimate {
  if (!(view instanceof FrameLoop)) return (view as FrameScheduler).refreshRate;
  if (!view.fixedRate) refreshTiming(view);
  return view.estimate;
}

/** `onRefreshRateChange` of `view`; on a lean loop, detection starts. Returns the unsubscribe. @internal */
export function onRefreshRateChange(view: LoopView, listener: (estimate: RefreshRateEstimate) => void): () => void {
  if (!(view instanceof FrameLoop)) return (view as FrameScheduler).onRefreshRateChange(listener);
  refreshRateOf(view);
  return listen(view.refreshListeners, listener);
}

/** Add a listener to one of the loop's sets; returns its remover. @internal */
export function listen<T>(set: Set<(value: T) => void>, listener: (value: T) => void): () => void {
  // Wrapped so the same function can be added twice and removed independently.
  const entry = (value: T): void => listener(value);
  set.add(entry);
  return () => void set.delete(entry);
}
