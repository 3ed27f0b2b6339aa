/** A seeded generator (mulberry32): simulations, test sources and benchmarks replay exactly. Not for cryptography. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  range(min: number, max: number): number;
}

/** Create a generator from a 32-bit integer seed (any number is truncated to 32 bits). */
export function createSeededRandom(seed: number): SeededRandom {
  // ToUint32: truncated toward zero, modulo 2^32; NaN and ±Infinity give 0.
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, range: (min, max) => min + (max - min) * next() };
}
