/**
 * Option checks shared by every factory. Each throws a RangeError that names the option and shows
 * the value, so a typo in a config object is found at the call site and never becomes NaN later.
 */

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return typeof value;
}

function fail(owner: string, name: string, value: unknown, expected: string): never {
  throw new RangeError(`${owner}: option \`${name}\` must be ${expected}, got ${describe(value)}`);
}

/** A finite number greater than zero. */
export function positiveNumber(owner: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail(owner, name, value, 'a finite number > 0');
  return value;
}

/** A finite number greater than or equal to zero. */
export function nonNegativeNumber(owner: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(owner, name, value, 'a finite number >= 0');
  return value;
}

/** Any finite number. */
export function finiteNumber(owner: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(owner, name, value, 'a finite number');
  return value;
}

/** A whole number no smaller than `min`. */
export function integerAtLeast(owner: string, name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) fail(owner, name, value, `a whole number >= ${min}`);
  return value;
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(owner: string, name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(owner, name, value, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`);
  }
  return value as T;
}

/** The options argument itself: an object, or undefined when every option has a default. */
export function optionsObject(owner: string, value: unknown, required: boolean): Record<string, unknown> {
  if (value === undefined && !required) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`${owner}: options must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

/** A value that is used when the option is undefined. */
export function withDefault<T>(value: T | undefined, fallback: T): T {
  return value === undefined ? fallback : value;
}
