/**
 * The game clock behind {@link createFixedStep}: real milliseconds in, scaled game milliseconds
 * out, with pause, resume and time-scale changes that apply from the moment they are made.
 *
 * Game time is never summed frame by frame. It is `scaledBaseMs + (nowMs − wallBaseMs) × scale`,
 * and every control change "rebases" (folds the time so far into `scaledBaseMs` and restarts the
 * wall base at that moment), so a change of scale never rewrites time that already passed and
 * the only float error is one multiply-add per rebase, not one per frame.
 *
 * Internal to the fixed step (not exported from the package): the fixed step decides which
 * timestamps are accepted, the clock only does the arithmetic. Its state is one Float64Array
 * (flags as 0/1) and these are module-level functions over it, like the vblank counter (counting.ts): the
 * doubles written every frame stay unboxed, one copy of each function serves every clock, and no
 * property name of an internal object ends up in the bundle. The fixed step keeps its own
 * per-frame slots in the same array, after the clock's (one array per fixed step).
 *
 * Layout: this module imports nothing and declares its constants before any function, which lets
 * the bundler (esbuild) inline the slot numbers here and in the fixed step.
 */

/**
 * The timestamp for {@link tickClock}, ms. The fixed step writes the frame's time here (and may
 * replace it: snapped to a vblank grid, or the last timestamp for a single step): a fresh double
 * passed as an argument to a call V8 does not inline is boxed, an allocation per frame; a
 * typed-array slot is updated in place.
 */
export const CLOCK_INPUT_MS = 0;
/** The last accepted timestamp, ms. Control calls without a timestamp happen at this moment. */
export const CLOCK_LAST_MS = 1;
/** The last game time handed out, ms (what {@link tickClock} computed); it never goes backwards. */
export const CLOCK_GAME_MS = 2;
/** Game seconds per real second. */
export const CLOCK_SCALE = 3;
/** 1 once the first timestamp (time zero) was seen. */
export const CLOCK_STARTED = 4;
/** 1 while game time does not flow: paused by `pause()`, also while a `resume()` waits for the next frame. */
export const CLOCK_HALTED = 5;
/** 1: `resume()` without a timestamp; game time restarts at the next tick, not at the last one. */
const RESUME_PENDING = 6;
const WALL_BASE_MS = 7;
const SCALED_BASE_MS = 8;

// The fixed step's own slots (the clock functions never touch them); see createFixedStep. The
// first three stay in a row: time zero zeroes them with one fill.
/** The last real frame interval, ms (for the default prediction of the next present). */
export const LAST_INTERVAL_MS = 9;
/** The real frame interval before that, ms. */
export const PREVIOUS_INTERVAL_MS = 10;
/** Game ms between the clock and the predicted present on the last running frame ('predicted'). */
export const LEAD_GAME_MS = 11;
/** r past the last boundary counted on the last frame (steps; negative: counted early; NaN: none). */
export const LAST_PHASE = 12;
/** The vblank grid: the last raw timestamp counted, ms. */
export const LAST_RAW_MS = 13;
/** The vblank grid's origin, ms. */
export const GRID_ORIGIN_MS = 14;
/** Whole vblanks counted since the grid origin (a whole number: the snapped time never drifts). */
export const GRID_VBLANKS = 15;
/**
 * The caller's predicted present for the frame in `CLOCK_INPUT_MS`, ms (NaN: none). Like the
 * timestamp, handed over in a slot: the fixed clock writes both here and calls the fixed step's
 * slot-reading advance, so no fresh double crosses that call.
 */
export const PREDICTED_PRESENT_MS = 16;
const STATE_SLOTS = 17;

/** A fixed step's state: a clock that starts at the first accepted timestamp ({@link startClock}), and the step's own slots. */
export function createFixedStepState(scale: number): Float64Array {
  const state = new Float64Array(STATE_SLOTS);
  state[CLOCK_SCALE] = scale;
  return state;
}

/** Paused as the caller sees it: a pending `resume()` already counts as running. */
export function clockPaused(clock: Float64Array): boolean {
  return !!clock[CLOCK_HALTED] && !clock[RESUME_PENDING];
}

