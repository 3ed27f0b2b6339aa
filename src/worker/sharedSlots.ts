/**
 * Shared memory: a triple buffer of slots. The worker writes its back slot, then swaps it with the
 * middle one (Atomics.exchange); the page swaps the middle one with its front slot when the middle
 * is fresh. Each slot belongs to one side at a time, so the page reads its front slot at leisure and
 * never sees a torn state, and neither side ever waits. 'live' reads the slot being written on
 * purpose. Nothing here allocates after construction. @internal
 */
import { slotLength, slotView, writeHeader, type SlotHeader, type SlotView } from './protocol.js';

const SLOTS = 3;
/** Int32 words before the slots (16 bytes keep the Float64 slots aligned). */
const CONTROL_WORDS = 4;
/** control[0]: the middle slot's index, with FRESH set when the worker put it there and the page has not taken it. */
const MIDDLE = 0;
/** control[1]: the slot the worker writes now (or wrote last). */
const WRITING = 1;
const FRESH = 4;
const INDEX = 3;

/** Bytes of shared memory for a state of `stateLength` numbers. */
export function sharedBytes(stateLength: number): number {
  return CONTROL_WORDS * 4 + SLOTS * slotLength(stateLength) * 8;
}

function slotsOf(buffer: SharedArrayBuffer, stateLength: number): SlotView[] {
  const slots: SlotView[] = [];
  for (let i = 0; i < SLOTS; i++) slots.push(slotView(buffer, CONTROL_WORDS * 4 + i * slotLength(stateLength) * 8, stateLength));
  return slots;
}

/** Fresh shared memory: the worker starts on slot 0, the middle is slot 1 (not fresh), the page holds slot 2. */
export function createSharedState(stateLength: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(sharedBytes(stateLength));
  const control = new Int32Array(buffer, 0, CONTROL_WORDS);
  Atomics.store(control, MIDDLE, 1);
  Atomics.store(control, WRITING, 0);
  return buffer;
}

/** The worker's side. */
export class SharedWriter {
  private readonly control: Int32Array;
  private readonly slots: SlotView[];
  private back = 0;
  /** The slot published last (−1: none yet). */
  private last = -1;

  constructor(buffer: SharedArrayBuffer, stateLength: number) {
    this.control = new Int32Array(buffer, 0, CONTROL_WORDS);
    this.slots = slotsOf(buffer, stateLength);
  }

  /** The array `init` writes the first state into. */
  initial(): Float64Array {
    return this.slots[this.back]!.current;
  }

  /** The array a step's update writes: the latest state copied in (and kept as the step's previous). */
  begin(): Float64Array {
    const slot = this.slots[this.back]!;
    const latest = this.slots[this.last < 0 ? this.back : this.last]!.current;
    slot.previous.set(latest);
    slot.current.set(latest);
    Atomics.store(this.control, WRITING, this.back);
    return slot.current;
  }

  /** Publish what `begin` handed out. */
  publish(header: SlotHeader): void {
    const slot = this.slots[this.back]!;
    // The state init wrote is both states.
    if (this.last < 0) slot.previous.set(slot.current);
    writeHeader(header, slot.header);
    this.last = this.back;
    this.back = Atomics.exchange(this.control, MIDDLE, this.back | FRESH) & INDEX;
  }

  /** Nothing to undo: the next `begin` copies the latest state over what the update wrote. */
  abort(): void {}

  /** Publish the latest state again under a new header (paused, resumed, a new time scale). */
  republish(header: SlotHeader): void {
    if (this.last < 0) return;
    const from = this.slots[this.last]!;
    const slot = this.slots[this.back]!;
    slot.previous.set(from.previous);
    slot.current.set(from.current);
    Atomics.store(this.control, WRITING, this.back);
    this.publish(header);
  }
}

/** The page's side. */
export class SharedReader {
  private readonly control: Int32Array;
  private readonly slots: SlotView[];
  private front = 2;
  /** The worker has published at least once. */
  received = false;

  constructor(buffer: SharedArrayBuffer, stateLength: number) {
    this.control = new Int32Array(buffer, 0, CONTROL_WORDS);
    this.slots = slotsOf(buffer, stateLength);
  }

  /** The latest complete slot: the middle one if the worker published since the last call. */
  take(): SlotView {
    if ((Atomics.load(this.control, MIDDLE) & FRESH) !== 0) {
      this.front = Atomics.exchange(this.control, MIDDLE, this.front) & INDEX;
      this.received = true;
    }
    return this.slots[this.front]!;
  }

  /** The slot the worker is writing (or wrote last): parts of two states while a step runs. */
  live(): SlotView {
    return this.slots[Atomics.load(this.control, WRITING) & INDEX]!;
  }
}
