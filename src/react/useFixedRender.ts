import { useEffect } from 'react';
import { checkValue, FUNCTION_RULE } from '../core/internal.js';
import type { FrameInfo } from '../scheduler/index.js';
import { drawOn, jobPriority } from './fixedClockContext.js';
import type { GameCanvasContextType, GameCanvasDraw } from './fixedClockContext.js';
import { useClockScope } from './useFixedClock.js';
import { useLatest } from './useLatest.js';

const OWNER = 'useFixedRender';

/**
 * Draw once a frame with the nearest clock's `alpha`. Under a `<GameCanvas>` a third argument,
 * `{ ctx, size }`, is the canvas to draw on; a render that takes it anywhere else throws at mount.
 * See docs/fixed-clock.md, "One canvas, many components".
 */
export function useFixedRender<T extends GameCanvasContextType = '2d'>(
  render: (alpha: number, frame: FrameInfo, canvas: GameCanvasDraw<T>) => void,
  options?: { priority?: number },
): void {
  checkValue(OWNER, 'option', 'render', render, FUNCTION_RULE);
  const priority = jobPriority(OWNER, options);
  const { clock, canvas } = useClockScope(OWNER);
  // A render that names a third parameter reads the canvas: without one it would throw every frame.
  if (canvas === null && render.length >= 3) {
    throw new TypeError(`${OWNER}: render takes a third argument ({ ctx, size }), which only a <GameCanvas> hands over; this one is under a <FixedClockProvider>. Draw inside a <GameCanvas>, or take (alpha, frame) and draw on your own canvas.`);
  }
  const latest = useLatest(render as (alpha: number, frame: FrameInfo, canvas?: unknown) => void);
  useEffect(
    () =>
      clock.addRender(canvas === null ? (alpha, frame) => latest.current(alpha, frame) : (alpha, frame) => drawOn(canvas, latest.current, alpha, frame), { priority }),
    [clock, canvas, priority, latest],
  );
}
