// Refresh-synced update slices ("Setting up a game update loop in-sync with rendering", 2013).
import { countSeconds, createVblankCounter, resetVblankCounter, sanitizeDeltaSeconds, setVblankRate, SNAP_INTERVALS, snapToWhole, type VblankCounter } from './counting.js';
import type { SliceRounding, SlicerOverload, SyncedSlicer, SyncedSlicerOptions } from './types.js';
import { checkArgument, checkValue, choice, positive, REFRESH_RATE_RULE, type Rules } from './options.js';

const RULES: Rules<SyncedSlicerOptions> = {
  refreshRate: REFRESH_RATE_RULE,
  minFrameRate: positive(),
  overload: choice<SlicerOverload>(['catch-up', 'slow-motion', 'variable'], 'slow-motion'),
  overloadThreshold: positive(),
  rounding: choice<SliceRounding>(['nearest', 'down'], 'nearest'),
};
const NAMES = Object.keys(RULES);
const OWNER = 'createSyncedSlicer';

// The article's slowest update rate: a quarter of the refresh rate.
const DEFAULT_MIN_FRAME_RATE_DIVISOR = 4;

// The article's code writes `s_device_refresh / 6.f` (10 s at 60 Hz); its text means 0.1 s: six intervals.
const DEFAULT_OVERLOAD_INTERVALS = 6;

/**
 * Create a refresh-synced slicer: `advance(delta)` buffers the delta and releases whole refresh
 * intervals of it as this frame's update slices (the same array every call). Rounding and the
 * overload policies: docs/core.md#createsyncedslicer.
 */
export function createSyncedSlicer(options: SyncedSlicerOptions): SyncedSlicer {
  return syncedSlicerOf(OWNER, options);
}

/** {@link createSyncedSlicer} for `owner` (a hook): its errors name `owner`. @internal */
export function syncedSlicerOf(owner: string, options: unknown): Slicer {
  const { refreshRate, minFrameRate, overload, overloadThreshold, rounding } = checkArgument(owner, options, true, RULES, NAMES);
  // (undefined > rate is false: a left-out minFrameRate passes.)
  if (minFrameRate! > refreshRate) {
    throw new RangeError(`${owner}: option \`minFrameRate\` must not exceed refreshRate (${refreshRate}), got ${minFrameRate}`);
  }
  return new Slicer(refreshRate, minFrameRate, overload!, overloadThreshold, rounding!);
}

/** The slicer behind {@link createSyncedSlicer}, from checked settings. @internal */
export class Slicer implements SyncedSlicer {
  private readonly counter: VblankCounter;
  private buffer = 0;
  private dropped = 0;
  /** The frame's delta, seconds: kept in a field, not passed on (docs/performance.md). */
  private input = 0;
  /** This frame's slices (the same array every frame). */
  private readonly slices: number[] = [];
  // Derived per rate by configure().
  private maxSliceIntervals = 1;
  private thresholdSeconds = 0;
  private thresholdIntervals = 0;
  private slowMotionSlices = 2;
  /** No vblank grid (the detector reads `'variable'`): time is released as it came, not in whole intervals. */
  private gridless = false;

  constructor(
    refreshRate: number,
    private readonly minFrameRate: number | undefined,
    private readonly overload: SlicerOverload,
    private readonly overloadThreshold: number | undefined,
    private readonly rounding: SliceRounding,
  ) {
    this.counter = createVblankCounter(refreshRate);
    this.configure();
  }

  advance(deltaSeconds: number): readonly number[] {
    this.input = sanitizeDeltaSeconds(deltaSeconds);
    return this.advanceInput();
  }

  /**
   * `advance(frame.deltaSeconds / frame.timeScale)` for a scheduler frame: real time, 0 while time
   * stands still; read here so the caller hands over no number to box (docs/performance.md). @internal
   */
  advanceFrame(frame: { readonly deltaSeconds: number; readonly timeScale: number }): readonly number[] {
    const scale = frame.timeScale;
    this.input = scale > 0 ? frame.deltaSeconds / scale : 0;
    return this.advanceInput();
  }

