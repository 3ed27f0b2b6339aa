import { afterEach, describe, expect, it } from 'vitest';
import { useRef } from 'react';
import { useFixedTimestep, useFrame, useFrameScheduler, useRefreshRate } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/index.js';

afterEach(() => {
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

function Counter() {
  const frames = useRef(0);
  const box = useRef<HTMLSpanElement>(null);
  useFrame(() => {
    frames.current++;
    box.current!.textContent = String(frames.current);
  });
  return <span ref={box}>0</span>;
}

describe('renderWithFrames', () => {
  it('mounts under a provider whose scheduler is driven only by advanceFrames/advanceTime', () => {
    const view = renderWithFrames(<Counter />, { strictMode: true });
    expect(view.container.parentNode).toBe(document.body);
    expect(view.scheduler.subscriberCount).toBe(1);
    expect(view.container.textContent).toBe('0');
    view.advanceFrames(5);
    expect(view.container.textContent).toBe('5');
    expect(view.source.frameCount).toBe(5);
    // From 83.3 ms (the 5th vblank) 90 ms on: vblanks at 100, 116.7, 133.3, 150 and 166.7 ms.
    view.advanceTime(90);
    expect(view.container.textContent).toBe('10');
    expect(view.source.now()).toBeCloseTo(5000 / 60 + 90, 9);
    view.unmount();
    expect(view.container.parentNode).toBeNull();
    expect(view.scheduler.subscriberCount).toBe(0);
    expect(view.source.pendingCount).toBe(0);
  });

  it('uses the refresh rate, jitter and seed of the simulated display', () => {
    const stamps: number[] = [];
    function Stamps() {
      useFrame((f) => void stamps.push(f.timestampMs));
      return null;
    }
    const a = renderWithFrames(<Stamps />, { strictMode: true, refreshRate: 50, jitterMs: 2, seed: 9 });
    a.advanceFrames(4);
    a.unmount();
    const first = stamps.splice(0);
    const b = renderWithFrames(<Stamps />, { strictMode: true, refreshRate: 50, jitterMs: 2, seed: 9 });
    b.advanceFrames(4);
    b.unmount();
    expect(stamps).toEqual(first); // same seed, same frames
    first.forEach((t, i) => expect(Math.abs(t - (i + 1) * 20)).toBeLessThan(2));
    expect(new Set(first.map((t, i) => t - (i + 1) * 20)).size).toBeGreaterThan(1); // jitter is there
  });

  it('passes scheduler options through and flushes re-renders caused by frames', () => {
    let info: { paused: boolean; timeScale: number } | null = null;
    function Probe() {
      const scheduler = useFrameScheduler();
      info = { paused: scheduler.paused, timeScale: scheduler.timeScale };
      const { refreshRate, state } = useRefreshRate();
      return <span>{`${refreshRate} ${state}`}</span>;
    }
    const view = renderWithFrames(<Probe />, { strictMode: true, refreshRate: 144, timeScale: 0.25, paused: true });
    expect(info).toEqual({ paused: true, timeScale: 0.25 });
    expect(view.container.textContent).toBe('60 measuring');
    view.advanceFrames(120);
    expect(view.container.textContent).toBe('144 synced'); // re-rendered inside act
    view.unmount();
  });

  it('rerenders under the same provider and counts exact fixed steps', () => {
    let updates = 0;
    function Game(props: { step: number }) {
      useFixedTimestep({ step: props.step, update: () => void updates++ });
      return null;
    }
    const view = renderWithFrames(<Game step={1 / 60} />, { strictMode: true });
    const scheduler = view.scheduler;
    view.advanceFrames(61);
    expect(updates).toBe(60);
    view.rerender(<Game step={1 / 30} />);
    expect(view.scheduler).toBe(scheduler);
    view.advanceFrames(61); // a new time zero, then one second of 1/30 s steps
    expect(updates).toBe(90);
    view.unmount();
    view.unmount(); // idempotent
  });

  it('mounts into a given container and leaves it in place', () => {
    const host = document.body.appendChild(document.createElement('section'));
    const view = renderWithFrames(<Counter />, { container: host });
    expect(view.container).toBe(host);
    view.advanceFrames(2);
    expect(host.textContent).toBe('2');
    view.unmount();
    expect(host.parentNode).toBe(document.body);
    expect(host.textContent).toBe('');
    host.remove();
  });
});
