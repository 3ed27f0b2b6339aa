import type { RefreshRateEstimate } from '../core/index.js';

/** Where frames come from: the browser's `requestAnimationFrame`, or a manual source in tests. See docs/scheduler.md. */
export interface FrameSource {
  /** Ask for one callback at the next frame, with that frame's timestamp in ms. */
  request(callback: (timestampMs: number) => void): number;
  /** Cancel a pending request. Unknown handles are ignored. */
  cancel(handle: number): void;
  /** The current time in ms on the same clock as the frame timestamps. */
  now(): number;
  /** Optional: true when pending request `handle` will not arrive on this clock (rAF replaced); the scheduler re-requests. */
  stale?(handle: number): boolean;
}

/** Order of work inside one frame: all `input`, then `update`, then `render`, then `after`. */
export type FramePhase = 'input' | 'update' | 'render' | 'after';

/** `'always'`: a frame every vblank while anyone subscribes. `'demand'`: only after `invalidate()`. `'manual'`: only `advance()`. */
export type FrameLoopMode = 'always' | 'demand' | 'manual';

/** Per-frame information handed to every subscriber. One reused object: read it, do not keep it. */
export interface FrameInfo {
  /** This frame's timestamp, ms. */
  timestampMs: number;
  /** Game seconds since the previous frame: clamped to `maxDelta`, times `timeScale`, 0 while paused. */
  deltaSeconds: number;
  /** Real seconds since the previous frame, unclamped and unscaled (0 on the first frame). */
  rawDeltaSeconds: number;
  /** Game seconds since the loop started (sum of deltaSeconds). */
  elapsedSeconds: number;
  /** Frames run so far, starting at 0. */
  frameIndex: number;
  /** The detected (or configured) display refresh rate, Hz. */
  refreshRate: number;
  /** Vblanks per picture: the larger of the adaptive divisor and the `maxFrameRate` cap's (1 when both are off). */
  divisor: number;
  /** Game seconds per real second in effect for this frame; `deltaSeconds` already includes it. */
  timeScale: number;
  /** True when the scheduler is paused: the frame still runs, with `deltaSeconds` 0. */
  paused: boolean;
}

/** A frame callback. */
export type FrameCallback = (frame: FrameInfo) => void;

/** Options of `subscribe`. */
export interface SubscribeOptions {
  /** Which pass of the frame the callback runs in. Default `'update'`. */
  phase?: FramePhase;
  /** Lower runs first within a phase (ties in subscription order). Default 0. */
  priority?: number;
  /** A name, unique within the phase, that others order themselves against with `before`/`after`. */
  id?: string;
  /** Run before the subscribers of this phase with these ids, whatever their priority (docs/scheduler.md). */
  before?: string | readonly string[];
  /** Run after the subscribers of this phase with these ids, whatever their priority. */
  after?: string | readonly string[];
}

/** Reported to `onGap` when a frame's real delta exceeded `maxDelta`. */
export interface FrameGap {
  /** Timestamp of the frame that ended the gap, ms. */
  timestampMs: number;
  /** The real gap, seconds. */
  rawDeltaSeconds: number;
  /** What the frame was given instead, seconds (unscaled). */
  clampedSeconds: number;
}

/** Adaptive frame rate inside the scheduler (the adaptive loop of Sundqvist's "Timestepping"). */
export interface SchedulerAdaptiveOptions {
  /** Lag added by each frame whose work missed its vblank. Default 3. */
  upStep?: number;
  /** Lag removed by each frame that would have fitted in one vblank fewer. Default 1. */
  downStep?: number;
  /** Lag (> 0) at which each picture holds one more vblank (60 → 30 Hz). Default 15. */
  maxThreshold?: number;
  /** Lag (< 0) at which each picture holds one vblank fewer (30 → 60 Hz). Default −30. */
  minThreshold?: number;
  /** Most vblanks one picture may hold, a whole number ≥ 1. Default 4. */
  maxDivisor?: number;
}

