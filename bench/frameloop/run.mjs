// Section 1: cost per frame and bytes allocated per frame, every contender at every subscriber
// count, each measurement in a fresh Node process.
import { fileURLToPath } from 'node:url';
import { runNode } from '../lib/spawn.mjs';
import { contenders } from './contenders.mjs';

const worker = fileURLToPath(new URL('./worker.mjs', import.meta.url));

export const SIZES = [1, 10, 100, 1_000, 10_000];
/** Libraries' production code paths, as shipped to users. */
const PRODUCTION = { NODE_ENV: 'production' };
/** The order of the rows in the tables. */
export const ORDER = ['ours', 'oursDetecting', 'oursManual', 'rafz', 'motion', 'pixi', 'pixiLoop', 'mainloop', 'rafPerHook', 'floor', 'floorIsolated'];

/** Frames in the allocation run: 100,000, or 10,000 at 10,000 subscribers (the same 1e8 callback calls). */
export function heapFrames(n) {
  return n >= 10_000 ? 10_000 : 100_000;
}

/** Timing rounds: the first also measures allocation; the time reported is the median of the rounds. */
export const ROUNDS = 3;

/**
 * Runs ROUNDS rounds over every contender and size (so a burst of load on a shared machine hits
 * one round of everyone, not every round of one contender) and keeps the median time.
 * @param {{ log: (line: string) => void, only?: string[] }} options
 * @returns {Promise<any[]>} one record per contender and size
 */
export async function runFrameLoop({ log, only = ORDER }) {
  const results = await firstRound({ log, only });
  for (let round = 2; round <= ROUNDS; round++) {
    log(`  timing round ${round} of ${ROUNDS} …`);
    for (const name of only) {
      for (const n of SIZES) {
        const [r] = await runNode(['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', worker, name, String(n), '0'], { env: PRODUCTION });
        const record = results.find((x) => x.name === name && x.n === n);
        record.roundsNs.push(r.medianNs);
        record.callsOk &&= r.callsOk;
      }
    }
  }
  for (const record of results) {
    const sorted = [...record.roundsNs].sort((a, b) => a - b);
    record.medianNs = sorted[Math.floor(sorted.length / 2)];
  }
  return results;
}

async function firstRound({ log, only }) {
  const results = [];
  for (const name of only) {
    for (const n of SIZES) {
      // A young generation big enough that most allocation runs finish without a GC, so the heap
      // delta is exact (when GCs still happen the worker re-measures on a shorter window). It
      // also spares allocating contenders most scavenges in the timing that follows: their best case.
      const [r] = await runNode(
        ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', worker, name, String(n), String(heapFrames(n))],
        { timeoutMs: 300_000, env: PRODUCTION },
      );
      r.roundsNs = [r.medianNs];
      results.push(r);
      const flag = r.callsOk ? '' : '  CALL COUNT MISMATCH';
      log(`  ${contenders[name].label.padEnd(26)} n=${String(n).padStart(5)}  ${(r.medianNs / 1000).toFixed(2).padStart(9)} µs/frame  ${r.bytesPerFrame === null ? '?' : r.bytesPerFrame.toFixed(2)} B/frame  ${r.gcs} GCs${flag}`);
    }
  }
  return results;
}
