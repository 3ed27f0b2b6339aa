import { useEffect, useMemo } from 'react';
import type { MutableRefObject } from 'react';
import { finiteNumber, functionValue, oneOf, optionsObject, withDefault } from '../core/internal.js';
import { FRAME_PHASES } from '../scheduler/internal.js';
import { refreshRateOf, type FrameInfo, type LoopView } from '../scheduler/internal.js';
import { useFollowRefreshRate } from './useFollowRefreshRate.js';
import type { RateFollower } from './useFollowRefreshRate.js';
import { useFrameLoop } from './useFrameLoop.js';
import { useLatest } from './useLatest.js';
import { renameOwner } from './renameOwner.js';

/** The callback of the hooks built on {@link useRateCallback}: game seconds, and the frame. */
export type DtCallback = (dt: number, frame: FrameInfo) => void;

/** Makes the per-frame function of a {@link useRateCallback} hook, once per subscription. */
export type RateHandlerFactory<T, E> = (target: T, latest: MutableRefObject<DtCallback>, loop: LoopView, extra: E) => (frame: FrameInfo) => void;

/**
 * The shared body of `useSmoothedDelta` and `useSyncedUpdate`: checks options naming `owner`, creates
 * the core algorithm (again on `createDeps`), follows the display rate, subscribes `makeHandler`'s function. @internal
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
  const loop = useFrameLoop();
  const latest = useLatest(callback);
  const { refreshRate } = options;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the hook names what needs a new algorithm; the rate is followed below
  const target = useMemo(() => renameOwner(coreFactory, owner, () => create(refreshRate ?? refreshRateOf(loop).refreshRate)), createDeps);
  useFollowRefreshRate(loop, target, refreshRate);
  useEffect(
    () => loop.subscribe(makeHandler(target, latest, loop, extra), { phase, priority }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loop, target, extra, phase, priority, latest],
  );
}
