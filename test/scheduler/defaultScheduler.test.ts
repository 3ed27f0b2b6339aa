import { afterEach, describe, expect, it, vi } from 'vitest';
import { installAnimationFramePlaceholders } from './helpers.js';

installAnimationFramePlaceholders();

// The default loop lives here; its `scheduler` is the FrameScheduler getDefaultScheduler() returns.
const KEY = Symbol.for('react-timestep.default-loop');
type Holder = { [KEY]?: { scheduler?: unknown } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('getDefaultScheduler', () => {
  it('importing creates nothing and touches no window (SSR safe)', async () => {
    vi.resetModules();
    vi.stubGlobal('requestAnimationFrame', undefined); // as on a server
    let windowReads = 0;
    Object.defineProperty(globalThis, 'window', {
      configurable: true,
      get() {
        windowReads++;
        return undefined;
      },
    });
    try {
      const module = await import('../../src/scheduler/index.js');
      expect((globalThis as Holder)[KEY]).toBeUndefined();
      const scheduler = module.getDefaultScheduler();
      const off = scheduler.subscribe(() => {});
      off();
      expect(windowReads).toBe(0);
    } finally {
      delete (globalThis as { window?: unknown }).window;
      delete (globalThis as Holder)[KEY];
    }
  });

  it('returns one instance, stored on globalThis, shared by two copies of the module', async () => {
    const first = await import('../../src/scheduler/defaultScheduler.js');
    vi.resetModules();
    const second = await import('../../src/scheduler/defaultScheduler.js');
    expect(second.getDefaultScheduler).not.toBe(first.getDefaultScheduler);
    const a = first.getDefaultScheduler();
    expect(first.getDefaultScheduler()).toBe(a);
    expect(second.getDefaultScheduler()).toBe(a);
    expect((globalThis as Holder)[KEY]?.scheduler).toBe(a);
    delete (globalThis as Holder)[KEY];
  });

  it('runs on the browser source, so fake timers drive it', async () => {
    const { getDefaultScheduler } = await import('../../src/scheduler/defaultScheduler.js');
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const scheduler = getDefaultScheduler();
    const stamps: number[] = [];
    const off = scheduler.subscribe((f) => stamps.push(f.timestampMs));
    vi.advanceTimersByTime(50);
    off();
    expect(stamps).toEqual([16, 32, 48]);
    expect(scheduler.running).toBe(false);
    delete (globalThis as Holder)[KEY];
  });
});
