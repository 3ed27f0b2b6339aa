/**
 * What a viewer sees, accumulated frame by frame (nothing per frame is kept, so `record: false`
 * runs measure the same numbers in constant memory).
 */
import type { FrameValues } from './frameRecords.js';
import type { SimulationMetrics } from './types.js';

/** Histogram buckets: 0 … 31 update calls, the last bucket also counting anything above. */
const HISTOGRAM_BUCKETS = 32;
/** Two pictures this close in game time (ms) show the same state. */
const SAME_PICTURE_MS = 1e-6;
/** A picture that advanced at least this many times the real time between presents jumped. */
const DOUBLED_RATIO = 1.5;

/** Streaming accumulator of {@link SimulationMetrics}. */
export class MetricsAccumulator {
  private readonly histogram = new Float64Array(HISTOGRAM_BUCKETS);
  private frames = 0;
  private lagSum = 0;
  private lagMax = -Infinity;
  private lagMin = Infinity;
  private judderSquares = 0;
  private judderCount = 0;
  private judderMax = 0;
  private duplicates = 0;
  private skipped = 0;
  private doubled = 0;
  private dropped = 0;
  private firstPresentMs = 0;
  private firstPictureMs = 0;
  private lastPresentMs = 0;
  private lastPictureMs = 0;
  /** The previous frame (measured or not), for differences. */
  private havePrevious = false;
  private previousPresentMs = 0;
  private previousPictureMs = 0;

  constructor(
    private readonly warmupMs: number,
    private readonly stepMs: number,
    private readonly refreshIntervalMs: number,
  ) {}

  /** Add one presented frame; `droppedSeconds` is what its overload policy threw away. */
  add(v: FrameValues, droppedSeconds: number): void {
    const pictureMs = v.pictureSeconds * 1000;
    const measured = v.presentMs >= this.warmupMs;
    if (measured) {
      if (this.frames === 0) {
        this.firstPresentMs = v.presentMs;
        this.firstPictureMs = pictureMs;
      }
      this.frames += 1;
      this.lastPresentMs = v.presentMs;
      this.lastPictureMs = pictureMs;
      this.lagSum += v.lagMs;
      if (v.lagMs > this.lagMax) this.lagMax = v.lagMs;
      if (v.lagMs < this.lagMin) this.lagMin = v.lagMs;
      this.histogram[v.steps < HISTOGRAM_BUCKETS ? v.steps : HISTOGRAM_BUCKETS - 1]! += 1;
      this.dropped += droppedSeconds;
      if (this.havePrevious) {
        const advancedMs = pictureMs - this.previousPictureMs;
        const realMs = v.presentMs - this.previousPresentMs;
        const judder = advancedMs - realMs;
        this.judderSquares += judder * judder;
        this.judderCount += 1;
        if (Math.abs(judder) > this.judderMax) this.judderMax = Math.abs(judder);
        if (Math.abs(advancedMs) <= SAME_PICTURE_MS) this.duplicates += 1;
        if (advancedMs >= DOUBLED_RATIO * realMs && realMs > 0) this.doubled += 1;
        this.skipped += v.vblanks > 1 ? v.vblanks - 1 : 0;
      }
    }
    this.havePrevious = true;
    this.previousPresentMs = v.presentMs;
    this.previousPictureMs = pictureMs;
  }

  /** The metrics so far (a new object). */
  result(): SimulationMetrics {
    const n = this.frames;
    const measuredMs = this.lastPresentMs - this.firstPresentMs;
    let last = HISTOGRAM_BUCKETS - 1;
    while (last > 0 && this.histogram[last] === 0) last -= 1;
    const lagMeanMs = n > 0 ? this.lagSum / n : 0;
    const lagMaxMs = n > 0 ? this.lagMax : 0;
    const judderMs = this.judderCount > 0 ? Math.sqrt(this.judderSquares / this.judderCount) : 0;
    const minutes = measuredMs / 60000;
    return {
      frames: n,
      fps: measuredMs > 0 ? ((n - 1) * 1000) / measuredMs : 0,
      stepMs: this.stepMs,
      refreshIntervalMs: this.refreshIntervalMs,
      lagMeanMs,
      lagMaxMs,
      lagMinMs: n > 0 ? this.lagMin : 0,
      lagMeanSteps: lagMeanMs / this.stepMs,
      lagMaxSteps: lagMaxMs / this.stepMs,
      judderMs,
      judderSteps: judderMs / this.stepMs,
      judderMaxMs: this.judderMax,
      duplicatePictures: this.duplicates,
      duplicateRatio: n > 0 ? this.duplicates / n : 0,
      skippedVblanks: this.skipped,
      doubledDeltas: this.doubled,
      doubledDeltasPerMinute: minutes > 0 ? this.doubled / minutes : 0,
      speed: measuredMs > 0 ? (this.lastPictureMs - this.firstPictureMs) / measuredMs : 0,
      droppedSeconds: this.dropped,
      stepsHistogram: Array.from(this.histogram.subarray(0, last + 1)),
      measuredMs,
    };
  }
}
