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
   * The fixed clock whose every step begins with `snapshot()`. Default: the nearest
   * `<FixedClockProvider>`'s. `null`, or no provider: none; call `snapshot()` (or `push()`) yourself.
   */
  clock?: FixedClock | null;
}

/** Options of {@link useInterpolated}: those of `createInterpolated` plus {@link UseInterpolatedClockOption.clock}. */
export type UseInterpolatedOptions = InterpolatedOptions & UseInterpolatedClockOption;

/**
 * A value with a previous and a current state for interpolated drawing, kept for the component's
 * life (see `createInterpolated`). Under a `<FixedClockProvider>` (or `clock`) every step begins
 * with `snapshot()`, so updates only write `current` and renders call `blend(alpha, target)`.
 * `kind`, `size`, `blend` and `initial` are read at mount; `interpolate` switches `enabled`. Never
 * re-renders. A bad or unknown option, or a `clock` that is not a fixed clock, is a RangeError at
 * render naming `useInterpolated`, the option and the value.
 *
 * @example
 * ```tsx
 * const position = useInterpolated({ kind: 'vector', size: 2 });
 * useFixedUpdate((dt) => { position.current[0] += 90 * dt; });
 * useFixedRender((alpha) => { const [x, y] = position.blend(alpha); el.current!.style.translate = `${x}px ${y}px`; });
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
  // The value's own snapshot: stable, works detached, ignores dt.
  useStepStart(clock, value.snapshot);
  return value;
}
