/**
 * Input per fixed step. Events arrive whenever the browser dispatches them, but a fixed step
 * stands for a span of time: the step that ends at T must see exactly the events that happened up
 * to T and after the previous step's end. A frame may run 0 steps (the events wait for the next
 * step) or 5 (each event goes to the one step whose span holds it, never to all five), so a press
 * is seen by exactly one step and the held state is right at every step.
 *
 * Storage is a ring buffer of preallocated records kept in timestamp order; pushing copies fields
 * into a record, taking a step only moves indices. Nothing is allocated per event or per step once
 * every key in use has been seen (see `inputState.ts`).
 */
import { createInputState } from './inputState.js';
import type { InputState, InputStateWriter } from './inputState.js';
import { finiteNumber, integerAtLeast, oneOf, optionalFunction, optionsObject, withDefault } from './validate.js';

const OWNER = 'createInputQueue';
const PUSH = 'InputQueue.push';

/**
 * Kinds of input event. `'keydown'`/`'keyup'` hold and release `code` (any string: keyboard codes
 * such as `'KeyW'`, or your own such as a gamepad button); `'pointerdown'`/`'pointerup'` also hold
 * and release `code` (by convention `'Pointer0'` for the primary button) and move the pointer, as
 * does `'pointermove'`; `'blur'` releases everything held; `'custom'` only carries `code` and `data`.
 */
export type InputEventKind = 'keydown' | 'keyup' | 'pointerdown' | 'pointerup' | 'pointermove' | 'blur' | 'custom';

/** One stored input event. The queue reuses these objects: read them during the step, do not keep them. */
export interface InputRecord {
  /** What happened; see {@link InputEventKind}. */
  kind: InputEventKind;
  /** When it happened, ms on the frame clock (`performance.now()`, which `event.timeStamp` uses). */
  timestampMs: number;
  /** Which key or button (`KeyboardEvent.code`, `'Pointer0'` …, or a custom name). Empty for `'pointermove'` and `'blur'`. */
  code: string;
  /** `KeyboardEvent.key` (layout-dependent character), empty otherwise. */
  key: string;
  /** True for an auto-repeated keydown (it does not press again). */
  repeat: boolean;
  /** Pointer x (CSS px, as the event gave it), 0 for non-pointer events. */
  x: number;
  /** Pointer y, 0 for non-pointer events. */
  y: number;
  /** The button that changed (`PointerEvent.button`), −1 when none. */
  button: number;
  /** Buttons held (`PointerEvent.buttons` bitmask), 0 for non-pointer events. */
  buttons: number;
  /** `PointerEvent.pointerId`, 0 for non-pointer events. */
  pointerId: number;
  /** Anything you attach to a `'custom'` event (undefined otherwise). */
  data: unknown;
}

/** What {@link InputQueue.push} takes: `kind` and `timestampMs`, any other field of {@link InputRecord} optional. */
export type InputEventInit = Pick<InputRecord, 'kind' | 'timestampMs'> & Partial<Omit<InputRecord, 'kind' | 'timestampMs'>>;

/** Options of {@link createInputQueue}. */
export interface InputQueueOptions {
  /** Most events held at once (waiting, plus those of the step being read). Default 256. */
  capacity?: number;
  /** Called when an event is dropped because the queue is full, with the total dropped so far. */
  onOverflow?: (droppedTotal: number) => void;
}

/** The events of one fixed step and the held state at its end. One reused object: read it during the step. */
export interface StepInput extends InputState {
  /** Steps taken so far minus one: 0 for the first step. */
  readonly stepIndex: number;
  /** End of the previous step's span, ms (−Infinity before the first). */
  readonly startMs: number;
  /** End of this step's span, ms: the `stepEndTimestampMs` given to `takeStep`. */
  readonly endMs: number;
  /** Events delivered to this step. */
  readonly count: number;
  /** The `index`-th event of this step (a whole number, 0 ≤ index < count; any other index is a RangeError), in timestamp order. */
  event(index: number): Readonly<InputRecord>;
}

