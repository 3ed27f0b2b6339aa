import type { RefObject } from 'react';
import { fixedClockOption } from '../core/internal.js';
import { useClockBoundTransform, withClockBinding } from '../react/internal.js';
import type { FixedClock } from '../scheduler/index.js';
import { createInterpolatedTransform, TRANSFORM_OPTION_KEYS } from './interpolatedTransform.js';
import type { InterpolatedTransform, InterpolatedTransformOptions, Object3DLike } from './interpolatedTransform.js';

const OWNER = 'useInterpolatedTransform';
const OPTION_KEYS = withClockBinding(TRANSFORM_OPTION_KEYS);

/** Options of {@link useInterpolatedTransform}. */
export interface UseInterpolatedTransformOptions extends InterpolatedTransformOptions {
  /** The fixed clock to follow. Default: the nearest `<FixedClockProvider>`'s. */
  clock?: FixedClock;
  /** Order of the draw among the clock's renders (lower first). Default 0. */
  priority?: number;
}

/**
 * An {@link InterpolatedTransform} bound to the provider's fixed clock: each step begins with
 * `snapshot()` and each frame draws into `target`, so `useFixedUpdate` only writes the state.
 * Options are read at mount; no re-render. Depth: docs/adapters.md.
 *
 * @example
 * ```tsx
 * const ship = useInterpolatedTransform(meshRef);
 * useFixedUpdate((dt) => { ship.position.current[2] -= 5 * dt; });
 * ```
 */
export function useInterpolatedTransform(target: RefObject<Object3DLike | null>, options: UseInterpolatedTransformOptions = {}): InterpolatedTransform {
  fixedClockOption(OWNER, 'clock', (options as { clock?: unknown } | null | undefined)?.clock);
  return useClockBoundTransform(OWNER, 'createInterpolatedTransform', createInterpolatedTransform, target, options, OPTION_KEYS);
}
