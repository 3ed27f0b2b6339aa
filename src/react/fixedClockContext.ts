import { createContext } from 'react';
import type { FixedClock } from '../scheduler/fixedClock.js';
import type { FrameInfo } from '../scheduler/types.js';

/** The kinds of drawing context `<GameCanvas>` can create. */
export type GameCanvasContextType = '2d' | 'webgl' | 'webgl2';

/** The context a render on a `<GameCanvas>` receives for each `contextType`. */
export interface GameCanvasContextMap {
  /** `contextType="2d"` (the default): pre-scaled by `pixelRatio`, so renders draw in CSS pixels. */
  '2d': CanvasRenderingContext2D;
  /** `contextType="webgl"`: not scaled; set `gl.viewport(0, 0, size.pixelWidth, size.pixelHeight)`. */
  webgl: WebGLRenderingContext;
  /** `contextType="webgl2"`: not scaled; set `gl.viewport(0, 0, size.pixelWidth, size.pixelHeight)`. */
  webgl2: WebGL2RenderingContext;
}

/** The canvas size handed to renders (one reused object, updated on resize). */
export interface GameCanvasSize {
  /** CSS pixels: what a 2d render draws in (the context is pre-scaled by `pixelRatio`). */
  width: number;
  /** CSS pixels, like `width`: the canvas's layout height (the `height` prop, or the measured box). */
  height: number;
  /** Device pixels per CSS pixel in use: `min(devicePixelRatio, maxPixelRatio)`. */
  pixelRatio: number;
  /** The drawing buffer in device pixels (`canvas.width`/`height`): use these for `gl.viewport`. */
  pixelWidth: number;
  /** Drawing-buffer height in device pixels: `round(height × pixelRatio)`, equal to `canvas.height`. */
  pixelHeight: number;
}

/** What a `<GameCanvas>` hands the renders of its children: one reused object. */
export interface GameCanvasDraw<T extends GameCanvasContextType = '2d'> {
  readonly ctx: GameCanvasContextMap[T];
  readonly size: Readonly<GameCanvasSize>;
}

/** @internal `ctx` is null without a context. */
export interface CanvasTarget {
  ctx: unknown;
  size: GameCanvasSize;
  is2d: boolean;
}

/** @internal The nearest clock, and the canvas its renders draw on (`null` under a provider). */
export interface ClockScope {
  clock: FixedClock;
  canvas: CanvasTarget | null;
}

/** @internal */
export const FixedClockContext = createContext<ClockScope | null>(null);
FixedClockContext.displayName = 'FixedClockContext';

/** @internal Only with a context; 2d between save() and restore(), so no state leaks into the next render. */
export function drawOn(target: CanvasTarget, render: (alpha: number, frame: FrameInfo, draw: CanvasTarget) => void, alpha: number, frame: FrameInfo): void {
  const ctx = target.ctx as CanvasRenderingContext2D | null;
  if (ctx === null) return;
  if (!target.is2d) return render(alpha, frame, target);
  ctx.save();
  try {
    render(alpha, frame, target);
  } finally {
    ctx.restore();
  }
}

/** @internal Before any game job: per-step snapshots and input, and a canvas's preparation. */
// -Number.MAX_VALUE written as a number: a bundler keeps a property read (it might be a getter)
// even in a bundle that never uses the constant.
export const FIRST_IN_STEP = -1.7976931348623157e308;
