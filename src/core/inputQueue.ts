/**
 * Input per fixed step. Events arrive whenever the browser dispatches them, but a fixed step
 * stands for a span of time: the step that ends at T must see exactly the events that happened up
 * to T and after the previous step's end. A frame may run 0 steps (the events wait for the next
 * step) or 5 (each event goes to the one step whose span holds it, never to all five), so a press
 * is seen by exactly one step and the held state is right at every step.
 *
 * Storage is preallocated records: a ring of waiting ones kept in timestamp order, and the step
 * being read's own. Pushing copies fields into a record; taking a step swaps records between the
 * two. Nothing is allocated per event or per step once every key in use has been seen (see
 * `inputState.ts`).
 */
import { createInputState } from './inputState.js';
import type { InputState, InputStateWriter } from './inputState.js';
import { finiteNumber, integerAtLeast, oneOf, optionalFunction, optionsObject, withDefault } from './validate.js';

const OWNER = 'createInputQueue';
const PUSH = 'InputQueue.push';

/**
 * Kinds of input event. `'keydown'`/`'keyup'` hold and release `code` (any string: keyboard codes
 * such as `'KeyW'`, or your own such as a gamepad button); `'pointerdown'`/`'pointerup'` also hold
 * and release `code` (by convention `'Pointer0'` for the primary button); every pointer event moves
 * the pointer and sets what its pointer holds from `buttons` (useStepInput hands a `pointercancel`
 * on as a `'pointerup'` with button −1); `'blur'` releases everything held; `'custom'` only carries
 * `code` and `data`.
 */
export type InputEventKind = 'keydown' | 'keyup' | 'pointerdown' | 'pointerup' | 'pointermove' | 'blur' | 'custom';

