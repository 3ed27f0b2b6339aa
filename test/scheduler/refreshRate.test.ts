import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { createSeededRandom } from '../../src/core/random.js';
import type { RefreshRateEstimate } from '../../src/core/types.js';

type Seen = Pick<RefreshRateEstimate, 'refreshRate' | 'state' | 'synced'>;

describe('refresh-rate estimate', () => {
  it('publishes the detected rate and tells listeners once per change, 60 → 144 Hz', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    const calls: Seen[] = [];
    scheduler.onRefreshRateChange((e) => {
      expect(e).toBe(scheduler.refreshRate);
      calls.push({ refreshRate: e.refreshRate, state: e.state, synced: e.synced });
    });
    const rates: number[] = [];
    scheduler.subscribe((f) => rates.push(f.refreshRate));
    expect(scheduler.refreshRate.state).toBe('measuring');

    for (let i = 0; i < 60; i++) source.tick((i * 1000) / 60);
    expect(calls).toEqual([{ refreshRate: 60, state: 'synced', synced: true }]);
    expect(scheduler.refreshRate.synced).toBe(true);

    const start = (59 * 1000) / 60;
    for (let i = 1; i <= 150; i++) source.tick(start + (i * 1000) / 144);
    // The detector's challenger takes the new grid over without a gap in the verdict: one call per change.
    expect(calls).toEqual([
      { refreshRate: 60, state: 'synced', synced: true },
      { refreshRate: 144, state: 'synced', synced: true },
    ]);
    expect(scheduler.refreshRate.refreshRate).toBe(144);
    expect(scheduler.refreshRate.changes).toBe(1);
    // Frames carry the estimate: 60 Hz until the switch is identified, then 144 Hz for good.
    const firstAt144 = rates.indexOf(144);
    expect(firstAt144).toBeGreaterThan(60);
    expect(rates.slice(0, firstAt144).every((r) => r === 60)).toBe(true);
    expect(rates.slice(firstAt144).every((r) => r === 144)).toBe(true);
  });

  it('tells listeners when the throttled rate changes with the state and display unchanged (30 → 20 Hz), not when a measured rate refines', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    const calls: string[] = [];
    scheduler.onRefreshRateChange((e) => calls.push(`${e.state} ${e.refreshRate} ${e.throttledRate}`));
    scheduler.subscribe(() => {});
    let t = 0;
    for (const [vblanks, frames] of [[1, 60], [2, 60], [3, 60]] as const) for (let i = 0; i < frames; i++) source.tick((t += (vblanks * 1000) / 60));
    expect(calls).toEqual(['synced 60 0', 'throttled 60 30', 'throttled 60 20']);

    // A 30 Hz timer on a 144 Hz display reads as measured: its refinements (under 0.5 %) are not news.
    const timer = createManualFrameSource();
    const onTimer = createFrameScheduler({ source: timer });
    const heard: number[] = [];
    onTimer.onRefreshRateChange((e) => heard.push(e.throttledRate));
    onTimer.subscribe(() => {});
    const random = createSeededRandom(5);
    for (let i = 1; i <= 144; i++) timer.tick((i * 1000) / 144);
    const tickTimer = (from: number, to: number) => {
      for (let i = from; i <= to; i++) timer.tick(1000 + (i * 1000) / 30 + random.range(-0.3, 0.3));
    };
    tickTimer(1, 60);
    const settled = heard.length;
    expect(settled).toBeLessThanOrEqual(4); // measuring, then the first readings (144 / 4.8 = 30, …)
    tickTimer(61, 600);
    expect(onTimer.refreshRate.state).toBe('throttled');
    const measured = onTimer.refreshRate.throttledRate;
    expect(measured).not.toBe(30);
    expect(Math.abs(measured / 30 - 1)).toBeLessThan(0.005);
    // 18 s more of a refining fit: no call.
    expect(heard).toHaveLength(settled);
  });

  it('a removed listener is not called', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    let calls = 0;
    const off = scheduler.onRefreshRateChange(() => calls++);
    off();
    scheduler.subscribe(() => {});
    for (let i = 0; i < 30; i++) source.tick((i * 1000) / 60);
    expect(scheduler.refreshRate.synced).toBe(true);
    expect(calls).toBe(0);
  });

  it('a fixed refreshRate option replaces detection: synced at that rate, never changing', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 75 });
    let calls = 0;
    scheduler.onRefreshRateChange(() => calls++);
    scheduler.subscribe(() => {});
    for (let i = 0; i < 40; i++) source.tick((i * 1000) / 144);
    expect(scheduler.refreshRate).toMatchObject({ refreshRate: 75, interval: 1000 / 75, synced: true, state: 'synced' });
    expect(scheduler.frame.refreshRate).toBe(75);
    expect(calls).toBe(0);
  });
});
