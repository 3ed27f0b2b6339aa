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

// Slots of the counter's Float64Array (fractional state written per frame stays unboxed).
const CARRY = 0;
const PHASE = 1;
/** Slot for the input of {@link VblankCounter.countInput}. */
export const VBLANK_INPUT = 2;

/** A phase-centred counter of whole refresh intervals. Internal to the core algorithms. */
export interface VblankCounter {
  /**
   * Add `intervals` (a measured delta × refreshRate) and return the whole intervals to hand out
   * this frame, at least `minimum` (0 or 1). What is not handed out is carried.
   */
  count(intervals: number, minimum: number): number;
  /**
   * `count(state[VBLANK_INPUT], minimum)`: for hot paths whose caller V8 does not inline this
   * into, where a double argument would be boxed (an allocation per frame).
   */
  countInput(minimum: number): number;
  /** Take back `intervals` that were counted but not handed out (a frame held by a lead bound). */
  uncount(intervals: number): void;
  /** Real time minus handed-out time, in intervals (within about ± ½ of the phase in steady vsynced input). */
  readonly carry: number;
  /** Where the stream's frames sit relative to the counting boundaries, in intervals. */
  readonly phase: number;
  /**
   * The counter's state, `[carry, phase]` in intervals, for hot paths: reading a double through a
   * getter call boxes it (an allocation per frame).
   */
  readonly state: Float64Array;
  /** Forget the carry and the phase. */
  reset(): void;
  /** Rescale the carry and phase when the interval changes (`ratio` = new rate / old rate). */
  rescale(ratio: number): void;
}

/** Create a {@link VblankCounter}. */
export function createVblankCounter(): VblankCounter {
  const state = new Float64Array(3);
  function countInput(minimum: number): number {
    const x = state[CARRY]! + state[VBLANK_INPUT]!;
    // `| 0`: an int32, returned untagged-free (a Math.round result is a double to V8 and would be
    // boxed on return). Counts per frame are far below 2^31.
    let k = Math.round(x - state[PHASE]!) | 0;
    if (k < minimum) k = minimum;
    const carry = x - k;
    state[CARRY] = carry;
    // Only remainders that look like jitter teach the phase: a frame forced to `minimum` says
    // nothing about where vblanks fall.
    if (carry > -1.5 && carry < 1.5) {
      let phase = state[PHASE]! + (carry - state[PHASE]!) * PHASE_GAIN;
      if (phase > WRAP_PHASE_INTERVALS) phase -= 1;
      else if (phase < -WRAP_PHASE_INTERVALS) phase += 1;
      state[PHASE] = phase;
    }
    return k;
  }
  return {
    count(intervals: number, minimum: number): number {
      state[VBLANK_INPUT] = intervals;
      return countInput(minimum);
    },
    countInput,
    uncount(intervals: number): void {
      state[CARRY] = state[CARRY]! + intervals;
    },
    get carry() {
      return state[CARRY]!;
    },
    get phase() {
      return state[PHASE]!;
    },
    state,
    reset(): void {
      state[CARRY] = 0;
      state[PHASE] = 0;
    },
    rescale(ratio: number): void {
      state[CARRY] = state[CARRY]! * ratio;
      state[PHASE] = 0;
    },
  };
}
