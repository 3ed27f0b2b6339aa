// Interpolation per object (Sundqvist, "Timestepping"). No method allocates; why the state lives in
// Float64Arrays and the blends are written out inline: docs/performance.md.
import { checkNames, checkValue, choice, finite, flag, optionsArgument, required, wholeAtLeast } from './options.js';

/** Every option of {@link createInterpolated}. @internal */
export const INTERPOLATED_OPTION_KEYS: readonly string[] = ['kind', 'size', 'initial', 'interpolate', 'blend'];
const OWNER = 'createInterpolated';
const TWO_PI = 2 * Math.PI;

/** What an interpolated value holds: a number, a vector, an angle in radians, or a rotation quaternion. */
export type InterpolatedKind = 'number' | 'vector' | 'angle' | 'quaternion';

/** How a quaternion is blended: normalised linear (`'nlerp'`, cheap) or spherical (`'slerp'`, constant angular speed). */
export type QuaternionBlend = 'nlerp' | 'slerp';

/** Named components, as three.js `Vector2`/`Vector3`/`Vector4`/`Quaternion` have (duck-typed). */
export interface XYZWLike {
  /** First component. */
  x: number;
  /** Second component. */
  y: number;
  /** Third component (sizes 3 and 4). */
  z?: number;
  /** Fourth component (size 4, quaternions). */
  w?: number;
}

/** Something a vector or quaternion can be read from: an array, a typed array, or an {@link XYZWLike}. */
export type VectorSource = ArrayLike<number> | Readonly<XYZWLike>;

/** Something a blended vector or quaternion can be written into: an array, a typed array, or an {@link XYZWLike}. */
export type VectorTarget = { [index: number]: number; readonly length: number } | XYZWLike;

/** Options of {@link createInterpolated} for a number or an angle. */
export interface InterpolatedScalarOptions {
  /** `'number'`: a plain lerp. `'angle'`: radians, blended along the shorter arc. */
  kind: 'number' | 'angle';
  /** The initial state (previous = current = this), a finite number. Default 0. */
  initial?: number;
  /** `false` draws the current state as it is. Default true; changeable later through `enabled`. */
  interpolate?: boolean;
}

/** Options of {@link createInterpolated} for a vector or a quaternion. */
export interface InterpolatedVectorOptions {
  /** `'vector'`: componentwise lerp of `size` numbers. `'quaternion'`: a rotation `[x, y, z, w]` of any length. */
  kind: 'vector' | 'quaternion';
  /** Components of a vector (a whole number ≥ 1, default 3). Quaternions: 4, the only accepted value. */
  size?: number;
  /** For quaternions: `'nlerp'` (default) or `'slerp'`. */
  blend?: QuaternionBlend;
  /** The initial state, `size` finite numbers. Default zeros; for a quaternion the identity `[0, 0, 0, 1]`. */
  initial?: VectorSource;
  /** `false` draws the current state as it is. Default true; changeable later through `enabled`. */
  interpolate?: boolean;
}

/** Options of {@link createInterpolated}. */
export type InterpolatedOptions = InterpolatedScalarOptions | InterpolatedVectorOptions;

interface InterpolatedBase {
  /** When false, `blend` gives the current state whatever `alpha` is. */
  enabled: boolean;
  /** Start of a fixed step: previous ← current. */
  snapshot(): void;
}

/** A number or an angle with its previous and current state; see {@link createInterpolated}. */
export interface InterpolatedScalar extends InterpolatedBase {
  /** `'number'` or `'angle'`. */
  readonly kind: 'number' | 'angle';
  /** The state after the latest step: write it during the step. */
  current: number;
  /** The state `snapshot()` saved. */
  readonly previous: number;
  /** Assign `current`. */
  set(value: number): void;
  /** `snapshot()` then `set(value)`. */
  push(value: number): void;
  /** previous = current = `value` (default: the current state): the next picture shows it with no streak. */
  teleport(value?: number): void;
  /** The picture `alpha` ∈ [0, 1] of the way from previous to current (docs/core.md#createinterpolated). */
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
  /** The state `snapshot()` saved. */
  readonly previous: Float64Array;
  /** The result of the latest `blend` without a target (reused). */
  readonly value: Float64Array;
  /** Copy `source` into the current state; a missing component is a TypeError naming it. */
  set(source: VectorSource): void;
  /** `snapshot()` then `set(source)`. */
  push(source: VectorSource): void;
  /** previous = current = `source` (default: the current state): the next picture shows it with no streak. */
  teleport(source?: VectorSource): void;
  /** Write the picture `alpha` ∈ [0, 1] of the way from previous to current into `target` and return it. */
  blend<T extends VectorTarget>(alpha: number, target: T): T;
  /** Without a target: write into and return {@link InterpolatedVector.value}. */
  blend(alpha: number): Float64Array;
}

