// Each check throws a RangeError naming the option and the value, so a typo never becomes NaN later.

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return typeof value;
}

function fail(owner: string, name: string, value: unknown, expected: string): never {
  throw new RangeError(`${owner}: option \`${name}\` must be ${expected}, got ${describe(value)}`);
}

/** `value` when `ok`, else the RangeError. Only for a constant `expected` (evaluated on every call). */
function checked<T>(ok: boolean, owner: string, name: string, value: unknown, expected: string): T {
  return ok ? (value as T) : fail(owner, name, value, expected);
}

export function positiveNumber(owner: string, name: string, value: unknown): number {
  return checked(Number.isFinite(value) && (value as number) > 0, owner, name, value, 'a finite number > 0');
}

export function nonNegativeNumber(owner: string, name: string, value: unknown): number {
  return checked(Number.isFinite(value) && (value as number) >= 0, owner, name, value, 'a finite number >= 0');
}

export function finiteNumber(owner: string, name: string, value: unknown): number {
  return checked(Number.isFinite(value), owner, name, value, 'a finite number');
}

export function integerAtLeast(owner: string, name: string, value: unknown, min: number): number {
  // The message is built only on failure: a string per call would allocate (push() checks per event).
  return Number.isInteger(value) && (value as number) >= min ? (value as number) : fail(owner, name, value, `a whole number >= ${min}`);
}

export function oneOf<T extends string>(owner: string, name: string, value: unknown, allowed: readonly T[]): T {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fail(owner, name, value, `one of '${allowed.join("', '")}'`);
}

/** The options argument: an object, or undefined when all have defaults; with `knownKeys`, no other key. */
export function optionsObject(owner: string, value: unknown, required: boolean, knownKeys?: readonly string[]): Record<string, unknown> {
  if (value === undefined && !required) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`${owner}: options must be an object, got ${describe(value)}`);
  }
  if (knownKeys) checkKnownKeys(owner, value as Record<string, unknown>, knownKeys);
  return value as Record<string, unknown>;
}

/** Throw a RangeError naming the first own key of `options` that is not in `knownKeys`. */
export function checkKnownKeys(owner: string, options: Record<string, unknown>, knownKeys: readonly string[]): void {
  for (const key in options) {
    if (!Object.prototype.hasOwnProperty.call(options, key) || knownKeys.includes(key)) continue;
    const lower = key.toLowerCase();
    const near = knownKeys.find((k) => k.toLowerCase() === lower);
    const hint = near === undefined ? `known options: ${knownKeys.map((k) => `\`${k}\``).join(', ')}` : `did you mean \`${near}\`?`;
    throw new RangeError(`${owner}: unknown option \`${key}\` (${hint})`);
  }
}

/**
 * The largest time scale accepted anywhere: above it `maxDelta × timeScale` loses the precision a
 * step count needs, and at `Number.MAX_VALUE` clocks overflow to Infinity within a few frames.
 */
export const MAX_TIME_SCALE = 1e6;

/** A time scale: a finite number ≥ 0 (or > 0 with `allowZero` false) and ≤ {@link MAX_TIME_SCALE}. */
export function timeScaleValue(owner: string, name: string, value: unknown, allowZero = true): number {
  return (value as number) <= MAX_TIME_SCALE && (allowZero ? (value as number) >= 0 : (value as number) > 0) && Number.isFinite(value)
    ? (value as number)
    : fail(owner, name, value, `a finite number ${allowZero ? '>=' : '>'} 0 and <= ${MAX_TIME_SCALE}`);
}

export function functionValue<T>(owner: string, name: string, value: unknown): T {
  return checked(typeof value === 'function', owner, name, value, 'a function');
}

export function optionalFunction<T>(owner: string, name: string, value: unknown): T | undefined {
  return value === undefined ? undefined : functionValue<T>(owner, name, value);
}

/** A hook's `clock` option: undefined, null, or a fixed clock (duck-typed), checked at render. */
export function fixedClockOption<T>(owner: string, name: string, value: unknown): T | null | undefined {
  const clock = value as { addUpdate?: unknown; addRender?: unknown } | null | undefined;
  const ok = clock == null || (typeof clock === 'object' && typeof clock.addUpdate === 'function' && typeof clock.addRender === 'function');
  return ok ? (value as T | null | undefined) : fail(owner, name, value, 'a fixed clock (from useFixedClock or createFixedClock), null or undefined');
}

export function booleanValue(owner: string, name: string, value: unknown): boolean {
  return checked(typeof value === 'boolean', owner, name, value, 'a boolean');
}

export function withDefault<T>(value: T | undefined, fallback: T): T {
  return value === undefined ? fallback : value;
}
