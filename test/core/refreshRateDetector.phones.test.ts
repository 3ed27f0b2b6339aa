/**
 * Phones, modelled from what is documented (no iPhone here; docs/browsers.md, "Phones"): iOS Low
 * Power Mode's 30 Hz and ProMotion's 60 ↔ 120 Hz touch ramp, in Safari's 1 ms steps.
 */
import { describe, expect, it } from 'vitest';
import { createRefreshRateDetector } from '../../src/core/index.js';
import { modelStream, PHONE_STREAMS } from '../fixtures/modelledStreams.js';
import { followerMiscounts, phoneTable, relockTimes } from '../fixtures/rateSwitches.js';
import { verdictRight } from '../fixtures/browserMetrics.js';
import { shownTable } from '../fixtures/docsTable.js';

const phone = (name: string) => modelStream(PHONE_STREAMS.find((p) => p.name === name)!.options);

describe('phones (modelled streams)', () => {
  it('iOS Low Power Mode from the start reads throttled 30 (the display not seen) on ≥ 98 % of frames, from its first frames', () => {
    const stream = phone('ios-low-power');
    const detector = createRefreshRateDetector();
    let right = 0;
    let first = -1;
    stream.timestampsMs.forEach((t, i) => {
      const ok = verdictRight(detector.sample(t), stream.expected[i]!);
      if (ok && first < 0) first = i;
      if (ok) right++;
    });
    expect(first).toBeLessThan(10);
    expect(right / stream.timestampsMs.length).toBeGreaterThanOrEqual(0.98);
    expect(detector.estimate).toMatchObject({ state: 'throttled' });
    expect(detector.estimate.throttledRate).toBeCloseTo(30, 0);
  });

  it('Low Power Mode switched on mid-game: throttled 30 on 60 within 250 ms, a following smoother miscounting at most one frame', () => {
    const stream = phone('ios-low-power-on');
    expect(relockTimes(stream).every((ms) => ms <= 250)).toBe(true);
    expect(followerMiscounts(stream).miscounted).toBeLessThanOrEqual(1);
  });

  it('ProMotion touch ramp: every change between 60 and 120 Hz re-locks within 250 ms, a following smoother miscounting under 0.1 % of frames', () => {
    const stream = phone('promotion-touch');
    const times = relockTimes(stream);
    expect(times.length).toBeGreaterThan(10);
    for (const [k, ms] of times.entries()) expect({ change: k, inTime: ms <= 250 }).toEqual({ change: k, inTime: true });
    const follow = followerMiscounts(stream);
    expect(follow.counted).toBeGreaterThan(stream.timestampsMs.length * 0.8);
    expect(follow.miscounted / follow.counted).toBeLessThan(0.001);
  });

  it('docs/browsers.md: the phones table is the measured figures (UPDATE_DOCS=1 rewrites it)', () => {
    const table = phoneTable();
    expect(shownTable(new URL('../../docs/browsers.md', import.meta.url), 'phone-table', table)).toBe(table);
  });
});
