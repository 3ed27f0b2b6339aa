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
 * An {@link InterpolatedTransform} bound to the shared fixed clock and to a three.js object: every
 * step of the nearest `<FixedClockProvider>` begins with `snapshot()`, and every frame the object in
 * `target` (a ref to a mesh, group …) is drawn `alpha` of the way between the last two steps. Your
 * `useFixedUpdate` only writes `position.current` and `quaternion`. Nothing is allocated per step or
 * per frame; the component never re-renders for it.
 *
 * `position`, `quaternion` and `blend` are read at mount. Throws an `Error` naming the hook when
 * there is no clock (no provider and no `clock` option), and a `RangeError` naming the hook and the
 * option for a bad option.
 *
 * @example
 * ```tsx
 * function Ship() {
 *   const mesh = useRef<Mesh>(null);
 *   const ship = useInterpolatedTransform(mesh);
 *   useFixedUpdate((dt) => {
 *     ship.position.current[2] -= 5 * dt;
 *   });
 *   return <mesh ref={mesh}><coneGeometry /></mesh>;
 * }
 * ```
 */
export function useInterpolatedTransform(target: RefObject<Object3DLike | null>, options: UseInterpolatedTransformOptions = {}): InterpolatedTransform {
  fixedClockOption(OWNER, 'clock', (options as { clock?: unknown } | null | undefined)?.clock);
  return useClockBoundTransform(OWNER, 'createInterpolatedTransform', createInterpolatedTransform, target, options, OPTION_KEYS);
}
