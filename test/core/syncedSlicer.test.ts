import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSyncedSlicer } from '../../src/core/syncedSlicer.js';
import { createSeededRandom } from '../../src/core/random.js';
import type { SlicerOverload } from '../../src/core/types.js';

const MODES: readonly SlicerOverload[] = ['catch-up', 'slow-motion', 'variable'];

/** True when `seconds` is a whole, positive number of intervals of `rate` (float noise allowed). */
function isWholeIntervals(seconds: number, rate: number): boolean {
  const count = seconds * rate;
  return count > 1 - 1e-9 && Math.abs(count - Math.round(count)) < 1e-9;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

describe('createSyncedSlicer: the seed numbers at 60 Hz', () => {
  it('0.12 s accumulated: seven whole intervals leave the buffer, 0.2/60 s stays', () => {
    for (const overload of MODES) {
      const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload });
      slicer.advance(0.12);
      expect(slicer.bufferSeconds).toBeCloseTo(0.2 / 60, 12);
    }
  });

  it("0.12 s in 'catch-up' gives slices of at most 1/15 s: [4/60, 3/60]", () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload: 'catch-up' });
    expect([...slicer.advance(0.12)]).toEqual([4 / 60, 3 / 60]);
    expect(slicer.droppedSeconds).toBe(0);
  });

  it("0.12 s in 'slow-motion' (option 1) gives [0.05, 0.05] and withholds the rest of the 7/60 s", () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload: 'slow-motion' });
    expect([...slicer.advance(0.12)]).toEqual([0.05, 0.05]);
    // Released 7/60 s, the game got 0.1 s: 1/60 s dropped; with the 0.2/60 s still buffered that
    // is the seed's 0.02 s the game falls behind (it ran 0.1 of 0.12 s: about 18 % slow).
    expect(slicer.droppedSeconds).toBeCloseTo(7 / 60 - 0.1, 12);
    expect(slicer.droppedSeconds + slicer.bufferSeconds).toBeCloseTo(0.02, 12);
  });

  it("0.12 s in 'variable' (option 2) gives one slice of all 7/60 s released", () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload: 'variable' });
    expect([...slicer.advance(0.12)]).toEqual([7 / 60]);
    expect(slicer.droppedSeconds).toBe(0);
  });

  it('0.1 s is exactly six intervals: no overload in any mode, slices [4/60, 2/60]', () => {
    for (const overload of MODES) {
      const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload });
      expect([...slicer.advance(0.1)]).toEqual([4 / 60, 2 / 60]);
      expect(slicer.droppedSeconds).toBe(0);
      expect(slicer.bufferSeconds).toBeLessThan(1e-12);
    }
  });

  it('a 10 ms delta releases nothing; 10 ms more releases one interval', () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60 });
    expect(slicer.advance(0.01)).toHaveLength(0);
    expect(slicer.bufferSeconds).toBe(0.01);
    expect([...slicer.advance(0.01)]).toEqual([1 / 60]);
    expect(slicer.bufferSeconds).toBeCloseTo(0.02 - 1 / 60, 12);
  });

  it('releases whole intervals at 59.94 Hz without losing one to float noise', () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 59.94, overload: 'catch-up' });
    // 1.5 intervals release one and keep half; 1.5 more make exactly two, but the buffer times
    // 59.94 evaluates to 1.9999999999999998: unsnapped, one interval would be lost until later.
    expect([...slicer.advance(1.5 / 59.94)]).toEqual([1 / 59.94]);
    expect([...slicer.advance(1.5 / 59.94)]).toEqual([2 / 59.94]);
    expect(slicer.bufferSeconds).toBeLessThan(1e-12);
    for (let i = 0; i < 1000; i += 1) expect([...slicer.advance(1 / 59.94)]).toEqual([1 / 59.94]);
  });

  it("the seed's test: 30 random frame times of 0.01–0.04 s keep every invariant in every mode", () => {
    for (const overload of MODES) {
      const random = createSeededRandom(2013);
      const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload });
      let sumDeltas = 0;
      let sumSlices = 0;
      let calls = 0;
      for (let frame = 0; frame < 30; frame += 1) {
        const delta = random.range(0.01, 0.04);
        sumDeltas += delta;
        const slices = slicer.advance(delta);
        calls += slices.length;
        for (const slice of slices) {
          sumSlices += slice;
          expect(isWholeIntervals(slice, 60)).toBe(true);
          expect(slice).toBeLessThanOrEqual(1 / 15 + 1e-12);
        }
        expect(slicer.bufferSeconds).toBeGreaterThanOrEqual(0);
        expect(slicer.bufferSeconds).toBeLessThan(1 / 60);
        expect(Math.abs(sumSlices + slicer.bufferSeconds + slicer.droppedSeconds - sumDeltas)).toBeLessThan(1e-9);
      }
      // Frames of at most 0.04 s (2.4 intervals) plus less than one buffered never reach the
      // 0.1 s threshold, so the three modes agree here and nothing is dropped.
      expect(slicer.droppedSeconds).toBe(0);
      expect(calls).toBeGreaterThan(15);
    }
  });
});