/** One stored input event. The queue reuses these objects: read them during the step, do not keep them. */
export interface InputRecord {
  /** What happened; see {@link InputEventKind}. */
  kind: InputEventKind;
  /** When it happened, ms on the frame clock (`performance.now()`, which `event.timeStamp` uses). */
  timestampMs: number;
  /** Which key or button (`KeyboardEvent.code`, `'Pointer0'` …, or a custom name). Empty for `'blur'` and a pointer event that changed no button. */
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
  /** Buttons held by this pointer (`PointerEvent.buttons` bitmask), 0 for non-pointer events: what a pointer event holds (see {@link InputState.pointerButtons}). */
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
  /** Most events waiting for a step at once (the step being read keeps its own, up to as many again). Default 256. */
  capacity?: number;
  /** Called when the oldest waiting event is dropped because `capacity` events wait, with the total dropped so far. */
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
   * timestamps keep the order of arrival. It always gets in: when `capacity` events already wait,
   * the oldest waiting one is dropped (counted in `dropped`) and push returns false. Throws a
   * RangeError for an unknown `kind` or a non-finite `timestampMs`.
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
  /** Events dropped so far, oldest first, because `capacity` events waited when another came: input that no step saw. */
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

/** How old an event's own time may be at dispatch, ms; beyond it (or in the future) it is not on the frame clock. */
const MAX_EVENT_AGE_MS = 1000;

/**
 * The time of an event on the frame clock: `eventTimeStampMs` (`Event.timeStamp`, when the browser
 * received it) if it lies in the last second up to `nowMs` (the frame clock at dispatch), else
 * `nowMs`. jsdom stamps events with `Date.now()`, epoch milliseconds, and a simulated display runs
 * its own clock: those stamps are not on the frame clock, and would put the event in a step that
 * never comes. @internal
 */
export function eventTimeMs(eventTimeStampMs: number, nowMs: number): number {
  return eventTimeStampMs <= nowMs && eventTimeStampMs >= nowMs - MAX_EVENT_AGE_MS ? eventTimeStampMs : nowMs;
}

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

const blank = (): InputRecord => copy({ kind: 'custom', timestampMs: 0 }, {} as InputRecord);

/**
 * Create an input queue for fixed steps. Push timestamped events as they arrive; at the start of
 * each fixed step call `takeStep(stepEndTimestampMs)` and read the step's events and held state.
 *
 * Which step gets an event: the first step taken after the push whose span end is at or after the
 * event's timestamp, so each event is delivered once, in timestamp order (late ones to the next step).
 * At most `capacity` events wait: beyond that the oldest waiting is dropped and counted in `dropped`,
 * so the newest always gets in. Throws a RangeError naming a bad option.
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

  // `waiting` records from `head` in the ring `wait`, in timestamp order; the step being read's
  // `taken` records in `stepRecords`. A step swaps each record it takes with a free one of `stepRecords`, so a
  // push during the step can never overwrite what the step is reading, and waiting always has room.
  const wait: InputRecord[] = [];
  const stepRecords: InputRecord[] = [];
  for (let i = 0; i < capacity; i++) {
    wait.push(blank());
    stepRecords.push(blank());
  }
  // Named numbers: a field that holds a double keeps it in place (no allocation per store).
  const n = { head: 0, waiting: 0, taken: 0, dropped: 0, stepIndex: -1, startMs: -Infinity, endMs: -Infinity };
  const [state, beginStep, apply, resetState]: InputStateWriter = createInputState();

  const at = (offset: number): number => (n.head + offset) % capacity;

  // The held state's members (isDown, pressed …, pointerX …) are the step's through its prototype.
  const step: StepInput = {
    __proto__: state,
    get stepIndex() {
      return n.stepIndex;
    },
    get startMs() {
      return n.startMs;
    },
    get endMs() {
      return n.endMs;
    },
    get count() {
      return n.taken;
    },
    event(index: number) {
      if (!(Number.isInteger(index) && index >= 0 && index < n.taken)) {
        throw new RangeError(`StepInput.event: index must be a whole number in [0, ${n.taken}), got ${index}`);
      }
      return stepRecords[index]!;
    },
  } as unknown as StepInput;

  return {
    push(event) {
      oneOf(PUSH, 'kind', (event as Partial<InputEventInit> | null)?.kind, KINDS);
      const t = event.timestampMs;
      // Checked here, the validator called only to throw: passing the fractional timestamp to a
      // call V8 did not inline would box it (a HeapNumber per event).
      if (!Number.isFinite(t)) finiteNumber(PUSH, 'timestampMs', t);
      const stored = n.waiting < capacity;
      if (!stored) {
        // The oldest waiting record is the one to lose; the new event takes the room.
        n.head = at(1);
        n.waiting--;
        n.dropped++;
        onOverflow?.(n.dropped);
      }
      let position = n.waiting;
      const record = copy(event, wait[at(position)]!);
      // Insertion into timestamp order: usually zero moves (events come in order); strictly later
      // only, so equal timestamps keep their order of arrival.
      while (position > 0) {
        const before = wait[at(position - 1)]!;
        if (before.timestampMs <= t) break;
        wait[at(position)] = before;
        position--;
      }
      wait[at(position)] = record;
      n.waiting++;
      return stored;
    },
    takeStep(stepEndTimestampMs) {
      if (typeof stepEndTimestampMs !== 'number' || Number.isNaN(stepEndTimestampMs)) {
        throw new RangeError(`InputQueue.takeStep: \`stepEndTimestampMs\` must be a number (ms), got ${String(stepEndTimestampMs)}`);
      }
      n.startMs = n.endMs;
      n.endMs = stepEndTimestampMs;
      n.stepIndex++;
      beginStep();
      // The previous step's records are free now: each one taken trades places with a free one.
      let taken = 0;
      while (taken < n.waiting) {
        const index = at(taken);
        const record = wait[index]!;
        if (record.timestampMs > stepEndTimestampMs) break;
        apply(record);
        wait[index] = stepRecords[taken]!;
        stepRecords[taken] = record;
        taken++;
      }
      n.head = at(taken);
      n.waiting -= taken;
      n.taken = taken;
      return step;
    },
    step,
    state,
    get pending() {
      return n.waiting;
    },
    get dropped() {
      return n.dropped;
    },
    capacity,
    clear() {
      n.waiting = 0;
    },
    reset() {
      n.waiting = 0;
      resetState();
    },
  };
}
