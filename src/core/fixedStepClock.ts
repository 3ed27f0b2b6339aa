// The fixed step's game clock: `scaledBaseMs + (nowMs − wallBaseMs) × scale`, never a frame-by-frame
// sum; every control folds the time so far into `scaledBaseMs`, so it never rewrites the past.

export interface GameClock {
  inputMs: number;
  /** The last accepted timestamp, ms: control calls without a timestamp happen here. */
  lastMs: number;
  /** The last game time handed out, ms; it never goes backwards. */
  gameMs: number;
  scale: number;
  started: boolean;
  /** Game time does not flow (paused, also while a resume waits for the next tick). */
  halted: boolean;
  resumePending: boolean;
  wallBaseMs: number;
  scaledBaseMs: number;
}

export function createGameClock(scale: number): GameClock {
  return { inputMs: NaN, lastMs: 0, gameMs: 0, scale, started: false, halted: false, resumePending: false, wallBaseMs: 0, scaledBaseMs: 0 };
}

/** Paused as the caller sees it: a pending `resume()` already counts as running. */
export function clockPaused(clock: GameClock): boolean {
  return clock.halted && !clock.resumePending;
}

/** Time zero at `clock.inputMs` (also what makes a reset clock usable again). */
export function startClock(clock: GameClock): void {
  clock.started = true;
  clock.lastMs = clock.inputMs;
  clock.wallBaseMs = clock.inputMs;
  clock.scaledBaseMs = 0;
  clock.gameMs = 0;
}

/** Game ms at `clock.inputMs` (accepted, not before the last) into `clock.gameMs`. */
export function tickClock(clock: GameClock): void {
  const nowMs = clock.inputMs;
  clock.lastMs = nowMs;
  if (clock.resumePending) {
    clock.resumePending = false;
    clock.halted = false;
    clock.wallBaseMs = nowMs;
  }
  const gameMs = clock.halted ? clock.scaledBaseMs : clock.scaledBaseMs + (nowMs - clock.wallBaseMs) * clock.scale;
  // A rebase at a later timestamp (pause(t) with t in the future) could dip below what was handed out.
  if (gameMs > clock.gameMs) clock.gameMs = gameMs;
}

/** The moment a control applies: its timestamp, else the last frame; never before the last frame. */
function at(clock: GameClock, nowMs: number | undefined): number {
  return Number.isFinite(nowMs) && nowMs! > clock.lastMs ? nowMs! : clock.lastMs;
}

function rebase(clock: GameClock, nowMs: number | undefined): void {
  const atMs = at(clock, nowMs);
  clock.scaledBaseMs += (atMs - clock.wallBaseMs) * clock.scale;
  clock.wallBaseMs = atMs;
}

/** Stop game time at `nowMs` (default and lower bound: the last frame). */
export function pauseClock(clock: GameClock, nowMs?: number): void {
  if (clock.resumePending) {
    // Resumed and paused again before any frame: game time never flowed.
    clock.resumePending = false;
  } else if (!clock.halted) {
    if (clock.started) rebase(clock, nowMs);
    clock.halted = true;
  }
}

/** Let game time flow from `nowMs` (lower bound: the last frame), else from the next tick. */
export function resumeClock(clock: GameClock, nowMs?: number): void {
  if (!clock.halted || clock.resumePending) return;
  if (Number.isFinite(nowMs) && clock.started) {
    clock.wallBaseMs = at(clock, nowMs);
    clock.halted = false;
  } else {
    clock.resumePending = true;
  }
}

/** Use `scale` from `nowMs` on (default and lower bound: the last frame); earlier time keeps its scale. */
export function setClockScale(clock: GameClock, scale: number, nowMs?: number): void {
  if (clock.started && !clock.halted) rebase(clock, nowMs);
  clock.scale = scale;
}
