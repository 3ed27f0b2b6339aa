import { afterEach, describe, expect, it, vi } from 'vitest';
import { FixedClockProvider } from '../../src/react/FixedClockProvider.js';
import { useFixedUpdate } from '../../src/react/useFixedUpdate.js';
import { useFixedRender } from '../../src/react/useFixedRender.js';
import { useFixedTimestep } from '../../src/react/useFixedTimestep.js';
import { useInterpolated } from '../../src/react/useInterpolated.js';
import type { InterpolatedScalar, InterpolatedVector } from '../../src/core/interpolated.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter, render } from './helpers.js';

afterEach(() => cleanupMounted());

/** Moves +1 per step (the clock snapshots first), draws the blend; records every picture. */
function Body({ pictures, out, interpolate }: { pictures: number[]; out: { current: InterpolatedScalar | null }; interpolate?: boolean }) {
  const x = useInterpolated(interpolate === undefined ? { kind: 'number' } : { kind: 'number', interpolate });
  out.current = x;
  useFixedUpdate(() => {
    x.current += 1;
  });
  useFixedRender((alpha) => {
    pictures.push(x.blend(alpha));
  });
  return null;
}

describe('useInterpolated under a <FixedClockProvider>', () => {
  it('every step begins with a snapshot: the picture is previous + alpha × (current − previous), previous = current − 1', () => {
    const pictures: number[] = [];
    const out: { current: InterpolatedScalar | null } = { current: null };
    const alphas: number[] = [];
    function Alpha() {
      useFixedRender((alpha) => alphas.push(alpha), { priority: 1 });
      return null;
    }
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 25}>
        <Body pictures={pictures} out={out} />
        <Alpha />
      </FixedClockProvider>,
      { refreshRate: 60, strictMode: true },
    );
    view.advanceFrames(60);
    const x = out.current!;
    expect(x.current).toBeGreaterThan(20);
    expect(x.previous).toBe(x.current - 1);
    // each picture lies on the ramp: (steps so far − 1 + alpha)
    const last = pictures.at(-1)!;
    expect(last).toBeCloseTo(x.current - 1 + alphas.at(-1)!, 12);
    // pictures never go backwards and never jump more than one step's movement per frame
    for (let i = 1; i < pictures.length; i++) {
      expect(pictures[i]!).toBeGreaterThanOrEqual(pictures[i - 1]!);
      expect(pictures[i]! - pictures[i - 1]!).toBeLessThanOrEqual(1);
    }
    view.unmount();
  });

  it('a teleport draws no intermediate picture', () => {
    const pictures: number[] = [];
    const out: { current: InterpolatedScalar | null } = { current: null };
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 20}>
        <Body pictures={pictures} out={out} />
      </FixedClockProvider>,
      { refreshRate: 60, strictMode: true },
    );
    view.advanceFrames(30);
    const beforeMax = Math.max(...pictures);
    const count = pictures.length;
    out.current!.teleport(1000); // e.g. from a button's click handler, between frames
    view.advanceFrames(30);
    const after = pictures.slice(count);
    expect(beforeMax).toBeLessThan(20);
    expect(after.length).toBe(30);
    expect(after.every((p) => p >= 1000)).toBe(true);
    expect(after[0]).toBe(1000); // the first picture after the teleport is the new place itself
    view.unmount();
  });

  it('interpolate: false draws the current state; switching it back keeps the state', () => {
    const pictures: number[] = [];
    const out: { current: InterpolatedScalar | null } = { current: null };
    const tree = (interpolate: boolean) => (
      <FixedClockProvider step={1 / 25}>
        <Body pictures={pictures} out={out} interpolate={interpolate} />
      </FixedClockProvider>
    );
    const view = renderWithFrames(tree(false), { refreshRate: 60 });
    view.advanceFrames(30);
    expect(pictures.every(Number.isInteger)).toBe(true);
    expect(pictures.at(-1)).toBe(out.current!.current);
    const instance = out.current;
    view.rerender(tree(true));
    expect(out.current).toBe(instance);
    view.advanceFrames(30);
    expect(pictures.slice(-30).some((p) => !Number.isInteger(p))).toBe(true);
    view.unmount();
  });

  it('a misspelt option name is a RangeError naming useInterpolated at render; clock is its own option', () => {
    function Probe(props: { options: object }) {
      useInterpolated(props.options as never);
      return null;
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe options={{ kind: 'number', clok: null }} />)).toThrow(/^useInterpolated: unknown option `clok` \(known options: .*`clock`\)/);
    expect(() => render(<Probe options={{ kind: 'number', clock: null, initial: 2 }} />)).not.toThrow();
    errors.mockRestore();
  });

  it('a clock that is not a fixed clock is a RangeError at mount naming useInterpolated, clock and the value (issue 25)', () => {
    function Probe(props: { options: object }) {
      useInterpolated(props.options as never);
      return null;
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = (value: string) => new RangeError(`useInterpolated: option \`clock\` must be a fixed clock (from useFixedClock or createFixedClock), null or undefined, got ${value}`);
    expect(() => render(<Probe options={{ kind: 'number', clock: 5 }} />)).toThrow(message('5'));
    expect(() => render(<Probe options={{ kind: 'vector', clock: { addUpdate: () => {} } }} />)).toThrow(message('object'));
    expect(() => render(<Probe options={{ kind: 'number', clock: 'main' }} />)).toThrow(message('"main"'));
    errors.mockRestore();
  });

  it('never re-renders per frame', () => {
    const counter = createCommitCounter();
    const out: { current: InterpolatedScalar | null } = { current: null };
    const view = renderWithFrames(
      <counter.Counted>
        <FixedClockProvider step={1 / 60}>
          <Body pictures={[]} out={out} />
        </FixedClockProvider>
      </counter.Counted>,
      { refreshRate: 60 },
    );
    const commits = counter.count;
    view.advanceFrames(60);
    expect(counter.count).toBe(commits);
    view.unmount();
  });
});

