// Background throttling: the page stays 'visible' but the browser delivers requestAnimationFrame
// about once a second (another tab or window in front, a frozen page). Treated like a hidden tab:
// the first long gap gives one frame clamped to maxDelta; the long gaps right after it give delta 0
// (game time stands still, as it does while a tab is hidden), each reported to onGap with
// clampedSeconds 0. A single long gap (a breakpoint, a blocked main thread) stays one clamped frame.
import { describe, expect, it } from 'vitest';
import type { FrameGap } from '../../src/scheduler/types.js';
import { INTERVAL_60_MS, setup } from './helpers.js';

function record() {
  const gaps: Array<Pick<FrameGap, 'rawDeltaSeconds' | 'clampedSeconds'>> = [];
  const { scheduler, source } = setup({ onGap: (g) => void gaps.push({ rawDeltaSeconds: g.rawDeltaSeconds, clampedSeconds: g.clampedSeconds }) });
  const deltas: number[] = [];
  scheduler.subscribe((f) => void deltas.push(f.deltaSeconds));
  return { scheduler, source, gaps, deltas };
}

describe('rAF throttled to ~1 Hz while visible', () => {
  it('one clamped frame, then delta 0 for every throttled frame, each reported to onGap; normal frames after', () => {
    const { source, gaps, deltas } = record();
    let t = 0;
    for (let i = 0; i < 60; i++) source.tick((t = i * INTERVAL_60_MS));
    deltas.length = 0;
    for (let i = 0; i < 8; i++) source.tick((t += 1000)); // eight frames a second apart
    for (let i = 0; i < 3; i++) source.tick((t += INTERVAL_60_MS)); // back in front
    expect(deltas.slice(0, 8)).toEqual([0.25, 0, 0, 0, 0, 0, 0, 0]);
    expect(deltas.slice(8).map((d) => Math.round(d * 60 * 1e9) / 1e9)).toEqual([1, 1, 1]);
    expect(gaps).toHaveLength(8);
    expect(gaps[0]).toEqual({ rawDeltaSeconds: expect.closeTo(1, 9) as number, clampedSeconds: 0.25 });
    for (const g of gaps.slice(1)) expect(g.clampedSeconds).toBe(0);
    // Game time + time reported lost = real time.
    const real = gaps.reduce((s, g) => s + g.rawDeltaSeconds, 0);
    const lost = gaps.reduce((s, g) => s + g.rawDeltaSeconds - g.clampedSeconds, 0);
    expect(real - lost).toBeCloseTo(0.25, 9);
  });

  it('a single long gap (a breakpoint, a 3 s blocked main thread) is one clamped frame, not a throttle', () => {
    const { source, gaps, deltas } = record();
    let t = 0;
    for (let i = 0; i < 10; i++) source.tick((t = i * INTERVAL_60_MS));
    deltas.length = 0;
    source.tick((t += 3000));
    for (let i = 0; i < 3; i++) source.tick((t += INTERVAL_60_MS));
    source.tick(t + 3000); // a second breakpoint later: clamped again
    expect(deltas[0]).toBe(0.25);
    expect(deltas[4]).toBe(0.25);
    expect(gaps.map((g) => g.clampedSeconds)).toEqual([0.25, 0.25]);
  });

  it('a slow machine (0.3 s frames, above maxDelta but not a throttle) keeps getting maxDelta per frame', () => {
    const { source, deltas } = record();
    let t = 0;
    source.tick(t);
    for (let i = 0; i < 5; i++) source.tick((t += 300));
    expect(deltas).toEqual([0, 0.25, 0.25, 0.25, 0.25, 0.25]);
  });
});
