// Units: timestamps and costs ms, game time and `dt` s, rates Hz.
import type { ViewerMetrics } from './viewer.js';
import type { createDeltaSmoother, createFixedStep, createSyncedSlicer } from '../core/index.js';

// The core's option types, read off its public factories (`react-timestep/core` exports the factories, not these types).
/** Options of {@link createFixedStep}. */
export type FixedStepOptions = Parameters<typeof createFixedStep>[0];
/** Options of {@link createDeltaSmoother}. */
export type DeltaSmootherOptions = Parameters<typeof createDeltaSmoother>[0];
/** Options of {@link createSyncedSlicer}. */
export type SyncedSlicerOptions = Parameters<typeof createSyncedSlicer>[0];
type Interpolation = NonNullable<FixedStepOptions['interpolation']>;
type FixedStepOverload = NonNullable<FixedStepOptions['overload']>;
type DeltaRounding = NonNullable<DeltaSmootherOptions['rounding']>;
type SlicerOverload = NonNullable<SyncedSlicerOptions['overload']>;
type SliceRounding = NonNullable<SyncedSlicerOptions['rounding']>;

/** What one update or draw call costs, ms: a number, a range, spikes, slow stretches or a recorded sequence. */
export type CostModel = number | CostRange | CostSpikes | CostStretches | CostSequence;

/** Uniformly random cost in `[min, max)` ms. */
export interface CostRange {
  /** Cheapest call, ms (≥ 0, inclusive). */
  min: number;
  /** Upper bound, ms (exclusive, ≥ `min`); `min === max` is a fixed cost. */
  max: number;
}

/** A base cost with a periodic spike. */
export interface CostSpikes {
  /** Cost of an ordinary call. Default 0. */
  base?: CostModel;
  /** Every `spikeEvery`-th call (the N-th, 2N-th, …) is a spike. A whole number ≥ 1. */
  spikeEvery: number;
  /** Extra ms a spiking call costs on top of `base`. */
  spikeMs: number;
}

/** A base cost with slow stretches of simulated time. */
export interface CostStretches {
  /** Cost outside every stretch. Default 0. */
  base?: CostModel;
  /** Periods of simulated time with a different cost; the first one that contains the call wins. */
  stretches: readonly CostStretch[];
}

/** One slow stretch: `[fromSeconds, toSeconds)` of simulated time. */
export interface CostStretch {
  /** Start of the stretch in seconds of simulated time (inclusive, ≥ 0). */
  fromSeconds: number;
  /** End of the stretch in seconds of simulated time (exclusive, ≥ `fromSeconds`). */
  toSeconds: number;
  /** The cost model of calls made inside the stretch (any {@link CostModel}, e.g. a range or spikes). */
  cost: CostModel;
}

/** A recorded list of costs, used in order and repeated. */
export interface CostSequence {
  /** Costs in ms (each ≥ 0, at least one): call k costs `sequence[k % sequence.length]`. */
  sequence: readonly number[];
}

/** What the game's work costs: each update call and each draw. Both default to 0 ms. */
export interface CostOptions {
  /** Cost of ONE update call (a fixed step runs several per frame, a delta-based loop one). */
  update?: CostModel;
  /** Cost of the draw, once per frame. */
  draw?: CostModel;
}

/** The virtual display: vblank k at `k × 1000 / refreshRate` ms, starting at vblank 0. */
export interface DisplayOptions {
  /** Refresh rate in Hz. Fractional rates (59.94, 143.9) are used exactly. */
  refreshRate: number;
  /** `true` (default): a picture waits for the next free vblank. `false`: shown when its work ends, the loop capped at `unsyncedMaxRate`. */
  vsync?: boolean;
  /** Finished pictures that may wait for a vblank: 1 (default) double buffering, 2 triple (one frame ahead). */
  queueDepth?: number;
  /** Each callback starts a random `[0, jitterMs)` ms late (seeded). Default 0. */
  jitterMs?: number;
  /** Delay from a free buffer to the callback reading the clock, ms (> 0, so a read at a vblank is just past it). Default 0.25. */
  callbackDelayMs?: number;
  /** With `vsync: false`, the most frames per second the free-running loop makes. Default 1000. */
  unsyncedMaxRate?: number;
  /** Offset of the loop's clock from simulation time, ms: where between vblanks timestamps sit. Default 0. */
  phaseMs?: number;
  /** Timer resolution, ms: readings are rounded down to a multiple (Chromium 0.1 ms). Default 0 (exact). */
  quantizationMs?: number;
  /**
   * Variable refresh rate: the panel's bottom rate, Hz (`refreshRate` is its top). A picture is
   * shown when its work ends, within the range; there is no vblank grid (vrrDisplay.ts). Default: a fixed rate.
   */
  minRefreshRate?: number;
}

