/**
 * Options are checked once, where they enter (a factory, a hook, a component), by one table per kind
 * of options: each entry says what it accepts, in words for the error, and its default. The error
 * names the owner as the user wrote it (`useFixedTimestep: option`, `<GameCanvas>: prop`), the
 * option and the value. Inside the package, checked settings are trusted.
 */

/** One option: what it accepts (`expected` is what the error says), and the value when left out. */
export interface Rule<T> {
  readonly accepts: (value: unknown) => boolean;
  readonly expected: string | ((value: unknown) => string);
  /** The value when left out (`undefined`); `required` options have none. */
  readonly fallback?: T;
  readonly required?: boolean;
}

/** A table of rules: one per option of a kind. */
export type Rules<T> = { readonly [K in keyof T]-?: Rule<T[K]> };

/** Whether the error calls the entries options (a factory, a hook) or props (a component). */
export type Noun = 'option' | 'prop';

/** How a value reads in an error. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return typeof value;
}

/** The RangeError for `value` of option `name`: `owner: option \`name\` must be …, got …`. */
export function optionError(owner: string, noun: Noun, name: string, value: unknown, expected: string): RangeError {
  return new RangeError(`${owner}: ${noun} \`${name}\` must be ${expected}, got ${describe(value)}`);
}

/** `value` checked by `rule` (its default when left out), or the RangeError naming it. */
export function checkValue<T>(owner: string, noun: Noun, name: string, value: unknown, rule: Rule<T>): T {
  if (value === undefined && !rule.required) return rule.fallback as T;
  if (rule.accepts(value)) return value as T;
  throw optionError(owner, noun, name, value, typeof rule.expected === 'string' ? rule.expected : rule.expected(value));
}

/** Every entry of `rules` read from `options` and checked (defaults filled in); other keys are not looked at. */
export function checkOptions<T>(owner: string, noun: Noun, options: Readonly<Record<string, unknown>>, rules: Rules<T>): T {
  const out = {} as T;
  for (const name in rules) out[name] = checkValue(owner, noun, name, options[name], rules[name]);
  return out;
}

/** The options argument: an object, or `{}` when left out and not `required`. */
export function optionsArgument(owner: string, value: unknown, required: boolean): Readonly<Record<string, unknown>> {
  if (value === undefined && !required) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`${owner}: options must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

/** The whole options argument of `owner` checked by `rules`: an object (`{}` when left out and not `required`), no name outside `names`, each value. */
export function checkArgument<T>(owner: string, value: unknown, required: boolean, rules: Rules<T>, names: readonly string[]): T {
  const options = optionsArgument(owner, value, required);
  checkNames(owner, 'option', options, names);
  return checkOptions(owner, 'option', options, rules);
}

// ── the rules every table is made of ──

const isFiniteNumber = (value: unknown): value is number => Number.isFinite(value);

export function positive(fallback?: number): Rule<number> {
  return { accepts: (v) => isFiniteNumber(v) && v > 0, expected: 'a finite number > 0', fallback };
}

export function nonNegative(fallback?: number): Rule<number> {
  return { accepts: (v) => isFiniteNumber(v) && v >= 0, expected: 'a finite number >= 0', fallback };
}

export function finite(fallback?: number): Rule<number> {
  return { accepts: isFiniteNumber, expected: 'a finite number', fallback };
}

export function wholeAtLeast(min: number, fallback?: number): Rule<number> {
  return { accepts: (v) => Number.isInteger(v) && (v as number) >= min, expected: `a whole number >= ${min}`, fallback };
}

export function choice<T extends string>(values: readonly T[], fallback?: T): Rule<T> {
  return { accepts: (v) => (values as readonly unknown[]).includes(v), expected: `one of '${values.join("', '")}'`, fallback };
}

export function flag(fallback?: boolean): Rule<boolean> {
  return { accepts: (v) => typeof v === 'boolean', expected: 'a boolean', fallback };
}

export function callback<F>(): Rule<F | undefined> {
  return { accepts: (v) => typeof v === 'function', expected: 'a function' };
}

/** A hook's `clock` option: a fixed clock (duck-typed: `addUpdate` and `addRender`), `null`, or left out. */
export function fixedClock<T>(): Rule<T | null | undefined> {
  return {
    accepts: (v) => {
      const clock = v as { addUpdate?: unknown; addRender?: unknown } | null;
      return clock === null || (typeof clock === 'object' && typeof clock.addUpdate === 'function' && typeof clock.addRender === 'function');
    },
    expected: 'a fixed clock (from useFixedClock or createFixedClock), null or undefined',
  };
}

/** A rule that must be given (no default). */
export function required<T>(rule: Rule<T>): Rule<T> {
  return { ...rule, required: true };
}

/** A display rate in Hz that must be given (a setter's argument, a factory's `refreshRate`). A literal, so an unused one is dropped from bundles. */
export const REFRESH_RATE_RULE: Rule<number> = { accepts: (v) => isFiniteNumber(v) && v > 0, expected: 'a finite number > 0', required: true };

/** A callback that must be given (a hook's first argument). */
export const FUNCTION_RULE: Rule<unknown> = { accepts: (v) => typeof v === 'function', expected: 'a function', required: true };

/**
 * The largest time scale accepted anywhere: above it `maxDelta × timeScale` loses the precision a
 * step count needs, and at `Number.MAX_VALUE` clocks overflow to Infinity within a few frames.
 */
export const MAX_TIME_SCALE = 1e6;

/** A time scale: finite, ≥ 0 (or > 0 without `allowZero`) and ≤ {@link MAX_TIME_SCALE}. */
export function timeScale(allowZero: boolean, fallback?: number): Rule<number> {
  return {
    accepts: (v) => isFiniteNumber(v) && v <= MAX_TIME_SCALE && (allowZero ? v >= 0 : v > 0),
    expected: `a finite number ${allowZero ? '>=' : '>'} 0 and <= ${MAX_TIME_SCALE}`,
    fallback,
  };
}

// ── unknown names ──

/**
 * Throw a RangeError naming the first own key of `options` not in `known`, and the known name it
 * spells in other letter case: ``useFrame: unknown option `Phase` (did you mean `phase`?)``.
 * Components (whose keys may be meant for the element) use `checkPropNames` in names.ts.
 */
export function checkNames(owner: string, noun: Noun, options: Readonly<Record<string, unknown>>, known: readonly string[]): void {
  for (const key in options) {
    if (!Object.prototype.hasOwnProperty.call(options, key) || known.includes(key)) continue;
    const lower = key.toLowerCase();
    const near = known.find((name) => name.toLowerCase() === lower);
    const hint = near !== undefined ? `did you mean \`${near}\`?` : `known options: ${known.map((k) => `\`${k}\``).join(', ')}`;
    throw new RangeError(`${owner}: unknown ${noun} \`${key}\` (${hint})`);
  }
}

/** A copy of a plain options object without its `undefined` keys, so the defaults apply. @internal */
export function dropUndefined<T extends object>(options: T): T {
  const out: Record<string, unknown> = {};
  for (const key in options) if (options[key] !== undefined) out[key] = options[key];
  return out as T;
}
