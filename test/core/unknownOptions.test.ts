import { describe, expect, it } from 'vitest';
import { createDeltaSmoother, createFixedStep, createInterpolated, createRefreshRateDetector, createSyncedSlicer, MAX_TIME_SCALE } from '../../src/core/index.js';

describe('core factories: misspelt options and out-of-range time scales fail at creation', () => {
  it('a misspelt option name is a RangeError naming it', () => {
    expect(() => createFixedStep({ step: 1 / 60, timescale: 2 } as never)).toThrow(/createFixedStep.*timescale/);
    expect(() => createFixedStep({ step: 1 / 60, refreshrate: 60 } as never)).toThrow(/refreshrate/);
    expect(() => createDeltaSmoother({ refreshRate: 60, roundng: 'up' } as never)).toThrow(/createDeltaSmoother.*roundng/);
    expect(() => createSyncedSlicer({ refreshRate: 60, overlaod: 'catch-up' } as never)).toThrow(/createSyncedSlicer.*overlaod/);
    expect(() => createRefreshRateDetector({ windowsize: 10 } as never)).toThrow(/createRefreshRateDetector.*windowsize/);
    expect(() => createInterpolated({ kind: 'number', intial: 3 } as never)).toThrow(new RangeError(
      'createInterpolated: unknown option `intial` (known options: `kind`, `size`, `initial`, `interpolate`, `blend`)',
    ));
    expect(() => createInterpolated({ kind: 'vector', Size: 2 } as never)).toThrow(/createInterpolated: unknown option `Size` \(did you mean `size`\?\)/);
  });

  it('every documented option is accepted', () => {
    expect(() => createFixedStep({ step: 1 / 60, maxSteps: 3, overload: 'catch-up', interpolation: 'none', timeScale: 2, boundaryTolerance: 0.1, refreshRate: 60 })).not.toThrow();
    expect(() => createDeltaSmoother({ refreshRate: 60, maxLeadIntervals: 2, rounding: 'up' })).not.toThrow();
    expect(() => createSyncedSlicer({ refreshRate: 60, minFrameRate: 20, overload: 'variable', overloadThreshold: 0.2, rounding: 'down' })).not.toThrow();
    expect(() => createInterpolated({ kind: 'quaternion', size: 4, blend: 'slerp', initial: [0, 0, 0, 1], interpolate: false })).not.toThrow();
  });

  it('createFixedStep: a time scale above MAX_TIME_SCALE (or 0) is refused, so alpha never becomes NaN', () => {
    expect(() => createFixedStep({ step: 1 / 60, timeScale: Number.MAX_VALUE })).toThrow(/timeScale/);
    expect(() => createFixedStep({ step: 1 / 60, timeScale: 0 })).toThrow(/timeScale/);
    const fixed = createFixedStep({ step: 1 / 60, timeScale: MAX_TIME_SCALE });
    fixed.advance(0);
    const f = fixed.advance(16);
    expect(Number.isNaN(f.alpha)).toBe(false);
    expect(() => fixed.setTimeScale(Number.MAX_VALUE)).toThrow(/timeScale/);
    expect(fixed.timeScale).toBe(MAX_TIME_SCALE);
  });

  it('rounding must be one of the documented values', () => {
    expect(() => createDeltaSmoother({ refreshRate: 60, rounding: 'down' as never })).toThrow(/rounding/);
    expect(() => createSyncedSlicer({ refreshRate: 60, rounding: 'up' as never })).toThrow(/rounding/);
    expect(() => createFixedStep({ step: 1 / 60, refreshRate: 0 })).toThrow(/refreshRate/);
  });
});
