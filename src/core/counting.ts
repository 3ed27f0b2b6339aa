/**
 * Counting whole intervals and steps in float64. Every core algorithm that turns a time into a
 * count of vblanks or steps goes through here, so float noise is handled the same way everywhere.
 */

/**
 * `count` with float noise next to a whole number removed: values within `tolerance` of an
 * integer become that integer. Float noise must not decide how many vblanks or steps passed:
 * 1/59.94 × 59.94 evaluates to 0.999…9, and flooring that turns one steady frame into "no frame"
 * and the next into two.
 */
export function snapToWhole(count: number, tolerance: number): number {
  const whole = Math.round(count);
  return Math.abs(count - whole) <= tolerance ? whole : count;
}

/**
 * The longest delta taken at face value. No real frame lasts an hour; beyond this a float cannot
 * carry a sub-interval remainder next to the delta, delta × rate could overflow, and a catch-up
 * policy would produce an unbounded number of slices.
 */
export const MAX_DELTA_SECONDS = 3600;

/**
 * A measured delta as the delta-based algorithms use it: NaN, negative and −Infinity count as 0 (a
 * clock that went backwards or a broken sample must not move game time backwards or poison a
 * carried remainder), and anything above an hour (including +Infinity) counts as an hour.
 *
 * A value that is not a number at all (a string such as `'0.0166'` read from a config file, null,
 * an object) also counts as 0, like NaN: it is never converted. JavaScript's `>` would compare
 * `'0.0166' > 0` as true and the string would then be concatenated into a carried remainder,
 * turning every later output into NaN.
 */
export function sanitizeDeltaSeconds(deltaSeconds: number): number {
  if (typeof deltaSeconds !== 'number' || !(deltaSeconds > 0)) return 0;
  return deltaSeconds > MAX_DELTA_SECONDS ? MAX_DELTA_SECONDS : deltaSeconds;
}

/**
 * Add `value` to a running sum kept in `sum` ([0]: the sum, [1]: the compensation) with
 * Neumaier's compensated summation, and return the compensated total. A plain `sum += delta` over
 * a day of frames rounds once per frame and drifts by microseconds (12 million additions at
 * 144 Hz); the compensation carries each rounding error forward, so the total stays within a few
 * ulps of the exact sum. A Float64Array keeps both numbers unboxed: no allocation per call.
 */
export function addCompensated(sum: Float64Array, value: number): number {
  const s = sum[0] as number;
  const t = s + value;
  // Whichever operand is larger lost the low bits of the other; recover them.
  if (Math.abs(s) >= Math.abs(value)) sum[1] = (sum[1] as number) + (s - t + value);
  else sum[1] = (sum[1] as number) + (value - t + s);
  sum[0] = t;
  return t + (sum[1] as number);
}
