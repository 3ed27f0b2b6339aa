import { createContext } from 'react';
import type { FrameScheduler } from '../scheduler/types.js';

/**
 * The scheduler a `<FrameProvider>` hands down. `null` (no provider) makes the hooks fall back to
 * the lazily created default scheduler, so a single component works without any setup.
 * @internal
 */
export const FrameSchedulerContext = createContext<FrameScheduler | null>(null);
FrameSchedulerContext.displayName = 'FrameSchedulerContext';
