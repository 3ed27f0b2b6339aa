/**
 * The page's side of a worker simulation: starts it, forwards controls, props, messages and input,
 * and once a frame reads the latest states in the chosen way (reading.ts). The handle outlives the
 * workers it connects to (StrictMode mounts twice: a new worker, the same handle). No React here.
 */
import { optionsArgument, type InputEventInit } from '../core/internal.js';
import { MessageReader } from './messageSlots.js';
import { forwardInput } from './inputForward.js';
import type { ReadMode, SimulationSettings } from './options.js';
import { checkSimulationOptions } from './options.js';
import { canShareMemory, emptyHeader, type ClockOptions, type Endpoint, type FromWorker, type ToWorker, type Transport } from './protocol.js';
import { applyReading, EMPTY_STATE, emptyStepInfo, type WorkerStepInfo } from './reading.js';
import { createSharedState, SharedReader } from './sharedSlots.js';
import { ClockOffset, pageTimeOrigin } from './timeOrigin.js';
import type { WorkerSimulation, WorkerSimulationOptions } from './types.js';

/** A Worker, or anything that talks like one (createInProcessWorker). */
export interface WorkerLike extends Endpoint {
  /** Stop the worker at once. */
  terminate(): void;
  /** Listen for its messages and errors. */
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: MessageEvent) => void): void;
  /** Stop listening. */
  removeEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: MessageEvent) => void): void;
}

/** An error thrown in the simulation, surfaced on the page: `stepIndex` is the step whose update threw (null: outside a step). */
export class WorkerSimulationError extends Error {
  constructor(
    message: string,
    readonly stepIndex: number | null,
    /** The worker's own stack. */
    readonly workerStack: string,
  ) {
    super(message);
    this.name = 'WorkerSimulationError';
  }
}

/** Reads the worker's states once a frame; drives it from the page. */
export class WorkerSimulationHandle implements WorkerSimulation {
  /** Blend factor from `previous` to `current` for this frame: 1 for 'latest' and 'live'. */
  alpha = 1;
  /** The state before `current` (empty until the first state arrives). */
  previous: Float64Array = EMPTY_STATE;
  /** The state to draw ('live': the one being written). Read it during the frame; do not keep it. */
  current: Float64Array = EMPTY_STATE;
  /** The step that made `current`, with times on the page's clock. */
  readonly step: WorkerStepInfo = emptyStepInfo();
  /** How states travel, once the worker is running (null before). */
  transport: Transport | null = null;
  /** The last error the simulation threw (null: none). */
  error: WorkerSimulationError | null = null;
  read: ReadMode;
  private settings: SimulationSettings;
  private props: unknown;
  private userPaused = false;
  private worker: WorkerLike | null = null;
  private shared: SharedReader | null = null;
  private messages: MessageReader | null = null;
  private readonly offset = new ClockOffset();
  private readonly header = emptyHeader();
  private started = false;
  private waiting: InputEventInit[] = [];
  private stopInput: (() => void) | null = null;
  private readonly record = { kind: 'blur', timestampMs: 0 } as InputEventInit;
  private readonly listener = (event: MessageEvent): void => this.receive(event.data as FromWorker);
  private readonly errorListener = (event: MessageEvent | ErrorEvent): void => this.workerError(event);

  constructor(
    private readonly owner: string,
    settings: SimulationSettings,
    props: unknown,
  ) {
    this.settings = settings;
    this.read = settings.read;
    this.props = props;
  }

  /** True once a state has arrived. */
  get ready(): boolean {
    return (this.shared ?? this.messages)?.received ?? false;
  }

  /** Talk to `worker` (the previous one is terminated); returns the function that terminates it. */
  connect(worker: WorkerLike): () => void {
    this.terminate();
    this.worker = worker;
    worker.addEventListener('message', this.listener);
    worker.addEventListener('error', this.errorListener);
    worker.addEventListener('messageerror', this.errorListener);
    const input = this.settings.input;
    if (input) this.stopInput = forwardInput(input === true ? {} : input, (event) => this.input(event));
    return () => {
      if (this.worker === worker) this.terminate();
    };
  }