/** The naive loop (Sundqvist, "Timestepping"): update with the measured time since the last frame. */
export interface VariableAlgorithm {
  /** Selects the variable-delta loop: one update per frame with the real time since the last frame. */
  kind: 'variable';
  /** Longest delta handed to the update, seconds (a clamp many engines add). Default: no clamp. */
  maxDelta?: number;
}

/** A {@link createFixedStep} run unchanged. */
export interface FixedAlgorithm {
  /** Selects {@link createFixedStep}: updates of exactly `step` seconds, the picture placed by `interpolation`. */
  kind: 'fixed';
  /** Seconds per update. Default 1/60. */
  step?: number;
  /** Which game time the picture shows. Default `'previous'` (as the core). */
  interpolation?: Interpolation;
  /** What happens when more than `maxSteps` steps are due. Default `'slow-motion'` (as the core). */
  overload?: FixedStepOverload;
  /** Most update calls in one frame. Default 5 (as the core). */
  maxSteps?: number;
  /** Snap frame timestamps to a display of this rate before counting steps (the core option). Default: none. */
  refreshRate?: number;
}

/** A {@link createDeltaSmoother}: one update per frame with the smoothed delta, or with `step` a fixed step fed by it. */
export interface SmoothedAlgorithm {
  /** Selects {@link createDeltaSmoother}: deltas rounded up to whole refresh intervals, the remainder carried. */
  kind: 'smoothed';
  /** The rate the smoother assumes, Hz. Default: the display's exact rate. */
  refreshRate?: number;
  /** Intervals game time may lead real time before the smoother resyncs (the core option). Default 3. */
  maxLeadIntervals?: number;
  /** `'nearest'` (default) or the article's `'up'` (the core option of the same name). */
  rounding?: DeltaRounding;
  /** Seconds per fixed update, fed by the smoothed clock. Default: none (variable updates). */
  step?: number;
  /** Interpolation of that fixed step. Default `'previous'`. */
  interpolation?: Interpolation;
}

/** A {@link createSyncedSlicer} (the in-sync update loop, blog post, 2013): one update per released slice. */
export interface SyncedAlgorithm {
  /** Selects {@link createSyncedSlicer}: whole refresh intervals released in bounded slices. */
  kind: 'synced';
  /** The rate the slicer assumes, Hz. Default: the display's exact rate. */
  refreshRate?: number;
  /** Lowest update rate accepted, Hz: no slice exceeds `1 / minFrameRate` s. Default `refreshRate / 4`. */
  minFrameRate?: number;
  /** Well-of-despair policy (`'catch-up'`, `'slow-motion'`, `'variable'`). Default `'slow-motion'`. */
  overload?: SlicerOverload;
  /** Seconds of released time above which `overload` applies. Default six refresh intervals (0.1 s at 60 Hz). */
  overloadThreshold?: number;
  /** `'nearest'` (default) or the article's `'down'` (the core option of the same name). */
  rounding?: SliceRounding;
}

/** A {@link createAdaptiveFramerate} choosing the vblanks each picture holds, over a fixed step aimed at the predicted present. */
export interface AdaptiveAlgorithm {
  /** Selects {@link createAdaptiveFramerate} over a fixed step: the picture holds 1, 2 … vblanks as the load demands. */
  kind: 'adaptive';
  /** The rate the governor assumes, Hz. Default: the display's exact rate. */
  refreshRate?: number;
  /** Lag added by each frame whose work missed its vblank. Default 3 (as the core). */
  upStep?: number;
  /** Lag removed by each frame that would have fitted in one vblank fewer. Default 1 (as the core). */
  downStep?: number;
  /** Lag (> 0) at which pictures hold one more vblank. Default 15 (as the core: five slow frames in a row). */
  maxThreshold?: number;
  /** Lag (< 0) at which pictures hold one vblank fewer. Default −30 (as the core: thirty fast frames). */
  minThreshold?: number;
  /** Most vblanks one picture may hold. Default 4 (as the core). */
  maxDivisor?: number;
  /** Seconds per update. Default 1/60. */
  step?: number;
  /** Default `'predicted'` (Sundqvist's adaptive loop updates "to state at current_time() + extra_time × dt"). */
  interpolation?: Interpolation;
  /** Most update calls in one frame (excess dropped, as `'slow-motion'`). Default 5. */
  maxSteps?: number;
}

/** How the drawing thread reads the updating one: the three ways of Sundqvist's threads loop. */
export type ThreadsRead = 'latest' | 'interpolated' | 'live';

