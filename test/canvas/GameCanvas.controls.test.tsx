// <GameCanvas> reliability: `paused` toggled between frames, a pause through the controls that
// scrolling back into view does not lift, props checked in the component's words, a canvas that
// gives no context reported, and a contextType changed after mount.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createRef } from 'react';
import { GameCanvas } from '../../src/index.js';
import type { FixedClock } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, render, strict } from '../react/helpers.js';
import { stubCanvasContext } from './fakeCanvas.js';
import type { FakeContext } from './fakeCanvas.js';

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

let contexts: FakeContext[];
beforeEach(() => {
  contexts = stubCanvasContext().contexts;
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('ResizeObserver', undefined);
});

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const noop = () => undefined;

describe('<GameCanvas> controls', () => {
  it('paused toggled true → false between frames still runs an update every frame', () => {
    let updates = 0;
    const update = () => void updates++;
    const view = renderWithFrames(<GameCanvas width={10} height={10} update={update} render={noop} />, { strictMode: true });
    view.advanceFrames(1);
    for (let i = 0; i < 30; i++) {
      view.rerender(<GameCanvas width={10} height={10} paused update={update} render={noop} />);
      view.rerender(<GameCanvas width={10} height={10} paused={false} update={update} render={noop} />);
      view.advanceFrames(1);
    }
    expect(updates).toBe(30);
    view.unmount();
  });

  it('paused through its controls: scrolling out of and back into view (pauseWhenOffscreen) does not resume it', () => {
    let updates = 0;
    const controls = createRef<FixedClock>() as { current: FixedClock | null };
    const view = renderWithFrames(
      <GameCanvas width={10} height={10} pauseWhenOffscreen controlsRef={controls} update={() => void updates++} render={noop} />,
      { strictMode: true },
    );
    view.advanceFrames(3);
    expect(updates).toBe(2);
    controls.current!.pause();
    const observer = FakeIntersectionObserver.instances.filter((o) => !o.disconnected)[0]!;
    observer.show(false);
    view.advanceFrames(5);
    observer.show(true);
    view.advanceFrames(30);
    expect(updates).toBe(2);
    expect(controls.current!.stats.paused).toBe(true);
    controls.current!.resume();
    view.advanceFrames(3);
    expect(updates).toBe(4);
    view.unmount();
  });

  it('a new step keeps a pause made through the controls', () => {
    let updates = 0;
    const controls = createRef<FixedClock>() as { current: FixedClock | null };
    const canvas = (step: number) => <GameCanvas width={10} height={10} step={step} controlsRef={controls} update={() => void updates++} render={noop} />;
    const view = renderWithFrames(canvas(1 / 60), { strictMode: true });
    view.advanceFrames(3);
    controls.current!.pause();
    view.rerender(canvas(1 / 30));
    view.advanceFrames(60);
    expect(updates).toBe(2);
    view.unmount();
  });
});

describe('<GameCanvas> props in the component’s words', () => {
  it.each([
    [{ step: 0 }, /^<GameCanvas>: prop `step` must be a finite number > 0, got 0$/],
    [{ maxSteps: 2.5 }, /^<GameCanvas>: prop `maxSteps` must be a whole number >= 1, got 2\.5$/],
    [{ interpolation: 'cubic' }, /^<GameCanvas>: prop `interpolation` must be one of 'none', 'previous', 'ahead', 'predicted', got "cubic"$/],
    [{ update: 5 }, /^<GameCanvas>: prop `update` must be a function, got 5$/],
    [{ render: 'draw' }, /^<GameCanvas>: prop `render` must be a function, got "draw"$/],
    [{ paused: 'yes' }, /^<GameCanvas>: prop `paused` must be a boolean, got "yes"$/],
    [{ timeScale: 0 }, /^<GameCanvas>: prop `timeScale` must be a finite number > 0/],
    [{ maxStep: 3 }, /^<GameCanvas>: unknown prop `maxStep` \(got 3; did you mean `maxSteps`\?\)$/],
    [{ pauseWhenOffScreen: true }, /^<GameCanvas>: unknown prop `pauseWhenOffScreen` \(got true; did you mean `pauseWhenOffscreen`\?\)$/],
    [{ width: -1 }, /^<GameCanvas>: prop `width` must be a finite number >= 0, got -1$/],
  ])('%j → %s', (props, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let error: unknown;
    try {
      render(strict(<GameCanvas width={10} height={10} update={noop} render={noop} {...(props as object)} />));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toMatch(/createFixedStep|createFixedClock/);
  });

  it('a bad step given after mount throws on that render, naming the prop', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(strict(<GameCanvas width={10} height={10} update={noop} render={noop} />));
    expect(() => view.rerender(strict(<GameCanvas width={10} height={10} step={Number.NaN} update={noop} render={noop} />))).toThrow(/<GameCanvas>: prop `step` must be a finite number > 0, got NaN/);
  });
});

