/** A copy of a plain options object without its `undefined` keys, so the core's defaults apply. @internal */
export function dropUndefined<T extends object>(options: T): T {
  const out: Record<string, unknown> = {};
  for (const key in options) if (options[key] !== undefined) out[key] = options[key];
  return out as T;
}
