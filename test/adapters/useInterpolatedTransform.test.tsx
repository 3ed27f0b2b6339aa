import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import type { RefObject } from 'react';
import { Object3D } from 'three';
import { FixedClockProvider, useFixedClock, useFixedUpdate } from '../../src/index.js';
import type { FixedClock } from '../../src/scheduler/fixedClock.js';
import { useInterpolatedTransform } from '../../src/r3f/index.js';
import { useInterpolatedTransform2D, usePixiDriver } from '../../src/pixi/index.js';
import type { InterpolatedTransform } from '../../src/r3f/index.js';
import { renderWithFrames, resetDefaultScheduler } from '../../src/testing/index.js';

afterEach(resetDefaultScheduler);

describe('useInterpolatedTransform (three.js object on the shared fixed clock)', () => {
  it('snapshots before every update and draws the object alpha of the way between the last two steps', () => {
    const mesh = new Object3D();
    const seenAtStepStart: Array<[number, number]> = [];
    const drawn: Array<{ x: number; expected: number }> = [];
    let transform: InterpolatedTransform | null = null;
    let clock: FixedClock | null = null;
    function Ship() {
      const target = useRef(mesh) as RefObject<Object3D | null>;
      const ship = useInterpolatedTransform(target);
      transform = ship;
      clock = useFixedClock();
      useFixedUpdate(() => {
        seenAtStepStart.push([ship.position.previous[0]!, ship.position.current[0]!]);
        ship.position.current[0]! += 1; // one unit per step
      });
      return null;
    }
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 30}>
        <Ship />
      </FixedClockProvider>,
      { refreshRate: 60, strictMode: true },
    );
    // After the frame: what the picture shows, and what it should show.
    view.scheduler.subscribe(
      () => {
        const t = transform!;
        const alpha = clock!.stats.alpha;
        drawn.push({ x: mesh.position.x, expected: t.position.previous[0]! + alpha * (t.position.current[0]! - t.position.previous[0]!) });
      },
      { phase: 'after' },
    );
    view.advanceFrames(1 + 60); // time zero, then one second: 30 steps
    expect(seenAtStepStart).toHaveLength(30);
    for (const [previous, current] of seenAtStepStart) expect(previous).toBe(current); // snapshot ran first
    expect(transform!.position.current[0]).toBe(30);
    for (const { x, expected } of drawn) expect(x).toBeCloseTo(expected, 12);
    const xs = drawn.map((d) => d.x);
    expect(xs.every((x, i) => i === 0 || x >= xs[i - 1]!)).toBe(true); // never backwards
    expect(new Set(xs.map((x) => x % 1)).size).toBeGreaterThan(1); // drawn between steps, not only on them
    view.unmount();
  });

  it('throws an Error naming the hook when there is no fixed clock', () => {
    function Lonely() {
      useInterpolatedTransform({ current: null });
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWithFrames(<Lonely />)).toThrow(/useInterpolatedTransform: no <FixedClockProvider>/);
    spy.mockRestore();
  });

  it('names the hook in a RangeError for a bad option', () => {
    function Bad() {
      useInterpolatedTransform({ current: null }, { position: [1, 2] });
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      renderWithFrames(
        <FixedClockProvider step={1 / 60}>
          <Bad />
        </FixedClockProvider>,
      ),
    ).toThrow(/useInterpolatedTransform: option `position` must be 3 finite numbers/);
    spy.mockRestore();
  });
});

describe('useInterpolatedTransform2D (PixiJS sprite on the shared fixed clock)', () => {
  it('draws the sprite between the last two steps, turning the shorter way', () => {
    const sprite = { position: { x: 0, y: 0, set(x: number, y: number) { this.x = x; this.y = y; } }, rotation: 0 };
    const xs: number[] = [];
    function Ball() {
      const target = useRef(sprite);
      const ball = useInterpolatedTransform2D(target, { rotation: Math.PI - 0.05 });
      useFixedUpdate(() => {
        ball.position.current[0]! += 10;
        ball.rotation.current = -Math.PI + 0.05; // across the ±π seam: 0.1 rad on, not a full turn back
      });
      return null;
    }
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 30}>
        <Ball />
      </FixedClockProvider>,
      { refreshRate: 60 },
    );
    view.scheduler.subscribe(() => void xs.push(sprite.position.x), { phase: 'after' });
    view.advanceFrames(1 + 6);
    expect(Math.max(...xs)).toBeLessThanOrEqual(30);
    expect(xs.some((x) => x % 10 !== 0)).toBe(true);
    expect(Math.abs(Math.cos(sprite.rotation) + 1)).toBeLessThan(0.01); // near ±π, never swung through 0
    view.unmount();
  });
});

