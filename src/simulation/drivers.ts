// Each driver runs a core algorithm, unchanged, on the virtual clock as a game loop would.
import { createAdaptiveFramerate, createDeltaSmoother, createFixedStep, createSyncedSlicer } from '../core/index.js';
import type { AdaptiveFramerate, DeltaSmoother, FixedStep, FixedStepFrame, SyncedSlicer } from '../core/index.js';
import { checkValue, positive } from '../core/internal.js';
import type { CostFunction } from './cost.js';
import { threadsDriver } from './threads.js';
import type {
  AdaptiveAlgorithm,
  AlgorithmSpec,
  ClockSampling,
  FixedAlgorithm,
  SmoothedAlgorithm,
  SyncedAlgorithm,
  VariableAlgorithm,
} from './types.js';

/** What one frame's updates did. A reused object. */
export interface FrameWork {
  /** The clock reading the picture was computed from, ms. */
  sampleMs: number;
  /** Simulated time when the update work ended, ms. */
  endMs: number;
  /** Update calls. */
  steps: number;
  /** Game seconds handed to those calls. */
  dtSeconds: number;
  /** Game time on the picture, seconds. */
  pictureSeconds: number;
  /** Game seconds thrown away by an overload policy this frame. */
  droppedSeconds: number;
  /** The picture shows parts of two states (an update was writing while the draw read it). */
  torn: boolean;
}

/** One algorithm on the virtual clock. */
export interface Driver {
  /** The unit of "in steps" metrics, ms. */
  readonly stepMs: number;
  /** Longest an update started after its grid time so far, ms; NaN for a loop without a grid. */
  readonly updateLateMaxMs: number;
  /** Vblanks the next picture holds at least (the adaptive divisor; 1 otherwise). */
  holdVblanks(): number;
  /** Run the updates of a frame that starts at `startMs`. */
  run(startMs: number, out: FrameWork): void;
  /** The frame's work (update + draw) took `workMs`. */
  finished(workMs: number): void;
  /** Game time zero: the clock reading (ms) the algorithm starts from. Called once, before the first frame. */
  start(timeZeroMs: number): void;
}

const OWNER = 'simulate';
// The articles' dt: the unit of "steps" for algorithms without a step of their own.
const DEFAULT_STEP = 1 / 60;
const DEFAULT_MAX_STEPS = 5;

/** A loop that hands its updates the time since the last frame: the variable, smoothed and synced loops. */
abstract class DeltaDriver implements Driver {
  /** Game time on the picture, seconds. */
  protected gameSeconds = 0;
  readonly updateLateMaxMs = Number.NaN;
  private lastMs = 0;

  constructor(
    protected readonly updateCost: CostFunction,
    readonly stepMs = DEFAULT_STEP * 1000,
  ) {}

  holdVblanks(): number {
    return 1;
  }

  finished(_workMs: number): void {}

  start(timeZeroMs: number): void {
    this.lastMs = timeZeroMs;
  }

  abstract run(startMs: number, out: FrameWork): void;

  /** Seconds since the previous frame's reading (or game time zero); `startMs` becomes the previous. */
  protected sinceLastFrame(startMs: number): number {
    const dt = (startMs - this.lastMs) / 1000;
    this.lastMs = startMs;
    return dt;
  }
}

/** The naive loop: one update per frame with the real time since the last frame (clamped to `maxDelta`). */
class VariableDriver extends DeltaDriver {
  constructor(private readonly maxDelta: number, updateCost: CostFunction) {
    super(updateCost);
  }

  run(startMs: number, out: FrameWork): void {
    let dt = this.sinceLastFrame(startMs);
    if (dt > this.maxDelta) dt = this.maxDelta;
    this.gameSeconds += dt;
    out.sampleMs = startMs;
    out.endMs = startMs + this.updateCost(startMs);
    out.steps = 1;
    out.dtSeconds = dt;
    out.pictureSeconds = this.gameSeconds;
    out.droppedSeconds = 0;
  }
}

/** A fixed step: the due steps each frame, the picture placed by its interpolation. */
class FixedDriver implements Driver {
  readonly stepMs: number;
  updateLateMaxMs = 0;
  private originMs = 0;

  /**
   * With `reread`, the interpolating loop of "Timestepping": the update work moved the clock, so
   * the loop reads it again and runs what became due, up to `maxSteps`; the picture uses the last reading.
   */
  constructor(
    private readonly fixed: FixedStep,
    private readonly maxSteps: number,
    private readonly reread: boolean,
    private readonly updateCost: CostFunction,
  ) {
    this.stepMs = fixed.step * 1000;
  }

