// An allocation-free stand-in for requestAnimationFrame and performance.now, so that a library's
// own per-frame cost and allocations are what the benchmark sees, not the harness's.
//
// Timestamps are whole milliseconds on a 60 Hz grid (16, 33, 50, 67 …), as browsers that coarsen
// their clocks to 1 ms report them. Whole numbers matter: V8 keeps them as small integers, while a
// fractional timestamp passed to a non-inlined function is boxed into a fresh heap number every
// frame, which would be charged to every contender alike and hide a true zero.

/** Frames per second of the fake display. */
export const FAKE_RATE_HZ = 60;

/**
 * Creates the fake display: `request`/`cancel` queue callbacks, `flush()` runs one vblank.
 * @returns {{ request(cb: (t: number) => void): number, cancel(handle: number): void, now(): number, flush(): number, readonly pending: number }}
 */
export function createFakeRaf() {
  // [0] = current timestamp (ms), [1] = frame counter. A typed array so that updating them never
  // allocates (a module-level `let` holding a fraction would be a boxed heap number).
  const clock = new Float64Array(2);
  let current = new Array(64).fill(null);
  let currentIds = new Array(64).fill(0);
  let next = new Array(64).fill(null);
  let nextIds = new Array(64).fill(0);
  let nextCount = 0;
  let lastHandle = 0;

  function request(callback) {
    if (nextCount === next.length) {
      // Grows during warm-up only: the queue reaches its steady size in the first frames.
      next = next.concat(new Array(next.length).fill(null));
      nextIds = nextIds.concat(new Array(nextIds.length).fill(0));
      current = current.concat(new Array(current.length).fill(null));
      currentIds = currentIds.concat(new Array(currentIds.length).fill(0));
    }
    // Wrap below 2^30 so the handle stays a small integer (no boxing) for a billion requests.
    lastHandle = (lastHandle + 1) & 0x3fffffff;
    next[nextCount] = callback;
    nextIds[nextCount] = lastHandle;
    nextCount += 1;
    return lastHandle;
  }

  function cancel(handle) {
    for (let i = 0; i < nextCount; i++) {
      if (nextIds[i] === handle) next[i] = null;
    }
  }

  function now() {
    return clock[0];
  }

  /** Runs one vblank: advances the clock and calls every callback requested before it. */
  function flush() {
    clock[1] += 1;
    clock[0] = Math.round((clock[1] * 1000) / FAKE_RATE_HZ);
    // Swap the buffers so callbacks that request again land in the next frame.
    const run = next;
    const runIds = nextIds;
    const count = nextCount;
    next = current;
    nextIds = currentIds;
    current = run;
    currentIds = runIds;
    nextCount = 0;
    const t = clock[0];
    for (let i = 0; i < count; i++) {
      const callback = run[i];
      run[i] = null;
      if (callback !== null) callback(t);
    }
    return t;
  }

  return {
    request,
    cancel,
    now,
    flush,
    get pending() {
      return nextCount;
    },
  };
}