/**
 * Time zero at `clock[CLOCK_INPUT_MS]`. Also what makes a reset clock usable again: a reset only
 * clears `CLOCK_STARTED`, because nothing reads the other slots before the next start.
 */
export function startClock(clock: Float64Array): void {
  const nowMs = clock[CLOCK_INPUT_MS]!;
  clock[CLOCK_STARTED] = 1;
  clock[CLOCK_LAST_MS] = nowMs;
  clock[WALL_BASE_MS] = nowMs;
  clock[SCALED_BASE_MS] = 0;
  clock[CLOCK_GAME_MS] = 0;
}

/**
 * Game ms at `clock[CLOCK_INPUT_MS]` (an accepted timestamp, not earlier than the last one), plus
 * `extraGameMs` added while frozen (a single step), left in `clock[CLOCK_GAME_MS]`.
 */
export function tickClock(clock: Float64Array, extraGameMs: number): void {
  const nowMs = clock[CLOCK_INPUT_MS]!;
  clock[CLOCK_LAST_MS] = nowMs;
  if (clock[RESUME_PENDING]) {
    clock[RESUME_PENDING] = 0;
    clock[CLOCK_HALTED] = 0;
    clock[WALL_BASE_MS] = nowMs;
  }
  const scaledBaseMs = clock[SCALED_BASE_MS]! + extraGameMs;
  clock[SCALED_BASE_MS] = scaledBaseMs;
  const gameMs = clock[CLOCK_HALTED] ? scaledBaseMs : scaledBaseMs + (nowMs - clock[WALL_BASE_MS]!) * clock[CLOCK_SCALE]!;
  // A rebase at a timestamp later than this frame (pause(t) / setTimeScale(s, t) with t in the
  // future) could make the formula dip below what was already handed out: hold instead.
  if (gameMs > clock[CLOCK_GAME_MS]!) clock[CLOCK_GAME_MS] = gameMs;
}

/**
 * The moment a control call applies: its timestamp, else the last frame. Never earlier than the
 * last frame, because game time up to that frame was already handed out.
 */
function at(clock: Float64Array, nowMs: number | undefined): number {
  const lastMs = clock[CLOCK_LAST_MS]!;
  return Number.isFinite(nowMs) && nowMs! > lastMs ? nowMs! : lastMs;
}

/** Fold the game time up to `nowMs` (see {@link at}) into the base, so later changes do not rewrite it. */
function rebase(clock: Float64Array, nowMs: number | undefined): void {
  const atMs = at(clock, nowMs);
  clock[SCALED_BASE_MS] = clock[SCALED_BASE_MS]! + (atMs - clock[WALL_BASE_MS]!) * clock[CLOCK_SCALE]!;
  clock[WALL_BASE_MS] = atMs;
}

/** Stop game time at `nowMs` (default and lower bound: the last frame). */
export function pauseClock(clock: Float64Array, nowMs?: number): void {
  if (clock[RESUME_PENDING]) {
    // Resumed and paused again before any frame: game time never flowed.
    clock[RESUME_PENDING] = 0;
  } else if (!clock[CLOCK_HALTED]) {
    if (clock[CLOCK_STARTED]) rebase(clock, nowMs);
    clock[CLOCK_HALTED] = 1;
  }
}

/** Let game time flow from `nowMs` (lower bound: the last frame), else from the next tick. */
export function resumeClock(clock: Float64Array, nowMs?: number): void {
  if (!clock[CLOCK_HALTED] || clock[RESUME_PENDING]) return;
  if (Number.isFinite(nowMs) && clock[CLOCK_STARTED]) {
    clock[WALL_BASE_MS] = at(clock, nowMs);
    clock[CLOCK_HALTED] = 0;
  } else {
    clock[RESUME_PENDING] = 1;
  }
}

/** Use `scale` from `nowMs` on (default and lower bound: the last frame); earlier time keeps its scale. */
export function setClockScale(clock: Float64Array, scale: number, nowMs?: number): void {
  if (clock[CLOCK_STARTED] && !clock[CLOCK_HALTED]) rebase(clock, nowMs);
  clock[CLOCK_SCALE] = scale;
}
