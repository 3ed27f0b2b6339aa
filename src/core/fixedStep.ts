/**
 * Fixed timestep with interpolated draws (Peter Sundqvist, "Timestepping"): the game is updated in
 * whole steps of `step` seconds and the picture blends the last two states with `alpha`.
 *
 * Steps are counted as integers from time zero (Sundqvist, "Timestepping", "practical considerations"): each frame
 * computes how many steps are due since the start, `r = gameTime / step`, and runs the difference
 * to the steps already run. Nothing is accumulated frame by frame, so there is no drift after
 * 24 hours and no 0/2-step stutter from float noise on a display whose rate equals the step; the
 * boundary tolerance keeps timestamp jitter from causing one.
 */
import {
  CLOCK_GAME_MS,
  CLOCK_HALTED,
  CLOCK_INPUT_MS,
  CLOCK_LAST_MS,
  CLOCK_SCALE,
  CLOCK_STARTED,
  clockPaused,
  createFixedStepState,
  GRID_ORIGIN_MS,
  GRID_VBLANKS,
  LAST_INTERVAL_MS,
  LAST_PHASE,
  LAST_RAW_MS,
  LEAD_GAME_MS,
  pauseClock,
  PREDICTED_PRESENT_MS,
  PREVIOUS_INTERVAL_MS,
  resumeClock,
  setClockScale,
  startClock,
  tickClock,
} from './fixedStepClock.js';
import { countVblanks, createVblankState, resetVblanks, VBLANK_INPUT, VBLANK_RATE } from './counting.js';
import type { FixedStep, FixedStepFrame, FixedStepOptions, FixedStepOverload, Interpolation } from './types.js';
import { integerAtLeast, nonNegativeNumber, oneOf, optionsObject, positiveNumber, timeScaleValue, withDefault } from './validate.js';

const OWNER = 'createFixedStep';

/**
 * The `interpolation` values, for every check of that option (the fixed step, the fixed clock,
 * the hooks and components). Internal: not exported from the package entries.
 * @internal
 */
export const INTERPOLATIONS: readonly Interpolation[] = ['none', 'previous', 'ahead', 'predicted'];
/**
 * The `overload` values of a fixed step, for every check of that option.
 * @internal
 */
export const OVERLOADS: readonly FixedStepOverload[] = ['slow-motion', 'catch-up'];
const KNOWN_OPTIONS = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'boundaryTolerance', 'refreshRate'];

/** Sundqvist, "Timestepping": "a maximum of 5 [updates] before a draw is done". */
export const DEFAULT_MAX_STEPS = 5;

/**
 * Step counts this close to a whole number (in steps) are taken as that number before floor/ceil.
 * On a 60 Hz display with a 1/60 s step, frame n is at n × 16.666… ms and `n × 1000/60 / (1000/60)`
 * can come out as n − 1e-15: flooring that would give 0 steps now and 2 next frame. 1e-7 of a
 * step (1.7 ns at 60 Hz) is far above float noise even after 24 h (about 1e-9 steps) and far below
 * any real timestamp resolution (browsers give 5 µs at best).
 */
export const FIXED_STEP_SNAP_STEPS = 1e-7;

/**
 * Default `boundaryTolerance`, in steps. Sundqvist's "Timestepping" suggests moving the update
 * condition by about 5 % of dt so that a draw does not set out when an update is a hair away.
 */
export const DEFAULT_BOUNDARY_TOLERANCE = 0.05;

/** The `refreshRate` option (also `setRefreshRate`): a rate in Hz, or NaN for undefined (raw timestamps). */
function refreshRateOption(value: unknown): number {
  return value === undefined ? NaN : positiveNumber(OWNER, 'refreshRate', value);
}

/** The `timeScale` option (also `setTimeScale`): 0 is refused, a fixed step needs time to flow. */
function timeScaleOption(value: unknown): number {
  return timeScaleValue(OWNER, 'timeScale', value, false);
}

/**
 * The decision before time zero: no steps, alpha 1, nothing elapsed, pending or dropped. A new
 * object from one literal each time, not a spread of a shared constant: objects cloned from one
 * constant share its map, and once one frame writes a fractional alpha the others (and the
 * constant) need another, which turned the per-frame writes in `advance` polymorphic (measured
 * in Node 20: `advance` a third slower with three fixed steps alive).
 */
function frameAtZero(): FixedStepFrame {
  return {
    steps: 0,
    alpha: 1,
    droppedSeconds: 0,
    totalSteps: 0,
    pictureTime: 0,
    elapsedGameSeconds: 0,
    pendingSeconds: 0,
    totalDroppedSeconds: 0,
  };
}

