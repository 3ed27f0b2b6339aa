/**
 * A simulation served in this thread, behind the same messages a Worker carries: the code that
 * runs in a worker (serveSimulation) runs here unchanged, on this thread's clock and timers (fake
 * timers included), with every message structured-cloned and delivered by a timer of 0 ms, as a
 * real worker's would be later. For tests, and for a page that cannot start a worker.
 */
import type { Simulation } from './definition.js';
import type { WorkerLike } from './host.js';
import type { Endpoint } from './protocol.js';
import { serveSimulation, threadEnvironment, type WorkerEnvironment } from './serve.js';

type Listener = (event: MessageEvent) => void;

/** One side of an in-process channel: what it posts is delivered to the other side's listeners. */
class InProcessPort implements Endpoint {
  other: InProcessPort | null = null;
  private readonly listeners = new Set<Listener>();
  closed = false;

  constructor(private readonly timers: WorkerEnvironment) {}

  postMessage(message: unknown, transfer?: Transferable[]): void {
    const other = this.other;
    if (this.closed || !other) return;
    // As a real port: a copy, with transferred buffers moved (detached here).
    const data: unknown = structuredClone(message, { transfer: transfer ?? [] });
    this.timers.setTimeout(() => other.deliver(data), 0);
  }

  addEventListener(_type: string, listener: Listener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.listeners.delete(listener);
  }

  private deliver(data: unknown): void {
    if (this.closed) return;
    for (const listener of [...this.listeners]) listener({ data, type: 'message' } as MessageEvent);
  }
}

/** Options of {@link createInProcessWorker}: the clock and timers it steps with (default: this thread's, read at each call). */
export type InProcessWorkerOptions = Partial<WorkerEnvironment>;

/**
 * A Worker-like object that serves `simulation` in this thread: hand it to `useWorkerSimulation`
 * (`() => createInProcessWorker(simulation)`) or `createWorkerSimulation` where no real worker is
 * wanted: in a unit test (no browser), or as a fallback. See docs/threads.md, "Testing".
 */
export function createInProcessWorker(simulation: Simulation<never> | Simulation, options: InProcessWorkerOptions = {}): WorkerLike {
  const environment: WorkerEnvironment = { ...threadEnvironment, ...options };
  const page = new InProcessPort(environment);
  const worker = new InProcessPort(environment);
  page.other = worker;
  worker.other = page;
  const stop = serveSimulation(simulation as Simulation, worker, environment);
  return {
    postMessage: (message, transfer) => page.postMessage(message, transfer),
    addEventListener: (type, listener) => {
      if (type === 'message') page.addEventListener(type, listener);
    },
    removeEventListener: (type, listener) => page.removeEventListener(type, listener),
    terminate: () => {
      stop();
      page.closed = worker.closed = true;
    },
  };
}
