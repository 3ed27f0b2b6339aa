import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useFrame } from '../../src/index.js';

/** Narrowest a story canvas gets, CSS px: a phone's docs page. */
export const MIN_CANVAS_WIDTH = 200;

/**
 * Keep `canvas` as wide as its container (between {@link MIN_CANVAS_WIDTH} and `maxWidth` CSS px)
 * and `height` CSS px tall, its backing store at the device pixel ratio (sharp at 2×). `size`
 * receives the CSS width and the ratio; `onResize` runs after every resize (a new backing store is
 * blank: draw again), with the latest `onResize` given.
 */
export function useCanvasSize(canvas: RefObject<HTMLCanvasElement | null>, maxWidth: number, height: number, size: Float64Array, onResize?: () => void): void {
  const latest = useRef(onResize);
  latest.current = onResize;
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const resize = () => {
      const cssWidth = Math.max(MIN_CANVAS_WIDTH, Math.min(maxWidth, element.parentElement?.clientWidth || maxWidth));
      const ratio = globalThis.devicePixelRatio || 1;
      size[0] = cssWidth;
      size[1] = ratio;
      element.width = Math.round(cssWidth * ratio);
      element.height = Math.round(height * ratio);
      element.style.width = `${cssWidth}px`;
      element.style.height = `${height}px`;
      latest.current?.();
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    if (observer && element.parentElement) observer.observe(element.parentElement);
    return () => observer?.disconnect();
  }, [canvas, maxWidth, height, size]);
}

/**
 * The CSS width of the element `ref` points to, followed as it resizes (`initial` until measured).
 * A width of 0 is kept out: Storybook hides the story root (display: none) while it prepares the
 * next story, and the story still mounted then would get 0 (`<FrameTimingOverlay width={0}>` throws).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, initial: number): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) setWidth(Math.round(element.clientWidth));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A canvas that follows its container (see {@link useCanvasSize}) and is drawn every frame, paused
 * or not (a resize clears it), in the 'after' phase: cleared to the stories' dark background, then
 * `draw(ctx, cssWidth)` in CSS px. Returns the ref to put on the `<canvas>`.
 */
export function useFrameCanvas(maxWidth: number, height: number, draw: (ctx: CanvasRenderingContext2D, width: number) => void): RefObject<HTMLCanvasElement | null> {
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useRef(new Float64Array([maxWidth, 1]));
  useCanvasSize(canvas, maxWidth, height, size.current);
  useFrame(
    () => {
      const ctx = canvas.current?.getContext('2d');
      if (!ctx) return;
      const width = size.current[0]!;
      const dpr = size.current[1]!;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.fillStyle = '#10141c';
      ctx.fillRect(0, 0, width, height);
      draw(ctx, width);
    },
    { phase: 'after' },
  );
  return canvas;
}
