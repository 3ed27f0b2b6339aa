/**
 * Counting whole intervals and steps in float64. Every core algorithm that turns a time into a
 * count of vblanks or steps goes through here, so float noise is handled the same way everywhere.
 *
 * Vblank counting: counting the vblanks that elapsed between two frame callbacks, robustly, from
 * measured deltas.
 *
 * The articles' arithmetic (Frank Force, "Time Delta Smoothing"; "Setting up a game update loop
 * in-sync with rendering") floors `buffer × refreshRate` (plus one, for smoothing). Its buffer
 * starts exactly on an interval boundary, so the smallest quantisation or jitter of a real
 * timestamp (Chromium rounds to 0.1 ms, a 1 ms clock is common, callbacks wobble by a
 * millisecond) decides between 0 and 2 intervals where one passed.
 *
 * The robust rule rounds to the NEAREST whole interval instead, and centres that rounding on the
 * stream's own phase: `phase` follows the mean of the remainders left after counting, so a frame
 * is miscounted only when its timestamp strays more than half an interval from where its siblings
 * sit. A dropped frame (two vblanks in one delta) is counted in the frame where it is observed.
 * The remainder (`carry`) keeps every real microsecond: the count never gains or loses time, it
 * only decides in which frame a whole interval is handed out.
 *
 * Layout: this module imports nothing and declares its constants before any function, which is
 * what lets the bundler (esbuild) inline them, here and in the modules that import them: a
 * module with an import, or a constant declared after a function, keeps them as variables.
 */

/**
 * The longest delta taken at face value. No real frame lasts an hour; beyond this a float cannot
 * carry a sub-interval remainder next to the delta, delta × rate could overflow, and a catch-up
 * policy would produce an unbounded number of slices.
 */
export const MAX_DELTA_SECONDS = 3600;

/**
 * Interval counts this close to a whole number are that number (float noise: 1/59.94 × 59.94
 * evaluates to 0.999…9; see snapToWhole).
 */
export const SNAP_INTERVALS = 1e-9;

/** How fast the phase follows the remainders: a running mean over about 16 frames. */
const PHASE_GAIN = 1 / 16;

/**
 * A phase beyond ± this many intervals moves by one whole interval the other way. On a display
 * slightly slower or faster than the stated rate the remainders drift; the phase follows them, and
 * when it has drifted this far the frame hands out one interval more (or less: never below 0, then
 * the next frame does) and the phase moves with it, so the correction happens once, in one frame,
 * with the phase still centred on the frames. Past half an interval, so jitter around a phase near
 * ± ½ does not flip it to and fro.
 */
const WRAP_PHASE_INTERVALS = 0.75;

/**
 * A remainder farther from the phase than STEP_INTERVALS and STEP_NOISES times the stream's mean
 * |remainder − phase| moves the phase STEP_GAIN of the way, not 1/16: a software vsync that
 * re-phased (Firefox) is followed within a frame or two instead of ~16, during which remainders
 * near ± ½ hand out 0 and 2 in turn. On noisy streams (1 ms steps at 240 Hz) it never fires.
 */
const STEP_INTERVALS = 0.35;
/**
 * In a frame that is irregular anyway (a re-phase's step, or a hitch of LONG_FRAME_INTERVALS or
 * more) the phase wraps already past ± this: the interval a drifting phase owes is paid where the
 * picture jumps regardless, not later in a smooth run (Firefox's re-phases drift it one way).
 */
const RECENTRE_PHASE_INTERVALS = 0.5;
/** More intervals than an overload of five dropped frames: a hitch, where one more or less is not seen. */
const LONG_FRAME_INTERVALS = 6;
const STEP_NOISES = 3;
const STEP_GAIN = 0.35;
/** The noise level a counter starts from (high: no step until the stream's noise is known). */
const START_NOISE = 0.25;

/** Real time minus handed-out time, in intervals (within about ± ½ of the phase in steady vsynced input). */
export const VBLANK_CARRY = 0;
/** Where the stream's frames sit relative to the counting boundaries, in intervals. */
export const VBLANK_PHASE = 1;
/** The input of {@link countVblanks}: a measured delta × refreshRate. */
export const VBLANK_INPUT = 2;
/** The display rate, Hz, that {@link countDeltaVblanks} counts at (the fixed step's vblank grid: NaN while it takes timestamps raw). */
export const VBLANK_RATE = 3;
/** Running mean of |remainder − phase|, intervals: the stream's noise (see STEP_NOISES). */
const VBLANK_NOISE = 4;
/**
 * The first of the owner's own slots: an algorithm built on the counter keeps up to
 * {@link VBLANK_OWN_SLOTS} other per-frame numbers in the same array (one allocation), from here on.
 */
export const VBLANK_SLOTS = 5;
/** How many slots every counter has room for after {@link VBLANK_SLOTS} (the synced slicer needs two). */
const VBLANK_OWN_SLOTS = 2;

