/**
 * What is held at the end of a fixed step: keys and buttons down, which went down or up during the
 * step, and where the pointer is. Built by applying a step's input events in time order, so every
 * step sees the state as of its own end, not as of the frame that happened to run it.
 */
import type { InputRecord } from './inputQueue.js';

/** Held input as of the end of the latest step; see {@link InputQueue.state}. */
export interface InputState {
  /** True while `code` is held: a `'keydown'`/`'pointerdown'` with that code came and no matching up (nor a `'blur'`) since; `'Pointer0'` … also while a pointer's `buttons` holds their bit. */
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
  /** Buttons held by all pointers (the `buttons` bitmasks of each pointer's latest event, or-ed; 0 before any): bit 0 is `'Pointer0'`, bit 1 `'Pointer2'`, bit 2 `'Pointer1'`, bit n ≥ 3 `'Pointer' + n`. */
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

/** Bit of `buttons` ↔ button number (Pointer Events): bit 1 is the secondary button (2), bit 2 the auxiliary (1). */
const swap12 = (n: number): number => (n === 1 ? 2 : n === 2 ? 1 : n);

/** `'Pointer' + button` for each `buttons` bit, made once so a pointer event allocates no string. */
const POINTER_CODE_OF_BIT: readonly string[] = Array.from({ length: 32 }, (_, bit) => `Pointer${swap12(bit)}`);

/** The code of pointer button `button` (`PointerEvent.button`): `'Pointer0'` …; `''` for −1 (no button changed) or none. @internal */
export function pointerCode(button: number): string {
  return POINTER_CODE_OF_BIT[swap12(button)] ?? '';
}

/** Slots made at first (two numbers per code), doubled when full. */
const INITIAL_SLOTS = 64;
/** Pointers tracked at once (ten fingers, a pen and a mouse fit); a further pointer takes the last place. */
const MAX_POINTERS = 16;

/**
 * Create the held-input state. Codes get a slot the first time they are seen (a Map of small
 * integers into a typed array grown by doubling), so after the keys in use have been seen once,
 * applying events and reading the state allocates nothing.
 *
 * Each code keeps the number of the change that last pressed it and of the one that last released
 * it (changes counted from 1; 0 = never). It is down when its latest press came after its latest
 * release, and it went down (up) in this step when that number is above the count at the step's start.
 *
 * Pointer buttons follow the Pointer Events spec: each pointer's latest `buttons` is the truth (a
 * chorded press arrives as a `pointermove`, a `pointercancel` as buttons 0), so after every pointer
 * event `'Pointer0'` … are held exactly when some pointer's bitmask holds their bit.
 * @internal
 */
export function createInputState(): InputStateWriter {
  // code → slot, in the order the codes were first seen.
  const slots = new Map<string, number>();
  // [pressed at, released at] per slot; Float64Array: exact change counts to 2^53.
  let changes = new Float64Array(INITIAL_SLOTS);
  // Each tracked pointer's id and latest `buttons`.
  const pointerIds = new Float64Array(MAX_POINTERS);
  const pointerMasks = new Int32Array(MAX_POINTERS);
  // Doubles stored in place (a field that has held a double keeps a double representation).
  const s = { changes: 0, atStepStart: 0, pointerX: Number.NaN, pointerY: Number.NaN, buttons: 0, pointers: 0, seen: 0 };

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
    s.changes++;
    changes[down ? slot : slot + 1] = s.changes;
  }
  const release = (slot: number): void => change(slot, false);

  /** True when the latest press (`offset` 0) or release (1) of the code in `slot` happened in this step. */
  const inStep = (slot: number | undefined, offset: number): boolean => slot !== undefined && changes[slot + offset]! > s.atStepStart;

  /** Pointer `id` now holds `mask`; then hold exactly the buttons some pointer holds. */
  function setPointer(id: number, mask: number): void {
    let i = 0;
    while (i < s.pointers && pointerIds[i] !== id) i++;
    if (i === s.pointers && mask !== 0) {
      if (s.pointers < MAX_POINTERS) s.pointers++;
      else i = MAX_POINTERS - 1;
      pointerIds[i] = id;
    }
    if (i < s.pointers) pointerMasks[i] = mask;
    // A pointer that holds nothing is forgotten: its place goes to the last one.
    if (mask === 0 && i < s.pointers) {
      s.pointers--;
      pointerIds[i] = pointerIds[s.pointers]!;
      pointerMasks[i] = pointerMasks[s.pointers]!;
    }
    let all = 0;
    for (let j = 0; j < s.pointers; j++) all |= pointerMasks[j]!;
    s.buttons = all;
    s.seen |= all;
    // Every button seen, not only those that changed: a pointerdown's code may have just pressed a
    // button its bitmask lacks (the spec's six first, the codes of any further bit once seen).
    for (let bit = 0; bit < 32 && (bit < 6 || s.seen >>> bit !== 0); bit++) {
      if ((all >>> bit) & 1) change(slotOf(POINTER_CODE_OF_BIT[bit]!), true);
      else {
        const slot = slots.get(POINTER_CODE_OF_BIT[bit]!);
        if (slot !== undefined) release(slot);
      }
    }
  }

  /** Nothing held, no pointer seen. */
  function reset(): void {
    changes.fill(0);
    s.pointerX = Number.NaN;
    s.pointerY = Number.NaN;
    s.buttons = 0;
    s.pointers = 0;
  }

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
      return s.pointerX;
    },
    get pointerY() {
      return s.pointerY;
    },
    get pointerButtons() {
      return s.buttons;
    },
  };
  return [
    state,
    () => {
      s.atStepStart = s.changes;
    },
    (record) => {
      const kind = record.kind;
      if (kind === 'blur') {
        // Focus left: the ups of keys held now will never arrive, so nothing stays stuck down.
        slots.forEach(release);
        s.buttons = 0;
        s.pointers = 0;
        return;
      }
      // 'keydown' and 'pointerdown' press, 'keyup' and 'pointerup' release; 'custom' does neither.
      if (record.code !== '') {
        if (kind.endsWith('down')) change(slotOf(record.code), true);
        else if (kind.endsWith('up')) release(slotOf(record.code));
      }
      // 'pointerdown', 'pointerup' and 'pointermove' move the pointer and say what it holds.
      if (kind[0] === 'p') {
        s.pointerX = record.x;
        s.pointerY = record.y;
        setPointer(record.pointerId, record.buttons | 0);
      }
    },
    reset,
  ];
}
