// Long Animation Frames and Event Timing in the overlay and in recordTiming, on a stand-in
// PerformanceObserver (happy-dom's, Node's, has neither entry type: there both read "not available").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { FrameTimingOverlay, recordTiming } from '../../src/devtools/index.js';
import { createFrameScheduler } from '../../src/index.js';
import { createManualFrameSource, replayTiming } from '../../src/testing/index.js';
import { lines, newestCtx, overlayTestSetup } from './overlayHelpers.js';

type Callback = (list: { getEntries(): unknown[] }) => void;

/** A PerformanceObserver that has both entry types; `emit` delivers entries to whoever observes the type. */
class FakeObserver {
  static supportedEntryTypes = ['long-animation-frame', 'event', 'mark'];
  static live = new Set<FakeObserver>();
  options: { type: string; durationThreshold?: number } | null = null;
  queued: unknown[] = [];
  constructor(private readonly callback: Callback) {}
  observe(options: { type: string; durationThreshold?: number }): void {
    this.options = options;
    FakeObserver.live.add(this);
  }
  takeRecords(): unknown[] {
    return this.queued.splice(0);
  }
  disconnect(): void {
    FakeObserver.live.delete(this);
  }
  /** Deliver now (`queue`: leave them waiting, as a browser does until its next delivery). */
  static emit(type: string, entries: unknown[], queue = false): void {
    for (const o of FakeObserver.live) {
      if (o.options?.type !== type) continue;
      if (queue) o.queued.push(...entries);
      else o.callback({ getEntries: () => entries });
    }
  }
  static observing(type: string): number {
    return [...FakeObserver.live].filter((o) => o.options?.type === type).length;
  }
}

const longFrame = {
  startTime: 1000,
  duration: 123.4,
  blockingDuration: 73.4,
  scripts: [
    { sourceURL: 'https://game.example/js/physics.js?v=3', sourceFunctionName: 'stepWorld', invoker: 'FrameRequestCallback', invokerType: 'user-callback', startTime: 1001, duration: 110.2 },
    { sourceURL: 'https://game.example/js/ui.js', sourceFunctionName: 'onClick', invoker: 'BUTTON.onclick', invokerType: 'event-listener', startTime: 1112, duration: 6 },
  ],
};
/** Input delays 1 … 20 ms. */
const events = Array.from({ length: 20 }, (_, i) => ({ name: i % 2 ? 'keydown' : 'pointerdown', startTime: 2000 + i * 50, processingStart: 2000 + i * 50 + i + 1, processingEnd: 2000 + i * 50 + i + 3, duration: 24 }));

const { mount } = overlayTestSetup();
afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.live.clear();
});

describe('long frames and input delay', () => {
  it('where the browser has neither (happy-dom, Firefox, WebKit): the overlay says "not available"', () => {
    const view = mount(<FrameTimingOverlay />);
    view.advanceFrames(20);
    expect(lines(newestCtx()).longFrames).toBe('long frames: not available');
    expect(lines(newestCtx()).inputDelay).toBe('input delay: not available');
  });

  it('the overlay shows how many frames were long, the worst one (its longest script ran longest) with that script, and p50 / p95 input delay', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const view = mount(<FrameTimingOverlay />);
    view.advanceFrames(20);
    expect(lines(newestCtx()).longFrames).toBe('long frames 0');
    expect(lines(newestCtx()).inputDelay).toBe('input delay: no slow event yet');
    // Event Timing is asked for events of 16 ms or more (its least threshold).
    expect([...FakeObserver.live].find((o) => o.options?.type === 'event')?.options?.durationThreshold).toBe(16);
    // A long frame with no script of 5 ms or more (layout, GC): the worst while it is the only one.
    act(() => FakeObserver.emit('long-animation-frame', [{ startTime: 500, duration: 64, blockingDuration: 14, scripts: [] }]));
    view.advanceFrames(20);
    expect(lines(newestCtx()).longFrames).toBe('long frames 1, worst 64 ms, no script of 5 ms or more (style, layout, paint or GC)');
    act(() => {
      FakeObserver.emit('long-animation-frame', [longFrame]);
      FakeObserver.emit('event', events);
    });
    view.advanceFrames(20);
    expect(lines(newestCtx()).longFrames).toBe('long frames 2, worst 123 ms: FrameRequestCallback stepWorld (physics.js) 110 ms');
    // Nearest rank over 1 … 20 ms: the 10th and the 19th.
    expect(lines(newestCtx()).inputDelay).toBe('input delay p50 10.0  p95 19.0 ms (20)');
    // A longer frame whose scripts ran shorter is counted, and the worst script stays named.
    act(() => FakeObserver.emit('long-animation-frame', [{ startTime: 3000, duration: 300, blockingDuration: 250, scripts: [{ ...longFrame.scripts[1], duration: 40 }] }]));
    view.advanceFrames(20);
    expect(lines(newestCtx()).longFrames).toBe('long frames 3, worst 123 ms: FrameRequestCallback stepWorld (physics.js) 110 ms');
  });

  it('hidden by its toggle key or unmounted, the overlay observes nothing', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const view = mount(<FrameTimingOverlay />);
    expect(FakeObserver.observing('long-animation-frame')).toBe(1);
    expect(FakeObserver.observing('event')).toBe(1);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Backquote' })));
    expect(FakeObserver.live.size).toBe(0);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Backquote' })));
    expect(FakeObserver.live.size).toBe(2);
    view.rerender(null);
    expect(FakeObserver.live.size).toBe(0);
  });

  it('recordTiming keeps them in the recording (those still queued at stop too), and the recording replays', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    const recorder = recordTiming({ scheduler });
    const unsubscribe = scheduler.subscribe(() => undefined);
    source.advanceFrames(5);
    FakeObserver.emit('long-animation-frame', [longFrame]);
    FakeObserver.emit('event', events.slice(0, 15));
    FakeObserver.emit('event', events.slice(15), true);
    source.advanceFrames(5);
    const recording = recorder.stop();
    unsubscribe();
    expect(FakeObserver.live.size).toBe(0);
    expect(recording.longFrames).toEqual([
      {
        startMs: 1000,
        durationMs: 123.4,
        blockingMs: 73.4,
        scripts: [
          { sourceURL: 'https://game.example/js/physics.js?v=3', sourceFunctionName: 'stepWorld', invoker: 'FrameRequestCallback', invokerType: 'user-callback', startMs: 1001, durationMs: 110.2 },
          { sourceURL: 'https://game.example/js/ui.js', sourceFunctionName: 'onClick', invoker: 'BUTTON.onclick', invokerType: 'event-listener', startMs: 1112, durationMs: 6 },
        ],
      },
    ]);
    expect(recording.eventTimings).toHaveLength(20);
    expect(recording.eventTimings![4]).toEqual({ type: 'pointerdown', startMs: 2200, inputDelayMs: 5, processingMs: 2, durationMs: 24 });
    const replay = replayTiming(JSON.parse(JSON.stringify(recording)), null);
    replay.finish();
    expect(replay.frameIndex).toBe(10);
    replay.unmount();
    scheduler.destroy();
  });

  it('recordTiming without them (happy-dom) leaves the fields out', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    const recording = recordTiming({ scheduler }).stop();
    expect('longFrames' in recording).toBe(false);
    expect('eventTimings' in recording).toBe(false);
    scheduler.destroy();
  });
});
