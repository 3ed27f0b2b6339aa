import { createSeededRandom } from '../core/index.js';
import { finiteNumber, integerAtLeast, nonNegativeNumber, positiveNumber, withDefault } from '../core/internal.js';

const OWNER = 'createVsyncStream';

/** Options of {@link createVsyncStream}. */
export interface VsyncStreamOptions {
  /** The display's refresh rate, Hz (fractional rates such as 59.94 are exact). */
  refreshRate: number;
  /** Frames to generate (≥ 1). */
  frames: number;
  /** Constant offset of every timestamp from its vblank, ms. Default: drawn from the seed in [0, one interval). */
  phaseMs?: number;
  /** Timer resolution, ms: timestamps are rounded down to a multiple (Chromium 0.1 ms). Default 0. */
  quantizationMs?: number;
  /** Each timestamp is moved by a uniform random amount in ± this many ms. Default 0. */
  jitterMs?: number;
  /** Chance that a frame misses its vblank, drawn again for each further vblank. Default 0. */
  dropChance?: number;
  /** Where time zero of the stream sits, ms (a real page has run for a while). Default 1000. */
  startMs?: number;
  /** Seed of every random draw. Default 1. */
  seed?: number;
}

/** A simulated frame stream with its ground truth. */
export interface VsyncStream {
  /** The timestamp each frame callback receives, ms. */
  timestampsMs: Float64Array;
  /** Vblanks that really elapsed since the previous frame (0 for the first frame). */
  vblanks: Uint32Array;
  /** The vblank each frame belongs to, ms (exact: no phase, jitter or quantisation). */
  vblankMs: Float64Array;
  /** The display's refresh interval, ms. */
  refreshIntervalMs: number;
  /** The phase used, ms. */
  phaseMs: number;
}

/** Generate the rAF timestamps of a vsynced display with their ground truth. Depth: docs/simulation.md#replaying-frame-streams. */
export function createVsyncStream(options: VsyncStreamOptions): VsyncStream {
  const refreshRate = positiveNumber(OWNER, 'refreshRate', options?.refreshRate);
  const frames = integerAtLeast(OWNER, 'frames', options.frames, 1);
  const intervalMs = 1000 / refreshRate;
  const random = createSeededRandom(finiteNumber(OWNER, 'seed', withDefault(options.seed, 1)));
  const phaseMs = options.phaseMs === undefined ? random.next() * intervalMs : nonNegativeNumber(OWNER, 'phaseMs', options.phaseMs);
  const quantizationMs = nonNegativeNumber(OWNER, 'quantizationMs', withDefault(options.quantizationMs, 0));
  const jitterMs = nonNegativeNumber(OWNER, 'jitterMs', withDefault(options.jitterMs, 0));
  const dropChance = nonNegativeNumber(OWNER, 'dropChance', withDefault(options.dropChance, 0));
  if (dropChance >= 1) throw new RangeError(`${OWNER}: option \`dropChance\` must be < 1, got ${dropChance}`);
  const startMs = finiteNumber(OWNER, 'startMs', withDefault(options.startMs, 1000));

  const timestampsMs = new Float64Array(frames);
  const vblanks = new Uint32Array(frames);
  const vblankMs = new Float64Array(frames);
  let vblank = 0;
  let previous = -Infinity;
  for (let i = 0; i < frames; i += 1) {
    if (i > 0) {
      let elapsed = 1;
      while (dropChance > 0 && random.next() < dropChance) elapsed += 1;
      vblank += elapsed;
      vblanks[i] = elapsed;
    }
    const exact = startMs + vblank * intervalMs;
    let t = exact + phaseMs + (jitterMs > 0 ? (random.next() * 2 - 1) * jitterMs : 0);
    if (quantizationMs > 0) t = Math.floor(t / quantizationMs) * quantizationMs;
    // A browser's timestamps never go backwards.
    if (t < previous) t = previous;
    previous = t;
    timestampsMs[i] = t;
    vblankMs[i] = exact;
  }
  return { timestampsMs, vblanks, vblankMs, refreshIntervalMs: intervalMs, phaseMs };
}