describe('createSyncedSlicer: options', () => {
  it('keeps slices whole when 1/minFrameRate is not a whole number of intervals', () => {
    // 60/25 = 2.4 intervals: the longest whole slice not above 1/25 s is two intervals.
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, minFrameRate: 25, overload: 'catch-up' });
    expect([...slicer.advance(0.1)]).toEqual([2 / 60, 2 / 60, 2 / 60]);
  });

  it("splits a large custom 'slow-motion' threshold into equal parts no longer than 1/minFrameRate", () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overloadThreshold: 0.5 });
    const slices = [...slicer.advance(0.6)];
    // 0.5 s at most 1/15 s a slice: ceil(7.5) = 8 slices of 0.0625 s.
    expect(slices).toEqual(Array.from({ length: 8 }, () => 0.5 / 8));
    expect(slicer.droppedSeconds).toBeCloseTo(0.1, 12);
  });

  it('recomputes the default minFrameRate and threshold when the refresh rate changes', () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload: 'catch-up' });
    slicer.setRefreshRate(120);
    // 120 Hz: slices of at most 4/120 s, 0.1 s = 12 intervals.
    expect([...slicer.advance(0.1)]).toEqual([4 / 120, 4 / 120, 4 / 120]);
    const slow = createSyncedSlicer({ rounding: 'down', refreshRate: 60 });
    slow.setRefreshRate(120);
    // Six intervals at 120 Hz is 0.05 s: 0.1 s is an overload now, halves of 0.025 s.
    expect([...slow.advance(0.1)]).toEqual([0.025, 0.025]);
    expect(slow.droppedSeconds).toBeCloseTo(0.05, 12);
  });

  it('keeps explicit options and the buffer across setRefreshRate', () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, minFrameRate: 30, overload: 'catch-up' });
    slicer.advance(0.01);
    slicer.setRefreshRate(120);
    expect(slicer.bufferSeconds).toBe(0.01);
    // Buffer 0.01 + 0.05 = 0.06 s = 7.2 intervals of 120 Hz, slices of at most 1/30 s = 4 intervals.
    expect([...slicer.advance(0.05)]).toEqual([4 / 120, 3 / 120]);
  });

  it('returns the same array object every frame', () => {
    for (const overload of MODES) {
      const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload });
      const first = slicer.advance(0.02);
      for (const delta of [0.001, 0.5, 0.12, 0.1, 0.016]) expect(slicer.advance(delta)).toBe(first);
      slicer.reset();
      expect(slicer.advance(0.2)).toBe(first);
    }
  });

  it('reset() empties the buffer and the dropped total', () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60 });
    slicer.advance(0.5);
    expect(slicer.droppedSeconds).toBeGreaterThan(0);
    slicer.reset();
    expect(slicer.bufferSeconds).toBe(0);
    expect(slicer.droppedSeconds).toBe(0);
    expect(slicer.advance(0.01)).toHaveLength(0);
  });

  it('throws a RangeError naming each bad option', () => {
    const badNumbers: unknown[] = [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '60'];
    for (const value of [...badNumbers, undefined]) {
      expect(() => createSyncedSlicer({ rounding: 'down', refreshRate: value as number })).toThrow(/refreshRate/);
    }
    for (const value of [...badNumbers, 61]) {
      const make = () => createSyncedSlicer({ rounding: 'down', refreshRate: 60, minFrameRate: value as number });
      expect(make).toThrow(RangeError);
      expect(make).toThrow(/minFrameRate/);
    }
    for (const value of ['fast', '', 3, null]) {
      const make = () => createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload: value as SlicerOverload });
      expect(make).toThrow(RangeError);
      expect(make).toThrow(/overload/);
    }
    for (const value of badNumbers) {
      const make = () => createSyncedSlicer({ rounding: 'down', refreshRate: 60, overloadThreshold: value as number });
      expect(make).toThrow(RangeError);
      expect(make).toThrow(/overloadThreshold/);
    }
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60 });
    for (const value of badNumbers) expect(() => slicer.setRefreshRate(value as number)).toThrow(/refreshRate/);
    expect(() => createSyncedSlicer(null as never)).toThrow(RangeError);
  });

  it('treats NaN, negative and −Infinity deltas as 0 s, and +Infinity as one hour', () => {
    const slicer = createSyncedSlicer({ rounding: 'down', refreshRate: 60, overload: 'variable' });
    slicer.advance(0.01);
    for (const bad of [Number.NaN, -1, Number.NEGATIVE_INFINITY]) {
      expect(slicer.advance(bad)).toHaveLength(0);
      expect(slicer.bufferSeconds).toBe(0.01);
    }
    expect([...slicer.advance(Number.POSITIVE_INFINITY)]).toEqual([216_000 / 60]);
    expect(slicer.bufferSeconds).toBeCloseTo(0.01, 9);
  });
});

