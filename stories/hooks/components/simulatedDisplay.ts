import type { FrameSource } from '../../../src/index.js';
import { LiveVsync } from '../../components/liveVsync.js';
import type { LiveVsyncOptions } from '../../components/liveVsync.js';

/** Options of {@link createSimulatedDisplay}; `jitterMs` and `quantizationMs` may be changed at any time. */
export type SimulatedDisplayOptions = LiveVsyncOptions;

/**
 * A {@link FrameSource} for `<FrameProvider source>` that hands the real hooks a simulated vsynced
 * display, paced by the real requestAnimationFrame: each real frame is one vblank of the simulated
 * display (same model as `createVsyncStream`: a constant random phase, ± jitter, timer quantisation),
 * so a story shows the same effect on every machine.
 *
 * Two things a real display would do are simulated on top:
 * - `stall(ms)`: the next frame arrives that much later (a hitch): that many real frames pass
 *   without one;
 * - `spend(ms)`: a subscriber reports simulated work. The source's clock (`now()`, which the
 *   scheduler reads to time each frame's work for the adaptive frame rate) moves on by it, and a
 *   frame whose work runs past its vblank makes the next frame wait for the vblank after the work,
 *   as vsync would (the real frames in between pass without a frame).
 *
 * Ground truth for the viewer model: `vsync.vblankMs` (when this frame's vblank really was) and
 * `vsync.vblanks` (vblanks since the previous frame).
 */
export interface SimulatedDisplay extends FrameSource {
  readonly vsync: LiveVsync;
  /** The live options (mutate `jitterMs`, `quantizationMs` freely). */
  readonly options: SimulatedDisplayOptions;
  /** Make the next frame arrive `ms` later (rounded up to whole vblanks). */
  stall(ms: number): void;
  /** Simulated work done in this frame, ms (adds up within a frame). */
  spend(ms: number): void;
  /**
   * While true the display is stopped: no frames, no vblanks, its clock stands still (the story's
   * transport bar is paused). The next frame after it turns false is one vblank later.
   */
  frozen: boolean;
}

// Slots of the display's state (a typed array: no boxed double per frame).
const FRAME_REAL_MS = 0;
const WORK_MS = 1;
const TO_SWALLOW = 2;
const SWALLOWED = 3;
const RAF_ID = 4;
const TOKEN = 5;

/** Create a {@link SimulatedDisplay}. Pure bookkeeping per frame: nothing is allocated. */
export function createSimulatedDisplay(options: SimulatedDisplayOptions): SimulatedDisplay {
  const vsync = new LiveVsync(options);
  const state = new Float64Array(6);
  let pending: ((timestampMs: number) => void) | null = null;

  const onRealFrame = (realMs: number): void => {
    state[RAF_ID] = 0;
    if (display.frozen) {
      state[RAF_ID] = requestAnimationFrame(onRealFrame);
      return;
    }
    if (state[TO_SWALLOW]! > 0) {
      // A vblank passes while the previous frame's work (or a stall) still holds the display.
      state[TO_SWALLOW] = state[TO_SWALLOW]! - 1;
      state[SWALLOWED] = state[SWALLOWED]! + 1;
      state[RAF_ID] = requestAnimationFrame(onRealFrame);
      return;
    }
    const callback = pending;
    pending = null;
    if (!callback) return;
    vsync.next(state[SWALLOWED]!);
    state[SWALLOWED] = 0;
    state[FRAME_REAL_MS] = realMs;
    state[WORK_MS] = 0;
    callback(vsync.timestampMs);
    // Work past this vblank holds the display until the vblank after it.
    state[TO_SWALLOW] = state[TO_SWALLOW]! + Math.max(0, Math.ceil(state[WORK_MS]! / vsync.intervalMs - 1e-9) - 1);
  };

  const display: SimulatedDisplay = {
    frozen: false,
    vsync,
    options,
    request(callback) {
      pending = callback;
      if (state[RAF_ID] === 0) state[RAF_ID] = requestAnimationFrame(onRealFrame);
      state[TOKEN] = state[TOKEN]! + 1;
      return state[TOKEN]!;
    },
    cancel(handle) {
      if (handle !== state[TOKEN]) return;
      pending = null;
      if (state[RAF_ID] !== 0) cancelAnimationFrame(state[RAF_ID]!);
      state[RAF_ID] = 0;
    },
    now() {
      // The simulated clock: this frame's timestamp, plus real time since the frame began, plus
      // the simulated work reported so far.
      if (vsync.frames === 0) return 0;
      return vsync.timestampMs + Math.max(0, performance.now() - state[FRAME_REAL_MS]!) + state[WORK_MS]!;
    },
    stall(ms) {
      // Outside a frame (a click): the frame after the next waits. Rounded up to whole vblanks.
      state[TO_SWALLOW] = state[TO_SWALLOW]! + Math.max(0, Math.ceil(ms / vsync.intervalMs - 1e-9) - 1);
    },
    spend(ms) {
      state[WORK_MS] = state[WORK_MS]! + Math.max(0, ms);
    },
  };
  return display;
}
