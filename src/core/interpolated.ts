/**
 * Interpolation per object: keep the state a value had at the previous fixed step and the state
 * it has now, and blend the two for the picture. A fixed step moves the game in whole steps while
 * the display shows times in between; drawing the blend instead of the latest state removes the
 * judder (Peter Sundqvist, "Timestepping", on interpolating the draw between the last two states).
 *
 * Everything here is preallocated at creation: `snapshot`, `set`, `teleport` and `blend` allocate
 * nothing, so they can run every step and every frame.
 */
import { oneOf, optionsObject, integerAtLeast } from './validate.js';

const OWNER = 'createInterpolated';
const TWO_PI = 2 * Math.PI;

/** What an interpolated value holds: a number, a vector, an angle in radians, or a rotation quaternion. */
export type InterpolatedKind = 'number' | 'vector' | 'angle' | 'quaternion';

/** How a quaternion is blended: normalised linear (`'nlerp'`, cheap) or spherical (`'slerp'`, constant angular speed). */
export type QuaternionBlend = 'nlerp' | 'slerp';

/**
 * An object with named components, as three.js `Vector2`/`Vector3`/`Vector4`/`Quaternion` are:
 * `x`, `y`, then `z` and `w` as the size needs. Duck-typed: nothing of three.js is imported.
 */
export interface XYZWLike {
  /** First component. */
  x: number;
  /** Second component. */
  y: number;
  /** Third component (sizes 3 and 4). */
  z?: number;
  /** Fourth component (size 4 and quaternions). */
  w?: number;
}

/** Something a vector or quaternion can be read from: an array, a typed array, or an {@link XYZWLike}. */
export type VectorSource = ArrayLike<number> | Readonly<XYZWLike>;

/** Something a blended vector or quaternion can be written into: an array, a typed array, or an {@link XYZWLike}. */
export type VectorTarget = { [index: number]: number; readonly length: number } | XYZWLike;

/** Options of {@link createInterpolated} for a number or an angle. */
export interface InterpolatedScalarOptions {
  /** `'number'`: a plain lerp. `'angle'`: radians, blended along the shorter arc (never more than half a turn). */
  kind: 'number' | 'angle';
  /** The initial state (previous = current = this). Default 0. */
  initial?: number;
  /** `false` draws the current state as it is (no blend). Default true. Changeable later through `enabled`. */
  interpolate?: boolean;
}

/** Options of {@link createInterpolated} for a vector or a quaternion. */
export interface InterpolatedVectorOptions {
  /** `'vector'`: componentwise lerp of `size` numbers. `'quaternion'`: a rotation `[x, y, z, w]`, blended the short way and normalised. */
  kind: 'vector' | 'quaternion';
  /** Components of a vector (a whole number ≥ 1). Quaternions have 4 (the only accepted value). Default 3 for vectors. */
  size?: number;
  /** For quaternions: `'nlerp'` (default) or `'slerp'`. */
  blend?: QuaternionBlend;
  /** The initial state (previous = current = this). Default zeros; for a quaternion the identity `[0, 0, 0, 1]`. */
  initial?: VectorSource;
  /** `false` draws the current state as it is (no blend). Default true. Changeable later through `enabled`. */
  interpolate?: boolean;
}

/** Options of {@link createInterpolated}. */
export type InterpolatedOptions = InterpolatedScalarOptions | InterpolatedVectorOptions;

/** Members shared by every interpolated value. */
interface InterpolatedBase {
  /** When false, `blend` gives the current state whatever `alpha` is (interpolation off for this object). */
  enabled: boolean;
  /** Start of a fixed step: previous ← current. Call it before the step changes `current`. */
  snapshot(): void;
}

/** A number or an angle with its previous and current state; see {@link createInterpolated}. */
export interface InterpolatedScalar extends InterpolatedBase {
  /** `'number'` or `'angle'`. */
  readonly kind: 'number' | 'angle';
  /** The state after the latest step. Write it during the step. */
  current: number;
  /** The state before the latest step (what `snapshot()` saved). */
  readonly previous: number;
  /** Set the current state (the same as assigning `current`). */
  set(value: number): void;
  /** `snapshot()` then `set(value)`: record this step's result in one call. */
  push(value: number): void;
  /** Jump: previous = current = `value` (default: the current state), so the next picture shows it with no streak. */
  teleport(value?: number): void;
  /**
   * The picture `alpha` ∈ [0, 1] of the way from previous to current (clamped; NaN reads as 0).
   * Exactly `previous` at 0 and `current` at 1. An angle turns the shorter way; in between the
   * result may differ from the stored angles by whole turns.
   */
  blend(alpha: number): number;
}

