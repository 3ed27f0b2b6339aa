/**
 * Public types of the framework-free core. Units follow one rule everywhere:
 * timestamps are milliseconds (as requestAnimationFrame and `performance.now()` give them),
 * durations handed to game code are seconds, rates are hertz.
 *
 * Every factory validates its options and throws a `RangeError` naming the bad option.
 * Every result produced per frame is a reused object or array: read it, do not keep it.
 */

// ───────────────────────── delta smoothing (seed 003) ─────────────────────────

/** Options of {@link createDeltaSmoother}. */
export interface DeltaSmootherOptions {
  /** Display refresh rate in Hz; fractional rates such as 59.94 are used exactly. */
  refreshRate: number;
  /**
   * How far, in whole refresh intervals, game time may run ahead of real time before the smoother
   * resyncs (when the input stops matching the rate: vsync off, a wrong rate, a burst of frames on
   * resume). Default 3.
   */
  maxLeadIntervals?: number;
}

/** A seed-003 delta smoother: deltas rounded up to whole refresh intervals, the remainder carried. */
export interface DeltaSmoother {
  /** Smooth one measured frame delta (seconds). Returns a whole number of refresh intervals, in seconds. */
  smooth(deltaSeconds: number): number;
  /** The carried remainder in seconds (≤ 0 in steady state: game time leads real time by it). */
  readonly carry: number;
  /** The refresh rate in Hz currently used. */
  readonly refreshRate: number;
  /** How many times the carry passed `maxLeadIntervals` and was resynced. */
  readonly resyncs: number;
  /** Change the refresh rate (e.g. when the detector reports a new display); keeps the carry. */
  setRefreshRate(refreshRate: number): void;
  /** Forget the carry and counters. */
  reset(): void;
}

// ───────────────────────── refresh-synced slices (seed 002) ─────────────────────────

/** What a synced slicer does when more time has accumulated than `overloadThreshold`. */
export type SlicerOverload = 'catch-up' | 'slow-motion' | 'variable';

/** Options of {@link createSyncedSlicer}. */
export interface SyncedSlicerOptions {
  /** Display refresh rate in Hz. */
  refreshRate: number;
  /** The lowest update rate accepted, Hz: no slice exceeds `1 / minFrameRate` s. Default `refreshRate / 4`. */
  minFrameRate?: number;
  /** Well-of-despair policy. Default `'slow-motion'`. */
  overload?: SlicerOverload;
  /** Seconds of released time above which `overload` applies. Default six refresh intervals (0.1 s at 60 Hz). */
  overloadThreshold?: number;
}

/** A seed-002 slicer: releases only whole refresh intervals, in slices no longer than `1/minFrameRate`. */
export interface SyncedSlicer {
  /** Feed one frame's delta (seconds); returns the dt (seconds) of each update call to make this frame. */
  advance(deltaSeconds: number): readonly number[];
  /** Seconds held back (less than one refresh interval after each advance). */
  readonly bufferSeconds: number;
  /** Seconds withheld from the game so far by `'slow-motion'` (the game ran slow by this much). */
  readonly droppedSeconds: number;
  /** Change the refresh rate; keeps the buffer. */
  setRefreshRate(refreshRate: number): void;
  reset(): void;
}

// ───────────────────────── fixed timestep (seed 001) ─────────────────────────

/** Which game time the picture shows. See DESIGN.md and the README. */
export type Interpolation = 'none' | 'previous' | 'ahead' | 'predicted';

/** What a fixed step does when more steps are due than `maxSteps` in one frame. */
export type FixedStepOverload = 'slow-motion' | 'catch-up';

/** Options of {@link createFixedStep}. */
export interface FixedStepOptions {
  /** Seconds of game time per update, e.g. `1 / 60`. */
  step: number;
  /** Most update steps in one frame. Default 5 (seed 001, listing 5). */
  maxSteps?: number;
  /** Default `'slow-motion'`. */
  overload?: FixedStepOverload;
  /** Default `'previous'`. */
  interpolation?: Interpolation;
  /** Game seconds per real second. Default 1. */
  timeScale?: number;
  /**
   * Steps (0 ≤ x < 0.5). Default 0.05. When the step count is within this much below the next
   * whole number, the step due there may already run; whether it does keeps to the side last
   * frame took. A display at the step's rate (60 Hz, 1/60 s) then runs one step per frame under
   * timestamp jitter of up to ± `boundaryTolerance` × `step` around the boundary, instead of
   * 0 steps one frame and 2 the next. Price: a step run early puts the state, and the picture
   * (`alpha` clamped to 0), at most `boundaryTolerance` × `step` ahead. A count exactly on a whole
   * number is never early, so exact input counts as before. 0 = plain floor/ceil.
   */
  boundaryTolerance?: number;
}

