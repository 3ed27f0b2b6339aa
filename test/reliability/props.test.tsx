// Props and hook arguments are checked where they are written: at mount and on every change, with
// a RangeError naming the component or hook, the prop and the value (not a TypeError in every
// frame later). Misspelt option names are errors too. An error handler removed by a re-render
// leaves errors thrown, not swallowed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import {
  FrameProvider,
  useAdaptiveFramerate,
  useFrame,
  useFrameStats,
  useRefreshRate,
  useSmoothedDelta,
  useSyncedUpdate,
} from '../../src/index.js';
import { createAdaptiveFramerate } from '../../src/core/adaptiveFramerate.js';
import { createFrameStats } from '../../src/core/frameStats.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { act, CatchError, mount, strict, unmountAll, withListenerErrorsReported } from './helpers.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

/** Render under an error boundary (StrictMode); the first error caught at mount or a later rerender. */
function renderError(ui: ReactNode): { error: () => unknown; rerender: (next: ReactNode) => void } {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let caught: unknown;
  const wrap = (node: ReactNode) => strict(<CatchError onError={(e) => (caught ??= e)}>{node}</CatchError>);
  let view: ReturnType<typeof mount> | undefined;
  withListenerErrorsReported(() => {
    view = mount(wrap(ui));
  });
  return {
    error: () => caught,
    rerender: (next) => withListenerErrorsReported(() => view?.rerender(wrap(next))),
  };
}

function expectNaming(error: unknown, owner: string, option: string, shown?: string): void {
  expect(error).toBeInstanceOf(RangeError);
  const message = (error as Error).message;
  expect(message).toContain(owner);
  expect(message).toContain(`\`${option}\``);
  if (shown !== undefined) expect(message).toContain(shown);
}

describe('<FrameProvider> callback props that are not functions', () => {
  it.each([
    ['onError', 'oops', '"oops"'],
    ['onGap', 5, '5'],
    ['onFrame', {}, 'object'],
  ])('%s = %j: RangeError at mount naming FrameProvider, the prop and the value', (prop, value, shown) => {
    const { error } = renderError(<FrameProvider source={createManualFrameSource()} {...({ [prop]: value } as object)}>x</FrameProvider>);
    expectNaming(error(), 'FrameProvider', prop, shown);
  });

  it('onGap changed to a number after mount: RangeError at that render, not a TypeError every frame', () => {
    const source = createManualFrameSource();
    const view = renderError(<FrameProvider source={source} onGap={() => undefined}>x</FrameProvider>);
    expect(view.error()).toBeUndefined();
    view.rerender(<FrameProvider source={source} {...({ onGap: 5 } as object)}>x</FrameProvider>);
    expectNaming(view.error(), 'FrameProvider', 'onGap', '5');
  });

  it('a misspelt prop (timescale) is a RangeError naming it and the right name', () => {
    const { error } = renderError(<FrameProvider source={createManualFrameSource()} {...({ timescale: 2 } as object)}>x</FrameProvider>);
    expectNaming(error(), 'FrameProvider', 'timescale', '`timeScale`');
  });

  it(`timeScale above the bound (Number.MAX_VALUE) is a RangeError naming it`, () => {
    const { error } = renderError(<FrameProvider source={createManualFrameSource()} timeScale={Number.MAX_VALUE}>x</FrameProvider>);
    expectNaming(error(), 'FrameProvider', 'timeScale');
  });
});

describe('core factories in this scope: misspelt options', () => {
  it('createFrameStats({ windowsize }) and createAdaptiveFramerate({ maxdivisor }) name the unknown option and the right one', () => {
    expect(() => createFrameStats({ windowsize: 60 } as never)).toThrow(/createFrameStats: unknown option `windowsize`.*`windowSize`/);
    expect(() => createAdaptiveFramerate({ refreshRate: 60, maxdivisor: 2 } as never)).toThrow(/unknown option `maxdivisor`.*`maxDivisor`/);
    expect(() => createFrameStats({ windowSize: 60 })).not.toThrow();
  });
});

