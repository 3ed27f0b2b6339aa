import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { FrameProvider, useAdaptiveFramerate, useFrame } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import type { ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { cleanupMounted, createCommitCounter, createDisplay, render, strict } from './helpers.js';

function Hud() {
  const { divisor, frameRate } = useAdaptiveFramerate();
  return <span>{`÷${divisor} ${frameRate} fps`}</span>;
}

/** Makes every frame take `workMs.current` ms of clock time, like a heavy render. */
function Load(props: { source: ManualFrameSource; workMs: { current: number } }) {
  useFrame(() => props.source.setNow(props.source.now() + props.workMs.current), { phase: 'render' });
  return null;
}

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

describe('useAdaptiveFramerate', () => {
  it('steps 60 → 30 Hz under sustained load, holds it, re-renders once per change, and turns off on unmount', () => {
    const display = createDisplay(60, { refreshRate: 60 }, act);
    const workMs = { current: 20 }; // misses every 60 Hz vblank, fits two
    const counter = createCommitCounter();
    const { container, unmount } = render(
      strict(
        <FrameProvider scheduler={display.scheduler}>
          <counter.Counted>
            <Hud />
          </counter.Counted>
          <Load source={display.source} workMs={workMs} />
        </FrameProvider>,
      ),
    );
    expect(container.textContent).toBe('÷1 60 fps');
    const mounted = counter.count;
    display.run(30);
    expect(container.textContent).toBe('÷2 30 fps');
    expect(counter.count).toBe(mounted + 1);
    display.run(100); // 20 ms of work every 33 ms: no alternating back to 60
    expect(container.textContent).toBe('÷2 30 fps');
    expect(counter.count).toBe(mounted + 1);

    workMs.current = 1; // the load is gone: with hysteresis it climbs back
    display.run(200);
    expect(container.textContent).toBe('÷1 60 fps');
    expect(counter.count).toBe(mounted + 2);

    unmount();
    expect(display.scheduler.divisor).toBe(1);
    workMs.current = 20;
    display.scheduler.subscribe(() => display.source.setNow(display.source.now() + 20));
    display.run(30);
    expect(display.scheduler.divisor).toBe(1); // adaptive is off again
  });
});

describe('useAdaptiveFramerate with several hooks on one scheduler', () => {
  it('keeps the adaptive rate on until the last hook unmounts', () => {
    const display = createDisplay(60, { refreshRate: 60 }, act);
    const workMs = { current: 20 };
    const tree = (hudCount: number) =>
      strict(
        <FrameProvider scheduler={display.scheduler}>
          {Array.from({ length: hudCount }, (_, i) => (
            <Hud key={i} />
          ))}
          <Load source={display.source} workMs={workMs} />
        </FrameProvider>,
      );
    const { rerender, unmount } = render(tree(2));
    display.run(12);
    expect(display.scheduler.divisor).toBe(2);
    rerender(tree(1)); // one HUD leaves: the other still wants the adaptive rate
    expect(display.scheduler.divisor).toBe(2);
    rerender(tree(0)); // the last one leaves: off
    expect(display.scheduler.divisor).toBe(1);
    unmount();
  });
});
