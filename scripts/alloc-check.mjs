#!/usr/bin/env node
// Allocation check: every per-frame hot path of the BUILT package (dist/, what users get) runs
// 10⁶ frames after a warm-up and must allocate (almost) nothing on the JS heap.
//
//   node scripts/build.mjs && node --expose-gc scripts/alloc-check.mjs [--frames N] [--chunk N] [--only TEXT] [--sites]
//
// --frames N measures N frames a path (10⁶), in chunks of --chunk N (10⁵; at least 5 × 10⁴: see
// below; `npm test` runs 2.5 × 10⁵ in chunks of 5 × 10⁴). --only TEXT measures only the paths
// whose name contains TEXT; --sites also samples where the
// allocations happen (V8's sampling heap profiler, collected objects included) and prints the top
// functions of each path that allocates, to find the culprit (the byte counts are then inflated
// by the profiler's own work); --verbose prints bytes/frame of every warm-up and measured chunk.
//
// (Re-spawns itself with --expose-gc and --no-concurrent-recompilation when started without them.) Exit code 1 if a path allocates more
// than THRESHOLD_BYTES_PER_FRAME (a fixed clock's renders: one boxed alpha more, see
// fixedClockPath), or if the meter's own controls fail.
//
// How allocation is measured. Node 20 has no "total allocated bytes" counter, and the heap size
// alone is not enough because a scavenge frees garbage mid-run. So v8.GCProfiler records the used
// heap before and after every GC inside the measured window; the bytes allocated are the growth
// between GCs summed: (before GC₁ − start) + (before GC₂ − after GC₁) + … + (end − after GCₖ).
// That is exact up to the profiler's own bookkeeping (≈600 bytes per window), independent of
// wall-clock time and of how often the GC happens to run. Scavenges in the window are counted too.
//
// Why the threshold is 1 byte/frame. The smallest object a per-frame allocation can create is a
// HeapNumber (12 bytes with pointer compression, 16 without), and a closure or an array is larger.
// So a path that allocates on even one frame in twelve exceeds 1 byte/frame, while one-off costs
// (the profiler's bookkeeping, an inline-cache transition) are a few KB: under 0.1 byte/frame over
// a chunk of 10⁵ frames, under 0.2 over one of 5 × 10⁴.
//
// Why chunks, a warm-up and the median. What is left after that is the JIT: V8 re-optimises a
// function when it first takes a branch it has no feedback for, and until the new code is ready
// (and again after each such deopt) the function runs unoptimised, where every double is boxed.
// On the detector's unsynced path the rarely-run `classify` deopts a few times this way: chunks
// of 0.0 bytes/frame with a few episodes of 20–50. So the 10⁶ measured frames run as ten chunks of
// 10⁵; a path fails if its MEDIAN chunk exceeds the threshold. Allocation written into the code
// shows in every chunk (the loops feed every path the same kind of input throughout); a tiering
// episode shows in a few. The table also prints the mean over all 10⁶ frames and the worst chunk.
// The warm-up runs chunks until two in a row are under the threshold (2 to 20 chunks).
//
// The measuring loops must not allocate themselves. Calling a function that V8 does not inline
// boxes every fractional double argument into a fresh HeapNumber (a read from a Float64Array or
// `i * 16.7` included: measured 14 bytes/frame here). The browser hands requestAnimationFrame an
// already boxed timestamp, so the loops do the same: timestamps and deltas are boxed ONCE, before
// measuring, into plain arrays (kept in generic, not double, element mode by a sentinel), and each
// frame passes an existing number. Subscriber and accumulator state lives in Float64Arrays. Two
// control rows prove the meter: an empty path must read ≈ 0 and a path that boxes one double per
// frame must read ≥ 8 bytes/frame.
//
// Which calls V8 inlines is its choice, and it varies: a big function's inlining budget runs out
// (which callees get it depends on the feedback when it was compiled; a busy machine once left the
// fixed clock's anchor call out of onUpdate: 93 B a frame). `npm test` therefore also runs this
// check under `node --max-inlined-bytecode-size-cumulative=0`, where V8 inlines only its small
// functions (≤ 27 bytes of bytecode): every path must read 0 there too, so no fractional double
// crosses a call that V8 might leave a call (hot paths pass them in typed-array slots instead).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import v8 from 'node:v8';