describe('hooks: a callback that is not a function, misspelt options', () => {
  const source = () => createManualFrameSource();
  function Frame({ cb, options }: { cb: unknown; options?: unknown }) {
    useFrame(cb as never, options as never);
    return null;
  }
  function Smoothed({ cb, options }: { cb: unknown; options?: unknown }) {
    useSmoothedDelta(cb as never, options as never);
    return null;
  }
  function Synced({ cb, options }: { cb: unknown; options?: unknown }) {
    useSyncedUpdate(cb as never, options as never);
    return null;
  }
  function Stats({ options }: { options?: unknown }) {
    useFrameStats(options as never);
    return null;
  }
  function Adaptive({ options }: { options?: unknown }) {
    useAdaptiveFramerate(options as never);
    return null;
  }
  function Rate({ options }: { options?: unknown }) {
    useRefreshRate(options as never);
    return null;
  }
  const ok = () => undefined;
  const cases: Array<[name: string, owner: string, option: string, el: ReactNode]> = [
    ['useFrame(undefined)', 'useFrame', 'callback', <Frame cb={undefined} />],
    ['useFrame("tick")', 'useFrame', 'callback', <Frame cb="tick" />],
    ['useSmoothedDelta(null)', 'useSmoothedDelta', 'callback', <Smoothed cb={null} />],
    ['useSyncedUpdate(42)', 'useSyncedUpdate', 'callback', <Synced cb={42} />],
    ['useFrame({ phse })', 'useFrame', 'phse', <Frame cb={ok} options={{ phse: 'render' }} />],
    ['useFrame({ phase: "draw" })', 'useFrame', 'phase', <Frame cb={ok} options={{ phase: 'draw' }} />],
    ['useSmoothedDelta({ refreshrate })', 'useSmoothedDelta', 'refreshrate', <Smoothed cb={ok} options={{ refreshrate: 60 }} />],
    ['useSyncedUpdate({ minframerate })', 'useSyncedUpdate', 'minframerate', <Synced cb={ok} options={{ minframerate: 20 }} />],
    ['useFrameStats({ interval })', 'useFrameStats', 'interval', <Stats options={{ interval: 100 }} />],
    ['useAdaptiveFramerate({ maxdivisor })', 'useAdaptiveFramerate', 'maxdivisor', <Adaptive options={{ maxdivisor: 2 }} />],
    ['useRefreshRate({ measured })', 'useRefreshRate', 'measured', <Rate options={{ measured: false }} />],
    ['useRefreshRate({ measure: "yes" })', 'useRefreshRate', 'measure', <Rate options={{ measure: 'yes' }} />],
  ];
  it.each(cases)('%s: RangeError at mount naming the hook and the option', (_name, owner, option, el) => {
    const { error } = renderError(<FrameProvider source={source()}>{el}</FrameProvider>);
    expectNaming(error(), owner, option);
  });

  it('useFrame callback changed to undefined after mount: RangeError at that render', () => {
    const s = source();
    const view = renderError(<FrameProvider source={s}><Frame cb={ok} /></FrameProvider>);
    act(() => s.advanceFrames(2));
    expect(view.error()).toBeUndefined();
    view.rerender(<FrameProvider source={s}><Frame cb={undefined} /></FrameProvider>);
    expectNaming(view.error(), 'useFrame', 'callback', 'undefined');
  });
});

describe('<FrameProvider onError> re-rendered without onError', () => {
  it('the next error is thrown out of the frame (not swallowed); with onError back, the handler gets it again', () => {
    const source = createManualFrameSource();
    const handled: unknown[] = [];
    const onError = (e: unknown): void => void handled.push(e);
    let throwNow = false;
    const boom = new Error('boom');
    function Thrower() {
      useFrame(() => {
        if (throwNow) throw boom;
      });
      return null;
    }
    const view = mount(strict(<FrameProvider source={source} onError={onError}><Thrower /></FrameProvider>));
    throwNow = true;
    act(() => source.advanceFrames(1));
    expect(handled).toEqual([boom]);
    view.rerender(strict(<FrameProvider source={source}><Thrower /></FrameProvider>));
    expect(() => source.advanceFrames(1)).toThrow(boom);
    expect(handled).toEqual([boom]);
    view.rerender(strict(<FrameProvider source={source} onError={onError}><Thrower /></FrameProvider>));
    act(() => source.advanceFrames(1));
    expect(handled).toEqual([boom, boom]);
  });

  it('a provider mounted without onError that gets one later: the handler is used', () => {
    const source = createManualFrameSource();
    const handled: unknown[] = [];
    const boom = new Error('boom');
    function Thrower() {
      useFrame(() => {
        throw boom;
      });
      return null;
    }
    const view = mount(strict(<FrameProvider source={source}><Thrower /></FrameProvider>));
    expect(() => source.advanceFrames(1)).toThrow(boom);
    view.rerender(strict(<FrameProvider source={source} onError={(e) => void handled.push(e)}><Thrower /></FrameProvider>));
    act(() => source.advanceFrames(1));
    expect(handled).toEqual([boom]);
  });
});

describe('useSyncedUpdate({ minFrameRate: 60 }) on a 50 Hz display', () => {
  function run(source: ManualFrameSource, n: number): void {
    for (let i = 0; i < n; i++) act(() => source.advanceFrames(1));
  }
  it('keeps running: minFrameRate is lowered to the display rate (slices of one 1/50 s interval), with one development warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const source = createManualFrameSource({ refreshRate: 50 });
    const slices: number[] = [];
    let errors = 0;
    function Game({ overload }: { overload: 'slow-motion' | 'catch-up' }) {
      useSyncedUpdate((dt) => void slices.push(dt), { minFrameRate: 60, overload });
      return null;
    }
    const view = mount(strict(<FrameProvider source={source} onError={() => void errors++}><Game overload="slow-motion" /></FrameProvider>));
    run(source, 120); // the detector settles on 50 Hz
    // A re-render that builds a new slicer at the detected 50 Hz (a new overload) must not throw.
    view.rerender(strict(<FrameProvider source={source} onError={() => void errors++}><Game overload="catch-up" /></FrameProvider>));
    slices.length = 0;
    run(source, 50);
    expect(errors).toBe(0);
    expect(slices.length).toBeGreaterThanOrEqual(49);
    for (const dt of slices) expect(dt).toBeCloseTo(1 / 50, 9);
    const warnings = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('minFrameRate'));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]).toContain('useSyncedUpdate');
    expect(warnings[0]).toContain('50');
  });
});
