import { useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { booleanValue, checkKnownKeys, functionValue, oneOf, positiveNumber, timeScaleValue } from '../core/validate.js';
import { FRAME_SCHEDULER_OPTION_KEYS } from '../scheduler/createFrameScheduler.js';
import { checkSource, createFrameScheduler } from '../scheduler/createFrameScheduler.js';
import { maxFrameRateValue } from '../scheduler/frameRateCap.js';
import { DEFAULT_MAX_DELTA_SECONDS } from '../scheduler/loopHost.js';
import type {
  FrameGap,
  FrameInfo,
  FrameLoopMode,
  FrameScheduler,
  FrameSchedulerOptions,
  FrameSource,
  SchedulerAdaptiveOptions,
} from '../scheduler/types.js';
import { FrameSchedulerContext } from './context.js';
import { dropUndefined } from './dropUndefined.js';
import { FrameSourceOverrideContext } from './frameSourceOverride.js';
import { useLatest } from './useLatest.js';
import { checkAdaptiveOptions } from './useAdaptiveFramerate.js';
import { isDevelopment } from '../scheduler/devMode.js';

declare const process: { env: { NODE_ENV?: string } };

/** Props of {@link FrameProvider}. */
export interface FrameProviderProps {
  /** The subtree whose hooks run on this provider's loop instead of the shared default one. */
  children?: ReactNode;
  /**
   * Use this scheduler (you create and destroy it); every other prop is then ignored (a
   * development warning names them). Stop giving it and the subtree moves to the provider's own.
   */
  scheduler?: FrameScheduler;
  /** `'always'` (default), `'demand'` or `'manual'`. Changes are applied with `setFrameloop`. */
  frameloop?: FrameLoopMode;
  /** Stop game time for everything under this provider. Changes are applied with `pause`/`resume`. */
  paused?: boolean;
  /** Game seconds per real second (0 to `MAX_TIME_SCALE` = 1e6). Default 1. Changes are applied with `setTimeScale`. */
  timeScale?: number;
  /** Longest real gap a frame is given, seconds (default 0.25). Removing the prop restores the default. */
  maxDelta?: number;
  /** Called with what a subscriber threw; without one the error is thrown after the frame, never swallowed. */
  onError?: (error: unknown, frame: FrameInfo) => void;
  /** Called when a frame's real gap (hidden tab, breakpoint) was clamped to `maxDelta`. The payload is reused. */
  onGap?: (gap: FrameGap) => void;
  /** Called after every frame, after all subscribers. */
  onFrame?: (frame: FrameInfo) => void;
  /** Where frames come from (default: the browser's requestAnimationFrame). Read once. */
  source?: FrameSource;
  /** A fixed display rate in Hz instead of the detected one. Read once. */
  refreshRate?: number;
  /** Turn on the adaptive frame rate. Changes are applied with `setAdaptive`. */
  adaptive?: boolean | SchedulerAdaptiveOptions;
  /**
   * Cap the frame rate on whole vblanks, Hz (≥ 1): every d-th vblank, d the whole number nearest to
   * the detected rate / this (60 on 144 Hz: every 2nd, 72 Hz). Removing the prop removes the cap.
   */
  maxFrameRate?: number;
}

/**
 * Gives the components below it their own frame loop, or a loop you made: to pause a subtree, slow
 * it down, drive it from a manual source in tests, or isolate two games on a page. Its own
 * scheduler lives as long as it is mounted; `source` and `refreshRate` are read once, every other
 * prop may change at any time (applied from the next frame, without a remount). Bad props throw
 * at the render that passes them, naming the prop and the value.
 *
 * @example
 * ```tsx
 * <FrameProvider paused={menuOpen} timeScale={0.5}>
 *   <Game />
 * </FrameProvider>
 * ```
 */
export function FrameProvider(props: FrameProviderProps): ReactNode {
  checkProps(props);
  const { children, scheduler: given } = props;
  const latest = useLatest(props);
  // Tests (renderWithFrames) hand their simulated display down to providers inside the tree.
  const sourceOverride = useContext(FrameSourceOverrideContext);
  // Created at render (creation starts nothing: the effects below do), so children see it at once.
  const [box] = useState<OwnedBox>(() => ({ owned: null, generation: 0 }));
  if (!given && box.owned === null) box.owned = createOwned();
  const owned = box.owned;
  function createOwned(): FrameScheduler {
    // Every prop is a scheduler option but the first two; the adaptive rate and the cap are turned
    // on by the effects, not here in render.
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

  // A given scheduler is configured by its owner: say which props it makes this provider ignore
  // (development only; `process.env.NODE_ENV` written out so a production build drops it).
  const ignored =
    given && isDevelopment() && process.env.NODE_ENV !== 'production'
      ? IGNORED_WITH_SCHEDULER.filter((key) => (props as Record<string, unknown>)[key] !== undefined).join(', ')
      : '';
  useEffect(() => {
    if (ignored && process.env.NODE_ENV !== 'production') {
      console.warn(`<FrameProvider>: ${ignored} ignored because \`scheduler\` is given; configure that scheduler itself (pause(), setTimeScale(), setFrameloop(), setAdaptive(), setMaxFrameRate(), setMaxDelta()).`);
    }
  }, [ignored]);

  // Apply run-time changes. The scheduler already started with the initial values, and these
  // setters are idempotent, so running them on mount is harmless.
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
  // Unlike the props above, a removed cap is applied too (undefined removes it): a cap left
  // behind would keep holding pictures with nothing in the props saying so.
  useEffect(() => {
    if (owned) owned.setMaxFrameRate(maxFrameRate);
  }, [owned, maxFrameRate]);
  // Likewise a removed maxDelta restores the default.
  useEffect(() => {
    if (owned) owned.setMaxDelta(maxDelta ?? DEFAULT_MAX_DELTA_SECONDS);
  }, [owned, maxDelta]);

  return <FrameSchedulerContext.Provider value={scheduler}>{children}</FrameSchedulerContext.Provider>;
}

const OWNER = 'FrameProvider';
/** Props that configure the provider's own scheduler, so a given `scheduler` makes them moot. */
const IGNORED_WITH_SCHEDULER: readonly string[] = ['paused', 'timeScale', 'frameloop', 'adaptive', 'maxFrameRate', 'maxDelta', 'source', 'refreshRate'];
const PROP_KEYS: readonly string[] = ['children', 'scheduler', ...FRAME_SCHEDULER_OPTION_KEYS];
const FRAME_LOOP_MODES: readonly FrameLoopMode[] = ['always', 'demand', 'manual'];
type Check = (owner: string, name: string, value: unknown) => unknown;
const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The check of each prop that has one, in the order they are checked; an undefined prop is not checked. */
const CHECKS: ReadonlyArray<[string, Check]> = [
  ['frameloop', (owner, name, value) => oneOf(owner, name, value, FRAME_LOOP_MODES)],
  ['paused', booleanValue],
  ['timeScale', timeScaleValue],
  ['maxDelta', positiveNumber],
  ['refreshRate', positiveNumber],
  ['maxFrameRate', maxFrameRateValue],
  ['adaptive', (owner, name, value) => typeof value === 'boolean' || (isObject(value) ? checkAdaptiveOptions(`${owner} (adaptive)`, value) : booleanValue(owner, name, value))],
  ['source', (owner, _name, value) => checkSource(owner, value)],
  ['onError', functionValue],
  ['onGap', functionValue],
  ['onFrame', functionValue],
];

/**
 * Every prop checked on every render (mount and change), so a wrong value fails where it is
 * written, with the component, the prop and the value in the message, and not as a TypeError in
 * every frame later. Unknown prop names (`timescale`) are errors too.
 */
function checkProps(props: FrameProviderProps): void {
  checkKnownKeys(OWNER, props as Record<string, unknown>, PROP_KEYS);
  const p = props as Record<string, unknown>;
  const given = p.scheduler as Partial<FrameScheduler> | null | undefined;
  if (given !== undefined && (typeof given !== 'object' || given === null || typeof given.subscribe !== 'function')) {
    throw new RangeError(`${OWNER}: option \`scheduler\` must be a scheduler from createFrameScheduler, got ${given === null ? 'null' : typeof given}`);
  }
  for (const [name, check] of CHECKS) if (p[name] !== undefined) check(OWNER, name, p[name]);
}

/**
 * Destroys the provider's own scheduler after it unmounts for good.
 *
 * Why deferred: StrictMode unmounts and remounts every effect once in development. Destroying in
 * that first cleanup would leave the children (which resubscribe right away) on a dead scheduler.
 * The remount happens synchronously in the same commit, so a microtask later we know whether the
 * provider is really gone. The children have unsubscribed by then, so the loop is already idle.
 */
function useOwnedLifetime(box: OwnedBox): void {
  // Each mount gets a number (kept in the box), so only the cleanup of the LAST mount may destroy
  // (a remount since has a newer number).
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
