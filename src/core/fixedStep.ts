// Fixed timestep with interpolated draws (Peter Sundqvist, "Timestepping"): options and the engine
// here, the per-frame decision in fixedStepAdvance.ts, the game clock in fixedStepClock.ts.
import { createVblankCounter } from './counting.js';
import { advanceFixedStep, FIXED_STEP_SNAP_STEPS, unrunSteps, type FixedStepState } from './fixedStepAdvance.js';
import { clockPaused, createGameClock, pauseClock, resumeClock, setClockScale } from './fixedStepClock.js';
import type { FixedStep, FixedStepFrame, FixedStepOptions, FixedStepOverload, Interpolation } from './types.js';
import { integerAtLeast, nonNegativeNumber, oneOf, optionsObject, positiveNumber, timeScaleValue, withDefault } from './validate.js';

export { FIXED_STEP_SNAP_STEPS };

const OWNER = 'createFixedStep';

/** The `interpolation` values, for every check of that option. @internal */
export const INTERPOLATIONS: readonly Interpolation[] = ['none', 'previous', 'ahead', 'predicted'];
/** The `overload` values of a fixed step, for every check of that option. @internal */
export const OVERLOADS: readonly FixedStepOverload[] = ['slow-motion', 'catch-up'];
const KNOWN_OPTIONS = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'boundaryTolerance', 'refreshRate'];

/** Sundqvist, "Timestepping": "a maximum of 5 [updates] before a draw is done". */
export const DEFAULT_MAX_STEPS = 5;

/** Default `boundaryTolerance`, in steps: Sundqvist suggests moving the update condition by about 5 % of dt. */
export const DEFAULT_BOUNDARY_TOLERANCE = 0.05;

/** The smallest `step`, seconds: 5e-324 gave NaN alpha, and tiny steps reach 2^53 steps in hours. */
export const MIN_STEP_SECONDS = 1e-6;

/** `value` as a `step` (≥ {@link MIN_STEP_SECONDS}), else a RangeError naming `owner`, the option and the value. @internal */
export function stepValue(owner: string, value: unknown): number {
  positiveNumber(owner, 'step', value);
  if ((value as number) < MIN_STEP_SECONDS) {
    throw new RangeError(`${owner}: option \`step\` must be a finite number >= ${MIN_STEP_SECONDS} (seconds), got ${String(value)}`);
  }
  return value as number;
}

function refreshRateOption(value: unknown): number {
  return value === undefined ? NaN : positiveNumber(OWNER, 'refreshRate', value);
}

/** 0 is refused: a fixed step needs time to flow. */
function timeScaleOption(value: unknown): number {
  return timeScaleValue(OWNER, 'timeScale', value, false);
}

/** The decision before time zero. A literal per object (not a spread of a shared constant: see docs/performance.md). */
function frameAtZero(): FixedStepFrame {
  return { steps: 0, alpha: 1, droppedSeconds: 0, totalSteps: 0, pictureTime: 0, elapsedGameSeconds: 0, pendingSeconds: 0, totalDroppedSeconds: 0 };
}

/** Back to the decision before time zero (also the fixed clock's stats). @internal */
export function clearFixedStepFrame(frame: FixedStepFrame): void {
  Object.assign(frame, frameAtZero());
}

/**
 * Create a fixed timestep counted in integer steps from the first `advance` (time zero): each
 * `advance(nowMs)` says how many steps to run and the `alpha` to draw with. A NaN, infinite,
 * repeated or backwards `nowMs` moves no game time. See docs/core.md, "createFixedStep".
 */
export function createFixedStep(options: FixedStepOptions): FixedStep {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  const step = stepValue(OWNER, opts.step);
  const maxSteps = integerAtLeast(OWNER, 'maxSteps', withDefault(opts.maxSteps, DEFAULT_MAX_STEPS), 1);
  const overload = oneOf(OWNER, 'overload', withDefault(opts.overload, 'slow-motion'), OVERLOADS);
  const interpolation = oneOf(OWNER, 'interpolation', withDefault(opts.interpolation, 'previous'), INTERPOLATIONS);
  const timeScale = timeScaleOption(withDefault(opts.timeScale, 1));
  const boundaryTolerance = nonNegativeNumber(OWNER, 'boundaryTolerance', withDefault(opts.boundaryTolerance, DEFAULT_BOUNDARY_TOLERANCE));
  // At 0.5 every count would round to the nearest whole number and 'ahead' would no longer run ahead.
  if (boundaryTolerance >= 0.5) {
    throw new RangeError(`${OWNER}: option \`boundaryTolerance\` must be a number >= 0 and < 0.5 (steps), got ${boundaryTolerance}`);
  }
  return createFixedStepEngine(step, maxSteps, overload, interpolation, timeScale, boundaryTolerance, refreshRateOption(opts.refreshRate)).fixed;
}

