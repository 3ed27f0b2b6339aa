import { useEffect, useMemo } from 'react';
import { createInterpolated, INTERPOLATED_OPTION_KEYS } from '../core/internal.js';
import { fixedClockOption, optionsObject } from '../core/internal.js';
import type { InterpolatedScalar, InterpolatedScalarOptions, InterpolatedVector, InterpolatedVectorOptions, Interpolated, InterpolatedOptions } from '../core/internal.js';
import type { FixedClock } from '../scheduler/index.js';
import { renameOwner } from './renameOwner.js';
import { useStepStart } from './useStepStart.js';

const OPTION_KEYS: readonly string[] = [...INTERPOLATED_OPTION_KEYS, 'clock'];

/** Extra options of {@link useInterpolated}. */
export interface UseInterpolatedClockOption {
  /** The clock whose steps begin with `snapshot()`. Default: the provider's; `null`: snapshot yourself. */
  clock?: FixedClock | null;
}

/** Options of {@link useInterpolated}: those of `createInterpolated` plus {@link UseInterpolatedClockOption.clock}. */
export type UseInterpolatedOptions = InterpolatedOptions & UseInterpolatedClockOption;

/**
 * `createInterpolated` for a component's life: every step of the provider's clock begins with
 * `snapshot()`, so updates write `current` and renders call `blend(alpha, target)`. Never
 * re-renders. Depth: docs/fixed-clock.md#useinterpolated--interpolation-per-object-teleport-without-a-streak.
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
  useStepStart(clock, value.snapshot);
  return value;
}
