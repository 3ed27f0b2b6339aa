// Every option of every factory, of the scheduler, of <FrameProvider>, of the hooks and of
// <GameCanvas>, set out of range: a RangeError naming the option, thrown where the option is given.
// Each row first proves that a good value passes, so the throw is caused by the bad value alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { createAdaptiveFramerate } from '../../src/core/adaptiveFramerate.js';
import { createDeltaSmoother } from '../../src/core/deltaSmoother.js';
import { createFixedStep } from '../../src/core/fixedStep.js';
import { createFrameStats } from '../../src/core/frameStats.js';
import { createRefreshRateDetector } from '../../src/core/refreshRateDetector.js';
import { createSyncedSlicer } from '../../src/core/syncedSlicer.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { simulate } from '../../src/simulation/simulate.js';
import {
  FrameProvider,
  GameCanvas,
  useAdaptiveFramerate,
  useFixedTimestep,
  useFrame,
  useFrameStats,
  useSmoothedDelta,
  useSyncedUpdate,
} from '../../src/index.js';
import { CatchError, mount, strict, unmountAll, withListenerErrorsReported } from './helpers.js';

/** Out-of-range values per kind of option. `null` stands for "given, but not a value". */
const BAD = {
  positive: [Number.NaN, Infinity, -Infinity, -1, 0, '60', null],
  nonNegative: [Number.NaN, Infinity, -Infinity, -1e-9, '1', null],
  finite: [Number.NaN, Infinity, -Infinity, '1', null],
  negative: [Number.NaN, -Infinity, 0, 1, '−1', null],
  wholeAtLeast1: [0, -1, 1.5, Number.NaN, Infinity, '5', null],
  wholeAtLeast8: [7, 0, 8.5, Number.NaN, Infinity, null],
  word: ['nope', '', 1, null],
  boolean: ['yes', 1, null],
  fn: ['onError', 1, {}],
} as const;

interface Row {
  /** The option as named in the message. */
  option: string;
  /** A value that is accepted. */
  good: unknown;
  bad: readonly unknown[];
  /** Build with this value of the option. */
  make: (value: unknown) => unknown;
}

function rows(owner: string, base: Record<string, unknown>, build: (options: never) => unknown, spec: Record<string, [good: unknown, bad: readonly unknown[]]>): Array<Row & { owner: string }> {
  return Object.entries(spec).map(([option, [good, bad]]) => ({
    owner,
    option,
    good,
    bad,
    make: (value) => build({ ...base, [option]: value } as never),
  }));
}

const manual = createManualFrameSource();

