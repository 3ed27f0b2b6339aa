import { createSeededRandom } from '../../src/core/index.js';
import type { SeededRandom } from '../../src/core/index.js';

/** Options of {@link LiveVsync}. */
export interface LiveVsyncOptions {
  /** The simulated display's refresh rate, Hz. */
  refreshRate: number;
  /** Timer resolution, ms: each timestamp is rounded down to a multiple of it (0: exact). */
  quantizationMs: number;
  /** Each timestamp moves by a uniform random amount in ± this many ms. */
  jitterMs: number;
  /** Chance that a frame misses its vblank (each extra vblank drawn again). Default 0. */
  dropChance?: number;
  /** Seed of the phase, jitter and drop draws. */
  seed: number;
}

/**
 * A simulated vsynced frame clock, one frame per call: the same model as `createVsyncStream`
 * (react-timestep/simulation) — each timestamp is its vblank plus a constant random phase the loop
 * never knows, plus ± jitter, rounded down to the timer's resolution — generated one frame at a
 * time, allocation-free, so a live story can run it for as long as it stays open. On top, a frame
 * can be told to miss vblanks (a stall, a dropped frame) and to arrive late (a heartbeat).
 *
 * Each frame also carries its ground truth: the vblanks that really elapsed and the exact vblank
 * time, which is what the viewer model scores against.
 */
export class LiveVsync {
  /** The display's refresh interval, ms. */
  readonly intervalMs: number;
  /** The constant offset of every timestamp from its vblank, ms (drawn once). */
  readonly phaseMs: number;
  /** The timestamp the loop sees this frame, ms. */
  timestampMs = Number.NaN;
  /** The exact vblank this frame belongs to, ms (no phase, jitter or quantisation). */
  vblankMs = 0;
  /** Vblanks that really elapsed since the previous frame (0 on the first frame). */
  vblanks = 0;
  /** Frames generated. */
  frames = 0;
  private readonly random: SeededRandom;
  private vblank = 0;

  /** The options; `quantizationMs`, `jitterMs` and `dropChance` may be changed while it runs. */
  constructor(readonly options: LiveVsyncOptions) {
    this.intervalMs = 1000 / options.refreshRate;
    this.random = createSeededRandom(options.seed);
    this.phaseMs = this.random.next() * this.intervalMs;
  }

  /**
   * Generate the next frame. `extraVblanks` vblanks are missed on top of the random drops (a
   * stall); `lateMs` delays this one timestamp (a heartbeat), before quantisation.
   */
  next(extraVblanks = 0, lateMs = 0): void {
    const { jitterMs, quantizationMs } = this.options;
    const dropChance = this.options.dropChance ?? 0;
    if (this.frames > 0) {
      let elapsed = 1 + extraVblanks;
      while (dropChance > 0 && this.random.next() < dropChance) elapsed += 1;
      this.vblank += elapsed;
      this.vblanks = elapsed;
    }
    this.vblankMs = this.vblank * this.intervalMs;
    let t = this.vblankMs + this.phaseMs + lateMs + (jitterMs > 0 ? (this.random.next() * 2 - 1) * jitterMs : 0);
    if (quantizationMs > 0) t = Math.floor(t / quantizationMs) * quantizationMs;
    // A browser's timestamps never go backwards.
    if (this.frames > 0 && t < this.timestampMs) t = this.timestampMs;
    this.timestampMs = t;
    this.frames += 1;
  }
}
