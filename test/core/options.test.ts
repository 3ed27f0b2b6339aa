// Option checks of the core factories: a misspelt or out-of-range option, set at creation or
// through a run-time setter, is a RangeError naming the factory and the option. Each table row
// first proves that a good value passes, so the throw is caused by the bad value alone.
import { describe, expect, it } from 'vitest';
import { createAdaptiveFramerate } from '../../src/core/adaptiveFramerate.js';
import { createDeltaSmoother } from '../../src/core/deltaSmoother.js';
import { createFixedStep } from '../../src/core/fixedStep.js';
import { createFrameStats } from '../../src/core/frameStats.js';
import { createRefreshRateDetector } from '../../src/core/refreshRateDetector.js';
import { createSyncedSlicer } from '../../src/core/syncedSlicer.js';
import { BAD, expectNamed, rows } from '../helpers/options.js';
import { createInterpolated, MAX_TIME_SCALE } from '../../src/core/index.js';

const FACTORY_ROWS = [
  ...rows('createDeltaSmoother', { refreshRate: 60 }, createDeltaSmoother, {
    refreshRate: [59.94, BAD.positive],
    maxLeadIntervals: [3, BAD.wholeAtLeast1],
  }),
  ...rows('createSyncedSlicer', { refreshRate: 60 }, createSyncedSlicer, {
    refreshRate: [60, BAD.positive],
    minFrameRate: [15, [...BAD.positive, 61]],
    overload: ['variable', BAD.word],
    overloadThreshold: [0.1, BAD.positive],
  }),
  ...rows('createFixedStep', { step: 1 / 60 }, createFixedStep, {
    step: [1 / 60, BAD.positive],
    maxSteps: [5, BAD.wholeAtLeast1],
    overload: ['catch-up', BAD.word],
    interpolation: ['predicted', BAD.word],
    timeScale: [0.5, BAD.positive],
  }),
  ...rows('createAdaptiveFramerate', { refreshRate: 60 }, createAdaptiveFramerate, {
    refreshRate: [60, BAD.positive],
    upStep: [3, BAD.positive],
    downStep: [1, BAD.positive],
    maxThreshold: [15, BAD.positive],
    minThreshold: [-30, BAD.negative],
    maxDivisor: [4, BAD.wholeAtLeast1],
  }),
  ...rows('createRefreshRateDetector', {}, createRefreshRateDetector, {
    windowSize: [32, BAD.wholeAtLeast8],
    knownRates: [[60, 144], [[], [60, Number.NaN], [0], [-60], 'all', null]],
  }),
  ...rows('createFrameStats', {}, createFrameStats, {
    windowSize: [120, BAD.wholeAtLeast1],
    refreshRate: [60, BAD.positive],
  }),
];

describe('every factory option out of range throws a RangeError naming it', () => {
  it.each(FACTORY_ROWS.map((r) => [`${r.owner}: ${r.option}`, r] as const))('%s', (_name, row) => {
    expect(() => row.make(row.good)).not.toThrow();
    for (const value of row.bad) expectNamed(() => row.make(value), row.option);
  });

  it('run-time setters validate like the options: setTimeScale, setInterpolation, setRefreshRate', () => {
    const fixed = createFixedStep({ step: 1 / 60 });
    for (const v of BAD.positive) expectNamed(() => fixed.setTimeScale(v as never), 'timeScale');
    for (const v of BAD.word) expectNamed(() => fixed.setInterpolation(v as never), 'interpolation');
    for (const target of [createDeltaSmoother({ refreshRate: 60 }), createSyncedSlicer({ refreshRate: 60 }), createAdaptiveFramerate({ refreshRate: 60 }), createFrameStats()]) {
      for (const v of BAD.positive) expectNamed(() => target.setRefreshRate(v as never), 'refreshRate');
    }
  });
});

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

describe('core factories: misspelt options (with the right name)', () => {
  it('createFrameStats({ windowsize }) and createAdaptiveFramerate({ maxdivisor }) name the unknown option and the right one', () => {
    expect(() => createFrameStats({ windowsize: 60 } as never)).toThrow(/createFrameStats: unknown option `windowsize`.*`windowSize`/);
    expect(() => createAdaptiveFramerate({ refreshRate: 60, maxdivisor: 2 } as never)).toThrow(/unknown option `maxdivisor`.*`maxDivisor`/);
    expect(() => createFrameStats({ windowSize: 60 })).not.toThrow();
  });
});
