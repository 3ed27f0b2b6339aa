import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { FrameProvider, useFrame, useFrameScheduler } from '../../src/index.js';
import { getDefaultScheduler, resetDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { loopOf } from '../../src/scheduler/createFrameScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import type { FrameInfo, FramePhase, FrameScheduler } from '../../src/scheduler/types.js';
import { cleanupMounted, createCommitCounter, createDisplay, render, strict } from './helpers.js';

function Ticker(props: { onFrame: (frame: FrameInfo) => void; phase?: FramePhase; priority?: number }) {
  useFrame(props.onFrame, { phase: props.phase, priority: props.priority });
  return null;
}

afterEach(() => {
  cleanupMounted();
  // The default scheduler is a page-wide singleton: no test may leave a subscriber on it.
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

describe('useFrame', () => {
  it('makes exactly one subscription under StrictMode and runs once per frame', () => {
    const calls: number[] = [];
    const view = renderWithFrames(<Ticker onFrame={(f) => calls.push(f.frameIndex)} />, { strictMode: true });
    expect(view.scheduler.subscriberCount).toBe(1);
    view.advanceFrames(10);
    expect(calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    view.unmount();
  });

  it('never re-renders the component: zero commits over 100 frames', () => {
    const counter = createCommitCounter();
    let frames = 0;
    const view = renderWithFrames(
      <counter.Counted>
        <Ticker onFrame={() => frames++} />
      </counter.Counted>,
      { strictMode: true },
    );
    const afterMount = counter.count;
    for (let i = 0; i < 100; i++) view.advanceFrames(1); // one act per frame: any setState would commit
    expect(frames).toBe(100);
    expect(counter.count).toBe(afterMount);
    view.unmount();
  });

  it('calls the newest callback without resubscribing', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = renderWithFrames(<Ticker onFrame={first} />, { strictMode: true });
    const subscribe = vi.spyOn(loopOf(view.scheduler)!, 'subscribe');
    view.advanceFrames(2);
    view.rerender(<Ticker onFrame={second} />);
    view.advanceFrames(3);
    expect(subscribe).not.toHaveBeenCalled();
    expect(view.scheduler.subscriberCount).toBe(1);
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(3);
    view.unmount();
  });

  it('resubscribes when the phase changes, keeping one subscription', () => {
    const order: string[] = [];
    const tree = (phase: FramePhase) => (
      <>
        <Ticker phase="update" onFrame={() => order.push('update')} />
        <Ticker phase={phase} onFrame={() => order.push('moving')} />
      </>
    );
    const view = renderWithFrames(tree('input'), { strictMode: true });
    view.advanceFrames(1);
    expect(order).toEqual(['moving', 'update']);
    order.length = 0;
    view.rerender(tree('after'));
    expect(view.scheduler.subscriberCount).toBe(2);
    view.advanceFrames(1);
    expect(order).toEqual(['update', 'moving']);
    view.unmount();
  });

  it('leaves no subscriber and no pending frame request after unmount', () => {
    const view = renderWithFrames(<Ticker onFrame={() => undefined} />, { strictMode: true });
    view.advanceFrames(3);
    expect(view.scheduler.running).toBe(true);
    expect(view.source.pendingCount).toBe(1);
    view.unmount();
    expect(view.scheduler.subscriberCount).toBe(0);
    expect(view.scheduler.running).toBe(false);
    expect(view.source.pendingCount).toBe(0);
  });

  it('orders callbacks across components by phase, then priority, then mount order', () => {
    const log: string[] = [];
    const view = renderWithFrames(
      <>
        <Ticker phase="after" onFrame={() => log.push('after')} />
        <Ticker phase="render" onFrame={() => log.push('render')} />
        <Ticker phase="update" priority={5} onFrame={() => log.push('update+5')} />
        <Ticker phase="update" onFrame={() => log.push('update0-a')} />
        <Ticker phase="update" onFrame={() => log.push('update0-b')} />
        <Ticker phase="update" priority={-1} onFrame={() => log.push('update-1')} />
        <Ticker phase="input" onFrame={() => log.push('input')} />
      </>,
      { strictMode: true },
    );
    view.advanceFrames(1);
    expect(log).toEqual(['input', 'update-1', 'update0-a', 'update0-b', 'update+5', 'render', 'after']);
    view.unmount();
  });

  it('id, before and after on the page-wide loop under useFrame alone: a RangeError naming useFrame at render; once the page-wide scheduler exists, they work', () => {
    resetDefaultScheduler();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Named() {
      useFrame(() => undefined, { id: 'player' });
      return null;
    }
    expect(() => render(<Named />)).toThrow(
      /^useFrame: options `id`, `before` and `after` need a <FrameProvider> \(or createFrameScheduler\): the page-wide loop under useFrame alone orders by phase and priority$/,
    );
    cleanupMounted();
    expect(getDefaultScheduler().subscriberCount).toBe(0);
    // getDefaultScheduler() (which every other hook calls) gives the loop its scheduler, ordering included.
    const { unmount } = render(<Named />);
    expect(getDefaultScheduler().subscriberCount).toBe(1);
    unmount();
    resetDefaultScheduler();
  });

  it('uses the default scheduler without a provider', () => {
    let seen: FrameScheduler | null = null;
    function Probe() {
      seen = useFrameScheduler();
      useFrame(() => undefined);
      return null;
    }
    const { unmount } = render(strict(<Probe />));
    expect(seen).toBe(getDefaultScheduler());
    expect(getDefaultScheduler().subscriberCount).toBe(1);
    unmount();
    expect(getDefaultScheduler().subscriberCount).toBe(0);
    expect(getDefaultScheduler().running).toBe(false);
  });
});

describe('FrameProvider', () => {
  it('isolates two providers: each subtree runs on its own frames', () => {
    const a = createDisplay(60, {}, act);
    const b = createDisplay(60, {}, act);
    const framesA = vi.fn();
    const framesB = vi.fn();
    const { unmount } = render(
      strict(
        <>
          <FrameProvider scheduler={a.scheduler}>
            <Ticker onFrame={framesA} />
          </FrameProvider>
          <FrameProvider scheduler={b.scheduler}>
            <Ticker onFrame={framesB} />
            <Ticker onFrame={framesB} />
          </FrameProvider>
        </>,
      ),
    );
    expect(a.scheduler.subscriberCount).toBe(1);
    expect(b.scheduler.subscriberCount).toBe(2);
    a.run(5);
    expect(framesA).toHaveBeenCalledTimes(5);
    expect(framesB).not.toHaveBeenCalled();
    b.run(2);
    expect(framesA).toHaveBeenCalledTimes(5);
    expect(framesB).toHaveBeenCalledTimes(4);
    unmount();
    expect(a.scheduler.subscriberCount + b.scheduler.subscriberCount).toBe(0);
  });

  it('creates its own scheduler from options, applies paused/timeScale changes and destroys it after unmount', async () => {
    const a = createDisplay(50); // 20 ms frames, exact in binary floating point
    const deltas: number[] = [];
    let owned: FrameScheduler | null = null;
    function Probe() {
      owned = useFrameScheduler();
      useFrame((f) => deltas.push(f.deltaSeconds));
      return null;
    }
    const tree = (paused: boolean, timeScale: number) => (
      <FrameProvider source={a.source} paused={paused} timeScale={timeScale} maxDelta={0.1}>
        <Probe />
      </FrameProvider>
    );
    const { rerender, unmount } = render(strict(tree(false, 1)));
    expect(owned).not.toBe(getDefaultScheduler());
    expect(owned!.subscriberCount).toBe(1);
    act(() => a.run(2));
    rerender(strict(tree(false, 0.5)));
    act(() => a.run(1));
    rerender(strict(tree(true, 0.5)));
    act(() => a.run(1));
    expect(deltas).toEqual([0, 0.02, 0.01, 0]);
    expect(owned!.paused).toBe(true);

    const scheduler = owned!;
    const destroy = vi.spyOn(scheduler, 'destroy');
    unmount();
    expect(scheduler.subscriberCount).toBe(0);
    expect(scheduler.running).toBe(false);
    expect(a.source.pendingCount).toBe(0);
    await Promise.resolve(); // destroy is deferred one microtask (StrictMode remounts synchronously)
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('applies a changed maxDelta from the next frame without remounting the subtree; a removed one is 0.25 s again', () => {
    const a = createDisplay(50); // 20 ms frames
    const deltas: number[] = [];
    const instances = new Set<object>();
    function Probe() {
      // One object per mounted instance: a remount would add a second.
      const [instance] = useState(() => ({}));
      instances.add(instance);
      useFrame((f) => deltas.push(f.deltaSeconds));
      return null;
    }
    const tree = (maxDelta: number | undefined) => (
      <FrameProvider source={a.source} maxDelta={maxDelta}>
        <Probe />
      </FrameProvider>
    );
    const stall = () => act(() => a.source.tick(a.source.now() + 400)); // 0.4 s: long, but not throttling
    const { rerender, unmount } = render(tree(0.1));
    act(() => a.run(1));
    stall();
    rerender(tree(0.3));
    stall();
    rerender(tree(undefined));
    stall();
    expect(deltas).toEqual([0, 0.1, 0.3, 0.25]);
    expect(instances.size).toBe(1);
    unmount();
  });

  it('reports clamped gaps to onGap and every frame to onFrame, calling the newest handlers', () => {
    const a = createDisplay(50); // 20 ms frames
    const gaps: number[] = [];
    const framesSeen: number[] = [];
    const laterGaps: number[] = [];
    const tree = (onGap: (gap: { rawDeltaSeconds: number }) => void) => (
      <FrameProvider source={a.source} maxDelta={0.1} onGap={onGap} onFrame={(f) => framesSeen.push(f.frameIndex)}>
        <Ticker onFrame={() => undefined} />
      </FrameProvider>
    );
    const { rerender, unmount } = render(strict(tree((g) => gaps.push(g.rawDeltaSeconds))));
    act(() => a.run(2));
    act(() => a.source.tick(a.source.now() + 1000)); // a one-second stall: clamped to 0.1 s
    rerender(strict(tree((g) => laterGaps.push(g.rawDeltaSeconds))));
    act(() => a.source.tick(a.source.now() + 500));
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toBeCloseTo(1, 9);
    expect(laterGaps).toHaveLength(1);
    expect(laterGaps[0]).toBeCloseTo(0.5, 9);
    expect(framesSeen).toEqual([0, 1, 2, 3]);
    unmount();
  });

  it('keeps its scheduler alive through the StrictMode remount', async () => {
    const a = createDisplay(60);
    const frames = vi.fn();
    let owned: FrameScheduler | null = null;
    function Probe() {
      owned = useFrameScheduler();
      useFrame(frames);
      return null;
    }
    const { unmount } = render(
      strict(
        <FrameProvider source={a.source}>
          <Probe />
        </FrameProvider>,
      ),
    );
    const destroy = vi.spyOn(owned!, 'destroy');
    await Promise.resolve();
    act(() => a.run(3));
    expect(frames).toHaveBeenCalledTimes(3);
    expect(destroy).not.toHaveBeenCalled();
    unmount();
    await Promise.resolve();
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});
