/**
 * A copy of an options object without the keys whose value is `undefined`, so the core's
 * defaults apply to options a caller left out (the validators treat a present key as given).
 * @internal
 */
export function dropUndefined<T extends object>(options: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) if (value !== undefined) out[key] = value;
  return out as T;
}
