/**
 * When a fixed clock's steps fall in real time: a ring of (real ms, game ms) anchors, one per
 * frame, interpolated between frames and extrapolated past the newest at the clock's rate. A
 * step's span (start, end] is where the game time it simulates falls; spans tile real time. @internal
 */

/** Frames kept: 'catch-up' can run steps a few frames back; older game times map to the oldest frame. */
export const ANCHORS = 32;

/** What a step's times are written into (the fixed clock's step object). */
export interface StepSpan {
  index: number;
  stepStartTimestampMs: number;
  stepEndTimestampMs: number;
}

export class StepTimes {
  constructor(private readonly step: StepSpan) {}

  /** Real ms of each anchor (the frame's timestamp), and the grid's game ms then. */
  private readonly real = new Float64Array(ANCHORS);
  private readonly game = new Float64Array(ANCHORS);
  /** Anchors kept (0: none since the grid began); the newest is just before `next`. */
  private count = 0;
  private next = 0;
  /** Game ms per step of the current grid, and the index of its state 0. */
  stepMs = 0;
  indexBase = 0;
  /** Game ms per real ms past the newest anchor (0: game time stands still). */
  rate = 0;
  /** Real ms when no anchor is kept: the last frame's timestamp. */
  fallbackMs = 0;
  /**
   * {@link locate}'s result, real ms. A result in a field, not a return value, and the index in an
   * object, not an argument: this runs per step, and a number crossing a call V8 may not inline is
   * boxed (docs/performance.md).
   */
  private locatedMs = 0;
  /** Where the last step placed ended, and its index (−1: the next step is mapped afresh). */
  private lastEndMs = 0;
  private lastIndex = -1;

  /**
   * Keep the clock's last frame: its time as given, and the grid's game time then. (The clock, not
   * two numbers: a double passed to a call V8 may not inline is boxed, docs/performance.md.)
   */
  anchor(clock: { readonly lastInputMs: number; readonly gridElapsedSeconds: number }): void {
    this.real[this.next] = clock.lastInputMs;
    this.game[this.next] = clock.gridElapsedSeconds * 1000;
    this.next = (this.next + 1) % ANCHORS;
    if (this.count < ANCHORS) this.count++;
  }

  /** Move every anchor by `realMs` (the page clock jumped) and the grid's game time back by `gameMs` (a new grid began). */
  shift(realMs: number, gameMs: number): void {
    for (let i = 0; i < ANCHORS; i++) {
      this.real[i] = this.real[i]! + realMs;
      this.game[i] = this.game[i]! - gameMs;
    }
    this.lastEndMs += realMs;
    this.step.stepEndTimestampMs += realMs;
  }

  /** Forget every anchor and the last step (time zero: the step's index reads 0). */
  clear(): void {
    this.count = 0;
    this.lastIndex = -1;
    this.step.index = 0;
  }

  /** The next step is mapped afresh, not joined to the last one (a new scheduler). */
  forgetLastStep(): void {
    this.lastIndex = -1;
  }

  /**
   * Write the span of the step object's `index` (of the current grid) into it: it begins where the
   * step before it ended (mapped then), else where its game time maps now.
   */
  place(): void {
    const step = this.step;
    let startMs = this.lastEndMs;
    if (this.lastIndex < 0 || step.index !== this.lastIndex + 1) {
      this.locate(step, 0);
      startMs = this.locatedMs;
    }
    this.locate(step, 1);
    // Never before its start: steps a faster time scale has overtaken stand for no new real time.
    const endMs = this.locatedMs > startMs ? this.locatedMs : startMs;
    step.stepStartTimestampMs = startMs;
    step.stepEndTimestampMs = endMs;
    this.lastEndMs = endMs;
    this.lastIndex = step.index;
  }

  /** Real ms at which step `index` (of the current grid) ends, mapped with what is known now. */
  endOf(index: number): number {
    this.locate({ index }, 1);
    return this.locatedMs;
  }

  /**
   * The earliest real ms at which the grid's clock reached the start (`end` 0) or the end (1) of
   * step `span.index`, into `locatedMs`. (The index in an object: see `locatedMs`.)
   */
  private locate(span: { readonly index: number }, end: 0 | 1): void {
    const gameMs = (span.index - this.indexBase + end) * this.stepMs;
    if (this.count === 0) {
      this.locatedMs = this.fallbackMs;
      return;
    }
    const { real, game } = this;
    let i = this.newest();
    const newestGame = game[i]!;
    if (gameMs >= newestGame) {
      this.locatedMs = this.rate > 0 ? real[i]! + (gameMs - newestGame) / this.rate : real[i]!;
      return;
    }
    for (let k = 1; k < this.count; k++) {
      const prev = (i + (ANCHORS - 1)) % ANCHORS;
      const prevGame = game[prev]!;
      if (prevGame < gameMs) {
        this.locatedMs = real[prev]! + ((gameMs - prevGame) / (game[i]! - prevGame)) * (real[i]! - real[prev]!);
        return;
      }
      i = prev;
    }
    this.locatedMs = real[i]!;
  }

  private newest(): number {
    return (this.next + (ANCHORS - 1)) % ANCHORS;
  }
}
