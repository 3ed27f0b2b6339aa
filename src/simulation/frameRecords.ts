// Allocated once for the expected frames (doubled if short), so a long run allocates nothing per frame.
import type { SimulationFrames } from './types.js';

/** One frame's values, as the loop computed them. */
export interface FrameValues {
  startMs: number;
  sampleMs: number;
  finishMs: number;
  presentMs: number;
  pictureSeconds: number;
  dtSeconds: number;
  steps: number;
  lagMs: number;
  vblanks: number;
}

/** Growable columns of frame records. */
export class FrameRecords {
  count = 0;
  private startMs: Float64Array;
  private sampleMs: Float64Array;
  private finishMs: Float64Array;
  private presentMs: Float64Array;
  private pictureSeconds: Float64Array;
  private dtSeconds: Float64Array;
  private steps: Uint32Array;
  private lagMs: Float64Array;
  private vblanks: Uint32Array;

  constructor(capacity: number) {
    const n = Math.max(1, Math.ceil(capacity));
    this.startMs = new Float64Array(n);
    this.sampleMs = new Float64Array(n);
    this.finishMs = new Float64Array(n);
    this.presentMs = new Float64Array(n);
    this.pictureSeconds = new Float64Array(n);
    this.dtSeconds = new Float64Array(n);
    this.steps = new Uint32Array(n);
    this.lagMs = new Float64Array(n);
    this.vblanks = new Uint32Array(n);
  }

  push(v: FrameValues): void {
    if (this.count === this.startMs.length) this.grow();
    const i = this.count;
    this.startMs[i] = v.startMs;
    this.sampleMs[i] = v.sampleMs;
    this.finishMs[i] = v.finishMs;
    this.presentMs[i] = v.presentMs;
    this.pictureSeconds[i] = v.pictureSeconds;
    this.dtSeconds[i] = v.dtSeconds;
    this.steps[i] = v.steps;
    this.lagMs[i] = v.lagMs;
    this.vblanks[i] = v.vblanks;
    this.count = i + 1;
  }

  /** Views of the filled part (no copy). */
  toFrames(): SimulationFrames {
    const n = this.count;
    return {
      count: n,
      startMs: this.startMs.subarray(0, n),
      sampleMs: this.sampleMs.subarray(0, n),
      finishMs: this.finishMs.subarray(0, n),
      presentMs: this.presentMs.subarray(0, n),
      pictureSeconds: this.pictureSeconds.subarray(0, n),
      dtSeconds: this.dtSeconds.subarray(0, n),
      steps: this.steps.subarray(0, n),
      lagMs: this.lagMs.subarray(0, n),
      vblanks: this.vblanks.subarray(0, n),
    };
  }

  private grow(): void {
    const n = this.startMs.length * 2;
    const f64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    const u32 = (a: Uint32Array): Uint32Array => {
      const b = new Uint32Array(n);
      b.set(a);
      return b;
    };
    this.startMs = f64(this.startMs);
    this.sampleMs = f64(this.sampleMs);
    this.finishMs = f64(this.finishMs);
    this.presentMs = f64(this.presentMs);
    this.pictureSeconds = f64(this.pictureSeconds);
    this.dtSeconds = f64(this.dtSeconds);
    this.steps = u32(this.steps);
    this.lagMs = f64(this.lagMs);
    this.vblanks = u32(this.vblanks);
  }
}