describe('<GameCanvas> drawing context', () => {
  it('contextAttributes go to getContext, read when the canvas element mounts (a change alone makes no new context)', () => {
    vi.restoreAllMocks();
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const view = renderWithFrames(<GameCanvas width={10} height={10} contextAttributes={{ alpha: false }} onContextError={noop} update={noop} />);
    expect(getContext).toHaveBeenCalledTimes(1);
    expect(getContext).toHaveBeenLastCalledWith('2d', { alpha: false });
    view.rerender(<GameCanvas width={10} height={10} contextAttributes={{ alpha: true }} onContextError={noop} update={noop} />);
    expect(getContext).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('getContext returning null is reported to onContextError with the context type; updates go on, render is skipped', () => {
    vi.restoreAllMocks();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const onContextError = vi.fn();
    const renderFn = vi.fn();
    let updates = 0;
    const view = renderWithFrames(
      <GameCanvas contextType="webgl2" width={10} height={10} onContextError={onContextError} update={() => void updates++} render={renderFn} />,
      { strictMode: true },
    );
    view.advanceFrames(3);
    expect(onContextError).toHaveBeenCalled();
    const error = onContextError.mock.calls[0]![0] as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/<GameCanvas>: canvas\.getContext\('webgl2'\) returned null/);
    expect(error.message).toMatch(/WebGL 2/);
    expect(updates).toBe(2);
    expect(renderFn).not.toHaveBeenCalled();
    view.unmount();
  });

  it('without onContextError, a missing context is a console warning in development naming the type', () => {
    vi.restoreAllMocks();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const view = renderWithFrames(<GameCanvas contextType="webgl" width={10} height={10} update={noop} render={noop} />);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/getContext\('webgl'\) returned null/));
    view.unmount();
  });

  it('contextType changed after mount: a new canvas element with a context of the new type; no error, render gets it', () => {
    const got: unknown[] = [];
    const ref = createRef<HTMLCanvasElement>();
    const canvas = (type: '2d' | 'webgl2') => (
      <GameCanvas ref={ref} contextType={type} width={10} height={10} update={noop} render={(_a, _f, { ctx }: { ctx: unknown }) => void got.push(ctx)} />
    );
    const view = renderWithFrames(canvas('2d'), { strictMode: true });
    view.advanceFrames(2);
    const first = view.container.querySelector('canvas')!;
    expect(ref.current).toBe(first);
    view.rerender(canvas('webgl2'));
    const second = view.container.querySelector('canvas')!;
    expect(second).not.toBe(first);
    expect(view.container.querySelectorAll('canvas')).toHaveLength(1);
    expect(ref.current).toBe(second);
    expect(HTMLCanvasElement.prototype.getContext).toHaveBeenLastCalledWith('webgl2', undefined);
    got.length = 0;
    view.advanceFrames(3);
    const webgl = contexts[contexts.length - 1]!;
    expect(webgl.canvas).toBe(second);
    expect(got).toEqual([webgl, webgl, webgl]);
    view.unmount();
  });
});
