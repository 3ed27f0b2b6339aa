// Forced garbage collection inside a vitest worker (which does not run with --expose-gc).
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

let cached: (() => void) | null | undefined;

/**
 * V8's `gc()`, exposed at run time: the flag only takes effect for contexts created after it is
 * set, so a fresh vm context hands the function over. Null where that is not possible.
 */
export function exposeGc(): (() => void) | null {
  if (cached !== undefined) return cached;
  try {
    v8.setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as unknown;
    cached = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** Heap in use after a full collection, bytes (only what is still reachable). */
export function retainedHeapBytes(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Bytes allocated per call of `fn` over `calls` calls, in the young generation (V8's new space and
 * its large-object space), where every short-lived object a frame makes is born: that is what a hot
 * loop must not make. Counted through collections: v8.GCProfiler reports each space before and
 * after every collection in the window, so the garbage of every stretch between collections counts
 * (growth alone, the end minus the start, misses whatever a scavenge freed in between).
 *
 * The old generation and code space are left out: there the compiler puts bytecode, feedback and
 * optimised code, and on a busy machine a late background compile lands in the window. Counting
 * the whole heap, a detector that allocates nothing read 0.5–4.1 B a frame and its control loop
 * 2.4–6.9 B under load; the young generation read 0.08–0.83 B. (scripts/alloc-check.mjs counts the
 * whole heap: it runs alone, with warm-ups, and takes the least of its runs.) Node < 18.15 has no
 * GCProfiler: heap growth then (keep calls × bytes under the young generation).
 */
export function bytesAllocatedPerCall(gc: () => void, calls: number, fn: () => void): number {
  gc();
  gc();
  if (typeof v8.GCProfiler !== 'function') {
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < calls; i++) fn();
    return (process.memoryUsage().heapUsed - before) / calls;
  }
  const profiler = new v8.GCProfiler();
  profiler.start();
  const startBytes = youngBytes(v8.getHeapSpaceStatistics());
  for (let i = 0; i < calls; i++) fn();
  const endBytes = youngBytes(v8.getHeapSpaceStatistics());
  const { statistics } = profiler.stop();
  let bytes = 0;
  let previous = startBytes;
  for (const collection of statistics) {
    bytes += youngBytes(collection.beforeGC.heapSpaceStatistics) - previous;
    previous = youngBytes(collection.afterGC.heapSpaceStatistics);
  }
  return (bytes + endBytes - previous) / calls;
}

/** Young-generation bytes in use, from either shape of V8's space list (live or GCProfiler's). */
function youngBytes(spaces: readonly ({ space_name: string; space_used_size: number } | { spaceName: string; spaceUsedSize: number })[]): number {
  let bytes = 0;
  for (const space of spaces) {
    const [name, used] = 'spaceName' in space ? [space.spaceName, space.spaceUsedSize] : [space.space_name, space.space_used_size];
    if (name === 'new_space' || name === 'new_large_object_space') bytes += used;
  }
  return bytes;
}

/** One boxed double: a V8 HeapNumber, 16 bytes in Node (12 with pointer compression). */
export const ONE_BOXED_NUMBER = 16;

/**
 * Bytes a call that reads as zero: one boxed number in four calls. Noise stays under it: alone a
 * hook reads 0.0–0.1 B a frame, but under a busy CI run useRefreshRate (React 18) read 2.99 B as
 * the least of ten runs, and 1.05 once in six elsewhere. An allocation every frame is 16 B or more,
 * every other frame 8 B: both still fail.
 */
export const NOTHING_PER_CALL = 4;

/**
 * `count` timestamps (ms) `intervalMs` apart, each boxed once: a plain array whose elements stay
 * tagged pointers (the trailing string keeps V8 from storing unboxed doubles), so handing one to
 * a frame source allocates nothing, as the browser hands requestAnimationFrame an already boxed
 * number. (Reading a Float64Array slot and passing it on would box a fresh copy per call.)
 */
export function boxedTimestamps(count: number, intervalMs: number): readonly unknown[] {
  const timestamps: unknown[] = Array.from({ length: count }, (_, i) => (i + 1) * intervalMs + 0.01);
  timestamps.push('end');
  return timestamps;
}

/** Timeout for a test that calls {@link leastBytesPerCall}: its runs and sleeps when over the bound. */
export const ALLOCATION_TEST_TIMEOUT_MS = 60_000;

/**
 * {@link bytesAllocatedPerCall} after `warmup` calls, the least of up to `runs` runs (stopping at
 * the first within `enough`; give the test {@link ALLOCATION_TEST_TIMEOUT_MS}): a run that
 * overlaps the worker's own work (another file's
 * compilation, an optimisation still waiting for a busy machine's compiler thread, when the code
 * runs unoptimised and every double is boxed) shows garbage that is not the loop's.
 */
export function leastBytesPerCall(gc: () => void, warmup: number, calls: number, runs: number, fn: () => void, enough = -Infinity): number {
  for (let i = 0; i < warmup; i++) fn();
  let bytes = Infinity;
  for (let run = 0; run < runs && !(bytes <= enough); run++) {
    // V8 optimises on a background thread; with every core busy (a full parallel test run) that
    // job can wait seconds while the code runs unoptimised, boxing every double. Sleeping the main
    // thread before each run, longer after each run over the bound (0.1 s, 0.2 s … 2 s: at most
    // 5.1 s in all), lets it finish. (A reading that stays over the bound through every run is
    // the code's: 93 B a frame for three fixed clocks was one, a call V8 sometimes compiled
    // without inlining it, with two doubles as arguments; see keepAnchor in fixedClock.ts.)
    sleepMs(Math.min(100 * 2 ** run, 2000));
    bytes = Math.min(bytes, bytesAllocatedPerCall(gc, calls, fn));
  }
  return bytes;
}

/** Block the calling thread for `ms` milliseconds (tests only). */
function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
