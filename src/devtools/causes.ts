/**
 * What made a frame long or an input late, where the browser says: Long Animation Frames (which
 * scripts ran in a frame of over 50 ms) and Event Timing (each input event's delay). Observers, not
 * frame callbacks: nothing runs per frame, and nothing at all where the browser has neither.
 */
import type { RecordedEventTiming, RecordedLongFrame, RecordedLongFrameScript } from './format.js';

/** The entry types, as `PerformanceObserver.supportedEntryTypes` names them. */
const LONG_FRAME = 'long-animation-frame';
const EVENT = 'event';
/** Event Timing reports events that took at least this long to the next paint (its smallest threshold), ms. */
export const EVENT_THRESHOLD_MS = 16;

interface ScriptEntry {
  sourceURL?: string;
  sourceFunctionName?: string;
  invoker?: string;
  invokerType?: string;
  startTime: number;
  duration: number;
}
interface LongFrameEntry {
  startTime: number;
  duration: number;
  blockingDuration?: number;
  scripts?: readonly ScriptEntry[];
}
interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}
interface ObserverLike {
  observe(options: { type: string; buffered?: boolean; durationThreshold?: number }): void;
  takeRecords?(): unknown[];
  disconnect(): void;
}
type ObserverConstructor = (new (callback: (list: { getEntries(): unknown[] }) => void) => ObserverLike) & { supportedEntryTypes?: readonly string[] };

/** Where entries come from: a window's observer and how far its clock's zero lies after this page's, ms. */
interface Source {
  Ctor: ObserverConstructor;
  offsetMs: number;
}

/** Read at call time: a test may install one. */
function observerIn(scope: unknown, type: string): ObserverConstructor | null {
  const Ctor = (scope as { PerformanceObserver?: ObserverConstructor } | null)?.PerformanceObserver;
  return typeof Ctor === 'function' && Array.isArray(Ctor.supportedEntryTypes) && Ctor.supportedEntryTypes.includes(type) ? Ctor : null;
}

/**
 * This page's observer, and for long frames the top window's too: Chromium reports a frame that
 * updated rendering to the top window, not to a same-origin iframe (Storybook, a game embedded in
 * a page); a cross-origin parent cannot be reached, so there only task-only long frames show.
 */
function sourcesFor(type: string, fromTop: boolean): Source[] {
  const own = observerIn(globalThis, type);
  const sources: Source[] = own ? [{ Ctor: own, offsetMs: 0 }] : [];
  if (!fromTop || typeof window === 'undefined' || window.top === window) return sources;
  try {
    const top = window.top as (Window & typeof globalThis) | null;
    const Ctor = observerIn(top, type);
    if (top && Ctor) sources.push({ Ctor, offsetMs: top.performance.timeOrigin - performance.timeOrigin });
  } catch {
    // A cross-origin parent: reading its properties throws. This page's entries only.
  }
  return sources;
}

/** Observe `type`; each entry's start moved onto this page's clock. Null where no source has the type. */
function observe<E extends { startTime: number }>(type: string, extra: { durationThreshold?: number }, fromTop: boolean, onEntry: (entry: E, offsetMs: number) => void): (() => void) | null {
  const sources = sourcesFor(type, fromTop);
  if (sources.length === 0) return null;
  const observers = sources.map(({ Ctor, offsetMs }) => {
    const observer = new Ctor((list) => {
      for (const entry of list.getEntries()) onEntry(entry as E, offsetMs);
    });
    observer.observe({ type, ...extra });
    return { observer, offsetMs };
  });
  return () => {
    for (const { observer, offsetMs } of observers) {
      // Entries the browser has queued but not yet delivered belong to the time watched.
      for (const entry of observer.takeRecords?.() ?? []) onEntry(entry as E, offsetMs);
      observer.disconnect();
    }
  };
}

function script(s: ScriptEntry, offsetMs: number): RecordedLongFrameScript {
  return {
    sourceURL: s.sourceURL ?? '',
    sourceFunctionName: s.sourceFunctionName ?? '',
    invoker: s.invoker ?? '',
    invokerType: s.invokerType ?? '',
    startMs: s.startTime + offsetMs,
    durationMs: s.duration,
  };
}

/**
 * Call `onFrame` with each long animation frame from now on (this page's and, in a same-origin
 * iframe, the top window's: each frame once); null where the browser has none (Firefox, WebKit, test DOMs).
 */
export function observeLongFrames(onFrame: (frame: RecordedLongFrame) => void): (() => void) | null {
  // Both windows may report one frame: the start times of the last few reported skip a repeat.
  const recent = new Float64Array(8).fill(NaN);
  let next = 0;
  return observe<LongFrameEntry>(LONG_FRAME, {}, true, (e, offsetMs) => {
    const startMs = e.startTime + offsetMs;
    for (const seen of recent) if (Math.abs(seen - startMs) < 0.5) return;
    recent[next++ % recent.length] = startMs;
    onFrame({ startMs, durationMs: e.duration, blockingMs: e.blockingDuration ?? 0, scripts: (e.scripts ?? []).map((s) => script(s, offsetMs)) });
  });
}

/** Call `onEvent` with each input event that took {@link EVENT_THRESHOLD_MS} or more to the next paint; null where the browser has no Event Timing. */
export function observeEventTimings(onEvent: (event: RecordedEventTiming) => void): (() => void) | null {
  return observe<EventEntry>(EVENT, { durationThreshold: EVENT_THRESHOLD_MS }, false, (e) =>
    onEvent({
      type: e.name,
      startMs: e.startTime,
      inputDelayMs: e.processingStart - e.startTime,
      processingMs: e.processingEnd - e.processingStart,
      durationMs: e.duration,
    }),
  );
}

/** The script that ran longest in `frame`, in words: `FrameRequestCallback tick (loop.js) 110 ms`. */
export function describeLongFrame(frame: RecordedLongFrame): string {
  let longest: RecordedLongFrameScript | null = null;
  for (const s of frame.scripts) if (!longest || s.durationMs > longest.durationMs) longest = s;
  if (!longest) return `${frame.durationMs.toFixed(0)} ms, no script of 5 ms or more (style, layout, paint or GC)`;
  const file = longest.sourceURL.slice(longest.sourceURL.lastIndexOf('/') + 1).split(/[?#]/)[0];
  const name = [longest.invoker, longest.sourceFunctionName].filter(Boolean).join(' ');
  return `${frame.durationMs.toFixed(0)} ms: ${name || longest.invokerType}${file ? ` (${file})` : ''} ${longest.durationMs.toFixed(0)} ms`;
}
