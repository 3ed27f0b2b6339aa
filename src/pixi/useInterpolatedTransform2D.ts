import type { RefObject } from 'react';
import { fixedClockOption } from '../core/internal.js';
import { useClockBoundTransform, withClockBinding } from '../react/internal.js';
import type { FixedClock } from '../scheduler/index.js';
import { createInterpolatedTransform2D, TRANSFORM_2D_OPTION_KEYS } from './interpolatedTransform2D.js';
import type { Container2DLike, InterpolatedTransform2D, InterpolatedTransform2DOptions } from './interpolatedTransform2D.js';

const OWNER = 'useInterpolatedTransform2D';
const OPTION_KEYS = withClockBinding(TRANSFORM_2D_OPTION_KEYS);

/** Options of {@link useInterpolatedTransform2D}. */
export interface UseInterpolatedTransform2DOptions extends InterpolatedTransform2DOptions {
  /** The fixed clock to follow. Default: the nearest `<FixedClockProvider>`'s. */
  clock?: FixedClock;
  /** Order of the draw among the clock's renders (lower first). Default 0. */
  priority?: number;
}

/**
 * An {@link InterpolatedTransform2D} bound to the provider's fixed clock: each step begins with
 * `snapshot()` and each frame draws into `target`, so `useFixedUpdate` only writes the state.
 * Options are read at mount; no re-render. Depth: docs/adapters.md.
 */
export function useInterpolatedTransform2D(target: RefObject<Container2DLike | null>, options: UseInterpolatedTransform2DOptions = {}): InterpolatedTransform2D {
  fixedClockOption(OWNER, 'clock', (options as { clock?: unknown } | null | undefined)?.clock);
  return useClockBoundTransform(OWNER, 'createInterpolatedTransform2D', createInterpolatedTransform2D, target, options, OPTION_KEYS);
}
