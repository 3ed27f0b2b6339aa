// A variable-refresh-rate display (G-Sync, FreeSync, adaptive sync): no vblank grid. A picture is
// scanned out when its work ends, as soon as the panel allows. Depth: docs/browsers.md#no-grid.

/** The panel's range, ms between two scan-outs: at least `minIntervalMs` (its top rate), at most `maxIntervalMs` (its bottom rate). */
export interface VrrRange {
  minIntervalMs: number;
  maxIntervalMs: number;
}

/**
 * When a picture whose work ended at `finishMs` reaches the screen, the previous one having been
 * shown at `previousMs`. Never sooner than the top rate allows; and when no picture came for the
 * bottom rate's interval, the panel scans the old one out again (every `maxIntervalMs`, as low
 * framerate compensation does), and a picture ready during such a repeat waits for it to end.
 */
export function vrrPresentMs(range: VrrRange, previousMs: number, finishMs: number): number {
  const earliest = previousMs + range.minIntervalMs;
  if (finishMs <= earliest) return earliest;
  // The last repeat that began before the picture was ready (none: the first would start after it).
  const repeats = Math.floor((finishMs - previousMs) / range.maxIntervalMs);
  if (repeats < 1) return finishMs;
  const repeatEndMs = previousMs + repeats * range.maxIntervalMs + range.minIntervalMs;
  return finishMs < repeatEndMs ? repeatEndMs : finishMs;
}

/** The variable-refresh display of the comparison matrix: a 48–144 Hz panel, the commonest range. */
export const VRR_MATRIX_DISPLAY: { readonly name: string; readonly refreshRate: number; readonly minRefreshRate: number } = Object.freeze({
  name: 'VRR 48–144',
  refreshRate: 144,
  minRefreshRate: 48,
});