/**
 * Back to the decision before time zero ({@link frameAtZero}). Shared with the fixed clock's
 * live stats, which carry the same fields (and getters of their own, which this leaves alone).
 * @internal
 */
export function clearFixedStepFrame(frame: FixedStepFrame): void {
  Object.assign(frame, frameAtZero());
}

/**
 * Create a fixed timestep counted in integer steps from the first `advance`.
 *
 * Each `advance(nowMs)` computes the game clock G (real time since time zero × `timeScale`,
 * integrated over scale changes and pauses), the number of steps that should exist by now, and
 * how many of them to run this frame (at most `maxSteps`). `interpolation` picks which game time
 * the picture shows; `overload` what happens when more than `maxSteps` steps are due.
 *
 * `boundaryTolerance` (default 0.05 step): where the step count is within that much of the
 * boundary at which it jumps, one step early or late is allowed too, and the choice sticks to last
 * frame's side. A display at the step's rate (vblanks right on step boundaries) then runs one step
 * per frame under timestamp jitter of up to ± tolerance × step, instead of a 0/2 pattern. Price:
 * the state and the picture (alpha clamped) at most tolerance × step from plain floor/ceil; exact
 * inputs whose offset moves by whole fractions of a step (75, 120, 144 Hz) are never moved.
 *
 * Bad input never moves game time: a NaN or infinite `nowMs` is ignored, and a timestamp that
 * repeats or goes backwards counts as no time passing; both return the previous frame with
 * `steps` and `droppedSeconds` set to 0.
 *
 * @example
 * ```ts
 * const fixed = createFixedStep({ step: 1 / 60 });
 * function frame(nowMs: number) {
 *   const f = fixed.advance(nowMs);
 *   for (let i = 0; i < f.steps; i++) { previous = current; current = update(current, fixed.step); }
 *   draw(lerp(previous, current, f.alpha));
 *   requestAnimationFrame(frame);
 * }
 * requestAnimationFrame(frame);
 * ```
 * @throws RangeError naming the option when an option is missing, of the wrong type, not finite,
 *   not positive, not a whole number (`maxSteps`), outside [0, 0.5) (`boundaryTolerance`) or not
 *   one of the allowed strings.
 */
export function createFixedStep(options: FixedStepOptions): FixedStep {
  const opts = optionsObject(OWNER, options, true, KNOWN_OPTIONS);
  const step = positiveNumber(OWNER, 'step', opts.step);
  const maxSteps = integerAtLeast(OWNER, 'maxSteps', withDefault(opts.maxSteps, DEFAULT_MAX_STEPS), 1);
  const overload = oneOf(OWNER, 'overload', withDefault(opts.overload, 'slow-motion'), OVERLOADS);
  const interpolation = oneOf(OWNER, 'interpolation', withDefault(opts.interpolation, 'previous'), INTERPOLATIONS);
  const timeScale = timeScaleOption(withDefault(opts.timeScale, 1));
  const boundaryTolerance = nonNegativeNumber(OWNER, 'boundaryTolerance', withDefault(opts.boundaryTolerance, DEFAULT_BOUNDARY_TOLERANCE));
  // It must stay below half a step: at 0.5 every count would round to the nearest whole number
  // and 'ahead' would no longer run ahead of the clock.
  if (boundaryTolerance >= 0.5) {
    throw new RangeError(`${OWNER}: option \`boundaryTolerance\` must be a number >= 0 and < 0.5 (steps), got ${boundaryTolerance}`);
  }
  return fixedStepParts(step, maxSteps, overload, interpolation, timeScale, boundaryTolerance, refreshRateOption(opts.refreshRate))[0];
}

/**
 * {@link createFixedStep} from settings already checked (the fixed clock checks its own, with its
 * own name: checking them again here would only add bytes), returned with its state and an
 * advance that takes the frame's timestamp and predicted present from the state's
 * `CLOCK_INPUT_MS` and `PREDICTED_PRESENT_MS` slots (NaN: none) instead of arguments. For the
 * fixed clock, which feeds a fresh timestamp every frame: a fresh double passed to a call V8 does
 * not inline (advance is too big) is boxed, two allocations a frame; a typed-array slot is written
 * in place. `refreshRate`: Hz, or NaN for raw timestamps.
 * @internal
 */
