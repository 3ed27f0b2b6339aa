import { useEffect } from 'react';
import { finiteNumber, functionValue } from '../core/validate.js';
import type { FixedClockStep, FixedRender, FixedUpdate } from '../scheduler/fixedClock.js';
import type { FrameInfo } from '../scheduler/types.js';
import { useSharedClock } from './useFixedClock.js';
import { useLatest } from './useLatest.js';

/** Options of {@link useFixedUpdate} and {@link useFixedRender}. */
export interface UseFixedJobOptions {
  /** Lower runs first within each step (updates) or frame (renders); ties run in mount order. Default 0. Changing it re-adds the job. */
  priority?: number;
}

/**
 * Add `update` to every step of the nearest `<FixedClockProvider>`'s clock: it advances this
 * component's part of the game by exactly `dt` (the clock's step) seconds. Per step every
 * component's update runs, in `priority` order, before the next step begins; a component mounted
 * later joins the running step grid. `step.index` numbers the step from the clock's time zero and
 * `step.stepEndTimestampMs` says at which real time (ms) the step's game time ends.
 *
 * The newest `update` is called without re-adding it; never re-renders the component.
 *
 * @throws Error without a `<FixedClockProvider>` above; RangeError naming `update` or `priority` when bad.
 * @example
 * ```tsx
 * function Player() {
 *   useFixedUpdate((dt) => { prev.x = curr.x; curr.x += 120 * dt; }, { priority: 0 });
 *   useFixedRender((alpha) => { sprite.x = prev.x + (curr.x - prev.x) * alpha; });
 *   return null;
 * }
 * ```
 */
export function useFixedUpdate(update: (dt: number, step: Readonly<FixedClockStep>) => void, options: UseFixedJobOptions = {}): void {
  useSharedClockJob('useFixedUpdate', 'update', update, options);
}

/**
 * `useFixedUpdate` and `useFixedRender`: the newest `fn` added to the provider's clock as its
 * `kind` of job, at `options.priority`; errors name `owner`.
 * @internal
 */
export function useSharedClockJob(owner: string, kind: 'update' | 'render', fn: FixedUpdate | FixedRender, options: UseFixedJobOptions): void {
  functionValue(owner, kind, fn);
  const priority = finiteNumber(owner, 'priority', options.priority ?? 0);
  const clock = useSharedClock(owner);
  const latest = useLatest(fn as (a: number, b: never) => void);
  useEffect(
    () => clock[kind === 'update' ? 'addUpdate' : 'addRender']((a: number, b: Readonly<FixedClockStep> | FrameInfo) => latest.current(a, b as never), { priority }),
    [clock, kind, priority, latest],
  );
}
