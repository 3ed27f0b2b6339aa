// Nothing per frame is kept, so `record: false` runs measure the same numbers in constant memory.
import type { FrameValues } from './frameRecords.js';
import type { SimulationMetrics } from './types.js';
import { createViewerMeter } from './viewer.js';
import type { ViewerFrame, ViewerMeter } from './viewer.js';

const HISTOGRAM_BUCKETS = 32;

/** Streaming accumulator of {@link SimulationMetrics}. */
export class MetricsAccumulator {
  private readonly histogram = new Float64Array(HISTOGRAM_BUCKETS);
  private readonly meter: ViewerMeter;
  private readonly frame: ViewerFrame = { presentMs: 0, pictureMs: 0, droppedMs: 0, updates: 0, vblanks: Number.NaN };
  // Whole steps or intervals: a float sum of them is exact enough.
  private droppedMs = 0;
  private torn = 0;
  private first = true;
  private originMs = 0;

  constructor(
    private readonly warmupMs: number,
    stepMs: number,
    private readonly refreshIntervalMs: number,
  ) {
    this.meter = createViewerMeter({ refreshIntervalMs, stepMs, warmupMs });
  }

  setOrigin(originMs: number): void {
    this.originMs = originMs;
  }

  add(v: FrameValues, droppedSeconds: number, torn: boolean): void {
    this.droppedMs += droppedSeconds * 1000;
    const f = this.frame;
    f.presentMs = v.presentMs;
    f.pictureMs = this.originMs + v.pictureSeconds * 1000;
    f.droppedMs = this.droppedMs;
    // In refresh intervals: for a loop locked to the display, the vblanks it believes elapsed.
    f.updates = (v.dtSeconds * 1000) / this.refreshIntervalMs;
    f.vblanks = this.first ? Number.NaN : v.vblanks;
    this.first = false;
    this.meter.add(f);
    if (v.presentMs < this.warmupMs) return;
    this.histogram[v.steps < HISTOGRAM_BUCKETS ? v.steps : HISTOGRAM_BUCKETS - 1]! += 1;
    if (torn) this.torn += 1;
  }

  /** The metrics, with the driver's `updateLateMaxMs`. */
  result(updateLateMaxMs: number): SimulationMetrics {
    let last = HISTOGRAM_BUCKETS - 1;
    while (last > 0 && this.histogram[last] === 0) last -= 1;
    const viewer = this.meter.result();
    return {
      ...viewer,
      duplicatePictures: viewer.repeatedPictures,
      duplicateRatio: viewer.repeatedRatio,
      stepsHistogram: Array.from(this.histogram.subarray(0, last + 1)),
      tornPictures: this.torn,
      tornRatio: viewer.frames > 0 ? this.torn / viewer.frames : 0,
      updateLateMaxMs,
    };
  }
}
