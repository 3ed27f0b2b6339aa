/**
 * Number formatting for every readout and plot legend: a value not measured yet (NaN, ±Infinity,
 * undefined) shows as "–", never as "NaN", a value that rounds to zero never shows as "-0", and a
 * negative one has a minus sign ("−16.6").
 */
export const NOT_MEASURED = '–';

/** `value` with `digits` decimals and an optional unit ("12.3 ms"), or "–" when not finite. */
export function formatNumber(value: number | null | undefined, digits = 2, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_MEASURED;
  // -0.004 with two decimals is "0.00", not "-0.00".
  const shown = Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value;
  // A minus sign, not a hyphen, as the labels write it ("−16.6").
  const text = shown < 0 ? `\u2212${(-shown).toFixed(digits)}` : shown.toFixed(digits);
  return unit ? `${text} ${unit}` : text;
}

/** A formatter with fixed decimals and unit, for readout fields and plot legends. */
export function formatter(digits = 2, unit = ''): (value: number) => string {
  return (value) => formatNumber(value, digits, unit);
}

/** A whole number. */
export const count = formatter(0);
/** Milliseconds with one or two decimals. */
export const ms1 = formatter(1, 'ms');
export const ms2 = formatter(2, 'ms');
/** A share in [0, 1] as a percentage. */
export const percent = (share: number): string => formatNumber(share * 100, 0, '%');
/** 1 as "yes", 0 as "no". */
export const yesNo = (flag: number): string => (flag ? 'yes' : 'no');
