// useR3FDriver against a stand-in r3f store: the real <Canvas> needs WebGL, which happy-dom lacks
// (examples/r3f-app runs the real thing in Chromium). What is checked here is the contract with r3f:
// frameloop 'never' while mounted, one advance per scheduler frame with the game clock, after the
// other render subscribers.
import { afterEach, describe, expect, it, vi } from 'vitest';

const store = vi.hoisted(() => {
  const state = {
    frameloop: 'always' as 'always' | 'demand' | 'never',
    advances: [] as Array<[number, boolean | undefined]>,
    order: [] as string[],
    advance(timestamp: number, runGlobalEffects?: boolean) {
      state.advances.push([timestamp, runGlobalEffects]);
      state.order.push('r3f');
    },
    setFrameloop(mode: 'always' | 'demand' | 'never') {
      state.frameloop = mode;
    },
    get: () => state,
  };
  return state;
});

vi.mock('@react-three/fiber', () => ({
  useThree: <T,>(select: (state: typeof store) => T): T => select(store),
  Canvas: ({ children }: { children?: unknown }) => children,
}));

const { useFrame } = await import('../../src/index.js');
const { R3FDriver, TimestepCanvas, useR3FDriver } = await import('../../src/r3f/index.js');
const { renderWithFrames, resetDefaultScheduler } = await import('../../src/testing/index.js');

afterEach(() => {
  store.frameloop = 'always';
  store.advances.length = 0;
  store.order.length = 0;
  resetDefaultScheduler();
});

describe('R3FDriver', () => {
  it('switches the canvas to frameloop "never" while mounted and puts the old mode back', () => {
    const view = renderWithFrames(<R3FDriver />, { strictMode: true });
    expect(store.frameloop).toBe('never');
    view.unmount();
    expect(store.frameloop).toBe('always');
  });

  it('advances r3f once per scheduler frame with the game clock: frozen while paused, scaled by the time scale', () => {
    const view = renderWithFrames(<R3FDriver />, { refreshRate: 50, timeScale: 0.5, strictMode: true });
    view.advanceFrames(3); // 0, 20 ms and 40 ms of real time = 0, 0.01 and 0.02 game seconds
    expect(store.advances.map(([t]) => t)).toEqual([0, 0.01, 0.02]);
    expect(store.advances.every(([, globalEffects]) => globalEffects === true)).toBe(true);
    view.scheduler.pause();
    view.advanceFrames(2);
    expect(store.advances.map(([t]) => t)).toEqual([0, 0.01, 0.02, 0.02, 0.02]);
    view.unmount();
  });

  it('draws after the other render subscribers of the frame, and after the updates', () => {
    function Writers() {
      useFrame(() => void store.order.push('render 1e9'), { phase: 'render', priority: 1e9 });
      useFrame(() => void store.order.push('update'));
      return null;
    }
    const view = renderWithFrames(
      <>
        <R3FDriver />
        <Writers />
      </>,
    );
    view.advanceFrames(1);
    expect(store.order).toEqual(['update', 'render 1e9', 'r3f']);
    view.unmount();
  });

  it('TimestepCanvas renders the scene with a driver inside', () => {
    const view = renderWithFrames(
      <TimestepCanvas>
        <span>scene</span>
      </TimestepCanvas>,
    );
    expect(view.container.textContent).toBe('scene');
    expect(store.frameloop).toBe('never');
    view.advanceFrames(2);
    expect(store.advances).toHaveLength(2);
    view.unmount();
  });

  it('rejects a priority that is not a finite number, naming useR3FDriver', () => {
    function Bad() {
      useR3FDriver({ priority: Number.NaN });
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWithFrames(<Bad />)).toThrow(/useR3FDriver: option `priority`/);
    spy.mockRestore();
  });
});

describe('R3FDriver options', () => {
  it('a misspelt option name is a RangeError naming useR3FDriver and the option', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithFrames(<R3FDriver {...({ priorty: 1 } as object)} />)).toThrow(/^useR3FDriver: unknown option `priorty` \(known options: `priority`\)/);
  });
});
