import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createFrameScheduler } from '../scheduler/index.js';
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
import { useLatest } from './useLatest.js';

/** Props of {@link FrameProvider}. */
export interface FrameProviderProps {
  /**
   * The subtree whose hooks (`useFrame`, `useFixedTimestep`, `<GameCanvas>` …) run on this
   * provider's loop instead of the shared default one.
   */
  children?: ReactNode;
  /**
   * Use this scheduler (you create and destroy it). When given, every other option below is
   * ignored: configure the scheduler itself.
   */
  scheduler?: FrameScheduler;
  /** `'always'` (default), `'demand'` or `'manual'`. Changes are applied with `setFrameloop`. */
  frameloop?: FrameLoopMode;
  /** Stop game time for everything under this provider. Changes are applied with `pause`/`resume`. */
  paused?: boolean;
  /** Game seconds per real second. Default 1. Changes are applied with `setTimeScale`. */
  timeScale?: number;
  /** Longest real gap a frame is given, seconds (default 0.25). Read once, when the provider mounts. */
  maxDelta?: number;
  /** Called with what a subscriber threw. The latest function is called; whether it is given is read once. */
  onError?: (error: unknown, frame: FrameInfo) => void;
  /**
   * Called when a frame's real gap (hidden tab, breakpoint) was clamped to `maxDelta`: the time the
   * game did not get. The latest function is called. The payload is reused: read it in the call.
   */
  onGap?: (gap: FrameGap) => void;
  /** Called after every frame, after all subscribers. The latest function is called. */
  onFrame?: (frame: FrameInfo) => void;
  /** Where frames come from (default: the browser's requestAnimationFrame). Read once. */
  source?: FrameSource;
  /** A fixed display rate in Hz instead of the detected one. Read once. */
  refreshRate?: number;
  /** Turn on the adaptive frame rate. Changes are applied with `setAdaptive`. */
  adaptive?: boolean | SchedulerAdaptiveOptions;
}

/**
 * Gives the components below it their own frame loop, or a loop you made.
 *
 * Hooks work without a provider (they share one default scheduler); add a provider to pause a
 * subtree, slow it down, drive it from a manual source in tests, or isolate two games on a page.
 *
 * Without `scheduler`, the provider creates one scheduler for its lifetime from the options and
 * destroys it when it unmounts. `paused`, `timeScale`, `frameloop` and `adaptive` may change at
 * any time; `maxDelta`, `source` and `refreshRate` are read once.
 *
 * @example
 * ```tsx
 * <FrameProvider paused={menuOpen} timeScale={0.5}>
 *   <Game />
 * </FrameProvider>
 * ```
 */
export function FrameProvider(props: FrameProviderProps): ReactNode {
  const { children, scheduler: given } = props;
  const onErrorRef = useLatest(props.onError);
  const onGapRef = useLatest(props.onGap);
  const onFrameRef = useLatest(props.onFrame);
  // Created during the first render (creation has no side effects: the loop only requests frames
  // once someone subscribes) so that children see it in their very first render.
  const [owned] = useState<FrameScheduler | null>(() => {
    if (given) return null;
    const options: FrameSchedulerOptions = {
      frameloop: props.frameloop,
      paused: props.paused,
      timeScale: props.timeScale,
      maxDelta: props.maxDelta,
      source: props.source,
      refreshRate: props.refreshRate,
      adaptive: props.adaptive,
      // Always installed (cheap), so the callbacks may be added after mount.
      onGap: (gap) => onGapRef.current?.(gap),
      onFrame: (frame) => onFrameRef.current?.(frame),
    };
    // Without `onError` the scheduler rethrows; keep that unless the caller asked to handle errors.
    if (props.onError) options.onError = (error, frame) => onErrorRef.current?.(error, frame);
    return createFrameScheduler(dropUndefined(options));
  });
  const scheduler = given ?? owned;

  useOwnedLifetime(owned);

  // Apply run-time changes. The scheduler already started with the initial values, and these
  // setters are idempotent, so running them on mount is harmless.
  const { paused, timeScale, frameloop, adaptive } = props;
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

  return <FrameSchedulerContext.Provider value={scheduler}>{children}</FrameSchedulerContext.Provider>;
}

/**
 * Destroys the provider's own scheduler after it unmounts for good.
 *
 * Why deferred: StrictMode unmounts and remounts every effect once in development. Destroying in
 * that first cleanup would leave the children (which resubscribe right away) on a dead scheduler.
 * The remount happens synchronously in the same commit, so a microtask later we know whether the
 * provider is really gone. The children have unsubscribed by then, so the loop is already idle.
 */
function useOwnedLifetime(owned: FrameScheduler | null): void {
  // Each mount gets a number, so only the cleanup of the LAST mount may destroy.
  const life = useRef({ mounted: false, generation: 0 });
  useEffect(() => {
    if (!owned) return;
    const state = life.current;
    const mine = ++state.generation;
    state.mounted = true;
    return () => {
      state.mounted = false;
      queueMicrotask(() => {
        if (!state.mounted && state.generation === mine) owned.destroy();
      });
    };
  }, [owned]);
}