/** A timestamped input queue handing each fixed step its own events; see {@link createInputQueue}. */
export interface InputQueue {
  /**
   * Store an event (copied: the object passed can be reused). Kept in timestamp order; equal
   * timestamps keep the order of arrival. Returns false when the queue was full and an event had
   * to be dropped (see {@link InputQueueOptions.capacity}). Throws a RangeError for an unknown
   * `kind` or a non-finite `timestampMs`.
   */
  push(event: Readonly<InputEventInit>): boolean;
  /**
   * Begin a fixed step whose span ends at `stepEndTimestampMs` (ms, the frame clock): hand it
   * every waiting event stamped at or before that time, apply them in order to the held state, and
   * return the step's {@link StepInput}. Events stamped later keep waiting.
   */
  takeStep(stepEndTimestampMs: number): StepInput;
  /** The latest step's input (before the first `takeStep`: no events, nothing held). */
  readonly step: StepInput;
  /** The held state as of the latest step's end. */
  readonly state: InputState;
  /** Events waiting for a later step. */
  readonly pending: number;
  /** Events dropped so far because the queue was full. */
  readonly dropped: number;
  /** The capacity given (or 256). */
  readonly capacity: number;
  /** Drop the waiting events (e.g. after a pause, if input given meanwhile must not act); the held state is kept. */
  clear(): void;
  /** Drop the waiting events and release everything held. */
  reset(): void;
}

const KINDS: readonly InputEventKind[] = ['keydown', 'keyup', 'pointerdown', 'pointerup', 'pointermove', 'blur', 'custom'];

/** Default capacity: minutes of typing, or a few seconds of a 120 Hz pointer while no step runs. */
const DEFAULT_CAPACITY = 256;

/** Copy `event` into `record`, the fields it leaves out at their defaults. */
function copy(event: Readonly<InputEventInit>, record: InputRecord): InputRecord {
  record.kind = event.kind;
  record.timestampMs = event.timestampMs;
  record.code = event.code ?? '';
  record.key = event.key ?? '';
  record.repeat = event.repeat ?? false;
  record.x = event.x ?? 0;
  record.y = event.y ?? 0;
  record.button = event.button ?? -1;
  record.buttons = event.buttons ?? 0;
  record.pointerId = event.pointerId ?? 0;
  record.data = event.data;
  return record;
}

/**
 * Create an input queue for fixed steps. Push timestamped events as they arrive; at the start of
 * each fixed step call `takeStep(stepEndTimestampMs)` and read the step's events and held state.
 *
 * Which step gets an event: the first step taken after the push whose span end is at or after the
 * event's timestamp. So an event is delivered exactly once, in timestamp order; an event stamped in
 * the future waits for its step; an event stamped before the latest step's end (dispatched late)
 * goes to the next step taken, never to a past one; events pushed out of order are sorted.
 *
 * Memory is bounded by `capacity`. When full, the oldest waiting event is dropped (so a press is
 * lost before the release that follows it, and the newest input always gets in), `dropped` counts
 * it, `onOverflow` is called and `push` returns false. It only fills when steps stop being taken
 * for a long time (a paused clock with a moving pointer): `clear()` on resume if that input should
 * not act.
 *
 * Throws a RangeError naming the option for a bad `capacity` or `onOverflow`.
 *
 * @example
 * ```ts
 * import { createInputQueue } from 'react-timestep/core';
 *
 * const input = createInputQueue();
 * input.push({ kind: 'keydown', code: 'Space', timestampMs: 1005 });
 * input.push({ kind: 'keyup', code: 'Space', timestampMs: 1030 });
 * // a frame that runs two 1/60 s steps ending at 1016.7 and 1033.3 ms:
 * input.takeStep(1016.7).pressed('Space'); // true: went down in this step
 * input.takeStep(1033.3).isDown('Space'); // false: released in this step
 * ```
 */
