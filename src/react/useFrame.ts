import { useEffect } from 'react';
import { finiteNumber, functionValue, oneOf, optionsObject, withDefault } from '../core/validate.js';
import { FRAME_PHASES } from '../scheduler/subscribers.js';
import type { FrameInfo, FramePhase } from '../scheduler/types.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useLatest } from './useLatest.js';

const OWNER = 'useFrame';
const OPTION_KEYS: readonly string[] = ['phase', 'priority'];

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
 * `priority` resubscribes. `frame` is a reused object: read it, do not keep it. A `callback` that is
 * not a function, an unknown `phase` or option name (`phse`) throw a RangeError naming `useFrame`
 * and the option at the render that passes them.
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
  // Checked on every render, so a bad argument fails at mount or at the render that changed it.
  functionValue(OWNER, 'callback', callback);
  const o = optionsObject(OWNER, options, false, OPTION_KEYS);
  const phase = oneOf(OWNER, 'phase', withDefault(o.phase, 'update'), FRAME_PHASES);
  const priority = finiteNumber(OWNER, 'priority', withDefault(o.priority, 0));
  const scheduler = useFrameScheduler();
  const latest = useLatest(callback);
  useEffect(
    () => scheduler.subscribe((frame) => latest.current(frame), { phase, priority }),
    [scheduler, phase, priority, latest],
  );
}