/** A vector or quaternion with its previous and current state; see {@link createInterpolated}. */
export interface InterpolatedVector extends InterpolatedBase {
  /** `'vector'` or `'quaternion'`. */
  readonly kind: 'vector' | 'quaternion';
  /** Number of components. */
  readonly size: number;
  /** The state after the latest step: write its components during the step (`current[0] = x`). */
  readonly current: Float64Array;
  /** The state before the latest step (what `snapshot()` saved). */
  readonly previous: Float64Array;
  /** The result of the latest `blend` without a target (reused). */
  readonly value: Float64Array;
  /** Copy `source` into the current state. */
  set(source: VectorSource): void;
  /** `snapshot()` then `set(source)`: record this step's result in one call. */
  push(source: VectorSource): void;
  /** Jump: previous = current = `source` (default: the current state), so the next picture shows it with no streak. */
  teleport(source?: VectorSource): void;
  /**
   * Write the picture `alpha` ∈ [0, 1] of the way from previous to current (clamped; NaN reads
   * as 0) into `target` (an array, a typed array, or an object with x/y/z/w) and return it; without a
   * target into `value`. Vectors: componentwise, exactly `previous` at 0 and `current` at 1.
   * Quaternions: the shorter way (q and −q are the same rotation), unit length, exactly `current`
   * at 1 (normalised).
   */
  blend<T extends VectorTarget>(alpha: number, target: T): T;
  /** Without a target: write into and return {@link InterpolatedVector.value}. */
  blend(alpha: number): Float64Array;
}

/** An interpolated value of either shape. */
export type Interpolated = InterpolatedScalar | InterpolatedVector;

const KINDS: readonly InterpolatedKind[] = ['number', 'vector', 'angle', 'quaternion'];
const QUATERNION_BLENDS: readonly QuaternionBlend[] = ['nlerp', 'slerp'];
const AXES = ['x', 'y', 'z', 'w'] as const;

/** Alpha into [0, 1]; NaN → 0, so a bad alpha shows the previous state instead of NaN. */
function clampAlpha(alpha: number): number {
  return alpha > 0 ? (alpha < 1 ? alpha : 1) : 0;
}

/** An angle difference into [−π, π): the shorter way round (exactly half a turn goes the negative way). */
function shortestArc(delta: number): number {
  return delta - TWO_PI * Math.floor((delta + Math.PI) / TWO_PI);
}