const FACTORY_ROWS = [
  ...rows('createDeltaSmoother', { refreshRate: 60 }, createDeltaSmoother, {
    refreshRate: [59.94, BAD.positive],
    maxLeadIntervals: [3, BAD.wholeAtLeast1],
  }),
  ...rows('createSyncedSlicer', { refreshRate: 60 }, createSyncedSlicer, {
    refreshRate: [60, BAD.positive],
    minFrameRate: [15, [...BAD.positive, 61]],
    overload: ['variable', BAD.word],
    overloadThreshold: [0.1, BAD.positive],
  }),
  ...rows('createFixedStep', { step: 1 / 60 }, createFixedStep, {
    step: [1 / 60, BAD.positive],
    maxSteps: [5, BAD.wholeAtLeast1],
    overload: ['catch-up', BAD.word],
    interpolation: ['predicted', BAD.word],
    timeScale: [0.5, BAD.positive],
  }),
  ...rows('createAdaptiveFramerate', { refreshRate: 60 }, createAdaptiveFramerate, {
    refreshRate: [60, BAD.positive],
    upStep: [3, BAD.positive],
    downStep: [1, BAD.positive],
    maxThreshold: [15, BAD.positive],
    minThreshold: [-30, BAD.negative],
    maxDivisor: [4, BAD.wholeAtLeast1],
  }),
  ...rows('createRefreshRateDetector', {}, createRefreshRateDetector, {
    windowSize: [32, BAD.wholeAtLeast8],
    knownRates: [[60, 144], [[], [60, Number.NaN], [0], [-60], 'all', null]],
  }),
  ...rows('createFrameStats', {}, createFrameStats, {
    windowSize: [120, BAD.wholeAtLeast1],
    refreshRate: [60, BAD.positive],
  }),
  ...rows('createFrameScheduler', { source: manual }, createFrameScheduler, {
    source: [manual, [{}, { request: () => 1, cancel: () => undefined }, 'raf', 1, null]],
    frameloop: ['demand', BAD.word],
    maxDelta: [0.25, BAD.positive],
    timeScale: [0, BAD.nonNegative],
    paused: [true, BAD.boolean],
    refreshRate: [144, BAD.positive],
    adaptive: [true, ['on', 1, null, [1]]],
    onError: [() => undefined, BAD.fn],
    onGap: [() => undefined, BAD.fn],
    onFrame: [() => undefined, BAD.fn],
  }),
  // The adaptive options object is checked by the core governor, which names the inner option.
  ...rows('createFrameScheduler (adaptive)', {}, (o: Record<string, unknown>) => createFrameScheduler({ source: manual, adaptive: o }), {
    upStep: [3, BAD.positive],
    downStep: [1, BAD.positive],
    maxThreshold: [15, BAD.positive],
    minThreshold: [-30, BAD.negative],
    maxDivisor: [4, BAD.wholeAtLeast1],
  }),
  ...rows('createManualFrameSource', {}, createManualFrameSource, {
    refreshRate: [144, BAD.positive],
    // At 60 Hz jitter must stay below half an interval (8.33 ms).
    jitterMs: [8, [...BAD.nonNegative, 8.34]],
    seed: [7, BAD.finite],
    startMs: [-5, BAD.finite],
  }),
  ...rows('simulate', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05, ...o }), {
    durationSeconds: [0.05, BAD.positive],
    seed: [3, BAD.finite],
    record: [false, BAD.boolean],
    clock: ['frame-start', BAD.word],
    warmupSeconds: [0, BAD.nonNegative],
  }),
  ...rows('simulate (display)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60, ...o }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05 }), {
    'display.refreshRate': [75, BAD.positive],
    'display.vsync': [false, BAD.boolean],
    'display.queueDepth': [2, BAD.wholeAtLeast1],
    'display.jitterMs': [1, BAD.nonNegative],
    'display.callbackDelayMs': [0, BAD.nonNegative],
    'display.unsyncedMaxRate': [500, BAD.positive],
  }).map((row) => ({ ...row, make: (value: unknown) => simulate({ display: { refreshRate: 60, [row.option.slice('display.'.length)]: value } as never, algorithm: { kind: 'fixed' }, durationSeconds: 0.05 }) })),
  ...rows('simulate (cost)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05, cost: o }), {
    'cost.update': [1, [-1, Number.NaN, Infinity, 'slow', null]],
    'cost.draw': [{ min: 1, max: 2 }, [-1, Number.NaN, 'slow', null]],
  }).map((row) => ({ ...row, make: (value: unknown) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed' }, durationSeconds: 0.05, cost: { [row.option.slice('cost.'.length)]: value } as never }) })),
  ...rows('simulate (algorithm)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: o as never, durationSeconds: 0.05 }), {
    'algorithm.kind': ['synced', ['fast', '', 1, null]],
  }).map((row) => ({ ...row, make: (value: unknown) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: value } as never, durationSeconds: 0.05 }) })),
  // Core options inside an algorithm are checked by the core factory, which names them. (The
  // simulation reads them with `??`, so there `null` means "not given" and takes the default.)
  ...rows('simulate (fixed algorithm)', {}, (o: Record<string, unknown>) => simulate({ display: { refreshRate: 60 }, algorithm: { kind: 'fixed', ...o }, durationSeconds: 0.05 }), {
    step: [1 / 120, BAD.positive.filter((v) => v !== null)],
    maxSteps: [3, BAD.wholeAtLeast1.filter((v) => v !== null)],
    interpolation: ['ahead', BAD.word],
    overload: ['catch-up', BAD.word],
  }),
];

/** The message must name the option in backticks, e.g. "option `maxDelta` must be …". */
function expectNamed(fn: () => unknown, option: string): void {
  expect(fn).toThrow(RangeError);
  expect(fn).toThrow(`\`${option}`);
}

