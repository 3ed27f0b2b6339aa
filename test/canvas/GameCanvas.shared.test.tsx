// One canvas, many components (issue 28.3): children of a <GameCanvas> join its clock and draw on
// its context with useFixedRender, in priority order, with one alpha per frame, on a canvas
// prepared (transform, clear) once per frame before them. Drawn on the recording canvas stub.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, createRef, useEffect, useState } from 'react';
import { GameCanvas, useFixedClock, useFixedRender, useFixedUpdate } from '../../src/index.js';
import type { FixedClock } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { installCanvasStub } from '../../src/testing/canvasStub.js';
import type { RecordingContext2D } from '../../src/testing/canvasStub.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter } from '../react/helpers.js';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  cleanupMounted();
  vi.unstubAllGlobals();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

interface Log {
  /** frame index → [name, alpha] of every render in that frame, in call order */
  frames: Map<number, Array<[string, number]>>;
  updates: string[];
  /** the fill style each render found on entry */
  styles: Set<unknown>;
}

/** A game object: moves 60 px/s, draws a 4 × 4 square in its colour at its blended x. */
function Sprite({ name, priority, log }: { name: string; priority: number; log: Log }) {
  const [state] = useState(() => ({ prev: 0, curr: 0 }));
  useFixedUpdate((dt, step) => {
    state.prev = state.curr;
    state.curr += 60 * dt;
    log.updates.push(`${name}${step.index}`);
  });
  useFixedRender(
    (alpha, frame, { ctx, size }) => {
      const list = log.frames.get(frame.frameIndex) ?? [];
      list.push([name, alpha]);
      log.frames.set(frame.frameIndex, list);
      log.styles.add(ctx.fillStyle);
      ctx.fillStyle = name;
      ctx.translate(size.width / 2, 0); // nor will this transform leak out
      ctx.fillRect(state.prev + (state.curr - state.prev) * alpha, 0, 4, 4);
    },
    { priority },
  );
  return null;
}

const drawn = (ctx: RecordingContext2D) => ctx.calls.map((c) => (c.type === 'set' ? `${c.name}=${String(c.args[0])}` : c.name));

