import { createInterpolated, finiteVector } from '../core/interpolated.js';
import type { InterpolatedVector, QuaternionBlend } from '../core/interpolated.js';
import { oneOf, optionsObject, withDefault } from '../core/validate.js';

const OWNER = 'createInterpolatedTransform';
/** Every option of {@link createInterpolatedTransform}; any other key is a misspelling. */
export const TRANSFORM_OPTION_KEYS: readonly string[] = ['position', 'quaternion', 'blend'];
const BLENDS: readonly QuaternionBlend[] = ['nlerp', 'slerp'];

/**
 * What an interpolated transform is drawn into: a three.js `Object3D` (or anything with a
 * `position.set(x, y, z)` and a `quaternion.set(x, y, z, w)`). Duck-typed: nothing of three.js is imported.
 */
export interface Object3DLike {
  /** Receives the blended position. */
  position: { set(x: number, y: number, z: number): unknown };
  /** Receives the blended rotation. */
  quaternion: { set(x: number, y: number, z: number, w: number): unknown };
}

/** Options of {@link createInterpolatedTransform}. */
export interface InterpolatedTransformOptions {
  /** Starting position `[x, y, z]` (previous = current). Default the origin. */
  position?: ArrayLike<number>;
  /** Starting rotation `[x, y, z, w]` (previous = current). Default the identity. */
  quaternion?: ArrayLike<number>;
  /** How rotations are blended: `'nlerp'` (default, cheap) or `'slerp'` (constant angular speed). */
  blend?: QuaternionBlend;
}

/**
 * A position and a rotation with their states at the previous and the latest fixed step, drawn
 * blended into a three.js object. Allocates nothing after creation.
 */
export interface InterpolatedTransform {
  /** The position: write `position.current[0..2]` (or `position.set([x, y, z])`) in a step. */
  readonly position: InterpolatedVector;
  /** The rotation quaternion `[x, y, z, w]`: write `quaternion.current` (or `quaternion.set(q)`) in a step. */
  readonly quaternion: InterpolatedVector;
  /** Start of a fixed step: previous ← current, for both. Call it before the step changes them. */
  snapshot(): void;
  /** Jump to the current state (previous = current) so the next picture shows no streak. */
  teleport(): void;
  /**
   * Draw: set `object.position` and `object.quaternion` to the state `alpha` ∈ [0, 1] of the way
   * from the previous step to the latest (position: linear; rotation: the shorter way, unit length).
   * One `set` call each, so three.js updates the object's Euler rotation once.
   */
  apply(alpha: number, object: Object3DLike): void;
}

/**
 * Create an {@link InterpolatedTransform}: the previous/current position and rotation of one
 * object, on `createInterpolated`. A fixed step calls `snapshot()` then writes the new state; the
 * frame's render calls `apply(alpha, mesh)`. A RangeError names `createInterpolatedTransform` and a
 * bad `position` (not 3 finite numbers), `quaternion` (not 4) or `blend`.
 *
 * @example
 * ```ts
 * const ship = createInterpolatedTransform();
 * ship.snapshot(); // each fixed step,
 * ship.position.current[0] += speed * dt;
 * ship.apply(alpha, mesh); // each frame
 * ```
 */
export function createInterpolatedTransform(options?: InterpolatedTransformOptions): InterpolatedTransform {
  const o = optionsObject(OWNER, options, false, TRANSFORM_OPTION_KEYS);
  const blend = oneOf(OWNER, 'blend', withDefault(o.blend, 'nlerp'), BLENDS);
  const position = createInterpolated({ kind: 'vector', size: 3, initial: finiteVector(OWNER, 'position', o.position, 3) });
  const quaternion = createInterpolated({ kind: 'quaternion', blend, initial: finiteVector(OWNER, 'quaternion', o.quaternion, 4) });
  return {
    position,
    quaternion,
    snapshot() {
      position.snapshot();
      quaternion.snapshot();
    },
    teleport() {
      position.teleport();
      quaternion.teleport();
    },
    apply(alpha, object) {
      const p = position.blend(alpha);
      object.position.set(p[0] as number, p[1] as number, p[2] as number);
      const q = quaternion.blend(alpha);
      object.quaternion.set(q[0] as number, q[1] as number, q[2] as number, q[3] as number);
    },
  };
}
