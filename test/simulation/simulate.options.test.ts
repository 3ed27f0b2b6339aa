// Option checks of simulate (its display, cost and algorithm specs too): a RangeError naming the
// option. In the algorithm specs `null` means "not given" (the default applies). Each row first
// proves that a good value passes.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/simulation/simulate.js';
import { BAD, expectNamed, rows } from '../helpers/options.js';

const FACTORY_ROWS = [
  ...rows('simulate', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05, ...o }), {
    durationSeconds: [0.05, BAD.positive],
    seed: [3, BAD.finite],
    record: [false, BAD.boolean],
    clock: ['frame-start', BAD.word],
    warmupSeconds: [0, BAD.nonNegative],
  }),
  ...rows('simulate (display)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60, ...o }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05 }), {
    'display.refreshRate': [75, BAD.positive],
    'display.vsync': [false, BAD.boolean],
    'display.queueDepth': [2, BAD.wholeAtLeast1],
    'display.jitterMs': [1, BAD.nonNegative],
    'display.callbackDelayMs': [0, BAD.nonNegative],
    'display.unsyncedMaxRate': [500, BAD.positive],
  }).map((row) => ({ ...row, make: (value: unknown) => simulate({ display: { refreshRate: 60, [row.option.slice('display.'.length)]: value } as never, algorithm: { kind: 'fixed' }, durationSeconds: 0.05 }) })),
  ...rows('simulate (cost)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05, cost: o }), {
    'cost.update': [1, [-1, Number.NaN, Infinity, 'slow', null]],
    'cost.draw': [{ min: 1, max: 2 }, [-1, Number.NaN, 'slow', null]],
  }).map((row) => ({ ...row, make: (value: unknown) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05, cost: { [row.option.slice('cost.'.length)]: value } as never }) })),
  ...rows('simulate (algorithm)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: o as never, durationSeconds: 0.05 }), {
    'algorithm.kind': ['synced', ['fast', '', 1, null]],
  }).map((row) => ({ ...row, make: (value: unknown) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: value } as never, durationSeconds: 0.05 }) })),
  // Core options inside an algorithm are checked by the core factory, which names them. (The
  // simulation reads them with `??`, so there `null` means "not given" and takes the default.)
  ...rows('simulate (fixed algorithm)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed', ...o }, durationSeconds: 0.05 }), {
    step: [1 / 120, BAD.positive.filter((v) => v !== null)],
    maxSteps: [3, BAD.wholeAtLeast1.filter((v) => v !== null)],
    interpolation: ['ahead', BAD.word],
    overload: ['catch-up', BAD.word],
  }),
  // The threads loop has no core factory: simulate checks its options (`null` is not "left out" here).
  ...rows('simulate (threads algorithm)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'threads', ...o }, durationSeconds: 0.05 }), {
    'algorithm.step': [1 / 120, BAD.positive],
    'algorithm.read': ['live', BAD.word],
  }).map((row) => ({ ...row, make: (value: unknown) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'threads', [row.option.slice('algorithm.'.length)]: value } as never, durationSeconds: 0.05 }) })),
];

describe('every factory option out of range throws a RangeError naming it', () => {
  it.each(FACTORY_ROWS.map((r) => [`${r.owner}: ${r.option}`, r] as const))('%s', (_name, row) => {
    expect(() => row.make(row.good)).not.toThrow();
    for (const value of row.bad) expectNamed(() => row.make(value), row.option);
  });
});