/** One frame's decision, a reused object. */
export interface FixedStepFrame {
  /** Update steps to run this frame, each of `step` seconds. */
  steps: number;
  /** Blend factor in [0, 1] between the previous and the latest state for the picture. */
  alpha: number;
  /** Game seconds thrown away this frame by `'slow-motion'` (a whole number of steps). */
  droppedSeconds: number;
  /** Steps run since the start (integer). State `totalSteps` holds game time `totalSteps × step`. */
  totalSteps: number;
  /** The game time (seconds) the picture shows: `(totalSteps − 1 + alpha) × step`. */
  pictureTime: number;
  /** Game seconds elapsed in total: real elapsed time × timeScale, integrated over changes. */
  elapsedGameSeconds: number;
  /** Game seconds due but not yet simulated (catch-up debt plus the fraction of a step). */
  pendingSeconds: number;
  /** Game seconds dropped since the start. */
  totalDroppedSeconds: number;
}

/** A fixed-timestep accumulator counted in integer steps from the start. */
export interface FixedStep {
  /** Decide this frame. `nowMs` is the frame timestamp; `predictedPresentMs` feeds `'predicted'`. */
  advance(nowMs: number, predictedPresentMs?: number): FixedStepFrame;
  /** Stop game time at `nowMs` (default: the last advance). */
  pause(nowMs?: number): void;
  /** Let game time run again from `nowMs` (default: the next advance). */
  resume(nowMs?: number): void;
  readonly paused: boolean;
  /** Change the time scale from `nowMs` on (default: the last advance). */
  setTimeScale(timeScale: number, nowMs?: number): void;
  readonly timeScale: number;
  readonly step: number;
  readonly interpolation: Interpolation;
  setInterpolation(interpolation: Interpolation): void;
  /** Debugging: while paused, make the next advance run exactly one step. */
  stepOnce(): void;
  /** Back to time zero: the next advance starts the clock again. */
  reset(): void;
  /** The last decision (same object as `advance` returns). */
  readonly frame: FixedStepFrame;
}

// ───────────────────────── adaptive frame rate (seed 001 listing 6) ─────────────────────────

/** Options of {@link createAdaptiveFramerate}. Defaults: upStep 3, maxThreshold 15 (five slow frames in a row), downStep 1, minThreshold -30, maxDivisor 4. */
export interface AdaptiveFramerateOptions {
  refreshRate: number;
  upStep?: number;
  downStep?: number;
  maxThreshold?: number;
  minThreshold?: number;
  maxDivisor?: number;
}

/** Chooses how many vblanks each picture holds, with a lag counter and hysteresis. */
export interface AdaptiveFramerate {
  /** Record the work time of one produced frame in seconds; returns the divisor (1 = every vblank). */
  record(frameSeconds: number): number;
  readonly divisor: number;
  /** refreshRate / divisor, Hz. */
  readonly frameRate: number;
  readonly lag: number;
  setRefreshRate(refreshRate: number): void;
  reset(): void;
}

// ───────────────────────── refresh-rate detection ─────────────────────────

/** What the loop's timestamps look like. */
export type RefreshState = 'measuring' | 'synced' | 'unsynced' | 'throttled';

/** A reused estimate object. */
export interface RefreshRateEstimate {
  /** Best estimate in Hz, snapped to a known rate when close (59.94, 60, 143.86 …); 60 until a display is identified, then the last identified rate while measuring, unsynced or throttled. */
  refreshRate: number;
  /** The measured vblank interval, ms. */
  interval: number;
  /** 0..1: how well the recent intervals fit `refreshRate`. */
  confidence: number;
  /** True when the loop runs in step with a display at `refreshRate`. */
  synced: boolean;
  state: RefreshState;
  /** When `state` is `'throttled'`, the rate the browser lets the loop run at (30 Hz power saving, 1 Hz hidden tab). */
  throttledRate: number;
  /** Increments each time `refreshRate` changes to a different display rate. */
  changes: number;
}

/** Options of {@link createRefreshRateDetector}. */
export interface RefreshRateDetectorOptions {
  /** Rates to snap to, Hz. Default `KNOWN_REFRESH_RATES`: 48, 50, 59.94, 60, 72, 75, 85, 90, 100, 119.88, 120, 143.86, 144, 165, 170, 180, 200, 240, 360 (nothing below 48 Hz: slower loops are reported as throttled). */
  knownRates?: readonly number[];
  /** Intervals kept for the estimate. Default 32. */
  windowSize?: number;
}

export interface RefreshRateDetector {
  /** Feed one frame timestamp (ms). Returns the current estimate (reused object). */
  sample(timestampMs: number): RefreshRateEstimate;
  readonly estimate: RefreshRateEstimate;
  reset(): void;
}

// ───────────────────────── frame statistics ─────────────────────────

/** Options of {@link createFrameStats}. */
export interface FrameStatsOptions {
  /** Frames kept in the window. Default 120. */
  windowSize?: number;
  /** Display rate used to count missed vblanks. Default 60. */
  refreshRate?: number;
}

/** A reused snapshot. Frame times in ms. */
export interface FrameStatsSnapshot {
  fps: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Vblanks in the window that showed no new frame. */
  missedVblanks: number;
  /** Frame intervals in the window. */
  frames: number;
}

export interface FrameStats {
  sample(timestampMs: number): void;
  /** Computes the percentiles (sorts a preallocated copy): call at a throttled rate, not every frame. */
  snapshot(): FrameStatsSnapshot;
  setRefreshRate(refreshRate: number): void;
  reset(): void;
}