describe('camera follow (the order the README gives)', () => {
  /**
   * A target moving at constant speed on a 25 Hz clock drawn at 60 Hz, and a camera following it.
   * Where the target appears on screen is its drawn position minus the camera's position.
   */
  function run(cameraFrom: 'blended' | 'current'): number[] {
    const onScreen: number[] = [];
    const drawn = { x: 0 };
    function World() {
      const target = useInterpolated({ kind: 'vector', size: 1 });
      useFixedUpdate((dt) => {
        target.current[0] = target.current[0]! + 100 * dt;
      });
      // 1. the target's render blends its position first …
      useFixedRender((alpha) => {
        drawn.x = target.blend(alpha)[0]!;
      });
      // 2. … then the camera is placed (priority 1: after the target's render)
      useFixedRender(
        () => {
          const cameraX = cameraFrom === 'blended' ? drawn.x : target.current[0]!;
          onScreen.push(drawn.x - cameraX);
        },
        { priority: 1 },
      );
      return null;
    }
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 25}>
        <World />
      </FixedClockProvider>,
      { refreshRate: 60 },
    );
    view.advanceFrames(90);
    view.unmount();
    return onScreen.slice(5);
  }

  it('placed from the blended position the target stands still on screen; from the raw current state it jitters', () => {
    const steady = run('blended');
    expect(Math.max(...steady) - Math.min(...steady)).toBe(0);
    const jittery = run('current');
    // one step of movement is 4 px: the offset wanders over most of it, frame to frame
    expect(Math.max(...jittery) - Math.min(...jittery)).toBeGreaterThan(2);
  });
});

describe('useInterpolated without a shared clock', () => {
  it('with useFixedTimestep: snapshot in the update, blend into an {x, y, z} target in render', () => {
    const drawn = { x: 0, y: 0, z: 0 };
    const seen: number[] = [];
    function Ship() {
      const position = useInterpolated({ kind: 'vector', size: 3 });
      useFixedTimestep({
        step: 1 / 30,
        update: () => {
          position.snapshot();
          position.current[0] = position.current[0]! + 3;
        },
        render: (alpha) => {
          position.blend(alpha, drawn);
          seen.push(drawn.x);
        },
      });
      return null;
    }
    const view = renderWithFrames(<Ship />, { refreshRate: 60, strictMode: true });
    view.advanceFrames(61);
    // 30 steps of +3 in one second; 'previous' shows one step behind, blended
    expect(seen.at(-1)).toBeCloseTo(87, 9);
    expect(seen.some((x) => x % 3 !== 0)).toBe(true);
    view.unmount();
  });

  it('clock: null opts out of the provider clock (no automatic snapshot)', () => {
    const out: { current: InterpolatedVector | null } = { current: null };
    function Manual() {
      const v = useInterpolated({ kind: 'vector', size: 2, clock: null });
      out.current = v;
      useFixedUpdate(() => {
        v.current[0] = v.current[0]! + 1;
      });
      return null;
    }
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 60}>
        <Manual />
      </FixedClockProvider>,
      { refreshRate: 60 },
    );
    view.advanceFrames(10);
    expect(out.current!.current[0]).toBeGreaterThan(3);
    expect(out.current!.previous[0]).toBe(0);
    view.unmount();
  });

  it('keeps one instance across renders; a new kind makes a new one', () => {
    const seen: unknown[] = [];
    function Holder({ kind }: { kind: 'number' | 'angle' }) {
      seen.push(useInterpolated({ kind, initial: 1 }));
      return null;
    }
    const view = render(<Holder kind="number" />);
    view.rerender(<Holder kind="number" />);
    view.rerender(<Holder kind="angle" />);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[1]);
    expect((seen[2] as InterpolatedScalar).kind).toBe('angle');
  });

  it('a bad option is a RangeError naming the hook, the option and the value', () => {
    function Bad() {
      useInterpolated({ kind: 'vector', size: 1.5 });
      return null;
    }
    const spy = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Bad />)).toThrow(/useInterpolated: option `size` must be a whole number >= 1, got 1.5/);
    } finally {
      console.error = spy;
    }
  });
});
