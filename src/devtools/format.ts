// The recording format of `recordTiming` (devtools) and `replayTiming` (testing): plain JSON.
import type { ControlName } from '../scheduler/internal.js';

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
  /**
   * Recorded frames that ran before the app's first subscriber joined the scheduler (recording
   * started before the app mounted, as docs/devtools.md shows): the replay runs these frames, then
   * mounts `ui`, so its clocks start on the frame the app's did. Left out when the scheduler had
   * other subscribers already (a recording started mid-game): the replay mounts before frame 0.
   */
  mountFrame?: number;
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
  /**
   * The controls the app called between frames and outside the recorded input's handlers (a
   * button's pause, slow motion, a single step), in order: the replay calls them at the same point.
   * Optional: none called.
   */
  controls?: RecordedControl[];
  /** `navigator.userAgent` of the recording browser, for the bug report. */
  userAgent?: string;
  /**
   * Long animation frames the browser reported while recording (which scripts made a frame long),
   * oldest first. Present only where the browser has them (Chromium); not replayed.
   */
  longFrames?: RecordedLongFrame[];
  /**
   * Input delay of each input event the browser timed (Event Timing, 16 ms threshold), oldest
   * first. Present only where the browser has them; not replayed.
   */
  eventTimings?: RecordedEventTiming[];
}

/** One script of a long animation frame (a `PerformanceScriptTiming`). */
export interface RecordedLongFrameScript {
  /** The script's file (`sourceURL`), `''` when the browser does not say. */
  sourceURL: string;
  /** The function (`sourceFunctionName`), `''` when the browser does not say. */
  sourceFunctionName: string;
  /** What called it (`invoker`), e.g. `FrameRequestCallback` or `BUTTON.onclick`. */
  invoker: string;
  /** `invokerType`, e.g. `user-callback`, `event-listener`, `classic-script`. */
  invokerType: string;
  /** When it began, ms on the frame clock (`startTime`). */
  startMs: number;
  /** How long it ran, ms (`duration`). */
  durationMs: number;
}

/** A long animation frame (a `PerformanceLongAnimationFrameTiming`: over 50 ms of work). */
export interface RecordedLongFrame {
  /** When the frame's work began, ms on the frame clock (`startTime`). */
  startMs: number;
  /** How long it took, ms (`duration`). */
  durationMs: number;
  /** Of that, time the main thread could not answer input, ms (`blockingDuration`). */
  blockingMs: number;
  /** The scripts that ran in it for 5 ms or more, as the browser lists them. */
  scripts: RecordedLongFrameScript[];
}

/** One input event's timing (a `PerformanceEventTiming`). */
export interface RecordedEventTiming {
  /** The event's type, e.g. `keydown`, `pointerdown`. */
  type: string;
  /** When the event happened, ms on the frame clock (`startTime`, the event's `timeStamp`). */
  startMs: number;
  /** Input delay: from the event to the start of its handlers, ms (`processingStart − startTime`). */
  inputDelayMs: number;
  /** Its handlers' time, ms (`processingEnd − processingStart`). */
  processingMs: number;
  /** From the event to the next paint, ms, rounded by the browser to 8 ms (`duration`). */
  durationMs: number;
}

/** One control call on a fixed clock or on the scheduler. */
export interface RecordedControl {
  /** Frames the scheduler had run: it is applied before `frames[frame]`. */
  frame: number;
  /** Events recorded before it: it is applied after `events[event - 1]`, before `events[event]`. */
  event: number;
  /** A fixed clock (by `clock`) or the recorded scheduler. */
  target: 'clock' | 'scheduler';
  /** Which fixed clock: 0 for the first made after recording started, 1 for the next, … */
  clock?: number;
  /**
   * A clock's `pause` … `setOptions`, `setInterpolation`, and `hold` / `release` (a provider's
   * `paused` prop); the scheduler's `pause`, `resume`, `setTimeScale`, `setMaxFrameRate`,
   * `setAdaptive`, `setMaxDelta`.
   */
  name: ControlName;
  /**
   * The argument: a time scale (`setTimeScale`), a frame rate or none (`setMaxFrameRate`), seconds
   * (`setMaxDelta`), an options object (`setOptions`, `setAdaptive`), `true` / `false`
   * (`setAdaptive`), a mode (`setInterpolation`), the hold's number on its clock (`hold`, `release`).
   */
  value?: number | string | boolean | Record<string, number | string | boolean>;
  /** The clock's `stats.totalSteps` when it was called (for a reader; the replay reaches it by itself). */
  totalSteps?: number;
  /** Skipped vblanks recorded before it (`skipped`): the replay delivers those first. Left out: none. */
  skipped?: number;
}

/** The current version of the format. */
export const RECORDING_VERSION = 1;
