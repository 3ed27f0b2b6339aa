// Numbers that are not numbers: a delta handed over as a string (read from a config file, a query
// string) counts as 0, like NaN. It is never converted, and it never poisons later outputs.
import { describe, expect, it } from 'vitest';
import { sanitizeDeltaSeconds } from '../../src/core/counting.js';
import { createDeltaSmoother } from '../../src/core/deltaSmoother.js';
import { createSyncedSlicer } from '../../src/core/syncedSlicer.js';

const NOT_NUMBERS: unknown[] = ['0.0166', '1', '', null, undefined, {}, [0.0166], true, 1n];

describe('a delta that is not a number counts as 0 s and poisons nothing after it', () => {
  it('sanitizeDeltaSeconds', () => {
    for (const v of NOT_NUMBERS) expect(sanitizeDeltaSeconds(v as number)).toBe(0);
    expect(sanitizeDeltaSeconds(1 / 60)).toBe(1 / 60);
  });

  it("createDeltaSmoother().smooth('0.0166'): 0, then 1/60 s deltas give 1/60 s again", () => {
    for (const v of NOT_NUMBERS) {
      const smoother = createDeltaSmoother({ refreshRate: 60 });
      smoother.smooth(1 / 60);
      expect(smoother.smooth(v as number)).toBe(0);
      const later: number[] = [];
      for (let i = 0; i < 10; i++) later.push(smoother.smooth(1 / 60));
      for (const dt of later) {
        expect(typeof dt).toBe('number');
        expect(Number.isFinite(dt)).toBe(true);
      }
      expect(later.reduce((a, b) => a + b, 0)).toBeCloseTo(10 / 60, 9);
      expect(typeof smoother.carry).toBe('number');
      expect(Number.isFinite(smoother.carry)).toBe(true);
    }
  });

  it("createSyncedSlicer().advance('0.0166'): no slice, and later deltas slice as before", () => {
    for (const v of NOT_NUMBERS) {
      const slicer = createSyncedSlicer({ refreshRate: 60 });
      expect(slicer.advance(v as number)).toEqual([]);
      let total = 0;
      for (let i = 0; i < 10; i++) for (const s of slicer.advance(1 / 60)) total += s;
      expect(total).toBeCloseTo(10 / 60, 9);
      expect(Number.isFinite(slicer.bufferSeconds)).toBe(true);
    }
  });
});