  holdVblanks(): number {
    return 1;
  }

  finished(_workMs: number): void {}

  start(timeZeroMs: number): void {
    this.originMs = timeZeroMs;
    this.fixed.advance(timeZeroMs);
  }

  run(startMs: number, out: FrameWork): void {
    let t = startMs;
    let sample = t;
    let steps = 0;
    let dropped = 0;
    let f: FixedStepFrame = this.fixed.advance(t);
    for (;;) {
      const n = f.steps;
      steps += n;
      dropped += f.droppedSeconds;
      for (let i = 0; i < n; i += 1) {
        this.noteLateness(f, f.totalSteps - n + 1 + i, t);
        t += this.updateCost(t);
      }
      if (!this.reread || n === 0 || steps >= this.maxSteps) break;
      sample = t;
      f = this.fixed.advance(t);
    }
    out.sampleMs = sample;
    out.endMs = t;
    out.steps = steps;
    out.dtSeconds = steps * this.fixed.step;
    out.pictureSeconds = f.pictureTime;
    out.droppedSeconds = dropped;
  }

  /** Step `index` starts at `startMs`: its grid time is game time zero + index steps + the time dropped so far. */
  private noteLateness(f: FixedStepFrame, index: number, startMs: number): void {
    const lateMs = startMs - this.originMs - (index * this.fixed.step + f.totalDroppedSeconds) * 1000;
    if (lateMs > this.updateLateMaxMs) this.updateLateMaxMs = lateMs;
  }
}

/** A fixed step whose pictures hold as many vblanks as the adaptive frame rate chooses. */
class AdaptiveDriver extends FixedDriver {
  constructor(
    private readonly rate: AdaptiveFramerate,
    fixed: FixedStep,
    maxSteps: number,
    reread: boolean,
    updateCost: CostFunction,
  ) {
    super(fixed, maxSteps, reread, updateCost);
  }

  override holdVblanks(): number {
    return this.rate.divisor;
  }

  override finished(workMs: number): void {
    this.rate.record(workMs / 1000);
  }
}

/** The delta smoother: one update per frame with the smoothed delta, or a fixed step fed by the smoothed clock. */
class SmoothedDriver extends DeltaDriver {
  constructor(
    private readonly smoother: DeltaSmoother,
    private readonly fixed: FixedStep | undefined,
    updateCost: CostFunction,
  ) {
    super(updateCost, (fixed ? fixed.step : DEFAULT_STEP) * 1000);
  }

  override start(timeZeroMs: number): void {
    super.start(timeZeroMs);
    this.fixed?.advance(0);
  }

  run(startMs: number, out: FrameWork): void {
    const dt = this.smoother.smooth(this.sinceLastFrame(startMs));
    this.gameSeconds += dt;
    out.sampleMs = startMs;
    if (this.fixed) {
      // The fixed step reads the smoothed game clock; its work happens in real time.
      const f = this.fixed.advance(this.gameSeconds * 1000);
      let t = startMs;
      for (let i = 0; i < f.steps; i += 1) t += this.updateCost(t);
      out.endMs = t;
      out.steps = f.steps;
      out.dtSeconds = f.steps * this.fixed.step;
      out.pictureSeconds = f.pictureTime;
      out.droppedSeconds = f.droppedSeconds;
    } else {
      out.endMs = dt > 0 ? startMs + this.updateCost(startMs) : startMs;
      out.steps = dt > 0 ? 1 : 0;
      out.dtSeconds = dt;
      out.pictureSeconds = this.gameSeconds;
      out.droppedSeconds = 0;
    }
  }
}

/** The refresh-synced slicer: one update per released slice. */
class SyncedDriver extends DeltaDriver {
  constructor(private readonly slicer: SyncedSlicer, updateCost: CostFunction) {
    super(updateCost);
  }

  run(startMs: number, out: FrameWork): void {
    const droppedBefore = this.slicer.droppedSeconds;
    const slices = this.slicer.advance(this.sinceLastFrame(startMs));
    let t = startMs;
    let dt = 0;
    for (const slice of slices) {
      dt += slice;
      t += this.updateCost(t);
    }
    this.gameSeconds += dt;
    out.sampleMs = startMs;
    out.endMs = t;
    out.steps = slices.length;
    out.dtSeconds = dt;
    out.pictureSeconds = this.gameSeconds;
    out.droppedSeconds = this.slicer.droppedSeconds - droppedBefore;
  }
}

