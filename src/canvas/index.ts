/**
 * `<GameCanvas>`: a canvas element with a fixed clock that its children share and draw with.
 * @packageDocumentation
 */
export { GameCanvas } from './GameCanvas.js';
export type { GameCanvasContextMap, GameCanvasContextType, GameCanvasProps, GameCanvasSize } from './GameCanvas.js';
