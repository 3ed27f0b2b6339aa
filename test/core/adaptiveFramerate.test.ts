import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createAdaptiveFramerate } from '../../src/core/adaptiveFramerate.js';
import { createSeededRandom } from '../../src/core/random.js';

const T60 = 1 / 60;
const SLOW = 1.2 * T60; // misses one vblank at d = 1
const FAST_AT_1 = 0.5 * T60; // fits one vblank: neutral at d = 1, "fast" at d = 2

/** Feed `frames` and return the 1-based index of the frame on which the divisor first changed (0 if none). */
function firstChange(rate: ReturnType<typeof createAdaptiveFramerate>, frames: readonly number[]): number {
  const start = rate.divisor;
  for (let i = 0; i < frames.length; i++) {
    if (rate.record(frames[i]!) !== start) return i + 1;
  }
  return 0;
}

describe('createAdaptiveFramerate: seed 001 listing 6', () => {
  it('steps 60 → 30 Hz exactly on the fifth slow frame in a row', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    const lags: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(rate.record(SLOW)).toBe(1);
      lags.push(rate.lag);
    }
    expect(lags).toEqual([3, 6, 9, 12]);
    expect(rate.record(SLOW)).toBe(2);
    expect(rate.divisor).toBe(2);
    expect(rate.frameRate).toBe(30);
    expect(rate.lag).toBe(0);
  });

  it('four slow frames followed by on-time frames do not step down', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    const frames = [SLOW, SLOW, SLOW, SLOW, ...Array.from({ length: 100 }, () => FAST_AT_1)];
    expect(firstChange(rate, frames)).toBe(0);
    expect(rate.divisor).toBe(1);
    expect(rate.lag).toBe(0); // 12 decayed by 1 a frame
  });

  it("the seed's three slow, two fast, three slow still steps down, on frame 8", () => {
    // By hand: slow +3 → 3, 6, 9; fast at d = 1 is "in between" → decays 1 → 8, 7; slow → 10, 13, 16 ≥ 15.
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    const pattern = [SLOW, SLOW, SLOW, FAST_AT_1, FAST_AT_1, SLOW, SLOW, SLOW, FAST_AT_1, FAST_AT_1];
    expect(firstChange(rate, pattern)).toBe(8);
    expect(rate.divisor).toBe(2);
  });

  it('sustained fast frames step 30 → 60 Hz after exactly 30 frames (minThreshold −30 / downStep 1)', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    for (let i = 0; i < 5; i++) rate.record(SLOW);
    expect(rate.divisor).toBe(2);
    const fast = Array.from({ length: 40 }, () => 0.8 * T60); // < (2 − 1) × T
    expect(firstChange(rate, fast)).toBe(30);
    expect(rate.frameRate).toBe(60);
  });

  it('downStep scales the frames needed to step back up', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60, downStep: 2.5 });
    for (let i = 0; i < 5; i++) rate.record(SLOW);
    expect(firstChange(rate, Array.from({ length: 40 }, () => 0.1 * T60))).toBe(Math.ceil(30 / 2.5));
  });

  it('steps 30 → 20 Hz under heavier load (work > 2T) and stops at maxDivisor', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    const heavy = 2.5 * T60;
    expect(firstChange(rate, Array.from({ length: 5 }, () => heavy))).toBe(5);
    expect(rate.divisor).toBe(2);
    expect(firstChange(rate, Array.from({ length: 10 }, () => heavy))).toBe(5);
    expect(rate.divisor).toBe(3);
    expect(rate.frameRate).toBe(20);
    // 2.5T fits in 3 vblanks: stays at 20 Hz.
    for (let i = 0; i < 1000; i++) rate.record(heavy);
    expect(rate.divisor).toBe(3);
    // Far too slow: 4 is the default maximum.
    for (let i = 0; i < 1000; i++) expect(rate.record(10 * T60)).toBeLessThanOrEqual(4);
    expect(rate.divisor).toBe(4);
    expect(rate.frameRate).toBe(15);
    expect(rate.lag).toBe(15); // clamped at maxThreshold, not growing
  });

  it('respects a custom maxDivisor of 1 (never steps down)', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 144, maxDivisor: 1 });
    for (let i = 0; i < 100; i++) expect(rate.record(1)).toBe(1);
  });

  it('a steady borderline load never flips back and forth', () => {
    // Work between (d − 1)T and dT at d = 2: the in-between branch, lag decays, nothing changes.
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    for (let i = 0; i < 5; i++) rate.record(SLOW);
    let changes = 0;
    let d = rate.divisor;
    const random = createSeededRandom(7);
    for (let i = 0; i < 10_000; i++) {
      const next = rate.record(random.range(1.01, 1.99) * T60);
      if (next !== d) changes++;
      d = next;
    }
    expect(changes).toBe(0);
    expect(d).toBe(2);
  });

  it('a load alternating 0.95T / 1.05T steps down at most once in 10,000 frames', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    let changes = 0;
    let d = rate.divisor;
    for (let i = 0; i < 10_000; i++) {
      const next = rate.record((i % 2 === 0 ? 0.95 : 1.05) * T60);
      if (next !== d) changes++;
      d = next;
    }
    expect(changes).toBeLessThanOrEqual(1);
    // Net +2 lag per pair at d = 1 → it does step down once (at frame 13: lag 3,2,5,4,…,15), then holds 30 Hz.
    expect(changes).toBe(1);
    expect(d).toBe(2);
  });

  it('the alternating load steps down on frame 13, computed by hand', () => {
    // slow +3, then neutral −1: 3,2,5,4,7,6,9,8,11,10,13,12,15 → 13th frame.
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    const frames = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 1.05 : 0.95) * T60);
    expect(firstChange(rate, frames)).toBe(13);
  });

  it('ignores bad samples: NaN, negative and Infinity leave the state alone', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    rate.record(SLOW);
    rate.record(SLOW);
    for (const bad of [NaN, -1, -Infinity, Infinity, -0.001]) {
      expect(rate.record(bad)).toBe(1);
      expect(rate.lag).toBe(6);
    }
    rate.record(SLOW);
    rate.record(SLOW);
    expect(rate.record(SLOW)).toBe(2);
  });

  it('fractional lag steps decay to zero without oscillating around it', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60, upStep: 2.5 });
    rate.record(SLOW); // 2.5
    rate.record(FAST_AT_1); // 1.5
    rate.record(FAST_AT_1); // 0.5
    expect(rate.lag).toBe(0.5);
    rate.record(FAST_AT_1);
    expect(rate.lag).toBe(0);
    rate.record(FAST_AT_1);
    expect(rate.lag).toBe(0);
  });

  it('setRefreshRate keeps the divisor, clears the lag and judges frames against the new interval', () => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    for (let i = 0; i < 5; i++) rate.record(SLOW);
    rate.record(SLOW);
    rate.setRefreshRate(144);
    expect(rate.divisor).toBe(2);
    expect(rate.lag).toBe(0);
    expect(rate.frameRate).toBe(72);
    // 20 ms > 2 / 144 s: slow now.
    rate.record(0.02);
    expect(rate.lag).toBe(3);
    rate.reset();
    expect(rate.divisor).toBe(1);
    expect(rate.lag).toBe(0);
    expect(rate.frameRate).toBe(144);
  });

  it('throws RangeErrors naming the bad option', () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      ['refreshRate', { refreshRate: 0 }],
      ['refreshRate', { refreshRate: NaN }],
      ['upStep', { refreshRate: 60, upStep: 0 }],
      ['downStep', { refreshRate: 60, downStep: -1 }],
      ['maxThreshold', { refreshRate: 60, maxThreshold: 0 }],
      ['minThreshold', { refreshRate: 60, minThreshold: 0 }],
      ['minThreshold', { refreshRate: 60, minThreshold: 5 }],
      ['minThreshold', { refreshRate: 60, minThreshold: -Infinity }],
      ['maxDivisor', { refreshRate: 60, maxDivisor: 0 }],
      ['maxDivisor', { refreshRate: 60, maxDivisor: 2.5 }],
    ];
    for (const [name, options] of bad) {
      expect(() => createAdaptiveFramerate(options as never)).toThrow(RangeError);
      expect(() => createAdaptiveFramerate(options as never)).toThrow(`\`${name}\``);
    }
    expect(() => createAdaptiveFramerate(undefined as never)).toThrow(RangeError);
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    expect(() => rate.setRefreshRate(-60)).toThrow('`refreshRate`');
    expect(rate.frameRate).toBe(60);
  });

  it('property: divisor in [1, maxDivisor], lag bounded, frameRate = refreshRate / divisor, never NaN', () => {
    fc.assert(
      fc.property(
        fc.record({
          refreshRate: fc.double({ min: 20, max: 400, noNaN: true }),
          upStep: fc.double({ min: 0.1, max: 10, noNaN: true }),
          downStep: fc.double({ min: 0.1, max: 10, noNaN: true }),
          maxThreshold: fc.double({ min: 0.1, max: 50, noNaN: true }),
          minThreshold: fc.double({ min: -50, max: -0.1, noNaN: true }),
          maxDivisor: fc.integer({ min: 1, max: 6 }),
        }),
        fc.array(
          fc.oneof(
            fc.double({ min: 0, max: 0.2, noNaN: true }),
            fc.constantFrom(NaN, Infinity, -Infinity, -0.01, 0),
          ),
          { maxLength: 300 },
        ),
        (options, frames) => {
          const rate = createAdaptiveFramerate(options);
          for (const f of frames) {
            const d = rate.record(f);
            expect(d).toBe(rate.divisor);
            expect(Number.isInteger(d)).toBe(true);
            expect(d).toBeGreaterThanOrEqual(1);
            expect(d).toBeLessThanOrEqual(options.maxDivisor);
            expect(Number.isNaN(rate.lag)).toBe(false);
            expect(rate.lag).toBeGreaterThan(options.minThreshold - options.downStep);
            expect(rate.lag).toBeLessThan(options.maxThreshold + options.upStep);
            expect(rate.frameRate).toBe(options.refreshRate / d);
          }
        },
      ),
    );
  });

  it('property: a load that always fits one vblank never leaves divisor 1', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: T60, noNaN: true }), { maxLength: 500 }), (frames) => {
        const rate = createAdaptiveFramerate({ refreshRate: 60 });
        for (const f of frames) expect(rate.record(f)).toBe(1);
      }),
    );
  });

  it('property: a load that always misses k vblanks settles at divisor min(k + 1, maxDivisor) and stays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.double({ min: 0.05, max: 0.95, noNaN: true }), (k, frac) => {
        const rate = createAdaptiveFramerate({ refreshRate: 60 });
        const work = (k + frac) * T60;
        for (let i = 0; i < 200; i++) rate.record(work);
        expect(rate.divisor).toBe(Math.min(k + 1, 4));
      }),
    );
  });
});
