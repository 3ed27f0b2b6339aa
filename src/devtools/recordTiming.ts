import { checkNames, checkValue, optionsArgument, wholeAtLeast } from '../core/internal.js';
import { getDefaultScheduler } from '../scheduler/index.js';
import { observeLoop } from '../scheduler/internal.js';
import type { FrameScheduler } from '../scheduler/index.js';
import { observeEventTimings, observeLongFrames } from './causes.js';
import { recordControls } from './recordControls.js';
import { RECORDING_VERSION } from './format.js';
import type { RecordedEvent, RecordedEventTiming, RecordedEventType, RecordedLongFrame, TimingRecording } from './format.js';

const OWNER = 'recordTiming';
/** The input `useStepInput` listens to; `blur` is listened to always. */
const INPUT_TYPES = ['keydown', 'keyup', 'pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'blur'] as const;
/** Last in every phase: subscribers are ordered by priority, then by subscription order. */
const LAST = Number.MAX_VALUE;
/** The recorder's own subscriptions: its frame start and its frame end. */
const OWN_SUBSCRIBERS = 2;

/** Options of {@link recordTiming}. */
export interface RecordTimingOptions {
  /** The scheduler whose frames to record. Default: the shared default scheduler. */
  scheduler?: FrameScheduler;
  /** Most frames kept; later frames and events are not recorded. Default 216000 (an hour at 60 Hz). */
  maxFrames?: number;
}

/** A recording in progress, from {@link recordTiming}. */
export interface TimingRecorder {
  /** Stop listening and return the recording, a JSON-ready object (later calls return the same one). */
  stop(): TimingRecording;
  /** Frames recorded so far. */
  readonly frameCount: number;
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/** A growable list of doubles: a frame's numbers are stored unboxed, and growth is amortised. */
function createTimes(): { push(value: number): void; setLast(value: number): void; toArray(): number[]; readonly length: number } {
  let data = new Float64Array(1024);
  let length = 0;
  return {
    push(value) {
      if (length === data.length) {
        const grown = new Float64Array(data.length * 2);
        grown.set(data);
        data = grown;
      }
      data[length++] = value;
    },
    setLast(value) {
      data[length - 1] = value;
    },
    toArray: () => Array.from(data.subarray(0, length)),
    get length() {
      return length;
    },
  };
}

/** The window, or a window object behind it (happy-dom hands listeners its inner window, not `window`). */
function isWindow(target: EventTarget | null): boolean {
  return typeof window !== 'undefined' && (target === window || (target !== null && (target as Partial<Window>).window === target));
}

/** The fields `replayTiming` needs to dispatch `event` again. */
function describe(event: Event, frame: number): RecordedEvent {
  const target = event.target;
  const where = isWindow(target) ? 'window' : typeof document !== 'undefined' && target === document ? 'document' : 'element';
  const record: RecordedEvent = { frame, type: event.type as RecordedEventType, target: where, timeStamp: event.timeStamp, receivedMs: now() };
  const id = where === 'element' ? (target as Partial<Element>).id : undefined;
  if (id) record.id = id;
  if (event.type.startsWith('key')) {
    const e = event as KeyboardEvent;
    Object.assign(record, { code: e.code, key: e.key, repeat: e.repeat, altKey: e.altKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey });
  } else if (event.type.startsWith('pointer')) {
    const e = event as PointerEvent;
    Object.assign(record, { clientX: e.clientX, clientY: e.clientY, button: e.button, buttons: e.buttons, pointerId: e.pointerId, pointerType: e.pointerType });
  } else if (event.type === 'visibilitychange') {
    record.visibility = document.visibilityState === 'hidden' ? 'hidden' : 'visible';
  }
  return record;
}

/** At most an hour at 60 Hz by default. */
const MAX_FRAMES_RULE = wholeAtLeast(1, 216000);

/**
 * Start recording a session's frame timing and input for `replayTiming`; start it in the same task
 * that mounts the game, or earlier. See "Recording a session" in docs/devtools.md.
 * @throws RangeError naming `recordTiming` and the option for a bad `maxFrames` or an unknown option.
 */
export function recordTiming(options?: RecordTimingOptions): TimingRecorder {
  const o = optionsArgument(OWNER, options, false);
  checkNames(OWNER, 'option', o, ['scheduler', 'maxFrames']);
  const maxFrames = checkValue(OWNER, 'option', 'maxFrames', o.maxFrames, MAX_FRAMES_RULE);
  const scheduler = (o.scheduler as FrameScheduler | undefined) ?? getDefaultScheduler();
  if (typeof scheduler.subscribe !== 'function') throw new RangeError(`${OWNER}: option \`scheduler\` must be a frame scheduler, got ${String(scheduler)}`);

  const startMs = now();
  const frames = createTimes();
  const starts = createTimes();
  const ends = createTimes();
  const skipped = createTimes();
  const events: RecordedEvent[] = [];
  let full = false;
  let open = false;
  // Only the recorder subscribed so far (the docs' recipe): the first frame another subscriber sees is the app's first.
  let mountFrame = -1;
  let awaitingApp = false;
  // While the last recorded event is still being dispatched (its phase is not NONE), its handlers run:
  // controls they call happen again by themselves in the replay.
  let lastEvent: Event | null = null;

  // The vblanks the adaptive rate or a cap skips: no subscriber sees them, the loop's observers do.
  const unobserve = observeLoop(scheduler, {
    skipped(timestampMs) {
      if (!full && frames.length > 0) skipped.push(timestampMs);
    },
  });

  const unsubscribeStart = scheduler.subscribe(
    (frame) => {
      // A stale frame (NaN: rAF was replaced under the scheduler) carries no time to replay.
      lastEvent = null;
      if (full || !Number.isFinite(frame.timestampMs)) return;
      if (awaitingApp && scheduler.subscriberCount > OWN_SUBSCRIBERS) {
        awaitingApp = false;
        mountFrame = frames.length;
      }
      frames.push(frame.timestampMs);
      starts.push(now());
      ends.push(frame.timestampMs);
      open = true;
      full = frames.length >= maxFrames;
    },
    { phase: 'input', priority: -LAST },
  );
  const unsubscribeEnd = scheduler.subscribe(
    () => {
      // The frame's work is done: its end replaces the placeholder its start wrote.
      if (open) ends.setLast(now());
      open = false;
    },
    { phase: 'after', priority: LAST },
  );
  awaitingApp = scheduler.subscriberCount === OWN_SUBSCRIBERS;

  const onEvent = (event: Event): void => {
    if (full) return;
    events.push(describe(event, frames.length));
    lastEvent = event;
  };
  const win = typeof window !== 'undefined' ? window : null;
  for (const type of INPUT_TYPES) win?.addEventListener(type, onEvent, true);
  const kept = recordControls(scheduler, () => (open || full || (lastEvent !== null && lastEvent.eventPhase !== 0) ? null : { frame: frames.length, event: events.length, skipped: skipped.length }));
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onEvent, true);

  // Where the browser has them: which scripts made frames long, and each slow input's delay.
  const longFrames: RecordedLongFrame[] = [];
  const eventTimings: RecordedEventTiming[] = [];
  const stopLongFrames = observeLongFrames((frame) => void (full || longFrames.push(frame)));
  const stopEventTimings = observeEventTimings((timing) => void (full || eventTimings.push(timing)));

  let result: TimingRecording | null = null;
  return {
    stop() {
      if (result) return result;
      unsubscribeStart();
      unsubscribeEnd();
      unobserve();
      stopLongFrames?.();
      stopEventTimings?.();
      for (const type of INPUT_TYPES) win?.removeEventListener(type, onEvent, true);
      kept.stop();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onEvent, true);
      result = { version: RECORDING_VERSION, startMs, frames: frames.toArray(), frameStartMs: starts.toArray(), frameEndMs: ends.toArray(), events };
      if (mountFrame >= 0) result.mountFrame = mountFrame;
      if (kept.controls.length > 0) result.controls = kept.controls;
      if (skipped.length > 0) result.skipped = skipped.toArray();
      if (stopLongFrames) result.longFrames = longFrames;
      if (stopEventTimings) result.eventTimings = eventTimings;
      if (typeof navigator !== 'undefined' && navigator.userAgent) result.userAgent = navigator.userAgent;
      return result;
    },
    get frameCount() {
      return frames.length;
    },
  };
}
