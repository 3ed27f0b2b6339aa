/**
 * The three ways the draw reads the updates (Peter Sundqvist, "Timestepping", the threads loop):
 * (a) 'latest', the latest completed state; (b) 'interpolated', the two latest blended by the time
 * the frame falls at on the worker's step grid, mapped onto the page's clock; (c) 'live', the state
 * the worker is writing, parts of two steps in one picture. Runs once a frame and allocates
 * nothing. @internal
 */
import { readHeader, type SlotHeader, type SlotView } from './protocol.js';
import type { ClockOffset } from './timeOrigin.js';

/** Before the first state arrives. */
export const EMPTY_STATE = new Float64Array(0);

/** The step that made the state shown, with times on the page's clock (ms, `performance.now()`). */
export interface WorkerStepInfo {
  /** The step's index on the worker's grid (−1: the state `init` wrote). */
  index: number;
  /** When the step's game time began: the picture blends from here … */
  startMs: number;
  /** … to when it ended. */
  endMs: number;
  /** When the worker ran it (its lateness: `ranAtMs − endMs`). */
  ranAtMs: number;
  /** Steps run since time zero. */
  totalSteps: number;
  /** Game seconds 'slow-motion' dropped since time zero. */
  totalDroppedSeconds: number;
  /** Game seconds since time zero, as the worker's clock last counted them. */
  elapsedGameSeconds: number;
  /** The worker's clock is paused. */
  paused: boolean;
  /** Game seconds per real second. */
  timeScale: number;
}

export function emptyStepInfo(): WorkerStepInfo {
  return { index: -1, startMs: 0, endMs: 0, ranAtMs: 0, totalSteps: 0, totalDroppedSeconds: 0, elapsedGameSeconds: 0, paused: false, timeScale: 1 };
}

/** What a reading writes: the handle's public fields. */
export interface ReadingTarget {
  alpha: number;
  previous: Float64Array;
  current: Float64Array;
  readonly step: WorkerStepInfo;
  readonly read: 'latest' | 'interpolated' | 'live';
}

/**
 * Fill `target` from the latest complete `slot` (and the `live` one for 'live') for the frame at
 * `frame.timestampMs`. 'interpolated' shows the game time one step's span before the frame: alpha =
 * (frame − end) / (end − start) of the latest step, held at 1 while the next state is late, and
 * frozen where the clock was paused.
 */
export function applyReading(target: ReadingTarget, slot: SlotView, live: SlotView | null, frame: { readonly timestampMs: number }, offset: ClockOffset, h: SlotHeader): void {
  readHeader(slot.header, h);
  offset.headerToPage(h);
  const info = target.step;
  info.index = h.stepIndex;
  info.startMs = h.stepStartMs;
  info.endMs = h.stepEndMs;
  info.ranAtMs = h.ranAtMs;
  info.totalSteps = h.totalSteps;
  info.totalDroppedSeconds = h.totalDroppedSeconds;
  info.elapsedGameSeconds = h.elapsedGameSeconds;
  info.paused = h.paused === 1;
  info.timeScale = h.timeScale;
  target.previous = slot.previous;
  target.current = slot.current;
  const mode = target.read;
  if (mode === 'interpolated') {
    const spanMs = h.stepEndMs - h.stepStartMs;
    const atMs = h.paused === 1 ? h.pausedAtMs : frame.timestampMs;
    let alpha = spanMs > 0 ? (atMs - h.stepEndMs) / spanMs : 1;
    if (!(alpha < 1)) alpha = 1;
    else if (alpha < 0) alpha = 0;
    target.alpha = alpha;
    return;
  }
  target.alpha = 1;
  if (mode === 'live' && live !== null) {
    target.previous = slot.current;
    target.current = live.current;
  }
}
