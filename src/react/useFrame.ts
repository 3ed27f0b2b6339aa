import { useContext, useEffect, useInsertionEffect, useRef } from 'react';
import { callback as callbackRule, checkNames, checkOptions, checkValue, optionsArgument, required } from '../core/internal.js';
import { getDefaultLoop, SUBSCRIBE_OPTION_KEYS, SUBSCRIBE_RULES, unordered } from '../scheduler/internal.js';
import type { FrameInfo, FramePhase } from '../scheduler/index.js';
import { FrameSchedulerContext } from './context.js';

const OWNER = 'useFrame';
const ID_OPTIONS = ['id', 'before', 'after'] as const;
const isId = (value: unknown): boolean => typeof value === 'string' && value !== '';

/** Options of {@link useFrame}. */
export interface UseFrameOptions {
  /** When in the frame the callback runs. Default `'update'`. */
  phase?: FramePhase;
  /** Lower runs first within a phase (ties in mount order). Default 0. */
  priority?: number;
  /** A name, unique within the phase, others order against; see docs/scheduler.md, "Ordering by name". */
  id?: string;
  /** Run just ahead of the subscribers of this phase with these ids, whatever the priorities. */
  before?: string | readonly string[];
  /** Run after the subscribers of this phase with these ids, whatever the priorities. */
  after?: string | readonly string[];
}

/**
 * Runs `callback` once every frame of the scheduler; never re-renders the component. `frame` is a
 * reused object. See docs/react.md#useframe--a-callback-every-frame.
 */
export function useFrame(callback: (frame: FrameInfo) => void, options: UseFrameOptions = {}): void {
  checkValue(OWNER, 'option', 'callback', callback, required(callbackRule()));
  const o = optionsArgument(OWNER, options, false);
  checkNames(OWNER, 'option', o, SUBSCRIBE_OPTION_KEYS);
  const { phase, priority } = checkOptions(OWNER, 'option', o, SUBSCRIBE_RULES);
  const scheduler = useContext(FrameSchedulerContext);
  // Ids checked at render, not first in the effect (an effect's error is harder to trace).
  if (!scheduler && !getDefaultLoop().startOrdering && (o.id ?? o.before ?? o.after) !== undefined) unordered(OWNER);
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