  /** Stop the worker: no more steps, no more messages. */
  terminate(): void {
    const worker = this.worker;
    this.stopInput?.();
    this.stopInput = null;
    if (!worker) return;
    worker.removeEventListener('message', this.listener);
    worker.removeEventListener('error', this.errorListener);
    worker.removeEventListener('messageerror', this.errorListener);
    worker.terminate();
    this.worker = null;
    this.shared = this.messages = null;
    this.started = false;
    this.transport = null;
    this.waiting = [];
  }

  /** Read the latest states for the frame at `frame.timestampMs` (page ms) into `alpha`, `previous`, `current` and `step`. */
  readAt(frame: { readonly timestampMs: number }): void {
    const reader = this.shared ?? this.messages;
    if (!reader) return;
    const slot = reader.take();
    if (slot === null || !reader.received) return;
    applyReading(this, slot, this.read === 'live' ? reader.live() : null, frame, this.offset, this.header);
  }

  // ───────────── controls ─────────────

  get paused(): boolean {
    return this.userPaused || this.settings.paused;
  }

  pause(): void {
    const was = this.paused;
    this.userPaused = true;
    if (!was) this.send({ type: 'pause' });
  }

  resume(): void {
    this.userPaused = false;
    if (!this.paused) this.send({ type: 'resume' });
  }

  /** While paused: run exactly one step in the worker and return true; else false. */
  stepOnce(): boolean {
    if (!this.paused) return false;
    this.send({ type: 'stepOnce' });
    return true;
  }

  get timeScale(): number {
    return this.settings.timeScale;
  }

  setTimeScale(timeScale: number): void {
    this.setOptions({ timeScale });
  }

  /** Change any option the handle was made with (read, step, maxSteps, overload, timeScale, paused, …). */
  setOptions(options: Partial<WorkerSimulationOptions>): void {
    this.apply(checkSimulationOptions(this.owner, { ...this.settings, ...options }));
    if ('props' in options) this.setProps(options.props);
  }

  setRead(read: ReadMode): void {
    this.setOptions({ read });
  }

  /** New props for the simulation (`context.props` in the worker, structured-cloned). */
  setProps(props: unknown): void {
    if (Object.is(props, this.props)) return;
    this.props = props;
    this.send({ type: 'props', props });
  }

  /** A message to the simulation's `onMessage`. */
  post(data: unknown, transfer?: Transferable[]): void {
    this.send({ type: 'message', data }, transfer);
  }

  /** An input event for the step whose span holds `event.timestampMs` (page ms, e.g. `performance.now()`). */
  input(event: Readonly<InputEventInit>): void {
    if (!this.started) {
      if (this.worker) this.waiting.push({ ...event });
      return;
    }
    const record = Object.assign(this.record, event);
    this.offset.eventToWorker(record);
    this.send({ type: 'input', event: record });
  }

  /** Settings checked by the caller: what changed goes to the worker. */
  apply(next: SimulationSettings): void {
    const before = this.settings;
    const wasPaused = this.paused;
    this.settings = next;
    this.read = next.read;
    if (next.step !== before.step || next.maxSteps !== before.maxSteps || next.overload !== before.overload) {
      this.send({ type: 'grid', step: next.step, maxSteps: next.maxSteps, overload: next.overload });
    }
    if (next.timeScale !== before.timeScale) this.send({ type: 'timeScale', timeScale: next.timeScale });
    if (this.paused !== wasPaused) this.send({ type: this.paused ? 'pause' : 'resume' });
  }

  // ───────────── the worker's messages ─────────────

  private send(message: ToWorker, transfer?: Transferable[]): void {
    if (this.started) this.worker?.postMessage(message, transfer);
  }

  private receive(message: FromWorker): void {
    if (message.type === 'ready') this.start(message);
    else if (message.type === 'state') this.messages?.receive(message.buffer);
    else if (message.type === 'error') this.report(message.name, message.message, message.stack, message.stepIndex);
    else if (message.type === 'message') this.settings.onMessage?.(message.data);
  }

