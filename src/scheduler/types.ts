import type { RefreshRateEstimate } from '../core/types.js';

/**
 * Where frames come from. The browser source calls `requestAnimationFrame`; a manual source is
 * driven by tests and simulations. Handles are opaque numbers.
 */
export interface FrameSource {
  /** Ask for one callback at the next frame, with that frame's timestamp in ms. */
  request(callback: (timestampMs: number) => void): number;
  /** Cancel a pending request. Unknown handles are ignored. */
  cancel(handle: number): void;
  /** The current time in ms on the same clock as the frame timestamps. */
  now(): number;
  /**
   * Optional: true when the pending request `handle` can no longer be trusted to arrive on this
   * source's clock (the browser source: `requestAnimationFrame` was replaced since, e.g. by fake
   * timers). The scheduler then cancels it and requests again.
   */
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
  /** Real seconds since the previous frame, unclamped and unscaled (0 on the first frame): for what ignores pause and time scale. */
  rawDeltaSeconds: number;
  /** Game seconds since the loop started (sum of deltaSeconds). */
  elapsedSeconds: number;
  /** Frames run so far, starting at 0. */
  frameIndex: number;
  /** The detected (or configured) display refresh rate, Hz. */
  refreshRate: number;
  /**
   * Vblanks per picture: the larger of the adaptive frame rate's divisor and the `maxFrameRate`
   * cap's (1 when both are off). The rate reached is `refreshRate / divisor`.
   */
  divisor: number;
  /** Game seconds per real second in effect for this frame (1 = real time, 0 = frozen); `deltaSeconds` already includes it. */
  timeScale: number;
  /** True when the scheduler is paused: the frame still runs (so renders continue) but `deltaSeconds` is 0. */
  paused: boolean;
}

/** A frame callback. */
export type FrameCallback = (frame: FrameInfo) => void;

/** Options of `subscribe`. */
export interface SubscribeOptions {
  /** Which pass of the frame the callback runs in: `'input'`, `'update'`, `'render'`, `'after'`. Default `'update'`. */
  phase?: FramePhase;
  /** Lower runs first within a phase. Default 0. Ties run in subscription order. `before`/`after` come first. */
  priority?: number;
  /**
   * A name other subscribers of the same phase can order themselves against with `before`/`after`.
   * Unique within a phase: a second live subscriber with the same id and phase is a RangeError.
   */
  id?: string;
  /**
   * Run before the subscribers of this phase with these ids, whatever their priority. An id no
   * subscriber has yet is ignored until one subscribes with it (development warning after 120
   * frames); a cycle is a RangeError handed to `onError` on the next frame.
   */
  before?: string | readonly string[];
  /** Run after the subscribers of this phase with these ids, whatever their priority (as `before`). */
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
  /** Lag added by each frame whose work missed its vblank. Default 3 (five slow frames in a row step down). */
  upStep?: number;
  /** Lag removed by each frame that would have fitted in one vblank fewer. Default 1 (thirty fast frames step back up). */
  downStep?: number;
  /** Lag (> 0) at which each picture holds one more vblank (60 → 30 Hz). Default 15. */
  maxThreshold?: number;
  /** Lag (< 0) at which each picture holds one vblank fewer (30 → 60 Hz). Default −30. */
  minThreshold?: number;
  /** Most vblanks one picture may hold, a whole number ≥ 1. Default 4 (no lower than 15 Hz on a 60 Hz display). */
  maxDivisor?: number;
}

/** Options of `createFrameScheduler`. */
export interface FrameSchedulerOptions {
  /** Default: the browser source (reads `requestAnimationFrame`/`performance.now` at call time). */
  source?: FrameSource;
  /** When frames run: every vblank, on `invalidate()`, or only on `advance()` (see {@link FrameLoopMode}). Default `'always'`. */
  frameloop?: FrameLoopMode;
  /** Longest real gap a frame is given, seconds. Default 0.25. */
  maxDelta?: number;
  /** Game seconds per real second (0 to `MAX_TIME_SCALE` = 1e6; 0.5 = slow motion, 0 = frozen). Default 1. */
  timeScale?: number;
  /** Start paused: frames run with `deltaSeconds` 0 until `resume()`. Default false. */
  paused?: boolean;
  /** A fixed refresh rate in Hz instead of the detected one. */
  refreshRate?: number;
  /** Turn on the adaptive frame rate (true for the defaults). Default off. */
  adaptive?: boolean | SchedulerAdaptiveOptions;
  /**
   * Cap the frame rate on whole vblanks, Hz (≥ 1): subscribers run on every d-th vblank, d the
   * whole number nearest to the refresh rate / this (60 on 144 Hz: every 2nd, 72 Hz). Default: no cap.
   */
  maxFrameRate?: number;
  /** Called with what a subscriber threw; the other subscribers still run. Without it the error is rethrown after the frame completes. */
  onError?: (error: unknown, frame: FrameInfo) => void;
  /**
   * Called when a frame's gap was clamped to `maxDelta`, and for every throttled frame (a long gap
   * right after a long gap: the page is throttled, e.g. another tab in front), which gets 0.
   */
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
  /**
   * Stop game time: frames keep running (renders, `'render'`/`'after'` subscribers) with
   * `deltaSeconds` 0 and `paused` true, so a paused scene still draws.
   */
  pause(): void;
  /** Let game time run again from the next frame. The time spent paused is not handed out: no catch-up frame. */
  resume(): void;
  /** True between `pause()` and `resume()` (or from the `paused` option). */
  readonly paused: boolean;
  /**
   * Game seconds per real second from the next frame on: 0.5 = slow motion, 2 = fast forward,
   * 0 = frozen (frames still run). Throws a `RangeError` naming `timeScale` for a negative or
   * non-finite value, or one above `MAX_TIME_SCALE` (1e6).
   */
  setTimeScale(timeScale: number): void;
  /** Game seconds per real second (default 1); every `deltaSeconds` is the clamped real delta times this. */
  readonly timeScale: number;
  /**
   * Switch between `'always'`, `'demand'` and `'manual'`; the next frame is requested or cancelled
   * at once to match. Leaving `'demand'` drops a pending `invalidate()`. Throws a `RangeError`
   * naming `frameloop` for an unknown mode.
   */
  setFrameloop(mode: FrameLoopMode): void;
  /** The current frame loop mode (see {@link FrameLoopMode}). */
  readonly frameloop: FrameLoopMode;
  /**
   * The refresh-rate estimate (reused object). Detection starts at the first `subscribe`,
   * `advance`, `onRefreshRateChange`, adaptive rate or cap; until then 60 Hz, `'measuring'` (or the
   * `refreshRate` option).
   */
  readonly refreshRate: RefreshRateEstimate;
  /** Called whenever the estimate's `refreshRate`, `synced` or `state` changes; returns unsubscribe. */
  onRefreshRateChange(listener: (estimate: RefreshRateEstimate) => void): () => void;
  /** Vblanks per picture: the larger of the adaptive divisor and the `maxFrameRate` cap's (1 when both are off). */
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
