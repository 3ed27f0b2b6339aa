/**
 * When a fixed clock's game time falls in real time: a ring of (real ms, game ms) anchors, one per
 * frame, interpolated between frames and extrapolated past the last at the clock's rate. @internal
 */

/** Frames kept: 'catch-up' can run steps a few frames back; older game times map to the oldest frame. */
export const ANCHORS = 32;

export interface TimeMap {
  readonly real: Float64Array;
  readonly game: Float64Array;
  /** Anchors kept (0: none since the grid began); the newest is just before `next`. */
  count: number;
  next: number;
  /** {@link mapToReal}: grid game ms in, real ms out (through fields: it runs per step, docs/performance.md). */
  gameMs: number;
  mappedMs: number;
  /** Real ms when no anchor is kept (the scheduler's last frame). */
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
