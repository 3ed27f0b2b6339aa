// The public face of a fixed clock on a scheduler: its options, its jobs, its step and its stats.
import type { FixedStepFrame, FixedStepOverload, Interpolation } from '../core/internal.js';
import type { FrameInfo, FrameScheduler } from './types.js';

/** Options of {@link createFixedClock}; also what {@link FixedClock.setOptions} changes. */
export interface FixedClockOptions {
  /** Seconds of game time per step, e.g. `1 / 60` (at least 1e-6). */
  step: number;
  /** Most steps in one frame. Default 5. */
  maxSteps?: number;
  /** Past `maxSteps`: `'slow-motion'` (default) drops the excess, `'catch-up'` keeps the debt. */
  overload?: FixedStepOverload;
  /** Which game time the picture shows, i.e. how `alpha` is computed. Default `'previous'`. */
  interpolation?: Interpolation;
  /** Game seconds per scheduler second for this clock (on top of the scheduler's own). Default 1. */
  timeScale?: number;
  /** Paused (as by `pause()`). Default false. */
  paused?: boolean;
  /** Order of the clock's two scheduler subscriptions among others of the same phase (lower first). Default 0. */
  priority?: number;
  /** Count steps on the display's vblank grid while the scheduler reports a synced display. Default true. */
  snapToDisplay?: boolean;
}

/** Options of {@link FixedClock.addUpdate} and {@link FixedClock.addRender}. */
export interface FixedJobOptions {
  /** Lower runs first within each step (updates) or each frame (renders). Ties run in the order added. Default 0. */
  priority?: number;
}

/** The step being run, handed to every update (one reused object: read it during the call). */
export interface FixedClockStep {
  /** The step's place on the grid from time zero (0 first), counting steps `'slow-motion'` dropped; `reset` restarts it. */
  index: number;
  /** Game seconds this step advances, equal to the clock's `step`. */
  dt: number;
  /** Real time (ms, the frame-timestamp clock) at which this step's game time begins: the previous step's end. */
  stepStartTimestampMs: number;
  /** Real time (ms) at which this step's game time ends: spans (start, end] tile real time (docs/fixed-clock.md). */
  stepEndTimestampMs: number;
  /** 0 for the first step of this frame, 1 for the second … */
  stepInFrame: number;
  /** Steps due this frame (fewer run when a control inside an update ends the frame's stepping). */
  stepsInFrame: number;
  /** The scheduler's frame (a reused object). */
  frame: FrameInfo;
}

/** A job's update: advance the game by exactly `dt` seconds. */
export type FixedUpdate = (dt: number, step: Readonly<FixedClockStep>) => void;

/** A job's render: draw the state blended `alpha` ∈ [0, 1] from the previous to the latest state. */
export type FixedRender = (alpha: number, frame: FrameInfo) => void;

/** Live numbers of a fixed clock, updated once a frame (one reused object). Totals run from the last time zero. */
export interface FixedClockStats extends Readonly<FixedStepFrame> {
  /** True while the clock is paused. */
  readonly paused: boolean;
  /** The clock's own time scale (on top of the scheduler's). */
  readonly timeScale: number;
}

/** A fixed-step clock that many jobs share; controls inside an update: docs/fixed-clock.md. */
export interface FixedClock {
  /** Add an update to every step (`priority` order, then the order added), from the next frame. Returns the remove function. */
  addUpdate(update: FixedUpdate, options?: FixedJobOptions): () => void;
  /** Add a render, called once a frame after all updates with the frame's alpha. Returns the remove function. */
  addRender(render: FixedRender, options?: FixedJobOptions): () => void;
  /** Stop game time from the last frame on; renders go on with a frozen alpha. */
  pause(): void;
  /** Let game time run again from the next frame (the paused time is skipped; a pause and resume with no frame between cost nothing). */
  resume(): void;
  /** Keep the clock paused until the returned release is called, independent of `pause()`/`resume()`. */
  hold(): () => void;
  /** True while paused by `pause()` (or the `paused` option) or a hold. */
  readonly paused: boolean;
  /** While paused (the clock or the scheduler): run exactly one step at the next frame and return true; else false. */
  stepOnce(): boolean;
  /** Game seconds per scheduler second, from the last frame on (> 0). */
  setTimeScale(timeScale: number): void;
  /** The clock's own time scale. */
  readonly timeScale: number;
  /** Switch the interpolation mode from the next frame on. */
  setInterpolation(interpolation: Interpolation): void;
  /** Which game time the picture shows. */
  readonly interpolation: Interpolation;
  /** Change any option; a new `step`, `maxSteps` or `overload` carries elapsed game time into the new grid. */
  setOptions(options: Partial<FixedClockOptions>): void;
  /** Seconds of game time per step. */
  readonly step: number;
  /** Most steps per frame. */
  readonly maxSteps: number;
  /** The overload policy. */
  readonly overload: FixedStepOverload;
  /** Back to time zero at the next frame (step index 0), clearing the stats; keeps pause, time scale and options. */
  reset(): void;
  /** Run on another scheduler (its game clock is joined without a jump in game time). */
  setScheduler(scheduler: FrameScheduler): void;
  /** Order of the clock's scheduler subscriptions among others of the same phase. */
  setPriority(priority: number): void;
  /** Live numbers (one reused object). */
  readonly stats: FixedClockStats;
  /** The step being run (during an update) or the last one run. */
  readonly currentStep: Readonly<FixedClockStep>;
  /** Real time (ms) at which step `index` of the current grid ends, mapped with what the clock knows now. */
  stepEndTimestampMs(index: number): number;
  /** Updates added and not removed. */
  readonly updateCount: number;
  /** Renders added and not removed. */
  readonly renderCount: number;
}
