/**
 * Messages: each published state is one slot in an ArrayBuffer transferred to the page (no copy on
 * the way); the page hands the buffer it no longer shows back, and the worker reuses it. A message
 * arrives whole, so no state is torn; there is no state being written to look at, so 'live' shows
 * the latest. @internal
 */
import { slotLength, slotView, writeHeader, type Endpoint, type SlotHeader, type SlotView, type ToWorker } from './protocol.js';

/** The worker's side: the state lives in a private array between steps. */
export class MessageWriter {
  private readonly working: Float64Array;
  /** The state before the step being run (the previous of its slot). */
  private readonly before: Float64Array;
  private readonly pool: ArrayBuffer[] = [];
  private readonly bytes: number;

  constructor(
    private readonly port: Endpoint,
    private readonly stateLength: number,
  ) {
    this.working = new Float64Array(stateLength);
    this.before = new Float64Array(stateLength);
    this.bytes = slotLength(stateLength) * 8;
  }

  initial(): Float64Array {
    return this.working;
  }

  begin(): Float64Array {
    this.before.set(this.working);
    return this.working;
  }

  publish(header: SlotHeader): void {
    // Before the first step, the state init wrote is both states.
    if (header.stepIndex < 0) this.before.set(this.working);
    const buffer = this.pool.pop() ?? new ArrayBuffer(this.bytes);
    const slot = slotView(buffer, 0, this.stateLength);
    slot.previous.set(this.before);
    slot.current.set(this.working);
    writeHeader(header, slot.header);
    this.port.postMessage({ type: 'state', buffer }, [buffer]);
  }

  abort(): void {
    this.working.set(this.before);
  }

  republish(header: SlotHeader): void {
    this.publish(header);
  }

  /** A buffer the page has finished with. */
  recycle(buffer: ArrayBuffer): void {
    if (buffer.byteLength === this.bytes) this.pool.push(buffer);
  }
}

/** The page's side: the latest slot received; the one it replaces goes back to the worker. */
export class MessageReader {
  private front: SlotView | null = null;
  received = false;

  constructor(
    private readonly port: Endpoint,
    private readonly stateLength: number,
  ) {}

  receive(buffer: ArrayBuffer): void {
    const old = this.front;
    this.front = slotView(buffer, 0, this.stateLength);
    this.received = true;
    if (old) {
      const returned = old.buffer as ArrayBuffer;
      this.port.postMessage({ type: 'recycle', buffer: returned } satisfies ToWorker, [returned]);
    }
  }

  take(): SlotView | null {
    return this.front;
  }

  live(): SlotView | null {
    return this.front;
  }
}