/**
 * `count` with float noise next to a whole number removed: values within `tolerance` of an
 * integer become that integer. Float noise must not decide how many vblanks or steps passed:
 * 1/59.94 × 59.94 evaluates to 0.999…9, and flooring that turns one steady frame into "no frame"
 * and the next into two. Not for per-frame code: there it is written out (a fractional count
 * passed to a call V8 does not inline is boxed, an allocation per frame).
 */
export function snapToWhole(count: number, tolerance: number): number {
  const whole = Math.round(count);
  return Math.abs(count - whole) <= tolerance ? whole : count;
}

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

/**
 * A phase-centred vblank counter's state: `[carry, phase, input, refreshRate, …owner's slots]`. Plain numbers in a
 * typed array and module-level functions (not a closure per counter): one function V8 optimises
 * and inlines once for every counter, and no double is boxed on the way in or out.
 */
export function createVblankState(refreshRate: number): Float64Array {
  const state = new Float64Array(VBLANK_SLOTS + VBLANK_OWN_SLOTS);
  state[VBLANK_RATE] = refreshRate;
  state[VBLANK_NOISE] = START_NOISE;
  return state;
}

/**
 * Add `state[VBLANK_INPUT]` intervals and return the whole intervals to hand out this frame, at
 * least 0. What is not handed out is carried.
 */
export function countVblanks(state: Float64Array): number {
  const x = state[VBLANK_CARRY]! + state[VBLANK_INPUT]!;
  // `| 0`: an int32 (a Math.round result is a double to V8, boxed on return). Counts per frame
  // are far below 2^31.
  let k = Math.round(x - state[VBLANK_PHASE]!) | 0;
  // Negative when the carry sits over half an interval below the phase (just after the phase
  // wrapped upwards, with no new time): hand out nothing then.
  if (k < 0) k = 0;
  const carry = x - k;
  state[VBLANK_CARRY] = carry;
  // Only remainders that look like jitter teach the phase: a frame forced up to 0 says nothing
  // about where vblanks fall.
  if (carry > -1.5 && carry < 1.5) {
    const residual = carry - state[VBLANK_PHASE]!;
    const size = Math.abs(residual);
    const noise = state[VBLANK_NOISE]!;
    state[VBLANK_NOISE] = noise + (size - noise) * PHASE_GAIN;
    const step = size > STEP_INTERVALS && size > STEP_NOISES * noise;
    const phase = state[VBLANK_PHASE]! + residual * (step ? STEP_GAIN : PHASE_GAIN);
    state[VBLANK_PHASE] = phase;
    if (Math.abs(phase) > (step || k >= LONG_FRAME_INTERVALS ? RECENTRE_PHASE_INTERVALS : WRAP_PHASE_INTERVALS)) k = wrapPhase(state, k);
  }
  return k;
}

/**
 * Move the phase one interval back towards the centre and pay the interval it owed in this frame:
 * `k` plus or minus one (never below 0: then the next frame pays). Rare, so kept out of
 * countVblanks, which stays small enough for V8 to inline into every algorithm's frame (a count
 * called, not inlined, boxes the delta passed to it: 16 bytes a frame).
 */
function wrapPhase(state: Float64Array, k: number): number {
  const up = state[VBLANK_PHASE]! < 0;
  state[VBLANK_PHASE] = state[VBLANK_PHASE]! + (up ? 1 : -1);
  if (up && k === 0) return 0;
  state[VBLANK_CARRY] = state[VBLANK_CARRY]! + (up ? 1 : -1);
  return up ? k - 1 : k + 1;
}

/**
 * {@link countVblanks} for a measured delta in seconds, written to `state[VBLANK_INPUT]` first as
 * {@link sanitizeDeltaSeconds} returns it, at `state[VBLANK_RATE]`, its interval count snapped to
 * a whole number within {@link SNAP_INTERVALS}. The delta-based algorithms (delta smoother, synced
 * slicer) count this way. The delta travels in the array, not as an argument: a number passed to a
 * call V8 does not inline is boxed, 16 bytes a frame (docs/performance.md).
 */
export function countDeltaVblanks(state: Float64Array): number {
  // snapToWhole written out (see there).
  const intervals = state[VBLANK_INPUT]! * state[VBLANK_RATE]!;
  const whole = Math.round(intervals);
  state[VBLANK_INPUT] = Math.abs(intervals - whole) <= SNAP_INTERVALS ? whole : intervals;
  return countVblanks(state);
}

/**
 * Forget the carry, the phase and the owner's slots: every slot but the rate is zeroed (the input
 * too: it is written before every count).
 */
export function resetVblanks(state: Float64Array): void {
  const refreshRate = state[VBLANK_RATE]!;
  state.fill(0)[VBLANK_RATE] = refreshRate;
  state[VBLANK_NOISE] = START_NOISE;
}

/** Count at `refreshRate` from now on: the carry keeps its time (rescaled to the new interval); the phase is relearnt. */
export function setVblankRate(state: Float64Array, refreshRate: number): void {
  state[VBLANK_CARRY] = state[VBLANK_CARRY]! * (refreshRate / state[VBLANK_RATE]!);
  state[VBLANK_PHASE] = 0;
  state[VBLANK_RATE] = refreshRate;
}
