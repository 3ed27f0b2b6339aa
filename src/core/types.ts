/**
 * Public types of the framework-free core. Units follow one rule everywhere:
 * timestamps are milliseconds (as requestAnimationFrame and `performance.now()` give them),
 * durations handed to game code are seconds, rates are hertz.
 *
 * Every factory validates its options and throws a `RangeError` naming the bad option.
 * Every result produced per frame is a reused object or array: read it, do not keep it.
 */

// ───────────────────────── delta smoothing (Frank Force) ─────────────────────────

/** Options of {@link createDeltaSmoother}. */
export interface DeltaSmootherOptions {
  /** Display refresh rate in Hz; fractional rates such as 59.94 are used exactly. */
  refreshRate: number;
  /**
   * How far, in whole refresh intervals, game time may run ahead of real time before the smoother
   * resyncs (when the input stops matching the rate: vsync off, a wrong rate, a burst of frames on
   * resume). Default 3. Applies to `rounding: 'up'`; `'nearest'` never leads by more than about
   * one interval.
   */
  maxLeadIntervals?: number;
  /**
   * How a delta becomes whole refresh intervals. `'nearest'` (default): round to the nearest
   * whole interval, centred on the stream's own phase, so quantised or jittery vsynced timestamps
   * give exactly the vblanks that elapsed and a dropped frame is made up in the frame where it is
   * seen (always while the timestamps' noise spans under half an interval; see
   * {@link createDeltaSmoother}); a delta under half an interval hands out 0. Both lead real time by one interval from
   * the first frame on (the picture is shown one vblank after it is drawn). `'up'`: Frank Force's
   * arithmetic exactly (floor + 1, at least one); on real timestamps its carry sits on a boundary, so after a dropped frame it hands
   * out one interval, then two a frame or more later.
   */
  rounding?: DeltaRounding;
}

/** How {@link DeltaSmootherOptions.rounding} turns a delta into whole refresh intervals. */
export type DeltaRounding = 'nearest' | 'up';

/** A delta smoother (Frank Force, "Time Delta Smoothing"): deltas rounded up to whole refresh intervals, the remainder carried. */
export interface DeltaSmoother {
  /** Smooth one measured frame delta (seconds). Returns a whole number of refresh intervals, in seconds. */
  smooth(deltaSeconds: number): number;
  /**
   * The carried remainder in seconds: real time not yet handed out (negative: game time leads).
   * About −1 interval in steady state (the one-interval lead), ± jitter with `'nearest'`.
   */
  readonly carry: number;
  /** The refresh rate in Hz currently used. */
  readonly refreshRate: number;
  /** How many times the carry passed `maxLeadIntervals` and was resynced (always 0 with `'nearest'`). */
  readonly resyncs: number;
  /** Change the refresh rate (e.g. when the detector reports a new display); keeps the carry. */
  setRefreshRate(refreshRate: number): void;
  /** Forget the carry and counters. */
  reset(): void;
}

// ───────────────────────── refresh-synced slices (in-sync update loop) ─────────────────────────

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
  /**
   * How buffered time becomes whole refresh intervals. `'nearest'` (default): round to the nearest
   * whole interval, centred on the stream's own phase, so quantised or jittery vsynced timestamps
   * release exactly the vblanks that elapsed (always while the timestamps' noise spans under half
   * an interval; see {@link createSyncedSlicer}; the buffer then holds −½ … +½ interval). `'down'`:
   * the article's arithmetic exactly (floor: the buffer starts on an interval boundary and holds
   * 0 … 1 interval); on real timestamps it flips between 0 and 2 intervals.
   */
  rounding?: SliceRounding;
}

/** How {@link SyncedSlicerOptions.rounding} turns buffered time into whole refresh intervals. */
export type SliceRounding = 'nearest' | 'down';

/** A refresh-synced slicer ("Setting up a game update loop in-sync with rendering"): releases only whole refresh intervals, in slices no longer than `1/minFrameRate`. */
export interface SyncedSlicer {
  /** Feed one frame's delta (seconds); returns the dt (seconds) of each update call to make this frame. */
  advance(deltaSeconds: number): readonly number[];
  /**
   * Seconds held back: within ± half a refresh interval with `'nearest'` rounding (negative: a
   * whole interval was released a little early), 0 … 1 interval with `'down'`.
   */
  readonly bufferSeconds: number;
  /** Seconds withheld from the game so far by `'slow-motion'` (the game ran slow by this much). */
  readonly droppedSeconds: number;
  /** Change the refresh rate; keeps the buffer. */
  setRefreshRate(refreshRate: number): void;
  /**
   * Back to a fresh start: empty the buffer and zero `droppedSeconds` (e.g. after a pause or a
   * level load, so time that piled up meanwhile is not released as a burst of updates).
   */
  reset(): void;
}

// ───────────────────────── fixed timestep (Sundqvist) ─────────────────────────

/** Which game time the picture shows: see "Which game time the picture shows" in docs/core.md. */
export type Interpolation = 'none' | 'previous' | 'ahead' | 'predicted';