describe('createSyncedSlicer: properties', () => {
  const rates = fc.constantFrom(30, 50, 59.94, 60, 75, 119.88, 120, 143.9, 144, 240);
  const deltas = fc.array(
    fc.oneof(fc.double({ min: 0, max: 0.05, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true })),
    { maxLength: 200 },
  );

  it('whole-interval or bounded slices, a sub-interval buffer and exact conservation, in every mode', () => {
    fc.assert(
      fc.property(
        rates,
        fc.constantFrom(...MODES),
        fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
        fc.option(fc.double({ min: 0.001, max: 1, noNaN: true }), { nil: undefined }),
        deltas,
        (refreshRate, overload, divisor, overloadThreshold, input) => {
          const minFrameRate = divisor === undefined ? undefined : refreshRate / divisor;
          const slicer = createSyncedSlicer({ rounding: 'down', refreshRate, overload, minFrameRate, overloadThreshold });
          const maxSlice = 1 / (minFrameRate ?? refreshRate / 4);
          const threshold = overloadThreshold ?? 6 / refreshRate;
          let sumIn = 0;
          let sumOut = 0;
          for (const delta of input) {
            sumIn += delta;
            const droppedBefore = slicer.droppedSeconds;
            const slices = slicer.advance(delta);
            const total = sum(slices);
            sumOut += total;
            const slowed = slicer.droppedSeconds > droppedBefore;
            if (slowed) {
              // Option 1: the game gets exactly the threshold, in equal parts.
              expect(overload).toBe('slow-motion');
              expect(total).toBeCloseTo(threshold, 9);
              for (const slice of slices) expect(slice).toBe(slices[0]);
            }
            for (const slice of slices) {
              expect(slice).toBeGreaterThan(0);
              if (!slowed) expect(isWholeIntervals(slice, refreshRate)).toBe(true);
              const bigVariable = overload === 'variable' && slices.length === 1 && slice > threshold;
              if (!bigVariable) expect(slice).toBeLessThanOrEqual(maxSlice * (1 + 1e-9));
            }
            expect(slicer.bufferSeconds).toBeGreaterThanOrEqual(0);
            expect(slicer.bufferSeconds * refreshRate).toBeLessThan(1);
            expect(Math.abs(sumOut + slicer.bufferSeconds + slicer.droppedSeconds - sumIn)).toBeLessThan(1e-9);
          }
        },
      ),
    );
  });

  it('never produces NaN, negative or infinite slices, whatever it is fed', () => {
    fc.assert(
      fc.property(rates, fc.constantFrom('slow-motion', 'variable') as fc.Arbitrary<SlicerOverload>, fc.array(fc.double(), { maxLength: 100 }), (refreshRate, overload, input) => {
        const slicer = createSyncedSlicer({ rounding: 'down', refreshRate, overload });
        for (const delta of input) {
          for (const slice of slicer.advance(delta)) {
            expect(Number.isFinite(slice)).toBe(true);
            expect(slice).toBeGreaterThan(0);
          }
          expect(Number.isFinite(slicer.bufferSeconds)).toBe(true);
          expect(Number.isFinite(slicer.droppedSeconds)).toBe(true);
        }
      }),
    );
  });
});
