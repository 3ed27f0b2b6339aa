// How long a fixed clock takes to add and remove many jobs (a big level mounting and unmounting).
//   node scripts/build.mjs && node bench/clockjobs/run.mjs [--jobs N] [--from-src]
// Adds N updates (one priority; then N with 16 mixed priorities; then N with unique priorities),
// runs one frame (where the clock merges the jobs added into its order), removes them all and runs
// one more frame. Prints the median of 5 runs of each, ms. A benchmark, not a test: nothing asserts
// wall-clock time.
import { performance } from 'node:perf_hooks';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { resolve, dirname } from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--jobs');
const sizes = at >= 0 ? [Number(args[at + 1])] : [2000, 8000, 10000, 16000];
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const api = await import(pathToFileURL(resolve(root, 'dist/index.js')).href);
const { createFixedClock, createFrameScheduler, createManualFrameSource, createManualSource } = api;
const makeSource = createManualFrameSource ?? createManualSource;

const priorities = {
  'one priority': () => 0,
  '16 priorities': (i) => (i * 7) % 16,
  'unique priorities (descending)': (i) => -i,
};

function once(n, priorityOf) {
  const source = makeSource(0);
  const scheduler = createFrameScheduler({ source });
  const clock = createFixedClock(scheduler, { step: 1 / 60 });
  const noop = () => {};
  const removers = new Array(n);
  let t = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) removers[i] = clock.addUpdate(noop, { priority: priorityOf(i) });
  source.tick((t += 1000 / 60));
  const t1 = performance.now();
  for (let i = 0; i < n; i++) removers[i]();
  source.tick(t + 1000 / 60);
  const t2 = performance.now();
  return [t1 - t0, t2 - t1];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log('jobs    priorities                        add+frame ms   remove+frame ms');
for (const n of sizes) {
  for (const [name, priorityOf] of Object.entries(priorities)) {
    const adds = [];
    const removes = [];
    for (let r = 0; r < 5; r++) {
      const [a, b] = once(n, priorityOf);
      adds.push(a);
      removes.push(b);
      if (a > 20000) break; // quadratic: one run is enough
    }
    console.log(`${String(n).padEnd(8)}${name.padEnd(34)}${median(adds).toFixed(1).padStart(12)}${median(removes).toFixed(1).padStart(18)}`);
  }
}
