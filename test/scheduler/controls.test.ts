// Control state survives option changes (the adaptive divisor across a new maxDivisor), time
// scales have an upper bound so no clock reaches Infinity, and misspelt option names are errors
// that name the unknown option.
import { describe, expect, it } from 'vitest';
import { MAX_TIME_SCALE } from '../../src/core/options.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { setup } from './helpers.js';

/** Drive the adaptive divisor to `target` with 80 ms frames at 60 Hz. */
function loadUntil(scheduler: ReturnType<typeof setup>['scheduler'], source: ReturnType<typeof setup>['source'], target: number, from = 0): number {
  const off = scheduler.subscribe(() => source.setNow(source.now() + 80));
  let k = from;
  while (scheduler.divisor < target && k < from + 1000) source.tick((k++ * 1000) / 60);
  off();
  return k;
}

describe('the adaptive divisor survives a change of adaptive options', () => {
  it('at divisor 2, setAdaptive({ maxDivisor: 3 }) keeps 2; setAdaptive(true) keeps it; maxDivisor 1 clamps to 1 and tells listeners', () => {
    const { scheduler, source } = setup({ adaptive: { maxDivisor: 4 } });
    loadUntil(scheduler, source, 2);
    expect(scheduler.divisor).toBe(2);
    const told: number[] = [];
    scheduler.onDivisorChange((d) => void told.push(d));
    scheduler.setAdaptive({ maxDivisor: 3 });
    expect(scheduler.divisor).toBe(2);
    scheduler.setAdaptive(true);
    expect(scheduler.divisor).toBe(2);
    expect(told).toEqual([]);
    scheduler.setAdaptive({ maxDivisor: 1 });
    expect(scheduler.divisor).toBe(1);
    expect(told).toEqual([1]);
  });

  it('at divisor 3, a new maxDivisor 2 clamps to 2', () => {
    const { scheduler, source } = setup({ adaptive: true });
    loadUntil(scheduler, source, 3);
    scheduler.setAdaptive({ maxDivisor: 2 });
    expect(scheduler.divisor).toBe(2);
  });
});

describe('time scale upper bound', () => {
  it(`timeScale above MAX_TIME_SCALE (${MAX_TIME_SCALE}) is a RangeError naming timeScale, at creation and in setTimeScale`, () => {
    const source = createManualFrameSource();
    for (const bad of [Number.MAX_VALUE, MAX_TIME_SCALE * 1.0001, 1e300]) {
      expect(() => createFrameScheduler({ source, timeScale: bad })).toThrow(RangeError);
      expect(() => createFrameScheduler({ source, timeScale: bad })).toThrow('`timeScale`');
      const s = createFrameScheduler({ source });
      expect(() => s.setTimeScale(bad)).toThrow('`timeScale`');
      expect(s.timeScale).toBe(1);
    }
  });

  it('at MAX_TIME_SCALE, 10,000 one-hour gaps (each followed by a normal frame) keep every clock finite', () => {
    const { scheduler, source } = setup({ timeScale: MAX_TIME_SCALE });
    scheduler.subscribe(() => undefined);
    let t = 0;
    source.tick(t);
    for (let k = 0; k < 10_000; k++) {
      source.tick((t += 3_600_000)); // clamped to maxDelta 0.25 s
      source.tick((t += 10)); // 0.01 s
    }
    expect(Number.isFinite(scheduler.frame.elapsedSeconds)).toBe(true);
    expect(scheduler.frame.elapsedSeconds / (10_000 * 0.26 * MAX_TIME_SCALE)).toBeCloseTo(1, 12);
    expect(Number.isFinite((scheduler.frame.divisor * scheduler.frame.timeScale) / scheduler.frame.refreshRate)).toBe(true);
  });
});

describe('misspelt option names', () => {
  it('createFrameScheduler({ maxdelta }) names the unknown option and suggests the right one', () => {
    const source = createManualFrameSource();
    expect(() => createFrameScheduler({ source, maxdelta: 1 } as never)).toThrow(RangeError);
    expect(() => createFrameScheduler({ source, maxdelta: 1 } as never)).toThrow(/unknown option `maxdelta`.*`maxDelta`/);
    expect(() => createFrameScheduler({ source, timescale: 2 } as never)).toThrow(/unknown option `timescale`.*`timeScale`/);
  });

  it('subscribe({ phse }) and adaptive: { maxdivisor } name the unknown option', () => {
    const scheduler = createFrameScheduler({ source: createManualFrameSource() });
    expect(() => scheduler.subscribe(() => undefined, { phse: 'render' } as never)).toThrow(/unknown option `phse`.*`phase`/);
    expect(scheduler.subscriberCount).toBe(0);
    expect(() => scheduler.setAdaptive({ maxdivisor: 2 } as never)).toThrow(/unknown option `maxdivisor`.*`maxDivisor`/);
    expect(() => createFrameScheduler({ source: createManualFrameSource(), adaptive: { upstep: 2 } } as never)).toThrow(/unknown option `upstep`/);
  });
});
