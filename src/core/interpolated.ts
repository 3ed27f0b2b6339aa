/**
 * Interpolation per object: keep the state a value had at the previous fixed step and the state
 * it has now, and blend the two for the picture. A fixed step moves the game in whole steps while
 * the display shows times in between; drawing the blend instead of the latest state removes the
 * judder (Peter Sundqvist, "Timestepping", on interpolating the draw between the last two states).
 *
 * Everything here is preallocated at creation: `snapshot`, `set`, `teleport` and `blend` allocate
 * nothing, so they can run every step and every frame.
 */
import { booleanValue, finiteNumber, integerAtLeast, oneOf, optionsObject, withDefault } from './validate.js';

/** Every option of {@link createInterpolated}; any other key is a misspelling (a RangeError naming it). */
export const INTERPOLATED_OPTION_KEYS: readonly string[] = ['kind', 'size', 'initial', 'interpolate', 'blend'];
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

function isIndexed(value: unknown): value is ArrayLike<number> {
  return Array.isArray(value) || ArrayBuffer.isView(value);
}

/** A value as an error message shows it: the numbers of an array or typed array, else a number, `null` or the type. */
function describe(value: unknown): string {
  if (isIndexed(value)) return `[${Array.from(value).join(', ')}]`;
  return value === null || typeof value === 'number' ? String(value) : typeof value;
}

/**
 * A renderer adapter's starting vector option: undefined, or `size` finite numbers in an array-like
 * object. Anything else is a RangeError naming `owner`, the option and the value.
 * @internal
 */
export function finiteVector(owner: string, name: string, value: unknown, size: number): ArrayLike<number> | undefined {
  const v = value as ArrayLike<number> | null | undefined;
  if (v === undefined || (typeof v === 'object' && v !== null && v.length === size && Array.from(v).every(Number.isFinite))) return v;
  throw new RangeError(`${owner}: option \`${name}\` must be ${size} finite numbers, got ${describe(v)}`);
}

/** The TypeError of a bad source or target (a RangeError for the `initial` option). */
function fail(kind: InterpolatedKind, size: number, name: string, source: unknown, initial?: boolean): never {
  throw new (initial ? RangeError : TypeError)(`${OWNER} (${kind}): ${name} needs ${size} numbers in an array${size > 4 ? '' : ' or as x/y/z/w'}, got ${describe(source)}`);
}

/**
 * Copy `source` into `current` (a number or an angle: the number itself). For the `initial`
 * option (`initial` true) it must hold exactly `current.length` components, and a bad one is a RangeError.
 */
function read(kind: InterpolatedKind, current: Float64Array, source: unknown, name: string, initial?: boolean): void {
  if (kind === 'number' || kind === 'angle') {
    current[0] = source as number;
    return;
  }
  const size = current.length;
  const indexed = isIndexed(source);
  if (indexed ? source.length < size || (initial && source.length > size) : size > 4 || (initial && (typeof source !== 'object' || source === null))) {
    fail(kind, size, name, source, initial);
  }
  for (let i = 0; i < size; i++) current[i] = indexed ? source[i]! : ((source as Readonly<XYZWLike>)[AXES[i]!] as number);
}

/** Write `value` into `target`: an indexed target by index, else by x/y/z/w. */
function write<T extends VectorTarget>(kind: InterpolatedKind, value: Float64Array, target: T): T {
  const size = value.length;
  if (isIndexed(target)) {
    const indexed = target as { [index: number]: number };
    for (let i = 0; i < size; i++) indexed[i] = value[i]!;
    return target;
  }
  if (size > 4) fail(kind, size, 'blend target', target);
  const named = target as XYZWLike;
  named.x = value[0]!;
  if (size > 1) named.y = value[1]!;
  if (size > 2) named.z = value[2]!;
  if (size > 3) named.w = value[3]!;
  return target;
}

