/** `react-timestep/devtools`: a frame timing overlay and a session recorder. @packageDocumentation */
export { recordTiming } from './recordTiming.js';
export type { RecordTimingOptions } from './recordTiming.js';
export type { TimingRecording } from './format.js';
export { FrameTimingOverlay } from './FrameTimingOverlay.js';
export type { FrameTimingOverlayProps } from './FrameTimingOverlay.js';
