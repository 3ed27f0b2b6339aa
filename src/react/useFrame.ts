import { useEffect } from 'react';
import { finiteNumber, functionValue, oneOf, optionsObject, withDefault } from '../core/validate.js';
import { FRAME_PHASES, readSubscriberOrder, SUBSCRIBE_ORDER_KEYS } from '../scheduler/subscribers.js';
import type { FrameInfo, FramePhase, SubscribeOptions } from '../scheduler/types.js';
import { useFrameScheduler } from './useFrameScheduler.js';
import { useLatest } from './useLatest.js';

const OWNER = 'useFrame';
const OPTION_KEYS: readonly string[] = ['phase', 'priority', ...SUBSCRIBE_ORDER_KEYS];
const NO_IDS: readonly string[] = [];

/** Options of {@link useFrame}. */
export interface UseFrameOptions {
  /** When in the frame the callback runs: `'input'`, `'update'` (default), `'render'` or `'after'`. */
  phase?: FramePhase;
  /** Lower runs first within a phase. Default 0; ties run in mount order. `before`/`after` come first. */
  priority?: number;
  /** A name other `useFrame` calls (or subscribers) of the same phase can order against; unique within a phase. */
  id?: string;
  /**
   * Run just ahead of the subscribers of this phase with these ids, whatever the priorities. An id
   * not mounted yet is ignored until it mounts (components mount in any order).
   */
  before?: string | readonly string[];
  /** Run after the subscribers of this phase with these ids, whatever the priorities. */
  after?: string | readonly string[];
}

/**
 * Runs `callback` once every frame of the scheduler (the nearest `<FrameProvider>`'s, or the
 * default one). Never re-renders the component: mutate refs, canvases or three.js objects here.
 *
 * The newest `callback` is always the one called, without resubscribing; changing `phase`,
 * `priority`, `id`, `before` or `after` resubscribes (a new array with the same ids does not).
 * `frame` is a reused object: read it, do not keep it. A `callback` that is not a function, an
 * unknown `phase` or option name (`phse`), an empty or non-string id throw a RangeError naming
 * `useFrame` and the option at the render that passes them; an `id` that another mounted
 * subscriber of the phase already has throws when the effect subscribes.
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
  const order = readSubscriberOrder(OWNER, o);
  const id = order?.id;
  // Arrays are compared by their ids, so an inline `after={['a']}` does not resubscribe every render.
  const beforeKey = JSON.stringify(order?.before ?? NO_IDS);
  const afterKey = JSON.stringify(order?.after ?? NO_IDS);
  const scheduler = useFrameScheduler();
  const latest = useLatest(callback);
  useEffect(() => {
    const options: SubscribeOptions = { phase, priority };
    if (id !== undefined) options.id = id;
    if (beforeKey !== '[]') options.before = JSON.parse(beforeKey) as string[];
    if (afterKey !== '[]') options.after = JSON.parse(afterKey) as string[];
    return scheduler.subscribe((frame) => latest.current(frame), options);
  }, [scheduler, phase, priority, id, beforeKey, afterKey, latest]);
}
