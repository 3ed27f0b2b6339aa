import { createInterpolated, finiteVector } from '../core/internal.js';
import type { InterpolatedScalar, InterpolatedVector } from '../core/index.js';
import { finiteNumber, optionsObject, withDefault } from '../core/internal.js';

const OWNER = 'createInterpolatedTransform2D';
/** Every option of {@link createInterpolatedTransform2D}. */
export const TRANSFORM_2D_OPTION_KEYS: readonly string[] = ['position', 'rotation'];

/** What a 2D transform is drawn into: a PixiJS `Container`/`Sprite`, or anything with `position.set(x, y)` and `rotation`. */
export interface Container2DLike {
  /** Receives the blended position. */
  position: { set(x: number, y: number): unknown };
  /** Receives the blended angle, radians. */
  rotation: number;
}

/** Options of {@link createInterpolatedTransform2D}. */
export interface InterpolatedTransform2DOptions {
  /** Starting position `[x, y]` (previous = current). Default `[0, 0]`. */
  position?: ArrayLike<number>;
  /** Starting angle, radians. Default 0. */
  rotation?: number;
}

/** A 2D position and angle with their states at the previous and the latest fixed step. Allocates nothing after creation. */
export interface InterpolatedTransform2D {
  /** The position: write `position.current[0]`, `[1]` (or `position.set([x, y])`) in a step. */
  readonly position: InterpolatedVector;
  /** The angle in radians: write `rotation.current` in a step; it is blended the shorter way round. */
  readonly rotation: InterpolatedScalar;
  /** Start of a fixed step: previous ← current, for both. */
  snapshot(): void;
  /** Jump to the current state (previous = current) so the next picture shows no streak. */
  teleport(): void;
  /** Draw: set `target.position` and `target.rotation` to the state `alpha` ∈ [0, 1] of the way from the previous step to the latest. */
  apply(alpha: number, target: Container2DLike): void;
}

/**
 * Create the previous/current position and angle of a sprite moved by fixed steps: `snapshot()`
 * then write the new state in each step, `apply(alpha, sprite)` each frame. Depth: docs/adapters.md.
 */
export function createInterpolatedTransform2D(options?: InterpolatedTransform2DOptions): InterpolatedTransform2D {
  const o = optionsObject(OWNER, options, false, TRANSFORM_2D_OPTION_KEYS);
  const position = createInterpolated({ kind: 'vector', size: 2, initial: finiteVector(OWNER, 'position', o.position, 2) });
  const rotation = createInterpolated({ kind: 'angle', initial: finiteNumber(OWNER, 'rotation', withDefault(o.rotation, 0)) });
  return {
    position,
    rotation,
    snapshot() {
      position.snapshot();
      rotation.snapshot();
    },
    teleport() {
      position.teleport();
      rotation.teleport();
    },
    apply(alpha, target) {
      const p = position.blend(alpha);
      target.position.set(p[0] as number, p[1] as number);
      target.rotation = rotation.blend(alpha);
    },
  };
}
