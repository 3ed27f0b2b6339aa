import { createSeededRandom } from '../../src/core/index.js';
import type { SeededRandom } from '../../src/core/index.js';
import { LiveVsync } from './liveVsync.js';

/**
 * A simulated 60 Hz (or other) display for the stories that compare core algorithms: each real
 * animation frame produces the next simulated frame, whose timestamp lies whole vblanks after the
 * previous one. A frame's simulated work decides how many: work past a vblank makes the display
 * wait for the next one, as vsync does. So the algorithms see the same timestamps on a 144 Hz
 * laptop, on a phone, and on a loaded machine running at 15 fps: the story only runs slower there.
 */
export class SimulatedFrames {
  readonly vsync: LiveVsync;
  private readonly random: SeededRandom;

  constructor(refreshRate: number, seed: number, jitterMs = 0.2, quantizationMs = 0.1) {
    this.vsync = new LiveVsync({ refreshRate, jitterMs, quantizationMs, seed });
    this.random = createSeededRandom(seed + 1);
  }

  /** A uniform draw in [0, 1) from the display's own seeded stream (repeatable load). */
  draw(): number {
    return this.random.next();
  }

  /**
   * The next frame, after the previous frame's `workMs` of work: one vblank later, or as many as
   * the work ran past. Returns its timestamp, ms.
   */
  next(workMs: number): number {
    const vsync = this.vsync;
    const extra = vsync.frames === 0 ? 0 : Math.max(0, Math.ceil(workMs / vsync.intervalMs - 1e-9) - 1);
    vsync.next(extra);
    return vsync.timestampMs;
  }
}
