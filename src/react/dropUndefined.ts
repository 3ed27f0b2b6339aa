/**
 * A copy of an options object without the keys whose value is `undefined`, so the core's
 * defaults apply to options a caller left out (the validators treat a present key as given).
 * Only for plain object literals: `for…in` would also copy inherited enumerable keys.
 * @internal
 */
export function dropUndefined<T extends object>(options: T): T {
  const out: Record<string, unknown> = {};
  for (const key in options) if (options[key] !== undefined) out[key] = options[key];
  return out as T;
}
