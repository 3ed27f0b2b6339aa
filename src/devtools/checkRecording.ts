/**
 * The whole recording checked before anything mounts: a field a replay could not honour (missing,
 * mistyped, out of order, unknown) is an error naming the field and the frame or event index, so a
 * bug report's attachment never fails four frames into a replay with an internal name.
 */
import { describe, finite, flag, wholeAtLeast, type Rule } from '../core/internal.js';
import { RECORDING_VERSION } from './format.js';
import type { RecordedEventType, TimingRecording } from './format.js';

const EVENT_TYPES: readonly RecordedEventType[] = ['keydown', 'keyup', 'pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'blur', 'visibilitychange'];

type Table = Readonly<Record<string, Rule<unknown>>>;

const time = finite() as Rule<unknown>;
const text: Rule<unknown> = { accepts: (v) => typeof v === 'string', expected: 'a string' };
const bool = flag() as Rule<unknown>;
const whole: Rule<unknown> = { accepts: Number.isInteger, expected: 'a whole number' };
const oneOf = (values: readonly string[]): Rule<unknown> => ({ accepts: (v) => values.includes(v as string), expected: `one of '${values.join("', '")}'` });
const list: Rule<unknown> = { accepts: Array.isArray, expected: 'an array' };

/** Every event: what the replay needs to place and stamp it. */
const EVENT: Table = {
  frame: wholeAtLeast(0) as Rule<unknown>,
  type: oneOf(EVENT_TYPES),
  target: oneOf(['window', 'document', 'element']),
  timeStamp: time,
  receivedMs: time,
};
const KEY: Table = { code: text, key: text, repeat: bool, altKey: bool, ctrlKey: bool, metaKey: bool, shiftKey: bool };
const POINTER: Table = { clientX: time, clientY: time, button: wholeAtLeast(-1) as Rule<unknown>, buttons: wholeAtLeast(0) as Rule<unknown>, pointerId: whole, pointerType: text };
/** Pointer events may carry the modifier keys (the recorder writes none; a replay defaults them to false). */
const POINTER_MODIFIERS: Table = { altKey: bool, ctrlKey: bool, metaKey: bool, shiftKey: bool };
const VISIBILITY: Table = { visibility: oneOf(['visible', 'hidden']) };
const NONE: Table = {};

const LONG_FRAME: Table = { startMs: time, durationMs: time, blockingMs: time, scripts: list };
const LONG_FRAME_SCRIPT: Table = { sourceURL: text, sourceFunctionName: text, invoker: text, invokerType: text, startMs: time, durationMs: time };
const EVENT_TIMING: Table = { type: text, startMs: time, inputDelayMs: time, processingMs: time, durationMs: time };

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTimeScale = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
/** Each control's argument: what it must be (undefined: left out). */
const CONTROL_VALUES: Record<string, Rule<unknown> | undefined> = {
  pause: undefined,
  resume: undefined,
  stepOnce: undefined,
  reset: undefined,
  setTimeScale: { accepts: isTimeScale, expected: 'a time scale (a finite number, 0 or more)' },
  setOptions: { accepts: isObject, expected: 'an options object' },
  setInterpolation: oneOf(['none', 'previous', 'ahead', 'predicted']),
  hold: wholeAtLeast(0) as Rule<unknown>,
  release: wholeAtLeast(0) as Rule<unknown>,
  setMaxFrameRate: { accepts: (v) => v === undefined || (typeof v === 'number' && v > 0), expected: 'a frame rate > 0, or left out for none' },
  setAdaptive: { accepts: (v) => typeof v === 'boolean' || isObject(v), expected: 'true, false or an options object' },
  setMaxDelta: { accepts: (v) => typeof v === 'number' && v > 0, expected: 'seconds > 0' },
};
const CONTROL: Table = { frame: wholeAtLeast(0) as Rule<unknown>, event: wholeAtLeast(0) as Rule<unknown>, target: oneOf(['clock', 'scheduler']), name: oneOf(Object.keys(CONTROL_VALUES)) };
const CONTROL_OPTIONAL: Table = { clock: wholeAtLeast(0) as Rule<unknown>, totalSteps: wholeAtLeast(0) as Rule<unknown>, skipped: wholeAtLeast(0) as Rule<unknown>, value: { accepts: () => true, expected: '' } };
/** The controls a scheduler has (the rest are a fixed clock's). */
const SCHEDULER_CONTROLS = ['pause', 'resume', 'setTimeScale', 'setMaxFrameRate', 'setAdaptive', 'setMaxDelta'];
/** Controls both have. */
const SHARED_CONTROLS = ['pause', 'resume', 'setTimeScale'];

const FIELDS = ['version', 'startMs', 'frames', 'mountFrame', 'frameStartMs', 'frameEndMs', 'skipped', 'events', 'controls', 'userAgent', 'longFrames', 'eventTimings'];

const hasOwn = (o: object, name: string): boolean => Object.prototype.hasOwnProperty.call(o, name);

function fail(owner: string, field: string, expected: string, value: unknown): never {
  throw new RangeError(`${owner}: \`${field}\` must be ${expected}, got ${describe(value)}`);
}

/** An object whose entries follow `required` (each must be there) and `optional`, and no other key. */
function checkEntries(owner: string, field: string, value: unknown, required: Table, optional: Table = NONE): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(owner, field, 'an object', value);
  const o = value as Record<string, unknown>;
  for (const name in required) if (!required[name]!.accepts(o[name])) fail(owner, `${field}.${name}`, String(required[name]!.expected), o[name]);
  for (const name in optional) if (o[name] !== undefined && !optional[name]!.accepts(o[name])) fail(owner, `${field}.${name}`, String(optional[name]!.expected), o[name]);
  for (const name of Object.keys(o)) {
    if (!hasOwn(required, name) && !hasOwn(optional, name)) throw new RangeError(`${owner}: \`${field}\` has a field this version does not replay: \`${name}\``);
  }
  return o;
}