/**
 * The threads loop of Sundqvist, "Timestepping": a fixed step on its own thread, update n run at
 * its grid time (game time zero + n × step) or at once when the thread is still busy; the draw, on
 * the display's thread, reads the states without waiting (simulation/threads.ts).
 */
export interface ThreadsAlgorithm {
  /** Selects the threads loop: updates on their own thread's grid, the draw at each free vblank. */
  kind: 'threads';
  /** Seconds per update. Default 1/60. */
  step?: number;
  /**
   * `'latest'`: the latest completed update; `'interpolated'` (default, as `react-timestep/worker`):
   * the two latest blended by where the read falls on the grid; `'live'`: the update still
   * running, when one is (a torn picture).
   */
  read?: ThreadsRead;
}

/** Which algorithm to run, with its options. Core options left out take the core's defaults. */
export type AlgorithmSpec = VariableAlgorithm | FixedAlgorithm | SmoothedAlgorithm | SyncedAlgorithm | AdaptiveAlgorithm | ThreadsAlgorithm;

/** When the loop reads the clock for the picture: after the due updates (Sundqvist's loop) or at frame start. */
export type ClockSampling = 'after-updates' | 'frame-start';

/** Game time zero: `'first-frame'` (default, the first frame's reading) or `'vblank'` (vblank 0, as the articles' listings). */
export type TimeZero = 'first-frame' | 'vblank';

/** Options of {@link simulate}. */
export interface SimulationOptions {
  /** The virtual display: refresh rate (Hz), vsync, buffering, callback jitter and delay. */
  display: DisplayOptions;
  /** The timing algorithm under test, run unchanged from the core, with its options. */
  algorithm: AlgorithmSpec;
  /** Real time to simulate, seconds. */
  durationSeconds: number;
  /** Work per update call and per draw. Default: free (0 ms). */
  cost?: CostOptions;
  /** Seed of every random draw (jitter, cost ranges); the same seed replays the same run. Default 1. */
  seed?: number;
  /** Keep per-frame records (default `true`). `false` keeps only the metrics. */
  record?: boolean;
  /** See {@link ClockSampling}. Default `'after-updates'`. */
  clock?: ClockSampling;
  /** Frames presented before this many seconds are recorded but left out of the metrics. Default 0. */
  warmupSeconds?: number;
  /** See {@link TimeZero}. Default `'first-frame'`. */
  timeZero?: TimeZero;
}

/** Per-frame records, one entry per frame, views of preallocated typed arrays. */
export interface SimulationFrames {
  /** Number of frames. */
  count: number;
  /** When the frame callback started, ms. */
  startMs: Float64Array;
  /** The clock reading the picture was computed from (see {@link ClockSampling}), ms. */
  sampleMs: Float64Array;
  /** When the frame's update and draw work ended, ms. */
  finishMs: Float64Array;
  /** When the picture reached the screen (a vblank with vsync on), ms. */
  presentMs: Float64Array;
  /** The game time the picture shows, seconds since game time zero (simulation time 0). */
  pictureSeconds: Float64Array;
  /** Game seconds handed to update calls this frame (steps × step for a fixed step). */
  dtSeconds: Float64Array;
  /** Update calls this frame. */
  steps: Uint32Array;
  /** `presentMs − pictureSeconds × 1000`: how old the shown game time is when it is shown, ms. */
  lagMs: Float64Array;
  /** Vblanks this frame's picture waited for after the previous one (1 = the very next vblank). */
  vblanks: Uint32Array;
}

/** What a viewer would see after `warmupSeconds`: the {@link ViewerMetrics} plus the simulation's own counts. */
export interface SimulationMetrics extends ViewerMetrics {
  /** The same as `repeatedPictures` (kept for 0.1 code). */
  duplicatePictures: number;
  /** The same as `repeatedRatio` (kept for 0.1 code). */
  duplicateRatio: number;
  /** `stepsHistogram[n]` = frames with n update calls; the last entry also counts anything above. */
  stepsHistogram: number[];
  /** Pictures showing parts of two states (the `'threads'` kind read `'live'` while an update runs); 0 otherwise. */
  tornPictures: number;
  /** `tornPictures / frames`. */
  tornRatio: number;
  /**
   * Longest any update started after its grid time (game time zero + n × step, shifted by dropped
   * time), ms, over the whole run: the `'fixed'`, `'adaptive'` and `'threads'` kinds; NaN for the others.
   */
  updateLateMaxMs: number;
}

/** The result of {@link simulate}. */
export interface SimulationResult {
  /** Per-frame records (all typed arrays of length 0 when `record: false`). */
  frames: SimulationFrames;
  /** What a viewer would see (lag, judder, repeated pictures, speed), over the frames after `warmupSeconds`. */
  metrics: SimulationMetrics;
}