// The second reading after the updates is the interpolating loop's; a prediction reads once.
function rereads(clock: ClockSampling, fixed: FixedStep): boolean {
  return clock === 'after-updates' && fixed.interpolation !== 'predicted';
}

function variableDriver(spec: VariableAlgorithm, updateCost: CostFunction): Driver {
  const maxDelta = checkValue(OWNER, 'option', 'algorithm.maxDelta', spec.maxDelta, positive(Infinity));
  return new VariableDriver(maxDelta, updateCost);
}

function fixedDriver(spec: FixedAlgorithm, clock: ClockSampling, updateCost: CostFunction): Driver {
  const maxSteps = spec.maxSteps ?? DEFAULT_MAX_STEPS;
  const fixed = createFixedStep({
    step: spec.step ?? DEFAULT_STEP,
    maxSteps,
    overload: spec.overload,
    interpolation: spec.interpolation,
    refreshRate: spec.refreshRate,
  });
  return new FixedDriver(fixed, maxSteps, rereads(clock, fixed), updateCost);
}

function smoothedDriver(spec: SmoothedAlgorithm, displayRate: number, updateCost: CostFunction): Driver {
  const smoother = createDeltaSmoother({
    refreshRate: spec.refreshRate ?? displayRate,
    maxLeadIntervals: spec.maxLeadIntervals,
    rounding: spec.rounding,
  });
  // With a step, the smoothed game clock (as a timestamp) drives a fixed step.
  const fixed =
    spec.step === undefined ? undefined : createFixedStep({ step: spec.step, interpolation: spec.interpolation ?? 'previous' });
  return new SmoothedDriver(smoother, fixed, updateCost);
}

function syncedDriver(spec: SyncedAlgorithm, displayRate: number, updateCost: CostFunction): Driver {
  const slicer = createSyncedSlicer({
    refreshRate: spec.refreshRate ?? displayRate,
    minFrameRate: spec.minFrameRate,
    overload: spec.overload,
    overloadThreshold: spec.overloadThreshold,
    rounding: spec.rounding,
  });
  return new SyncedDriver(slicer, updateCost);
}

function adaptiveDriver(spec: AdaptiveAlgorithm, displayRate: number, clock: ClockSampling, updateCost: CostFunction): Driver {
  const rate = createAdaptiveFramerate({
    refreshRate: spec.refreshRate ?? displayRate,
    upStep: spec.upStep,
    downStep: spec.downStep,
    maxThreshold: spec.maxThreshold,
    minThreshold: spec.minThreshold,
    maxDivisor: spec.maxDivisor,
  });
  const maxSteps = spec.maxSteps ?? DEFAULT_MAX_STEPS;
  const fixed = createFixedStep({
    step: spec.step ?? DEFAULT_STEP,
    maxSteps,
    interpolation: spec.interpolation ?? 'predicted',
  });
  return new AdaptiveDriver(rate, fixed, maxSteps, rereads(clock, fixed), updateCost);
}

/** The driver for `spec` on a `displayRate` Hz display; the core factories validate its options. */
export function createDriver(spec: AlgorithmSpec, displayRate: number, clock: ClockSampling, updateCost: CostFunction): Driver {
  if (typeof spec !== 'object' || spec === null) {
    throw new RangeError(`${OWNER}: option \`algorithm\` must be an object with a \`kind\`, got ${String(spec)}`);
  }
  switch (spec.kind) {
    case 'variable':
      return variableDriver(spec, updateCost);
    case 'fixed':
      return fixedDriver(spec, clock, updateCost);
    case 'smoothed':
      return smoothedDriver(spec, displayRate, updateCost);
    case 'synced':
      return syncedDriver(spec, displayRate, updateCost);
    case 'adaptive':
      return adaptiveDriver(spec, displayRate, clock, updateCost);
    case 'threads':
      return threadsDriver(spec, updateCost);
    default:
      throw new RangeError(
        `${OWNER}: option \`algorithm.kind\` must be one of 'variable', 'fixed', 'smoothed', 'synced', 'adaptive', 'threads', got ${JSON.stringify((spec as { kind?: unknown }).kind)}`,
      );
  }
}
