/* global navigator */
// The page every recording uses and the recorder that runs in it (scripts/record-frames.mjs,
// scripts/lib/recordStreams.mjs). `installRecorder` is handed to the browser as source text, so it
// must not refer to anything outside itself.

/** One box that moves every frame, so each frame has real style, layout and paint work. */
export const PAGE = '<!doctype html><meta charset="utf-8"><title>frames</title>' +
  '<div id="box" style="position:absolute;left:0;top:0;width:20px;height:20px;background:#c33"></div>';

/**
 * Runs in the page. Installs a rAF loop that records timestamps into a Float64Array and applies the
 * scenario's load after recording the timestamp: a busy-wait (`busyMaxMs`), fixed work
 * (`workMaxMs`, calibrated here before any CPU throttling is set), a canvas redrawn with
 * `paintShapes` blurred shapes and as many moved shadowed boxes (`paintShapes`: a page that paints a
 * lot), or `garbageObjects` short-lived objects a frame (garbage-collector pressure). Exposes window.__frames
 * with start(), whenCount(n), stop() and result().
 */
export function installRecorder(opts) {
  const max = opts.maxFrames;
  const stamps = new Float64Array(max);
  const loads = new Float64Array(max);
  const events = [];
  let count = 0;
  let stopped = false;
  let waiter = null;
  // mulberry32: a seeded PRNG, so a re-recording applies the same load sequence.
  let seed = opts.seed >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Fixed work, for the throttle scenario: its wall time grows with the CPU throttling rate.
  let sink = 0;
  const spin = (iterations) => {
    let x = sink;
    for (let i = 0; i < iterations; i++) x = (x * 1.000001 + Math.sqrt(i + 1)) % 1e9;
    sink = x;
  };
  let iterationsPerMs = 0;
  if (opts.workMaxMs > 0) {
    spin(2e6); // warm the JIT before calibrating
    let iterations = 0;
    const start = performance.now();
    while (performance.now() - start < 200) { spin(10000); iterations += 10000; }
    iterationsPerMs = iterations / (performance.now() - start);
  }
  const paint = opts.paintShapes > 0 ? paintLayer(opts.paintShapes) : null;
  const garbage = [];
  const box = document.getElementById('box');
  document.addEventListener('visibilitychange', () => {
    events.push({ type: 'visibilitychange', visibilityState: document.visibilityState, atMs: performance.now() });
  });
  const frame = (timestampMs) => {
    if (stopped) return;
    stamps[count] = timestampMs;
    if (opts.busyMaxMs > 0) {
      const ms = random() * opts.busyMaxMs;
      const end = performance.now() + ms;
      while (performance.now() < end) { /* busy */ }
      loads[count] = ms;
    } else if (opts.workMaxMs > 0) {
      const start = performance.now();
      spin(Math.round(random() * opts.workMaxMs * iterationsPerMs));
      loads[count] = performance.now() - start;
    }
    if (paint) paint(count);
    if (opts.garbageObjects > 0) {
      // Arrays kept for a few frames, then dropped: the collector runs while frames are due.
      garbage[count % 8] = Array.from({ length: opts.garbageObjects }, (_, i) => ({ i, v: random() }));
    }
    box.style.transform = `translateX(${count % 400}px)`;
    count++;
    if (waiter && count >= waiter.n) { const w = waiter; waiter = null; w.resolve(count); }
    if (count >= max) { stopped = true; return; }
    requestAnimationFrame(frame);
  };

  function paintLayer(shapes) {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    canvas.style.cssText = 'position:absolute;left:0;top:30px';
    document.body.appendChild(canvas);
    const ctx = canvas.getContext('2d');
    const boxes = [];
    for (let i = 0; i < shapes; i++) {
      const b = document.createElement('div');
      b.style.cssText = `position:absolute;left:${(i * 37) % 1200}px;top:${(i * 53) % 700}px;width:40px;height:40px;` +
        `border-radius:8px;background:hsl(${i * 7 % 360},70%,50%);box-shadow:2px 2px 0 #000;opacity:0.8`;
      document.body.appendChild(b);
      boxes.push(b);
    }
    return (n) => {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1280, 720);
      for (let i = 0; i < shapes; i++) {
        ctx.fillStyle = `hsl(${(i * 11 + n) % 360},80%,50%)`;
        ctx.beginPath();
        ctx.arc(random() * 1280, random() * 720, 4 + random() * 30, 0, 2 * Math.PI);
        ctx.fill();
      }
      for (let i = 0; i < boxes.length; i++) boxes[i].style.transform = `translate(${(n * (1 + (i % 5))) % 80}px,${(n + i) % 40}px) rotate(${(n + i) % 360}deg)`;
    };
  }

  window.__frames = {
    iterationsPerMs,
    start: () => { requestAnimationFrame(frame); },
    whenCount: (n) => new Promise((resolve) => { if (count >= n) resolve(count); else waiter = { n, resolve }; }),
    stop: () => { stopped = true; },
    result: () => ({
      timestampsMs: Array.from(stamps.subarray(0, count)),
      loadMs: Array.from(loads.subarray(0, count)),
      events,
      iterationsPerMs,
      userAgent: navigator.userAgent,
    }),
  };
  return iterationsPerMs;
}