/** Finite times, each no earlier than the one before (with `ordered`). */
function checkTimes(owner: string, field: string, value: unknown, ordered: boolean, length = -1): number[] {
  if (!Array.isArray(value)) fail(owner, field, 'an array of times (ms)', value);
  if (length >= 0 && value.length !== length) fail(owner, `${field}.length`, `${length}, one time per frame`, value.length);
  let previous = -Infinity;
  for (let i = 0; i < value.length; i++) {
    const t: unknown = value[i];
    if (typeof t !== 'number' || !Number.isFinite(t)) fail(owner, `${field}[${i}]`, 'a finite time (ms)', t);
    if (ordered && t < previous) fail(owner, `${field}[${i}]`, `no earlier than \`${field}[${i - 1}]\` (${previous})`, t);
    previous = t;
  }
  return value as number[];
}

function fieldsOf(type: RecordedEventType): [Table, Table] {
  if (type === 'keydown' || type === 'keyup') return [KEY, NONE];
  if (type === 'visibilitychange') return [VISIBILITY, NONE];
  if (type === 'blur') return [NONE, NONE];
  return [POINTER, POINTER_MODIFIERS];
}

function checkEvents(owner: string, value: unknown, frameCount: number): void {
  if (!Array.isArray(value)) fail(owner, 'recording.events', 'an array', value);
  let previousFrame = 0;
  for (let i = 0; i < value.length; i++) {
    const field = `recording.events[${i}]`;
    // The common fields first: the type says which others it needs.
    const common = checkEntries(owner, field, value[i], EVENT, { id: text, ...KEY, ...POINTER, ...VISIBILITY });
    const [required, optional] = fieldsOf(common.type as RecordedEventType);
    checkEntries(owner, field, common, { ...EVENT, ...required }, { ...(common.target === 'element' ? { id: text } : NONE), ...optional });
    const frame = common.frame as number;
    if (frame > frameCount) fail(owner, `${field}.frame`, `at most the number of frames (${frameCount})`, frame);
    if (frame < previousFrame) fail(owner, `${field}.frame`, `no earlier than the event before's (${previousFrame})`, frame);
    if (common.type === 'visibilitychange' && common.target !== 'document') fail(owner, `${field}.target`, "'document' for a visibilitychange", common.target);
    previousFrame = frame;
  }
}

