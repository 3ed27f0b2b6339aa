import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createFrameStats } from '../../src/core/frameStats.js';

/** Feed a chain of intervals (ms) starting at `start`; returns the last timestamp. */
function feed(stats: ReturnType<typeof createFrameStats>, intervals: readonly number[], start = 1000): number {
  let t = start;
  stats.sample(t);
  for (const dt of intervals) {
    t += dt;
    stats.sample(t);
  }
  return t;
}

const repeat = (value: number, times: number): number[] => Array.from({ length: times }, () => value);

describe('createFrameStats', () => {
  // 100 frames of 16.667 ms plus known long frames, in a mixed order (the order must not matter).
  const mixed = [
    ...repeat(16.667, 50),
    ...repeat(33.334, 10), // one vblank missed each
    ...repeat(16.667, 30),
    ...repeat(50, 5), // two missed each
    ...repeat(16.667, 20),
    ...repeat(100, 5), // 6 vblanks: five missed each
  ];

  it('gives exact nearest-rank percentiles, mean, fps and missed vblanks', () => {
    const stats = createFrameStats({ windowSize: 120, refreshRate: 60 });
    feed(stats, mixed);
    const s = stats.snapshot();
    expect(s.frames).toBe(120);
    // Sorted: ranks 1–100 are 16.667, 101–110 are 33.334, 111–115 are 50, 116–120 are 100.
    expect(s.p50Ms).toBeCloseTo(16.667, 9); // rank ⌈0.50 × 120⌉ = 60
    expect(s.p95Ms).toBeCloseTo(50, 9); // rank ⌈0.95 × 120⌉ = 114
    expect(s.p99Ms).toBeCloseTo(100, 9); // rank ⌈0.99 × 120⌉ = 119
    expect(s.maxMs).toBeCloseTo(100, 9);
    const span = 100 * 16.667 + 10 * 33.334 + 5 * 50 + 5 * 100; // 2750.04 ms
    expect(s.meanMs).toBeCloseTo(span / 120, 9);
    expect(s.fps).toBeCloseTo(120 / (span / 1000), 9);
    expect(s.missedVblanks).toBe(10 * 1 + 5 * 2 + 5 * 5);
  });

  it('nearest rank picks the exact boundary element (95 of 100 fast → p95 is fast, p99 slow)', () => {
    const stats = createFrameStats({ windowSize: 100 });
    feed(stats, [...repeat(10, 95), ...repeat(40, 5)]);
    const s = stats.snapshot();
    expect(s.p95Ms).toBe(10); // rank 95
    expect(s.p99Ms).toBe(40); // rank 99
    expect(s.p50Ms).toBe(10);
  });

  it('rolls the window over: old long frames leave it', () => {
    const stats = createFrameStats({ windowSize: 120, refreshRate: 60 });
    const t = feed(stats, mixed);
    // 115 more steady frames: the last 5 long (100 ms) frames are still in the window.
    let now = t;
    for (let i = 0; i < 115; i++) stats.sample((now += 16.667));
    let s = stats.snapshot();
    expect(s.frames).toBe(120);
    expect(s.maxMs).toBeCloseTo(100, 9);
    expect(s.missedVblanks).toBe(25);
    expect(s.p95Ms).toBeCloseTo(16.667, 9); // rank 114 of 115 fast + 5 slow
    expect(s.p99Ms).toBeCloseTo(100, 9); // rank 119
    for (let i = 0; i < 5; i++) stats.sample((now += 16.667));
    s = stats.snapshot();
    expect(s.maxMs).toBeCloseTo(16.667, 9);
    expect(s.missedVblanks).toBe(0);
    expect(s.fps).toBeCloseTo(1000 / 16.667, 6);
  });

  it('works on a partly filled window', () => {
    const stats = createFrameStats();
    feed(stats, [20, 10, 30]);
    const s = stats.snapshot();
    expect(s.frames).toBe(3);
    expect(s.p50Ms).toBe(20); // rank 2 of [10, 20, 30]
    expect(s.p95Ms).toBe(30);
    expect(s.maxMs).toBe(30);
    expect(s.meanMs).toBe(20);
    expect(s.fps).toBe(50);
    expect(s.missedVblanks).toBe(1); // 30 ms × 60 Hz = 1.8 → 2 vblanks → 1 missed
  });

  it('is all zeros when empty, after one sample and after reset', () => {
    const stats = createFrameStats();
    const empty = { ...stats.snapshot() };
    expect(empty).toEqual({ fps: 0, meanMs: 0, p50Ms: 0, p95Ms: 0, p99Ms: 0, maxMs: 0, missedVblanks: 0, frames: 0 });
    stats.sample(5);
    expect(stats.snapshot().frames).toBe(0);
    stats.sample(25);
    expect(stats.snapshot().frames).toBe(1);
    stats.reset();
    expect({ ...stats.snapshot() }).toEqual(empty);
    // After reset the next sample only anchors: no interval from 25 to 1000.
    stats.sample(1000);
    stats.sample(1010);
    expect(stats.snapshot().maxMs).toBe(10);
  });

  it('counts missed vblanks against the refresh rate, with rounding tolerant of jitter', () => {
    const stats = createFrameStats({ refreshRate: 144 });
    // 144 Hz: 6.944 ms. 13.0 ms = 1.87 intervals → 2 (one miss); 9.0 ms = 1.30 → 1 (no miss).
    feed(stats, [6.944, 13, 9, 6.944]);
    expect(stats.snapshot().missedVblanks).toBe(1);
    stats.setRefreshRate(60);
    expect(stats.snapshot().missedVblanks).toBe(0);
    stats.setRefreshRate(59.94);
    stats.reset();
    feed(stats, repeat(1000 / 59.94, 50));
    expect(stats.snapshot().missedVblanks).toBe(0);
  });

  it('ignores NaN, Infinity, repeated and single backwards timestamps', () => {
    const clean = createFrameStats({ windowSize: 16 });
    const dirty = createFrameStats({ windowSize: 16 });
    let t = 0;
    clean.sample(t);
    dirty.sample(t);
    for (let i = 0; i < 40; i++) {
      t += i % 5 === 0 ? 33 : 16;
      clean.sample(t);
      dirty.sample(NaN);
      dirty.sample(t);
      dirty.sample(t); // repeated
      dirty.sample(t - 50); // backwards once
      dirty.sample(Infinity);
      dirty.sample(-Infinity);
    }
    expect({ ...dirty.snapshot() }).toEqual({ ...clean.snapshot() });
  });

  it('takes three backwards timestamps in a row as a clock reset and re-anchors', () => {
    const stats = createFrameStats();
    feed(stats, repeat(16, 10), 10_000);
    stats.sample(5);
    stats.sample(6);
    stats.sample(7); // third in a row: new origin
    stats.sample(27);
    const s = stats.snapshot();
    expect(s.frames).toBe(11);
    expect(s.maxMs).toBe(20);
  });

  it('returns the same snapshot object every time', () => {
    const stats = createFrameStats();
    feed(stats, [16, 17]);
    expect(stats.snapshot()).toBe(stats.snapshot());
  });

  it('throws RangeErrors naming the bad option', () => {
    expect(() => createFrameStats({ windowSize: 0 })).toThrow('`windowSize`');
    expect(() => createFrameStats({ windowSize: 1.5 })).toThrow(RangeError);
    expect(() => createFrameStats({ refreshRate: -1 })).toThrow('`refreshRate`');
    expect(() => createFrameStats({ refreshRate: Infinity })).toThrow(RangeError);
    expect(() => createFrameStats(null as never)).toThrow(RangeError);
    const stats = createFrameStats();
    expect(() => stats.setRefreshRate(0)).toThrow('`refreshRate`');
  });

  it('property: statistics are ordered, finite and agree with a direct computation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.array(fc.double({ min: 0.5, max: 500, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (windowSize, dts) => {
          const stats = createFrameStats({ windowSize, refreshRate: 60 });
          // Integer-ish timestamps keep the recorded intervals equal to the ones fed (up to float rounding).
          let t = 0;
          stats.sample(t);
          const fed: number[] = [];
          for (const dt of dts) {
            const next = t + dt;
            fed.push(next - t);
            t = next;
            stats.sample(t);
          }
          const window = fed.slice(-windowSize);
          const sorted = [...window].sort((a, b) => a - b);
          const s = stats.snapshot();
          expect(s.frames).toBe(window.length);
          expect(s.maxMs).toBe(sorted[sorted.length - 1]);
          expect(s.p50Ms).toBe(sorted[Math.ceil(0.5 * sorted.length) - 1]);
          expect(s.p50Ms).toBeLessThanOrEqual(s.p95Ms);
          expect(s.p95Ms).toBeLessThanOrEqual(s.p99Ms);
          expect(s.p99Ms).toBeLessThanOrEqual(s.maxMs);
          expect(s.meanMs).toBeLessThanOrEqual(s.maxMs + 1e-9);
          expect(s.meanMs).toBeGreaterThanOrEqual(sorted[0]! - 1e-9);
          expect(s.fps * s.meanMs).toBeCloseTo(1000, 6);
          const missed = window.reduce((m, v) => m + Math.max(0, Math.round((v * 60) / 1000) - 1), 0);
          expect(s.missedVblanks).toBe(missed);
        },
      ),
    );
  });
});
