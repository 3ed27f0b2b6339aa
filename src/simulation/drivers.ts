// Each driver runs a core algorithm, unchanged, on the virtual clock as a game loop would.
import { createAdaptiveFramerate } from '../core/adaptiveFramerate.js';
import { createDeltaSmoother } from '../core/deltaSmoother.js';
import { createFixedStep } from '../core/fixedStep.js';
import { createSyncedSlicer } from '../core/syncedSlicer.js';
import type { FixedStep, FixedStepFrame, Interpolation } from '../core/types.js';
import { positiveNumber } from '../core/validate.js';
import type { CostFunction } from './cost.js';
import type { AlgorithmSpec, ClockSampling } from './types.js';

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
}

/** One algorithm on the virtual clock. */
export interface Driver {
  /** The unit of "in steps" metrics, ms. */
  readonly stepMs: number;
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

// With `reread`, the interpolating loop of "Timestepping": the update work moved the clock, so
// read it again and run what became due, up to `maxSteps`; the picture uses the last reading.
function runFixed(
  fixed: FixedStep,
  nowMs: number,
  reread: boolean,
  maxSteps: number,
  updateCost: CostFunction,
  out: FrameWork,
): void {
  let t = nowMs;
  let sample = t;
  let steps = 0;
  let dropped = 0;
  let f: FixedStepFrame = fixed.advance(t);
  for (;;) {
    const n = f.steps;
    steps += n;
    dropped += f.droppedSeconds;
    for (let i = 0; i < n; i += 1) t += updateCost(t);
    if (!reread || n === 0 || steps >= maxSteps) break;
    sample = t;
    f = fixed.advance(t);
  }
  out.sampleMs = sample;
  out.endMs = t;
  out.steps = steps;
  out.dtSeconds = steps * fixed.step;
  out.pictureSeconds = f.pictureTime;
  out.droppedSeconds = dropped;
}

function rereads(clock: ClockSampling, interpolation: Interpolation): boolean {
  return clock === 'after-updates' && interpolation !== 'predicted';
}

const one = (): number => 1;
const ignore = (): void => undefined;

/** The driver for `spec` on a `displayRate` Hz display; the core factories validate its options. */
export function createDriver(
  spec: AlgorithmSpec,
  displayRate: number,
  clock: ClockSampling,
  updateCost: CostFunction,
): Driver {
  if (typeof spec !== 'object' || spec === null) {
    throw new RangeError(`${OWNER}: option \`algorithm\` must be an object with a \`kind\`, got ${String(spec)}`);
  }
  switch (spec.kind) {
    case 'variable': {
      const maxDelta = spec.maxDelta === undefined ? Infinity : positiveNumber(OWNER, 'algorithm.maxDelta', spec.maxDelta);
      let lastMs = 0;
      let gameSeconds = 0;
      return {
        stepMs: DEFAULT_STEP * 1000,
        holdVblanks: one,
        finished: ignore,
        start(timeZeroMs) {
          lastMs = timeZeroMs;
        },
        run(startMs, out) {
          let dt = (startMs - lastMs) / 1000;
          lastMs = startMs;
          if (dt > maxDelta) dt = maxDelta;
          gameSeconds += dt;
          out.sampleMs = startMs;
          out.endMs = startMs + updateCost(startMs);
          out.steps = 1;
          out.dtSeconds = dt;
          out.pictureSeconds = gameSeconds;
          out.droppedSeconds = 0;
        },
      };
    }
    case 'fixed': {
      const maxSteps = spec.maxSteps ?? 5;
      const fixed = createFixedStep({
        step: spec.step ?? DEFAULT_STEP,
        maxSteps,
        overload: spec.overload,
        interpolation: spec.interpolation,
        refreshRate: spec.refreshRate,
      });
      const reread = rereads(clock, fixed.interpolation);
      return {
        stepMs: fixed.step * 1000,
        holdVblanks: one,
        finished: ignore,
        start(timeZeroMs) {
          fixed.advance(timeZeroMs);
        },
        run(startMs, out) {
          runFixed(fixed, startMs, reread, maxSteps, updateCost, out);
        },
      };
    }
    case 'smoothed': {
      const smoother = createDeltaSmoother({
        refreshRate: spec.refreshRate ?? displayRate,
        maxLeadIntervals: spec.maxLeadIntervals,
        rounding: spec.rounding,
      });
      // With a step, the smoothed game clock (as a timestamp) drives a fixed step.
      const fixed =
        spec.step === undefined
          ? undefined
          : createFixedStep({ step: spec.step, interpolation: spec.interpolation ?? 'previous' });
      let lastMs = 0;
      let gameSeconds = 0;
      return {
        stepMs: (fixed ? fixed.step : DEFAULT_STEP) * 1000,
        holdVblanks: one,
        finished: ignore,
        start(timeZeroMs) {
          lastMs = timeZeroMs;
          fixed?.advance(0);
        },
        run(startMs, out) {
          const dt = smoother.smooth((startMs - lastMs) / 1000);
          lastMs = startMs;
          gameSeconds += dt;
          if (fixed) {
            // The fixed step reads the smoothed game clock; its work happens in real time.
            const f = fixed.advance(gameSeconds * 1000);
            let t = startMs;
            for (let i = 0; i < f.steps; i += 1) t += updateCost(t);
            out.endMs = t;
            out.steps = f.steps;
            out.dtSeconds = f.steps * fixed.step;
            out.pictureSeconds = f.pictureTime;
            out.droppedSeconds = f.droppedSeconds;
          } else {
            out.endMs = dt > 0 ? startMs + updateCost(startMs) : startMs;
            out.steps = dt > 0 ? 1 : 0;
            out.dtSeconds = dt;
            out.pictureSeconds = gameSeconds;
            out.droppedSeconds = 0;
          }
          out.sampleMs = startMs;
        },
      };
    }
    case 'synced': {
      const slicer = createSyncedSlicer({
        refreshRate: spec.refreshRate ?? displayRate,
        minFrameRate: spec.minFrameRate,
        overload: spec.overload,
        overloadThreshold: spec.overloadThreshold,
        rounding: spec.rounding,
      });
      let lastMs = 0;
      let gameSeconds = 0;
      return {
        stepMs: DEFAULT_STEP * 1000,
        holdVblanks: one,
        finished: ignore,
        start(timeZeroMs) {
          lastMs = timeZeroMs;
        },
        run(startMs, out) {
          const droppedBefore = slicer.droppedSeconds;
          const slices = slicer.advance((startMs - lastMs) / 1000);
          lastMs = startMs;
          let t = startMs;
          let dt = 0;
          for (let i = 0; i < slices.length; i += 1) {
            dt += slices[i] as number;
            t += updateCost(t);
          }
          gameSeconds += dt;
          out.sampleMs = startMs;
          out.endMs = t;
          out.steps = slices.length;
          out.dtSeconds = dt;
          out.pictureSeconds = gameSeconds;
          out.droppedSeconds = slicer.droppedSeconds - droppedBefore;
        },
      };
    }
    case 'adaptive': {
      const rate = createAdaptiveFramerate({
        refreshRate: spec.refreshRate ?? displayRate,
        upStep: spec.upStep,
        downStep: spec.downStep,
        maxThreshold: spec.maxThreshold,
        minThreshold: spec.minThreshold,
        maxDivisor: spec.maxDivisor,
      });
      const maxSteps = spec.maxSteps ?? 5;
      const fixed = createFixedStep({
        step: spec.step ?? DEFAULT_STEP,
        maxSteps,
        interpolation: spec.interpolation ?? 'predicted',
      });
      const reread = rereads(clock, fixed.interpolation);
      return {
        stepMs: fixed.step * 1000,
        start(timeZeroMs) {
          fixed.advance(timeZeroMs);
        },
        holdVblanks: () => rate.divisor,
        finished(workMs) {
          rate.record(workMs / 1000);
        },
        run(startMs, out) {
          runFixed(fixed, startMs, reread, maxSteps, updateCost, out);
        },
      };
    }
    default:
      throw new RangeError(
        `${OWNER}: option \`algorithm.kind\` must be one of 'variable', 'fixed', 'smoothed', 'synced', 'adaptive', got ${JSON.stringify((spec as { kind?: unknown }).kind)}`,
      );
  }
}
