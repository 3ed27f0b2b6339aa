/**
 * The fixed clock's numeric constants (see fixedClock.ts): the slots of the Float64Array holding
 * its fractional state (V8 boxes a fractional double written to a closure variable on every
 * write: one allocation per frame), and the size of its ring of frame anchors.
 *
 * Layout: like fixedStepClock.ts and counting.ts, this module imports nothing and declares only
 * constants, which lets the bundler (esbuild) write the numbers themselves where they are used;
 * declared in fixedClock.ts, which imports, they were variables (about 50 B gzip).
 * @internal
 */

/** Last game-clock ms handed to the fixed step (scheduler elapsed ms + offset). */
export const LAST_FED_MS = 0;
/** Added to the scheduler's elapsed ms: keeps the fed clock continuous across a scheduler change or idle gap. */
export const OFFSET_MS = 1;
/** Game seconds of earlier grids (before the last setOptions): elapsed, simulated, dropped (three slots in a row). */
export const BASE_ELAPSED = 2;
export const BASE_SIMULATED = 3;
export const BASE_DROPPED = 4;
/** Scratch: the input and the result of `mapToReal`. */
export const MAP_GAME_MS = 5;
export const MAPPED_MS = 6;
/** The display rate (in fed-clock Hz) the fixed step snaps to now; NaN: raw timestamps. */
export const SNAP_RATE = 7;
/** How many slots. */
export const SLOTS = 8;

/**
 * Frames of (real ms, game ms) kept to map a step's game time back to the real time at which it
 * falls. A step run now can lie a few frames back ('catch-up' debt is run off `maxSteps` a frame);
 * 32 frames covers any debt a frame-time spike leaves. Older game times map to the oldest frame kept.
 */
export const ANCHORS = 32;