  private advanceInput(): readonly number[] {
    const slices = this.slices;
    // pop(), not `length = 0`. Why: docs/performance.md.
    while (slices.length > 0) slices.pop();
    if (this.gridless) return this.sliceAsItCame();
    const released = this.release();
    if (released === 0) return slices;
    const refreshRate = this.counter.refreshRate;
    if (released > this.thresholdIntervals + SNAP_INTERVALS) {
      if (this.overload === 'variable') {
        slices.push(released / refreshRate);
        return slices;
      }
      if (this.overload === 'slow-motion') {
        const part = this.thresholdSeconds / this.slowMotionSlices;
        for (let i = 0; i < this.slowMotionSlices; i += 1) slices.push(part);
        this.dropped += released / refreshRate - this.thresholdSeconds;
        return slices;
      }
    }
    // Work in whole interval counts so every slice is exactly k / refreshRate.
    let remaining = released;
    while (remaining >= this.maxSliceIntervals) {
      slices.push(this.maxSliceIntervals / refreshRate);
      remaining -= this.maxSliceIntervals;
    }
    if (remaining > 0) slices.push(remaining / refreshRate);
    return slices;
  }

  /**
   * Without a grid nothing snaps: the frame's time in slices of at most `1 / minFrameRate` (kept in
   * intervals here, as a fraction handed between functions would be boxed: docs/performance.md).
   */
  private sliceAsItCame(): readonly number[] {
    const slices = this.slices;
    const refreshRate = this.counter.refreshRate;
    let remaining = this.input * refreshRate;
    while (remaining > this.maxSliceIntervals) {
      slices.push(this.maxSliceIntervals / refreshRate);
      remaining -= this.maxSliceIntervals;
    }
    if (remaining > 0) slices.push(remaining / refreshRate);
    return slices;
  }

  /** Whole intervals released by this frame's delta; the rest stays in the buffer. */
  private release(): number {
    const seconds = this.input;
    const refreshRate = this.counter.refreshRate;
    if (this.rounding === 'nearest') {
      this.counter.input = seconds;
      const released = countSeconds(this.counter);
      this.buffer = this.counter.carry / refreshRate;
      return released;
    }
    // The buffer and the delta are never negative, so neither is the count.
    const bufferSeconds = this.buffer + seconds;
    // snapToWhole written out (see there).
    const raw = bufferSeconds * refreshRate;
    const whole = Math.round(raw);
    const released = Math.floor(Math.abs(raw - whole) <= SNAP_INTERVALS ? whole : raw);
    // A snapped count may exceed the buffer by float noise; never leave a negative buffer.
    this.buffer = released > 0 ? Math.max(0, bufferSeconds - released / refreshRate) : bufferSeconds;
    return released;
  }

  get bufferSeconds(): number {
    return this.buffer;
  }

  get droppedSeconds(): number {
    return this.dropped;
  }

  get refreshRate(): number {
    return this.counter.refreshRate;
  }

  setRefreshRate(next: number): void {
    setVblankRate(this.counter, checkValue(OWNER, 'option', 'refreshRate', next, REFRESH_RATE_RULE));
    this.configure();
  }

  /**
   * No vblank grid is known (`'variable'`, or still `'measuring'`): hand each frame's time out as it came, split at
   * `1 / minFrameRate` (no overload policy: nothing is late on no grid). A change empties the buffer. @internal
   */
  setGridless(gridless: boolean): void {
    if (gridless === this.gridless) return;
    this.gridless = gridless;
    resetVblankCounter(this.counter);
    this.buffer = 0;
  }

  reset(): void {
    resetVblankCounter(this.counter);
    this.buffer = 0;
    this.dropped = 0;
    while (this.slices.length > 0) this.slices.pop();
  }

  private configure(): void {
    const refreshRate = this.counter.refreshRate;
    const minFrameRate = this.minFrameRate ?? refreshRate / DEFAULT_MIN_FRAME_RATE_DIVISOR;
    this.maxSliceIntervals = Math.max(1, Math.floor(snapToWhole(refreshRate / minFrameRate, SNAP_INTERVALS)));
    this.thresholdSeconds = this.overloadThreshold ?? DEFAULT_OVERLOAD_INTERVALS / refreshRate;
    this.thresholdIntervals = this.thresholdSeconds * refreshRate;
    // The article splits the capped time in two "to keep the update time steps from being too
    // large"; a large custom threshold needs more parts to respect 1/minFrameRate.
    const maxSliceSeconds = 1 / minFrameRate;
    this.slowMotionSlices = Math.max(2, Math.ceil(snapToWhole(this.thresholdSeconds / maxSliceSeconds, SNAP_INTERVALS)));
  }
}