/** Each control: where it goes (frame, event), on what, and the argument its name needs. */
function checkControls(owner: string, value: unknown, frameCount: number, eventCount: number, skippedCount: number): void {
  if (!Array.isArray(value)) fail(owner, 'recording.controls', 'an array', value);
  let previous = { frame: 0, event: 0 };
  value.forEach((entry: unknown, i: number) => {
    const field = `recording.controls[${i}]`;
    const c = checkEntries(owner, field, entry, CONTROL, CONTROL_OPTIONAL);
    const { frame, event, name } = c as { frame: number; event: number; name: string };
    if (frame > frameCount) fail(owner, `${field}.frame`, `at most the number of frames (${frameCount})`, frame);
    if (event > eventCount) fail(owner, `${field}.event`, `at most the number of events (${eventCount})`, event);
    if (c.skipped !== undefined && (c.skipped as number) > skippedCount) fail(owner, `${field}.skipped`, `at most the number of skipped vblanks (${skippedCount})`, c.skipped);
    if (frame < previous.frame || event < previous.event) fail(owner, `${field}.frame`, `with \`event\`, no earlier than the control before's (${previous.frame}, ${previous.event})`, frame);
    if (c.target === 'clock' && c.clock === undefined) fail(owner, `${field}.clock`, 'the clock index, for a clock control', c.clock);
    if (c.target === 'scheduler' && !SCHEDULER_CONTROLS.includes(name)) fail(owner, `${field}.name`, `one of '${SCHEDULER_CONTROLS.join("', '")}' on the scheduler`, name);
    if (c.target === 'clock' && SCHEDULER_CONTROLS.includes(name) && !SHARED_CONTROLS.includes(name)) fail(owner, `${field}.target`, `'scheduler' for ${name}`, c.target);
    const rule = CONTROL_VALUES[name];
    if (rule === undefined && c.value !== undefined) fail(owner, `${field}.value`, `left out for ${name}`, c.value);
    if (rule !== undefined && !rule.accepts(c.value)) fail(owner, `${field}.value`, String(rule.expected), c.value);
    previous = { frame, event };
  });
}

/** The diagnostics a replay does not use: still checked, so a hand-edited file fails here and not in a reader. */
function checkDiagnostics(owner: string, r: Record<string, unknown>): void {
  if (r.userAgent !== undefined && typeof r.userAgent !== 'string') fail(owner, 'recording.userAgent', 'a string', r.userAgent);
  if (r.longFrames !== undefined) {
    if (!Array.isArray(r.longFrames)) fail(owner, 'recording.longFrames', 'an array', r.longFrames);
    r.longFrames.forEach((entry: unknown, i: number) => {
      const frame = checkEntries(owner, `recording.longFrames[${i}]`, entry, LONG_FRAME);
      (frame.scripts as unknown[]).forEach((script, j) => checkEntries(owner, `recording.longFrames[${i}].scripts[${j}]`, script, LONG_FRAME_SCRIPT));
    });
  }
  if (r.eventTimings !== undefined) {
    if (!Array.isArray(r.eventTimings)) fail(owner, 'recording.eventTimings', 'an array', r.eventTimings);
    r.eventTimings.forEach((entry: unknown, i: number) => checkEntries(owner, `recording.eventTimings[${i}]`, entry, EVENT_TIMING));
  }
}

/** Check a whole recording (from JSON, perhaps hand-edited): a RangeError naming `owner`, the field and its frame or event index. */
export function checkRecording(owner: string, value: unknown): TimingRecording {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(owner, 'recording', 'a recording object (from recordTiming().stop())', value);
  const r = value as Record<string, unknown>;
  for (const name of Object.keys(r)) {
    if (!FIELDS.includes(name)) throw new RangeError(`${owner}: \`recording\` has a field this version does not replay: \`${name}\` (known: ${FIELDS.join(', ')})`);
  }
  if (r.version !== RECORDING_VERSION) fail(owner, 'recording.version', `${RECORDING_VERSION} (this version of react-timestep reads version ${RECORDING_VERSION})`, r.version);
  if (!Number.isFinite(r.startMs)) fail(owner, 'recording.startMs', 'a finite time (ms)', r.startMs);
  const frames = checkTimes(owner, 'recording.frames', r.frames, true);
  if (r.mountFrame !== undefined && !(Number.isInteger(r.mountFrame) && (r.mountFrame as number) >= 0 && (r.mountFrame as number) <= frames.length)) {
    fail(owner, 'recording.mountFrame', `a whole number of frames from 0 to ${frames.length}`, r.mountFrame);
  }
  if (r.frameStartMs !== undefined) checkTimes(owner, 'recording.frameStartMs', r.frameStartMs, false, frames.length);
  if (r.frameEndMs !== undefined) checkTimes(owner, 'recording.frameEndMs', r.frameEndMs, false, frames.length);
  if (r.skipped !== undefined) checkTimes(owner, 'recording.skipped', r.skipped, true);
  checkEvents(owner, r.events, frames.length);
  if (r.controls !== undefined) checkControls(owner, r.controls, frames.length, (r.events as unknown[]).length, Array.isArray(r.skipped) ? r.skipped.length : 0);
  checkDiagnostics(owner, r);
  return value as TimingRecording;
}
