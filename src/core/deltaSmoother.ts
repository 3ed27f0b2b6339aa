// Time delta smoothing: a vsynced frame is on screen for whole refresh intervals, so game time advances by whole intervals too.
import { countSeconds, createVblankCounter, resetVblankCounter, sanitizeDeltaSeconds, setVblankRate, SNAP_INTERVALS, type VblankCounter } from './counting.js';
import type { DeltaRounding, DeltaSmoother, DeltaSmootherOptions } from './types.js';
import { checkArgument, checkValue, choice, REFRESH_RATE_RULE, wholeAtLeast, type Rules } from './options.js';

const DEFAULT_MAX_LEAD_INTERVALS = 3;

const RULES: Rules<Required<DeltaSmootherOptions>> = {
  refreshRate: REFRESH_RATE_RULE,
  // At least one: a steady vsynced loop already leads by one interval.
  maxLeadIntervals: wholeAtLeast(1, DEFAULT_MAX_LEAD_INTERVALS),
  rounding: choice<DeltaRounding>(['nearest', 'up'], 'nearest'),
};
const NAMES = Object.keys(RULES);
const OWNER = 'createDeltaSmoother';

// Results of up to this many intervals are made once per rate; a real frame rarely spans more.
const CACHED_INTERVALS = 8;

/**
 * Create a delta smoother (Frank Force, "Time Delta Smoothing"): each measured delta becomes a
 * whole number of refresh intervals, the rest carried into the next frame, so time is conserved.
 * Depth: docs/core.md#createdeltasmoother.
 */
export function createDeltaSmoother(options: DeltaSmootherOptions): DeltaSmoother {
  return deltaSmootherOf(OWNER, options);
}

/** {@link createDeltaSmoother} for `owner` (a hook): its errors name `owner`. @internal */
export function deltaSmootherOf(owner: string, options: unknown): Smoother {
  const { refreshRate, rounding, maxLeadIntervals } = checkArgument(owner, options, true, RULES, NAMES);
  return new Smoother(refreshRate, rounding, maxLeadIntervals);
}

/** The smoother behind {@link createDeltaSmoother}, from checked settings. @internal */
export class Smoother implements DeltaSmoother {
  private readonly counter: VblankCounter;
  /** Seconds: the carry of 'up', or (once set) the first frame's lead of 'nearest'. */
  private carrySeconds = 0;
  private resyncCount = 0;
  /** The delta being smoothed, seconds: kept in a field, not passed on (docs/performance.md). */
  private input = 0;
  /**
   * `k / refreshRate` for small k, made once per rate and returned as they are: a number handed to
   * the caller is then never a new one (docs/performance.md). The `undefined` keeps the elements
   * boxed numbers, not raw doubles.
   */
  private readonly results: (number | undefined)[] = [undefined];

  constructor(
    refreshRate: number,
    private readonly rounding: DeltaRounding,
    private readonly maxLeadIntervals: number,
  ) {
    this.counter = createVblankCounter(refreshRate);
    this.cacheResults();
  }

  smooth(deltaSeconds: number): number {
    this.input = sanitizeDeltaSeconds(deltaSeconds);
    return this.smoothInput();
  }

  /**
   * `smooth(frame.deltaSeconds)` for a scheduler frame (a delta from 0 to maxDelta: nothing to
   * sanitize), read here so the caller hands over no number to box (docs/performance.md). @internal
   */
  smoothFrame(frame: { readonly deltaSeconds: number }): number {
    this.input = frame.deltaSeconds;
    return this.smoothInput();
  }

  private smoothInput(): number {
    const seconds = this.input;
    const refreshRate = this.counter.refreshRate;
    if (this.rounding === 'nearest') {
      // 0 allowed: a delta under half an interval is carried, so no resync is needed.
      this.counter.input = seconds;
      let intervals = countSeconds(this.counter);
      if (this.carrySeconds === 0) {
        // The article's lead, once: the picture drawn now is shown one interval later.
        intervals += 1;
        this.carrySeconds = 1 / refreshRate;
      }
      return intervals < CACHED_INTERVALS ? this.results[intervals]! : intervals / refreshRate;
    }
    const x = seconds + this.carrySeconds;
    // snapToWhole written out (see there).
    const raw = x * refreshRate;
    const whole = Math.round(raw);
    const intervals = Math.abs(raw - whole) <= SNAP_INTERVALS ? whole : raw;
    const frames = Math.max(1, Math.floor(intervals) + 1);
    // The lead can pass one interval only when `frames` was raised to 1, real time being behind.
    if (frames - intervals > this.maxLeadIntervals + SNAP_INTERVALS) {
      this.carrySeconds = x;
      this.resyncCount += 1;
      return 0;
    }
    const out = frames < CACHED_INTERVALS ? this.results[frames]! : frames / refreshRate;
    this.carrySeconds = x - out;
    return out;
  }

  get carry(): number {
    const counter = this.counter;
    return this.rounding === 'nearest' ? counter.carry / counter.refreshRate - this.carrySeconds : this.carrySeconds;
  }

  get refreshRate(): number {
    return this.counter.refreshRate;
  }

  get resyncs(): number {
    return this.resyncCount;
  }

  setRefreshRate(next: number): void {
    setVblankRate(this.counter, checkValue(OWNER, 'option', 'refreshRate', next, REFRESH_RATE_RULE));
    this.cacheResults();
  }

  reset(): void {
    resetVblankCounter(this.counter);
    this.carrySeconds = 0;
    this.resyncCount = 0;
  }

  private cacheResults(): void {
    for (let k = 0; k < CACHED_INTERVALS; k += 1) this.results[k] = k / this.counter.refreshRate;
  }
}
