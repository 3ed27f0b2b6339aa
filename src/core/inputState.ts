// Held input as of a step's end, not of the frame that ran it: a step's events applied in time order.
import type { InputRecord } from './inputQueue.js';

/** Held input as of the end of the latest step; see {@link InputQueue.state}. */
export interface InputState {
  /** True while `code` is held (pointer buttons: docs/core.md#createinputqueue). */
  isDown(code: string): boolean;
  /** True when `code` went down during the latest step (auto-repeat does not count). */
  pressed(code: string): boolean;
  /** True when `code` went up during the latest step (a `'blur'` releases every code). */
  released(code: string): boolean;
  /** Codes held now (a fresh array: for debugging and displays, not for every step). */
  heldCodes(): string[];
  /** Pointer x of the latest pointer event up to the step's end (CSS px), NaN before any. */
  readonly pointerX: number;
  /** Pointer y of the latest pointer event up to the step's end. NaN before any. */
  readonly pointerY: number;
  /** Every pointer's latest `buttons` bitmask, or-ed (bit 0 `'Pointer0'`, bit 1 `'Pointer2'`, bit 2 `'Pointer1'`). */
  readonly pointerButtons: number;
}

/** The held state and the functions only the queue drives. @internal */
export type InputStateWriter = readonly [
  state: InputState,
  /** A new step begins: pressed/released now refer to it. */
  beginStep: () => void,
  /** Apply one event (in time order). */
  apply: (record: Readonly<InputRecord>) => void,
  /** Forget everything (nothing held). */
  reset: () => void,
];

// Pointer Events: `buttons` bit 1 is button 2 (secondary), bit 2 is button 1 (auxiliary).
const swap12 = (n: number): number => (n === 1 ? 2 : n === 2 ? 1 : n);

// Made once so a pointer event allocates no string.
const POINTER_CODE_OF_BIT: readonly string[] = Array.from({ length: 32 }, (_, bit) => `Pointer${swap12(bit)}`);

/** `'Pointer' + button`, `''` for −1 (no button changed). @internal */
export function pointerCode(button: number): string {
  return POINTER_CODE_OF_BIT[swap12(button)] ?? '';
}

const INITIAL_SLOTS = 64;
// Ten fingers, a pen and a mouse fit; a further pointer takes the last place.
const MAX_POINTERS = 16;

/**
 * Create the held-input state. Each code keeps the numbers of the changes that last pressed and
 * released it (from 1; 0 = never): down when the press is later, in this step when above the count
 * at the step's start. A pointer's latest `buttons` is the truth (a chord arrives as a move). @internal
 */
export function createInputState(): InputStateWriter {
  const slots = new Map<string, number>();
  // [pressed at, released at] per slot; doubles: exact change counts to 2^53.
  let changes = new Float64Array(INITIAL_SLOTS);
  const pointerIds = new Float64Array(MAX_POINTERS);
  const pointerMasks = new Int32Array(MAX_POINTERS);
  // Fields, not closure `let`s. Why: docs/performance.md.
  const s = { changes: 0, atStepStart: 0, pointerX: Number.NaN, pointerY: Number.NaN, buttons: 0, pointers: 0, seen: 0 };

  // A slot the first time a code is seen, so later events allocate nothing.
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

  function change(slot: number, down: boolean): void {
    if (isDown(slot) === down) return;
    s.changes++;
    changes[down ? slot : slot + 1] = s.changes;
  }
  const release = (slot: number): void => change(slot, false);

  const inStep = (slot: number | undefined, offset: number): boolean => slot !== undefined && changes[slot + offset]! > s.atStepStart;

  function setPointer(id: number, mask: number): void {
    let i = 0;
    while (i < s.pointers && pointerIds[i] !== id) i++;
    if (i === s.pointers && mask !== 0) {
      if (s.pointers < MAX_POINTERS) s.pointers++;
      else i = MAX_POINTERS - 1;
      pointerIds[i] = id;
    }
    if (i < s.pointers) pointerMasks[i] = mask;
    if (mask === 0 && i < s.pointers) {
      s.pointers--;
      pointerIds[i] = pointerIds[s.pointers]!;
      pointerMasks[i] = pointerMasks[s.pointers]!;
    }
    let all = 0;
    for (let j = 0; j < s.pointers; j++) all |= pointerMasks[j]!;
    s.buttons = all;
    s.seen |= all;
    // Every button seen, not only those that changed: a pointerdown's code may have pressed a button its bitmask lacks.
    for (let bit = 0; bit < 32 && (bit < 6 || s.seen >>> bit !== 0); bit++) {
      if ((all >>> bit) & 1) change(slotOf(POINTER_CODE_OF_BIT[bit]!), true);
      else {
        const slot = slots.get(POINTER_CODE_OF_BIT[bit]!);
        if (slot !== undefined) release(slot);
      }
    }
  }

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
      if (record.code !== '') {
        if (kind.endsWith('down')) change(slotOf(record.code), true);
        else if (kind.endsWith('up')) release(slotOf(record.code));
      }
      if (kind[0] === 'p') {
        s.pointerX = record.x;
        s.pointerY = record.y;
        setPointer(record.pointerId, record.buttons | 0);
      }
    },
    reset,
  ];
}
