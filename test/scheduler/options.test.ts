// Option checks of createFrameScheduler (and its `adaptive` object) and its run-time setters: a
// RangeError naming the option. Each row first proves that a good value passes.
import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { BAD, expectNamed, rows } from '../helpers/options.js';

const manual = createManualFrameSource();

const FACTORY_ROWS = [
  ...rows('createFrameScheduler', { source: manual }, createFrameScheduler, {
    source: [manual, [{}, { request: () => 1, cancel: () => undefined }, 'raf', 1, null]],
    frameloop: ['demand', BAD.word],
    maxDelta: [0.25, BAD.positive],
    timeScale: [0, BAD.nonNegative],
    paused: [true, BAD.boolean],
    refreshRate: [144, BAD.positive],
    adaptive: [true, ['on', 1, null, [1]]],
    onError: [() => undefined, BAD.fn],
    onGap: [() => undefined, BAD.fn],
    onFrame: [() => undefined, BAD.fn],
  }),
  // The adaptive options object is checked by the core governor, which names the inner option.
  ...rows('createFrameScheduler (adaptive)', {}, (o: Record<string, unknown>) => createFrameScheduler({ source: manual, adaptive: o }), {
    upStep: [3, BAD.positive],
    downStep: [1, BAD.positive],
    maxThreshold: [15, BAD.positive],
    minThreshold: [-30, BAD.negative],
    maxDivisor: [4, BAD.wholeAtLeast1],
  }),
];

describe('every factory option out of range throws a RangeError naming it', () => {
  it.each(FACTORY_ROWS.map((r) => [`${r.owner}: ${r.option}`, r] as const))('%s', (_name, row) => {
    expect(() => row.make(row.good)).not.toThrow();
    for (const value of row.bad) expectNamed(() => row.make(value), row.option);
  });

  it('run-time setters validate like the options: setTimeScale, setFrameloop, setAdaptive, subscribe', () => {
    const scheduler = createFrameScheduler({ source: createManualFrameSource() });
    for (const v of BAD.nonNegative) expectNamed(() => scheduler.setTimeScale(v as never), 'timeScale');
    for (const v of BAD.word) expectNamed(() => scheduler.setFrameloop(v as never), 'frameloop');
    for (const v of ['on', 1, null]) expectNamed(() => scheduler.setAdaptive(v as never), 'adaptive');
    for (const v of BAD.word) expectNamed(() => scheduler.subscribe(() => undefined, { phase: v as never }), 'phase');
    for (const v of BAD.finite) expectNamed(() => scheduler.subscribe(() => undefined, { priority: v as never }), 'priority');
    expect(() => scheduler.subscribe('f' as never)).toThrow(RangeError);
    expect(scheduler.subscriberCount).toBe(0);
  });
});
