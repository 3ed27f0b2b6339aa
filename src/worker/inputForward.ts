// Keyboard and pointer events on the page, sent to the worker's input queue as they happen, stamped
// with when they happened (the same records and the same stamps as useStepInput's).
import { eventTimeMs, pointerCode, type InputEventInit, type InputEventKind } from '../core/internal.js';
import type { WorkerInputOptions } from './options.js';

const KEY_EVENTS = ['keydown', 'keyup'];
const POINTER_EVENTS = ['pointerdown', 'pointerup', 'pointercancel', 'pointermove'];

function pageNow(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}

/** The record of `event` (fields of the one reused `record`), or null for an event that says nothing. */
function toRecord(event: Event, record: InputEventInit): InputEventInit | null {
  const type = event.type;
  // Every field each time: the record is reused for keys, pointers and blurs.
  record.code = record.key = '';
  record.repeat = false;
  record.x = record.y = record.buttons = record.pointerId = 0;
  record.button = -1;
  if (type === 'keydown' || type === 'keyup') {
    const e = event as KeyboardEvent;
    record.code = e.code;
    record.key = e.key;
    record.repeat = e.repeat;
  } else if (type.startsWith('pointer')) {
    const e = event as PointerEvent;
    record.code = pointerCode(e.button);
    record.x = e.clientX;
    record.y = e.clientY;
    record.button = e.button;
    record.buttons = e.buttons;
    record.pointerId = e.pointerId;
  } else if (type === 'visibilitychange' && (event.target as Document).visibilityState !== 'hidden') {
    return null;
  }
  record.kind = (type === 'pointercancel' ? 'pointerup' : type === 'visibilitychange' ? 'blur' : type) as InputEventKind;
  record.timestampMs = eventTimeMs(event.timeStamp, pageNow());
  return record;
}

/**
 * Listen on `options.target` (default `window`) and hand each event's record to `send` (page ms).
 * A blur, a hidden page and the end of listening release what is held. Returns the stop function.
 */
export function forwardInput(options: WorkerInputOptions, send: (event: InputEventInit) => void): () => void {
  const target = options.target === undefined ? (typeof window === 'undefined' ? null : window) : options.target;
  if (!target) return () => undefined;
  const record = { kind: 'blur', timestampMs: 0 } as InputEventInit;
  const prevent = options.preventDefault ?? [];
  const listener = (event: Event): void => {
    const made = toRecord(event, record);
    if (!made) return;
    send(made);
    if (made.code && prevent.includes(made.code)) event.preventDefault();
  };
  const types = ['blur', ...(options.keyboard === false ? [] : KEY_EVENTS), ...(options.pointer === false ? [] : POINTER_EVENTS)];
  for (const type of types) target.addEventListener(type, listener);
  const doc = typeof document === 'undefined' ? null : document;
  doc?.addEventListener('visibilitychange', listener);
  return () => {
    for (const type of types) target.removeEventListener(type, listener);
    doc?.removeEventListener('visibilitychange', listener);
    // The ups of what is held now will never be seen: release it as a blur does.
    send({ kind: 'blur', timestampMs: pageNow() });
  };
}
