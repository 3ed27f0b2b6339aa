/** Display refresh rates the detector snaps to, Hz, ascending (59.94, 119.88, 143.86: × 1000/1001; below 48 Hz is throttling). */
export const KNOWN_REFRESH_RATES: readonly number[] = Object.freeze([
  48, 50, 59.94, 60, 72, 75, 85, 90, 100, 119.88, 120, 143.86, 144, 165, 170, 180, 200, 240, 360, 480, 500, 540,
]);
