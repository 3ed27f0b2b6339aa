import { useEffect } from 'react';
import { functionValue } from '../core/internal.js';
import type { FrameInfo } from '../scheduler/index.js';
import { drawOn, jobPriority } from './fixedClockContext.js';
import type { GameCanvasContextType, GameCanvasDraw } from './fixedClockContext.js';
import { useClockScope } from './useFixedClock.js';
import { useLatest } from './useLatest.js';

const OWNER = 'useFixedRender';

/**
 * Draw once a frame with the nearest clock's `alpha`; under a `<GameCanvas>` the third argument is
 * `{ ctx, size }`, elsewhere `undefined`. See docs/fixed-clock.md, "One canvas, many components".
 */
export function useFixedRender<T extends GameCanvasContextType = '2d'>(
  render: (alpha: number, frame: FrameInfo, canvas: GameCanvasDraw<T>) => void,
  options?: { priority?: number },
): void {
  functionValue(OWNER, 'render', render);
  const priority = jobPriority(OWNER, options);
  const { clock, canvas } = useClockScope(OWNER);
  const latest = useLatest(render as (alpha: number, frame: FrameInfo, canvas?: unknown) => void);
  useEffect(
    () =>
      clock.addRender(canvas === null ? (alpha, frame) => latest.current(alpha, frame) : (alpha, frame) => drawOn(canvas, latest.current, alpha, frame), { priority }),
    [clock, canvas, priority, latest],
  );
}
