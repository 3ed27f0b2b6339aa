import { createContext } from 'react';
import type { FrameSource } from '../scheduler/index.js';

/** The frame source `renderWithFrames` hands every `<FrameProvider>` below it that has no `source`. @internal */
export const FrameSourceOverrideContext = createContext<FrameSource | null>(null);
FrameSourceOverrideContext.displayName = 'FrameSourceOverrideContext';