/** What a fixed step does when more steps are due than `maxSteps` in one frame. */
export type FixedStepOverload = 'slow-motion' | 'catch-up';

/** Options of {@link createFixedStep}. */
export interface FixedStepOptions {
  /** Seconds of game time per update, e.g. `1 / 60`. */
  step: number;
  /** Most update steps in one frame. Default 5 (Sundqvist, "Timestepping"). */
  maxSteps?: number;
  /**
   * When more than `maxSteps` steps are due in one frame: `'slow-motion'` (default) drops the excess
   * and reports it in `droppedSeconds`, so the game runs slow instead of spiralling; `'catch-up'`
   * keeps the debt and runs it off `maxSteps` a frame until back on time.
   */
  overload?: FixedStepOverload;
  /** Which game time the picture shows (see {@link Interpolation}). Default `'previous'`: one step behind, never extrapolated. */
  interpolation?: Interpolation;
  /** Game seconds per real second. Default 1. */
  timeScale?: number;
  /**
   * Steps (0 ≤ x < 0.5). Default 0.05. Where the step count is within this much of the boundary
   * at which it jumps, one step early or one step late is allowed too, and the count that keeps
   * nearest to last frame's offset (r − count) wins, so the count stays on one side of the
   * boundary. A display at the step's rate (60 Hz, 1/60 s) then runs one step per frame under
   * timestamp jitter of up to ± `boundaryTolerance` × `step`, instead of 0 steps one frame and 2
   * the next. Price: the state, and the picture (`alpha` clamped to [0, 1]), at most
   * `boundaryTolerance` × `step` from plain floor/ceil. Exact inputs (75, 120, 144 Hz vblanks) are
   * never moved. 0 = plain floor/ceil.
   */
  boundaryTolerance?: number;
  /**
   * The display's refresh rate in Hz, when the frames are vsynced to it (e.g. the rate the
   * scheduler detected). Each timestamp is then first placed on the display's vblank grid: the
   * vblanks since the previous frame are counted with the same phase-centred rounding as the delta
   * smoother, and the frame's time is time zero plus that many whole intervals. Timestamp
   * quantisation (0.1 ms, 1 ms) and jitter then never decide how many steps run while together
   * they span under half an interval: at the display's rate exactly one step per vblank elapsed, a
   * dropped frame made up in the frame where it is seen. Noisier timestamps (at 240 Hz, a 1 ms
   * clock with ±1 ms jitter spans 72 % of an interval) can miscount in a start's first frames, while
   * the phase is learnt. Leave it out for unsynced frames. Default: none (raw timestamps).
   */
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
  /**
   * True between `pause()` and `resume()`. A `resume()` without a timestamp already reads as not
   * paused, although game time only starts flowing again at the next advance.
   */
  readonly paused: boolean;
  /** Change the time scale from `nowMs` on (default: the last advance). */
  setTimeScale(timeScale: number, nowMs?: number): void;
  /**
   * Game seconds per real second (1 = real time, 0.5 = half speed). Changes apply from the moment
   * they are made: time already elapsed keeps the scale it ran at.
   */
  readonly timeScale: number;
  /** Seconds of game time per update, as given in the options: pass it to your update as `dt`. */
  readonly step: number;
  /** Which game time the picture shows (see {@link Interpolation}); the option, or the last `setInterpolation`. */
  readonly interpolation: Interpolation;
  /**
   * Switch the interpolation mode from the next advance on (e.g. a settings menu toggling
   * `'none'` ↔ `'previous'`). Steps already run are never undone: a mode that aims further ahead
   * (`'ahead'`) runs its extra step on the next advance; switching back runs no step until game
   * time catches up. Throws a `RangeError` naming `interpolation` for an unknown mode.
   */
  setInterpolation(interpolation: Interpolation): void;
  /**
   * Snap timestamps to a display of `refreshRate` Hz from the next frame on (see
   * {@link FixedStepOptions.refreshRate}); `undefined` goes back to raw timestamps. Game time so
   * far is kept.
   */
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

// ───────────────────────── adaptive frame rate (Sundqvist) ─────────────────────────

/** Options of {@link createAdaptiveFramerate}. Defaults: upStep 3, maxThreshold 15 (five slow frames in a row), downStep 1, minThreshold -30, maxDivisor 4. */
export interface AdaptiveFramerateOptions {
  /** Display refresh rate in Hz: one vblank lasts `1 / refreshRate` s, the unit frame work is judged against. */
  refreshRate: number;
  /**
   * Lag added by each frame whose work missed its vblank (took longer than `divisor` intervals).
   * Default 3: with `maxThreshold` 15, five slow frames in a row step the rate down.
   */
  upStep?: number;
  /**
   * Lag removed by each frame that would have fitted in one vblank fewer. Default 1: with
   * `minThreshold` −30, thirty fast frames in a row step the rate back up. Smaller than `upStep`
   * on purpose: react to slowness fast, trust speed slowly, so the rate does not flip back and forth.
   */
  downStep?: number;
  /** Lag (> 0) at which each picture holds one more vblank (60 → 30 Hz). Default 15. */
  maxThreshold?: number;
  /** Lag (< 0) at which each picture holds one vblank fewer (30 → 60 Hz). Default −30. */
  minThreshold?: number;
  /** Most vblanks one picture may hold, a whole number ≥ 1. Default 4 (60 → 30 → 20 → 15 Hz and no lower). */
  maxDivisor?: number;
  /**
   * The divisor to start at, a whole number ≥ 1 (lowered to `maxDivisor` when above it). Default 1.
   * Lets new options take over from a governor that had already stepped down, without a reset.
   */
  initialDivisor?: number;
}

/** Chooses how many vblanks each picture holds, with a lag counter and hysteresis. */
export interface AdaptiveFramerate {
  /** Record the work time of one produced frame in seconds; returns the divisor (1 = every vblank). */
  record(frameSeconds: number): number;
  /**
   * Vblanks each picture is held for: 1 = every vblank (60 Hz on a 60 Hz display), 2 = every
   * other (30 Hz) … up to `maxDivisor`. Starts at 1.
   */
  readonly divisor: number;
  /** refreshRate / divisor, Hz. */
  readonly frameRate: number;
  /**
   * The hysteresis counter: positive after slow frames, negative after fast ones, decaying toward 0
   * on frames in between. Reaching `maxThreshold` or `minThreshold` changes the divisor and resets
   * it to 0. Exposed for overlays and tests.
   */
  readonly lag: number;
  /**
   * Tell the governor the display changed (e.g. from the refresh-rate detector). Keeps the divisor,
   * clears the lag: evidence gathered against the old interval no longer applies.
   */
  setRefreshRate(refreshRate: number): void;
  /** Back to divisor 1 (every vblank) and lag 0. */
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
  /**
   * What the timestamps look like: `'measuring'` (fewer than ~8 intervals, or the rate not yet
   * known to ±1 %), `'synced'` (on a display's vblank grid), `'unsynced'` (no steady grid: vsync
   * off, timers, heavy jitter) or `'throttled'` (a steady loop slower than any display, below
   * 47 Hz: browser power saving, a background tab).
   */
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
  /**
   * Checked (a whole number ≥ 8) and otherwise ignored: kept so that existing option objects stay
   * valid. The detector locks on its latest 8 intervals and tracks without keeping any, so no
   * window size changes what it reports.
   * @deprecated Changes nothing; leave it out. It will be removed in the next major version.
   */
  windowSize?: number;
}

/**
 * Measures the display refresh rate from frame timestamps alone (fits them to a vblank grid), and
 * tells a vsynced loop from an unsynced or throttled one. Create with {@link createRefreshRateDetector}.
 */
export interface RefreshRateDetector {
  /** Feed one frame timestamp (ms). Returns the current estimate (reused object). */
  sample(timestampMs: number): RefreshRateEstimate;
  /** The current estimate without feeding a sample: the same reused object `sample` returns. */
  readonly estimate: RefreshRateEstimate;
  /**
   * Forget everything: back to `'measuring'` at the 60 Hz fallback, `changes` 0. Use it when the
   * timestamps restart on a new clock; a change of monitor is noticed without it.
   */
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
  /**
   * Frames per second over the window, Hz: intervals ÷ their total duration, i.e. the real average
   * rate (not the mean of per-frame rates, which a few long frames would hide). 0 while empty.
   */
  fps: number;
  /** Mean frame interval in the window, ms (1000 / `fps`). */
  meanMs: number;
  /** Median frame interval in the window, ms: nearest-rank 50th percentile (an interval that really occurred). */
  p50Ms: number;
  /** Nearest-rank 95th percentile of the frame intervals in the window, ms: the slow frames a player notices. */
  p95Ms: number;
  /** Nearest-rank 99th percentile of the frame intervals in the window, ms: the occasional hitch. */
  p99Ms: number;
  /** Longest frame interval in the window, ms. */
  maxMs: number;
  /** Vblanks in the window that showed no new frame. */
  missedVblanks: number;
  /** Frame intervals in the window. */
  frames: number;
}

/**
 * Frame-interval statistics over a sliding window: what a performance overlay shows. Create with
 * {@link createFrameStats}.
 */
export interface FrameStats {
  /**
   * Record one frame timestamp (ms); O(1), no allocation, safe to call every frame. The first call
   * only anchors the chain. NaN, ±Infinity, repeated and backwards timestamps are ignored, except
   * that three backwards in a row are taken as a new clock and re-anchor it.
   */
  sample(timestampMs: number): void;
  /** Computes the percentiles (sorts a preallocated copy): call at a throttled rate, not every frame. */
  snapshot(): FrameStatsSnapshot;
  /**
   * Change the display rate (Hz) used to count `missedVblanks`. The window is kept; the next
   * snapshot recounts all of it at the new rate.
   */
  setRefreshRate(refreshRate: number): void;
  /** Empty the window and forget the last timestamp: the next sample starts a new chain. */
  reset(): void;
}