/** The quaternion `a` of the way from `previous` to `current` into `value`: the short way, normalised. */
function quaternionInto(previous: Float64Array, current: Float64Array, value: Float64Array, a: number, slerp: boolean): void {
  let dot = 0;
  for (let i = 0; i < 4; i++) dot += previous[i]! * current[i]!;
  // The short way: q and −q are the same rotation, so the previous state's sign is flipped to
  // face the current one (the picture then ends exactly on `current`, normalised).
  const sign = dot < 0 ? -1 : 1;
  dot *= sign;
  let wPrevious = 1 - a;
  let wCurrent = a;
  // Slerp keeps the angular speed constant; when the two are nearly equal its sine ratio loses
  // precision and the straight lerp is the same to within 1e-7 anyway. (At a = 0 and 1 its
  // weights are exactly the lerp's 1, 0 and 0, 1: dot ≥ 0 here, so 0 < θ ≤ π/2.)
  if (slerp && dot < 0.9995) {
    const theta = Math.acos(dot);
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
  const inverse = 1 / Math.sqrt(lengthSquared);
  if (lengthSquared > 0) for (let i = 0; i < 4; i++) value[i] = value[i]! * inverse;
  // A zero blend only comes from zero inputs: keep the identity rather than divide by zero.
  else value.fill(0)[3] = 1;
}

// A number's or an angle's `current` and `previous` are accessors shared by every such object:
// they find the object's state through these keys (symbols: not in Object.keys or JSON). Accessors
// written in each object literal would be three closures per object and, as V8 builds such a
// literal, a dictionary-mode object (≈ 550 bytes of heap more per object, and slower reads).
const PREVIOUS = Symbol();
const CURRENT = Symbol();
const ANGLE = Symbol();

/** An object carrying a number's or angle's state under the keys above. */
interface ScalarState {
  [PREVIOUS]: Float64Array;
  [CURRENT]: Float64Array;
  /** Whether it blends as an angle (not read from `kind`, which code outside TypeScript could overwrite). */
  [ANGLE]: boolean;
}

/** A number or an angle before its methods are added. */
type ScalarBase = ScalarState & Pick<InterpolatedScalar, 'kind' | 'enabled'>;

// Taken from an object literal's accessors: own, enumerable and configurable, as they were when
// each object had its own.
const SCALAR_ACCESSORS = Object.getOwnPropertyDescriptors({
  get current(): number {
    return (this as unknown as ScalarState)[CURRENT][0]!;
  },
  set current(x: number) {
    (this as unknown as ScalarState)[CURRENT][0] = x;
  },
  get previous(): number {
    return (this as unknown as ScalarState)[PREVIOUS][0]!;
  },
});

/**
 * A number's or an angle's picture `alpha` of the way from previous to current, written into
 * `current[1]`: exactly previous at 0 and current at 1; an angle turns the shorter way (the
 * difference into [−π, π), exactly half a turn the negative way).
 *
 * Why a slot and not a return value, and no `mix(p, c, a)` or `shortestArc(delta)` helper: a
 * fractional double that crosses a call V8 does not inline (an argument or the return value) is
 * boxed into a new HeapNumber, every frame; V8 skips inlining when its budget is used up (a busy
 * machine, big callers). Here only `alpha` crosses, the caller's own value passed on unchanged.
 * The slot costs a store and a load (measured ≈ 0.25 ns a blend when everything is inlined anyway).
 */
function blendScalar(self: ScalarBase, alpha: number): void {
  const current = self[CURRENT];
  const a = clampAlpha(self.enabled ? alpha : 1);
  const p = self[PREVIOUS][0]!;
  const c = current[0]!;
  const delta = c - p;
  current[1] = a === 0 ? p : a === 1 ? c : p + (self[ANGLE] ? delta - TWO_PI * Math.floor((delta + Math.PI) / TWO_PI) : delta) * a;
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
 * Throws a RangeError naming the option for a bad `kind`, `size`, `blend` or `initial`, or for an
 * unknown option name (`intial`), naming it.
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
  const o = optionsObject(OWNER, options, true, INTERPOLATED_OPTION_KEYS);
  const kind = oneOf(OWNER, 'kind', o.kind, KINDS);
  const enabled = booleanValue(OWNER, 'interpolate', withDefault(o.interpolate, true));
  const scalar = kind === 'number' || kind === 'angle';
  const quaternion = kind === 'quaternion';
  // Numbers and angles are one-component vectors inside: the same state, snapshot and reads.
  let size = 1;
  let slerp = false;
  if (!scalar) {
    size = withDefault(o.size as number | undefined, quaternion ? 4 : 3);
    if (!quaternion) integerAtLeast(OWNER, 'size', size, 1);
    else if (size !== 4) throw new RangeError(`${OWNER}: option \`size\` must be 4 for kind 'quaternion', got ${describe(size)}`);
    if (o.blend !== undefined) {
      slerp = oneOf(OWNER, 'blend', o.blend, QUATERNION_BLENDS) === 'slerp';
      if (!quaternion) throw new RangeError(`${OWNER}: option \`blend\` applies to kind 'quaternion' only, got kind '${kind}'`);
    }
  }
  // Doubles kept in Float64Arrays: a fractional double stored in a closure variable or a plain
  // field can be boxed on every write (an allocation per step).
  const previous = new Float64Array(size);
  // A number's or an angle's blend goes out through `current[1]` (see blendScalar): it needs no
  // array of its own for it.
  const current = new Float64Array(scalar ? 2 : size);
  const value = scalar ? current : new Float64Array(size);
  // The object itself (the methods are added below); for a number or an angle, the accessors come
  // after kind and enabled, as an object literal's would.
  const base = scalar
    ? Object.defineProperties({ kind, enabled, [PREVIOUS]: previous, [CURRENT]: current, [ANGLE]: kind === 'angle' } as ScalarBase, SCALAR_ACCESSORS)
    : { kind, size, enabled, current, previous, value };

  // The methods are the only closures per object (they work detached, e.g. passed as a callback);
  // the work is in the module-level functions above, which take the state.
  function snapshot(): void {
    for (let i = 0; i < size; i++) previous[i] = current[i]!;
  }
  const set = (source: unknown): void => read(kind, current, source, 'set');
  function teleport(source?: unknown): void {
    if (source !== undefined) read(kind, current, source, 'teleport');
    snapshot();
  }

  if (quaternion) current[3] = 1;
  if (scalar) current[0] = finiteNumber(OWNER, 'initial', withDefault(o.initial, 0));
  else if (o.initial !== undefined) read(kind, current, o.initial, 'option `initial`', true);
  snapshot();
  value.set(current);

  // The same keys in the same order as an object literal gives: Object.assign adds the methods
  // after the state.
  return Object.assign(base, {
    snapshot,
    set,
    // A number's or an angle's push stores its value itself and is small enough for V8 to inline
    // always (≤ 27 bytes of bytecode; 21 now): a fractional double passed to a call that is not
    // inlined (this push itself, or the `read` that a vector's push calls) would be boxed, every step.
    push: scalar
      ? function push(source: unknown): void {
          snapshot();
          current[0] = source as number;
        }
      : function push(source: unknown): void {
          snapshot();
          read(kind, current, source, 'push');
        },
    teleport,
    // A number or an angle returns its blend, read from the slot blendScalar wrote: this function
    // stays small enough for V8 to inline always (≤ 27 bytes of bytecode; 26 now), so the result
    // is not boxed. (`_target`, ignored: the same arity as before.) A vector or a quaternion
    // writes its blend into `value`, then into the target if one is given.
    blend: scalar
      ? function blend(alpha: number, _target?: unknown): number {
          blendScalar(base as ScalarBase, alpha);
          return current[1]!;
        }
      : function blend<T extends VectorTarget>(alpha: number, target?: T): T | Float64Array {
          const a = clampAlpha(base.enabled ? alpha : 1);
          if (quaternion) quaternionInto(previous, current, value, a, slerp);
          else {
            // The lerp written here, not called: the components would be boxed as the arguments
            // (and the result as the return value) of a call that V8 does not inline.
            for (let i = 0; i < size; i++) {
              const p = previous[i]!;
              const c = current[i]!;
              value[i] = a === 0 ? p : a === 1 ? c : p + (c - p) * a;
            }
          }
          return target === undefined ? value : write(kind, value, target);
        },
  }) as Interpolated;
}