  /** The worker is ready: reconcile the clocks, pick the transport, start it with everything set so far. */
  private start(ready: Extract<FromWorker, { type: 'ready' }>): void {
    const worker = this.worker;
    if (!worker || this.started) return;
    this.offset.reconcile(ready.timeOrigin, pageTimeOrigin());
    const wanted = this.settings.transport;
    const canShare = canShareMemory() && ready.isolated;
    if (wanted === 'shared' && !canShare) {
      this.report('RangeError', `option \`transport\` is 'shared', but the worker is not cross-origin isolated (serve its script with the page's COOP/COEP headers)`, '', null);
      return;
    }
    const { step, maxSteps, overload, timeScale } = this.settings;
    const clock: ClockOptions = { step, maxSteps, overload, timeScale, paused: this.paused };
    let shared: SharedArrayBuffer | null = null;
    if (wanted !== 'message' && canShare) shared = createSharedState(ready.stateLength);
    try {
      worker.postMessage({ type: 'start', clock, transport: shared ? 'shared' : 'message', shared, props: this.props } satisfies ToWorker);
    } catch (error) {
      // Shared memory the worker may not receive (another agent cluster): messages, unless asked for.
      if (!shared || wanted === 'shared') throw error;
      shared = null;
      worker.postMessage({ type: 'start', clock, transport: 'message', shared, props: this.props } satisfies ToWorker);
    }
    this.started = true;
    this.transport = shared ? 'shared' : 'message';
    if (shared) this.shared = new SharedReader(shared, ready.stateLength);
    else this.messages = new MessageReader(worker, ready.stateLength);
    const waiting = this.waiting;
    this.waiting = [];
    for (const event of waiting) this.input(event);
  }

  private workerError(event: MessageEvent | ErrorEvent): void {
    // An uncaught error (a module that failed to load) or a message that could not be read.
    const message = (event as ErrorEvent).message || (event.type === 'messageerror' ? 'a message from the worker could not be read' : 'the worker failed');
    (event as Event).preventDefault?.();
    this.report('Error', message, '', null);
  }

  private report(name: string, message: string, stack: string, stepIndex: number | null): void {
    const where = stepIndex === null ? 'outside a step' : `at step ${stepIndex}`;
    const error = new WorkerSimulationError(`${this.owner}: the simulation threw ${where}: ${name}: ${message}`, stepIndex, stack);
    this.error = error;
    const onError = this.settings.onError;
    if (onError) onError(error);
    // Nobody listens: thrown on the page, where the error of a frame callback goes.
    else throw error;
  }
}

/** A worker from a module URL (started as a module worker), or whatever `source()` returns. */
export function startWorker(owner: string, source: URL | string | (() => WorkerLike)): WorkerLike {
  if (typeof source === 'function') return source();
  const WorkerClass = (globalThis as { Worker?: new (url: URL | string, options: { type: 'module' }) => WorkerLike }).Worker;
  if (typeof WorkerClass !== 'function') throw new TypeError(`${owner}: this environment has no Worker; pass a function that returns one (createInProcessWorker runs the simulation in-process)`);
  return new WorkerClass(source, { type: 'module' });
}

/** What names a worker: a module URL, or a function that starts one. */
export type WorkerSource = URL | string | (() => WorkerLike);

/**
 * Start `worker` and read its simulation's states on the page: call `readAt(frame)` once a frame
 * (in a `useFrame` or your own rAF loop), then draw `previous`, `current` and `alpha`. The React
 * way is `useWorkerSimulation`. See docs/threads.md, "Without React".
 */
export function createWorkerSimulation<Props = unknown>(worker: WorkerSource, options: WorkerSimulationOptions<Props>): WorkerSimulation {
  const owner = 'createWorkerSimulation';
  const o = optionsArgument(owner, options, true);
  const handle = new WorkerSimulationHandle(owner, checkSimulationOptions(owner, o), o.props);
  handle.connect(startWorker(owner, worker));
  return handle;
}
