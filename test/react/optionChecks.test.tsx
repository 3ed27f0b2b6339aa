// Each hook and FrameProvider refuses a misspelt option or a mistyped value at mount, with a
// RangeError naming itself, the option and the value (not a core factory, not later in an effect).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FrameProvider,
  useAdaptiveFramerate,
  useFrame,
  useFrameScheduler,
  useFrameStats,
  useRefreshRate,
  useSmoothedDelta,
  useSyncedUpdate,
} from '../../src/index.js';
import { resetDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { cleanupMounted, render } from './helpers.js';

afterEach(() => {
  cleanupMounted();
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
    ['mistyped source', { source: { request: noop } }, /^FrameProvider: option `source` must be an object with request, cancel and now functions, got object/],
  ];
  it.each(PROPS)('%s', (_what, props, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<FrameProvider {...(props as object)} />)).toThrow(message);
  });
});
