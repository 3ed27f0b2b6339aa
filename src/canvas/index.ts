export { GameCanvas } from './GameCanvas.js';
export type { GameCanvasContextMap, GameCanvasContextType, GameCanvasProps, GameCanvasSize } from './GameCanvas.js';
