import { useEffect } from 'react';
import type { FrameInfo } from '../scheduler/types.js';
import { checkFinite, checkFunction } from './fixedProps.js';
import { useSharedClock } from './useFixedClock.js';
import { useLatest } from './useLatest.js';
import type { UseFixedJobOptions } from './useFixedUpdate.js';

const OWNER = 'useFixedRender';

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
  checkFunction(OWNER, 'option', 'render', render, true);
  const priority = options.priority ?? 0;
  checkFinite(OWNER, 'option', 'priority', priority);
  const clock = useSharedClock(OWNER);
  const latest = useLatest(render);
  useEffect(() => clock.addRender((alpha, frame) => latest.current(alpha, frame), { priority }), [clock, priority, latest]);
}
