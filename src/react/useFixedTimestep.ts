import { useEffect } from 'react';
import { functionValue, optionalFunction, optionsObject } from '../core/validate.js';
import type { FixedClock, FixedClockOptions, FixedUpdate } from '../scheduler/fixedClock.js';
import type { FrameInfo } from '../scheduler/types.js';
import { checkClockOptions, useOwnClock } from './fixedProps.js';
import { useLatest } from './useLatest.js';

/** Options of {@link useFixedTimestep}: the clock options (`FixedClockOptions`) and its two callbacks. */
export interface UseFixedTimestepOptions extends FixedClockOptions {
  /** Advance the game by exactly `dt` (= `step`) seconds. Runs in the `'update'` phase, 0…maxSteps times a frame. */
  update: FixedUpdate;
  /** Draw the state blended `alpha` ∈ [0, 1] from the previous to the latest state; once a frame, after every update. */
  render?: (alpha: number, frame: FrameInfo) => void;
}

const OWNER = 'useFixedTimestep';
const OWN_OPTIONS = ['update', 'render'];

/**
 * A fixed-timestep loop (Peter Sundqvist, "Timestepping") on a clock of its own, always (it never
 * joins a provider): `update` advances by exactly `step` seconds as often as game time requires,
 * `render` gets the blend factor. Options as for `<FixedClockProvider>`. Returns its clock
 * (stable; also for `useInterpolated({ clock })`). Never re-renders.
 *
 * @throws RangeError naming the hook, the option and the value when one is unknown, missing or out of range.
 * @example
 * ```tsx
 * const loop = useFixedTimestep({ step: 1 / 60, update: (dt) => { prev = x; x += 120 * dt; }, render: (alpha) => draw(prev + (x - prev) * alpha) });
 * ```
 */
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