function isIndexed(value: unknown): value is ArrayLike<number> {
  return Array.isArray(value) || ArrayBuffer.isView(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a typed array of length ${(value as unknown as ArrayLike<number>).length}`;
  return typeof value === 'number' ? String(value) : typeof value;
}

/**
 * Create a value with a previous and a current state for interpolated drawing: call
 * `snapshot()` at the start of each fixed step (previous ← current), change `current` in the
 * step, and `blend(alpha, target)` at render. `teleport()` moves it with no streak.
 *
 * Kinds: `'number'`, `'angle'` (radians, shorter arc), `'vector'` (any `size`: plain or typed
 * arrays, or objects with x/y/z/w such as a three.js `Vector3`), `'quaternion'` (`[x, y, z, w]`
 * like three.js `Quaternion`, `'nlerp'` or `'slerp'`, shortest path, normalised).
 *
 * Throws a RangeError naming the option for a bad `kind`, `size`, `blend` or `initial`.
 *
 * @example
 * ```ts
 * import { createInterpolated } from 'react-timestep/core';
 *
 * const position = createInterpolated({ kind: 'vector', size: 2 });
 * // each fixed step:
 * position.snapshot();
 * position.current[0] += 1;
 * // each frame, with the fixed step's alpha:
 * const drawn = position.blend(0.25, { x: 0, y: 0 }); // { x: 0.25, y: 0 }
 * ```
 */
export function createInterpolated(options: InterpolatedScalarOptions): InterpolatedScalar;
export function createInterpolated(options: InterpolatedVectorOptions): InterpolatedVector;
export function createInterpolated(options: InterpolatedOptions): Interpolated;
export function createInterpolated(options: InterpolatedOptions): Interpolated {
  const o = optionsObject(OWNER, options, true);
  const kind = oneOf(OWNER, 'kind', o.kind, KINDS);
  if (o.interpolate !== undefined && typeof o.interpolate !== 'boolean') {
    throw new RangeError(`${OWNER}: option \`interpolate\` must be a boolean, got ${describe(o.interpolate)}`);
  }
  const enabled = o.interpolate !== false;
  if (kind === 'number' || kind === 'angle') {
    if (o.initial !== undefined && (typeof o.initial !== 'number' || !Number.isFinite(o.initial))) {
      throw new RangeError(`${OWNER}: option \`initial\` must be a finite number for kind '${kind}', got ${describe(o.initial)}`);
    }
    return createScalar(kind, (o.initial as number | undefined) ?? 0, enabled);
  }
  let size: number;
  if (kind === 'quaternion') {
    if (o.size !== undefined && o.size !== 4) {
      throw new RangeError(`${OWNER}: option \`size\` must be 4 for kind 'quaternion', got ${describe(o.size)}`);
    }
    size = 4;
  } else {
    size = o.size === undefined ? 3 : integerAtLeast(OWNER, 'size', o.size, 1);
  }
  const method = o.blend === undefined ? 'nlerp' : oneOf(OWNER, 'blend', o.blend, QUATERNION_BLENDS);
  if (o.blend !== undefined && kind !== 'quaternion') {
    throw new RangeError(`${OWNER}: option \`blend\` applies to kind 'quaternion' only, got kind '${kind}'`);
  }
  return createVector(kind, size, method, o.initial, enabled);
}

function createScalar(kind: 'number' | 'angle', initial: number, enabled: boolean): InterpolatedScalar {
  // Doubles kept in a Float64Array: a fractional double stored in a closure variable or a plain
  // field can be boxed on every write (an allocation per step).
  const state = new Float64Array(2); // [previous, current]
  state[0] = initial;
  state[1] = initial;
  const angle = kind === 'angle';
  const self: InterpolatedScalar = {
    kind,
    enabled,
    get current() {
      return state[1]!;
    },
    set current(value: number) {
      state[1] = value;
    },
    get previous() {
      return state[0]!;
    },
    snapshot() {
      state[0] = state[1]!;
    },
    set(value: number) {
      state[1] = value;
    },
    push(value: number) {
      state[0] = state[1]!;
      state[1] = value;
    },
    teleport(value?: number) {
      if (value !== undefined) state[1] = value;
      state[0] = state[1]!;
    },
    blend(alpha: number): number {
      const previous = state[0]!;
      const current = state[1]!;
      if (!self.enabled) return current;
      const a = clampAlpha(alpha);
      if (a === 0) return previous;
      if (a === 1) return current;
      const delta = angle ? shortestArc(current - previous) : current - previous;
      return previous + delta * a;
    },
  };
  return self;
}

