import { useContext } from 'react';
import { getDefaultScheduler } from '../scheduler/index.js';
import type { FrameScheduler } from '../scheduler/types.js';
import { FrameSchedulerContext } from './context.js';

/**
 * The scheduler the calling component runs on: the nearest `<FrameProvider>`'s, or the shared
 * default scheduler (created on first use) when there is no provider.
 *
 * @example
 * ```tsx
 * function PauseButton() {
 *   const scheduler = useFrameScheduler();
 *   return <button onClick={() => scheduler.pause()}>Pause</button>;
 * }
 * ```
 */
export function useFrameScheduler(): FrameScheduler {
  const provided = useContext(FrameSchedulerContext);
  return provided ?? getDefaultScheduler();
}
