/**
 * Number formatting for every readout and plot legend: a value not measured yet (NaN, ±Infinity,
 * undefined) shows as "–", never as "NaN".
 */
export const NOT_MEASURED = '–';

/** `value` with `digits` decimals and an optional unit ("12.3 ms"), or "–" when not finite. */
export function formatNumber(value: number | null | undefined, digits = 2, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_MEASURED;
  return unit ? `${value.toFixed(digits)} ${unit}` : value.toFixed(digits);
}

/** A formatter with fixed decimals and unit, for readout fields and plot legends. */
export function formatter(digits = 2, unit = ''): (value: number) => string {
  return (value) => formatNumber(value, digits, unit);
}