function createVector(
  kind: 'vector' | 'quaternion',
  size: number,
  method: QuaternionBlend,
  initial: unknown,
  enabled: boolean,
): InterpolatedVector {
  const previous = new Float64Array(size);
  const current = new Float64Array(size);
  const value = new Float64Array(size);
  if (kind === 'quaternion') current[3] = 1;
  if (initial !== undefined) {
    if (!isIndexed(initial) && (typeof initial !== 'object' || initial === null)) {
      throw new RangeError(`${OWNER}: option \`initial\` must be an array, a typed array or an object with x/y/z/w, got ${describe(initial)}`);
    }
    if (isIndexed(initial) && initial.length !== size) {
      throw new RangeError(`${OWNER}: option \`initial\` must have ${size} components, got ${describe(initial)}`);
    }
    if (!isIndexed(initial) && size > 4) {
      throw new RangeError(`${OWNER}: option \`initial\` must be an array for size ${size} (x/y/z/w name 4 components at most), got object`);
    }
    read(initial as VectorSource, current, 'initial');
  }
  previous.set(current);
  value.set(current);
  const quaternion = kind === 'quaternion';
  const slerp = method === 'slerp';

  function read(source: VectorSource, into: Float64Array, name: string): void {
    if (isIndexed(source)) {
      if (source.length < size) throw new TypeError(`${OWNER} (${kind}): ${name} needs ${size} components, got ${describe(source)}`);
      for (let i = 0; i < size; i++) into[i] = source[i]!;
      return;
    }
    if (size > 4) throw new TypeError(`${OWNER} (${kind}): ${name} needs an array for size ${size}, got object`);
    const named = source as Readonly<XYZWLike>;
    for (let i = 0; i < size; i++) into[i] = named[AXES[i]!] as number;
  }

  /** Write `value` into `target`: an indexed target by index, else by x/y/z/w. */
  function write<T extends VectorTarget>(target: T): T {
    if (isIndexed(target)) {
      const indexed = target as { [index: number]: number };
      for (let i = 0; i < size; i++) indexed[i] = value[i]!;
      return target;
    }
    if (size > 4) throw new TypeError(`${OWNER} (${kind}): blend needs an array target for size ${size}, got object`);
    const named = target as XYZWLike;
    named.x = value[0]!;
    if (size > 1) named.y = value[1]!;
    if (size > 2) named.z = value[2]!;
    if (size > 3) named.w = value[3]!;
    return target;
  }

  function lerpInto(a: number): void {
    for (let i = 0; i < size; i++) {
      const p = previous[i]!;
      value[i] = a === 0 ? p : a === 1 ? current[i]! : p + (current[i]! - p) * a;
    }
  }

  function quaternionInto(a: number): void {
    let dot = previous[0]! * current[0]! + previous[1]! * current[1]! + previous[2]! * current[2]! + previous[3]! * current[3]!;
    // The short way: q and −q are the same rotation, so the previous state's sign is flipped to
    // face the current one (the picture then ends exactly on `current`, normalised).
    const sign = dot < 0 ? -1 : 1;
    dot *= sign;
    let wPrevious = 1 - a;
    let wCurrent = a;
    // Slerp keeps the angular speed constant; when the two are nearly equal its sine ratio loses
    // precision and the straight lerp is the same to within 1e-7 anyway.
    if (slerp && a > 0 && a < 1 && dot < 0.9995) {
      const theta = Math.acos(dot > 1 ? 1 : dot);
      const sinTheta = Math.sin(theta);
      wPrevious = Math.sin((1 - a) * theta) / sinTheta;
      wCurrent = Math.sin(a * theta) / sinTheta;
    }
    wPrevious *= sign;
    let lengthSquared = 0;
    for (let i = 0; i < 4; i++) {
      const q = previous[i]! * wPrevious + current[i]! * wCurrent;
      value[i] = q;
      lengthSquared += q * q;
    }
    // A zero blend only comes from zero inputs: keep the identity rather than divide by zero.
    if (!(lengthSquared > 0)) {
      value[0] = 0;
      value[1] = 0;
      value[2] = 0;
      value[3] = 1;
      return;
    }
    const inverse = 1 / Math.sqrt(lengthSquared);
    for (let i = 0; i < 4; i++) value[i] = value[i]! * inverse;
  }

  const self: InterpolatedVector = {
    kind,
    size,
    enabled,
    current,
    previous,
    value,
    snapshot() {
      previous.set(current);
    },
    set(source: VectorSource) {
      read(source, current, 'set');
    },
    push(source: VectorSource) {
      previous.set(current);
      read(source, current, 'push');
    },
    teleport(source?: VectorSource) {
      if (source !== undefined) read(source, current, 'teleport');
      previous.set(current);
    },
    blend<T extends VectorTarget>(alpha: number, target?: T): T | Float64Array {
      const a = self.enabled ? clampAlpha(alpha) : 1;
      if (quaternion) quaternionInto(a);
      else lerpInto(a);
      return target === undefined ? value : write(target);
    },
  } as InterpolatedVector;
  return self;
}
