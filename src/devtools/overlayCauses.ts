// What the overlay keeps of the browser's long frames and input delays, for its text lines: counts,
// the worst long frame in words, and a ring of recent input delays. Filled by observers, never per frame.
import { describeLongFrame, observeEventTimings, observeLongFrames } from './causes.js';
import type { RecordedLongFrame } from './format.js';

/** Input delays kept for the percentiles. */
const DELAYS = 256;

export interface OverlayCauses {
  /** False where the browser has no Long Animation Frames (Firefox, WebKit, test DOMs). */
  readonly longFramesAvailable: boolean;
  /** False where the browser has no Event Timing. */
  readonly eventTimingAvailable: boolean;
  /** Long frames seen since the overlay started watching. */
  readonly longFrameCount: number;
  /**
   * The worst long frame so far, in words: the one whose longest script ran longest (the cause to
   * look at first), or the longest frame while none had a script; `''` before any.
   */
  readonly worstLongFrame: string;
  /** Input events timed since it started watching. */
  readonly eventCount: number;
  /** p50 and p95 of the recent input delays, ms, written into `out[0]`, `out[1]` (NaN before any). */
  delayPercentiles(out: Float64Array): void;
  /** Stop watching. */
  stop(): void;
}

/** How long the frame's longest script ran, ms; 0 with none. */
function longestScriptMs(frame: RecordedLongFrame): number {
  let longest = 0;
  for (const s of frame.scripts) longest = Math.max(longest, s.durationMs);
  return longest;
}

export function watchOverlayCauses(): OverlayCauses {
  const delays = new Float64Array(DELAYS);
  const sorted = new Float64Array(DELAYS);
  const kept = { longFrames: 0, worst: '', worstScriptMs: -1, worstFrameMs: -1, events: 0 };
  const stopFrames = observeLongFrames((frame) => {
    kept.longFrames++;
    const scriptMs = longestScriptMs(frame);
    if (scriptMs < kept.worstScriptMs || (scriptMs === kept.worstScriptMs && frame.durationMs <= kept.worstFrameMs)) return;
    kept.worstScriptMs = scriptMs;
    kept.worstFrameMs = frame.durationMs;
    kept.worst = describeLongFrame(frame);
  });
  const stopEvents = observeEventTimings((event) => {
    delays[kept.events % DELAYS] = event.inputDelayMs;
    kept.events++;
  });
  return {
    longFramesAvailable: stopFrames !== null,
    eventTimingAvailable: stopEvents !== null,
    get longFrameCount() {
      return kept.longFrames;
    },
    get worstLongFrame() {
      return kept.worst;
    },
    get eventCount() {
      return kept.events;
    },
    delayPercentiles(out) {
      const n = Math.min(kept.events, DELAYS);
      // Sorted in place, the empty slots last (no view, no copy: nothing allocated).
      sorted.set(delays);
      sorted.fill(Infinity, n).sort();
      // Nearest rank: the smallest delay with at least p of them at or below it.
      out[0] = n ? sorted[Math.ceil(0.5 * n) - 1]! : NaN;
      out[1] = n ? sorted[Math.ceil(0.95 * n) - 1]! : NaN;
    },
    stop() {
      stopFrames?.();
      stopEvents?.();
    },
  };
}
