/**
 * Fixed timestep with interpolated draws (seed 001, listings 4, 5 and 7): the game is updated in
 * whole steps of `step` seconds and the picture blends the last two states with `alpha`.
 *
 * Steps are counted as integers from time zero (seed 001, "practical considerations"): each frame
 * computes how many steps are due since the start, `r = gameTime / step`, and runs the difference
 * to the steps already run. Nothing is accumulated frame by frame, so there is no drift after
 * 24 hours and no 0/2-step stutter from float noise on a display whose rate equals the step.
 */
import { snapToWhole } from './counting.js';
import { FixedStepClock } from './fixedStepClock.js';
import type { FixedStep, FixedStepFrame, FixedStepOptions, FixedStepOverload, Interpolation } from './types.js';
import { integerAtLeast, oneOf, optionsObject, positiveNumber, withDefault } from './validate.js';

const OWNER = 'createFixedStep';

const INTERPOLATIONS: readonly Interpolation[] = ['none', 'previous', 'ahead', 'predicted'];
const OVERLOADS: readonly FixedStepOverload[] = ['slow-motion', 'catch-up'];

/** Seed 001, listing 5: "a maximum of 5 [updates] before a draw is done". */
const DEFAULT_MAX_STEPS = 5;

/**
 * Step counts this close to a whole number (in steps) are taken as that number before floor/ceil.
 * On a 60 Hz display with a 1/60 s step, frame n is at n × 16.666… ms and `n × 1000/60 / (1000/60)`
 * can come out as n − 1e-15: flooring that would give 0 steps now and 2 next frame. 1e-7 of a
 * step (1.7 ns at 60 Hz) is far above float noise even after 24 h (about 1e-9 steps) and far below
 * any real timestamp resolution (browsers give 5 µs at best).
 */
export const FIXED_STEP_SNAP_STEPS = 1e-7;

/**
 * Create a fixed timestep counted in integer steps from the first `advance`.
 *
 * Each `advance(nowMs)` computes the game clock G (real time since time zero × `timeScale`,
 * integrated over scale changes and pauses), the number of steps that should exist by now, and
 * how many of them to run this frame (at most `maxSteps`). `interpolation` picks which game time
 * the picture shows; `overload` what happens when more than `maxSteps` steps are due.
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
 *   not positive, not a whole number (`maxSteps`) or not one of the allowed strings.
 */
