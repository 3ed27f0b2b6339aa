// Refresh detection and the adaptive frame rate cost nothing until a hook needs them: the default
// scheduler is a createFrameLoop, and the hooks that read the rate install detection themselves.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import {
  FrameProvider,
  useAdaptiveFramerate,
  useFixedTimestep,
  useFrame,
  useFrameStats,
  useRefreshRate,
  useSmoothedDelta,
  useSyncedUpdate,
} from '../../src/index.js';
import { createFrameLoop } from '../../src/scheduler/createFrameLoop.js';
import { getDefaultScheduler, resetDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { createManualSource } from '../../src/scheduler/manualSource.js';
import type { FrameScheduler } from '../../src/scheduler/types.js';
import { cleanupMounted, render, strict } from './helpers.js';

afterEach(() => {
  cleanupMounted();
  resetDefaultScheduler();
});

const AT_144_MS = 1000 / 144;

function leanDisplay(): { loop: FrameScheduler; source: ReturnType<typeof createManualSource>; run(frames: number): void } {
  const source = createManualSource(0);
  const loop = createFrameLoop({ source });
  let k = 0;
  return {
    loop,
    source,
    run(frames) {
      for (let i = 0; i < frames; i++) {
        k++;
        act(() => source.tick(k * AT_144_MS));
      }
    },
  };
}

function Spinner() {
  useFrame(() => undefined);
  return null;
}

function RateBadge() {
  const { refreshRate, state } = useRefreshRate();
  return <span>{`${refreshRate} Hz ${state}`}</span>;
}

describe('features installed by the hooks that need them', () => {
  it('the default scheduler is a loop without detection or the adaptive rate', () => {
    const scheduler = getDefaultScheduler();
    expect(() => scheduler.setAdaptive(true)).toThrow(/setAdaptive: not installed on this createFrameLoop/);
    scheduler.subscribe(() => undefined);
    for (let i = 0; i < 100; i++) scheduler.advance(i * AT_144_MS);
    expect(scheduler.refreshRate.state).toBe('measuring');
  });

  it('useFrame alone leaves detection off; mounting useRefreshRate turns it on and shows the display', () => {
    const display = leanDisplay();
    const { container, rerender } = render(
      strict(
        <FrameProvider scheduler={display.loop}>
          <Spinner />
        </FrameProvider>,
      ),
    );
    display.run(150);
    expect(display.loop.refreshRate.state).toBe('measuring');
    expect(display.loop.frame.refreshRate).toBe(60);
    rerender(
      strict(
        <FrameProvider scheduler={display.loop}>
          <Spinner />
          <RateBadge />
        </FrameProvider>,
      ),
    );
    display.run(150);
    expect(container.textContent).toBe('144 Hz synced');
    expect(display.loop.frame.refreshRate).toBe(144);
  });

  const needsRate: Array<[string, () => null]> = [
    [
      'useSmoothedDelta',
      () => {
        useSmoothedDelta(() => undefined);
        return null;
      },
    ],
    [
      'useSyncedUpdate',
      () => {
        useSyncedUpdate(() => undefined);
        return null;
      },
    ],
    [
      'useFrameStats',
      () => {
        useFrameStats();
        return null;
      },
    ],
    [
      "useFixedTimestep with 'predicted' interpolation",
      () => {
        useFixedTimestep({ step: 1 / 60, update: () => undefined, interpolation: 'predicted' });
        return null;
      },
    ],
    [
      // The clock counts steps on the detected display's vblank grid (robust to timestamp noise).
      "useFixedTimestep with 'previous' interpolation",
      () => {
        useFixedTimestep({ step: 1 / 60, update: () => undefined });
        return null;
      },
    ],
  ];
  for (const [name, Component] of needsRate) {
    it(`${name} turns detection on`, () => {
      const display = leanDisplay();
      render(
        <FrameProvider scheduler={display.loop}>
          <Component />
        </FrameProvider>,
      );
      display.run(150);
      expect(display.loop.refreshRate).toMatchObject({ refreshRate: 144, state: 'synced' });
    });
  }

  const needsNoRate: Array<[string, () => null]> = [
    [
      'useSmoothedDelta with a refreshRate',
      () => {
        useSmoothedDelta(() => undefined, { refreshRate: 144 });
        return null;
      },
    ],
  ];
  for (const [name, Component] of needsNoRate) {
    it(`${name} leaves detection off`, () => {
      const display = leanDisplay();
      render(
        <FrameProvider scheduler={display.loop}>
          <Component />
        </FrameProvider>,
      );
      display.run(150);
      expect(display.loop.refreshRate.state).toBe('measuring');
    });
  }

  it('useAdaptiveFramerate installs the adaptive rate: 20 ms of work on a 144 Hz display steps down', () => {
    const display = leanDisplay();
    function Hud() {
      const { divisor } = useAdaptiveFramerate({ maxDivisor: 4 });
      return <span>{divisor}</span>;
    }
    function Work() {
      // Each frame's work moves the clock on by 20 ms.
      useFrame(() => display.source.setNow(display.source.now() + 20));
      return null;
    }
    const { container } = render(
      <FrameProvider scheduler={display.loop}>
        <Work />
        <Hud />
      </FrameProvider>,
    );
    expect(container.textContent).toBe('1');
    display.run(300);
    // 20 ms of work spans three 6.94 ms intervals: the rate holds each picture three vblanks or more.
    expect(display.loop.divisor).toBeGreaterThanOrEqual(3);
    expect(container.textContent).toBe(String(display.loop.divisor));
  });
});
