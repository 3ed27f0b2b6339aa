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
 */
export function sanitizeDeltaSeconds(deltaSeconds: number): number {
  if (!(deltaSeconds > 0)) return 0;
  return deltaSeconds > MAX_DELTA_SECONDS ? MAX_DELTA_SECONDS : deltaSeconds;
}
