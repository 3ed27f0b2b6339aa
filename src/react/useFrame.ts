import { useEffect } from 'react';
import type { FrameInfo, FramePhase } from '../scheduler/types.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useLatest } from './useLatest.js';

/** Options of {@link useFrame}. */
export interface UseFrameOptions {
  /** When in the frame the callback runs: `'input'`, `'update'` (default), `'render'` or `'after'`. */
  phase?: FramePhase;
  /** Lower runs first within a phase. Default 0; ties run in mount order. */
  priority?: number;
}

/**
 * Runs `callback` once every frame of the scheduler (the nearest `<FrameProvider>`'s, or the
 * default one). Never re-renders the component: mutate refs, canvases or three.js objects here.
 *
 * The newest `callback` is always the one called, without resubscribing; changing `phase` or
 * `priority` resubscribes. `frame` is a reused object: read it, do not keep it.
 *
 * @example
 * ```tsx
 * function Spinner() {
 *   const ref = useRef<HTMLDivElement>(null);
 *   const angle = useRef(0);
 *   useFrame((frame) => {
 *     angle.current += 90 * frame.deltaSeconds; // 90°/s
 *     ref.current!.style.transform = `rotate(${angle.current}deg)`;
 *   });
 *   return <div ref={ref}>◆</div>;
 * }
 * ```
 */
export function useFrame(callback: (frame: FrameInfo) => void, options: UseFrameOptions = {}): void {
  const scheduler = useFrameScheduler();
  const latest = useLatest(callback);
  const { phase = 'update', priority = 0 } = options;
  useEffect(
    () => scheduler.subscribe((frame) => latest.current(frame), { phase, priority }),
    [scheduler, phase, priority, latest],
  );
}
