import type { FixedStep, FixedStepFrame } from '../../src/core/index.js';
import { pingPong } from './LaneCanvas.js';
import { RingBuffer } from './ringBuffer.js';

/**
 * Drives one fixed-step accumulator with frame timestamps and measures what a viewer would see:
 * the object's position (interpolated between the two latest states exactly as a game would),
 * the lag behind real time and the judder (how unevenly the picture advances compared to the clock).
 */
export class FixedStepProbe {
  /** Position in [0, 1] on the demo track this frame. */
  position = Number.NaN;
  /** Game ms the picture is behind the clock (negative: ahead). */
  readonly lagMs: RingBuffer;
  /** Per frame: picture advance minus clock advance, ms. Its RMS is the judder. */
  readonly judderMs: RingBuffer;
  /** Steps run each frame. */
  readonly steps: RingBuffer;
  /** Extremes of alpha seen so far (must stay within [0, 1]). */
  minAlpha = Number.POSITIVE_INFINITY;
  maxAlpha = Number.NEGATIVE_INFINITY;
  private lastPicture = Number.NaN;
  private lastElapsed = Number.NaN;

  /** Game seconds run by the accumulators this probe had before the current one (see {@link FixedStepProbe.replace}). */
  private offsetSeconds = 0;

  constructor(
    public fixed: FixedStep,
    /** Seconds for the object to cross the track and back; may change while running. */
    public periodSeconds: number,
    samples: number,
  ) {
    this.lagMs = new RingBuffer(samples);
    this.judderMs = new RingBuffer(samples);
    this.steps = new RingBuffer(samples);
  }

  /**
   * Carry on with a new accumulator (a control changed the step): the object continues from the
   * game time reached, and the history (lag, judder, steps) is kept.
   */
  replace(fixed: FixedStep): void {
    this.offsetSeconds += this.fixed.frame.totalSteps * this.fixed.step;
    this.lastPicture = Number.NaN;
    this.lastElapsed = Number.NaN;
    this.fixed = fixed;
  }

  /** Advance to `nowMs`; `onStep` runs once per update step (inject cost there). */
  frame(nowMs: number, onStep?: () => void): FixedStepFrame {
    const f = this.fixed.advance(nowMs);
    for (let i = 0; i < f.steps; i += 1) onStep?.();
    const step = this.fixed.step;
    // A game keeps the previous and the latest state and blends them; here the state is where an
    // object moving back and forth is after k steps.
    const previous = pingPong(this.offsetSeconds + Math.max(0, f.totalSteps - 1) * step, this.periodSeconds);
    const latest = pingPong(this.offsetSeconds + f.totalSteps * step, this.periodSeconds);
    this.position = previous + (latest - previous) * f.alpha;
    this.minAlpha = Math.min(this.minAlpha, f.alpha);
    this.maxAlpha = Math.max(this.maxAlpha, f.alpha);
    this.steps.push(f.steps);
    if (f.totalSteps > 0) {
      this.lagMs.push((f.elapsedGameSeconds - f.pictureTime) * 1000);
      if (Number.isFinite(this.lastPicture)) {
        this.judderMs.push((f.pictureTime - this.lastPicture - (f.elapsedGameSeconds - this.lastElapsed)) * 1000);
      }
      this.lastPicture = f.pictureTime;
      this.lastElapsed = f.elapsedGameSeconds;
    }
    return f;
  }
}

/** Root mean square of the samples held (NaN when empty). */
export function rms(buffer: RingBuffer): number {
  if (buffer.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < buffer.length; i += 1) sum += buffer.at(i) ** 2;
  return Math.sqrt(sum / buffer.length);
}
