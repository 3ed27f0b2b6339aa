import { useContext, useEffect, useMemo } from 'react';
import type { RefObject } from 'react';
import { createInputQueue, eventTimeMs } from '../core/inputQueue.js';
import type { InputEventInit, InputEventKind, InputQueue } from '../core/inputQueue.js';
import { pointerCode } from '../core/inputState.js';
import { booleanValue, optionalFunction, optionsObject } from '../core/validate.js';
import type { FixedClock, FixedUpdate } from '../scheduler/fixedClock.js';
import { FrameSourceOverrideContext } from './frameSourceOverride.js';
import { renameOwner } from './renameOwner.js';
import { useLatest } from './useLatest.js';
import { useStepStart } from './useStepStart.js';

/** Options of {@link useStepInput}. */
export interface UseStepInputOptions {
  /**
   * Where to listen: an EventTarget, or a ref to one (an element; give it `tabIndex` for keys),
   * followed when the element behind the ref is replaced (looked at after every render of this
   * component and at every step of its clock). Default `window` (in the browser;
   * nothing is attached on the server).
   */
  target?: EventTarget | RefObject<EventTarget | null> | null;
  /** Listen to `keydown`/`keyup` (held by `event.code`). Default true. */
  keyboard?: boolean;
  /** Listen to `pointerdown`/`pointerup`/`pointercancel`/`pointermove` (buttons held as `'Pointer' + button`, by each pointer's `buttons`). Default true. */
  pointer?: boolean;
  /** Codes whose default browser action is prevented (e.g. `['Space', 'ArrowUp']` so the page does not scroll). Default none. */
  preventDefault?: readonly string[];
  /** Most events held at once; see `createInputQueue`. Default 256. Read at mount. */
  capacity?: number;
  /** Called when the oldest waiting event is dropped because `capacity` events wait, with the total dropped so far (`queue.dropped`). */
  onOverflow?: (droppedTotal: number) => void;
  /**
   * The fixed clock whose every step begins by taking that step's input
   * (`takeStep(step.stepEndTimestampMs)`), before any other job of the step; read `queue.step` in
   * your updates. Default: the nearest `<FixedClockProvider>`'s clock. `null`, or no provider:
   * none; call `takeStep` yourself at the start of each step.
   */
  clock?: FixedClock | null;
  /**
   * The time of an event, ms on the frame clock. Default: under `renderWithFrames`, its display's
   * clock at dispatch; else `event.timeStamp` (when the browser received it, on the
   * `performance.now()` clock of frame timestamps) if it lies in the last second up to
   * `performance.now()`, else `performance.now()` at dispatch (jsdom stamps events in epoch ms).
   * A `<FrameProvider>` given a source of your own: pass its clock, `() => source.now()`.
   */
  timestamp?: (event: Event) => number;
}

/** The events listened to on the target: always `blur`, then the keyboard's and the pointer's as enabled. */
const KEY_EVENTS = ['keydown', 'keyup'];
const POINTER_EVENTS = ['pointerdown', 'pointerup', 'pointercancel', 'pointermove'];
const OPTION_KEYS = ['target', 'keyboard', 'pointer', 'preventDefault', 'capacity', 'onOverflow', 'clock', 'timestamp'];
const OWNER = 'useStepInput';

const isEventTarget = (value: unknown): value is EventTarget => typeof (value as EventTarget | null)?.addEventListener === 'function';

/** The page's clock, read at call time (fake timers replace it). */
function performanceNow(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf && typeof perf.now === 'function' ? perf.now() : Date.now();
}

/** The element to listen on; null: none (no `window` on the server, an empty ref). */
function resolveTarget(target: UseStepInputOptions['target']): EventTarget | null {
  if (target === undefined) return typeof window === 'undefined' ? null : window;
  const element = isEventTarget(target) ? target : target?.current;
  return isEventTarget(element) ? element : null;
}

function bad(name: string, value: unknown, expected: string): never {
  const shown = typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : typeof value;
  throw new RangeError(`${OWNER}: option \`${name}\` must be ${expected}, got ${shown}`);
}

/** Throw a RangeError naming the hook, the option and the value for an unknown or mistyped option. */
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
 * Keyboard and pointer input handed to fixed steps: each step sees exactly the events whose
 * timestamps fall in its span and the held state as of its end (see `createInputQueue`). Whenever
 * the listeners go away (blur, the page hidden, `<Activity>` hidden, a new target, unmount) every
 * held key and button is released. Returns the stable queue; never re-renders.
 *
 * Under a `<FixedClockProvider>` (or with `clock`) every step takes its input first: read
 * `queue.step` in your `useFixedUpdate`. Without a clock, call `queue.takeStep(stepEndTimestampMs)`
 * at the start of each step. Throws a RangeError naming `useStepInput`, the option and the value
 * for an unknown or mistyped option.
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
  const { target, keyboard = true, pointer = true } = checkOptions(options);
  // The latest committed options (handlers, target, codes to prevent) and simulated display.
  const latest = useLatest(options);
  const display = useLatest(useContext(FrameSourceOverrideContext));
  // The queue, the update that hands each step its input, and the listeners' attachment.
  const [queue, takeInput, link] = useMemo(() => {
    const made = renameOwner('createInputQueue', OWNER, () => createInputQueue({ capacity: options.capacity, onOverflow: (total) => latest.current.onOverflow?.(total) }));
    // One reused record per source: a DOM event allocates nothing here (the queue copies the
    // fields, and fills in the defaults of those a source does not set).
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
        // The button that changed ('' for none: a move, a cancel); `buttons` says what is held.
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
    // Where the listeners are: `element` (none: null) and its document (for visibilitychange).
    const attached = { element: null as EventTarget | null, document: null as EventTarget | null, types: [] as string[], wanted: [] as string[], active: false };
    /** Listen where the target points now (nowhere while inactive); leaving a target releases everything held. */
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
      made.takeStep(step.stepEndTimestampMs);
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
