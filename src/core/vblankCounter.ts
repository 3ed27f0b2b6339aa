/**
 * Counting the vblanks that elapsed between two frame callbacks, robustly, from measured deltas.
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
 */

/** How fast the phase follows the remainders: a running mean over about 16 frames. */
const PHASE_GAIN = 1 / 16;

/**
 * A phase beyond ± this many intervals moves by one whole interval the other way. On a display
 * slightly slower or faster than the stated rate the remainders drift; the phase follows them, and
 * when it has drifted this far the next frame hands out one interval more (or less) and the phase
 * moves with it, so the correction happens once, in one frame, with the phase still centred on
 * the frames. Past half an interval, so jitter around a phase near ± ½ does not flip it to and fro.
 */
const WRAP_PHASE_INTERVALS = 0.75;

/** Real time minus handed-out time, in intervals (within about ± ½ of the phase in steady vsynced input). */
export const VBLANK_CARRY = 0;
/** Where the stream's frames sit relative to the counting boundaries, in intervals. */
export const VBLANK_PHASE = 1;
/** The input of {@link countVblanks}: a measured delta × refreshRate. */
export const VBLANK_INPUT = 2;

/**
 * A phase-centred vblank counter's state: `[carry, phase, input]`. Plain numbers in a typed array
 * and module-level functions (not a closure per counter): one function V8 optimises and inlines
 * once for every counter, and no double is boxed on the way in or out.
 */
export function createVblankState(): Float64Array {
  return new Float64Array(3);
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
    let phase = state[VBLANK_PHASE]! + (carry - state[VBLANK_PHASE]!) * PHASE_GAIN;
    if (phase > WRAP_PHASE_INTERVALS) phase -= 1;
    else if (phase < -WRAP_PHASE_INTERVALS) phase += 1;
    state[VBLANK_PHASE] = phase;
  }
  return k;
}

/** Forget the carry and the phase. */
export function resetVblanks(state: Float64Array): void {
  state[VBLANK_CARRY] = 0;
  state[VBLANK_PHASE] = 0;
}

/** Keep the carry's time when the interval changes (`ratio` = new rate / old rate); the phase is relearnt. */
export function rescaleVblanks(state: Float64Array, ratio: number): void {
  state[VBLANK_CARRY] = state[VBLANK_CARRY]! * ratio;
  state[VBLANK_PHASE] = 0;
}
