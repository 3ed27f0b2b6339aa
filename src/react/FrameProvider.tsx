import { useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { callback, checkNames, dropUndefined, checkValue, choice, flag, positive, timeScale, type Rule } from '../core/internal.js';
import { FRAME_SCHEDULER_OPTION_KEYS } from '../scheduler/internal.js';
import { checkSource, createFrameScheduler } from '../scheduler/internal.js';
import { maxFrameRateValue } from '../scheduler/internal.js';
import { DEFAULT_MAX_DELTA_SECONDS } from '../scheduler/internal.js';
import type {
  FrameGap,
  FrameInfo,
  FrameLoopMode,
  FrameScheduler,
  FrameSchedulerOptions,
  FrameSource,
  SchedulerAdaptiveOptions,
} from '../scheduler/internal.js';
import { FrameSchedulerContext } from './context.js';
import { FrameSourceOverrideContext } from './frameSourceOverride.js';
import { useLatest } from './useLatest.js';
import { checkAdaptiveOptions } from './useAdaptiveFramerate.js';
import { isDevelopment } from '../scheduler/internal.js';

declare const process: { env: { NODE_ENV?: string } };

/** Props of {@link FrameProvider}. */
export interface FrameProviderProps {
  /** The subtree whose hooks run on this provider's loop instead of the shared default one. */
  children?: ReactNode;
  /** Use this scheduler (you own it); other props are then ignored. Without it, the provider makes its own. */
  scheduler?: FrameScheduler;
  /** When frames run. Default `'always'`. */
  frameloop?: FrameLoopMode;
  /** Stop game time for everything under this provider. */
  paused?: boolean;
  /** Game seconds per real second (0 to `MAX_TIME_SCALE`). Default 1. */
  timeScale?: number;
  /** Longest real gap a frame is given, seconds. Default 0.25. */
  maxDelta?: number;
  /** Called with what a subscriber threw. Default: thrown after the frame. */
  onError?: (error: unknown, frame: FrameInfo) => void;
  /** Called when a frame's real gap was clamped to `maxDelta` (a reused payload). */
  onGap?: (gap: FrameGap) => void;
  /** Called after every frame, after all subscribers. */
  onFrame?: (frame: FrameInfo) => void;
  /** Where frames come from. Default: the browser's requestAnimationFrame. Read once. */
  source?: FrameSource;
  /** A fixed display rate in Hz instead of the detected one. Read once. */
  refreshRate?: number;
  /** Turn on the adaptive frame rate. */
  adaptive?: boolean | SchedulerAdaptiveOptions;
  /** Cap the frame rate on whole vblanks, Hz (≥ 1); see docs/react.md. */
  maxFrameRate?: number;
}

/**
 * Gives the components below it their own frame loop, or a loop you made: to pause a subtree, slow
 * it down, drive it from a manual source or isolate two games. See docs/react.md.
 */
export function FrameProvider(props: FrameProviderProps): ReactNode {
  checkProps(props);
  const { children, scheduler: given } = props;
  const latest = useLatest(props);
  const sourceOverride = useContext(FrameSourceOverrideContext);
  // Created at render (creation starts nothing: the effects below do), so children see it at once.
  const [box] = useState<OwnedBox>(() => ({ owned: null, generation: 0 }));
  if (!given && box.owned === null) box.owned = createOwned();
  const owned = box.owned;
  function createOwned(): FrameScheduler {
    // The adaptive rate and the cap are turned on by the effects, not in render.
    const options: FrameSchedulerOptions & { children?: undefined; scheduler?: undefined } = {
      ...props,
      children: undefined,
      scheduler: undefined,
      adaptive: undefined,
      maxFrameRate: undefined,
      source: props.source ?? sourceOverride ?? undefined,
      onGap: (gap) => latest.current.onGap?.(gap),
      onFrame: (frame) => latest.current.onFrame?.(frame),
      // Without a handler (removed since) it rethrows: thrown after the frame, never swallowed.
      onError: (error, frame) => {
        const handler = latest.current.onError;
        if (!handler) throw error;
        handler(error, frame);
      },
    };
    return createFrameScheduler(dropUndefined(options));
  }
  const scheduler = (given ?? owned) as FrameScheduler;

  useOwnedLifetime(box);

  // Name the props a given scheduler makes moot (NODE_ENV written out so production drops it).
  const ignored =
    given && isDevelopment() && process.env.NODE_ENV !== 'production'
      ? IGNORED_WITH_SCHEDULER.filter((key) => (props as Record<string, unknown>)[key] !== undefined).join(', ')
      : '';
  useEffect(() => {
    if (ignored && process.env.NODE_ENV !== 'production') {
      console.warn(`<FrameProvider>: ${ignored} ignored because \`scheduler\` is given; configure that scheduler itself (pause(), setTimeScale(), setFrameloop(), setAdaptive(), setMaxFrameRate(), setMaxDelta()).`);
    }
  }, [ignored]);

  // Run-time changes; the setters are idempotent, so running them on mount is harmless.
  const { paused, timeScale, frameloop, adaptive, maxFrameRate, maxDelta } = props;
  useEffect(() => {
    if (!owned || paused === undefined) return;
    if (paused) owned.pause();
    else owned.resume();
  }, [owned, paused]);
  useEffect(() => {
    if (owned && timeScale !== undefined) owned.setTimeScale(timeScale);
  }, [owned, timeScale]);
  useEffect(() => {
    if (owned && frameloop !== undefined) owned.setFrameloop(frameloop);
  }, [owned, frameloop]);
  const adaptiveKey = adaptive === undefined ? undefined : JSON.stringify(adaptive);
  useEffect(() => {
    if (owned && adaptiveKey !== undefined) owned.setAdaptive(JSON.parse(adaptiveKey) as boolean | SchedulerAdaptiveOptions);
  }, [owned, adaptiveKey]);
  // A removed cap (or maxDelta) is applied too: nothing in the props would say it was left behind.
  useEffect(() => {
    if (owned) owned.setMaxFrameRate(maxFrameRate);
  }, [owned, maxFrameRate]);
  useEffect(() => {
    if (owned) owned.setMaxDelta(maxDelta ?? DEFAULT_MAX_DELTA_SECONDS);
  }, [owned, maxDelta]);

  return <FrameSchedulerContext.Provider value={scheduler}>{children}</FrameSchedulerContext.Provider>;
}

const OWNER = 'FrameProvider';
const IGNORED_WITH_SCHEDULER: readonly string[] = ['paused', 'timeScale', 'frameloop', 'adaptive', 'maxFrameRate', 'maxDelta', 'source', 'refreshRate'];
const PROP_KEYS: readonly string[] = ['children', 'scheduler', ...FRAME_SCHEDULER_OPTION_KEYS];
const FRAME_LOOP_MODES: readonly FrameLoopMode[] = ['always', 'demand', 'manual'];
type Check = (owner: string, name: string, value: unknown) => unknown;
const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A prop checked by a rule of the options table. */
const by =
  <T,>(rule: Rule<T>): Check =>
  (owner, name, value) =>
    checkValue(owner, 'option', name, value, rule);
const FLAG = flag();
const FUNCTION = callback();
const CHECKS: ReadonlyArray<[string, Check]> = [
  ['frameloop', by(choice(FRAME_LOOP_MODES))],
  ['paused', by(FLAG)],
  ['timeScale', by(timeScale(true))],
  ['maxDelta', by(positive())],
  ['refreshRate', by(positive())],
  ['maxFrameRate', maxFrameRateValue],
  ['adaptive', (owner, name, value) => typeof value === 'boolean' || (isObject(value) ? checkAdaptiveOptions(`${owner} (adaptive)`, value) : checkValue(owner, 'option', name, value, FLAG))],
  ['source', (owner, _name, value) => checkSource(owner, value)],
  ['onError', by(FUNCTION)],
  ['onGap', by(FUNCTION)],
  ['onFrame', by(FUNCTION)],
];

/** Every prop checked on every render, so a wrong value fails where it is written, not every frame later. */
function checkProps(props: FrameProviderProps): void {
  checkNames(OWNER, 'option', props as Record<string, unknown>, PROP_KEYS);
  const p = props as Record<string, unknown>;
  const given = p.scheduler as Partial<FrameScheduler> | null | undefined;
  if (given !== undefined && (typeof given !== 'object' || given === null || typeof given.subscribe !== 'function')) {
    throw new RangeError(`${OWNER}: option \`scheduler\` must be a scheduler from createFrameScheduler, got ${given === null ? 'null' : typeof given}`);
  }
  for (const [name, check] of CHECKS) if (p[name] !== undefined) check(OWNER, name, p[name]);
}

/**
 * Destroys the provider's own scheduler after it unmounts for good: a microtask later, since a
 * StrictMode remount in the same commit must not find it dead; only the latest mount may destroy.
 */
function useOwnedLifetime(box: OwnedBox): void {
  const owned = box.owned;
  useEffect(() => {
    if (!owned) return;
    const mine = ++box.generation;
    return () => {
      queueMicrotask(() => {
        if (box.generation === mine) owned.destroy();
      });
    };
  }, [owned, box]);
}

/** The provider's own scheduler (null until it needs one) and the number of its latest mount. */
interface OwnedBox {
  owned: FrameScheduler | null;
  generation: number;
}
