/** `react-timestep/testing`: deterministic frames for your own tests. @packageDocumentation */
export { createManualFrameSource } from './manualFrameSource.js';
export type { ManualFrameSource } from './manualFrameSource.js';
export { renderWithFrames, type RenderWithFramesResult } from './render.js';
export { resetDefaultScheduler } from '../scheduler/index.js';
export { installCanvasStub } from './canvasStub.js';
export type { RecordingContext2D, RecordedCanvasCall } from './canvasStub.js';
export { replayTiming, type ReplayTimingOptions, type TimingReplay } from './replayTiming.js';
