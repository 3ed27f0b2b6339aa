import { useContext } from 'react';
import { getDefaultScheduler } from '../scheduler/defaultScheduler.js';
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
  // It takes no options: one passed (a JavaScript caller, `as never`) would be silently ignored.
  // eslint-disable-next-line prefer-rest-params
  if (arguments.length > 0) throw new RangeError(`useFrameScheduler: takes no options, got ${typeof arguments[0]}`);
  const provided = useContext(FrameSchedulerContext);
  return provided ?? getDefaultScheduler();
}
