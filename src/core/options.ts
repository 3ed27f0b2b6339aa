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

export function oneOf<T extends string>(values: readonly T[], fallback?: T): Rule<T> {
  return { accepts: (v) => (values as readonly unknown[]).includes(v), expected: `one of '${values.join("', '")}'`, fallback };
}

export function flag(fallback?: boolean): Rule<boolean> {
  return { accepts: (v) => typeof v === 'boolean', expected: 'a boolean', fallback };
}

export function callback<F>(): Rule<F | undefined> {
  return { accepts: (v) => typeof v === 'function', expected: 'a function' };
}

/** A rule that must be given (no default). */
export function required<T>(rule: Rule<T>): Rule<T> {
  return { ...rule, required: true };
}

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
 * Throw a RangeError naming the first own key of `options` not in `known`, with the name it most
 * likely misspells. `showValue`: the message also gives the value (a component's props, where the
 * key may be meant for the element). `loose`: only near misses count (the rest go to the element).
 */
export function checkNames(owner: string, noun: Noun, options: Readonly<Record<string, unknown>>, known: readonly string[], showValue = false, loose = false): void {
  for (const key in options) {
    if (!Object.prototype.hasOwnProperty.call(options, key) || known.includes(key)) continue;
    // aria-*, data-* and event handlers belong to the element.
    if (loose && (key.includes('-') || /^on[A-Z]/.test(key))) continue;
    const near = nearest(key, known, showValue);
    if (loose && near === undefined) continue;
    const hint = near !== undefined ? `did you mean \`${near}\`?` : showValue ? `known: ${known.join(', ')}` : `known options: ${known.map((k) => `\`${k}\``).join(', ')}`;
    throw new RangeError(`${owner}: unknown ${noun} \`${key}\` (${showValue ? `got ${describeShort(options[key])}; ` : ''}${hint})`);
  }
}

/** The known name `key` most likely misspells: the same letters but case; with `typos`, also a typo or two, or a cut-off word. */
function nearest(key: string, known: readonly string[], typos: boolean): string | undefined {
  const k = key.toLowerCase();
  return known.find((name) => {
    const n = name.toLowerCase();
    if (!typos) return n === k;
    return distance(k, n) <= 2 || (k.length >= 5 && (n.startsWith(k.slice(0, -1)) || k.startsWith(n)));
  });
}

/** Edit distance; runs only on a mistake. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function describeShort(value: unknown): string {
  return typeof value === 'object' && value !== null ? 'an object' : describe(value);
}
