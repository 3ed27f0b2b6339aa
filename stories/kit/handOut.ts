import type { LiveVsync } from './display.js';
import type { LanesHandle } from './Lanes.js';
import { writeMetrics } from './metrics.js';
import { LiveViewer } from './viewer.js';

/**
 * Lanes whose algorithms hand the game some game time each frame, on one simulated display
 * (stories 9 and 10: the measured delta, slices, smoothed deltas). Each lane's game time moves its
 * dot; each picture reaches the screen at the next vblank and the viewer model scores it against the
 * vblanks that really passed.
 */
export class HandOutLanes {
  readonly viewers: LiveViewer[];
  readonly gameMs: number[];
  private firstVblankMs = Number.NaN;
  private previousMs = Number.NaN;

  constructor(
    readonly prefixes: readonly string[],
    refreshRate: number,
  ) {
    this.viewers = prefixes.map(() => new LiveViewer({ refreshIntervalMs: 1000 / refreshRate }));
    this.gameMs = prefixes.map(() => 0);
  }

  /** The measured delta of this frame, s; NaN on the first frame (nothing to hand out yet). */
  delta(vsync: LiveVsync): number {
    const previous = this.previousMs;
    this.previousMs = vsync.timestampMs;
    if (!Number.isFinite(this.firstVblankMs)) this.firstVblankMs = vsync.vblankMs;
    return Number.isFinite(previous) ? (vsync.timestampMs - previous) / 1000 : Number.NaN;
  }

  /**
   * Lane `lane` handed out `seconds` this frame. `vblanks` is what it should have handed out, in
   * refresh intervals (NaN: not scored for flaps); `droppedMs` the game time it withheld so far.
   */
  handOut(lane: number, seconds: number, vsync: LiveVsync, vblanks: number, droppedMs: number, lanes: LanesHandle, values: Record<string, number>, lapSeconds: number): void {
    this.gameMs[lane] = this.gameMs[lane]! + seconds * 1000;
    const updates = (seconds * 1000) / vsync.intervalMs;
    const presentMs = vsync.vblankMs - this.firstVblankMs + vsync.intervalMs;
    lanes.picture(lane, this.gameMs[lane]! / 1000 / lapSeconds, updates, Number.isFinite(vblanks) && Math.abs(updates - vblanks) > 1e-6);
    lanes.ring(lane, presentMs / 1000 / lapSeconds);
    const viewer = this.viewers[lane]!;
    if (viewer.score(presentMs, this.gameMs[lane]!, updates, vblanks, droppedMs)) writeMetrics(values, this.prefixes[lane]!, viewer.total);
  }
}
