import { createInterpolated, finiteVector } from '../core/internal.js';
import type { InterpolatedVector, QuaternionBlend } from '../core/internal.js';
import { oneOf, optionsObject, withDefault } from '../core/internal.js';

const OWNER = 'createInterpolatedTransform';
/** Every option of {@link createInterpolatedTransform}. */
export const TRANSFORM_OPTION_KEYS: readonly string[] = ['position', 'quaternion', 'blend'];
const BLENDS: readonly QuaternionBlend[] = ['nlerp', 'slerp'];

/** What a transform is drawn into: a three.js `Object3D`, duck-typed so nothing of three.js is imported. */
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

/** A position and a rotation at the previous and the latest fixed step. Allocates nothing after creation. */
export interface InterpolatedTransform {
  /** The position: write `position.current[0..2]` (or `position.set([x, y, z])`) in a step. */
  readonly position: InterpolatedVector;
  /** The rotation quaternion `[x, y, z, w]`: write `quaternion.current` (or `quaternion.set(q)`) in a step. */
  readonly quaternion: InterpolatedVector;
  /** Start of a fixed step: previous ← current, for both. */
  snapshot(): void;
  /** Jump to the current state (previous = current) so the next picture shows no streak. */
  teleport(): void;
  /** Set `object.position` and `object.quaternion` `alpha` of the way between the last two steps (one `set` each). */
  apply(alpha: number, object: Object3DLike): void;
}

/**
 * Create the previous/current position and rotation of one object: `snapshot()` then write the
 * new state in each fixed step, `apply(alpha, mesh)` each frame. Depth: docs/adapters.md.
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