export function fixedStepParts(
  step: number,
  maxSteps: number,
  overload: FixedStepOverload,
  interpolation: Interpolation,
  timeScale: number,
  boundaryTolerance: number,
  refreshRate: number,
): [FixedStep, Float64Array, () => FixedStepFrame] {
  /**
   * Fractional state written every frame lives in a Float64Array: V8 boxes a fractional number
   * written to a closure `let` on every write, which would allocate once per frame. Slots (see
   * fixedStepClock.ts): the game clock; the last two real frame intervals (ms, for the default
   * prediction of the next present), the game ms between the clock and the predicted present on
   * the last running frame ('predicted'), r past the last boundary counted on the last frame
   * (steps; negative: counted early), and the vblank grid. Time zero (the first advance, also
   * after a reset) zeroes the intervals and the lead, starts a new grid and ignores the last
   * phase, so a reset only has to mark the clock as not started.
   */
  const state = createFixedStepState(timeScale);
  // The float-noise margin is added so r exactly `boundaryTolerance` below a boundary is inside
  // whatever its last bit.
  const toleranceSteps = boundaryTolerance > 0 ? boundaryTolerance + FIXED_STEP_SNAP_STEPS : 0;
  const stepMs = step * 1000;
  const slowMotion = overload === 'slow-motion';
  /** The vblank grid needs a new origin at the next frame (rate change; the first frame after time zero or a reset always starts one). */
  let gridPending = true;
  /** The vblank grid's counter; its VBLANK_RATE is the display rate timestamps are snapped to, Hz (NaN: raw timestamps). */
  const vblanks = createVblankState(refreshRate);

  /** Steps run since time zero (an integer; zeroed at time zero). */
  let totalSteps = 0;
  /** Steps thrown away by 'slow-motion' since time zero (an integer; zeroed at time zero). */
  let droppedSteps = 0;
  /** `stepOnce()` was called while paused: the next advance runs one step. */
  let stepPending = false;

  const frame = frameAtZero();

  /** The previous decision again, with nothing to run and nothing dropped. */
  function idle(): FixedStepFrame {
    frame.steps = 0;
    frame.droppedSeconds = 0;
    return frame;
  }

  /** The frame at `state[CLOCK_INPUT_MS]` (see {@link createFixedStepParts}). */
  function advanceFromSlots(): FixedStepFrame {
    // The frame's time lives in `state[CLOCK_INPUT_MS]`: it may be replaced (snapped to the vblank
    // grid, or the last timestamp for a single step), and a fresh double in a local that is passed
    // on would be boxed, an allocation per frame.
    const nowMs = state[CLOCK_INPUT_MS]!;
    if (!Number.isFinite(nowMs)) return idle();
    const starting = !state[CLOCK_STARTED];
    const rate = vblanks[VBLANK_RATE]!;
    if (rate === rate) {
      // Place the frame on the display's vblank grid: the grid's origin plus the whole vblanks
      // counted since, each frame's delta rounded to the nearest whole interval around the
      // stream's phase. Written out here, not in a helper: V8 boxes doubles at call boundaries it
      // does not inline, which showed up as 16–32 bytes a frame in some runs.
      if (gridPending || starting) {
        // A new grid: from time zero at this frame, else from the last frame (a rate change),
        // with the vblanks since counted (none at time zero: a fresh counter given 0 stays fresh).
        gridPending = false;
        resetVblanks(vblanks);
        state[GRID_ORIGIN_MS] = starting ? nowMs : state[CLOCK_LAST_MS]!;
        state[LAST_RAW_MS] = nowMs;
        vblanks[VBLANK_INPUT] = ((nowMs - state[GRID_ORIGIN_MS]!) * rate) / 1000;
        state[GRID_VBLANKS] = countVblanks(vblanks);
      } else if (nowMs > state[LAST_RAW_MS]!) {
        // (A timestamp that repeats or goes backwards counts no vblank, and is idle below.)
        // snapToWhole written out: calling it here (not always inlined) boxed `intervals`, 16
        // bytes a frame in the fixed clock's allocation test.
        const intervals = ((nowMs - state[LAST_RAW_MS]!) * rate) / 1000;
        const whole = Math.round(intervals);
        vblanks[VBLANK_INPUT] = Math.abs(intervals - whole) <= FIXED_STEP_SNAP_STEPS ? whole : intervals;
        state[GRID_VBLANKS] = state[GRID_VBLANKS]! + countVblanks(vblanks);
        state[LAST_RAW_MS] = nowMs;
      }
      state[CLOCK_INPUT_MS] = state[GRID_ORIGIN_MS]! + (state[GRID_VBLANKS]! * 1000) / rate;
    }
    const stepping = stepPending;
    if (starting) {
      // Time zero (the first advance, or the first after a reset): everything counted from here.
      startClock(state);
      totalSteps = 0;
      droppedSteps = 0;
      // The last two intervals and the lead (three slots in a row).
      state.fill(0, LAST_INTERVAL_MS, LEAD_GAME_MS + 1);
    } else {
      const intervalMs = state[CLOCK_INPUT_MS]! - state[CLOCK_LAST_MS]!;
      if (intervalMs > 0) {
        state[PREVIOUS_INTERVAL_MS] = state[LAST_INTERVAL_MS]!;
        state[LAST_INTERVAL_MS] = intervalMs;
      } else {
        // No time passed (a repeat, or a clock that went backwards). Only an explicit
        // stepOnce() still runs, at the last timestamp.
        if (!stepping) return idle();
        state[CLOCK_INPUT_MS] = state[CLOCK_LAST_MS]!;
      }
    }
    stepPending = false;

    tickClock(state, stepping ? stepMs : 0);
    const gameMs = state[CLOCK_GAME_MS]!;
    const frozen = state[CLOCK_HALTED];

    // The game time the step count aims for: the clock, or for 'predicted' the clock at the
    // predicted present. While frozen the lead is kept, so a paused picture does not move.
    let referenceMs = gameMs;
    if (interpolation === 'predicted') {
      if (!frozen) {
        // Real ms from now to the present of the picture drawn now: the caller's prediction, else
        // the shorter of the last two frame intervals (one long frame, a hitch or a missed vblank,
        // must not throw the prediction a whole hitch ahead, which would run or drop a burst of
        // steps and then freeze until time caught up). Inline, not a helper: a double returned
        // from a call V8 does not inline is boxed, an allocation per frame.
        let leadMs: number;
        const predictedPresentMs = state[PREDICTED_PRESENT_MS]!;
        if (Number.isFinite(predictedPresentMs)) {
          leadMs = predictedPresentMs - state[CLOCK_INPUT_MS]!;
        } else {
          const lastMs = state[LAST_INTERVAL_MS]!;
          const previousMs = state[PREVIOUS_INTERVAL_MS]!;
          leadMs = previousMs > 0 && previousMs < lastMs ? previousMs : lastMs;
        }
        // A present in the past is "now": the state never aims behind the clock.
        state[LEAD_GAME_MS] = leadMs > 0 ? leadMs * state[CLOCK_SCALE]! : 0;
      }
      referenceMs += state[LEAD_GAME_MS]!;
    } else {
      state[LEAD_GAME_MS] = 0;
    }

    // r: steps due since time zero, as a ratio (never a running float sum), less the dropped steps.
    // snapToWhole written out, like the grid's count above: its fractional argument was boxed, 16
    // bytes a frame, where V8 compiled advance without inlining it.
    const ratio = referenceMs / stepMs;
    const wholeRatio = Math.round(ratio);
    const position = (Math.abs(ratio - wholeRatio) <= FIXED_STEP_SNAP_STEPS ? wholeRatio : ratio) - droppedSteps;
    const aimsAhead = interpolation === 'ahead' || interpolation === 'predicted';
    // The count the mode asks for: floor(r), or ceil(r) when aiming ahead.
    const natural = aimsAhead ? Math.ceil(position) : Math.floor(position);
    // Boundary tolerance (Sundqvist's "Timestepping": do not set out on a draw when an update is a
    // hair away). `offset` = r − count: in [0, 1) for floor, (−1, 0] for ceil. Where r is within
    // `boundaryTolerance` of the boundary at which the count jumps, the neighbouring count is
    // allowed too (its offset at most `boundaryTolerance` outside that range: one step early or
    // late), and the count whose offset is nearest last frame's wins, provided last frame was
    // within twice the tolerance of it (the jitter band). A display at the step's rate has the same
    // offset every frame give or take the jitter, so the count keeps to one side of the boundary
    // instead of flipping between neighbours (0 steps one frame, 2 the next). Exact inputs whose
    // offset moves by whole fractions (75 Hz: 0.8, 0.6 …) are never moved, and time zero, on a
    // boundary by definition, leaves no offset to stick to (NaN; the slot is stale on time zero
    // itself, after a reset).
    let target = natural;
    const lastOffset = state[LAST_PHASE]!;
    if (toleranceSteps > 0 && !starting && lastOffset === lastOffset) {
      // Both bounds computed on every path: `aimsAhead ? toleranceSteps : 1 + toleranceSteps` merged
      // a closure constant (a heap number) with a fresh double, and V8 (11.3) boxed the fresh one,
      // 16 bytes a frame once the optimised code had seen both modes.
      const lowest = (aimsAhead ? -1 : 0) - toleranceSteps;
      const highest = (aimsAhead ? 0 : 1) + toleranceSteps;
      let nearest = Math.abs(position - natural - lastOffset) - FIXED_STEP_SNAP_STEPS;
      const late = position - (natural - 1);
      const lateDistance = Math.abs(late - lastOffset);
      if (late <= highest && lateDistance <= 2 * toleranceSteps && lateDistance < nearest) {
        target = natural - 1;
        nearest = lateDistance;
      }
      const early = position - (natural + 1);
      const earlyDistance = Math.abs(early - lastOffset);
      if (early >= lowest && earlyDistance <= 2 * toleranceSteps && earlyDistance < nearest) target = natural + 1;
    }
    // Time zero sits on a boundary by definition: it says nothing about which side later frames
    // fall on, so it leaves no offset to stick to.
    state[LAST_PHASE] = starting ? NaN : position - target;
    const want = target > totalSteps ? target - totalSteps : 0;

    let run: number;
    let dropped = 0;
    if (stepping) {
      run = want < 1 ? want : 1;
    } else if (frozen) {
      run = 0;
    } else {
      run = want < maxSteps ? want : maxSteps;
      if (want > run && slowMotion) dropped = want - run;
    }
    totalSteps += run;
    droppedSteps += dropped;

    // alpha places the picture between state totalSteps − 1 (alpha 0) and totalSteps (alpha 1).
    // Behind in 'catch-up' (steps still owed) every formula exceeds 1 and clamps: the latest state.
    // The true position is used, so the boundary tolerance only clamps: a step run early leaves
    // alpha at 0 (the picture leads its target by at most tolerance × step).
    const shown = position - dropped;
    let alpha = interpolation === 'none' ? 1 : interpolation === 'previous' ? shown - totalSteps : shown - totalSteps + 1;
    if (alpha > 1) alpha = 1;
    else if (alpha < 0) alpha = 0;

    const elapsedGameSeconds = gameMs / 1000;
    const totalDroppedSeconds = droppedSteps * step;
    frame.steps = run;
    frame.alpha = alpha;
    frame.droppedSeconds = dropped * step;
    frame.totalSteps = totalSteps;
    frame.pictureTime = (totalSteps - 1 + alpha) * step;
    frame.elapsedGameSeconds = elapsedGameSeconds;
    frame.totalDroppedSeconds = totalDroppedSeconds;
    frame.pendingSeconds = elapsedGameSeconds - totalSteps * step - totalDroppedSeconds;
    return frame;
  }

  const fixedStep: FixedStep = {
    advance(nowMs: number, predictedPresentMs?: number): FixedStepFrame {
      // Anything but a finite number (a string too) is ignored: NaN in the slot.
      state[CLOCK_INPUT_MS] = Number.isFinite(nowMs) ? nowMs : NaN;
      state[PREDICTED_PRESENT_MS] = Number.isFinite(predictedPresentMs) ? predictedPresentMs! : NaN;
      return advanceFromSlots();
    },
    pause(nowMs?: number): void {
      pauseClock(state, nowMs);
    },
    resume(nowMs?: number): void {
      stepPending = false;
      resumeClock(state, nowMs);
    },
    get paused(): boolean {
      return clockPaused(state);
    },
    setTimeScale(timeScale: number, nowMs?: number): void {
      setClockScale(state, timeScaleOption(timeScale), nowMs);
    },
    get timeScale(): number {
      return state[CLOCK_SCALE]!;
    },
    get step(): number {
      return step;
    },
    get interpolation(): Interpolation {
      return interpolation;
    },
    setInterpolation(next: Interpolation): void {
      interpolation = oneOf(OWNER, 'interpolation', next, INTERPOLATIONS);
    },
    setRefreshRate(next: number | undefined): void {
      const rate = refreshRateOption(next);
      // Object.is: NaN (raw timestamps) equals NaN; rates are never ±0.
      if (!Object.is(rate, vblanks[VBLANK_RATE])) {
        vblanks[VBLANK_RATE] = rate;
        gridPending = true;
      }
    },
    get refreshRate(): number | undefined {
      const rate = vblanks[VBLANK_RATE]!;
      return rate === rate ? rate : undefined;
    },
    stepOnce(): void {
      if (clockPaused(state)) stepPending = true;
    },
    reset(): void {
      // Back to before time zero; the next advance is time zero again and zeroes the counts, the
      // timing slots and the vblank grid. The scale and the pause state are kept.
      state[CLOCK_STARTED] = 0;
      stepPending = false;
      clearFixedStepFrame(frame);
    },
    get frame(): FixedStepFrame {
      return frame;
    },
  };
  return [fixedStep, state, advanceFromSlots];
}