describe('every factory option out of range throws a RangeError naming it', () => {
  it.each(FACTORY_ROWS.map((r) => [`${r.owner}: ${r.option}`, r] as const))('%s', (_name, row) => {
    expect(() => row.make(row.good)).not.toThrow();
    for (const value of row.bad) expectNamed(() => row.make(value), row.option);
  });

  it('run-time setters validate like the options: setTimeScale, setFrameloop, setRefreshRate, setInterpolation, subscribe', () => {
    const scheduler = createFrameScheduler({ source: createManualFrameSource() });
    for (const v of BAD.nonNegative) expectNamed(() => scheduler.setTimeScale(v as never), 'timeScale');
    for (const v of BAD.word) expectNamed(() => scheduler.setFrameloop(v as never), 'frameloop');
    for (const v of ['on', 1, null]) expectNamed(() => scheduler.setAdaptive(v as never), 'adaptive');
    for (const v of BAD.word) expectNamed(() => scheduler.subscribe(() => undefined, { phase: v as never }), 'phase');
    for (const v of BAD.finite) expectNamed(() => scheduler.subscribe(() => undefined, { priority: v as never }), 'priority');
    expect(() => scheduler.subscribe('f' as never)).toThrow(RangeError);
    expect(scheduler.subscriberCount).toBe(0);

    const fixed = createFixedStep({ step: 1 / 60 });
    for (const v of BAD.positive) expectNamed(() => fixed.setTimeScale(v as never), 'timeScale');
    for (const v of BAD.word) expectNamed(() => fixed.setInterpolation(v as never), 'interpolation');
    for (const target of [createDeltaSmoother({ refreshRate: 60 }), createSyncedSlicer({ refreshRate: 60 }), createAdaptiveFramerate({ refreshRate: 60 }), createFrameStats()]) {
      for (const v of BAD.positive) expectNamed(() => target.setRefreshRate(v as never), 'refreshRate');
    }
    const source = createManualFrameSource();
    for (const v of [-1, 1.5, Number.NaN]) expectNamed(() => source.advanceFrames(v), 'n');
    for (const v of [-1, Number.NaN, Infinity]) expectNamed(() => source.advanceTime(v), 'ms');
    expect(source.frameCount).toBe(0);
  });
});

// ───────────────────────── React: the error reaches the nearest error boundary ─────────────────────────

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

/**
 * Render `ui` in StrictMode under an error boundary; returns the first error it caught (from a
 * render or an effect, at mount or at a later rerender).
 */
function renderError(ui: ReactNode): { error: () => unknown; rerender: (next: ReactNode) => void } {
  // React logs caught errors to console.error; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let caught: unknown;
  const wrap = (node: ReactNode) => strict(<CatchError onError={(e) => (caught ??= e)}>{node}</CatchError>);
  let view: ReturnType<typeof mount> | undefined;
  withListenerErrorsReported(() => {
    view = mount(wrap(ui));
  });
  return {
    error: () => caught,
    rerender: (next) => {
      withListenerErrorsReported(() => view?.rerender(wrap(next)));
    },
  };
}

function expectRangeErrorNaming(error: unknown, option: string): void {
  expect(error).toBeInstanceOf(RangeError);
  expect((error as Error).message).toContain(`\`${option}\``);
}

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

describe('<GameCanvas> fixed-step props out of range', () => {
  const cases: Array<[option: string, props: Record<string, unknown>]> = [
    ['step', { step: 0 }],
    ['step', { step: -1 / 60 }],
    ['step', { step: Infinity }],
    ['maxSteps', { maxSteps: 2.5 }],
    ['overload', { overload: 'explode' }],
    ['interpolation', { interpolation: 'cubic' }],
  ];
  it.each(cases)('%s = %j → RangeError naming it', (option, props) => {
    const canvas = (p: Record<string, unknown>) => (
      <FrameProvider source={source()}>
        <GameCanvas width={10} height={10} update={() => undefined} render={() => undefined} {...(p as object)} />
      </FrameProvider>
    );
    const good = renderError(canvas({}));
    expect(good.error()).toBeUndefined();
    unmountAll();
    expectRangeErrorNaming(renderError(canvas(props)).error(), option);
  });
});
