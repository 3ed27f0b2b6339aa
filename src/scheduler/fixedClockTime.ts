/**
 * The real time a fixed clock's game time falls at: a ring of (real ms, grid game ms) anchors, one
 * per frame, interpolated between frames (a clamped gap or a time scale compresses the span, a pause
 * maps to the frame where it began) and extrapolated at the clock's rate past the last frame.
 * In and out through fields (`gameMs` → `mappedMs`): this runs once per step (docs/performance.md).
 * @internal
 */

/**
 * Frames kept: a step run now can lie a few frames back ('catch-up' debt is run off `maxSteps` a
 * frame); 32 covers the debt a frame-time spike leaves. Older game times map to the oldest frame.
 */
export const ANCHORS = 32;

export interface TimeMap {
  readonly real: Float64Array;
  readonly game: Float64Array;
  /** Anchors kept (0: none since the grid began); the newest is just before `next`. */
  count: number;
  next: number;
  /** Input of {@link mapToReal}: grid game ms. */
  gameMs: number;
  /** Output of {@link mapToReal}: real ms. */
  mappedMs: number;
  /** Output of {@link mapToReal} when no anchor is kept: the scheduler's last frame, ms. */
  fallbackMs: number;
  /** Game ms per real ms past the newest anchor (0: paused). */
  rate: number;
}

export function createTimeMap(): TimeMap {
  return { real: new Float64Array(ANCHORS), game: new Float64Array(ANCHORS), count: 0, next: 0, gameMs: 0, mappedMs: 0, fallbackMs: 0, rate: 0 };
}

/** Keep the anchor the caller wrote at `real[next]`, `game[next]`. */
export function keepAnchor(map: TimeMap): void {
  map.next = (map.next + 1) % ANCHORS;
  if (map.count < ANCHORS) map.count++;
}

/** The newest anchor's slot (valid while `count > 0`). */
export function newestAnchor(map: TimeMap): number {
  return (map.next + (ANCHORS - 1)) % ANCHORS;
}

/** Move every anchor by `realMs` (the page clock jumped) and `gameMs` (a new grid began). */
export function shiftAnchors(map: TimeMap, realMs: number, gameMs: number): void {
  for (let i = 0; i < ANCHORS; i++) {
    map.real[i] = map.real[i]! + realMs;
    map.game[i] = map.game[i]! - gameMs;
  }
}

/** `map.mappedMs` = the earliest real ms at which the grid's game clock reached `map.gameMs`. */
export function mapToReal(map: TimeMap): void {
  const gameMs = map.gameMs;
  if (map.count === 0) {
    map.mappedMs = map.fallbackMs;
    return;
  }
  const { real, game } = map;
  let i = newestAnchor(map);
  const newestGame = game[i]!;
  if (gameMs >= newestGame) {
    map.mappedMs = map.rate > 0 ? real[i]! + (gameMs - newestGame) / map.rate : real[i]!;
    return;
  }
  for (let k = 1; k < map.count; k++) {
    const prev = (i + (ANCHORS - 1)) % ANCHORS;
    const prevGame = game[prev]!;
    if (prevGame < gameMs) {
      map.mappedMs = real[prev]! + ((gameMs - prevGame) / (game[i]! - prevGame)) * (real[i]! - real[prev]!);
      return;
    }
    i = prev;
  }
  map.mappedMs = real[i]!;
}
