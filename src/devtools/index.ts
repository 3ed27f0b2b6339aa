/**
 * `react-timestep/devtools`: see and reproduce frame timing in your own app. The overlay draws
 * recent frames against the display's vblank grid; the recorder captures a session's frames and
 * input as JSON that `replayTiming` (react-timestep/testing) replays in a test. Nothing else in
 * the package imports this entry.
 * @packageDocumentation
 */
export { recordTiming } from './recordTiming.js';
export type { RecordTimingOptions } from './recordTiming.js';
export type { TimingRecording } from './format.js';
export { FrameTimingOverlay } from './FrameTimingOverlay.js';
export type { FrameTimingOverlayProps } from './FrameTimingOverlay.js';