/** The two transform hooks with the options given, and a render of them under a clock. */
function Ship(props: { options: object }) {
  useInterpolatedTransform(useRef(new Object3D()), props.options as never);
  return null;
}
function Sprite(props: { options: object }) {
  useInterpolatedTransform2D(useRef<never>(null), props.options as never);
  return null;
}
const inClock = (node: React.ReactNode) => () => renderWithFrames(<FixedClockProvider step={1 / 60}>{node}</FixedClockProvider>);

describe('misspelt option names', () => {
  it('the transform hooks refuse them at render, naming the hook and listing clock and priority among their options', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(inClock(<Ship options={{ prority: 1 }} />)).toThrow(
      new RangeError('useInterpolatedTransform: unknown option `prority` (known options: `position`, `quaternion`, `blend`, `clock`, `priority`)'),
    );
    expect(inClock(<Sprite options={{ Rotation: 1 }} />)).toThrow(/^useInterpolatedTransform2D: unknown option `Rotation` \(did you mean `rotation`\?\)/);
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 60}>
        <Ship options={{ priority: 2, blend: 'slerp', position: [1, 2, 3] }} />
        <Sprite options={{ priority: 1, rotation: 0.5 }} />
      </FixedClockProvider>,
    );
    view.unmount();
  });

  it('the transform hooks reject a clock that is not a fixed clock at render, naming the hook and the value (issue 25)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Ship() {
      useInterpolatedTransform(useRef(new Object3D()), { clock: 5 as never });
      return null;
    }
    function Sprite() {
      useInterpolatedTransform2D(useRef<never>(null), { clock: {} as never });
      return null;
    }
    const inClock = (node: React.ReactNode) => () => renderWithFrames(<FixedClockProvider step={1 / 60}>{node}</FixedClockProvider>);
    expect(inClock(<Ship />)).toThrow(new RangeError('useInterpolatedTransform: option `clock` must be a fixed clock (from useFixedClock or createFixedClock), null or undefined, got 5'));
    expect(inClock(<Sprite />)).toThrow(/^useInterpolatedTransform2D: option `clock` must be a fixed clock .* got object$/);
  });

  it("the transform hooks' own errors name the hook, not the factory behind it", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(inClock(<Ship options={{ blend: 'cubic' }} />)).toThrow(new RangeError(`useInterpolatedTransform: option \`blend\` must be one of 'nlerp', 'slerp', got "cubic"`));
    expect(inClock(<Ship options={{ quaternion: [0, 0, 0, Number.NaN] }} />)).toThrow(/^useInterpolatedTransform: option `quaternion` must be 4 finite numbers, got \[0, 0, 0, NaN\]$/);
    expect(inClock(<Ship options={{ priority: '1' }} />)).toThrow(new RangeError('useInterpolatedTransform: option `priority` must be a finite number, got "1"'));
    expect(inClock(<Sprite options={{ rotation: Number.POSITIVE_INFINITY }} />)).toThrow(new RangeError('useInterpolatedTransform2D: option `rotation` must be a finite number, got Infinity'));
    expect(inClock(<Sprite options={{ position: [1] }} />)).toThrow(/^useInterpolatedTransform2D: option `position` must be 2 finite numbers, got \[1\]$/);
  });

  it('usePixiDriver refuses a misspelt or bad option at render, naming the hook (issue 25)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Driven(props: { options: object }) {
      usePixiDriver(null, props.options as never);
      return null;
    }
    expect(() => renderWithFrames(<Driven options={{ prority: 1 }} />)).toThrow(new RangeError('usePixiDriver: unknown option `prority` (known options: `priority`)'));
    expect(() => renderWithFrames(<Driven options={{ priority: 'last' }} />)).toThrow(/^usePixiDriver: option `priority` must be a finite number, got "last"$/);
    renderWithFrames(<Driven options={{ priority: 3 }} />).unmount();
  });
});
