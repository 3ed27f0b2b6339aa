// Input per fixed step: a frame may run 0 or 5 steps, and each event must reach the one step whose
// span holds it, so a press is seen once. Rules and memory: docs/core.md#createinputqueue.
import { createInputState } from './inputState.js';
import type { InputState, InputStateWriter } from './inputState.js';
import { finiteNumber, integerAtLeast, oneOf, optionalFunction, optionsObject, withDefault } from './validate.js';

const OWNER = 'createInputQueue';
const PUSH = 'InputQueue.push';

/**
 * Kinds of input event: key and pointer events hold and release `code` (any string, e.g. a gamepad
 * button); `'blur'` releases everything; `'custom'` only carries `code` and `data`. Depth: docs/core.md.
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
  /** Store a copy of the event; false when the oldest waiting one was dropped to make room. */
  push(event: Readonly<InputEventInit>): boolean;
  /** Begin the step ending at `stepEndTimestampMs`: it gets every waiting event stamped up to then, in order. */
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

// Minutes of typing, or a few seconds of a 120 Hz pointer while no step runs.
const DEFAULT_CAPACITY = 256;

// Older (or future) `event.timeStamp`s are on another clock, ms.
const MAX_EVENT_AGE_MS = 1000;

/** An event's time on the frame clock: its own stamp if in the last second, else `nowMs` (jsdom stamps epoch ms). @internal */
export function eventTimeMs(eventTimeStampMs: number, nowMs: number): number {
  return eventTimeStampMs <= nowMs && eventTimeStampMs >= nowMs - MAX_EVENT_AGE_MS ? eventTimeStampMs : nowMs;
}

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

/** An input queue with its entry for a fixed clock's step. @internal */
export type QueueOfSteps = InputQueue & {
  /**
   * `takeStep(step.stepEndTimestampMs)` for a fixed clock's step (always a number), read here so
   * the caller hands over no number to box (docs/performance.md).
   */
  takeStepOf(step: { readonly stepEndTimestampMs: number }): StepInput;
};

/**
 * Create an input queue for fixed steps: push timestamped events as they arrive, and call
 * `takeStep(stepEndTimestampMs)` at the start of each step to read its events and held state.
 * Each event goes to one step, in timestamp order. Depth: docs/core.md#createinputqueue.
 */
export function createInputQueue(options?: InputQueueOptions): InputQueue {
  const o = optionsObject(OWNER, options, false, ['capacity', 'onOverflow']);
  const capacity = integerAtLeast(OWNER, 'capacity', withDefault(o.capacity, DEFAULT_CAPACITY), 1);
  const onOverflow = optionalFunction<(droppedTotal: number) => void>(OWNER, 'onOverflow', o.onOverflow);

  // A step swaps each record it takes with a free one of `stepRecords`, so a push during the step
  // never overwrites what the step is reading.
  const wait: InputRecord[] = [];
  const stepRecords: InputRecord[] = [];
  for (let i = 0; i < capacity; i++) {
    wait.push(blank());
    stepRecords.push(blank());
  }
  // Fields, not closure `let`s. Why: docs/performance.md.
  const n = { head: 0, waiting: 0, taken: 0, dropped: 0, stepIndex: -1, startMs: -Infinity, endMs: -Infinity, nextEndMs: -Infinity };
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

  /** Take the step ending at `n.nextEndMs` (see takeStep). */
  function takeNext(): StepInput {
    n.startMs = n.endMs;
    const endMs = n.nextEndMs;
    n.endMs = endMs;
    n.stepIndex++;
    beginStep();
    let taken = 0;
    while (taken < n.waiting) {
      const index = at(taken);
      const record = wait[index]!;
      if (record.timestampMs > endMs) break;
      apply(record);
      wait[index] = stepRecords[taken]!;
      stepRecords[taken] = record;
      taken++;
    }
    n.head = at(taken);
    n.waiting -= taken;
    n.taken = taken;
    return step;
  }

  const queue: QueueOfSteps = {
    takeStepOf(stepInfo) {
      n.nextEndMs = stepInfo.stepEndTimestampMs;
      return takeNext();
    },
    push(event) {
      oneOf(PUSH, 'kind', (event as Partial<InputEventInit> | null)?.kind, KINDS);
      const t = event.timestampMs;
      // The validator only on failure: a non-inlined call would box `t`. Why: docs/performance.md.
      if (!Number.isFinite(t)) finiteNumber(PUSH, 'timestampMs', t);
      const stored = n.waiting < capacity;
      if (!stored) {
        n.head = at(1);
        n.waiting--;
        n.dropped++;
        onOverflow?.(n.dropped);
      }
      let position = n.waiting;
      const record = copy(event, wait[at(position)]!);
      // Strictly later only, so equal timestamps keep their order of arrival.
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
      n.nextEndMs = stepEndTimestampMs;
      return takeNext();
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
  return queue;
}
