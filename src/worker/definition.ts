// A simulation that can step in a worker or in-process: its state is `stateLength` numbers, which
// is what shared memory and transferable messages carry without a copy per field.
import type { StepInput } from '../core/index.js';
import { callback, checkNames, checkOptions, optionsArgument, required, wholeAtLeast, type Rule, type Rules } from '../core/internal.js';

/** The step being run in the worker (one reused object: read it during the call). */
export interface SimulationStep {
  /** The step's place on the grid from time zero (0 first), counting steps 'slow-motion' dropped. */
  readonly index: number;
  /** Game seconds this step advances (the `step` option). */
  readonly dt: number;
  /** Worker ms at which the step's game time begins: spans (start, end] tile real time. */
  readonly stepStartTimestampMs: number;
  /** Worker ms at which the step's game time ends (the end of its span). */
  readonly stepEndTimestampMs: number;
  /** 0 for the first step of this wake of the worker, 1 for the second … */
  readonly stepInFrame: number;
  /** Steps due at this wake. */
  readonly stepsInFrame: number;
}

/** What a simulation's functions are handed besides the state. */
export interface SimulationContext<Props = unknown> {
  /** The latest `props` the page gave (structured-cloned). */
  readonly props: Props;
  /** Send a message to the page's `onMessage` (`transfer`: buffers moved, not copied). */
  post(message: unknown, transfer?: Transferable[]): void;
}

/** A simulation: plain functions over a `Float64Array` state; the same object steps in a worker or in-process. */
export interface Simulation<Props = unknown> {
  /** Numbers in the state (e.g. 3 per object for x, y, angle). */
  stateLength: number;
  /** Write the state at time zero (it starts all zeros). */
  init?: (state: Float64Array, context: SimulationContext<Props>) => void;
  /** Advance `state` by exactly `step.dt` seconds, in place; `input` holds this step's events and held keys. */
  update: (state: Float64Array, step: SimulationStep, input: StepInput, context: SimulationContext<Props>) => void;
  /** A message the page sent with `post`. */
  onMessage?: (data: unknown, state: Float64Array, context: SimulationContext<Props>) => void;
}

const OWNER = 'defineSimulation';
const RULES: Rules<Simulation> = {
  stateLength: required(wholeAtLeast(0)),
  init: callback(),
  update: required(callback()) as Rule<Simulation['update']>,
  onMessage: callback(),
};
const NAMES = Object.keys(RULES);

/** Check a simulation once (a RangeError names the field and the value) and give it back typed. */
export function defineSimulation<Props = unknown>(simulation: Simulation<Props>): Simulation<Props> {
  const o = optionsArgument(OWNER, simulation, true);
  checkNames(OWNER, 'option', o, NAMES);
  checkOptions(OWNER, 'option', o, RULES);
  return simulation;
}
