import { createFixedStep } from '../../src/core/index.js';
import type { FixedStep } from '../../src/core/index.js';
import { LiveViewer } from './viewer.js';

/** What a loop does when its updates cost more real time than they simulate; `'variable'` is the naive loop. */
export type OverloadPolicy = 'slow-motion' | 'catch-up' | 'variable';

/**
 * One game loop under load on a simulated vsynced display of its own (stories 7 and 8): its frame
 * begins on a vblank, runs the updates its clock asks for at their simulated cost, and holds the
 * display for as many vblanks as that work takes, as vsync would. Side by side, loops with
 * different policies see the same load and each pays for its own choices. The pictures are scored
 * by the viewer model ({@link LiveViewer}) when they reach the screen, at the end of the frame.
 */
export class OverloadLoop {
  readonly fixed: FixedStep | null;
  readonly viewer: LiveViewer;
  /** The vblank on which this loop's next frame begins. */
  nextVblank = 0;
  /** Updates in the last frame. */
  steps = 0;
  /** Game ms the last frame's updates ran. */
  gameMsRun = 0;
  /** Length of the last frame, ms (whole vblanks). */
  frameMs = Number.NaN;
  /** Frames in a row that were longer than the one before. */
  growing = 0;
  /** The largest single update, ms of game time (the naive loop's giant steps). */
  maxDtMs = 0;
  /** Game ms the last picture showed, and game ms dropped so far. */
  pictureMs = 0;
  droppedMs = 0;
  /** Real ms the last picture was behind when it reached the screen (dropped time included). */
  behindMs = Number.NaN;
  private lastMs = Number.NaN;

  constructor(
    readonly policy: OverloadPolicy,
    readonly stepSeconds: number,
    maxSteps: number,
    intervalMs: number,
    /** Display time of this loop's game time zero, ms. */
    readonly startMs = 0,
  ) {
    this.fixed = policy === 'variable' ? null : createFixedStep({ step: stepSeconds, maxSteps, overload: policy, interpolation: 'previous' });
    this.viewer = new LiveViewer({ refreshIntervalMs: intervalMs, stepMs: stepSeconds * 1000 });
  }

  /**
   * Vblank `vblank` (at `nowMs`) has come: if this loop's frame begins on it, run the frame, whose
   * work `workMs(updates)` decides how many vblanks it holds the display. Returns true if it ran.
   */
  frame(vblank: number, nowMs: number, intervalMs: number, workMs: (updates: number) => number): boolean {
    if (vblank < this.nextVblank) return false;
    const t = nowMs - this.startMs;
    if (this.fixed) {
      const f = this.fixed.advance(t);
      this.steps = f.steps;
      this.gameMsRun = f.steps * this.stepSeconds * 1000;
      this.pictureMs = f.pictureTime * 1000;
      this.droppedMs = f.totalDroppedSeconds * 1000;
      if (f.steps > 0) this.maxDtMs = Math.max(this.maxDtMs, this.stepSeconds * 1000);
    } else {
      // The naive loop: one update with whatever time passed.
      const dt = Number.isFinite(this.lastMs) ? t - this.lastMs : 0;
      this.steps = 1;
      this.gameMsRun = dt;
      this.pictureMs += dt;
      this.maxDtMs = Math.max(this.maxDtMs, dt);
    }
    this.lastMs = t;
    const held = Math.max(1, Math.ceil(workMs(this.steps) / intervalMs - 1e-9));
    const frameMs = held * intervalMs;
    this.growing = frameMs > this.frameMs ? this.growing + 1 : 0;
    this.frameMs = frameMs;
    this.nextVblank = vblank + held;
    // The picture drawn in this frame reaches the screen when the frame ends.
    const presentMs = t + frameMs;
    this.behindMs = presentMs - this.pictureMs;
    this.viewer.score(presentMs, this.pictureMs, this.steps, Number.NaN, this.droppedMs);
    return true;
  }

  /** Game ms still owed (catch-up's debt plus the fraction of a step). */
  get pendingMs(): number {
    return this.fixed ? this.fixed.frame.pendingSeconds * 1000 : 0;
  }
}
