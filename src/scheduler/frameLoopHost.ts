import type { RefreshRateEstimate } from '../core/types.js';
import type { FrameSubscription, SubscriberList, SubscriberOrdering } from './subscribers.js';
import type { FrameCallback, FrameGap, FrameInfo, FrameLoopMode, FrameScheduler, FrameSource, SchedulerAdaptiveOptions, SubscribeOptions } from './types.js';

/** Where a scheduler keeps its loop: a registered symbol, so two copies of the package agree. @internal */
export const FRAME_LOOP_HOST: unique symbol = Symbol.for('react-timestep.frame-loop-host') as never;

/** Per-frame work of a started part (detection, adaptive rate, cap); without one a frame pays a null check. @internal */
export interface FrameTiming {
  /**
   * A source frame arrived (before anything runs). Returns true when this vblank is skipped (the
   * divisor of the adaptive rate or the frame-rate cap holds the picture): nothing runs and the time goes to the next run.
   * `forward`: the timestamp is valid and later than the last run's ({@link FrameLoopHost.times}).
   */
  begin(timestampMs: number, forward: boolean): boolean;
  /** The subscribers of a frame that `begin` let through have run. */
  end(): void;
  /** After every source frame, outside it: tell listeners what changed. */
  settle(): void;
  /** Vblanks per picture (1 without the adaptive rate and the frame-rate cap). */
  readonly divisor: number;
}

/**
 * The loop's settings, read every frame and changed by the {@link FrameScheduler} methods
 * (`pause`, `setTimeScale`, `setFrameloop`): checked values only.
 * @internal
 */
export interface LoopConfig {
  mode: FrameLoopMode;
  /** Longest real gap a frame is given, seconds. */
  maxDelta: number;
  timeScale: number;
  paused: boolean;
  onError: ((error: unknown, frame: FrameInfo) => void) | undefined;
  onGap: ((gap: FrameGap) => void) | undefined;
  onFrame: ((frame: FrameInfo) => void) | undefined;
}

/**
 * What the scheduler and its parts (detection, adaptive rate, cap, ordering) reach inside a frame
 * loop. Accessor functions, not plain properties: docs/performance.md.
 * @internal
 */
export interface FrameLoopHost {
  /** Names the factory in error messages. */
  readonly owner: string;
  readonly source: FrameSource;
  /** The settings the scheduler's methods change. */
  readonly config: LoopConfig;
  /** The info of the last frame run (one reused object). */
  readonly frame: FrameInfo;
  /** The {@link FrameScheduler} over this loop, once one was made (the default loop's is made on demand). */
  scheduler?: FrameScheduler;
  /** Creates the named ordering the first time a subscription names ids; set with the scheduler. */
  startOrdering?: () => SubscriberOrdering;
  /** [0]: timestamp of the last frame whose subscribers ran, ms (NaN before the first); an array: docs/performance.md. */
  readonly times: Float64Array;
  /** True when the `refreshRate` option fixed the rate: nothing to detect. */
  readonly fixedRate: boolean;
  /** The estimate frames and `refreshRate` read. */
  estimate(): RefreshRateEstimate;
  /** The installed per-frame part, or null. */
  timing(): FrameTiming | null;
  /** Install the per-frame part and the estimate frames read from the next frame on. */
  attach(timing: FrameTiming, estimate: RefreshRateEstimate): void;
  /** What `setAdaptive` does; null until the adaptive frame rate is installed. */
  adaptive(): ((adaptive: boolean | SchedulerAdaptiveOptions) => void) | null;
  /** Install what `setAdaptive` does. */
  attachAdaptive(setAdaptive: (adaptive: boolean | SchedulerAdaptiveOptions) => void): void;
  readonly refreshListeners: Set<(estimate: RefreshRateEstimate) => void>;
  readonly divisorListeners: Set<(divisor: number) => void>;
  /** Hand an error to `onError`, or keep it for {@link FrameLoopHost.throwCollected}. */
  report(error: unknown): void;
  /** Forget kept errors (before work done outside a frame). */
  clearErrors(): void;
  /** Throw the kept errors (one as is, several as an AggregateError). */
  throwCollected(what: string): void;
  /** True while a frame runs. */
  inFrame(): boolean;
  /** The loop's subscribers (named ordering plugs into them). */
  readonly subscribers: SubscriberList;
  /** `subscribe`, with `caller` naming the hook or method in error messages. */
  subscribe(callback: FrameCallback, options: SubscribeOptions | undefined, caller: string): FrameSubscription;
  /** Run one frame at `timestampMs` now (`advance`). */
  run(timestampMs: number): void;
  /** Mark a frame as wanted ('demand' mode) and request it. */
  invalidate(): void;
  /** Request or cancel the next frame to match the mode and the subscriptions (after a settings change). */
  sync(): void;
  /** True while a frame request is pending at the source. */
  running(): boolean;
  /** Drop every subscriber and listener and cancel the pending request. */
  destroy(): void;
}

/** The loop of a scheduler made by this package (undefined for a test double). @internal */
export function frameLoopHost(scheduler: FrameScheduler): FrameLoopHost | undefined {
  return (scheduler as FrameScheduler & { [FRAME_LOOP_HOST]?: FrameLoopHost })[FRAME_LOOP_HOST];
}
