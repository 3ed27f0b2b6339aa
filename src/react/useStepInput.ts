import { useContext, useEffect, useMemo } from 'react';
import type { RefObject } from 'react';
import { createInputQueue, eventTimeMs, type QueueOfSteps } from '../core/internal.js';
import type { InputEventInit, InputEventKind, InputQueue } from '../core/internal.js';
import { pointerCode } from '../core/internal.js';
import { booleanValue, optionalFunction, optionsObject } from '../core/internal.js';
import type { FixedClock, FixedUpdate } from '../scheduler/internal.js';
import { FrameSourceOverrideContext } from './frameSourceOverride.js';
import { renameOwner } from './renameOwner.js';
import { useLatest } from './useLatest.js';
import { useStepStart } from './useStepStart.js';

/** Options of {@link useStepInput}. */
export interface UseStepInputOptions {
  /** An EventTarget or a ref to one (give an element `tabIndex` for keys). Default `window`. */
  target?: EventTarget | RefObject<EventTarget | null> | null;
  /** Listen to `keydown`/`keyup` (held by `event.code`). Default true. */
  keyboard?: boolean;
  /** Listen to pointer events (buttons held as `'Pointer' + button`). Default true. */
  pointer?: boolean;
  /** Codes whose default browser action is prevented (e.g. `['Space']`). Default none. */
  preventDefault?: readonly string[];
  /** Most events held at once; see `createInputQueue`. Default 256. Read at mount. */
  capacity?: number;
  /** Called with the total dropped when the oldest waiting event is dropped. */
  onOverflow?: (droppedTotal: number) => void;
  /** The clock whose steps take their input first. Default: the provider's; `null`: call `takeStep` yourself. */
  clock?: FixedClock | null;
  /** The time of an event, ms on the frame clock. Default: the frame clock at the event (docs/fixed-clock.md). */
  timestamp?: (event: Event) => number;
}

const KEY_EVENTS = ['keydown', 'keyup'];
const POINTER_EVENTS = ['pointerdown', 'pointerup', 'pointercancel', 'pointermove'];
const OPTION_KEYS = ['target', 'keyboard', 'pointer', 'preventDefault', 'capacity', 'onOverflow', 'clock', 'timestamp'];
const OWNER = 'useStepInput';

const isEventTarget = (value: unknown): value is EventTarget => typeof (value as EventTarget | null)?.addEventListener === 'function';

// Read at call time: fake timers replace it.
function performanceNow(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf && typeof perf.now === 'function' ? perf.now() : Date.now();
}

function resolveTarget(target: UseStepInputOptions['target']): EventTarget | null {
  if (target === undefined) return typeof window === 'undefined' ? null : window;
  const element = isEventTarget(target) ? target : target?.current;
  return isEventTarget(element) ? element : null;
}

function bad(name: string, value: unknown, expected: string): never {
  const shown = typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : typeof value;
  throw new RangeError(`${OWNER}: option \`${name}\` must be ${expected}, got ${shown}`);
}

function checkOptions(options: unknown): UseStepInputOptions {
  const o = optionsObject(OWNER, options, false, OPTION_KEYS);
  const { target, clock, preventDefault } = o;
  if (target != null && !isEventTarget(target) && !(typeof target === 'object' && 'current' in target)) bad('target', target, 'an EventTarget, a ref to one, or null');
  if (clock != null && typeof (clock as FixedClock).addUpdate !== 'function') bad('clock', clock, 'a fixed clock or null');
  if (preventDefault !== undefined && !(Array.isArray(preventDefault) && preventDefault.every((c) => typeof c === 'string'))) {
    bad('preventDefault', preventDefault, 'an array of codes');
  }
  for (const name of ['keyboard', 'pointer']) if (o[name] !== undefined) booleanValue(OWNER, name, o[name]);
  optionalFunction(OWNER, 'onOverflow', o.onOverflow);
  optionalFunction(OWNER, 'timestamp', o.timestamp);
  return o as UseStepInputOptions;
}

/**
 * Keyboard and pointer input handed to fixed steps: each step sees the events of its span and the
 * held state at its end; read `queue.step` in your `useFixedUpdate`. Returns the stable queue and
 * never re-renders. Depth: docs/fixed-clock.md#usestepinput--input-per-fixed-step.
 *
 * @example
 * ```tsx
 * const input = useStepInput({ preventDefault: ['Space'] });
 * useFixedUpdate(() => {
 *   if (input.step.pressed('Space')) jump(); // seen by this step only
 * });
 * ```
 */
export function useStepInput(options: UseStepInputOptions = {}): InputQueue {
  const { target, keyboard = true, pointer = true } = checkOptions(options);
  const latest = useLatest(options);
  const display = useLatest(useContext(FrameSourceOverrideContext));
  const [queue, takeInput, link] = useMemo(() => {
    const made = renameOwner('createInputQueue', OWNER, () => createInputQueue({ capacity: options.capacity, onOverflow: (total) => latest.current.onOverflow?.(total) })) as QueueOfSteps;
    // One reused record per source: a DOM event allocates nothing here (the queue copies it).
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
        record.code = pointerCode(e.button);
        record.x = e.clientX;
        record.y = e.clientY;
        record.button = e.button;
        record.buttons = e.buttons;
        record.pointerId = e.pointerId;
      } else if (type === 'visibilitychange' && (event.target as Document).visibilityState !== 'hidden') return;
      record.kind = (type === 'pointercancel' ? 'pointerup' : type === 'visibilitychange' ? 'blur' : type) as InputEventKind;
      const source = display.current;
      const custom = latest.current.timestamp;
      record.timestampMs = custom ? custom(event) : source ? source.now() : eventTimeMs(event.timeStamp, performanceNow());
      made.push(record);
      if (record.code && latest.current.preventDefault?.includes(record.code)) event.preventDefault();
    };
    const attached = { element: null as EventTarget | null, document: null as EventTarget | null, types: [] as string[], wanted: [] as string[], active: false };
    const sync = (): void => {
      const next = attached.active ? resolveTarget(latest.current.target) : null;
      if (next === attached.element) return;
      const previous = attached.element;
      if (previous) {
        for (const type of attached.types) previous.removeEventListener(type, listener);
        attached.document?.removeEventListener('visibilitychange', listener);
        // The ups of keys held now will never be seen here: release them as a blur does.
        if (made.pending > 0 || made.state.heldCodes().length > 0) listener(new Event('blur'));
      }
      attached.element = next;
      attached.types = attached.wanted;
      attached.document = next && typeof document !== 'undefined' ? document : null;
      if (!next) return;
      for (const type of attached.types) next.addEventListener(type, listener);
      attached.document?.addEventListener('visibilitychange', listener);
    };
    const take: FixedUpdate = (_dt, step) => {
      // A keyed remount below this component replaces the element behind a ref without rendering here.
      sync();
      // The step, not its end time: a number passed to a call V8 does not inline is boxed.
      made.takeStepOf(step);
    };
    return [made, take, { attached, sync }] as const;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- capacity is read at mount
  }, []);

  useEffect(() => {
    link.attached.wanted = ['blur', ...(keyboard ? KEY_EVENTS : []), ...(pointer ? POINTER_EVENTS : [])];
    link.attached.active = true;
    link.sync();
    return () => {
      link.attached.active = false;
      link.sync();
    };
  }, [link, target, keyboard, pointer]);
  // After every commit: the element behind a ref may be a new one.
  useEffect(() => link.sync());

  useStepStart(options.clock, takeInput);

  return queue;
}
