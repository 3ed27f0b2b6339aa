import { useCallback, useSyncExternalStore } from 'react';
import type { FrameScheduler } from '../scheduler/types.js';

/** Listen to the scheduler's changes of a shown value; returns the unsubscribe. */
export type SchedulerListen = (scheduler: FrameScheduler, onChange: () => void) => () => void;

/**
 * A value of the scheduler that a component shows (`useRefreshRate`, `useAdaptiveFramerate`):
 * re-renders only when one of the `shown` fields changes, never per frame.
 *
 * `read` gives the current values (it may be a live object the scheduler mutates). React needs a
 * copy that changes identity only when a shown field changes, or useSyncExternalStore could not
 * see a change at all; the copy is kept per scheduler in `snapshots`, so it is shared by every
 * hook instance and stable across StrictMode's double render (which in React 18 re-creates a
 * component's refs). `listen` subscribes to the scheduler's listeners that say something may have
 * changed (a module function: constant).
 * @internal
 */
export function useSchedulerSnapshot<T extends object>(
  scheduler: FrameScheduler,
  snapshots: WeakMap<FrameScheduler, T>,
  read: (scheduler: FrameScheduler) => T,
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
