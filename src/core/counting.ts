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
 * sit (on a noisy stream, whose grid itself wanders, the last frame's offset counts for less: see
 * QUIET_NOISE). A dropped frame (two vblanks in one delta) is counted in the frame where it is observed.
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
 * with the phase still centred on the frames. A whole interval (¾ in 0.2): a frame whose count
 * is plain shows an interval paid in it, so the debt waits for one that jumps anyway
 * (RECENTRE_PHASE_INTERVALS); at ¾, Firefox's re-phases, which drift the phase one way, had it
 * paid in smooth runs (docs/browsers.md, "How counting follows a re-phase").
 */
const WRAP_PHASE_INTERVALS = 1;

/**
 * A remainder farther from the phase than STEP_INTERVALS and STEP_NOISES times the stream's mean
 * |remainder − phase| moves the phase STEP_GAIN of the way, not 1/16: a software vsync that
 * re-phased (Firefox) is followed within a frame or two instead of ~16, during which remainders
 * near ± ½ hand out 0 and 2 in turn. On noisy streams (1 ms steps at 240 Hz) it never fires.
 */
const STEP_INTERVALS = 0.35;
/**
 * In a frame that jumps anyway (a delta more than ODD_INTERVALS from a whole count, or a hitch of
 * LONG_FRAME_INTERVALS or more) the phase wraps already past ± this: the interval a drifting phase
 * owes is paid where no count could look right, not in a smooth run. Not in a re-phase's frame
 * whose delta is near whole: its count is plain, and one more there is seen.
 */
const RECENTRE_PHASE_INTERVALS = 0.5;
/** More intervals than an overload of five dropped frames: a hitch, where one more or less is not seen. */
const LONG_FRAME_INTERVALS = 6;
const STEP_NOISES = 3;
const STEP_GAIN = 0.35;
/** The noise level a counter starts from (high: no step until the stream's noise is known). */
const START_NOISE = 0.25;

/**
 * How far the last frame's offset from the phase moves this frame's count. Centring on the phase
 * assumes the last frame's offset was jitter around a steady grid; on a stream whose noise is
 * above QUIET_NOISE intervals (Firefox under load: 1–1.5 ms at 165–240 Hz, re-phasing every few
 * frames), much of it is the grid itself moving, and the frame is counted more from its own delta:
 * the offset's weight falls linearly from 1 at QUIET_NOISE to NOISY_WEIGHT at LOUD_NOISE. The rest
 * stays in the carry (no time is lost) and is paid when the phase wraps.
 */
const QUIET_NOISE = 0.15;
const LOUD_NOISE = 0.3;
const NOISY_WEIGHT = 0.3;
const MAX_LEAN = 1 - NOISY_WEIGHT;
const LEAN_PER_NOISE = MAX_LEAN / (LOUD_NOISE - QUIET_NOISE);
/** A frame this far (intervals) from a whole count jumps anyway (see RECENTRE_PHASE_INTERVALS); one within it is plain (see countInput). */
const ODD_INTERVALS = 0.25;

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
 * A phase-centred vblank counter: plain numbers in named fields (a field that only ever held
 * numbers is updated in place: no allocation per frame, docs/performance.md).
 */
export interface VblankCounter {
  /** Hz the counter counts at (the fixed step's grid: NaN while it takes timestamps raw). */
  refreshRate: number;
  /** Real time minus handed-out time, in intervals (within about ± ½ of the phase in steady vsynced input). */
  carry: number;
  /** Where the stream's frames sit relative to the counting boundaries, in intervals. */
  phase: number;
  /** Running mean of |remainder − phase|, intervals: the stream's noise (see STEP_NOISES). */
  noise: number;
  /**
   * Where the next frame's count is centred, in intervals: the phase, moved towards the carry on a
   * noisy stream by up to 1 − NOISY_WEIGHT of the way (see QUIET_NOISE).
   */
  centre: number;
  /** The frame being counted: written by {@link countIntervals} or by the caller of {@link countSeconds}, read by the count. */
  input: number;
}

export function createVblankCounter(refreshRate: number): VblankCounter {
  return { refreshRate, carry: 0, phase: 0, noise: START_NOISE, centre: 0, input: 0 };
}

/**
 * The whole intervals to hand out for a frame `intervals` long, at least 0; the rest is carried.
 * The number travels in a field: a double passed to a call V8 may not inline is boxed (16 bytes a
 * frame); this wrapper is small enough to be inlined always (docs/performance.md).
 */
export function countIntervals(counter: VblankCounter, intervals: number): number {
  counter.input = intervals;
  return countInput(counter);
}

