// Bad values fed to each core algorithm (NaN, ±Infinity, negative and zero): never a NaN in any
// output. Through the scheduler: test/scheduler/badInput.test.ts.
import { describe, expect, it } from 'vitest';
import { createAdaptiveFramerate } from '../../src/core/adaptiveFramerate.js';
import { createDeltaSmoother } from '../../src/core/deltaSmoother.js';
import { createFixedStep } from '../../src/core/fixedStep.js';
import { createFrameStats } from '../../src/core/frameStats.js';
import { createRefreshRateDetector } from '../../src/core/refreshRateDetector.js';
import { createSyncedSlicer } from '../../src/core/syncedSlicer.js';
import { allFinite, fixedFrameNumbers } from '../helpers/numbers.js';

const STEP = 1 / 60;
const INTERVAL_MS = 1000 / 60;

describe('bad values fed to each core algorithm', () => {
  const BAD = [Number.NaN, Infinity, -Infinity, -1, -0, 0] as const;

  it.each(BAD)('delta smoother and synced slicer: %s s counts as 0 s (+Infinity as one hour), the same as feeding that, never NaN', (bad) => {
    const equivalent = bad === Infinity ? 3600 : 0;
    const smoother = createDeltaSmoother({ refreshRate: 60 });
    const twin = createDeltaSmoother({ refreshRate: 60 });
    const slicer = createSyncedSlicer({ refreshRate: 60, overload: 'catch-up' });
    const slicerTwin = createSyncedSlicer({ refreshRate: 60, overload: 'catch-up' });
    for (const d of [0.0171, 0.016, 0.0335, 0.017]) {
      smoother.smooth(d);
      twin.smooth(d);
      slicer.advance(d);
      slicerTwin.advance(d);
    }
    const out = smoother.smooth(bad);
    expect(out).toBe(twin.smooth(equivalent));
    expect(smoother.carry).toBe(twin.carry);
    expect(Number.isFinite(out) && Number.isFinite(smoother.carry)).toBe(true);
    const slices = [...slicer.advance(bad)];
    expect(slices).toEqual([...slicerTwin.advance(equivalent)]);
    expect(allFinite(slices)).toBe(true);
    expect(slicer.bufferSeconds).toBe(slicerTwin.bufferSeconds);
  });

  it.each(BAD.filter((v) => !(v >= 0) || v === Infinity))('adaptive frame rate: a %s work time is ignored (divisor and lag unchanged)', (bad) => {
    const rate = createAdaptiveFramerate({ refreshRate: 60 });
    for (let i = 0; i < 3; i++) rate.record(0.02);
    const lag = rate.lag;
    expect(rate.record(bad)).toBe(1);
    expect(rate.lag).toBe(lag);
  });

  it.each([Number.NaN, Infinity, -Infinity])('refresh-rate detector and frame stats: a %s timestamp is ignored', (bad) => {
    const detector = createRefreshRateDetector();
    const stats = createFrameStats();
    for (let k = 0; k < 40; k++) {
      detector.sample(k * INTERVAL_MS);
      stats.sample(k * INTERVAL_MS);
    }
    const before = { ...detector.estimate };
    const statsBefore = { ...stats.snapshot() };
    detector.sample(bad);
    stats.sample(bad);
    expect({ ...detector.estimate }).toEqual(before);
    expect({ ...stats.snapshot() }).toEqual(statsBefore);
    expect(allFinite([detector.estimate.refreshRate, detector.estimate.interval, detector.estimate.confidence])).toBe(true);
  });

  it.each([Number.NaN, Infinity, -Infinity, -5, 0])('fixed step: a %s timestamp after the start runs nothing and drops nothing', (bad) => {
    const fixed = createFixedStep({ step: STEP });
    fixed.advance(0);
    fixed.advance(5 * INTERVAL_MS);
    const total = fixed.frame.totalSteps;
    const f = fixed.advance(bad);
    expect(f.steps).toBe(0);
    expect(f.droppedSeconds).toBe(0);
    expect(f.totalSteps).toBe(total);
    expect(allFinite(fixedFrameNumbers(f))).toBe(true);
  });
});
