/**
 * `react-timestep/testing`: deterministic frames for your own tests.
 * @packageDocumentation
 */
export { createManualFrameSource } from './manualFrameSource.js';
export type { ManualFrameSource, ManualFrameSourceOptions } from './manualFrameSource.js';
export { createManualSource } from '../scheduler/manualSource.js';
export type { ManualSource } from '../scheduler/manualSource.js';
export { renderWithFrames, type RenderWithFramesOptions, type RenderWithFramesResult } from './render.js';
export { resetDefaultScheduler } from '../scheduler/defaultScheduler.js';
export { installCanvasStub } from './canvasStub.js';
export type { RecordingContext2D, RecordedCanvasCall } from './canvasStub.js';
export { replayTiming, type ReplayTimingOptions, type TimingReplay } from './replayTiming.js';
