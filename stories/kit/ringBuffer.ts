import { storyClock } from './loop.js';

/**
 * A fixed-capacity ring of numeric samples for live plots. Each sample is stamped with the story
 * time it was pushed at ({@link storyClock}), so plots put seconds on their x axis. Written every
 * frame without allocating; read in order into arrays preallocated once (what uPlot draws), at the
 * plot's own throttled rate.
 */
export class RingBuffer {
  /** Slots, oldest overwritten first. */
  private readonly data: Float64Array;
  /** Story seconds of each slot's sample. */
  private readonly times: Float64Array;
  private head = 0;
  private count = 0;

  /** @param capacity samples kept (the plot's width in samples) */
  constructor(readonly capacity: number) {
    this.data = new Float64Array(capacity);
    this.times = new Float64Array(capacity);
  }

  /** Samples currently held (≤ capacity). */
  get length(): number {
    return this.count;
  }

  /** Append one sample, overwriting the oldest when full. */
  push(value: number): void {
    this.data[this.head] = value;
    this.times[this.head] = storyClock.seconds;
    this.head = (this.head + 1) % this.capacity;
    if (this.count < this.capacity) this.count += 1;
  }

  /** The newest sample, or NaN when empty. */
  last(): number {
    if (this.count === 0) return Number.NaN;
    return this.data[(this.head - 1 + this.capacity) % this.capacity] ?? Number.NaN;
  }

  /** The i-th oldest sample held (0 = oldest). */
  at(index: number): number {
    const start = (this.head - this.count + this.capacity) % this.capacity;
    return this.data[(start + index) % this.capacity] ?? Number.NaN;
  }

  /**
   * Copy the samples oldest-first into `target`; returns how many were copied. Slots past that
   * are left untouched (the plot trims with a subarray view, which allocates only a tiny header).
   */
  copyTo(target: Float64Array): number {
    const n = Math.min(this.count, target.length);
    const start = (this.head - n + this.capacity) % this.capacity;
    for (let i = 0; i < n; i += 1) target[i] = this.data[(start + i) % this.capacity] ?? Number.NaN;
    return n;
  }

  /** Copy the samples' story times (seconds) oldest-first into `target`, like {@link RingBuffer.copyTo}. */
  copyTimesTo(target: Float64Array): number {
    const n = Math.min(this.count, target.length);
    const start = (this.head - n + this.capacity) % this.capacity;
    for (let i = 0; i < n; i += 1) target[i] = this.times[(start + i) % this.capacity] ?? Number.NaN;
    return n;
  }

  /** Mean of the held samples (NaN when empty). */
  mean(): number {
    if (this.count === 0) return Number.NaN;
    let sum = 0;
    for (let i = 0; i < this.count; i += 1) sum += this.at(i);
    return sum / this.count;
  }

  /** Forget every sample. */
  clear(): void {
    this.head = 0;
    this.count = 0;
  }
}
