import { useContext, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { finiteNumber, withDefault } from '../core/validate.js';
import { FixedClockContext } from '../react/fixedClockContext.js';
import { renameOwner } from '../react/renameOwner.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
import { createInterpolatedTransform } from './interpolatedTransform.js';
import type { InterpolatedTransform, InterpolatedTransformOptions, Object3DLike } from './interpolatedTransform.js';

const OWNER = 'useInterpolatedTransform';
/** Before every other job of the step, so the game's updates see previous ← current done. */
const FIRST_IN_STEP = -Number.MAX_VALUE;

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
  const provided = useContext(FixedClockContext);
  const clock = options.clock ?? provided;
  if (!clock) {
    throw new Error(`${OWNER}: no <FixedClockProvider> above this component and no \`clock\` option. Wrap the scene in <FixedClockProvider step={1 / 60}>, or use createInterpolatedTransform with useFixedTimestep.`);
  }
  const priority = finiteNumber(OWNER, 'priority', withDefault(options.priority, 0));
  const [transform] = useState(() =>
    renameOwner('createInterpolatedTransform', OWNER, () => {
      const { clock: _clock, priority: _priority, ...rest } = options;
      return createInterpolatedTransform(rest);
    }),
  );
  useEffect(() => clock.addUpdate(() => transform.snapshot(), { priority: FIRST_IN_STEP }), [clock, transform]);
  useEffect(
    () =>
      clock.addRender(
        (alpha) => {
          const object = target.current;
          if (object) transform.apply(alpha, object);
        },
        { priority },
      ),
    [clock, transform, target, priority],
  );
  return transform;
}