/** An interpolated value of either shape. */
export type Interpolated = InterpolatedScalar | InterpolatedVector;

const KINDS: readonly InterpolatedKind[] = ['number', 'vector', 'angle', 'quaternion'];
const QUATERNION_BLENDS: readonly QuaternionBlend[] = ['nlerp', 'slerp'];
const AXES = ['x', 'y', 'z', 'w'] as const;

// NaN → 0: a bad alpha shows the previous state instead of NaN.
function clampAlpha(alpha: number): number {
  return alpha > 0 ? (alpha < 1 ? alpha : 1) : 0;
}

function isIndexed(value: unknown): value is ArrayLike<number> {
  return Array.isArray(value) || ArrayBuffer.isView(value);
}

function describe(value: unknown): string {
  if (isIndexed(value)) return `[${Array.from(value).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return `{ ${Object.keys(value).join(', ')} }`;
  return typeof value === 'number' || value === null ? String(value) : typeof value;
}

/** An adapter's vector option: undefined or `size` finite numbers, else a RangeError naming it. @internal */
export function finiteVector(owner: string, name: string, value: unknown, size: number): ArrayLike<number> | undefined {
  const v = value as ArrayLike<number> | null | undefined;
  if (v === undefined || (typeof v === 'object' && v !== null && v.length === size && Array.from(v).every(Number.isFinite))) return v;
  throw new RangeError(`${owner}: option \`${name}\` must be ${size} finite numbers, got ${describe(v)}`);
}

/** `initialOwner`: reading the `initial` option of that factory or hook (a RangeError naming it). */
function fail(kind: InterpolatedKind, size: number, name: string, source: unknown, initialOwner?: string): never {
  const initial = initialOwner !== undefined;
  const what = initial ? 'finite numbers' : 'numbers';
  throw new (initial ? RangeError : TypeError)(`${initialOwner ?? OWNER} (${kind}): ${name} needs ${size} ${what} in an array${size > 4 ? '' : ' or as x/y/z/w'}, got ${describe(source)}`);
}

function read(kind: InterpolatedKind, current: Float64Array, source: unknown, name: string, initialOwner?: string): void {
  const initial = initialOwner !== undefined;
  if (kind === 'number' || kind === 'angle') {
    current[0] = source as number;
    return;
  }
  const size = current.length;
  const indexed = isIndexed(source);
  if (indexed ? source.length < size || (initial && source.length > size) : size > 4 || typeof source !== 'object' || source === null) {
    fail(kind, size, name, source, initialOwner);
  }
  // Checked before anything is written: a bad source leaves the state as it was.
  for (let i = 0; i < size; i++) {
    const x = indexed ? source[i] : (source as Readonly<XYZWLike>)[AXES[i]!];
    if (typeof x === 'number' && (!initial || Number.isFinite(x))) continue;
    if (initial || indexed) fail(kind, size, name, source, initialOwner);
    throw new TypeError(`${OWNER} (${kind}): ${name} is missing \`${AXES[i]}\` (needs ${AXES.slice(0, size).join(', ')}), got ${describe(source)}`);
  }
  for (let i = 0; i < size; i++) current[i] = indexed ? source[i]! : ((source as Readonly<XYZWLike>)[AXES[i]!] as number);
}

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

