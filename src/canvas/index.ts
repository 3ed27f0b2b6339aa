/**
 * `<GameCanvas>`: a canvas element that runs a fixed-timestep loop on the shared scheduler.
 * @packageDocumentation
 */
export { GameCanvas } from './GameCanvas.js';
export type { GameCanvasContextMap, GameCanvasContextType, GameCanvasProps, GameCanvasSize } from './GameCanvas.js';
