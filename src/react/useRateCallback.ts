import { useEffect, useMemo } from 'react';
import type { MutableRefObject } from 'react';
import { finiteNumber, functionValue, oneOf, optionsObject, withDefault } from '../core/validate.js';
import { FRAME_PHASES } from '../scheduler/subscribers.js';
import type { FrameInfo, FrameScheduler } from '../scheduler/types.js';
import { useFollowRefreshRate } from './useFollowRefreshRate.js';
import type { RateFollower } from './useFollowRefreshRate.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useLatest } from './useLatest.js';
import { renameOwner } from './renameOwner.js';

/** The callback of the hooks built on {@link useRateCallback}: game seconds, and the frame. */
export type DtCallback = (dt: number, frame: FrameInfo) => void;

/**
 * Makes the frame subscriber of a {@link useRateCallback} hook: called once per subscription, it
 * returns the function every frame runs. `latest` holds the newest callback; `extra` is the
 * hook's own value that resubscribes when it changes.
 */
export type RateHandlerFactory<T, E> = (target: T, latest: MutableRefObject<DtCallback>, scheduler: FrameScheduler, extra: E) => (frame: FrameInfo) => void;

/**
 * The shared body of `useSmoothedDelta` and `useSyncedUpdate`: a callback turned into game-time
 * calls by a core algorithm that follows the display rate.
 *
 * Checks `callback`, the option names (`optionKeys`), `phase` (default `'update'`; a hook without
 * a `phase` option refuses the name, so it is always `'update'` there) and `priority` (default 0),
 * naming `owner` (`coreFactory`'s errors are renamed to it). Then `create`s the algorithm at the given `refreshRate` or the scheduler's
 * (again whenever one of `createDeps` changes; the rate is kept current by useFollowRefreshRate)
 * and subscribes `makeHandler(…)`'s function, again when the scheduler, the algorithm, the phase,
 * the priority or `extra` change. The newest callback is called without resubscribing.
 * @internal
 */
export function useRateCallback<T extends RateFollower, E>(
  owner: string,
  callback: DtCallback,
  options: { refreshRate?: number },
  optionKeys: readonly string[],
  coreFactory: string,
  create: (refreshRate: number) => T,
  createDeps: readonly unknown[],
  makeHandler: RateHandlerFactory<T, E>,
  extra: E,
): void {
  functionValue(owner, 'callback', callback);
  const o = optionsObject(owner, options, false, optionKeys);
  const phase = oneOf(owner, 'phase', withDefault(o.phase, 'update'), FRAME_PHASES);
  const priority = finiteNumber(owner, 'priority', withDefault(o.priority, 0));
  const scheduler = useFrameScheduler();
  const latest = useLatest(callback);
  const { refreshRate } = options;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the hook names what needs a new algorithm; the rate is followed below
  const target = useMemo(() => renameOwner(coreFactory, owner, () => create(refreshRate ?? scheduler.refreshRate.refreshRate)), createDeps);
  useFollowRefreshRate(scheduler, target, refreshRate);
  useEffect(
    () => scheduler.subscribe(makeHandler(target, latest, scheduler, extra), { phase, priority }),
    // makeHandler is a module function of the hook: constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scheduler, target, extra, phase, priority, latest],
  );
}
