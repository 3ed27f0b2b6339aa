import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserFrameSource } from '../../src/scheduler/browserSource.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { installAnimationFramePlaceholders } from './helpers.js';

installAnimationFramePlaceholders();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('createBrowserFrameSource', () => {
  it('reads requestAnimationFrame, cancelAnimationFrame and performance.now when called, not when created', () => {
    const source = createBrowserFrameSource();
    const requested: Array<(t: number) => void> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) => requested.push(cb));
    vi.stubGlobal('cancelAnimationFrame', (h: number) => cancelled.push(h));
    vi.stubGlobal('performance', { now: () => 1234.5 });
    const seen: number[] = [];
    const handle = source.request((t) => seen.push(t));
    expect(handle).toBe(1);
    requested[0]?.(99);
    expect(seen).toEqual([99]);
    source.cancel(7);
    expect(cancelled).toEqual([7]);
    expect(source.now()).toBe(1234.5);
  });

  it('without requestAnimationFrame falls back to timers on a 60 Hz grid', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    vi.stubGlobal('cancelAnimationFrame', undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const source = createBrowserFrameSource();
    const seen: number[] = [];
    const loop = (t: number): void => {
      seen.push(t);
      source.request(loop);
    };
    source.request(loop);
    vi.advanceTimersByTime(51);
    expect(seen).toHaveLength(3);
    // Timers fire on whole milliseconds: at or just after each grid point (16.7, 33.3, 50).
    seen.forEach((t, i) => {
      const grid = ((i + 1) * 1000) / 60;
      expect(t).toBeGreaterThanOrEqual(grid);
      expect(t - grid).toBeLessThan(1);
    });
    const cancelledHandle = source.request(() => seen.push(-1));
    expect(cancelledHandle).toBeLessThan(0);
    source.cancel(cancelledHandle);
    vi.advanceTimersByTime(17);
    expect(seen).not.toContain(-1);
  });

  it('vitest fake timers installed after import drive a default-source scheduler: 100 ms → 16, 32, …, 96', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const scheduler = createFrameScheduler({ refreshRate: 60 });
    const stamps: number[] = [];
    const deltas: number[] = [];
    const off = scheduler.subscribe((f) => {
      stamps.push(f.timestampMs);
      deltas.push(f.deltaSeconds);
    });
    vi.advanceTimersByTime(100);
    expect(stamps).toEqual([16, 32, 48, 64, 80, 96]);
    expect(deltas).toEqual([0, 0.016, 0.016, 0.016, 0.016, 0.016]);
    off();
    expect(scheduler.running).toBe(false);
    vi.advanceTimersByTime(100);
    expect(stamps).toHaveLength(6);
  });
});
