import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { FrameProvider, useRefreshRate } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { cleanupMounted, createCommitCounter, createDisplay, render, strict } from './helpers.js';

function RateBadge() {
  const { refreshRate, synced, state } = useRefreshRate();
  return <span>{`${refreshRate} Hz ${state} ${synced ? 'synced' : 'unsynced'}`}</span>;
}

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

describe('useRefreshRate', () => {
  it('keeps the loop measuring with one subscription, or none with measure: false', () => {
    function Quiet() {
      useRefreshRate({ measure: false });
      return null;
    }
    const view = renderWithFrames(<RateBadge />, { strictMode: true });
    expect(view.scheduler.subscriberCount).toBe(1);
    expect(view.scheduler.running).toBe(true);
    view.rerender(<Quiet />);
    expect(view.scheduler.subscriberCount).toBe(0);
    expect(view.scheduler.running).toBe(false);
    view.unmount();
  });

  it('re-renders only when the detected rate changes: 60 Hz, then a 144 Hz monitor', () => {
    const display = createDisplay(60, {}, act);
    const counter = createCommitCounter();
    const { container, unmount } = render(
      strict(
        <FrameProvider scheduler={display.scheduler}>
          <counter.Counted>
            <RateBadge />
          </counter.Counted>
        </FrameProvider>,
      ),
    );
    display.run(100);
    expect(container.textContent).toBe('60 Hz synced synced');
    const settledAt60 = counter.count;
    display.run(100); // steady display: no re-render at all
    expect(counter.count).toBe(settledAt60);

    display.setRefreshRate(144);
    display.run(200);
    expect(container.textContent).toBe('144 Hz synced synced');
    const settledAt144 = counter.count;
    expect(settledAt144).toBeGreaterThan(settledAt60);
    // One commit per change the scheduler reported (rate, sync or state), nothing per frame.
    expect(settledAt144 - settledAt60).toBeLessThanOrEqual(4);
    display.run(200);
    expect(counter.count).toBe(settledAt144);
    unmount();
    expect(display.scheduler.subscriberCount).toBe(0);
  });

  it('shows a change of throttled rate on the same display: battery saver 30 Hz, then 20 Hz, on 60', () => {
    function ThrottleBadge() {
      const { state, refreshRate, throttledRate } = useRefreshRate();
      return <span>{`${state} ${throttledRate} on ${refreshRate}`}</span>;
    }
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source });
    const counter = createCommitCounter();
    const { container, unmount } = render(
      strict(
        <FrameProvider scheduler={scheduler}>
          <counter.Counted>
            <ThrottleBadge />
          </counter.Counted>
        </FrameProvider>,
      ),
    );
    let vblank = 0;
    const run = (every: number, frames: number) => {
      for (let i = 0; i < frames; i++) act(() => source.tick(((vblank += every) * 1000) / 60));
    };
    run(1, 60);
    run(2, 60);
    expect(container.textContent).toBe('throttled 30 on 60');
    const at30 = counter.count;
    run(3, 60);
    expect(container.textContent).toBe('throttled 20 on 60');
    expect(counter.count - at30).toBeLessThanOrEqual(2);
    unmount();
  });

  it('reports a configured rate without measuring and keeps the same snapshot object', () => {
    const snapshots: object[] = [];
    function Probe() {
      snapshots.push(useRefreshRate());
      return null;
    }
    const view = renderWithFrames(<Probe />, { strictMode: true, refreshRate: 75 });
    view.rerender(<Probe />);
    expect(new Set(snapshots).size).toBe(1);
    expect(snapshots[0]).toMatchObject({ refreshRate: 60, state: 'measuring' }); // the manual display rate is measured, not configured
    view.unmount();

    const fixed: object[] = [];
    function FixedProbe() {
      fixed.push(useRefreshRate());
      return null;
    }
    const display = createDisplay(75, { refreshRate: 75 }, act);
    const { unmount } = render(strict(<FrameProvider scheduler={display.scheduler}><FixedProbe /></FrameProvider>));
    display.run(50);
    expect(fixed[fixed.length - 1]).toMatchObject({ refreshRate: 75, synced: true, state: 'synced' });
    expect(new Set(fixed).size).toBe(1);
    unmount();
  });
});