// Optimising compiles run on the main thread (--no-concurrent-recompilation): on a busy machine the
// background compiler thread can wait long enough for a hot path to stay in unoptimised code, where
// every double is boxed, for most of the measured chunks (the likely cause of syncedSlicer.advance
// reading 16 B a frame once at load 15-28, 0 alone). On the main thread, V8 optimises at the same
// point however busy.
const needed = ['--expose-gc', '--no-concurrent-recompilation'].filter((flag) => !process.execArgv.includes(flag));
if (typeof globalThis.gc !== 'function' || needed.length > 0) {
  const result = spawnSync(process.execPath, [...needed, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
if (typeof v8.GCProfiler !== 'function') {
  console.error('alloc-check: needs v8.GCProfiler (Node ≥ 18.15)');
  process.exit(1);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
for (const file of ['dist/index.js', 'dist/core/index.js']) {
  if (!existsSync(resolve(root, file))) {
    console.error(`alloc-check: ${file} is missing; run \`node scripts/build.mjs\` first`);
    process.exit(1);
  }
}
const core = await import(pathToFileURL(resolve(root, 'dist/core/index.js')).href);
// The internal entries the hooks call, from their modules.
const api = await import(pathToFileURL(resolve(root, 'dist/index.js')).href);
const { createManualFrameSource } = await import(pathToFileURL(resolve(root, 'dist/testing/index.js')).href);
const { createViewerMeter } = await import(pathToFileURL(resolve(root, 'dist/simulation/index.js')).href);
// The page-wide loop `useFrame` alone runs on is internal: built here from its module.
const { FrameLoop } = await import(pathToFileURL(resolve(root, 'dist/scheduler/frameLoop.js')).href);

const argv = process.argv.slice(2);
const framesArg = argv.indexOf('--frames');
const chunkArg = argv.indexOf('--chunk');
/** Frames run per measured chunk, and per warm-up chunk. */
const CHUNK = chunkArg >= 0 ? Number(argv[chunkArg + 1]) : 100_000;
/** Frames measured per path (after the warm-up). */
const FRAMES = framesArg >= 0 ? Number(argv[framesArg + 1]) : 1_000_000;
// Under 5 × 10⁴ frames a chunk's one-off costs (a few KB) come near the 1 byte-a-frame threshold.
if (!Number.isInteger(CHUNK) || CHUNK < 50_000 || !Number.isInteger(FRAMES) || FRAMES < CHUNK || FRAMES % CHUNK !== 0) {
  console.error(`alloc-check: --chunk must be a whole number of frames, at least 50,000 (got ${CHUNK}), and --frames a multiple of it (got ${FRAMES})`);
  process.exit(1);
}
const onlyArg = argv.indexOf('--only');
const ONLY = onlyArg >= 0 ? argv[onlyArg + 1] : '';
const SITES = argv.includes('--sites');
const VERBOSE = argv.includes('--verbose');
/** See the header: one HeapNumber per 12 frames already exceeds it; one-off costs stay far below. */
const THRESHOLD_BYTES_PER_FRAME = 1;
/** Warm-up chunks (see the header): until two in a row stay under the threshold, within these bounds. */
const MIN_WARMUP_CHUNKS = 2;
const MAX_WARMUP_CHUNKS = 20;
/** The allocating control boxes one double per frame (12–16 bytes); below this the meter is broken. */
const CONTROL_MIN_BYTES_PER_FRAME = 8;
/** A 'one-number' path may box one double a frame (a HeapNumber: 12 bytes, 16 without pointer compression). */
const ONE_NUMBER_BYTES = 16;
/** Bytes a frame a path of `kind` may allocate (median chunk; also what counts as clean in the warm-up). */
const limitFor = (kind) => THRESHOLD_BYTES_PER_FRAME + (kind === 'one-number' ? ONE_NUMBER_BYTES : 0);

// ───────────────────────── inputs, boxed before each chunk ─────────────────────────

const REFRESH_HZ = 60;
const PERIOD_MS = 1000 / REFRESH_HZ;

/** Deterministic xorshift32 in [0, 1): the inputs are the same on every run. */
function makeRandom(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/**
 * Input streams, each a function returning the next frame's value. A fresh stream per path.
 * - `synced`: a vsynced 60 Hz loop, timestamps (ms) on the vblank grid with ±0.2 ms jitter
 *   (fractional, like Chrome's).
 * - `spiky`: the same with a long frame now and then (every ~50 frames, 2–4 vblanks), so the
 *   adaptive rate, the smoother's carry, the slicer's buffer and the fixed step's catch-up work.
 * - `spikyDelta`: the intervals of `spiky`, in seconds.
 * - `wholeMs60`: the benchmark's fake display, whole milliseconds on an exact 60 Hz grid (16, 33,
 *   50 …), as Safari and WebKitGTK coarsen their clocks. (Its one-off episode near frame 103,600,
 *   which the warm-up passes, is test/alloc/refreshRate.alloc.test.ts's.)
 * - `unsynced`: a free-running timer loop (10–25 ms): the detector's unsynced search path.
 * - `throttled`: a steady loop at about 1 Hz (a page in a background window): the detector's
 *   throttled state, with a fractional `throttledRate`.
 */
const streams = {
  synced() {
    const random = makeRandom(0x5eed);
    let i = 0;
    return () => 1000 + i++ * PERIOD_MS + (random() - 0.5) * 0.4;
  },
  spiky() {
    const random = makeRandom(0xd00d);
    let vblank = 0;
    return () => {
      vblank += random() < 0.02 ? 2 + Math.floor(random() * 3) : 1;
      return 1000 + vblank * PERIOD_MS + (random() - 0.5) * 0.4;
    };
  },
  spikyDelta() {
    const next = streams.spiky();
    let last = next() - PERIOD_MS;
    return () => {
      const t = next();
      const delta = (t - last) / 1000;
      last = t;
      return delta;
    };
  },
  unsynced() {
    const random = makeRandom(0xbeef);
    let t = 1000;
    return () => (t += 10 + random() * 15);
  },
  wholeMs60() {
    let i = 0;
    return () => Math.round(1000 + i++ * PERIOD_MS);
  },
  throttled() {
    const random = makeRandom(0x7a11);
    let i = 0;
    return () => 1000 + i++ * 1000.7 + (random() - 0.5) * 0.4;
  },
};

/**
 * The chunk's inputs: a plain array whose elements are tagged pointers to HeapNumbers (the
 * trailing string keeps V8 from storing them as unboxed doubles), refilled before each chunk,
 * outside the measured window. Reading an element allocates nothing, and neither does passing it
 * to a function, just as the browser hands requestAnimationFrame an already boxed timestamp.
 */
const input = new Array(CHUNK).fill(0.5);
input.push('end');
function fill(next) {
  for (let i = 0; i < CHUNK; i++) input[i] = next();
}

// ───────────────────────── the meter ─────────────────────────

/**
 * Run `loop(input, CHUNK)` once and return the bytes allocated and GCs seen meanwhile. The
 * per-frame iteration happens inside `loop`, in optimised code. No gc() here: the scavenges of a
 * window then come from the window's own allocation (a path that allocates nothing triggers none,
 * even with the previous input's garbage in the young generation).
 */
function measure(loop) {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const startBytes = v8.getHeapStatistics().used_heap_size;
  loop(input, CHUNK);
  const endBytes = v8.getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop();
  let bytes = 0;
  let previous = startBytes;
  let scavenges = 0;
  let fullGcs = 0;
  for (const gc of statistics) {
    bytes += gc.beforeGC.heapStatistics.usedHeapSize - previous;
    previous = gc.afterGC.heapStatistics.usedHeapSize;
    if (gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkSweep' || gc.gcType === 'MinorMarkCompact') scavenges++;
    else fullGcs++;
  }
  bytes += endBytes - previous;
  return { bytes, scavenges, fullGcs };
}

// ───────────────────────── the paths ─────────────────────────
// Each path has its own loop function, so every call site stays monomorphic, as in an app.

const sink = new Float64Array(4);
const paths = [];

/**
 * `setup()` builds a fresh instance and returns `loop(input, count)`, which feeds it
 * `input[0 … count)`; `stream` names the input (see `streams`).
 */
function path(name, stream, setup, kind = 'hot') {
  paths.push({ name, stream, setup, kind });
}

path('control: empty loop (must be ≈ 0)', 'synced', () => {
  const noop = (t) => t;
  return (input, count) => {
    for (let i = 0; i < count; i++) noop(input[i]);
  };
}, 'zero-control');

path('control: boxes a double per frame', 'synced', () => {
  let keep = 0.5; // a closure variable: every fractional write allocates a HeapNumber
  const box = (t) => {
    keep = t * 0.5;
  };
  const read = () => keep;
  return (input, count) => {
    for (let i = 0; i < count; i++) box(input[i]);
    sink[0] = read();
  };
}, 'alloc-control');

path('refreshRateDetector.sample (60 Hz synced)', 'synced', () => {
  const detector = core.createRefreshRateDetector();
  return (input, count) => {
    for (let i = 0; i < count; i++) detector.sample(input[i]);
    if (!detector.estimate.synced) throw new Error('detector did not sync on the 60 Hz input');
  };
});

path('refreshRateDetector.sample (60 Hz, whole ms)', 'wholeMs60', () => {
  const detector = core.createRefreshRateDetector();
  return (input, count) => {
    for (let i = 0; i < count; i++) detector.sample(input[i]);
    if (!detector.estimate.synced) throw new Error('detector did not sync on the whole-ms 60 Hz input');
  };
});

path('refreshRateDetector.sample (60 Hz, dropped frames)', 'spiky', () => {
  const detector = core.createRefreshRateDetector();
  return (input, count) => {
    for (let i = 0; i < count; i++) detector.sample(input[i]);
  };
});

path('refreshRateDetector.sample (unsynced timer loop)', 'unsynced', () => {
  const detector = core.createRefreshRateDetector();
  return (input, count) => {
    for (let i = 0; i < count; i++) detector.sample(input[i]);
  };
});

path('refreshRateDetector.sample (throttled loop, fractional rate)', 'throttled', () => {
  const detector = core.createRefreshRateDetector();
  return (input, count) => {
    for (let i = 0; i < count; i++) detector.sample(input[i]);
    if (detector.estimate.state !== 'throttled' || Number.isInteger(detector.estimate.throttledRate)) {
      throw new Error(`detector not throttled at a fractional rate on the 1 Hz input (${detector.estimate.state}, ${detector.estimate.throttledRate})`);
    }
  };
});

path('adaptiveFramerate.record', 'spikyDelta', () => {
  const adaptive = core.createAdaptiveFramerate({ refreshRate: REFRESH_HZ });
  return (input, count) => {
    for (let i = 0; i < count; i++) adaptive.record(input[i]);
  };
});

path('frameStats.sample', 'spiky', () => {
  const stats = core.createFrameStats({ refreshRate: REFRESH_HZ });
  return (input, count) => {
    for (let i = 0; i < count; i++) stats.sample(input[i]);
  };
});

for (const rounding of ['nearest', 'up']) {
  path(`deltaSmoother.smooth${rounding === 'nearest' ? '' : ` (rounding '${rounding}')`}`, 'spikyDelta', () => {
    const smoother = core.createDeltaSmoother({ refreshRate: REFRESH_HZ, rounding });
    return (input, count) => {
      for (let i = 0; i < count; i++) sink[1] += smoother.smooth(input[i]);
    };
  });
}

for (const rounding of ['nearest', 'down']) {
  path(`syncedSlicer.advance${rounding === 'nearest' ? '' : ` (rounding '${rounding}')`}`, 'spikyDelta', () => {
    const slicer = core.createSyncedSlicer({ refreshRate: REFRESH_HZ, rounding });
    return (input, count) => {
      for (let i = 0; i < count; i++) sink[1] += slicer.advance(input[i]).length;
    };
  });
}

// Timestamps placed on a display's vblank grid first (the robust rule at the display rate).
path('fixedStep.advance (previous, snapped to 120 Hz)', 'spiky', () => {
  const fixed = core.createFixedStep({ step: 1 / 120, refreshRate: 120 });
  return (input, count) => {
    for (let i = 0; i < count; i++) sink[2] += fixed.advance(input[i]).alpha;
  };
});
for (const interpolation of ['none', 'previous', 'ahead', 'predicted']) {
  for (const overload of ['slow-motion', 'catch-up']) {
    path(`fixedStep.advance (${interpolation}, ${overload})`, 'spiky', () => {
      const fixed = core.createFixedStep({ step: 1 / 120, interpolation, overload });
      return (input, count) => {
        for (let i = 0; i < count; i++) sink[2] += fixed.advance(input[i]).alpha;
      };
    });
  }
}
// Once more after every mode: advance's optimised code is shared by every fixed step, and code that
// had seen the modes that aim ahead used to box a double a frame in the others (16 B in 'none').
path('fixedStep.advance (none, after every other mode)', 'spiky', () => {
  const fixed = core.createFixedStep({ step: 1 / 120, interpolation: 'none' });
  return (input, count) => {
    for (let i = 0; i < count; i++) sink[2] += fixed.advance(input[i]).alpha;
  };
});

/**
 * Interpolation per object: each "frame" runs one fixed step (snapshot, move current) and one
 * blend into the kinds of target users pass. The alphas are boxed once, like the timestamps (a
 * fresh fractional double passed to a function V8 does not inline would be the loop's own
 * allocation): 64 values spread over [0, 1], kept in generic element mode by the sentinel.
 */
const ALPHAS = Array.from({ length: 64 }, (_, k) => k / 63);
ALPHAS.push('end');
path('interpolated number (step + blend)', 'synced', () => {
  const value = core.createInterpolated({ kind: 'number' });
  return (input, count) => {
    for (let i = 0; i < count; i++) {
      value.snapshot();
      value.current = input[i];
      sink[0] += value.blend(ALPHAS[i & 63]);
    }
  };
});

path('interpolated angle (step + blend)', 'synced', () => {
  const value = core.createInterpolated({ kind: 'angle' });
  return (input, count) => {
    for (let i = 0; i < count; i++) {
      value.push(input[i] * 0.01);
      sink[0] += value.blend(ALPHAS[i & 63]);
    }
  };
});

path('interpolated vector 3 (step + blend into {x, y, z})', 'synced', () => {
  const value = core.createInterpolated({ kind: 'vector', size: 3 });
  const target = { x: 0, y: 0, z: 0, length() { return 0; } };
  return (input, count) => {
    for (let i = 0; i < count; i++) {
      value.snapshot();
      value.current[0] = input[i];
      value.current[2] = -input[i];
      value.blend(ALPHAS[i & 63], target);
    }
    sink[0] += target.x;
  };
});

path('interpolated vector 6 (step + blend into Float32Array)', 'synced', () => {
  const value = core.createInterpolated({ kind: 'vector', size: 6 });
  const target = new Float32Array(6);
  return (input, count) => {
    for (let i = 0; i < count; i++) {
      value.snapshot();
      value.current[i % 6] = input[i];
      value.blend(ALPHAS[i & 63], target);
    }
    sink[0] += target[0];
  };
});

// 1.9° a 60 Hz frame, and 19° (slerp's weights from sines; nearly equal rotations take the lerp).
for (const [blend, turn] of [['nlerp', 0.001], ['slerp', 0.001], ['slerp', 0.01]]) {
  path(`interpolated quaternion ${blend}, ${Math.round(turn * 2000 * 180 / Math.PI / 60)}° a frame (step + blend into {x, y, z, w})`, 'synced', () => {
    const value = core.createInterpolated({ kind: 'quaternion', blend });
    const target = { x: 0, y: 0, z: 0, w: 1 };
    const q = new Float64Array(4);
    return (input, count) => {
      for (let i = 0; i < count; i++) {
        const half = input[i] * turn;
        q[2] = Math.sin(half);
        q[3] = Math.cos(half);
        value.push(q);
        value.blend(ALPHAS[i & 63], target);
      }
      sink[0] += target.w;
    };
  });
}

/**
 * Input per step: each "frame" pushes one key event (keydown/keyup of 8 keys in turn) and takes
 * one step ending at the frame's timestamp, reading the held state. The events are built once.
 */
path('inputQueue push + takeStep (keys held per step)', 'synced', () => {
  const queue = core.createInputQueue();
  const codes = ['KeyW', 'KeyA', 'KeyS', 'KeyD', 'Space', 'ShiftLeft', 'ArrowUp', 'ArrowDown'];
  const events = [];
  for (let k = 0; k < 16; k++) events.push({ kind: k < 8 ? 'keydown' : 'keyup', code: codes[k % 8], timestampMs: 0 });
  const held = new Float64Array(1);
  return (input, count) => {
    for (let i = 0; i < count; i++) {
      const event = events[i & 15];
      event.timestampMs = input[i];
      queue.push(event);
      const step = queue.takeStep(input[i]);
      if (step.isDown('KeyW')) held[0]++;
      if (step.pressed('Space')) held[0]++;
    }
    if (!(held[0] > 0)) throw new Error('no key was ever held');
  };
});

/**
 * Pointer input per step: each "frame" pushes a pointer event of two pointers in turn, chording a
 * second button on and off (the held buttons reconciled with each pointer's bitmask), and takes one
 * step. The events are built once.
 */
path('inputQueue push + takeStep (two pointers, chorded buttons)', 'synced', () => {
  const queue = core.createInputQueue();
  const events = [];
  for (let k = 0; k < 8; k++) {
    const buttons = [1, 3, 1, 0][k % 4];
    events.push({ kind: ['pointerdown', 'pointermove', 'pointermove', 'pointerup'][k % 4], code: ['Pointer0', 'Pointer2', 'Pointer2', 'Pointer0'][k % 4], button: [0, 2, 2, 0][k % 4], buttons, pointerId: 1 + (k >> 2), x: k, y: k, timestampMs: 0 });
  }
  const held = new Float64Array(1);
  return (input, count) => {
    for (let i = 0; i < count; i++) {
      const event = events[i & 7];
      event.timestampMs = input[i];
      queue.push(event);
      const step = queue.takeStep(input[i]);
      if (step.isDown('Pointer2')) held[0]++;
      held[0] += step.pointerButtons;
    }
    if (!(held[0] > 0)) throw new Error('no button was ever held');
  };
});

/** 100 trivial subscribers over all four phases; each reads the reused FrameInfo into a Float64Array. */
function subscribeHundred(scheduler) {
  const phases = ['input', 'update', 'render', 'after'];
  const total = new Float64Array(1);
  for (let k = 0; k < 100; k++) {
    scheduler.subscribe(
      (frame) => {
        total[0] += frame.deltaSeconds;
      },
      { phase: phases[k % 4], priority: k % 3 },
    );
  }
  return total;
}

path('scheduler.advance (manual, 100 subscribers)', 'spiky', () => {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = api.createFrameScheduler({ source, frameloop: 'manual' });
  const total = subscribeHundred(scheduler);
  return (input, count) => {
    for (let i = 0; i < count; i++) scheduler.advance(input[i]);
    if (!(total[0] > 0)) throw new Error('subscribers did not run');
  };
});

path('scheduler via source.tick (always, 100 subscribers)', 'spiky', () => {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = api.createFrameScheduler({ source, frameloop: 'always' });
  const total = subscribeHundred(scheduler);
  return (input, count) => {
    for (let i = 0; i < count; i++) source.tick(input[i]);
    if (!(total[0] > 0)) throw new Error('subscribers did not run');
  };
});

path('the page-wide loop under useFrame alone, via source.tick (100 subscribers)', 'spiky', () => {
  const source = createManualFrameSource({ startMs: 0 });
  const config = { mode: 'always', maxDelta: 0.25, timeScale: 1, paused: false, onError: undefined, onGap: undefined, onFrame: undefined };
  const loop = new FrameLoop('alloc-check', source, config, undefined);
  const total = subscribeHundred({ subscribe: (callback, options) => loop.subscribe(callback, options, 'alloc-check') });
  return (input, count) => {
    for (let i = 0; i < count; i++) source.tick(input[i]);
    if (!(total[0] > 0)) throw new Error('subscribers did not run');
  };
});

// The benchmark's case: one subscriber, detection on, whole-ms timestamps. (Not through advance():
// after the fractional advance() path above, whole-ms advance() reads 96 B a frame, at HEAD before
// the detector's changes too; the lead's scheduler rewrite owns that path.)
path('scheduler via source.tick (always, 1 subscriber, 60 Hz whole ms)', 'wholeMs60', () => {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = api.createFrameScheduler({ source, frameloop: 'always' });
  const total = new Float64Array(1);
  scheduler.subscribe((frame) => {
    total[0] += frame.deltaSeconds;
  }, { phase: 'update' });
  return (input, count) => {
    for (let i = 0; i < count; i++) source.tick(input[i]);
    if (!(total[0] > 0)) throw new Error('subscribers did not run');
  };
});

path('scheduler via source.tick (always, adaptive, 100 subscribers)', 'spiky', () => {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = api.createFrameScheduler({ source, frameloop: 'always', adaptive: true });
  const total = subscribeHundred(scheduler);
  return (input, count) => {
    for (let i = 0; i < count; i++) source.tick(input[i]);
    if (!(total[0] > 0)) throw new Error('subscribers did not run');
  };
});

// The hooks' frame handlers without React: the smoother, the slicer and the statistics read the
// frame's numbers themselves, so a handler passes no number even when V8 inlines nothing (the
// small-function run). (useStepInput's queue does the same with the step: test/alloc.)
const frameHandlers = {
  useSmoothedDelta: () => {
    const smoother = core.createDeltaSmoother({ refreshRate: REFRESH_HZ });
    return (frame) => {
      sink[0] += smoother.smoothFrame(frame);
    };
  },
  useSyncedUpdate: () => {
    const slicer = core.createSyncedSlicer({ refreshRate: REFRESH_HZ });
    return (frame) => {
      const slices = slicer.advanceFrame(frame);
      for (let i = 0; i < slices.length; i++) sink[0] += slices[i];
    };
  },
  // Under the detector's 'variable' (no vblank grid) the slicer hands out the time as it came.
  'useSyncedUpdate (no grid)': () => {
    const slicer = core.createSyncedSlicer({ refreshRate: REFRESH_HZ });
    return (frame) => {
      slicer.setGridless(true);
      const slices = slicer.advanceFrame(frame);
      for (let i = 0; i < slices.length; i++) sink[0] += slices[i];
    };
  },
  useFrameStats: () => {
    const stats = core.createFrameStats();
    return (frame) => {
      stats.sampleFrame(frame);
      sink[0] += 1;
    };
  },
};
for (const [hook, makeHandler] of Object.entries(frameHandlers)) {
  path(`scheduler frames through ${hook}'s handler`, 'spiky', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = api.createFrameScheduler({ source, frameloop: 'always', refreshRate: REFRESH_HZ });
    scheduler.subscribe(makeHandler());
    return (input, count) => {
      for (let i = 0; i < count; i++) source.tick(input[i]);
      if (!(sink[0] > 0)) throw new Error(`${hook}'s handler did not run`);
    };
  });
}

/**
 * The fixed clock (createFixedClock over createFrameScheduler, as the hooks use it), 1/120 s steps on
 * the 60 Hz spiky stream at most 3 a frame: 2 steps a frame, 4–8 due after a long frame, so
 * 'slow-motion' drops and 'catch-up' carries a debt. Three updates (priorities 1, −1, 0) read the
 * step; the renders write alpha to a Float64Array. Every path: zero bytes a frame and a step,
 * except the one below.
 *
 * The alpha handed to the renders is the one heap number the API costs: `render(alpha, frame)`
 * calls the user's function with a number it may keep, so each new fractional alpha has to exist
 * as a heap number when V8 does not inline the render (the renders of a game are many different
 * functions). The clock boxes it once a frame however many renders there are; rows of kind
 * 'one number' allow that one heap number (16 bytes) and fail at anything more (one per render
 * is 48 here). Where alpha does not change ('none': always 1; a paused clock) it is zero too.
 */
function fixedClockPath(name, options, renders, kind = 'hot', setupClock = () => {}) {
  path(`fixedClock: ${name}`, 'spiky', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const loop = api.createFrameScheduler({ source, frameloop: 'always' });
    const clock = api.createFixedClock(loop, { step: 1 / 120, maxSteps: 3, ...options });
    const out = new Float64Array(6);
    clock.addUpdate((dt, step) => void (out[0] += dt + step.stepEndTimestampMs), { priority: 1 });
    clock.addUpdate((dt, step) => void (out[1] += step.index * dt), { priority: -1 });
    clock.addUpdate((dt) => void (out[2] += dt));
    if (renders) {
      clock.addRender((alpha) => void (out[3] += alpha));
      clock.addRender((alpha, frame) => void (out[4] += alpha * frame.deltaSeconds), { priority: 2 });
      clock.addRender((alpha) => void (out[5] = alpha), { priority: -2 });
    }
    setupClock(clock, source);
    return (input, count) => {
      for (let i = 0; i < count; i++) source.tick(input[i]);
      if (!(out[2] > 0) && !clock.paused) throw new Error('the fixed clock ran no step');
      sink[3] += out[0] + out[1] + out[3] + out[4] + out[5];
    };
  }, kind);
}
for (const interpolation of ['none', 'previous', 'ahead', 'predicted']) {
  for (const overload of ['slow-motion', 'catch-up']) fixedClockPath(`3 updates (${interpolation}, ${overload})`, { interpolation, overload }, false);
}
fixedClockPath('3 updates (predicted, catch-up, snapped to the detected display)', { interpolation: 'predicted', overload: 'catch-up', snapToDisplay: true }, false);
fixedClockPath('3 updates + 3 renders (none: alpha 1)', { interpolation: 'none' }, true);
fixedClockPath('3 updates + 3 renders (previous, paused: alpha frozen)', {}, true, 'hot', (clock, source) => {
  for (let t = 1; t < 100; t++) source.tick(t * 9); // (before the stream's first timestamp)
  clock.pause();
});
for (const interpolation of ['previous', 'predicted']) {
  for (const overload of ['slow-motion', 'catch-up']) {
    fixedClockPath(`3 updates + 3 renders (${interpolation}, ${overload}; one boxed alpha a frame)`, { interpolation, overload }, true, 'one-number');
  }
}

// A live story scores every picture with the viewer model; each picture shows the previous frame's time.
path('viewer meter add (a story scoring each picture)', 'spiky', () => {
  const meter = createViewerMeter({ refreshIntervalMs: PERIOD_MS });
  const frame = { presentMs: 0, pictureMs: 0, droppedMs: 0, updates: 1, vblanks: 1 };
  return (input, count) => {
    for (let i = 0; i < count; i++) {
      frame.pictureMs = frame.presentMs;
      frame.presentMs = input[i];
      meter.add(frame);
    }
    if (!(meter.result().judderMs > 0)) throw new Error('the viewer meter measured no judder on the spiky input');
  };
});

/** Start V8's sampling heap profiler (for --sites); the returned function stops it and summarises. */
async function startSiteSampling() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 64,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    const bySite = new Map();
    const walk = (node) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const site = `${functionName || '(anonymous)'} at ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      if (node.selfSize > 0) bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      node.children.forEach(walk);
    };
    walk(profile.head);
    return [...bySite]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([site, bytes]) => `  ${String(bytes).padStart(12)}  ${site}`)
      .join('\n');
  };
}

// ───────────────────────── run ─────────────────────────

const selected = paths.filter((p) => p.name.toLowerCase().includes(ONLY.toLowerCase()));
if (selected.length === 0) {
  console.error(`alloc-check: no path matches --only ${ONLY}`);
  process.exit(1);
}
// Prime the meter: the first GCProfiler window pays for lazily compiled internals (≈240 KB seen).
measure(() => {});
globalThis.gc();

const rows = [];
let failed = false;
for (const { name, stream, setup, kind } of selected) {
  const loop = setup();
  const next = streams[stream]();
  const trace = [];
  let warmupChunks = 0;
  for (let clean = 0; warmupChunks < MIN_WARMUP_CHUNKS || (clean < 2 && warmupChunks < MAX_WARMUP_CHUNKS); warmupChunks++) {
    fill(next);
    const { bytes } = measure(loop);
    clean = bytes <= limitFor(kind) * CHUNK ? clean + 1 : 0;
    trace.push((bytes / CHUNK).toFixed(1));
  }
  trace.push('|');
  // With --sites the profiler watches the measured run itself: a second run can be optimised
  // differently and not allocate at all.
  const stopSampling = SITES && (kind === 'hot' || kind === 'one-number') ? await startSiteSampling() : null;
  globalThis.gc();
  let bytes = 0;
  let scavenges = 0;
  let fullGcs = 0;
  const chunkBytes = [];
  for (let chunk = 0; chunk < FRAMES / CHUNK; chunk++) {
    fill(next);
    const result = measure(loop);
    trace.push((result.bytes / CHUNK).toFixed(1));
    chunkBytes.push(result.bytes / CHUNK);
    bytes += result.bytes;
    scavenges += result.scavenges;
    fullGcs += result.fullGcs;
  }
  const sites = stopSampling ? await stopSampling() : '';
  if (VERBOSE) console.log(`${name}: bytes/frame per chunk of ${CHUNK} (warm-up | measured): ${trace.join(' ')}`);
  const bytesPerFrame = bytes / FRAMES;
  chunkBytes.sort((a, b) => a - b);
  const medianPerFrame = (chunkBytes[(chunkBytes.length - 1) >> 1] + chunkBytes[chunkBytes.length >> 1]) / 2;
  const worstPerFrame = chunkBytes[chunkBytes.length - 1];
  let verdict = 'ok';
  if (kind === 'alloc-control') {
    if (medianPerFrame < CONTROL_MIN_BYTES_PER_FRAME) verdict = 'METER BROKEN';
  } else if (medianPerFrame > limitFor(kind)) {
    verdict = kind === 'zero-control' ? 'LOOP ALLOCATES' : 'ALLOCATES';
  }
  if (verdict !== 'ok') failed = true;
  rows.push({
    name,
    warmup: warmupChunks * CHUNK,
    medianPerFrame,
    bytesPerFrame,
    worstPerFrame,
    scavenges,
    fullGcs,
    verdict,
    sites: verdict === 'ALLOCATES' || worstPerFrame > limitFor(kind) ? sites : '',
  });
}

const nameWidth = Math.max(...rows.map((r) => r.name.length), 4);
const widths = [9, 13, 11, 11, 9, 8];
const line = (name, ...cells) => [name.padEnd(nameWidth), ...cells.map((c, i) => (i < widths.length ? c.padStart(widths[i]) : c))].join('  ');
console.log(
  `alloc-check: ${FRAMES.toLocaleString('en-US')} measured frames per path in chunks of ${CHUNK.toLocaleString('en-US')} after a warm-up; ` +
    `fails when the median chunk allocates > ${THRESHOLD_BYTES_PER_FRAME} byte/frame ('one boxed alpha' rows: + ${ONE_NUMBER_BYTES}) (Node ${process.versions.node}, V8 ${process.versions.v8})`,
);
console.log(line('path', 'warm-up', 'median B/fr', 'mean B/fr', 'worst B/fr', 'scavenges', 'full GCs', 'result'));
for (const r of rows) {
  console.log(
    line(
      r.name,
      r.warmup.toLocaleString('en-US'),
      r.medianPerFrame.toFixed(3),
      r.bytesPerFrame.toFixed(3),
      r.worstPerFrame.toFixed(1),
      String(r.scavenges),
      String(r.fullGcs),
      r.verdict,
    ),
  );
}
for (const r of rows) if (r.sites) console.log(`\nwhere ${r.name} allocates (sampled bytes, function at file:line):\n${r.sites}`);
if (failed) {
  console.error('\nalloc-check: FAILED: a hot path allocates per frame (or the meter controls failed); see the table above.');
  process.exit(1);
}
console.log('\nalloc-check: no per-frame allocation.');
