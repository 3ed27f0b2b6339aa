import { createInterpolated } from '../core/interpolated.js';
import type { InterpolatedScalar, InterpolatedVector } from '../core/interpolated.js';
import { optionsObject } from '../core/validate.js';

const OWNER = 'createInterpolatedTransform2D';

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
 * Create an {@link InterpolatedTransform2D} for a sprite moved by fixed steps (a physics body, a
 * unit on a grid), built on `createInterpolated` from `react-timestep/core`: `snapshot()` at the
 * start of each step, write the new state, `apply(alpha, sprite)` in the frame's render.
 *
 * Throws a `RangeError` naming `createInterpolatedTransform2D` and the option for a bad
 * `position` (not 2 finite numbers) or `rotation`.
 */
export function createInterpolatedTransform2D(options?: InterpolatedTransform2DOptions): InterpolatedTransform2D {
  const o = optionsObject(OWNER, options, false);
  let initial: ArrayLike<number> | undefined;
  if (o.position !== undefined) {
    const p = o.position as ArrayLike<number> | null;
    if (typeof p !== 'object' || p === null || p.length !== 2 || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) {
      throw new RangeError(`${OWNER}: option \`position\` must be 2 finite numbers, got ${Array.isArray(p) ? `[${p.join(', ')}]` : String(p)}`);
    }
    initial = p;
  }
  if (o.rotation !== undefined && (typeof o.rotation !== 'number' || !Number.isFinite(o.rotation))) {
    throw new RangeError(`${OWNER}: option \`rotation\` must be a finite number (radians), got ${String(o.rotation)}`);
  }
  const position = createInterpolated({ kind: 'vector', size: 2, ...(initial ? { initial } : {}) });
  const rotation = createInterpolated({ kind: 'angle', initial: (o.rotation as number | undefined) ?? 0 });
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
