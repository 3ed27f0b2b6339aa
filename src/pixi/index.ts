/** `react-timestep/pixi`: PixiJS 8 on the one frame loop, and interpolated 2D transforms. @packageDocumentation */
export { drivePixi } from './drivePixi.js';
export type { PixiApplicationLike } from './drivePixi.js';
export { usePixiDriver } from './usePixiDriver.js';
export { createInterpolatedTransform2D } from './interpolatedTransform2D.js';
export type { Container2DLike, InterpolatedTransform2D } from './interpolatedTransform2D.js';
export { useInterpolatedTransform2D } from './useInterpolatedTransform2D.js';
