import { useEffect, useMemo } from 'react';
import type { RefObject } from 'react';
import { createInputQueue } from '../core/inputQueue.js';
import type { InputEventInit, InputEventKind, InputQueue } from '../core/inputQueue.js';
import { optionalFunction } from '../core/validate.js';
import type { FixedClock, FixedUpdate } from '../scheduler/fixedClock.js';
import { renameOwner } from './renameOwner.js';
import { useLatest } from './useLatest.js';
import { useStepStart } from './useStepStart.js';

/** Options of {@link useStepInput}. */
export interface UseStepInputOptions {
  /**
   * Where to listen: an EventTarget, or a ref to one (an element; give it `tabIndex` for keys).
   * Default `window` (in the browser; nothing is attached on the server).
   */
  target?: EventTarget | RefObject<EventTarget | null> | null;
  /** Listen to `keydown`/`keyup` (held by `event.code`). Default true. */
  keyboard?: boolean;
  /** Listen to `pointerdown`/`pointerup`/`pointercancel` (held as `'Pointer' + button`) and `pointermove`. Default true. */
  pointer?: boolean;
  /** Codes whose default browser action is prevented (e.g. `['Space', 'ArrowUp']` so the page does not scroll). Default none. */
  preventDefault?: readonly string[];
  /** Most events held at once; see `createInputQueue`. Default 256. Read at mount. */
  capacity?: number;
  /** Called when an event is dropped because the queue is full, with the total dropped so far. */
  onOverflow?: (droppedTotal: number) => void;
  /**
   * The fixed clock whose every step begins by taking that step's input
   * (`takeStep(step.stepEndTimestampMs)`), before any other job of the step; read `queue.step` in
   * your updates. Default: the nearest `<FixedClockProvider>`'s clock. `null`, or no provider:
   * none; call `takeStep` yourself at the start of each step.
   */
  clock?: FixedClock | null;
  /**
   * The time of an event, ms on the frame clock. Default `event.timeStamp` (the time the browser
   * received it, on the `performance.now()` clock that frame timestamps use). Tests driving a
   * manual frame source pass its clock: `() => source.now()`.
   */
  timestamp?: (event: Event) => number;
}

/** Codes of pointer buttons by button number, each made once so a pointer event allocates no string after the first. */
const pointerCodes: string[] = [];

const defaultTimestamp = (event: Event): number => event.timeStamp;

/** The events listened to: always `blur`, then the keyboard's and the pointer's as enabled. */
const KEY_EVENTS = ['keydown', 'keyup'];
const POINTER_EVENTS = ['pointerdown', 'pointerup', 'pointercancel', 'pointermove'];

/** The element to listen on; null or undefined: none (no `window` on the server, an empty ref). */
function resolveTarget(target: UseStepInputOptions['target']): EventTarget | null | undefined {
  if (target === undefined) return typeof window === 'undefined' ? null : window;
  return target && (typeof (target as EventTarget).addEventListener === 'function' ? (target as EventTarget) : (target as RefObject<EventTarget | null>).current);
}

/**
 * Keyboard and pointer input handed to fixed steps: each step sees exactly the events whose
 * timestamps fall in its span, and the held state (keys, buttons, pointer position) as of its end
 * (see `createInputQueue` in `react-timestep/core`). A press is seen by exactly one step, whether
 * the frame runs 0, 1 or 5 steps. Losing focus (`blur`) releases every held key.
 *
 * Returns the stable queue. Under a `<FixedClockProvider>` (or with `clock`) every step of the
 * shared clock takes its input first, by the step's real end time; read `queue.step`
 * (`pressed('Space')`, `isDown('KeyW')`, the events) in your `useFixedUpdate`. Without a clock,
 * call `queue.takeStep(stepEndTimestampMs)` at the start of each step yourself. Never re-renders.
 *
 * Throws a RangeError naming `useStepInput` and the option for a bad `capacity` or `onOverflow`.
 *
 * @example
 * ```tsx
 * function Player() {
 *   const input = useStepInput({ preventDefault: ['Space'] });
 *   useFixedUpdate((dt) => {
 *     if (input.step.pressed('Space')) jump(); // went down during this step: seen by this step only
 *     if (input.step.isDown('KeyD')) walk(dt); // held at this step's end
 *   });
 *   return null;
 * }
 * // <FixedClockProvider step={1 / 60}><Player /></FixedClockProvider>
 * ```
 */
export function useStepInput(options: UseStepInputOptions = {}): InputQueue {
  const { target, keyboard = true, pointer = true, capacity } = options;
  // The latest committed options: overflow handler, clock of the event times, codes to prevent.
  const latest = useLatest(options);
  // The queue, and the update that hands each step its input (stable with the queue).
  const [queue, takeInput] = useMemo(
    (): [InputQueue, FixedUpdate] => {
      const made = renameOwner('createInputQueue', 'useStepInput', () =>
        createInputQueue({ capacity, onOverflow: (total) => latest.current.onOverflow?.(total) }),
      );
      return [made, (_dt, step) => void made.takeStep(step.stepEndTimestampMs)];
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- capacity is read at mount
    [],
  );
  optionalFunction('useStepInput', 'onOverflow', options.onOverflow);

  useEffect(() => {
    const element = resolveTarget(target);
    if (!element) return;
    // One reused record per source: a DOM event allocates nothing here (the queue copies the
    // fields, and fills in the defaults of those a source does not set). Every event sets `kind`
    // and `timestampMs` before the record is pushed, so the records start empty.
    const keyRecord = {} as InputEventInit;
    const pointerRecord = {} as InputEventInit;
    const blurRecord = {} as InputEventInit;
    const listener = (event: Event): void => {
      const type = event.type;
      let record = blurRecord;
      if (type[0] === 'k') {
        const e = event as KeyboardEvent;
        record = keyRecord;
        record.code = e.code;
        record.key = e.key;
        record.repeat = e.repeat;
      } else if (type[0] === 'p') {
        const e = event as PointerEvent;
        record = pointerRecord;
        // Buttons are held as 'Pointer' + button; a cancelled pointer lets go as an up would.
        record.code = type === 'pointermove' ? '' : (pointerCodes[e.button] ??= `Pointer${e.button}`);
        record.x = e.clientX;
        record.y = e.clientY;
        record.button = e.button;
        record.buttons = e.buttons;
        record.pointerId = e.pointerId;
      }
      record.kind = (type === 'pointercancel' ? 'pointerup' : type) as InputEventKind;
      record.timestampMs = (latest.current.timestamp ?? defaultTimestamp)(event);
      queue.push(record);
      if (record.code && latest.current.preventDefault?.includes(record.code)) event.preventDefault();
    };
    const types = ['blur', ...(keyboard ? KEY_EVENTS : []), ...(pointer ? POINTER_EVENTS : [])];
    for (const type of types) element.addEventListener(type, listener);
    return () => {
      for (const type of types) element.removeEventListener(type, listener);
    };
  }, [queue, target, keyboard, pointer, latest]);

  useStepStart(options.clock, takeInput);

  return queue;
}