// Each input is scaled by its largest component, then by its length, so 1e308 does not overflow.
function quaternionInto(previous: Float64Array, current: Float64Array, value: Float64Array, a: number, slerp: boolean): void {
  let pMax = 0;
  let cMax = 0;
  for (let i = 0; i < 4; i++) {
    pMax = Math.max(pMax, Math.abs(previous[i]!));
    cMax = Math.max(cMax, Math.abs(current[i]!));
  }
  const pOk = pMax > 0 && pMax < Infinity;
  const cOk = cMax > 0 && cMax < Infinity;
  if (!pOk && !cOk) {
    value.fill(0)[3] = 1;
    return;
  }
  const p = pOk ? previous : current;
  const c = cOk ? current : previous;
  if (!pOk) pMax = cMax;
  if (!cOk) cMax = pMax;
  let pSquared = 0;
  let cSquared = 0;
  let dot = 0;
  for (let i = 0; i < 4; i++) {
    const pi = p[i]! / pMax;
    const ci = c[i]! / cMax;
    pSquared += pi * pi;
    cSquared += ci * ci;
    dot += pi * ci;
  }
  const pLength = Math.sqrt(pSquared);
  const cLength = Math.sqrt(cSquared);
  dot /= pLength * cLength;
  // q and −q are the same rotation: flip the previous one to face the current one.
  const sign = dot < 0 ? -1 : 1;
  dot = Math.min(dot * sign, 1);
  let wPrevious = 1 - a;
  // `+ 0`: a computed double like the slerp weight below. Merged with the argument itself, V8
  // keeps the merge as a boxed number and boxes the slerp weight: 16 bytes a frame.
  let wCurrent = a + 0;
  // Nearly equal rotations (under 4.5e-5 rad apart): acos near 1 loses precision, and the lerp is
  // the same to 1e-13. (A switch at 0.9995, 0.03 rad, left a step of up to 1e-6 rad there.)
  if (slerp && dot < 1 - 1e-9) {
    const theta = Math.acos(dot);
    const sinTheta = Math.sin(theta);
    wPrevious = Math.sin((1 - a) * theta) / sinTheta;
    wCurrent = Math.sin(a * theta) / sinTheta;
  }
  wPrevious = (wPrevious * sign) / pLength;
  wCurrent /= cLength;
  let lengthSquared = 0;
  for (let i = 0; i < 4; i++) {
    const q = (p[i]! / pMax) * wPrevious + (c[i]! / cMax) * wCurrent;
    value[i] = q;
    lengthSquared += q * q;
  }
  const inverse = 1 / Math.sqrt(lengthSquared);
  for (let i = 0; i < 4; i++) value[i] = value[i]! * inverse;
}

// A number's `current` and `previous` are accessors shared by every number (in Object.keys and
// JSON, as an object literal's would be), over its state in a field that is not: accessors made per
// object would put each object in dictionary mode, 5× slower to blend (docs/performance.md).
interface ScalarBase extends Pick<InterpolatedScalar, 'kind' | 'enabled'> {
  readonly state: { previous: Float64Array; current: Float64Array };
}
const SCALAR_ACCESSORS: PropertyDescriptorMap = Object.getOwnPropertyDescriptors({
  get current(): number {
    return (this as unknown as ScalarBase).state.current[0]!;
  },
  set current(x: number) {
    (this as unknown as ScalarBase).state.current[0] = x;
  },
  get previous(): number {
    return (this as unknown as ScalarBase).state.previous[0]!;
  },
});

/**
 * A value with a previous and a current state: `snapshot()` at the start of each fixed step, change
 * `current` in the step, `blend(alpha, target)` at render; `teleport()` moves it with no streak.
 * Depth: docs/core.md#createinterpolated.
 *
 * @example
 * ```ts
 * const position = createInterpolated({ kind: 'vector', size: 2 });
 * position.snapshot(); // each fixed step,
 * position.current[0] += 1;
 * const drawn = position.blend(0.25, { x: 0, y: 0 }); // each frame: { x: 0.25, y: 0 }
 * ```
 */
export function createInterpolated(options: InterpolatedScalarOptions): InterpolatedScalar;
export function createInterpolated(options: InterpolatedVectorOptions): InterpolatedVector;
export function createInterpolated(options: InterpolatedOptions): Interpolated;
export function createInterpolated(options: InterpolatedOptions): Interpolated {
  return interpolatedOf(OWNER, options);
}

// `size` and `blend` depend on the kind, checked in interpolatedOf.
const KIND_RULE = required(choice(KINDS));
const INTERPOLATE_RULE = flag(true);
const SIZE_RULE = wholeAtLeast(1);
const BLEND_RULE = choice(QUATERNION_BLENDS);
const SCALAR_INITIAL_RULE = finite(0);

