/**
 * Public types of the framework-free core: timestamps in ms, durations handed to game code in
 * seconds, rates in Hz; per-frame results are reused objects. See docs/core.md.
 */


/** Options of {@link createDeltaSmoother}; see docs/core.md#createdeltasmoother. */
export interface DeltaSmootherOptions {
  /** Display refresh rate in Hz; fractional rates such as 59.94 are used exactly. */
  refreshRate: number;
  /** With `rounding: 'up'`: how many refresh intervals game time may lead real time before a resync. Default 3. */
  maxLeadIntervals?: number;
  /** `'nearest'` (default, robust on real frames) or `'up'` (Frank Force's floor + 1). */
  rounding?: DeltaRounding;
}

/** How {@link DeltaSmootherOptions.rounding} turns a delta into whole refresh intervals. */
export type DeltaRounding = 'nearest' | 'up';

/** A delta smoother (Frank Force, "Time Delta Smoothing"): whole refresh intervals out, the remainder carried. */
export interface DeltaSmoother {
  /** Smooth one measured frame delta (seconds). Returns a whole number of refresh intervals, in seconds. */
  smooth(deltaSeconds: number): number;
  /** Real time not yet handed out, seconds (negative: game time leads; about −1 interval when steady). */
  readonly carry: number;
  /** The refresh rate in Hz currently used. */
  readonly refreshRate: number;
  /** How many times the lead passed `maxLeadIntervals` and a frame returned 0 (always 0 with `'nearest'`). */
  readonly resyncs: number;
  /** Change the refresh rate; keeps the carry. */
  setRefreshRate(refreshRate: number): void;
  /** Forget the carry and counters. */
  reset(): void;
}


/** What a synced slicer does when more time has accumulated than `overloadThreshold`. */
export type SlicerOverload = 'catch-up' | 'slow-motion' | 'variable';

/** Options of {@link createSyncedSlicer}; see docs/core.md#createsyncedslicer. */
export interface SyncedSlicerOptions {
  /** Display refresh rate in Hz. */
  refreshRate: number;
  /** The lowest update rate accepted, Hz: no slice exceeds `1 / minFrameRate` s. Default `refreshRate / 4`. */
  minFrameRate?: number;
  /** Well-of-despair policy. Default `'slow-motion'`. */
  overload?: SlicerOverload;
  /** Seconds of released time above which `overload` applies. Default six refresh intervals. */
  overloadThreshold?: number;
  /** `'nearest'` (default, robust on real frames) or `'down'` (the article's floor). */
  rounding?: SliceRounding;
}

/** How {@link SyncedSlicerOptions.rounding} turns buffered time into whole refresh intervals. */
export type SliceRounding = 'nearest' | 'down';

/** A refresh-synced slicer ("Setting up a game update loop in-sync with rendering"): releases whole refresh intervals in slices of at most `1/minFrameRate`. */
export interface SyncedSlicer {
  /** Feed one frame's delta (seconds); returns the dt (seconds) of each update to run, in a reused array. */
  advance(deltaSeconds: number): readonly number[];
  /** Seconds held back: within ±½ interval with `'nearest'`, 0 … 1 interval with `'down'`. */
  readonly bufferSeconds: number;
  /** Seconds withheld from the game so far by `'slow-motion'`. */
  readonly droppedSeconds: number;
  /** Change the refresh rate; keeps the buffer. */
  setRefreshRate(refreshRate: number): void;
  /** Empty the buffer and zero `droppedSeconds` (after a pause or a load, so no burst of updates follows). */
  reset(): void;
}


/** Which game time the picture shows: see "Which game time the picture shows" in docs/core.md. */
export type Interpolation = 'none' | 'previous' | 'ahead' | 'predicted';

/** What a fixed step does when more steps are due than `maxSteps` in one frame. */
export type FixedStepOverload = 'slow-motion' | 'catch-up';

