import type { RefreshRateEstimate } from '../core/index.js';
import type { FrameSubscription, SubscriberList, SubscriberOrdering } from './subscribers.js';
import type { FrameCallback, FrameGap, FrameInfo, FrameLoopMode, FrameScheduler, FrameSource, SchedulerAdaptiveOptions, SubscribeOptions } from './types.js';

/** Where a scheduler keeps its loop: a registered symbol, so two copies of the package agree. @internal */
export const FRAME_LOOP_HOST: unique symbol = Symbol.for('react-timestep.frame-loop-host') as never;

/** Per-frame work of a started part (detection, adaptive rate, cap); without one a frame pays a null check. @internal */
export interface FrameTiming {
  /** A source frame arrived; true skips this vblank. `forward`: the timestamp is later than the last run's. */
  begin(timestampMs: number, forward: boolean): boolean;
  end(): void;
  /** After every source frame: tell listeners what changed. */
  settle(): void;
  readonly divisor: number;
}

/** The loop's checked settings, read every frame. @internal */
export interface LoopConfig {
  mode: FrameLoopMode;
  maxDelta: number;
  timeScale: number;
  paused: boolean;
  onError: ((error: unknown, frame: FrameInfo) => void) | undefined;
  onGap: ((gap: FrameGap) => void) | undefined;
  onFrame: ((frame: FrameInfo) => void) | undefined;
}

/** What the scheduler and its parts reach inside a frame loop (functions, not getters: docs/performance.md). @internal */
export interface FrameLoopHost {
  readonly owner: string;
  readonly source: FrameSource;
  readonly config: LoopConfig;
  readonly frame: FrameInfo;
  scheduler?: FrameScheduler;
  /** Creates the named ordering the first time a subscription names ids. */
  startOrdering?: () => SubscriberOrdering;
  /** [0]: timestamp of the last run, ms (NaN before the first). */
  readonly times: Float64Array;
  readonly fixedRate: boolean;
  estimate(): RefreshRateEstimate;
  timing(): FrameTiming | null;
  attach(timing: FrameTiming, estimate: RefreshRateEstimate): void;
  /** What `setAdaptive` does; null until installed. */
  adaptive(): ((adaptive: boolean | SchedulerAdaptiveOptions) => void) | null;
  attachAdaptive(setAdaptive: (adaptive: boolean | SchedulerAdaptiveOptions) => void): void;
  /** Called with each vblank the adaptive rate or a cap skips (recordTiming keeps them for the replay); made by the first. */
  skipListeners?: ((timestampMs: number) => void)[];
  readonly refreshListeners: Set<(estimate: RefreshRateEstimate) => void>;
  readonly divisorListeners: Set<(divisor: number) => void>;
  /** Hand an error to `onError`, or keep it for {@link FrameLoopHost.throwCollected}. */
  report(error: unknown): void;
  clearErrors(): void;
  throwCollected(what: string): void;
  inFrame(): boolean;
  readonly subscribers: SubscriberList;
  subscribe(callback: FrameCallback, options: SubscribeOptions | undefined, caller: string): FrameSubscription;
  run(timestampMs: number): void;
  invalidate(): void;
  /** Request or cancel the next frame to match the mode and the subscriptions. */
  sync(): void;
  running(): boolean;
  destroy(): void;
}

/** The loop of a scheduler made by this package (undefined for a test double). @internal */
export function frameLoopHost(scheduler: FrameScheduler): FrameLoopHost | undefined {
  return (scheduler as FrameScheduler & { [FRAME_LOOP_HOST]?: FrameLoopHost })[FRAME_LOOP_HOST];
}
