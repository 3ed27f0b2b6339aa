// The recording format of `recordTiming` (devtools) and `replayTiming` (testing): plain JSON.

/** The DOM events a recording keeps: what `useStepInput` listens to, plus page visibility. */
export type RecordedEventType =
  | 'keydown'
  | 'keyup'
  | 'pointerdown'
  | 'pointermove'
  | 'pointerup'
  | 'pointercancel'
  | 'blur'
  | 'visibilitychange';

/** One DOM event as received, with what is needed to dispatch it again. */
export interface RecordedEvent {
  /** Frames the scheduler had run when the event arrived: it is dispatched before `frames[frame]`. */
  frame: number;
  type: RecordedEventType;
  /** Where it was dispatched: the window, the document, or an element (by `id` when it has one). */
  target: 'window' | 'document' | 'element';
  id?: string;
  /** `event.timeStamp`, ms on the frame clock. */
  timeStamp: number;
  /** `performance.now()` when the window first saw the event, ms. */
  receivedMs: number;
  code?: string;
  key?: string;
  repeat?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  clientX?: number;
  clientY?: number;
  button?: number;
  buttons?: number;
  pointerId?: number;
  pointerType?: string;
  /** `document.visibilityState` after the change. */
  visibility?: 'visible' | 'hidden';
}

/** A session's frame timing and input, as `recordTiming().stop()` returns it (version 1). */
export interface TimingRecording {
  /** The format version; `replayTiming` reads version 1. */
  version: 1;
  /** `performance.now()` when recording started, ms. */
  startMs: number;
  /** Every frame timestamp the scheduler's subscribers saw, ms, in order. */
  frames: number[];
  /** `performance.now()` when each frame's subscribers began, ms. Optional: defaults to the frame timestamps. */
  frameStartMs?: number[];
  /** `performance.now()` after each frame's subscribers ran, ms: with `frameStartMs`, the work time the adaptive rate measures. */
  frameEndMs: number[];
  /**
   * The vblanks the adaptive rate or a `maxFrameRate` cap skipped (no subscriber saw them), ms, in
   * order: the replay's refresh detection and pacing see them too. Optional: none skipped.
   */
  skipped?: number[];
  /** Input and visibility events in the order they arrived. */
  events: RecordedEvent[];
  /** `navigator.userAgent` of the recording browser, for the bug report. */
  userAgent?: string;
}

/** The current version of the format. */
export const RECORDING_VERSION = 1;

function fail(owner: string, what: string, value: unknown): never {
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  throw new RangeError(`${owner}: ${what}, got ${shown}`);
}

function checkTimestamps(owner: string, name: string, times: unknown[]): void {
  let previous = -Infinity;
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    if (typeof t !== 'number' || !Number.isFinite(t) || t < previous) fail(owner, `\`recording.${name}[${i}]\` must be a finite timestamp no earlier than the one before`, t);
    previous = t;
  }
}

/** Check a recording (from JSON, perhaps hand-edited): an error naming `owner` and the bad field. */
export function checkRecording(owner: string, value: unknown): TimingRecording {
  if (typeof value !== 'object' || value === null) fail(owner, '`recording` must be a recording object (from recordTiming().stop())', value);
  const r = value as Partial<TimingRecording>;
  if (r.version !== RECORDING_VERSION) fail(owner, `\`recording.version\` must be ${RECORDING_VERSION} (this version of react-timestep reads version ${RECORDING_VERSION})`, r.version);
  if (!Array.isArray(r.frames)) fail(owner, '`recording.frames` must be an array of frame timestamps (ms)', r.frames);
  if (!Array.isArray(r.events)) fail(owner, '`recording.events` must be an array', r.events);
  for (const name of ['frameStartMs', 'frameEndMs'] as const) {
    const times = r[name];
    if (times !== undefined && (!Array.isArray(times) || times.length !== r.frames.length)) fail(owner, `\`recording.${name}\` must hold one time per frame`, times);
  }
  checkTimestamps(owner, 'frames', r.frames);
  if (r.skipped !== undefined) {
    if (!Array.isArray(r.skipped)) fail(owner, '`recording.skipped` must be an array of skipped vblanks\' timestamps (ms)', r.skipped);
    checkTimestamps(owner, 'skipped', r.skipped);
  }
  for (let i = 0; i < r.events.length; i++) {
    const e = r.events[i] as Partial<RecordedEvent> | undefined;
    if (!e || typeof e.type !== 'string' || typeof e.frame !== 'number' || !Number.isInteger(e.frame) || e.frame < 0) {
      fail(owner, `\`recording.events[${i}]\` must have a \`type\` and a whole \`frame\` ≥ 0`, JSON.stringify(e));
    }
    if (i > 0 && e.frame < (r.events[i - 1] as RecordedEvent).frame) fail(owner, `\`recording.events[${i}].frame\` must not precede the event before`, e.frame);
  }
  return r as TimingRecording;
}