/** Options of {@link createFixedStep}; see docs/core.md#createfixedstep. */
export interface FixedStepOptions {
  /** Seconds of game time per update, e.g. `1 / 60`. */
  step: number;
  /** Most update steps in one frame. Default 5 (Sundqvist, "Timestepping"). */
  maxSteps?: number;
  /** `'slow-motion'` (default) drops steps beyond `maxSteps`; `'catch-up'` runs the debt off later. */
  overload?: FixedStepOverload;
  /** Which game time the picture shows. Default `'previous'`: one step behind, never extrapolated. */
  interpolation?: Interpolation;
  /** Game seconds per real second. Default 1. */
  timeScale?: number;
  /** Steps (0 ≤ x < 0.5) within which a count may stay on last frame's side of a boundary. Default 0.05. */
  boundaryTolerance?: number;
  /** The display's rate in Hz when frames are vsynced to it: timestamps are placed on its vblank grid. Default: raw timestamps. */
  refreshRate?: number;
}

/** One frame's decision, a reused object. */
export interface FixedStepFrame {
  /** Update steps to run this frame, each of `step` seconds. */
  steps: number;
  /** Blend factor in [0, 1] between the previous and the latest state for the picture. */
  alpha: number;
  /** Game seconds thrown away this frame by `'slow-motion'` (a whole number of steps). */
  droppedSeconds: number;
  /** Steps run since the start; state `totalSteps` holds game time `totalSteps × step`. */
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
  /** True between `pause()` and `resume()`. */
  readonly paused: boolean;
  /** Change the time scale from `nowMs` on (default: the last advance). */
  setTimeScale(timeScale: number, nowMs?: number): void;
  /** Game seconds per real second (1 = real time, 0.5 = half speed). */
  readonly timeScale: number;
  /** Seconds of game time per update, as given in the options: pass it to your update as `dt`. */
  readonly step: number;
  /** Which game time the picture shows; the option, or the last `setInterpolation`. */
  readonly interpolation: Interpolation;
  /** Switch the interpolation mode from the next advance on; steps already run are never undone. */
  setInterpolation(interpolation: Interpolation): void;
  /** Snap timestamps to a display of `refreshRate` Hz from the next frame on (`undefined`: raw timestamps). */
  setRefreshRate(refreshRate: number | undefined): void;
  /** The display rate timestamps are snapped to, Hz, or `undefined` (raw timestamps). */
  readonly refreshRate: number | undefined;
  /** Debugging: while paused, make the next advance run exactly one step. */
  stepOnce(): void;
  /** Back to time zero: the next advance starts the clock again. */
  reset(): void;
  /** The last decision (same object as `advance` returns). */
  readonly frame: FixedStepFrame;
}


/** Options of {@link createAdaptiveFramerate}; see docs/core.md#createadaptiveframerate. */
export interface AdaptiveFramerateOptions {
  /** Display refresh rate in Hz: the vblank frame work is judged against. */
  refreshRate: number;
  /** Lag added by each frame whose work missed its vblank. Default 3. */
  upStep?: number;
  /** Lag removed by each frame that would have fitted in one vblank fewer. Default 1 (trust speed slowly). */
  downStep?: number;
  /** Lag (> 0) at which each picture holds one more vblank (60 → 30 Hz). Default 15. */
  maxThreshold?: number;
  /** Lag (< 0) at which each picture holds one vblank fewer (30 → 60 Hz). Default −30. */
  minThreshold?: number;
  /** Most vblanks one picture may hold, a whole number ≥ 1. Default 4. */
  maxDivisor?: number;
  /** The divisor to start at, a whole number ≥ 1 (capped at `maxDivisor`). Default 1. */
  initialDivisor?: number;
}

/** Chooses how many vblanks each picture holds, with a lag counter and hysteresis. */
export interface AdaptiveFramerate {
  /** Record the work time of one produced frame in seconds; returns the divisor (1 = every vblank). */
  record(frameSeconds: number): number;
  /** Vblanks each picture is held for: 1 = every vblank, 2 = every other … up to `maxDivisor`. */
  readonly divisor: number;
  /** refreshRate / divisor, Hz. */
  readonly frameRate: number;
  /** The hysteresis counter: positive after slow frames, negative after fast ones. */
  readonly lag: number;
  /** Tell the governor the display changed: keeps the divisor, clears the lag. */
  setRefreshRate(refreshRate: number): void;
  /** Back to divisor 1 (every vblank) and lag 0. */
  reset(): void;
}


