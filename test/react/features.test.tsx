// Refresh detection and the adaptive frame rate cost nothing until something asks: the scheduler
// starts them itself (subscribe, listeners, setAdaptive), never while a hook renders.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { loopOf } from '../../src/scheduler/createFrameScheduler.js';
import { getDefaultScheduler, resetDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { FrameScheduler } from '../../src/scheduler/types.js';
import { cleanupMounted, render, strict } from './helpers.js';

// A fresh page-wide loop for each test: in a shared page an earlier file may have started its detection.
beforeEach(resetDefaultScheduler);
afterEach(() => {
  cleanupMounted();
  resetDefaultScheduler();
});

const AT_144_MS = 1000 / 144;

function leanDisplay(): { loop: FrameScheduler; source: ReturnType<typeof createManualFrameSource>; run(frames: number): void } {
  const source = createManualFrameSource({ startMs: 0 });
  const loop = createFrameScheduler({ source });
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

describe('features the scheduler starts when hooks ask for them', () => {
  it('useFrame alone leaves the page-wide loop without detection; useRefreshRate starts it after commit and shows the display', () => {
    render(strict(<Spinner />));
    const host = loopOf(getDefaultScheduler())!;
    expect(host.timing).toBe(null);
    const display = leanDisplay();
    const { container } = render(
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

  const showing: Array<[string, () => null]> = [
    ['useRefreshRate', () => (useRefreshRate(), null)],
    ['useRefreshRate without measuring', () => (useRefreshRate({ measure: false }), null)],
    ['useAdaptiveFramerate', () => (useAdaptiveFramerate(), null)],
    ['useFrameStats', () => (useFrameStats(), null)],
    ['useSmoothedDelta', () => (useSmoothedDelta(() => undefined), null)],
    ['useSyncedUpdate', () => (useSyncedUpdate(() => undefined), null)],
  ];
  for (const [name, Component] of showing) {
    it(`${name} starts nothing while rendering; the scheduler starts detection once its effects ran`, () => {
      const display = leanDisplay();
      const host = loopOf(display.loop)!;
      const seenInRender: unknown[] = [];
      // Rendered right after the hook's component, in the same render pass.
      function After() {
        seenInRender.push(host.timing);
        return null;
      }
      render(
        <FrameProvider scheduler={display.loop}>
          <Component />
          <After />
        </FrameProvider>,
      );
      expect(seenInRender).toEqual([null]);
      expect(host.timing).not.toBe(null);
    });
  }

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

  it('useAdaptiveFramerate turns the adaptive rate on: 20 ms of work on a 144 Hz display steps down', () => {
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
