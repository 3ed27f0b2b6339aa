// The display side of simulate(): free buffers decide when a frame starts, vblanks when it is seen.
import type { SeededRandom } from '../core/index.js';
import { vrrPresentMs, type VrrRange } from './vrrDisplay.js';

// In refresh intervals: float noise past a vblank, not lateness.
const VBLANK_SNAP = 1e-9;

/** The display options of {@link simulate}, checked and with their defaults. */
export interface DisplaySettings {
  refreshRate: number;
  vsync: boolean;
  queueDepth: number;
  jitterMs: number;
  callbackDelayMs: number;
  unsyncedMaxRate: number;
  phaseMs: number;
  quantizationMs: number;
  /** A variable-refresh panel's bottom rate, Hz; NaN for a fixed rate. */
  minRefreshRate: number;
}

/** Where a picture was shown. A reused object. */
export interface Presentation {
  /** When the picture reached the screen, ms of simulation time. */
  presentMs: number;
  /** Vblanks since the previous picture's (0 when it shares one). */
  vblanks: number;
}

/** The virtual display: vblank k at `k × intervalMs`, with `queueDepth` buffers and a jittery callback. */
export class VirtualDisplay {
  readonly intervalMs: number;
  private readonly minFrameMs: number;
  /** Presents of the last `queueDepth` frames: frame i may start once frame i − queueDepth is shown. */
  private readonly presents: Float64Array;
  private readonly shown: Presentation = { presentMs: 0, vblanks: 0 };
  /** A variable-refresh panel's range, or null. */
  private readonly vrr: VrrRange | null;
  private frames = 0;
  private previousStartMs = 0;
  private previousFinishMs = 0;
  /** Vblank 0 is the moment the simulation starts: the first picture can appear at vblank 1. */
  private previousVblank = 0;

  constructor(
    private readonly settings: DisplaySettings,
    private readonly jitter: SeededRandom,
  ) {
    this.intervalMs = 1000 / settings.refreshRate;
    this.minFrameMs = 1000 / settings.unsyncedMaxRate;
    this.presents = new Float64Array(settings.queueDepth);
    this.vrr = settings.minRefreshRate > 0 ? { minIntervalMs: this.intervalMs, maxIntervalMs: 1000 / settings.minRefreshRate } : null;
  }

  /** Frames a run of `durationMs` can make at most (a free-running loop's bound is loose). */
  maxFrames(durationMs: number): number {
    const s = this.settings;
    return s.vsync ? durationMs / this.intervalMs + s.queueDepth + 3 : durationMs / this.minFrameMs + 3;
  }

  /** The loop's clock at simulation time `simMs`: shifted by the phase, rounded down to the timer's resolution. */
  read(simMs: number): number {
    const t = simMs + this.settings.phaseMs;
    const q = this.settings.quantizationMs;
    return q > 0 ? Math.floor(t / q) * q : t;
  }

  /** When the next frame's callback runs, ms of simulation time: a free buffer, then the callback's delay and jitter. */
  nextStartMs(): number {
    const s = this.settings;
    const jitterMs = s.jitterMs > 0 ? this.jitter.next() * s.jitterMs : 0;
    return this.readyMs() + s.callbackDelayMs + jitterMs;
  }

  private readyMs(): number {
    const i = this.frames;
    if (i === 0) return 0;
    if (!this.settings.vsync) return Math.max(this.previousFinishMs, this.previousStartMs + this.minFrameMs);
    const depth = this.settings.queueDepth;
    const freedMs = i >= depth ? (this.presents[i % depth] as number) : 0;
    return Math.max(this.previousFinishMs, freedMs);
  }

  /**
   * Show the picture of the frame that started at `startMs` and whose work ended at `finishMs`:
   * with vsync at the first vblank after it that is at least `holdVblanks` past the previous
   * picture's, else at once.
   */
  show(startMs: number, finishMs: number, holdVblanks: number): Presentation {
    if (this.vrr) return this.showVariable(startMs, finishMs);
    let vblank = Math.ceil(finishMs / this.intervalMs - VBLANK_SNAP);
    let presentMs = finishMs;
    if (this.settings.vsync) {
      vblank = Math.max(vblank, this.previousVblank + holdVblanks);
      presentMs = vblank * this.intervalMs;
    }
    this.shown.presentMs = presentMs;
    this.shown.vblanks = vblank > this.previousVblank ? vblank - this.previousVblank : 0;
    this.presents[this.frames % this.settings.queueDepth] = presentMs;
    this.previousStartMs = startMs;
    this.previousFinishMs = finishMs;
    if (vblank > this.previousVblank) this.previousVblank = vblank;
    this.frames += 1;
    return this.shown;
  }

  /** A variable-refresh panel shows the picture when ready, within its range: no vblank counts (NaN). */
  private showVariable(startMs: number, finishMs: number): Presentation {
    const previousMs = this.frames > 0 ? (this.presents[(this.frames - 1) % this.settings.queueDepth] as number) : -Infinity;
    const presentMs = this.frames > 0 ? vrrPresentMs(this.vrr!, previousMs, finishMs) : finishMs;
    this.shown.presentMs = presentMs;
    this.shown.vblanks = Number.NaN;
    this.presents[this.frames % this.settings.queueDepth] = presentMs;
    this.previousStartMs = startMs;
    this.previousFinishMs = finishMs;
    this.frames += 1;
    return this.shown;
  }
}