/**
 * A fixed step fed every frame (the fixed clock): write `nowMs` and `predictedPresentMs` (NaN: none),
 * then `advance()` (fields, not arguments: docs/performance.md). `unrun(n)`: the frame's last `n`
 * steps did not run and stay due. @internal
 */
export interface FixedStepEngine {
  readonly fixed: FixedStep;
  nowMs: number;
  predictedPresentMs: number;
  advance(): FixedStepFrame;
  unrun(steps: number): void;
  /** Time zero at `nowMs`, the game clock already at `gameMs` (a grid that carries game time over). */
  startAt(nowMs: number, gameMs: number): void;
}

/** {@link createFixedStep} from settings already checked, as an engine. `refreshRate`: Hz, or NaN for raw timestamps. @internal */
export function createFixedStepEngine(
  step: number,
  maxSteps: number,
  overload: FixedStepOverload,
  interpolation: Interpolation,
  timeScale: number,
  boundaryTolerance: number,
  refreshRate: number,
): FixedStepEngine {
  const s: FixedStepState = {
    clock: createGameClock(timeScale),
    frame: frameAtZero(),
    step,
    stepMs: step * 1000,
    maxSteps,
    slowMotion: overload === 'slow-motion',
    interpolation,
    // The float-noise margin keeps r exactly `boundaryTolerance` from a boundary inside it.
    toleranceSteps: boundaryTolerance > 0 ? boundaryTolerance + FIXED_STEP_SNAP_STEPS : 0,
    predictedPresentMs: NaN,
    totalSteps: 0,
    droppedSteps: 0,
    stepPending: false,
    lastIntervalMs: 0,
    previousIntervalMs: 0,
    leadGameMs: 0,
    lastPhase: NaN,
    vblanks: createVblankCounter(refreshRate),
    gridPending: true,
    lastRawMs: 0,
    gridOriginMs: 0,
    gridVblanks: 0,
  };
  const clock = s.clock;
  const fixed: FixedStep = {
    advance(nowMs: number, predictedPresentMs?: number): FixedStepFrame {
      // Anything but a finite number (a string too) is ignored.
      clock.inputMs = Number.isFinite(nowMs) ? nowMs : NaN;
      s.predictedPresentMs = Number.isFinite(predictedPresentMs) ? predictedPresentMs! : NaN;
      return advanceFixedStep(s);
    },
    pause: (nowMs?: number) => pauseClock(clock, nowMs),
    resume(nowMs?: number): void {
      s.stepPending = false;
      resumeClock(clock, nowMs);
    },
    get paused(): boolean {
      return clockPaused(clock);
    },
    setTimeScale: (next: number, nowMs?: number) => setClockScale(clock, timeScaleOption(next), nowMs),
    get timeScale(): number {
      return clock.scale;
    },
    get step(): number {
      return step;
    },
    get interpolation(): Interpolation {
      return s.interpolation;
    },
    setInterpolation(next: Interpolation): void {
      s.interpolation = oneOf(OWNER, 'interpolation', next, INTERPOLATIONS);
    },
    setRefreshRate(next: number | undefined): void {
      const rate = refreshRateOption(next);
      // Object.is: NaN (raw timestamps) equals NaN.
      if (!Object.is(rate, s.vblanks.refreshRate)) {
        s.vblanks.refreshRate = rate;
        s.gridPending = true;
      }
    },
    get refreshRate(): number | undefined {
      const rate = s.vblanks.refreshRate;
      return Number.isNaN(rate) ? undefined : rate;
    },
    stepOnce(): void {
      if (clockPaused(clock)) s.stepPending = true;
    },
    reset(): void {
      // The next advance is time zero again; the scale and the pause state are kept.
      clock.started = false;
      s.stepPending = false;
      clearFixedStepFrame(s.frame);
    },
    get frame(): FixedStepFrame {
      return s.frame;
    },
  };
  const engine: FixedStepEngine = {
    fixed,
    nowMs: NaN,
    predictedPresentMs: NaN,
    advance(): FixedStepFrame {
      clock.inputMs = engine.nowMs;
      s.predictedPresentMs = engine.predictedPresentMs;
      return advanceFixedStep(s);
    },
    unrun: (steps: number) => unrunSteps(s, steps),
    startAt(nowMs: number, gameMs: number): void {
      clock.inputMs = nowMs;
      s.predictedPresentMs = NaN;
      advanceFixedStep(s);
      clock.scaledBaseMs = clock.gameMs = gameMs;
    },
  };
  return engine;
}
