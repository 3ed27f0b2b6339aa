// Option checks of the React layer: each hook and <FrameProvider> refuses a misspelt option, a
// mistyped or out-of-range value, or a callback that is not a function, with a RangeError naming
// itself, the option and the value, at mount and on every later render (not a core factory, not
// later in an effect, not a TypeError every frame). An error handler removed by a re-render leaves
// errors thrown, not swallowed. <GameCanvas>'s props: test/canvas/GameCanvas.options.test.tsx.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import {
  FrameProvider,
  useAdaptiveFramerate,
  useFixedTimestep,
  useFrame,
  useFrameScheduler,
  useFrameStats,
  useInterpolated,
  useRefreshRate,
  useSmoothedDelta,
  useStepInput,
  useSyncedUpdate,
} from '../../src/index.js';
import { resetDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { act, expectRangeErrorNaming, mount, renderError, strict, unmountAll } from '../helpers/react.js';
import { cleanupMounted, render } from './helpers.js';

afterEach(() => {
  cleanupMounted();
  unmountAll();
  resetDefaultScheduler();
  vi.restoreAllMocks();
});

/** A component that calls `hook` while rendering. */
function Calls(props: { hook: () => unknown }): null {
  props.hook();
  return null;
}

const noop = (): void => undefined;

/** [what, call, message]: mounting a component that makes the call throws a RangeError matching message. */
const CASES: Array<[string, () => unknown, RegExp]> = [
  ['useFrame: unknown option', () => useFrame(noop, { phse: 'render' } as never), /^useFrame: unknown option `phse` \(known options: `phase`/],
  ['useFrame: mistyped priority', () => useFrame(noop, { priority: '1' as never }), /^useFrame: option `priority` must be a finite number, got "1"/],
  ['useSmoothedDelta: unknown option', () => useSmoothedDelta(noop, { maxLead: 3 } as never), /^useSmoothedDelta: unknown option `maxLead`/],
  ['useSmoothedDelta: mistyped maxLeadIntervals', () => useSmoothedDelta(noop, { maxLeadIntervals: 0 }), /^useSmoothedDelta: option `maxLeadIntervals` must be a whole number >= 1, got 0/],
  ['useSmoothedDelta: mistyped refreshRate', () => useSmoothedDelta(noop, { refreshRate: -60 }), /^useSmoothedDelta: option `refreshRate` must be a finite number > 0, got -60/],
  ['useSyncedUpdate: unknown option', () => useSyncedUpdate(noop, { phase: 'render' } as never), /^useSyncedUpdate: unknown option `phase`/],
  ['useSyncedUpdate: mistyped overload', () => useSyncedUpdate(noop, { overload: 'slowmo' as never }), /^useSyncedUpdate: option `overload` must be one of .*, got "slowmo"/],
  ['useSyncedUpdate: mistyped overloadThreshold', () => useSyncedUpdate(noop, { overloadThreshold: Number.NaN }), /^useSyncedUpdate: option `overloadThreshold` must be a finite number > 0, got NaN/],
  ['useAdaptiveFramerate: unknown option', () => useAdaptiveFramerate({ maxDivisr: 2 } as never), /^useAdaptiveFramerate: unknown option `maxDivisr`/],
  ['useAdaptiveFramerate: mistyped maxDivisor', () => useAdaptiveFramerate({ maxDivisor: 0 }), /^useAdaptiveFramerate: option `maxDivisor` must be a whole number >= 1, got 0/],
  ['useAdaptiveFramerate: mistyped minThreshold', () => useAdaptiveFramerate({ minThreshold: 5 }), /^useAdaptiveFramerate: option `minThreshold` must be a finite number < 0, got 5/],
  ['useRefreshRate: unknown option', () => useRefreshRate({ mesure: false } as never), /^useRefreshRate: unknown option `mesure`/],
  ['useRefreshRate: mistyped measure', () => useRefreshRate({ measure: 'no' as never }), /^useRefreshRate: option `measure` must be a boolean, got "no"/],
  ['useFrameStats: unknown option', () => useFrameStats({ window: 60 } as never), /^useFrameStats: unknown option `window`/],
  ['useFrameStats: mistyped windowSize', () => useFrameStats({ windowSize: 0 }), /^useFrameStats: option `windowSize` must be a whole number >= 1, got 0/],
  ['useFrameStats: mistyped intervalMs', () => useFrameStats({ intervalMs: -1 }), /^useFrameStats: option `intervalMs` must be a finite number > 0, got -1/],
  ['useFrameStats: options not an object', () => useFrameStats(5 as never), /^useFrameStats: options must be an object, got 5$/],
  ['useSmoothedDelta: callback not a function', () => useSmoothedDelta(5 as never), /^useSmoothedDelta: option `callback` must be a function, got 5$/],
  ['useSmoothedDelta: mistyped phase', () => useSmoothedDelta(noop, { phase: 'draw' as never }), /^useSmoothedDelta: option `phase` must be one of 'input', 'update', 'render', 'after', got "draw"$/],
  ['useSyncedUpdate: mistyped refreshRate', () => useSyncedUpdate(noop, { refreshRate: 0 }), /^useSyncedUpdate: option `refreshRate` must be a finite number > 0, got 0$/],
  ['useSyncedUpdate: mistyped minFrameRate', () => useSyncedUpdate(noop, { minFrameRate: -1 }), /^useSyncedUpdate: option `minFrameRate` must be a finite number > 0, got -1$/],
  ['useAdaptiveFramerate: minThreshold not finite', () => useAdaptiveFramerate({ minThreshold: -Infinity }), /^useAdaptiveFramerate: option `minThreshold` must be a finite number, got -Infinity$/],
  ['useAdaptiveFramerate: an option of the core factory only', () => useAdaptiveFramerate({ initialDivisor: 2 } as never), /^useAdaptiveFramerate: unknown option `initialDivisor`/],
  ['useInterpolated: mistyped kind', () => useInterpolated({ kind: 'matrix' as never, clock: null }), /^useInterpolated: option `kind` must be one of 'number', 'vector', 'angle', 'quaternion', got "matrix"$/],
  ['useInterpolated: short initial vector', () => useInterpolated({ kind: 'vector', size: 2, initial: [1], clock: null }), /^useInterpolated \(vector\): option `initial` needs 2 finite numbers in an array or as x\/y\/z\/w, got \[1\]$/],
  ['useInterpolated: blend on a vector', () => useInterpolated({ kind: 'vector', blend: 'slerp', clock: null } as never), /^useInterpolated: option `blend` applies to kind 'quaternion' only, got kind 'vector'$/],
  ['useStepInput: mistyped onOverflow', () => useStepInput({ onOverflow: 5 as never, clock: null }), /^useStepInput: option `onOverflow` must be a function, got 5$/],
  ['useStepInput: mistyped pointer', () => useStepInput({ pointer: 1 as never, clock: null }), /^useStepInput: option `pointer` must be a boolean, got 1$/],
  ['useFrameScheduler: an option it does not take', () => (useFrameScheduler as (o: unknown) => unknown)({ paused: true }), /^useFrameScheduler: takes no options, got object/],
];

describe('hooks refuse bad options at mount, naming the hook, the option and the value', () => {
  it.each(CASES)('%s', (_what, call, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Calls hook={call} />)).toThrow(message);
  });
});

