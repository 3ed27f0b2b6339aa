import { createContext } from 'react';
import type { FrameSource } from '../scheduler/types.js';

/**
 * A frame source that every `<FrameProvider>` below it uses for the scheduler it creates, unless
 * the provider is given its own `source`. Set by `renderWithFrames` (react-timestep/testing), so
 * a tree under test that mounts its own provider runs on the test's simulated display instead of
 * the browser's requestAnimationFrame (which a test never advances). `null`: no override.
 * @internal
 */
export const FrameSourceOverrideContext = createContext<FrameSource | null>(null);
FrameSourceOverrideContext.displayName = 'FrameSourceOverrideContext';
