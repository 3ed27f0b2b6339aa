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

/**
 * The held state and the functions that drive it (the queue's alone: they are not members of the
 * state it hands out). @internal
 */
export type InputStateWriter = readonly [
  state: InputState,
  /** A new step begins: pressed/released now refer to it. */
  beginStep: () => void,
  /** Apply one event (in time order). */
  apply: (record: Readonly<InputRecord>) => void,
  /** Forget everything (nothing held). */
  reset: () => void,
];

/** Slots made at first (two numbers per code), doubled when full. */
const INITIAL_SLOTS = 64;

/**
 * Create the held-input state. Codes get a slot the first time they are seen (a Map of small
 * integers into a typed array grown by doubling), so after the keys in use have been seen once,
 * applying events and reading the state allocates nothing.
 *
 * Each code keeps the number of the change that last pressed it and of the one that last released
 * it (changes counted from 1; 0 = never). It is down when its latest press came after its latest
 * release, and it went down (up) in this step when that number is above the count at the step's start.
 * @internal
 */
export function createInputState(): InputStateWriter {
  // code → slot, in the order the codes were first seen.
  const slots = new Map<string, number>();
  // [pressed at, released at] per slot; Float64Array: exact change counts to 2^53.
  let changes = new Float64Array(INITIAL_SLOTS);
  // [changes so far, changes when the step began, pointerX, pointerY, pointerButtons]; the pointer
  // slots are set by reset() below.
  const numbers = new Float64Array(5);

  /** The index of `code`'s press count (its release count follows). */
  function slotOf(code: string): number {
    let slot = slots.get(code);
    if (slot !== undefined) return slot;
    slot = 2 * slots.size;
    if (slot === changes.length) {
      const grown = new Float64Array(2 * slot);
      grown.set(changes);
      changes = grown;
    }
    slots.set(code, slot);
    return slot;
  }

  const isDown = (slot: number | undefined): boolean => slot !== undefined && changes[slot]! > changes[slot + 1]!;

  /** Press (`down` true) or release the code in `slot`; nothing when it already is so. */
  function change(slot: number, down: boolean): void {
    if (isDown(slot) === down) return;
    numbers[0] = numbers[0]! + 1;
    changes[down ? slot : slot + 1] = numbers[0]!;
  }
  const release = (slot: number): void => change(slot, false);

  /** True when the latest press (`offset` 0) or release (1) of the code in `slot` happened in this step. */
  const inStep = (slot: number | undefined, offset: number): boolean => slot !== undefined && changes[slot + offset]! > numbers[1]!;

  /** Nothing held, no pointer seen. */
  function reset(): void {
    changes.fill(0);
    numbers.fill(NaN, 2, 4)[4] = 0;
  }
  reset();

  const state: InputState = {
    isDown: (code) => isDown(slots.get(code)),
    pressed: (code) => inStep(slots.get(code), 0),
    released: (code) => inStep(slots.get(code), 1),
    heldCodes() {
      const held: string[] = [];
      slots.forEach((slot, code) => isDown(slot) && held.push(code));
      return held;
    },
    get pointerX() {
      return numbers[2]!;
    },
    get pointerY() {
      return numbers[3]!;
    },
    get pointerButtons() {
      return numbers[4]!;
    },
  };
  return [
    state,
    () => {
      numbers[1] = numbers[0]!;
    },
    (record) => {
      const kind = record.kind;
      if (kind === 'blur') {
        // Focus left: the ups of keys held now will never arrive, so nothing stays stuck down.
        slots.forEach(release);
        numbers[4] = 0;
        return;
      }
      // 'pointerdown', 'pointerup' and 'pointermove' move the pointer.
      if (kind[0] === 'p') {
        numbers[2] = record.x;
        numbers[3] = record.y;
        numbers[4] = record.buttons;
      }
      // 'keydown' and 'pointerdown' press, 'keyup' and 'pointerup' release; 'custom' does neither.
      if (kind.endsWith('down')) change(slotOf(record.code), true);
      else if (kind.endsWith('up')) release(slotOf(record.code));
    },
    reset,
  ];
}
