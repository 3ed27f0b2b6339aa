/**
 * Display refresh rates the detector snaps to, in Hz, ascending.
 *
 * - 59.94, 119.88 and 143.86 are the "1000/1001" variants of 60, 120 and 144 Hz (60000/1001 =
 *   59.9401, 120000/1001 = 119.880, 144000/1001 = 143.856) that video-friendly timings and many
 *   monitors actually run at. 143.86 is used rather than the "143.9" some control panels show: it is
 *   the same rate rounded to one decimal less, and it keeps the family consistent (each is the whole
 *   rate × 1000/1001 rounded to 0.01 Hz). Timestamps cannot tell 143.86 from 143.9 anyway (2 µs per
 *   interval).
 * - Nothing below 48 Hz: a loop at 30 Hz or 1 Hz is a throttled loop (power saving, hidden tab),
 *   not a display, and is reported as such.
 */
export const KNOWN_REFRESH_RATES: readonly number[] = Object.freeze([
  48, 50, 59.94, 60, 72, 75, 85, 90, 100, 119.88, 120, 143.86, 144, 165, 170, 180, 200, 240, 360,
]);
