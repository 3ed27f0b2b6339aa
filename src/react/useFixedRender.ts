import type { FrameInfo } from '../scheduler/types.js';
import { useSharedClockJob } from './useFixedUpdate.js';
import type { UseFixedJobOptions } from './useFixedUpdate.js';

/**
 * Draw once a frame, after every update of the nearest `<FixedClockProvider>`'s clock, with the
 * clock's `alpha` (the same for every render in the frame): blend the previous and the latest
 * state `alpha` ∈ [0, 1] of the way. Never re-renders the component.
 *
 * @throws Error without a `<FixedClockProvider>` above; RangeError naming `render` or `priority` when bad.
 * @example
 * ```tsx
 * useFixedRender((alpha) => {
 *   ref.current!.style.transform = `translateX(${prev.x + (curr.x - prev.x) * alpha}px)`;
 * });
 * ```
 */
export function useFixedRender(render: (alpha: number, frame: FrameInfo) => void, options: UseFixedJobOptions = {}): void {
  useSharedClockJob('useFixedRender', 'render', render, options);
}
