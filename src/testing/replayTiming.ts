import type { ReactNode } from 'react';
import { optionsArgument } from '../core/internal.js';
import { checkRecording } from '../devtools/internal.js';
import type { RecordedEvent, TimingRecording } from '../devtools/internal.js';
import { eventTimeMs } from '../core/internal.js';
import { createFrameScheduler } from '../scheduler/index.js';
import { createManualFrameSource } from './manualFrameSource.js';
import type { ManualFrameSource } from './manualFrameSource.js';
import { getAct, mountOnFrames } from './mountOnFrames.js';
import { replayControls } from './replayControls.js';
import type { FrameScheduler, FrameSchedulerOptions, FrameSource } from '../scheduler/internal.js';

const OWNER = 'replayTiming';

/** Options of {@link replayTiming}: where to mount, plus any scheduler option of the recorded app. */
export interface ReplayTimingOptions extends Omit<FrameSchedulerOptions, 'source'> {
  /** Wrap the tree in `<StrictMode>`. Default false. */
  strictMode?: boolean;
  /** Where to mount. Default: a new `<div>` appended to `document.body` (removed on unmount). */
  container?: HTMLElement;
  /** Where events recorded on an element are dispatched. Default: the element with the recorded `id`, else `document.body`. */
  eventTarget?: EventTarget | ((event: RecordedEvent) => EventTarget | null);
}

/** What {@link replayTiming} returns. */
export interface TimingReplay {
  /** The element the tree is mounted in. */
  container: HTMLElement;
  /** The scheduler the tree runs on (through `<FrameProvider>`). */
  scheduler: FrameScheduler;
  /** The hand-driven source that delivers the recorded frames. */
  source: ManualFrameSource;
  /** Frames replayed so far: the recording's `mountFrame` (frames before the app mounted) when it returns. */
  readonly frameIndex: number;
  /** Frames in the recording. */
  readonly frameCount: number;
  /** Replay the next `n` recorded frames; returns how many ran (fewer at the end). */
  advanceFrames(n?: number): number;
  /** Replay every frame left, then the events recorded after the last frame. */
  finish(): void;
  /** Render a new tree under the same provider. */
  rerender(ui: ReactNode): void;
  /** Unmount, remove the container it created, destroy the scheduler, restore `document.visibilityState`. */
  unmount(): void;
}


/** A DOM event like the recorded one, carrying the recorded `timeStamp`. */
function makeEvent(e: RecordedEvent): Event {
  const base = { bubbles: e.type !== 'blur', cancelable: true, composed: true };
  const modifiers = { altKey: !!e.altKey, ctrlKey: !!e.ctrlKey, metaKey: !!e.metaKey, shiftKey: !!e.shiftKey };
  let event: Event;
  if (e.type === 'keydown' || e.type === 'keyup') {
    event = new KeyboardEvent(e.type, { ...base, ...modifiers, code: e.code ?? '', key: e.key ?? '', repeat: !!e.repeat });
  } else if (e.type.startsWith('pointer')) {
    const init = { ...base, ...modifiers, clientX: e.clientX ?? 0, clientY: e.clientY ?? 0, button: e.button ?? 0, buttons: e.buttons ?? 0, pointerId: e.pointerId ?? 1, pointerType: e.pointerType ?? 'mouse' };
    event = typeof PointerEvent === 'function' ? new PointerEvent(e.type, init) : new MouseEvent(e.type, init);
    // Environments without PointerEvent (jsdom) get the pointer fields on a MouseEvent.
    for (const name of ['pointerId', 'pointerType'] as const) {
      if ((event as Partial<PointerEvent>)[name] !== init[name]) Object.defineProperty(event, name, { value: init[name] });
    }
  } else {
    event = typeof FocusEvent === 'function' && e.type === 'blur' ? new FocusEvent('blur', base) : new Event(e.type, base);
  }
  // An own property shadows the prototype's getter: listeners read the recorded time.
  Object.defineProperty(event, 'timeStamp', { value: e.timeStamp });
  return event;
}

/**
 * Replay a recording from `recordTiming` on `ui`: each frame at its timestamp, after the input that
 * arrived before it, inside React's `act`. See "Turn a bug report into a test" in docs/devtools.md.
 * @throws RangeError naming `replayTiming` and the field for a malformed recording.
 */
