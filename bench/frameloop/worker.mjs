// Child process: measures one contender at one subscriber count and prints one JSON line.
//   node --expose-gc bench/frameloop/worker.mjs <contender> <subscribers> <heapFrames | 0>
// First the bytes allocated per frame in steady state (gc(), heapUsed before, F frames, heapUsed
// after, with the number of GCs that ran meanwhile; the median of three such windows; skipped when
// F is 0), then the median ns per frame with mitata.

import { PerformanceObserver } from 'node:perf_hooks';
import { measure } from 'mitata';
import { contenders, hits } from './contenders.mjs';

const [name, nArg, framesArg] = process.argv.slice(2);
const contender = contenders[name];
if (!contender) throw new Error(`unknown contender ${name}`);
const n = Number(nArg);

const { frame, expectedCallsPerFrame, callTolerance = 0 } = await contender.setup(n);

function runFrames(count) {
  for (let i = 0; i < count; i++) frame();
}

// Warm up until the JIT has settled: about 2e7 callback calls, and at least 5,000 frames before an
// allocation run (late JIT work would show up as allocated bytes), 1,000 before a timing-only run.
const heapRun = Number(framesArg ?? 100_000) > 0;
const warmupFrames = Math.min(50_000, Math.max(heapRun ? 5_000 : 1_000, Math.ceil(2e7 / Math.max(n, 1))));
runFrames(warmupFrames);

// Correctness first: every subscriber must have run once per frame.
const checkFrames = 600;
const before = hits[0];
runFrames(checkFrames);
const callsPerFrame = (hits[0] - before) / checkFrames;
const callsOk = Math.abs(callsPerFrame - expectedCallsPerFrame) <= expectedCallsPerFrame * callTolerance;

if (!heapRun) {
  const stats = await measure(frame, { min_cpu_time: 150e6 });
  print({ name, n, callsPerFrame, callsOk, medianNs: stats.p50 });
} else {
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  /** Bytes allocated over `count` frames and the GCs that ran meanwhile (then bytes are a floor). */
  async function allocated(count) {
    globalThis.gc();
    await settle();
    gcs = 0;
    const h0 = process.memoryUsage().heapUsed;
    runFrames(count);
    const h1 = process.memoryUsage().heapUsed;
    await settle();
    return { bytes: h1 - h0, gcs };
  }

  const frames = Number(framesArg ?? 100_000);
  // What measuring itself allocates (process.memoryUsage() builds an object), taken off below.
  const overhead = Math.max(0, (await allocated(0)).bytes);
  /**
   * Three windows of `count` frames, the median one: allocation written into a frame shows in
   * every window, a one-off (an inline cache growing, a late optimisation: 7–220 KB seen here) in
   * one, where a single window put it at 0.2–3.9 B/frame for loops that allocate nothing per frame.
   */
  async function median(count) {
    const runs = [];
    for (let k = 0; k < 3; k++) runs.push(await allocated(count));
    runs.sort((a, b) => a.bytes - b.bytes);
    return { bytes: runs[1].bytes - overhead, gcs: Math.max(...runs.map((r) => r.gcs)), frames: count };
  }
  const main = await median(frames);
  // A GC during the run hides what it collected; re-measure on a window short enough to fit.
  let exact = main.gcs === 0 ? main : null;
  for (let window = 1_000; exact === null && window >= 1; window = Math.floor(window / 10)) {
    const result = await median(window);
    if (result.gcs === 0) exact = result;
  }
  observer.disconnect();

  const stats = await measure(frame, { min_cpu_time: 250e6 });
  print({
    name,
    n,
    callsPerFrame,
    callsOk,
    medianNs: stats.p50,
    avgNs: stats.avg,
    p99Ns: stats.p99,
    timedFrames: stats.ticks,
    frames,
    totalBytes: main.bytes,
    overheadBytes: overhead,
    gcs: main.gcs,
    bytesPerFrame: exact ? exact.bytes / exact.frames : null,
    bytesWindow: exact ? exact.frames : null,
  });
}

function print(result) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
