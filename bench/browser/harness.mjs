// Page side of the browser benchmark, shared by every page.
//
// Scripting time per frame comes from two markers of the page's own: a start marker is the first
// rAF callback of every frame and an end marker the last (each re-requests itself at the right
// moment to keep its place: the start marker first thing, the end marker after every library
// callback of the frame has re-requested). The time between them, read with performance.now() into
// a preallocated Float64Array, is the time the frame loop took that frame, including, for "one rAF
// per hook", the browser's own dispatch between the N callbacks. The page runs cross-origin
// isolated, so performance.now() has 5 µs resolution rather than 100 µs. Nothing wraps the
// libraries' calls.
//
// Not performance.mark / performance.measure: each mark creates a timeline entry, and the two
// cost about 30 µs a frame with no loop between them, which swamped the difference between two
// loops (1,000 callbacks take 10–50 µs) and spread the rounds by a factor of two.

const SUBSCRIBERS = 1_000;
// Long enough for V8 to optimise each library's loop: a frame loop runs its code once per frame, so
// tier-up takes hundreds of frames (with 40 warm-up frames, loops written in plain JS measured up
// to twice as slow as ones that iterate with a built-in such as Set.prototype.forEach).
const WARMUP_FRAMES = 240;
const FRAMES = 180;
/** Milliseconds between the two markers, per measured frame. */
const durations = new Float64Array(FRAMES);

let frames = 0;
/** [0]: performance.now() at the start marker of the frame being measured (a typed array: no heap number a frame). */
const startMs = new Float64Array(1);
let hits = 0;
let hitsAtStart = 0;
let hitsAtEnd = 0;

/** The trivial per-subscriber work: count the call. */
export function hit() {
  hits += 1;
}

function startMarker() {
  requestAnimationFrame(startMarker);
  if (frames >= WARMUP_FRAMES && frames < WARMUP_FRAMES + FRAMES) startMs[0] = performance.now();
}

function endMarker() {
  if (frames >= WARMUP_FRAMES && frames < WARMUP_FRAMES + FRAMES) {
    durations[frames - WARMUP_FRAMES] = performance.now() - startMs[0];
  }
  frames += 1;
  if (frames === WARMUP_FRAMES) hitsAtStart = hits;
  if (frames === WARMUP_FRAMES + FRAMES) {
    hitsAtEnd = hits;
    finish();
    return;
  }
  requestAnimationFrame(endMarker);
}

let label = '';

function finish() {
  const sorted = Array.from(durations).sort((a, b) => a - b);
  window.__result = {
    label,
    subscribers: SUBSCRIBERS,
    frames: sorted.length,
    crossOriginIsolated: window.crossOriginIsolated,
    meanMs: sorted.reduce((a, v) => a + v, 0) / sorted.length,
    medianMs: sorted[Math.floor(sorted.length / 2)],
    p95Ms: sorted[Math.floor(sorted.length * 0.95)],
    callsPerFrame: (hitsAtEnd - hitsAtStart) / FRAMES,
  };
}

/**
 * Starts the measurement: `subscribe(n)` registers n callbacks that each call `hit()`.
 * @param {string} name
 * @param {(n: number) => void} subscribe
 */
export function run(name, subscribe) {
  label = name;
  requestAnimationFrame(startMarker);
  subscribe(SUBSCRIBERS);
  requestAnimationFrame(endMarker);
}
