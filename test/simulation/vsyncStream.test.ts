import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createVsyncStream } from '../../src/simulation/index.js';

describe('createVsyncStream', () => {
  it('puts each timestamp at its vblank plus the phase, rounded down to the timer resolution', () => {
    const s = createVsyncStream({ refreshRate: 60, frames: 50, phaseMs: 3.3, quantizationMs: 1, startMs: 0 });
    for (let i = 0; i < 50; i += 1) {
      expect(s.vblankMs[i]).toBeCloseTo((i * 1000) / 60, 9);
      expect(s.timestampsMs[i]).toBe(Math.floor((i * 1000) / 60 + 3.3));
      expect(s.vblanks[i]).toBe(i === 0 ? 0 : 1);
    }
  });

  it('ground truth: drops add whole vblanks, jitter stays within ± jitterMs, timestamps never go back (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(50, 59.94, 60, 144, 240),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 1e6 }),
        (rate, dropChance, jitterMs, seed) => {
          const s = createVsyncStream({ refreshRate: rate, frames: 300, jitterMs, dropChance, seed });
          let vblank = 0;
          for (let i = 0; i < 300; i += 1) {
            vblank += s.vblanks[i]!;
            if (Math.abs(s.vblankMs[i]! - (1000 + (vblank * 1000) / rate)) > 1e-6) return false;
            const offset = s.timestampsMs[i]! - s.vblankMs[i]! - s.phaseMs;
            if (i > 0 && s.timestampsMs[i]! < s.timestampsMs[i - 1]!) return false;
            if (offset > jitterMs + 1e-9) return false;
            if (i > 0 && s.vblanks[i]! < 1) return false;
          }
          return s.phaseMs >= 0 && s.phaseMs < 1000 / rate;
        },
      ),
    );
  });

  it('is deterministic for a seed', () => {
    const a = createVsyncStream({ refreshRate: 75, frames: 100, jitterMs: 1, dropChance: 0.1, seed: 7 });
    const b = createVsyncStream({ refreshRate: 75, frames: 100, jitterMs: 1, dropChance: 0.1, seed: 7 });
    expect(Array.from(a.timestampsMs)).toEqual(Array.from(b.timestampsMs));
  });

  it('throws a RangeError naming the option', () => {
    expect(() => createVsyncStream({ refreshRate: 0, frames: 10 })).toThrow(/refreshRate/);
    expect(() => createVsyncStream({ refreshRate: 60, frames: 0 })).toThrow(/frames/);
    expect(() => createVsyncStream({ refreshRate: 60, frames: 10, dropChance: 1 })).toThrow(/dropChance/);
    expect(() => createVsyncStream({ refreshRate: 60, frames: 10, quantizationMs: -1 })).toThrow(/quantizationMs/);
  });
});