/**
 * {@link countIntervals} for a measured delta in seconds, as {@link sanitizeDeltaSeconds} returns
 * it, which the caller has written into `counter.input`: at `counter.refreshRate`, the interval
 * count snapped to a whole number within {@link SNAP_INTERVALS}. The delta smoother and the synced
 * slicer count this way. No number crosses the call: on a loaded machine V8 once left a wrapper
 * that took the seconds as an argument un-inlined and boxed them, 16 bytes a frame
 * (docs/performance.md).
 */
export function countSeconds(counter: VblankCounter): number {
  // snapToWhole written out (see there).
  const intervals = counter.input * counter.refreshRate;
  const whole = Math.round(intervals);
  counter.input = Math.abs(intervals - whole) <= SNAP_INTERVALS ? whole : intervals;
  return countInput(counter);
}

/** Add `counter.input` intervals and return the whole intervals to hand out this frame. */
function countInput(counter: VblankCounter): number {
  const x = counter.carry + counter.input;
  // `| 0`: an int32 (a Math.round result is a double to V8, boxed on return). Counts per frame
  // are far below 2^31.
  let k = Math.round(x - counter.centre) | 0;
  // A plain frame (within ODD_INTERVALS of a whole count) is that count while the carry sits within
  // an interval of the phase: a phase lagging Firefox's re-phases handed out 2 for a frame of 0.74
  // intervals. A carry farther off is time owed (a rate just changed), and is paid as before.
  const input = counter.input;
  const plain = Math.round(input) | 0;
  if (k !== plain && plain > 0 && Math.abs(input - plain) <= ODD_INTERVALS && Math.abs(counter.carry - counter.phase) < 1) k = plain;
  // Negative when the carry sits over half an interval below the phase (just after the phase
  // wrapped upwards, with no new time): hand out nothing then.
  if (k < 0) k = 0;
  const carry = x - k;
  counter.carry = carry;
  // Only remainders that look like jitter teach the phase: a frame forced up to 0 says nothing
  // about where vblanks fall.
  if (carry > -1.5 && carry < 1.5) {
    const residual = carry - counter.phase;
    const size = Math.abs(residual);
    const noise = counter.noise;
    counter.noise = noise + (size - noise) * PHASE_GAIN;
    const step = size > STEP_INTERVALS && size > STEP_NOISES * noise;
    const phase = counter.phase + residual * (step ? STEP_GAIN : PHASE_GAIN);
    counter.phase = phase;
    const jumps = k >= LONG_FRAME_INTERVALS || Math.abs(input - Math.round(input)) > ODD_INTERVALS;
    if (Math.abs(phase) > (jumps ? RECENTRE_PHASE_INTERVALS : WRAP_PHASE_INTERVALS)) k = wrapPhase(counter, k);
  }
  // Quiet streams (the usual case, once the first frames have taught the noise) count around the
  // phase itself without a call: the frame's inlining budget in V8 is nearly spent (measured:
  // alloc-check's synced-slicer path boxes a number when centre() is inlined on every frame).
  if (counter.noise > QUIET_NOISE) centre(counter);
  else counter.centre = counter.phase;
  return k;
}

/** Centre the next count between the phase and the carry by the stream's noise (see QUIET_NOISE). */
function centre(counter: VblankCounter): void {
  // 1 − the offset's weight: 0 at QUIET_NOISE, rising to 1 − NOISY_WEIGHT at LOUD_NOISE.
  const lean = Math.min(MAX_LEAN, (counter.noise - QUIET_NOISE) * LEAN_PER_NOISE);
  const phase = counter.phase;
  counter.centre = phase + lean * (counter.carry - phase);
}

/**
 * Move the phase one interval back towards the centre and pay the interval it owed in this frame:
 * `k` plus or minus one (never below 0: then the next frame pays). Rare, so kept out of
 * countInput, which stays small enough for V8 to inline into every algorithm's frame.
 */
function wrapPhase(counter: VblankCounter, k: number): number {
  const up = counter.phase < 0;
  counter.phase += up ? 1 : -1;
  if (up && k === 0) return 0;
  counter.carry += up ? 1 : -1;
  return up ? k - 1 : k + 1;
}

/** Forget the carry and the phase; the rate stays. */
export function resetVblankCounter(counter: VblankCounter): void {
  counter.carry = 0;
  counter.phase = 0;
  counter.noise = START_NOISE;
  counter.centre = 0;
  counter.input = 0;
}

/** Count at `refreshRate` from now on: the carry keeps its time (rescaled to the new interval); the phase is relearnt. */
export function setVblankRate(counter: VblankCounter, refreshRate: number): void {
  counter.carry *= refreshRate / counter.refreshRate;
  counter.phase = 0;
  counter.refreshRate = refreshRate;
  if (counter.noise > QUIET_NOISE) centre(counter);
  else counter.centre = 0;
}