describe('FrameProvider refuses bad props at mount, naming itself, the prop and the value', () => {
  const PROPS: Array<[string, Record<string, unknown>, RegExp]> = [
    ['unknown prop', { timescale: 2 }, /^FrameProvider: unknown option `timescale` \(did you mean `timeScale`\?\)/],
    ['mistyped maxDelta', { maxDelta: '0.1' }, /^FrameProvider: option `maxDelta` must be a finite number > 0, got "0.1"/],
    ['maxFrameRate 5e-324 (a divisor of Infinity before)', { maxFrameRate: 5e-324 }, /^FrameProvider: option `maxFrameRate` must be a finite number >= 1 \(Hz\), got 5e-324/],
    ['maxFrameRate below 1 Hz', { maxFrameRate: 0.5 }, /^FrameProvider: option `maxFrameRate` must be a finite number >= 1 \(Hz\), got 0.5/],
    ['mistyped adaptive', { adaptive: 'on' }, /^FrameProvider: option `adaptive` must be a boolean, got "on"/],
    ['unknown adaptive option', { adaptive: { maxDivisr: 2 } }, /^FrameProvider \(adaptive\): unknown option `maxDivisr`/],
    ['mistyped adaptive option', { adaptive: { upStep: -1 } }, /^FrameProvider \(adaptive\): option `upStep` must be a finite number > 0, got -1/],
    ['adaptive minThreshold not below 0', { adaptive: { minThreshold: 0 } }, /^FrameProvider \(adaptive\): option `minThreshold` must be a finite number < 0, got 0$/],
    ['mistyped source', { source: { request: noop } }, /^FrameProvider: option `source` must be an object with request, cancel and now functions, got object/],
  ];
  it.each(PROPS)('%s', (_what, props, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<FrameProvider {...(props as object)} />)).toThrow(message);
  });
});

const source = () => createManualFrameSource();

