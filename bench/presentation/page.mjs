// The page the presentation harness loads: one requestAnimationFrame loop that drives one timing
// algorithm at a time, draws the game time it computed onto a canvas (so every frame really
// produces a picture) and marks it with `performance.mark`. Chromium's trace then tells which of
// these pictures reached the screen, and when. Bundled by esbuild straight from src/.
import { createDeltaSmoother, createFixedStep, createSeededRandom, createSyncedSlicer } from '../../src/core/index.ts';

const REFRESH_RATE = 60;
const INTERVAL_SECONDS = 1 / REFRESH_RATE;

const canvas = document.createElement('canvas');
canvas.width = 320;
canvas.height = 60;
document.body.style.margin = '0';
document.body.append(canvas);
const ctx = canvas.getContext('2d');

/**
 * One algorithm behind a common face: `frame(timestampMs)` returns what the picture shows
 * (game ms since time zero), how many intervals or steps were handed out, and the game ms an
 * overload policy dropped so far.
 */
function makeAlgorithm(name) {
  const out = { pictureMs: 0, updates: 0, droppedMs: 0 };
  if (name === 'fixed') {
    const fixed = createFixedStep({ step: INTERVAL_SECONDS, interpolation: 'previous' });
    return (timestampMs) => {
      const f = fixed.advance(timestampMs);
      out.pictureMs = f.pictureTime * 1000;
      out.updates = f.steps;
      out.droppedMs = f.totalDroppedSeconds * 1000;
      return out;
    };
  }
  let previousMs = NaN;
  let gameSeconds = 0;
  const deltaOf = (timestampMs) => {
    const delta = previousMs === previousMs ? (timestampMs - previousMs) / 1000 : 0;
    previousMs = timestampMs;
    return delta;
  };
  if (name === 'slicer') {
    const slicer = createSyncedSlicer({ refreshRate: REFRESH_RATE });
    return (timestampMs) => {
      const slices = slicer.advance(deltaOf(timestampMs));
      let sum = 0;
      for (let i = 0; i < slices.length; i++) sum += slices[i];
      gameSeconds += sum;
      out.pictureMs = gameSeconds * 1000;
      out.updates = sum * REFRESH_RATE;
      out.droppedMs = slicer.droppedSeconds * 1000;
      return out;
    };
  }
  if (name === 'smoother') {
    const smoother = createDeltaSmoother({ refreshRate: REFRESH_RATE });
    return (timestampMs) => {
      const dt = smoother.smooth(deltaOf(timestampMs));
      gameSeconds += dt;
      out.pictureMs = gameSeconds * 1000;
      out.updates = dt * REFRESH_RATE;
      return out;
    };
  }
  if (name === 'variable') {
    return (timestampMs) => {
      const dt = deltaOf(timestampMs);
      gameSeconds += dt;
      out.pictureMs = gameSeconds * 1000;
      out.updates = dt * REFRESH_RATE;
      return out;
    };
  }
  throw new RangeError(`presentation page: unknown algorithm ${name}`);
}

function draw(pictureMs) {
  // A box moving at 100 px per second of game time, wrapping: what the viewer watches.
  const x = ((pictureMs / 10) % (canvas.width + 20)) - 20;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.fillRect(x, 10, 20, 40);
}

function busyWait(ms) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin: the per-frame load of the 'load' scenario
  }
}

let run = null;
let idleX = 0;

function loop(timestampMs) {
  requestAnimationFrame(loop);
  if (run === null) {
    // Between runs the page keeps drawing, so the compositor stays in its steady animating state.
    draw((idleX += 16));
    return;
  }
  if (run.startMs !== run.startMs) run.startMs = timestampMs;
  const frame = run.algorithm(timestampMs);
  draw(frame.pictureMs);
  if (run.maxLoadMs > 0) busyWait(run.random.next() * run.maxLoadMs);
  // Everything the harness needs about this picture, in the mark's name: algorithm, index, the game
  // time drawn, the updates handed out, the game time dropped so far, the rAF timestamp.
  performance.mark(`rt|${run.name}|${run.frames}|${frame.pictureMs}|${frame.updates}|${frame.droppedMs}|${timestampMs}`);
  run.frames += 1;
  if (timestampMs - run.startMs >= run.seconds * 1000 && run.frames >= run.minFrames) {
    const done = run;
    run = null;
    done.resolve({ frames: done.frames, crossOriginIsolated: globalThis.crossOriginIsolated === true });
  }
}
requestAnimationFrame(loop);

/**
 * Run one algorithm for `seconds` of rAF time, and at least `minFrames` frames (a loaded machine may
 * draw few a second), with a per-frame busy-wait of uniform 0–`maxLoadMs` (seeded, so runs repeat).
 * Resolves with the number of frames drawn.
 */
globalThis.__presentationRun = (name, seconds, maxLoadMs, seed, minFrames = 0) =>
  new Promise((resolve) => {
    run = {
      name,
      algorithm: makeAlgorithm(name),
      seconds,
      minFrames,
      maxLoadMs,
      random: createSeededRandom(seed),
      frames: 0,
      startMs: NaN,
      resolve,
    };
  });
globalThis.__presentationReady = true;
