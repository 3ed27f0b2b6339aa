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
 * - `stall(ms)`: the next frame arrives that much later (a hitch);
 * - `spend(ms)`: a subscriber reports simulated work. The source's clock (`now()`, which the
 *   scheduler reads to time each frame's work for the adaptive frame rate) moves on by it, and a
 *   frame whose work runs past its vblank makes the next timestamp miss vblanks, as vsync would.
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
}

/** Create a {@link SimulatedDisplay}. Pure bookkeeping per frame: nothing is allocated. */
export function createSimulatedDisplay(options: SimulatedDisplayOptions): SimulatedDisplay {
  const vsync = new LiveVsync(options);
  // [0]: real performance.now() when the current frame began; [1]: work spent this frame, ms;
  // [2]: a requested stall, ms. A typed array: no boxed double per frame.
  const state = new Float64Array(3);
  let callbackFor: ((timestampMs: number) => void) | null = null;
  let wrapped: ((realMs: number) => void) | null = null;

  const onRealFrame = (callback: (timestampMs: number) => void) => (realMs: number) => {
    const interval = vsync.intervalMs;
    const workMs = state[1]!;
    const stallMs = state[2]!;
    // Work that ran past this frame's vblank delays the next picture to the vblank after it.
    const missed = vsync.frames === 0 ? 0 : Math.max(0, Math.ceil((workMs + stallMs) / interval - 1e-9) - 1);
    state[1] = 0;
    state[2] = 0;
    vsync.next(missed);
    state[0] = realMs;
    callback(vsync.timestampMs);
  };

  return {
    vsync,
    options,
    request(callback) {
      if (callback !== callbackFor) {
        callbackFor = callback;
        wrapped = onRealFrame(callback);
      }
      return requestAnimationFrame(wrapped as (realMs: number) => void);
    },
    cancel(handle) {
      cancelAnimationFrame(handle);
    },
    now() {
      // The simulated clock: this frame's timestamp, plus real time since the frame began, plus
      // the simulated work reported so far.
      if (vsync.frames === 0) return 0;
      return vsync.timestampMs + Math.max(0, performance.now() - state[0]!) + state[1]!;
    },
    stall(ms) {
      state[2] = state[2]! + Math.max(0, ms);
    },
    spend(ms) {
      state[1] = state[1]! + Math.max(0, ms);
    },
  };
}
