import { createContext } from 'react';
import type { FrameScheduler } from '../scheduler/index.js';

/** The scheduler a `<FrameProvider>` hands down; `null`: the hooks use the default scheduler. @internal */
export const FrameSchedulerContext = createContext<FrameScheduler | null>(null);
FrameSchedulerContext.displayName = 'FrameSchedulerContext';