export function replayTiming(recording: TimingRecording, ui: ReactNode, options?: ReplayTimingOptions): TimingReplay {
  const checked = checkRecording(OWNER, recording);
  const o = optionsArgument(OWNER, options, false) as ReplayTimingOptions;
  const { strictMode = false, container: given, eventTarget, ...schedulerOptions } = o;
  const act = getAct();
  const frames = checked.frames;
  const starts = checked.frameStartMs ?? frames;
  const ends = checked.frameEndMs ?? frames;
  const events = checked.events;
  const skipped = checked.skipped ?? [];
  let skippedIndex = 0;
  const source = createManualFrameSource({ startMs: Math.min(checked.startMs ?? frames[0] ?? 0, frames[0] ?? Infinity) });
  // During a frame the clock reads the recorded start, then end, of its work (for the adaptive rate).
  let working = false;
  // While an event is dispatched the clock reads the time useStepInput took for it in the session.
  let dispatchMs = NaN;
  const clock: FrameSource = { request: source.request, cancel: source.cancel, now: () => (dispatchMs === dispatchMs ? dispatchMs : working ? starts[frameIndex - 1]! : source.now()) };
  const scheduler = createFrameScheduler({ ...schedulerOptions, source: clock });
  let frameIndex = 0;
  let eventIndex = 0;
  const unsubscribeEnd = scheduler.subscribe(
    () => {
      working = false;
      source.setNow(ends[frameIndex - 1]!);
    },
    { phase: 'after', priority: Number.MAX_VALUE },
  );

  const doc = document;
  let visibility: 'visible' | 'hidden' | null = null;
  function setVisibility(state: 'visible' | 'hidden'): void {
    if (visibility === null) {
      Object.defineProperty(doc, 'visibilityState', { configurable: true, get: () => visibility });
      Object.defineProperty(doc, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    }
    visibility = state;
  }

  function targetOf(e: RecordedEvent): EventTarget | null {
    if (e.target === 'window') return window;
    if (e.target === 'document' || e.type === 'visibilitychange') return doc;
    if (typeof eventTarget === 'function') return eventTarget(e);
    return eventTarget ?? (e.id ? doc.getElementById(e.id) : null) ?? doc.body;
  }

  /** Deliver the skipped vblanks before `timestampMs` (all that are left for `Infinity`): the scheduler skips them again. */
  function skipUpTo(timestampMs: number): void {
    if (skippedIndex >= skipped.length || skipped[skippedIndex]! >= timestampMs) return;
    act(() => {
      while (skippedIndex < skipped.length && skipped[skippedIndex]! < timestampMs) source.tick(skipped[skippedIndex++]!);
    });
  }

  /** Inside `act`: deliver skipped vblanks until `count` have been (a control recorded after them comes next). */
  const skipTo = (count: number): void => {
    while (skippedIndex < count) source.tick(skipped[skippedIndex++]!);
  };

  const controls = replayControls(OWNER, checked.controls ?? [], scheduler);

  /** Dispatch the events and call the controls that came before frame `frame` (all that are left for `Infinity`). */
  function dispatchUpTo(frame: number): void {
    if (!controls.due(frame) && (eventIndex >= events.length || events[eventIndex]!.frame > frame)) return;
    act(() => {
      controls.applyUpTo(frame, eventIndex, skipTo);
      while (eventIndex < events.length && events[eventIndex]!.frame <= frame) {
        const e = events[eventIndex++]!;
        source.setNow(Math.max(source.now(), e.receivedMs));
        if (e.type === 'visibilitychange') setVisibility(e.visibility ?? 'visible');
        dispatchMs = eventTimeMs(e.timeStamp, e.receivedMs);
        targetOf(e)?.dispatchEvent(makeEvent(e));
        dispatchMs = NaN;
        controls.applyUpTo(frame, eventIndex, skipTo);
      }
    });
  }

  /** Replay the next `n` recorded frames; returns how many ran. */
  function runFrames(n = 1): number {
    let ran = 0;
    while (ran < n && frameIndex < frames.length) {
      const t = frames[frameIndex]!;
      // Controls first where they say how many skipped vblanks came before them; then the rest.
      dispatchUpTo(frameIndex++);
      skipUpTo(t);
      working = true;
      act(() => source.tick(t));
      working = false;
      ran++;
    }
    return ran;
  }

  // The frames that ran before the app mounted in the session run before it mounts here too.
  runFrames(checked.mountFrame ?? 0);
  const mounted = mountOnFrames(ui, scheduler, clock, strictMode, given, doc);
  const replay: TimingReplay = {
    container: mounted.container,
    scheduler,
    source,
    get frameIndex() {
      return frameIndex;
    },
    frameCount: frames.length,
    advanceFrames: runFrames,
    finish() {
      replay.advanceFrames(frames.length - frameIndex);
      dispatchUpTo(Infinity);
      skipUpTo(Infinity);
    },
    rerender: mounted.rerender,
    unmount() {
      if (!mounted.unmount()) return;
      unsubscribeEnd();
      controls.stop();
      scheduler.destroy();
      if (visibility !== null) {
        delete (doc as unknown as Record<string, unknown>).visibilityState;
        delete (doc as unknown as Record<string, unknown>).hidden;
      }
    },
  };
  return replay;
}