export function createInputQueue(options?: InputQueueOptions): InputQueue {
  const o = optionsObject(OWNER, options, false, ['capacity', 'onOverflow']);
  const capacity = integerAtLeast(OWNER, 'capacity', withDefault(o.capacity, DEFAULT_CAPACITY), 1);
  const onOverflow = optionalFunction<(droppedTotal: number) => void>(OWNER, 'onOverflow', o.onOverflow);

  const ring: InputRecord[] = [];
  for (let i = 0; i < capacity; i++) ring.push(copy({ kind: 'custom', timestampMs: 0 }, {} as InputRecord));
  // Ring layout from `head`: `taken` records of the current step (kept until the next takeStep,
  // so a push during the step cannot overwrite what the step is reading), then `waiting` records.
  // `head`, `taken` and `waiting` are below `capacity`: small integers, which a `let` holds
  // unboxed. counters: [dropped, stepIndex + 1, startMs, endMs], in a Float64Array because these
  // grow without bound (past V8's small-integer range a `let` would box each new count).
  let head = 0;
  let taken = 0;
  let waiting = 0;
  const counters = new Float64Array(4).fill(-Infinity, 2);
  const [state, beginStep, apply, resetState]: InputStateWriter = createInputState();

  const at = (offset: number): number => (head + offset) % capacity;

  function dropOldestWaiting(): void {
    const freed = ring[at(taken)]!;
    // Shift the taken records up by one so the freed record sits at the head, then drop it.
    for (let j = taken; j > 0; j--) ring[at(j)] = ring[at(j - 1)]!;
    ring[at(0)] = freed;
    head = (head + 1) % capacity;
    waiting--;
  }

  // The held state's members (isDown, pressed …, pointerX …) are the step's through its prototype.
  const step: StepInput = {
    __proto__: state,
    get stepIndex() {
      return counters[1]! - 1;
    },
    get startMs() {
      return counters[2]!;
    },
    get endMs() {
      return counters[3]!;
    },
    get count() {
      return taken;
    },
    event(index: number) {
      if (!(Number.isInteger(index) && index >= 0 && index < taken)) {
        throw new RangeError(`StepInput.event: index must be a whole number in [0, ${taken}), got ${index}`);
      }
      return ring[at(index)]!;
    },
  } as unknown as StepInput;

  return {
    push(event) {
      oneOf(PUSH, 'kind', (event as Partial<InputEventInit> | null)?.kind, KINDS);
      const t = event.timestampMs;
      // Checked here, the validator called only to throw: passing the fractional timestamp to a
      // call V8 did not inline would box it (a HeapNumber per event).
      if (!Number.isFinite(t)) finiteNumber(PUSH, 'timestampMs', t);
      const stored = taken + waiting < capacity;
      if (!stored) {
        counters[0] = counters[0]! + 1;
        // With nothing waiting, everything held belongs to the step being read: this event is the
        // one that cannot fit.
        const anyWaiting = waiting > 0;
        if (anyWaiting) dropOldestWaiting();
        onOverflow?.(counters[0]!);
        if (!anyWaiting) return false;
      }
      let position = taken + waiting;
      const record = copy(event, ring[at(position)]!);
      // Insertion into timestamp order among the waiting records: usually zero moves (events come
      // in order); strictly later only, so equal timestamps keep their order of arrival.
      while (position > taken) {
        const before = ring[at(position - 1)]!;
        if (before.timestampMs <= t) break;
        ring[at(position)] = before;
        position--;
      }
      ring[at(position)] = record;
      waiting++;
      return stored;
    },
    takeStep(stepEndTimestampMs) {
      if (typeof stepEndTimestampMs !== 'number' || Number.isNaN(stepEndTimestampMs)) {
        throw new RangeError(`InputQueue.takeStep: \`stepEndTimestampMs\` must be a number (ms), got ${String(stepEndTimestampMs)}`);
      }
      // The previous step's records are released now, no earlier (see the ring layout).
      head = (head + taken) % capacity;
      taken = 0;
      counters[2] = counters[3]!;
      counters[3] = stepEndTimestampMs;
      counters[1] = counters[1]! + 1;
      beginStep();
      // `taken` counts the records applied: at(taken) is the next waiting one.
      while (taken < waiting) {
        const record = ring[at(taken)]!;
        if (record.timestampMs > stepEndTimestampMs) break;
        apply(record);
        taken++;
      }
      waiting -= taken;
      return step;
    },
    step,
    state,
    get pending() {
      return waiting;
    },
    get dropped() {
      return counters[0]!;
    },
    capacity,
    clear() {
      waiting = 0;
    },
    reset() {
      waiting = 0;
      resetState();
    },
  };
}
