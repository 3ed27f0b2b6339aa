import { useEffect, useMemo } from 'react';
import { createInterpolated, INTERPOLATED_OPTION_KEYS } from '../core/interpolated.js';
import { fixedClockOption, optionsObject } from '../core/validate.js';
import type { InterpolatedScalar, InterpolatedScalarOptions, InterpolatedVector, InterpolatedVectorOptions, Interpolated, InterpolatedOptions } from '../core/interpolated.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
import { renameOwner } from './renameOwner.js';
import { useStepStart } from './useStepStart.js';

/** Every option of useInterpolated: createInterpolated's and `clock`. */
const OPTION_KEYS: readonly string[] = [...INTERPOLATED_OPTION_KEYS, 'clock'];

/** Extra options of {@link useInterpolated}. */
export interface UseInterpolatedClockOption {
  /**
   * The fixed clock whose every step begins with `snapshot()` (previous ← current), so your
   * updates only write `current`. Default: the nearest `<FixedClockProvider>`'s clock. `null`, or
   * no provider: none; call `snapshot()` (or `push()`) yourself at the start of each step, e.g. in
   * `useFixedTimestep`'s update. (A `snapshot()` of your own on top of the clock's does no harm.)
   */
  clock?: FixedClock | null;
}

/** Options of {@link useInterpolated}: those of `createInterpolated` plus {@link UseInterpolatedClockOption.clock}. */
export type UseInterpolatedOptions = InterpolatedOptions & UseInterpolatedClockOption;


/**
 * A value with a previous and a current state for interpolated drawing, kept for the component's
 * life (see `createInterpolated` in `react-timestep/core`). Under a `<FixedClockProvider>` every
 * step of the shared clock begins with `snapshot()`, before any `useFixedUpdate`: updates only
 * write `current`, renders call `blend(alpha, target)`. `kind`, `size`, `blend` and `initial`
 * are read at mount (a new `kind`, `size` or `blend` makes a new value); `interpolate` switches
 * `enabled` without losing the state. Never re-renders.
 *
 * Throws a RangeError naming `useInterpolated` and the option for a bad option or an unknown option
 * name (checked at every render).
 *
 * @example
 * ```tsx
 * import { useRef } from 'react';
 * import { useFixedTimestep, useInterpolated } from 'react-timestep';
 *
 * function Ship() {
 *   const el = useRef<HTMLDivElement>(null);
 *   const position = useInterpolated({ kind: 'vector', size: 2 });
 *   useFixedTimestep({
 *     step: 1 / 30,
 *     update: (dt) => {
 *       position.snapshot();
 *       position.current[0] += 90 * dt;
 *     },
 *     render: (alpha) => {
 *       const [x, y] = position.blend(alpha);
 *       el.current!.style.transform = `translate(${x}px, ${y}px)`;
 *     },
 *   });
 *   return <div ref={el}>▲</div>;
 * }
 * ```
 */
export function useInterpolated(options: InterpolatedScalarOptions & UseInterpolatedClockOption): InterpolatedScalar;
export function useInterpolated(options: InterpolatedVectorOptions & UseInterpolatedClockOption): InterpolatedVector;
export function useInterpolated(options: UseInterpolatedOptions): Interpolated;
export function useInterpolated(options: UseInterpolatedOptions): Interpolated {
  // A misspelt option name fails here, at the render that passes it, naming this hook.
  optionsObject('useInterpolated', options, true, OPTION_KEYS);
  const { kind, size, blend, interpolate } = options as Partial<InterpolatedVectorOptions>;
  const clock = fixedClockOption<FixedClock>('useInterpolated', 'clock', options.clock);
  const value = useMemo(
    () =>
      renameOwner('createInterpolated', 'useInterpolated', () => {
        // createInterpolated knows only its own options: `clock` is this hook's.
        const { clock: _clock, ...own } = options;
        return createInterpolated(own as InterpolatedOptions);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initial is read at mount; interpolate is applied below
    [kind, size, blend],
  );
  useEffect(() => {
    if (interpolate !== undefined) value.enabled = interpolate;
  }, [value, interpolate]);
  // The value's own snapshot (one function per value: stable; it works detached and ignores the
  // step's dt): no closure per component.
  useStepStart(clock, value.snapshot);
  return value;
}
