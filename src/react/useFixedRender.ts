import { useEffect } from 'react';
import { functionValue } from '../core/validate.js';
import type { FrameInfo } from '../scheduler/types.js';
import { jobPriority } from './fixedProps.js';
import { drawOn } from './fixedClockContext.js';
import type { GameCanvasContextType, GameCanvasDraw } from './fixedClockContext.js';
import { useClockScope } from './useFixedClock.js';
import { useLatest } from './useLatest.js';

const OWNER = 'useFixedRender';

/**
 * Draw once a frame, after the updates of the nearest clock (`<FixedClockProvider>`,
 * `<GameCanvas>`), with its one `alpha` ∈ [0, 1]. Lower `priority` draws first.
 * Under a `<GameCanvas>` the third argument is `{ ctx, size }` (e.g. `useFixedRender<'webgl2'>`):
 * the canvas is cleared first, a 2d render runs between `save()` and `restore()`, and none runs
 * without a context. Elsewhere it is `undefined`. Never re-renders.
 *
 * @throws Error without a clock above; RangeError naming the hook, the option and the value when an option is unknown or bad.
 * @example
 * ```tsx
 * useFixedRender((alpha, _frame, { ctx }) => ctx.fillRect(prev.x + (curr.x - prev.x) * alpha, 10, 8, 8));
 * ```
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
