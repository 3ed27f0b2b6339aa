/**
 * `react-timestep/pixi`: a PixiJS 8 application on react-timestep's one frame loop, and
 * interpolated 2D transforms for sprites moved by fixed steps. Optional peer: `pixi.js` 8.
 * @packageDocumentation
 */
export { drivePixi } from './drivePixi.js';
export type { PixiApplicationLike } from './drivePixi.js';
export { usePixiDriver } from './usePixiDriver.js';
export { createInterpolatedTransform2D } from './interpolatedTransform2D.js';
export type { Container2DLike, InterpolatedTransform2D } from './interpolatedTransform2D.js';
export { useInterpolatedTransform2D } from './useInterpolatedTransform2D.js';
