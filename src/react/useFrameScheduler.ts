import { useContext } from 'react';
import { getDefaultScheduler } from '../scheduler/index.js';
import type { FrameScheduler } from '../scheduler/index.js';
import { FrameSchedulerContext } from './context.js';

/** The scheduler the calling component runs on: the nearest `<FrameProvider>`'s, else the default one (docs/react.md). */
export function useFrameScheduler(): FrameScheduler {
  // eslint-disable-next-line prefer-rest-params
  if (arguments.length > 0) throw new RangeError(`useFrameScheduler: takes no options, got ${typeof arguments[0]}`);
  const provided = useContext(FrameSchedulerContext);
  return provided ?? getDefaultScheduler();
}
