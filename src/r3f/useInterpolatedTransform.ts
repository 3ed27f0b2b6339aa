import type { RefObject } from 'react';
import { fixedClockOption } from '../core/validate.js';
import { useClockBoundTransform, withClockBinding } from '../react/useClockBoundTransform.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
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
 * An {@link InterpolatedTransform} bound to the shared fixed clock and a three.js object: each step
 * of the nearest `<FixedClockProvider>` (or `clock`) begins with `snapshot()`, and each frame the
 * object in `target` is drawn `alpha` of the way between the last two steps; your `useFixedUpdate`
 * only writes `position.current` and `quaternion`. No allocation per frame, no re-render. Options
 * are read at mount. Throws an `Error` naming the hook without a clock, and a `RangeError` naming
 * the hook, the option and the value for a bad or unknown option.
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
