export { GameCanvas } from './GameCanvas.js';
export type { GameCanvasContextMap, GameCanvasContextType, GameCanvasDraw, GameCanvasProps, GameCanvasSize } from './GameCanvas.js';
