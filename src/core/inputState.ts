/**
 * What is held at the end of a fixed step: keys and buttons down, which went down or up during the
 * step, and where the pointer is. Built by applying a step's input events in time order, so every
 * step sees the state as of its own end, not as of the frame that happened to run it.
 */
import type { InputRecord } from './inputQueue.js';

/** Held input as of the end of the latest step; see {@link InputQueue.state}. */
export interface InputState {
  /** True while `code` is held: a `'keydown'`/`'pointerdown'` with that code came and no matching up (nor a `'blur'`) since. */
  isDown(code: string): boolean;
  /** True when `code` went from up to down during the latest step (auto-repeat keydowns do not count). A tap shorter than a step reads pressed and released in the same step. */
  pressed(code: string): boolean;
  /** True when `code` went from down to up during the latest step (a `'blur'` releases every held code). */
  released(code: string): boolean;
  /** Codes held now (a fresh array: for debugging and displays, not for every step). */
  heldCodes(): string[];
  /** Pointer x of the latest pointer event up to the step's end (CSS px, as the event gave it). NaN before any. */
  readonly pointerX: number;
  /** Pointer y of the latest pointer event up to the step's end. NaN before any. */
  readonly pointerY: number;
  /** `buttons` bitmask of the latest pointer event up to the step's end (0 before any). */
  readonly pointerButtons: number;
}

/** The mutable side of {@link InputState}, driven by the queue. @internal */
export interface InputStateWriter extends InputState {
  /** A new step begins: pressed/released now refer to it. */
  beginStep(): void;
  /** Apply one event (in time order). */
  apply(record: Readonly<InputRecord>): void;
  /** Forget everything (nothing held). */
  reset(): void;
}

const INITIAL_CODES = 32;

/**
 * Create the held-input state. Codes get a slot the first time they are seen (a Map of small
 * integers and typed arrays, grown by doubling), so after the keys in use have been seen once,
 * applying events and reading the state allocates nothing.
 * @internal
 */
export function createInputState(): InputStateWriter {
  const slots = new Map<string, number>();
  const codes: string[] = [];
  let down = new Uint8Array(INITIAL_CODES);
  // Step numbers in which each code last went down / up (Float64Array: exact integers to 2^53).
  let pressedAt = new Float64Array(INITIAL_CODES).fill(-1);
  let releasedAt = new Float64Array(INITIAL_CODES).fill(-1);
  // [step number, pointerX, pointerY, pointerButtons]
  const numbers = new Float64Array([0, Number.NaN, Number.NaN, 0]);

  function slotOf(code: string): number {
    let slot = slots.get(code);
    if (slot !== undefined) return slot;
    slot = codes.length;
    if (slot === down.length) {
      const grownDown = new Uint8Array(slot * 2);
      grownDown.set(down);
      down = grownDown;
      const grownPressed = new Float64Array(slot * 2).fill(-1);
      grownPressed.set(pressedAt);
      pressedAt = grownPressed;
      const grownReleased = new Float64Array(slot * 2).fill(-1);
      grownReleased.set(releasedAt);
      releasedAt = grownReleased;
    }
    codes.push(code);
    slots.set(code, slot);
    return slot;
  }

  function press(code: string): void {
    const slot = slotOf(code);
    if (down[slot] === 1) return;
    down[slot] = 1;
    pressedAt[slot] = numbers[0]!;
  }

  function release(code: string): void {
    const slot = slotOf(code);
    if (down[slot] === 0) return;
    down[slot] = 0;
    releasedAt[slot] = numbers[0]!;
  }

  return {
    beginStep() {
      numbers[0] = numbers[0]! + 1;
    },
    apply(record) {
      switch (record.kind) {
        case 'keydown':
          press(record.code);
          return;
        case 'keyup':
          release(record.code);
          return;
        case 'pointerdown':
        case 'pointerup':
        case 'pointermove':
          numbers[1] = record.x;
          numbers[2] = record.y;
          numbers[3] = record.buttons;
          if (record.kind === 'pointerdown') press(record.code);
          else if (record.kind === 'pointerup') release(record.code);
          return;
        case 'blur':
          // Focus left: the ups of keys held now will never arrive, so nothing stays stuck down.
          for (let slot = 0; slot < codes.length; slot++) if (down[slot] === 1) release(codes[slot]!);
          numbers[3] = 0;
          return;
        default:
          return;
      }
    },
    reset() {
      down.fill(0);
      pressedAt.fill(-1);
      releasedAt.fill(-1);
      numbers[1] = Number.NaN;
      numbers[2] = Number.NaN;
      numbers[3] = 0;
    },
    isDown(code) {
      const slot = slots.get(code);
      return slot !== undefined && down[slot] === 1;
    },
    pressed(code) {
      const slot = slots.get(code);
      return slot !== undefined && pressedAt[slot] === numbers[0];
    },
    released(code) {
      const slot = slots.get(code);
      return slot !== undefined && releasedAt[slot] === numbers[0];
    },
    heldCodes() {
      const held: string[] = [];
      for (let slot = 0; slot < codes.length; slot++) if (down[slot] === 1) held.push(codes[slot]!);
      return held;
    },
    get pointerX() {
      return numbers[1]!;
    },
    get pointerY() {
      return numbers[2]!;
    },
    get pointerButtons() {
      return numbers[3]!;
    },
  };
}