/** Options of `createFrameScheduler`. */
export interface FrameSchedulerOptions {
  /** Where frames come from. Default: the browser source. */
  source?: FrameSource;
  /** When frames run (see {@link FrameLoopMode}). Default `'always'`. */
  frameloop?: FrameLoopMode;
  /** Longest real gap a frame is given, seconds. Default 0.25. */
  maxDelta?: number;
  /** Game seconds per real second, 0 to `MAX_TIME_SCALE`. Default 1. */
  timeScale?: number;
  /** Start paused: frames run with `deltaSeconds` 0 until `resume()`. Default false. */
  paused?: boolean;
  /** A fixed refresh rate in Hz instead of the detected one. */
  refreshRate?: number;
  /** Turn on the adaptive frame rate (true for the defaults). Default off. */
  adaptive?: boolean | SchedulerAdaptiveOptions;
  /** Cap the frame rate on whole vblanks, Hz (≥ 1). Default: no cap. */
  maxFrameRate?: number;
  /** Called with what a subscriber threw. Default: rethrown after the frame. */
  onError?: (error: unknown, frame: FrameInfo) => void;
  /** Called when a frame's gap was clamped to `maxDelta` (or zeroed on a throttled page). */
  onGap?: (gap: FrameGap) => void;
  /** Called after every frame. */
  onFrame?: (frame: FrameInfo) => void;
}

/** The one frame loop. */
export interface FrameScheduler {
  /** Run `callback` every frame in `phase` order; returns the unsubscribe function (idempotent). */
  subscribe(callback: FrameCallback, options?: SubscribeOptions): () => void;
  /** Ask for a frame (`'demand'` mode; harmless otherwise). */
  invalidate(): void;
  /** Run one frame now at `timestampMs` (default `source.now()`), in any mode. */
  advance(timestampMs?: number): void;
  /** Stop game time; frames keep running with `deltaSeconds` 0, so a paused scene still draws. */
  pause(): void;
  /** Let game time run again from the next frame, with no catch-up for the paused time. */
  resume(): void;
  /** True between `pause()` and `resume()` (or from the `paused` option). */
  readonly paused: boolean;
  /** Game seconds per real second from the next frame on (0 to `MAX_TIME_SCALE`). */
  setTimeScale(timeScale: number): void;
  /** Game seconds per real second (default 1). */
  readonly timeScale: number;
  /** Switch the frame loop mode; the next frame is requested or cancelled at once to match. */
  setFrameloop(mode: FrameLoopMode): void;
  /** The current frame loop mode (see {@link FrameLoopMode}). */
  readonly frameloop: FrameLoopMode;
  /** The refresh-rate estimate (reused object); see "What starts when" in docs/scheduler.md. */
  readonly refreshRate: RefreshRateEstimate;
  /** Called whenever the estimate's `refreshRate`, `synced` or `state` changes, or `throttledRate` by more than 0.5 % (30 → 20 Hz); returns unsubscribe. */
  onRefreshRateChange(listener: (estimate: RefreshRateEstimate) => void): () => void;
  /** Vblanks per picture (as {@link FrameInfo.divisor}). */
  readonly divisor: number;
  /** Called whenever the divisor changes; returns unsubscribe. */
  onDivisorChange(listener: (divisor: number) => void): () => void;
  /** Turn the adaptive frame rate on or off at run time. */
  setAdaptive(adaptive: boolean | SchedulerAdaptiveOptions): void;
  /** Cap the frame rate from the next frame on (as the `maxFrameRate` option); `undefined` removes the cap. */
  setMaxFrameRate(maxFrameRate: number | undefined): void;
  /** Longest real gap a frame is given from the next frame on, seconds (as the `maxDelta` option). */
  setMaxDelta(maxDelta: number): void;
  /** Number of live subscriptions. */
  readonly subscriberCount: number;
  /** True while a frame request is pending at the source. */
  readonly running: boolean;
  /** The info of the last frame run. */
  readonly frame: FrameInfo;
  /** Unsubscribe everyone and cancel the pending request. */
  destroy(): void;
}
