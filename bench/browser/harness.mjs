// Page side of the browser benchmark. Imported FIRST by every page so that its
// requestAnimationFrame wrapper is in place before a library captures the function.
//
// The wrapper times every rAF callback with performance.now() and sums the times of the
// callbacks that share a frame timestamp: that sum is the scripting time the frame loop cost
// in that frame (for "one rAF per hook" it is the sum of N callbacks). The page runs with
// cross-origin isolation, so performance.now() has 5 µs resolution rather than 100 µs.

const SUBSCRIBERS = 1_000;
const WARMUP_FRAMES = 60;
const FRAMES = 300;

const nativeRequest = window.requestAnimationFrame.bind(window);
let frameTimestamp = -1;
let frameScriptMs = 0;
let frameCount = 0;
const samples = new Float64Array(FRAMES);
let hits = 0;
let hitsAtStart = 0;
let hitsAtEnd = 0;

function closeFrame() {
  if (frameTimestamp >= 0) {
    const index = frameCount - WARMUP_FRAMES;
    if (index >= 0 && index < FRAMES) samples[index] = frameScriptMs;
    frameCount += 1;
    if (frameCount === WARMUP_FRAMES) hitsAtStart = hits;
    if (frameCount === WARMUP_FRAMES + FRAMES) hitsAtEnd = hits;
  }
}

window.requestAnimationFrame = (callback) =>
  nativeRequest((timestamp) => {
    if (timestamp !== frameTimestamp) {
      closeFrame();
      frameTimestamp = timestamp;
      frameScriptMs = 0;
    }
    const start = performance.now();
    callback(timestamp);
    frameScriptMs += performance.now() - start;
  });

/** The trivial per-subscriber work: count the call. */
export function hit() {
  hits += 1;
}

/**
 * Starts the measurement: `subscribe(n)` registers n callbacks that each call `hit()`.
 * @param {string} label
 * @param {(n: number) => void} subscribe
 */
export function run(label, subscribe) {
  subscribe(SUBSCRIBERS);
  const done = () => {
    if (frameCount < WARMUP_FRAMES + FRAMES + 1) {
      nativeRequest(done);
      return;
    }
    const sorted = Array.from(samples).sort((a, b) => a - b);
    const mean = sorted.reduce((a, v) => a + v, 0) / sorted.length;
    window.__result = {
      label,
      subscribers: SUBSCRIBERS,
      frames: FRAMES,
      crossOriginIsolated: window.crossOriginIsolated,
      meanMs: mean,
      medianMs: sorted[Math.floor(sorted.length / 2)],
      p95Ms: sorted[Math.floor(sorted.length * 0.95)],
      callsPerFrame: (hitsAtEnd - hitsAtStart) / FRAMES,
    };
  };
  nativeRequest(done);
}
