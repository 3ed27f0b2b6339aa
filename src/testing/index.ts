/**
 * `react-timestep/testing`: deterministic frames for your own tests.
 * @packageDocumentation
 */
export { createManualFrameSource } from './manualFrameSource.js';
export type { ManualFrameSource, ManualFrameSourceOptions } from './manualFrameSource.js';
export { createManualSource } from '../scheduler/manualSource.js';
export type { ManualSource } from '../scheduler/manualSource.js';
export { renderWithFrames, type RenderWithFramesOptions, type RenderWithFramesResult } from './render.js';