export function createFixedStep(options: FixedStepOptions): FixedStep {
  const opts = optionsObject(OWNER, options, true);
  const step = positiveNumber(OWNER, 'step', opts.step);
  const maxSteps = integerAtLeast(OWNER, 'maxSteps', withDefault(opts.maxSteps, DEFAULT_MAX_STEPS), 1);
  const overload = oneOf(OWNER, 'overload', withDefault(opts.overload, 'slow-motion'), OVERLOADS);
  let interpolation = oneOf(OWNER, 'interpolation', withDefault(opts.interpolation, 'previous'), INTERPOLATIONS);
  const clock = new FixedStepClock(positiveNumber(OWNER, 'timeScale', withDefault(opts.timeScale, 1)));
  const stepMs = step * 1000;
  const slowMotion = overload === 'slow-motion';

  /** Steps run since time zero (an integer). */
  let totalSteps = 0;
  /** Steps thrown away by 'slow-motion' since time zero (an integer). */
  let droppedSteps = 0;
  /** `stepOnce()` was called while paused: the next advance runs one step. */
  let stepPending = false;
  /** The last two real frame intervals, ms, for the default prediction of the next present. */
  let lastIntervalMs = 0;
  let previousIntervalMs = 0;
  /** Game ms between the clock and the predicted present on the last running frame ('predicted'). */
  let leadGameMs = 0;

  const frame: FixedStepFrame = {
    steps: 0,
    alpha: 1,
    droppedSeconds: 0,
    totalSteps: 0,
    pictureTime: 0,
    elapsedGameSeconds: 0,
    pendingSeconds: 0,
    totalDroppedSeconds: 0,
  };

  function resetFrame(): void {
    frame.steps = 0;
    frame.alpha = 1;
    frame.droppedSeconds = 0;
    frame.totalSteps = 0;
    frame.pictureTime = 0;
    frame.elapsedGameSeconds = 0;
    frame.pendingSeconds = 0;
    frame.totalDroppedSeconds = 0;
  }

  /** The previous decision again, with nothing to run and nothing dropped. */
  function idle(): FixedStepFrame {
    frame.steps = 0;
    frame.droppedSeconds = 0;
    return frame;
  }

  /**
   * Real ms from now to the present of the picture drawn now. The shorter of the last two frame
   * intervals: one long frame (a hitch, a missed vblank) must not throw the prediction a whole
   * hitch ahead, which would run (or drop) a burst of steps and then freeze until time caught up.
   */
  function defaultLeadMs(): number {
    return previousIntervalMs > 0 && previousIntervalMs < lastIntervalMs ? previousIntervalMs : lastIntervalMs;
  }

  function advance(nowMs: number, predictedPresentMs?: number): FixedStepFrame {
    if (!Number.isFinite(nowMs)) return idle();
    const stepping = stepPending;
    if (!clock.started) {
      clock.start(nowMs);
      lastIntervalMs = 0;
      previousIntervalMs = 0;
    } else {
      const intervalMs = nowMs - clock.lastNowMs;
      if (intervalMs > 0) {
        previousIntervalMs = lastIntervalMs;
        lastIntervalMs = intervalMs;
      } else {
        // No time passed (a repeat, or a clock that went backwards). Only an explicit
        // stepOnce() still runs, at the last timestamp.
        if (!stepping) return idle();
        nowMs = clock.lastNowMs;
      }
    }
    stepPending = false;

    const gameMs = clock.tick(nowMs, stepping ? stepMs : 0);
    const frozen = clock.frozen;

    // The game time the step count aims for: the clock, or for 'predicted' the clock at the
    // predicted present. While frozen the lead is kept, so a paused picture does not move.
    let referenceMs = gameMs;
    if (interpolation === 'predicted') {
      if (!frozen) {
        const leadMs =
          predictedPresentMs !== undefined && Number.isFinite(predictedPresentMs)
            ? predictedPresentMs - nowMs
            : defaultLeadMs();
        // A present in the past is "now": the state never aims behind the clock.
        leadGameMs = leadMs > 0 ? leadMs * clock.scale : 0;
      }
      referenceMs += leadGameMs;
    } else {
      leadGameMs = 0;
    }

    // r: steps due since time zero, as a ratio (never a running float sum).
    const dueSteps = snapToWhole(referenceMs / stepMs, FIXED_STEP_SNAP_STEPS);
    const aimsAhead = interpolation === 'ahead' || interpolation === 'predicted';
    const target = aimsAhead ? Math.ceil(dueSteps - droppedSteps) : Math.floor(dueSteps - droppedSteps);
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
    const position = dueSteps - droppedSteps;
    let alpha =
      interpolation === 'none' ? 1 : interpolation === 'previous' ? position - totalSteps : position - totalSteps + 1;
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

  return {
    advance,
    pause(nowMs?: number): void {
      clock.pause(nowMs);
    },
    resume(nowMs?: number): void {
      stepPending = false;
      clock.resume(nowMs);
    },
    get paused(): boolean {
      return clock.paused;
    },
    setTimeScale(timeScale: number, nowMs?: number): void {
      clock.setScale(positiveNumber(OWNER, 'timeScale', timeScale), nowMs);
    },
    get timeScale(): number {
      return clock.scale;
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
    stepOnce(): void {
      if (clock.paused) stepPending = true;
    },
    reset(): void {
      clock.reset();
      totalSteps = 0;
      droppedSteps = 0;
      stepPending = false;
      lastIntervalMs = 0;
      previousIntervalMs = 0;
      leadGameMs = 0;
      resetFrame();
    },
    get frame(): FixedStepFrame {
      return frame;
    },
  };
}