/** What the loop's timestamps look like. */
export type RefreshState = 'measuring' | 'synced' | 'unsynced' | 'throttled' | 'variable';

/** A reused estimate object; see docs/core.md#createrefreshratedetector. */
export interface RefreshRateEstimate {
  /** Best estimate in Hz, snapped to a known rate; 60 until a display is identified. */
  refreshRate: number;
  /** The measured vblank interval, ms. */
  interval: number;
  /** 0..1: how well the recent intervals fit `refreshRate`. */
  confidence: number;
  /** True when the loop runs in step with a display at `refreshRate`. */
  synced: boolean;
  /**
   * `'measuring'`, `'synced'`, `'throttled'` (steady and below 47 Hz), `'variable'` (frames fit no
   * vblank grid: variable refresh rate, a frame clock that is not vsync, an unthrottled loop) or
   * `'unsynced'` (the grid was just lost; `'variable'` if none returns).
   */
  state: RefreshState;
  /** When `state` is `'throttled'`, the rate the browser lets the loop run at, Hz: a display's rate over k when its grid fits one (battery saver: exactly 30), else as measured. */
  throttledRate: number;
  /** Increments each time `refreshRate` changes to a different display rate. */
  changes: number;
}

/** Options of {@link createRefreshRateDetector}. */
export interface RefreshRateDetectorOptions {
  /** Rates to snap to, Hz. Default {@link KNOWN_REFRESH_RATES}. */
  knownRates?: readonly number[];
  /** @deprecated Checked (a whole number ≥ 8) and ignored; leave it out. Removed in the next major version. */
  windowSize?: number;
}

/** Measures the display refresh rate from frame timestamps alone and tells vsynced from unsynced or throttled loops. */
export interface RefreshRateDetector {
  /** Feed one frame timestamp (ms). Returns the current estimate (reused object). */
  sample(timestampMs: number): RefreshRateEstimate;
  /** The current estimate without feeding a sample: the same reused object `sample` returns. */
  readonly estimate: RefreshRateEstimate;
  /** Forget everything (back to `'measuring'`, `changes` 0): for timestamps restarting on a new clock. */
  reset(): void;
}


/** Options of {@link createFrameStats}. */
export interface FrameStatsOptions {
  /** Frames kept in the window. Default 120. */
  windowSize?: number;
  /** Display rate used to count missed vblanks. Default 60. */
  refreshRate?: number;
}

/** A reused snapshot; see docs/core.md#createframestats. */
export interface FrameStatsSnapshot {
  /** Frame intervals ÷ their total duration, Hz (the real average rate). 0 while empty. */
  fps: number;
  /** Mean frame interval in the window, ms (1000 / `fps`). */
  meanMs: number;
  /** Nearest-rank median frame interval, ms. */
  p50Ms: number;
  /** Nearest-rank 95th percentile frame interval, ms. */
  p95Ms: number;
  /** Nearest-rank 99th percentile frame interval, ms. */
  p99Ms: number;
  /** Longest frame interval in the window, ms. */
  maxMs: number;
  /** Vblanks in the window that showed no new frame. */
  missedVblanks: number;
  /** Frame intervals in the window. */
  frames: number;
}

/** Frame-interval statistics over a sliding window: what a performance overlay shows. */
export interface FrameStats {
  /** Record one frame timestamp (ms); O(1), no allocation. Bad timestamps are ignored. */
  sample(timestampMs: number): void;
  /** Computes the percentiles (sorts a preallocated copy): call at a throttled rate, not every frame. */
  snapshot(): FrameStatsSnapshot;
  /** Change the display rate (Hz) used to count `missedVblanks`; the next snapshot recounts the window. */
  setRefreshRate(refreshRate: number): void;
  /** Empty the window and forget the last timestamp: the next sample starts a new chain. */
  reset(): void;
}
