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
 * Bytes allocated per call of `fn`, measured as heap growth between a full collection and the end
 * of `calls` calls (no collection happens in between while the total stays well under the young
 * generation, so keep calls × bytes small). Short-lived garbage counts; it is what a hot loop must
 * not make.
 */
export function bytesAllocatedPerCall(gc: () => void, calls: number, fn: () => void): number {
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < calls; i++) fn();
  return (process.memoryUsage().heapUsed - before) / calls;
}
