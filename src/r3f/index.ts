/** `react-timestep/r3f`: react-three-fiber on the one frame loop, and interpolated three.js transforms. @packageDocumentation */
export { R3FDriver, TimestepCanvas, useR3FDriver } from './R3FDriver.js';
export type { R3FDriverProps, TimestepCanvasProps } from './R3FDriver.js';
export { createInterpolatedTransform } from './interpolatedTransform.js';
export type { InterpolatedTransform, Object3DLike } from './interpolatedTransform.js';
export { useInterpolatedTransform } from './useInterpolatedTransform.js';
