import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { FrameProvider, useFixedTimestep, useFrame, useRefreshRate } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { createManualFrameSource, renderWithFrames, resetDefaultScheduler } from '../../src/testing/index.js';

afterEach(resetDefaultScheduler);

/** Feed the default scheduler `n` frames of a 60 Hz display by hand (no rAF in this test). */
function runDefaultFrames(n: number, startMs = 0) {
  const scheduler = getDefaultScheduler();
  for (let i = 1; i <= n; i++) scheduler.advance(startMs + (i * 1000) / 60);
}

function Hud() {
  const { refreshRate, state } = useRefreshRate();
  return <span>{`${refreshRate} Hz ${state}`}</span>;
}

/** Mount without a provider, so the hooks use the default scheduler. */
function mount(ui: React.ReactNode) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  act(() => root.render(ui));
  return {
    container,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

describe('resetDefaultScheduler', () => {
  it('gives the next test a fresh default scheduler: estimate, clock and frame count start over', () => {
    // "Test 1": a HUD on the default scheduler measures the display.
    const first = getDefaultScheduler();
    const hud = mount(<Hud />);
    act(() => runDefaultFrames(120));
    expect(hud.container.textContent).toBe('60 Hz synced');
    expect(first.frame.elapsedSeconds).toBeCloseTo(119 / 60, 12);
    hud.unmount();

    resetDefaultScheduler();

    // "Test 2": a new scheduler that has measured nothing and run no frame.
    const second = getDefaultScheduler();
    expect(second).not.toBe(first);
    expect(second.refreshRate.state).toBe('measuring');
    expect(second.frame.elapsedSeconds).toBe(0);
    expect(second.frame.frameIndex).toBe(0);
    const again = mount(<Hud />);
    expect(again.container.textContent).toBe('60 Hz measuring');
    again.unmount();
  });

  it('without it, the estimate and the clock leak into the next test (what the reset is for)', () => {
    const hud = mount(<Hud />);
    act(() => runDefaultFrames(120));
    hud.unmount();
    const next = mount(<Hud />);
    expect(next.container.textContent).toBe('60 Hz synced'); // the leak the issue saw
    expect(getDefaultScheduler().frame.elapsedSeconds).toBeGreaterThan(1.9);
    next.unmount();
  });

  it('drops the old scheduler’s subscribers and listeners and cancels its pending frame', () => {
    const first = getDefaultScheduler();
    let calls = 0;
    first.subscribe(() => void calls++);
    let rateChanges = 0;
    first.onRefreshRateChange(() => void rateChanges++);
    expect(first.subscriberCount).toBe(1);
    resetDefaultScheduler();
    expect(first.subscriberCount).toBe(0);
    expect(first.running).toBe(false);
    for (let i = 1; i <= 120; i++) first.advance((i * 1000) / 60);
    expect(calls).toBe(0);
    expect(rateChanges).toBe(0);
  });

  it('does nothing when no default scheduler exists, and may be called twice', () => {
    resetDefaultScheduler();
    expect(() => resetDefaultScheduler()).not.toThrow();
    const created = getDefaultScheduler();
    expect(getDefaultScheduler()).toBe(created);
  });
});

describe('renderWithFrames with a <FrameProvider> inside the tree', () => {
  function Game({ log }: { log: number[] }) {
    useFixedTimestep({ step: 1 / 60, update: (dt) => void log.push(dt) });
    return null;
  }

  it('drives the provider’s own scheduler from the simulated display (with its own time scale)', () => {
    const log: number[] = [];
    const view = renderWithFrames(
      <FrameProvider timeScale={0.5}>
        <Game log={log} />
      </FrameProvider>,
      { strictMode: true },
    );
    view.advanceFrames(1); // time zero
    view.advanceFrames(60); // one real second = half a second of game time
    expect(log).toHaveLength(30);
    view.unmount();
    expect(view.source.pendingCount).toBe(0);
  });

  it('runs a nested provider and the outer tree on the same vblanks', () => {
    const outer: number[] = [];
    const inner: number[] = [];
    function Stamp({ into }: { into: number[] }) {
      useFrame((f) => void into.push(f.timestampMs));
      return null;
    }
    const view = renderWithFrames(
      <>
        <Stamp into={outer} />
        <FrameProvider paused>
          <Stamp into={inner} />
        </FrameProvider>
      </>,
      { refreshRate: 50 },
    );
    view.advanceFrames(3);
    expect(outer).toEqual([20, 40, 60]);
    expect(inner).toEqual([20, 40, 60]);
    view.unmount();
  });

  it('leaves a provider that was given its own source on that source', () => {
    const own = createManualFrameSource({ refreshRate: 100 });
    const stamps: number[] = [];
    function Stamp() {
      useFrame((f) => void stamps.push(f.timestampMs));
      return null;
    }
    const view = renderWithFrames(
      <FrameProvider source={own}>
        <Stamp />
      </FrameProvider>,
    );
    view.advanceFrames(2);
    expect(stamps).toEqual([]);
    act(() => own.advanceFrames(2));
    expect(stamps).toEqual([10, 20]);
    view.unmount();
  });
});