describe('<GameCanvas> with children drawing on it', () => {
  it('three components draw in priority order on one canvas, cleared once a frame, with one alpha per frame; one clock, no commit per frame', () => {
    restore = installCanvasStub();
    const log: Log = { frames: new Map(), updates: [], styles: new Set() };
    const counter = createCommitCounter();
    // Mounted in the opposite order of their priorities: the order drawn is the priorities'.
    const view = renderWithFrames(
      <counter.Counted>
        <GameCanvas width={40} height={20} data-testid="game" aria-describedby="help" render={() => undefined}>
          <Sprite name="hud" priority={2} log={log} />
          <Sprite name="player" priority={1} log={log} />
          <Sprite name="background" priority={-1} log={log} />
        </GameCanvas>
      </counter.Counted>,
      { strictMode: true, refreshRate: 50 },
    );
    expect(view.scheduler.subscriberCount).toBe(2); // one update and one render subscription for the whole canvas
    const canvas = view.container.querySelector('canvas')!;
    expect(canvas.getAttribute('data-testid')).toBe('game');
    const ctx = canvas.getContext('2d') as unknown as RecordingContext2D;
    const commits = counter.count;
    view.advanceFrames(1); // time zero
    ctx.calls.length = 0;
    view.advanceFrames(1);
    expect(drawn(ctx)).toEqual([
      'setTransform', 'clearRect', 'save', 'restore', // prepared once, then the canvas's own (empty) render
      ...['background', 'player', 'hud'].flatMap((name) => ['save', 'fillStyle=' + name, 'translate', 'fillRect', 'restore']),
    ]);
    expect(ctx.calls[1]!.args).toEqual([0, 0, 40, 20]); // the whole canvas, in CSS pixels
    view.advanceFrames(30);
    expect(counter.count).toBe(commits);

    const frames = [...log.frames.values()];
    expect(frames).toHaveLength(32);
    for (const renders of frames) {
      expect(renders.map(([name]) => name)).toEqual(['background', 'player', 'hud']);
      expect(new Set(renders.map(([, alpha]) => alpha)).size).toBe(1); // one alpha per frame
    }
    expect(new Set(frames.map((r) => r[0]![1])).size).toBeGreaterThan(1); // and it moves: 50 Hz against 60 Hz steps
    // Each render starts from the prepared state: no component's fill style or transform leaks into the next.
    expect([...log.styles]).toEqual(['#000000']);
    // Updates interleave per step, in mount order (all at priority 0): one grid for all three.
    expect(log.updates.slice(0, 6)).toEqual(['hud0', 'player0', 'background0', 'hud1', 'player1', 'background1']);
    view.unmount();
  });

  it('update and render are optional; the canvas’s own render draws first, under its children; useFixedClock is the canvas’s clock', () => {
    restore = installCanvasStub();
    const order: string[] = [];
    const controls = createRef<FixedClock>() as { current: FixedClock | null };
    let childClock: FixedClock | null = null;
    function Child() {
      childClock = useFixedClock();
      useFixedRender(() => void order.push('child'), { priority: -1e300 });
      return null;
    }
    const tree = (own: boolean) => (
      <GameCanvas width={10} height={10} controlsRef={controls} render={own ? () => void order.push('own') : undefined}>
        <Child />
      </GameCanvas>
    );
    const view = renderWithFrames(tree(false), { strictMode: true });
    view.advanceFrames(2);
    expect(order).toEqual(['child', 'child']);
    expect(childClock).toBe(controls.current);
    view.rerender(tree(true));
    order.length = 0;
    view.advanceFrames(2);
    expect(order).toEqual(['own', 'child', 'own', 'child']);
    view.unmount();
  });

  it('a new contextType remounts its children (they live inside the new <canvas> element)', () => {
    restore = installCanvasStub();
    let mounts = 0;
    function Child() {
      useEffect(() => void mounts++, []);
      useFixedUpdate(() => undefined);
      return null;
    }
    const tree = (type: '2d' | 'webgl') => (
      <GameCanvas width={10} height={10} contextType={type} onContextError={() => undefined}>
        <Child />
      </GameCanvas>
    );
    const view = renderWithFrames(tree('2d'));
    expect(mounts).toBe(1);
    view.rerender(tree('webgl'));
    expect(mounts).toBe(2);
    view.unmount();
  });

  it('pausing the canvas (paused, off screen, its clock) pauses every child; without a context the children’s renders are skipped and their updates run', () => {
    let observer: { show(visible: boolean): void } | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observer = { show: (visible) => act(() => callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never)) };
        }
        observe() {}
        disconnect() {}
      },
    );
    const log: Log = { frames: new Map(), updates: [], styles: new Set() };
    const view = renderWithFrames(
      <GameCanvas width={10} height={10} pauseWhenOffscreen>
        <Sprite name="a" priority={0} log={log} />
        <Sprite name="b" priority={0} log={log} />
      </GameCanvas>,
      { strictMode: true },
    );
    view.advanceFrames(3);
    expect(log.updates).toEqual(['a0', 'b0', 'a1', 'b1']);
    expect(log.frames.size).toBe(0); // no canvas context in this DOM: no render called
    observer!.show(false);
    view.advanceFrames(10);
    expect(log.updates).toHaveLength(4);
    observer!.show(true);
    view.advanceFrames(3); // resume point, then two steps each
    expect(log.updates).toHaveLength(8);
    view.unmount();
  });

  it('the canvas’s own update runs in each step after its children’s updates of priority 0 and before higher priorities', () => {
    restore = installCanvasStub();
    const log: string[] = [];
    function Child({ name, priority }: { name: string; priority: number }) {
      useFixedUpdate((_dt, step) => void log.push(`${name}${step.index}`), { priority });
      return null;
    }
    const view = renderWithFrames(
      <GameCanvas width={10} height={10} step={1 / 60} update={(_dt, step) => void log.push(`canvas${step.index}`)}>
        <Child name="late" priority={1} />
        <Child name="early" priority={0} />
      </GameCanvas>,
      { strictMode: true, refreshRate: 60 },
    );
    view.advanceFrames(3); // time zero, then one step a frame
    view.unmount();
    expect(log).toEqual(['early0', 'canvas0', 'late0', 'early1', 'canvas1', 'late1']);
  });
});

describe('<GameCanvas>: the clear is always first', () => {
  it('a child render at priority -Number.MAX_VALUE (mounted before the canvas adds its own) draws after the clear', () => {
    restore = installCanvasStub();
    function Lowest() {
      useFixedRender((_alpha, _frame, draw) => void draw?.ctx.fillRect(0, 0, 1, 1), { priority: -Number.MAX_VALUE });
      return null;
    }
    const view = renderWithFrames(
      <GameCanvas width={40} height={20}>
        <Lowest />
      </GameCanvas>,
      { refreshRate: 50 },
    );
    const ctx = view.container.querySelector('canvas')!.getContext('2d') as unknown as RecordingContext2D;
    view.advanceFrames(2);
    ctx.calls.length = 0;
    view.advanceFrames(1);
    const names = drawn(ctx);
    expect(names.indexOf('clearRect')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('clearRect')).toBeLessThan(names.indexOf('fillRect'));
  });
});