describe('<FrameProvider> props out of range', () => {
  const cases: Array<[option: string, props: Record<string, unknown>]> = [
    ['maxDelta', { maxDelta: 0 }],
    ['maxDelta', { maxDelta: Number.NaN }],
    ['timeScale', { timeScale: -1 }],
    ['timeScale', { timeScale: Infinity }],
    ['frameloop', { frameloop: 'sometimes' }],
    ['paused', { paused: 'yes' }],
    ['refreshRate', { refreshRate: 0 }],
    ['refreshRate', { refreshRate: Number.NaN }],
    ['source', { source: {} }],
    ['adaptive', { adaptive: 'on' }],
    ['maxDivisor', { adaptive: { maxDivisor: 0 } }],
  ];
  it.each(cases)('at mount: %s = %j → RangeError naming it', (option, props) => {
    const good = renderError(<FrameProvider source={source()}>ok</FrameProvider>);
    expect(good.error()).toBeUndefined();
    unmountAll();
    const { error } = renderError(<FrameProvider source={source()} {...(props as object)}>x</FrameProvider>);
    expectRangeErrorNaming(error(), option);
  });

  const runtime: Array<[option: string, props: Record<string, unknown>]> = [
    ['timeScale', { timeScale: -0.5 }],
    ['timeScale', { timeScale: Number.NaN }],
    ['frameloop', { frameloop: 'never' }],
    ['maxDivisor', { adaptive: { maxDivisor: 1.5 } }],
    ['maxDelta', { maxDelta: 0 }],
    ['maxDelta', { maxDelta: Number.POSITIVE_INFINITY }],
  ];
  it.each(runtime)('changed at run time: %s = %j → RangeError naming it', (option, props) => {
    const s = source();
    const view = renderError(<FrameProvider source={s}>ok</FrameProvider>);
    expect(view.error()).toBeUndefined();
    view.rerender(<FrameProvider source={s} {...(props as object)}>ok</FrameProvider>);
    expectRangeErrorNaming(view.error(), option);
  });
});

describe('hook options out of range (under a provider)', () => {
  function FixedLoop(props: Record<string, unknown>) {
    useFixedTimestep({ step: 1 / 60, update: () => undefined, render: () => undefined, ...props } as never);
    return null;
  }
  function Frame(props: Record<string, unknown>) {
    useFrame(() => undefined, props as never);
    return null;
  }
  function Smoothed(props: Record<string, unknown>) {
    useSmoothedDelta(() => undefined, props as never);
    return null;
  }
  function Synced(props: Record<string, unknown>) {
    useSyncedUpdate(() => undefined, props as never);
    return null;
  }
  function Stats(props: Record<string, unknown>) {
    useFrameStats(props as never);
    return null;
  }
  function Adaptive(props: Record<string, unknown>) {
    useAdaptiveFramerate(props as never);
    return null;
  }
  const cases: Array<[hook: string, option: string, el: (props: Record<string, unknown>) => ReactNode, props: Record<string, unknown>]> = [
    ['useFixedTimestep', 'step', (p) => <FixedLoop {...p} />, { step: 0 }],
    ['useFixedTimestep', 'step', (p) => <FixedLoop {...p} />, { step: Number.NaN }],
    ['useFixedTimestep', 'maxSteps', (p) => <FixedLoop {...p} />, { maxSteps: 0 }],
    ['useFixedTimestep', 'overload', (p) => <FixedLoop {...p} />, { overload: 'panic' }],
    ['useFixedTimestep', 'interpolation', (p) => <FixedLoop {...p} />, { interpolation: 'linear' }],
    ['useFixedTimestep', 'priority', (p) => <FixedLoop {...p} />, { priority: Number.NaN }],
    ['useFrame', 'phase', (p) => <Frame {...p} />, { phase: 'draw' }],
    ['useFrame', 'priority', (p) => <Frame {...p} />, { priority: Infinity }],
    ['useSmoothedDelta', 'refreshRate', (p) => <Smoothed {...p} />, { refreshRate: -60 }],
    ['useSmoothedDelta', 'maxLeadIntervals', (p) => <Smoothed {...p} />, { maxLeadIntervals: 0 }],
    ['useSmoothedDelta', 'phase', (p) => <Smoothed {...p} />, { phase: 'later' }],
    ['useSyncedUpdate', 'refreshRate', (p) => <Synced {...p} />, { refreshRate: 0 }],
    ['useSyncedUpdate', 'minFrameRate', (p) => <Synced {...p} />, { minFrameRate: Number.NaN }],
    ['useSyncedUpdate', 'overload', (p) => <Synced {...p} />, { overload: 'drop' }],
    ['useSyncedUpdate', 'overloadThreshold', (p) => <Synced {...p} />, { overloadThreshold: -0.1 }],
    ['useFrameStats', 'intervalMs', (p) => <Stats {...p} />, { intervalMs: 0 }],
    ['useFrameStats', 'windowSize', (p) => <Stats {...p} />, { windowSize: 0 }],
    ['useAdaptiveFramerate', 'maxDivisor', (p) => <Adaptive {...p} />, { maxDivisor: 0 }],
    ['useAdaptiveFramerate', 'upStep', (p) => <Adaptive {...p} />, { upStep: Number.NaN }],
  ];
  it.each(cases)('%s: %s → RangeError naming it', (_hook, option, el, props) => {
    const good = renderError(<FrameProvider source={source()}>{el({})}</FrameProvider>);
    expect(good.error()).toBeUndefined();
    unmountAll();
    const { error } = renderError(<FrameProvider source={source()}>{el(props)}</FrameProvider>);
    expectRangeErrorNaming(error(), option);
  });
});

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
