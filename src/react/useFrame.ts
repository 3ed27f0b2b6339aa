import { useContext, useEffect, useInsertionEffect, useRef } from 'react';
import { finiteNumber, functionValue, oneOf, optionsObject, withDefault } from '../core/validate.js';
import { getDefaultLoop } from '../scheduler/defaultScheduler.js';
import { SUBSCRIBE_OPTION_KEYS, unordered } from '../scheduler/loopHost.js';
import { FRAME_PHASES } from '../scheduler/subscribers.js';
import type { FrameInfo, FramePhase } from '../scheduler/types.js';
import { FrameSchedulerContext } from './context.js';

const OWNER = 'useFrame';
const ID_OPTIONS = ['id', 'before', 'after'] as const;
const isId = (value: unknown): boolean => typeof value === 'string' && value !== '';

/** Options of {@link useFrame}. */
export interface UseFrameOptions {
  /** When in the frame the callback runs: `'input'`, `'update'` (default), `'render'` or `'after'`. */
  phase?: FramePhase;
  /** Lower runs first within a phase. Default 0; ties run in mount order. `before`/`after` come first. */
  priority?: number;
  /**
   * A name other `useFrame` calls (or subscribers) of the same phase can order against; unique
   * within a phase. `id`, `before` and `after` need a `<FrameProvider>` (or any hook but `useFrame`
   * on the page-wide scheduler).
   */
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
 * `frame` is a reused object: read it, do not keep it. Bad arguments throw a RangeError naming
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
  const o = optionsObject(OWNER, options, false, SUBSCRIBE_OPTION_KEYS);
  const phase = oneOf(OWNER, 'phase', withDefault(o.phase, 'update'), FRAME_PHASES);
  const priority = finiteNumber(OWNER, 'priority', withDefault(o.priority, 0));
  // The provider's scheduler, or the page-wide loop without the scheduler's methods.
  const scheduler = useContext(FrameSchedulerContext);
  // Ids checked here too, not first in the effect (an effect's error is harder to trace).
  if (!scheduler && !getDefaultLoop().ordered() && (o.id ?? o.before ?? o.after) !== undefined) unordered(OWNER);
  for (const name of ID_OPTIONS) {
    const value = o[name];
    if (value !== undefined && !(name === 'id' ? isId(value) : [value].flat().every(isId))) {
      throw new RangeError(`${OWNER}: option \`${name}\` must be an id (a non-empty string)${name === 'id' ? '' : ' or an array of ids'}, got ${JSON.stringify(value)}`);
    }
  }
  const id = o.id as string | undefined;
  // Id lists are compared as JSON, so an inline `after={['a']}` does not resubscribe every render.
  const before = JSON.stringify(o.before);
  const after = JSON.stringify(o.after);
  const latest = useRef(callback);
  // Before any effect of this commit: the newest callback is the one that runs.
  useInsertionEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    const subscribeOptions = {
      phase,
      priority,
      id,
      before: before === undefined ? undefined : (JSON.parse(before) as string[]),
      after: after === undefined ? undefined : (JSON.parse(after) as string[]),
    };
    const run = (frame: FrameInfo): void => latest.current(frame);
    return scheduler ? scheduler.subscribe(run, subscribeOptions) : getDefaultLoop().subscribe(run, subscribeOptions, OWNER);
  }, [scheduler, phase, priority, id, before, after]);
}
