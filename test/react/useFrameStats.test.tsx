import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { FrameProvider, useFrameStats } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter, createDisplay, render, strict } from './helpers.js';

function Meter(props: { intervalMs?: number }) {
  const stats = useFrameStats({ intervalMs: props.intervalMs });
  return <span>{`${stats.frames} frames ${stats.fps.toFixed(1)} fps`}</span>;
}

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

describe('useFrameStats', () => {
  it('publishes at most once per intervalMs: exactly 8 commits over 100 frames of 20 ms with 250 ms', () => {
    const counter = createCommitCounter();
    const view = renderWithFrames(
      <counter.Counted>
        <Meter intervalMs={250} />
      </counter.Counted>,
      { strictMode: true, refreshRate: 50 }, // 20 ms frames: exact in binary floating point
    );
    expect(view.scheduler.subscriberCount).toBe(1);
    const mounted = counter.count;
    for (let i = 0; i < 100; i++) view.advanceFrames(1); // one act per frame: every publish commits
    // Frames at 20, 40 … 2000 ms. A publish needs 250 ms since the last one, and frames come
    // every 20 ms: publishes at 20 (the first frame), 280, 540, 800, 1060, 1320, 1580, 1840.
    expect(counter.count - mounted).toBe(8);
    // The last published snapshot is from the frame at 1840 ms: 92 frames, 91 intervals of 20 ms.
    expect(view.container.textContent).toBe('91 frames 50.0 fps');
    view.unmount();
  });

  it('shows the frame rate of the display', () => {
    const display = createDisplay(50, {}, act);
    const { container, unmount } = render(strict(<FrameProvider scheduler={display.scheduler}><Meter intervalMs={100} /></FrameProvider>));
    display.run(60);
    expect(container.textContent).toMatch(/ 50\.0 fps$/);
    unmount();
  });
});