/** {@link createInterpolated} for `owner` (a hook, an adapter): its option errors name `owner`. @internal */
export function interpolatedOf(owner: string, options: unknown): Interpolated {
  const o = optionsArgument(owner, options, true);
  checkNames(owner, 'option', o, INTERPOLATED_OPTION_KEYS);
  const kind = checkValue(owner, 'option', 'kind', o.kind, KIND_RULE);
  const enabled = checkValue(owner, 'option', 'interpolate', o.interpolate, INTERPOLATE_RULE);
  const scalar = kind === 'number' || kind === 'angle';
  const quaternion = kind === 'quaternion';
  // Numbers and angles are one-component vectors inside: the same state, snapshot and reads.
  let size = 1;
  let slerp = false;
  if (!scalar) {
    size = o.size === undefined ? (quaternion ? 4 : 3) : (o.size as number);
    if (!quaternion) checkValue(owner, 'option', 'size', size, SIZE_RULE);
    else if (size !== 4) throw new RangeError(`${owner}: option \`size\` must be 4 for kind 'quaternion', got ${describe(size)}`);
    if (o.blend !== undefined) {
      slerp = checkValue(owner, 'option', 'blend', o.blend, BLEND_RULE) === 'slerp';
      if (!quaternion) throw new RangeError(`${owner}: option \`blend\` applies to kind 'quaternion' only, got kind '${kind}'`);
    }
  }
  const previous = new Float64Array(size);
  const current = new Float64Array(scalar ? 2 : size);
  const value = scalar ? current : new Float64Array(size);
  // `angle` is not read from `kind`, which plain JavaScript could overwrite.
  const angle = kind === 'angle';
  const base = scalar
    ? Object.defineProperties({ kind, enabled } as ScalarBase, { state: { value: { previous, current } }, ...SCALAR_ACCESSORS })
    : { kind, size, enabled, current, previous, value };

  // Into `current[1]`, not a return, so `blend` stays small enough to inline (docs/performance.md).
  // When c − p overflows, p(1 − a) + c·a cannot.
  function blendScalar(alpha: number): void {
    const a = clampAlpha(base.enabled ? alpha : 1);
    const p = previous[0]!;
    const c = current[0]!;
    let delta = c - p;
    // An angle turns the shorter way: the difference into [−π, π), half a turn the negative way.
    if (angle) {
      if (delta - delta !== 0) delta = (c % TWO_PI) - (p % TWO_PI);
      delta -= TWO_PI * Math.floor((delta + Math.PI) / TWO_PI);
    }
    current[1] = a === 0 ? p : a === 1 ? c : delta - delta === 0 ? p + delta * a : p * (1 - a) + c * a;
  }
  // The only closures per object, so they work detached (as callbacks).
  function snapshot(): void {
    for (let i = 0; i < size; i++) previous[i] = current[i]!;
  }
  const set = (source: unknown): void => read(kind, current, source, 'set');
  function teleport(source?: unknown): void {
    if (source !== undefined) read(kind, current, source, 'teleport');
    snapshot();
  }

  if (quaternion) current[3] = 1;
  if (scalar) current[0] = checkValue(owner, 'option', 'initial', o.initial, SCALAR_INITIAL_RULE);
  else if (o.initial !== undefined) read(kind, current, o.initial, 'option `initial`', owner);
  snapshot();
  value.set(current);

  return Object.assign(base, {
    snapshot,
    set,
    // A number's push and blend stay small enough for V8 to always inline (docs/performance.md).
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
    blend: scalar
      ? function blend(alpha: number, _target?: unknown): number {
          blendScalar(alpha);
          return current[1]!;
        }
      : function blend<T extends VectorTarget>(alpha: number, target?: T): T | Float64Array {
          const a = clampAlpha(base.enabled ? alpha : 1);
          if (quaternion) quaternionInto(previous, current, value, a, slerp);
          else {
            for (let i = 0; i < size; i++) {
              const p = previous[i]!;
              const c = current[i]!;
              const delta = c - p;
              value[i] = a === 0 ? p : a === 1 ? c : delta - delta === 0 ? p + delta * a : p * (1 - a) + c * a;
            }
          }
          return target === undefined ? value : write(kind, value, target);
        },
  }) as Interpolated;
}
