import { useEffect } from 'react';
import { functionValue, optionalFunction, optionsObject } from '../core/internal.js';
import type { FixedClock, FixedClockOptions, FixedUpdate } from '../scheduler/internal.js';
import type { FrameInfo } from '../scheduler/index.js';
import { checkClockOptions, useOwnClock } from './fixedClockContext.js';
import { useLatest } from './useLatest.js';

/** Options of {@link useFixedTimestep}: the clock options and its two callbacks. */
export interface UseFixedTimestepOptions extends FixedClockOptions {
  /** Advance the game by exactly `dt` (= `step`) seconds, 0…`maxSteps` times a frame. */
  update: FixedUpdate;
  /** Draw the state blended `alpha` ∈ [0, 1] from the previous to the latest state, once a frame. */
  render?: (alpha: number, frame: FrameInfo) => void;
}

const OWNER = 'useFixedTimestep';
const OWN_OPTIONS = ['update', 'render'];

/** A fixed-timestep loop on a clock of its own (never a provider's), which it returns. See docs/react.md, "useFixedTimestep". */
export function useFixedTimestep(options: UseFixedTimestepOptions): FixedClock {
  const o = optionsObject(OWNER, options, true);
  const settings = checkClockOptions(OWNER, 'option', o, OWN_OPTIONS);
  functionValue(OWNER, 'update', o.update);
  const hasRender = optionalFunction(OWNER, 'render', o.render) !== undefined;
  const clock = useOwnClock(settings);
  const update = useLatest(options.update);
  const render = useLatest(options.render);
  useEffect(() => clock.addUpdate((dt, step) => update.current(dt, step)), [clock, update]);
  useEffect(() => (hasRender ? clock.addRender((alpha, frame) => render.current!(alpha, frame)) : undefined), [clock, render, hasRender]);
  return clock;
}
