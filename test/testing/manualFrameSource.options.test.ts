// Option checks of createManualFrameSource and its advance functions: a RangeError naming the
// option. Each row first proves that a good value passes.
import { describe, expect, it } from 'vitest';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { BAD, expectNamed, rows } from '../helpers/options.js';

const FACTORY_ROWS = [
  ...rows('createManualFrameSource', {}, createManualFrameSource, {
    refreshRate: [144, BAD.positive],
    // At 60 Hz jitter must stay below half an interval (8.33 ms).
    jitterMs: [8, [...BAD.nonNegative, 8.34]],
    seed: [7, BAD.finite],
    startMs: [-5, BAD.finite],
  }),
];

describe('every factory option out of range throws a RangeError naming it', () => {
  it.each(FACTORY_ROWS.map((r) => [`${r.owner}: ${r.option}`, r] as const))('%s', (_name, row) => {
    expect(() => row.make(row.good)).not.toThrow();
    for (const value of row.bad) expectNamed(() => row.make(value), row.option);
  });

  it('advanceFrames and advanceTime validate their argument like the options', () => {
    const source = createManualFrameSource();
    for (const v of [-1, 1.5, Number.NaN]) expectNamed(() => source.advanceFrames(v), 'n');
    for (const v of [-1, Number.NaN, Infinity]) expectNamed(() => source.advanceTime(v), 'ms');
    expect(source.frameCount).toBe(0);
  });
});
