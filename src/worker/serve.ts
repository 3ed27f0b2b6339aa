/**
 * The worker's entry: `serveSimulation(simulation)` in a worker module answers the page, then steps
 * on the worker's own timer (a `setTimeout` aimed at the end of the next step's span), never on the
 * page's frames, so a busy page does not hold the steps up.
 */
import type { SimulationContext, Simulation } from './definition.js';
import { defineSimulation } from './definition.js';
import { MessageWriter } from './messageSlots.js';
import { canShareMemory, type Endpoint, type FromWorker, type ToWorker } from './protocol.js';
import { SharedWriter } from './sharedSlots.js';
import { SimulationStepper } from './stepper.js';

/** The clock and timer a worker steps with; by default the worker's own, read when used. */
export interface WorkerEnvironment {
  /** This thread's clock, ms (`performance.now()`). */
  now(): number;
  /** Call `callback` once, `delayMs` from now; returns what `clearTimeout` takes. */
  setTimeout(callback: () => void, delayMs: number): unknown;
  /** Cancel a `setTimeout`. */
  clearTimeout(handle: unknown): void;
  /** `performance.timeOrigin`: where `now()` counts from, in ms since the epoch. */
  timeOrigin(): number;
  /** Whether this thread may use shared memory (`crossOriginIsolated`). */
  isolated(): boolean;
}

type Globals = {
  performance?: { now(): number; timeOrigin?: number };
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** The thread's own clock and timer, looked up at each call (fake timers installed later still apply). */
export const threadEnvironment: WorkerEnvironment = {
  now: () => (globalThis as unknown as Globals).performance?.now() ?? Date.now(),
  setTimeout: (callback, delayMs) => (globalThis as unknown as Globals).setTimeout(callback, delayMs),
  clearTimeout: (handle) => (globalThis as unknown as Globals).clearTimeout(handle),
  timeOrigin: () => (globalThis as unknown as Globals).performance?.timeOrigin ?? 0,
  isolated: canShareMemory,
};

function errorMessage(error: unknown, stepIndex: number | null): FromWorker {
  const e = error instanceof Error ? error : new Error(String(error));
  return { type: 'error', name: e.name, message: e.message, stack: e.stack ?? '', stepIndex };
}

/**
 * Serve `simulation` to the page that started this worker: call it once in the worker module.
 * `port` and `environment` default to the worker's global scope and clock (an in-process worker
 * passes its own). Returns a function that stops it.
 */
export function serveSimulation<Props>(simulation: Simulation<Props>, port: Endpoint = globalThis as unknown as Endpoint, environment: WorkerEnvironment = threadEnvironment): () => void {
  defineSimulation(simulation);
  const env = environment;
  const post = (message: FromWorker, transfer?: Transferable[]): void => port.postMessage(message, transfer);
  const context = {
    props: undefined as unknown,
    post: (data: unknown, transfer?: Transferable[]) => post({ type: 'message', data }, transfer),
  };
  let stepper: SimulationStepper | null = null;
  let recycle: ((buffer: ArrayBuffer) => void) | null = null;
  let timer: unknown = null;
  let stopped = false;

  const tick = (): void => {
    timer = null;
    stepper?.wake(env.now());
    schedule();
  };
  function schedule(): void {
    if (timer !== null) env.clearTimeout(timer);
    timer = null;
    const atMs = stepper && !stopped ? stepper.nextWakeMs() : NaN;
    if (Number.isNaN(atMs)) return;
    const delayMs = atMs - env.now();
    timer = env.setTimeout(tick, delayMs > 0 ? delayMs : 0);
  }

  function start(message: Extract<ToWorker, { type: 'start' }>): void {
    context.props = message.props;
    const length = simulation.stateLength;
    let writer;
    if (message.shared) {
      writer = new SharedWriter(message.shared, length);
    } else {
      const messages = new MessageWriter(port, length);
      recycle = (buffer) => messages.recycle(buffer);
      writer = messages;
    }
    stepper = new SimulationStepper(simulation as Simulation, message.clock, writer, context as SimulationContext, (error, stepIndex) => post(errorMessage(error, stepIndex)));
    stepper.start(env.now());
  }

  function receive(message: ToWorker): void {
    if (message.type === 'start') start(message);
    else if (message.type === 'recycle') recycle?.(message.buffer);
    else if (message.type === 'props') context.props = message.props;
    else if (stepper) control(stepper, message);
    schedule();
  }

  function control(s: SimulationStepper, message: ToWorker): void {
    const nowMs = env.now();
    if (message.type === 'pause') s.pause(nowMs);
    else if (message.type === 'resume') s.resume(nowMs);
    else if (message.type === 'stepOnce') s.stepOnce(nowMs);
    else if (message.type === 'timeScale') s.setTimeScale(message.timeScale, nowMs);
    else if (message.type === 'grid') s.setGrid(message.step, message.maxSteps, message.overload, nowMs);
    else if (message.type === 'input') s.input(message.event);
    else if (message.type === 'message') s.message(message.data);
  }

  const listener = (event: MessageEvent): void => {
    if (!stopped) receive(event.data as ToWorker);
  };
  port.addEventListener('message', listener);
  post({ type: 'ready', timeOrigin: env.timeOrigin(), stateLength: simulation.stateLength, isolated: env.isolated() });
  return () => {
    stopped = true;
    port.removeEventListener('message', listener);
    schedule();
  };
}
