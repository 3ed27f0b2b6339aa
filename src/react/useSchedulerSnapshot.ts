import { useCallback, useSyncExternalStore } from 'react';
import type { LoopView } from '../scheduler/internal.js';

/** Listen to the scheduler's changes of a shown value; returns the unsubscribe. */
export type SchedulerListen = (loop: LoopView, onChange: () => void) => () => void;

/**
 * A scheduler value a component shows, re-rendered only when a `shown` field changes; the copy is kept
 * per scheduler in `snapshots`, so it survives StrictMode's double render (new refs in React 18). @internal
 */
export function useSchedulerSnapshot<T extends object>(
  scheduler: LoopView,
  snapshots: WeakMap<LoopView, T>,
  read: (loop: LoopView) => T,
  shown: readonly (keyof T)[],
  listen: SchedulerListen,
): T {
  const subscribe = useCallback((onChange: () => void) => listen(scheduler, onChange), [scheduler, listen]);
  const getSnapshot = useCallback(() => {
    const next = read(scheduler);
    const last = snapshots.get(scheduler);
    if (last !== undefined && shown.every((key) => last[key] === next[key])) return last;
    const copy = { ...next };
    snapshots.set(scheduler, copy);
    return copy;
  }, [scheduler, snapshots, read, shown]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
