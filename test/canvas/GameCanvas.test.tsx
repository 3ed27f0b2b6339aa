import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createRef } from 'react';
import { FrameProvider, GameCanvas } from '../../src/index.js';
import type { FixedClock, GameCanvasSize } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter, createDisplay, render, strict } from '../react/helpers.js';
import { stubCanvasContext } from './fakeCanvas.js';
import type { FakeContext } from './fakeCanvas.js';

let contexts: FakeContext[];
function setPixelRatio(ratio: number) {
  vi.stubGlobal('devicePixelRatio', ratio);
}

/** Observers happy-dom would never fire: we fire them by hand. */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(public callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  resize(width: number, height: number) {
    act(() => this.callback([{ contentRect: { width, height } } as ResizeObserverEntry], this as unknown as ResizeObserver));
  }
}

class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  disconnected = false;
  constructor(public callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe() {}
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  show(visible: boolean) {
    act(() => this.callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  contexts = stubCanvasContext().contexts;
  FakeResizeObserver.instances = [];
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  setPixelRatio(1);
});

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const noop = () => undefined;

describe('<GameCanvas>', () => {
  it('is an accessible image with a default label, forwards its ref and passes className/style', () => {
    const ref = createRef<HTMLCanvasElement>();
    const view = renderWithFrames(<GameCanvas ref={ref} className="game" style={{ border: '1px solid' }} width={100} height={50} update={noop} render={noop} />, {
      strictMode: true,
    });
    const canvas = view.container.querySelector('canvas')!;
    expect(ref.current).toBe(canvas);
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toBe('Game canvas');
    expect(canvas.className).toBe('game');
    expect(canvas.style.border).toBe('1px solid');
    view.rerender(<GameCanvas ref={ref} aria-label="Asteroids" width={100} height={50} update={noop} render={noop} />);
    expect(canvas.getAttribute('aria-label')).toBe('Asteroids');
    view.unmount();
  });

  it('sizes the drawing buffer from width/height and the pixel ratio capped by maxPixelRatio', () => {
    setPixelRatio(3);
    const view = renderWithFrames(<GameCanvas width={300} height={150} update={noop} render={noop} />, { strictMode: true });
    const canvas = view.container.querySelector('canvas')!;
    expect([canvas.width, canvas.height]).toEqual([600, 300]); // default cap 2
    expect([canvas.style.width, canvas.style.height]).toEqual(['300px', '150px']);
    view.rerender(<GameCanvas width={300} height={150} maxPixelRatio={1.5} update={noop} render={noop} />);
    expect([canvas.width, canvas.height]).toEqual([450, 225]);
    view.rerender(<GameCanvas width={300} height={150} maxPixelRatio={4} update={noop} render={noop} />);
    expect([canvas.width, canvas.height]).toEqual([900, 450]);
    view.unmount();
  });

  it('pre-scales the 2d context so render draws in CSS pixels, and hands render the size', () => {
    setPixelRatio(2);
    const sizes: GameCanvasSize[] = [];
    const view = renderWithFrames(
      <GameCanvas width={200} height={100} update={noop} render={(_alpha, _frame, { size }) => void sizes.push({ ...size })} />,
      { strictMode: true },
    );
    view.advanceFrames(2);
    const ctx = contexts[contexts.length - 1]!;
    expect(ctx.canvas).toBe(view.container.querySelector('canvas'));
    expect(ctx.setTransform).toHaveBeenCalledTimes(2);
    expect(ctx.setTransform).toHaveBeenLastCalledWith(2, 0, 0, 2, 0, 0);
    expect(sizes[1]).toEqual({ width: 200, height: 100, pixelRatio: 2, pixelWidth: 400, pixelHeight: 200 });
    view.unmount();
  });

  it('fills its parent: follows ResizeObserver and disconnects it on unmount', () => {
    setPixelRatio(2);
    const sizes: GameCanvasSize[] = [];
    const view = renderWithFrames(<GameCanvas update={noop} render={(_a, _f, { size }) => void sizes.push({ ...size })} />, { strictMode: true });
    const canvas = view.container.querySelector('canvas')!;
    expect(canvas.style.width).toBe('100%');
    const live = FakeResizeObserver.instances.filter((o) => !o.disconnected);
    expect(live).toHaveLength(1); // StrictMode's first observer was disconnected
    expect(live[0]!.observed).toEqual([canvas]);
    live[0]!.resize(640, 360);
    expect([canvas.width, canvas.height]).toEqual([1280, 720]);
    view.advanceFrames(1);
    expect(sizes[0]).toMatchObject({ width: 640, height: 360, pixelWidth: 1280, pixelHeight: 720 });
    view.unmount();
    expect(FakeResizeObserver.instances.every((o) => o.disconnected)).toBe(true);
  });

  it('a resize between frames draws the last frame again at once (the cleared buffer is never painted), with its alpha and frame, and no step', () => {
    const draws: Array<{ alpha: number; frameIndex: number; pixelWidth: number; bufferWidth: number; clearedFirst: boolean }> = [];
    let updates = 0;
    let canvas: HTMLCanvasElement | null = null;
    const render = (alpha: number, frame: { frameIndex: number }, { ctx, size }: { ctx: CanvasRenderingContext2D; size: GameCanvasSize }) => {
      const fake = ctx as unknown as { clearRect: { mock: { calls: unknown[] } } };
      draws.push({ alpha, frameIndex: frame.frameIndex, pixelWidth: size.pixelWidth, bufferWidth: canvas!.width, clearedFirst: fake.clearRect.mock.calls.length === draws.length + 1 });
    };
    const view = renderWithFrames(<GameCanvas step={1 / 50} update={() => void updates++} render={render} />, { strictMode: true });
    canvas = view.container.querySelector('canvas')!;
    const observer = FakeResizeObserver.instances.filter((o) => !o.disconnected)[0]!;
    // Before the first frame there is nothing to draw again.
    observer.resize(320, 180);
    expect(draws).toHaveLength(0);
    view.advanceFrames(4);
    const last = draws.at(-1)!;
    const stepsBefore = updates;
    observer.resize(640, 360);
    expect(draws).toHaveLength(5);
    expect(draws[4]).toEqual({ alpha: last.alpha, frameIndex: last.frameIndex, pixelWidth: 640, bufferWidth: 640, clearedFirst: true });
    expect(updates).toBe(stepsBefore);
    // The same size again leaves the buffer (and the picture) alone.
    observer.resize(640, 360);
    expect(draws).toHaveLength(5);
    view.unmount();
  });

  it('works without ResizeObserver and IntersectionObserver (older browsers, test DOMs)', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    vi.stubGlobal('IntersectionObserver', undefined);
    let updates = 0;
    const view = renderWithFrames(<GameCanvas pauseWhenOffscreen update={() => void updates++} render={noop} />, { strictMode: true });
    view.advanceFrames(4);
    expect(updates).toBe(3);
    view.unmount();
  });

  it('keeps simulating without a drawing context and skips render', () => {
    vi.restoreAllMocks();
    const render = vi.fn();
    let updates = 0;
    const view = renderWithFrames(<GameCanvas width={10} height={10} update={() => void updates++} render={render} />, { strictMode: true });
    view.advanceFrames(3);
    expect(updates).toBe(2);
    expect(render).not.toHaveBeenCalled();
    view.unmount();
  });

  it('pauses with `paused` and while offscreen with `pauseWhenOffscreen`', () => {
    let updates = 0;
    const update = () => void updates++;
    const view = renderWithFrames(<GameCanvas width={10} height={10} pauseWhenOffscreen update={update} render={noop} />, { strictMode: true });
    view.advanceFrames(3);
    expect(updates).toBe(2);
    const observer = FakeIntersectionObserver.instances.filter((o) => !o.disconnected)[0]!;
    observer.show(false);
    view.advanceFrames(10);
    expect(updates).toBe(2);
    observer.show(true);
    view.advanceFrames(3);
    expect(updates).toBe(4); // resume point, then two steps
    view.rerender(<GameCanvas width={10} height={10} paused pauseWhenOffscreen update={update} render={noop} />);
    view.advanceFrames(5);
    expect(updates).toBe(4);
    view.unmount();
    expect(FakeIntersectionObserver.instances.every((o) => o.disconnected)).toBe(true);
  });

  it('cleans everything up on unmount: no subscriber, no pending frame', () => {
    const display = createDisplay(60, {}, act);
    const { unmount } = render(strict(<FrameProvider scheduler={display.scheduler}><GameCanvas width={10} height={10} update={noop} render={noop} /></FrameProvider>));
    expect(display.scheduler.subscriberCount).toBe(2); // update + render phase
    display.run(5);
    unmount();
    expect(display.scheduler.subscriberCount).toBe(0);
    expect(display.scheduler.running).toBe(false);
    expect(display.source.pendingCount).toBe(0);
  });

  it('never re-renders per frame and exposes the loop controls through controlsRef', () => {
    const counter = createCommitCounter();
    const controls = createRef<FixedClock>() as { current: FixedClock | null };
    let updates = 0;
    const view = renderWithFrames(
      <counter.Counted>
        <GameCanvas width={10} height={10} controlsRef={controls} update={() => void updates++} render={noop} />
      </counter.Counted>,
      { strictMode: true },
    );
    const mounted = counter.count;
    for (let i = 0; i < 100; i++) view.advanceFrames(1);
    expect(counter.count).toBe(mounted);
    expect(updates).toBe(99);
    expect(controls.current!.stats.totalSteps).toBe(99);
    controls.current!.pause();
    view.advanceFrames(5);
    expect(updates).toBe(99);
    view.unmount();
    expect(controls.current).toBeNull();
  });

  it('hands render a WebGL context when asked', () => {
    const got: unknown[] = [];
    const view = renderWithFrames(
      <GameCanvas contextType="webgl2" width={10} height={10} update={noop} render={(_a, _f, { ctx: gl }: { ctx: WebGL2RenderingContext }) => void got.push(gl)} />,
      { strictMode: true },
    );
    view.advanceFrames(1);
    expect(HTMLCanvasElement.prototype.getContext).toHaveBeenCalledWith('webgl2', undefined);
    expect(got[0]).toBe(contexts[contexts.length - 1]);
    expect(contexts[contexts.length - 1]!.setTransform).not.toHaveBeenCalled(); // only 2d is pre-scaled
    expect(contexts[contexts.length - 1]!.clearRect).not.toHaveBeenCalled(); // and cleared
    expect(contexts[contexts.length - 1]!.save).not.toHaveBeenCalled();
    view.unmount();
  });
});
