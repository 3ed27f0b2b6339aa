// <GameCanvas> follows devicePixelRatio changes (zoom, another screen) through a media query it
// arms again for each new ratio, and its own `update` runs after its children's updates of
// priority 0 whatever the order they mounted in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { GameCanvas, useFixedUpdate } from '../../src/index.js';
import { renderWithFrames } from '../../src/testing/index.js';
import { stubCanvasContext } from './fakeCanvas.js';

/** media queries handed out, each with the listeners on it now. */
interface FakeQuery {
  media: string;
  listeners: Set<() => void>;
}
let queries: FakeQuery[];

beforeEach(() => {
  stubCanvasContext();
  queries = [];
  vi.stubGlobal('ResizeObserver', undefined);
  vi.stubGlobal('devicePixelRatio', 1);
  vi.stubGlobal('matchMedia', (media: string) => {
    const query: FakeQuery = { media, listeners: new Set() };
    queries.push(query);
    return {
      media,
      addEventListener: (_type: string, fn: () => void) => query.listeners.add(fn),
      removeEventListener: (_type: string, fn: () => void) => query.listeners.delete(fn),
    };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The display's ratio changes: the query armed for the old one stops matching. */
function changeRatio(ratio: number): void {
  const armed = queries.filter((q) => q.listeners.size > 0);
  expect(armed).toHaveLength(1);
  vi.stubGlobal('devicePixelRatio', ratio);
  for (const listener of [...armed[0]!.listeners]) listener();
}

describe('<GameCanvas> sizing and order', () => {
  it('resizes its drawing buffer when devicePixelRatio changes, re-arming the media query for each ratio', () => {
    const view = renderWithFrames(<GameCanvas width={100} height={50} render={() => undefined} />);
    const canvas = view.container.querySelector('canvas')!;
    expect([canvas.width, canvas.height]).toEqual([100, 50]);
    expect(queries.filter((q) => q.listeners.size > 0).map((q) => q.media)).toEqual(['(resolution: 1dppx)']);
    changeRatio(1.5);
    expect([canvas.width, canvas.height]).toEqual([150, 75]);
    expect(queries.filter((q) => q.listeners.size > 0).map((q) => q.media)).toEqual(['(resolution: 1.5dppx)']);
    // Past maxPixelRatio (default 2) the buffer stays at the cap; back to 1 it follows.
    changeRatio(3);
    expect([canvas.width, canvas.height]).toEqual([200, 100]);
    changeRatio(1);
    expect([canvas.width, canvas.height]).toEqual([100, 50]);
    view.unmount();
    expect(queries.every((q) => q.listeners.size === 0)).toBe(true);
  });

  it('runs its update after the children’s updates of priority 0, also those mounted after it, and before higher ones', () => {
    const order: string[] = [];
    function Child({ name, priority }: { name: string; priority?: number }) {
      useFixedUpdate(() => void order.push(name), priority === undefined ? undefined : { priority });
      return null;
    }
    let showLate: (show: boolean) => void = () => undefined;
    function Game() {
      const [late, setLate] = useState(false);
      showLate = setLate;
      return (
        <GameCanvas width={100} height={50} step={1 / 60} update={() => void order.push('canvas')}>
          <Child name="early" />
          {late && <Child name="late" />}
          {late && <Child name="after" priority={1} />}
        </GameCanvas>
      );
    }
    const view = renderWithFrames(<Game />);
    view.advanceFrames(3);
    act(() => showLate(true));
    order.length = 0;
    view.advanceFrames(3);
    expect(order.length).toBeGreaterThanOrEqual(4);
    expect(order.slice(0, 4)).toEqual(['early', 'late', 'canvas', 'after']);
    view.unmount();
  });
});
