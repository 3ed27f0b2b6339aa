// The public face of a worker simulation on the page: its options and its handle.
import type { FixedStepOverload, InputEventInit } from '../core/internal.js';
import type { WorkerSimulationError } from './host.js';
import type { ReadMode, WorkerInputOptions } from './options.js';
import type { Transport } from './protocol.js';
import type { WorkerStepInfo } from './reading.js';

/** Options of `useWorkerSimulation` and `createWorkerSimulation`; also what `setOptions` changes. */
export interface WorkerSimulationOptions<Props = unknown> {
  /** Seconds of game time per step, e.g. `1 / 120` (at least 1e-6). */
  step: number;
  /** Most steps in one wake of the worker. Default 5. */
  maxSteps?: number;
  /** Past `maxSteps`: `'slow-motion'` (default) drops the excess, `'catch-up'` keeps the debt. */
  overload?: FixedStepOverload;
  /** Game seconds per real second (> 0). Default 1. */
  timeScale?: number;
  /** Paused, as by `pause()` but held apart from it. Default false. */
  paused?: boolean;
  /** How each frame reads the states: `'latest'`, `'interpolated'` (default) or `'live'`. */
  read?: ReadMode;
  /** `'auto'` (default): shared memory when the page and the worker are cross-origin isolated, else messages. */
  transport?: 'auto' | 'shared' | 'message';
  /** Anything structured-cloneable: the simulation's `context.props`, sent again when it changes (by identity). */
  props?: Props;
  /** Forward keyboard and pointer input to the steps (`true`: on `window`). Read when the worker starts. Default false. */
  input?: boolean | WorkerInputOptions;
  /** A message the simulation sent with `context.post`. */
  onMessage?: (data: unknown) => void;
  /** An error the simulation threw (its step in `error.stepIndex`); the simulation is paused. Default: the hook throws it to the nearest error boundary. */
  onError?: (error: WorkerSimulationError) => void;
}

/** A simulation stepping in a worker, read on the page: the fields are refreshed once a frame. */
export interface WorkerSimulation {
  /** Blend factor from `previous` to `current` for this frame (1 for 'latest' and 'live'). */
  readonly alpha: number;
  /** The state before `current`: read during the frame, do not keep it (empty until the first state). */
  readonly previous: Float64Array;
  /** The state to draw ('live': the one being written, maybe parts of two steps). */
  readonly current: Float64Array;
  /** The step that made `current`, times on the page's clock. */
  readonly step: Readonly<WorkerStepInfo>;
  /** True once the first state has arrived. */
  readonly ready: boolean;
  /** `'shared'` or `'message'` once the worker runs; null before. */
  readonly transport: Transport | null;
  /** How the frames read the states. */
  readonly read: ReadMode;
  /** The last error the simulation threw, or null. */
  readonly error: WorkerSimulationError | null;
  /** Read the latest states for a frame at `frame.timestampMs` (page ms). The hook does it before every frame's subscribers. */
  readAt(frame: { readonly timestampMs: number }): void;
  /** Stop the worker's game time (its steps due so far run first). */
  pause(): void;
  /** Let game time run again from now (the paused time is skipped). */
  resume(): void;
  /** True while paused by `pause()` or the `paused` option. */
  readonly paused: boolean;
  /** While paused: run exactly one step and return true; else false. */
  stepOnce(): boolean;
  /** Game seconds per real second from now on. */
  setTimeScale(timeScale: number): void;
  /** Game seconds per real second now. */
  readonly timeScale: number;
  /** Read the states another way from the next frame. */
  setRead(read: ReadMode): void;
  /** Change options; a new `step`, `maxSteps` or `overload` carries game time into a new grid. */
  setOptions(options: Partial<WorkerSimulationOptions>): void;
  /** New props for the simulation (the hook sends its `props` option when it changes). */
  setProps(props: unknown): void;
  /** A message to the simulation's `onMessage`. */
  post(data: unknown, transfer?: Transferable[]): void;
  /** An input event for the step whose span holds `event.timestampMs` (page ms). */
  input(event: Readonly<InputEventInit>): void;
  /** Stop the worker (the hook does it on unmount). */
  terminate(): void;
}
