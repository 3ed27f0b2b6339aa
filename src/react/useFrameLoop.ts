import { useContext } from 'react';
import { getDefaultLoop, type LoopView } from '../scheduler/internal.js';
import { FrameSchedulerContext } from './context.js';

/**
 * The loop the calling component runs on: the nearest `<FrameProvider>`'s scheduler, else the
 * page-wide loop itself, without the scheduler's methods, so a hook bundles only the features it
 * uses (docs/performance.md, "Bundle bytes"). `useFrameScheduler` is the public way to the scheduler.
 * @internal
 */
export function useFrameLoop(): LoopView {
  return useContext(FrameSchedulerContext) ?? getDefaultLoop();
}
