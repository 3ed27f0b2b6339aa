#!/usr/bin/env node
// `npm run bench` (node --expose-gc bench/run.mjs): builds the package, runs the four benchmark
// sections against the built dist/, prints the tables and writes bench/RESULTS.md and the
// benchmark summary page (docs/benchmarks.md) from the same run.
//   --no-build       use the dist/ already there
//   --skip-browser   leave out the Chromium sections (3, 5 and 6)
//   --report-only    measure nothing: write RESULTS.md and docs/benchmarks.md again from the raw
//                    results the last run kept in bench/.tmp/results.json (after a report change)
// Benchmarks are not tests: nothing here runs in `npm test`.

import { spawnSync } from 'node:child_process';
import { writeFileSync, existsSync, readFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { runNode } from './lib/spawn.mjs';
import { snapshotDist, ourModule } from './lib/dist.mjs';
import { machine, packageVersion } from './lib/machine.mjs';
import { runFrameLoop, ORDER, SIZES, heapFrames } from './frameloop/run.mjs';
import { measureSizes } from './frameloop/sizes.mjs';
import { contenders } from './frameloop/contenders.mjs';
import { runPacing } from './pacing/run.mjs';
import { runSimulated } from './pacing/simulated.mjs';
import { report, summary } from './report.mjs';
import { presentationSection, withPresentationSection } from './presentation/report.mjs';
import { reliabilitySection, withReliabilitySection } from './reliability/run.mjs';

const README_START = '<!-- bench:start (written by npm run bench) -->';
const README_END = '<!-- bench:end -->';
const args = new Set(process.argv.slice(2));
const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const log = (line) => console.log(line);
/** Seconds each section took, in order: where the run's time goes. */
const sections = [];
let sectionStart = Date.now();
const sectionDone = (label) => {
  const now = Date.now();
  sections.push([label, Math.round((now - sectionStart) / 1000)]);
  log(`  (${label}: ${sections[sections.length - 1][1]} s)`);
  sectionStart = now;
};
/** Every measurement of the last run, as measured: the report can be written again from it. */
const RAW = new URL('./.tmp/results.json', import.meta.url);

if (args.has('--report-only')) {
  if (!existsSync(RAW)) throw new Error('no bench/.tmp/results.json: run `npm run bench` first');
  writeReports(JSON.parse(readFileSync(RAW, 'utf8')));
  process.exit(0);
}

if (!args.has('--no-build')) {
  log('building dist/ …');
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    if (!existsSync(new URL('../dist/index.js', import.meta.url))) throw new Error('build failed and there is no dist/');
    log('build failed: benchmarking the dist/ that is already there');
  }
}
snapshotDist();
sectionDone('build');
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const loadBefore = os.loadavg();

log('\n0. bundle size of one import, ours and the peers …');
const sizes = await measureSizes();
for (const r of sizes) log(`  ${r.label.padEnd(60)} ${(r.gzip / 1024).toFixed(2)} KB`);
sectionDone('0. sizes');

log('\n1. frame-loop cost and allocation (each in its own process) …');
const frameLoop = await runFrameLoop({ log });
sectionDone('1. frame loop');

log('\n2. React commits with 1,000 animated components …');
const react = await runNode([fileURLToPath(new URL('./react/worker.mjs', import.meta.url))], { timeoutMs: 120_000, env: { NODE_ENV: 'production' } }).catch((error) => {
  log(`  React section failed: ${error.message}`);
  return [];
});
for (const r of react) log(`  ${r.label.padEnd(30)} commits/frame ${r.commitsPerFrame}  renders/frame ${r.rendersPerFrame}  ${(r.medianNs / 1000).toFixed(1)} µs/frame`);
sectionDone('2. React');

let browser = null;
if (!args.has('--skip-browser')) {
  log('\n3. headless Chromium, 1,000 subscribers …');
  const { runBrowser } = await import('./browser/run.mjs');
  browser = await runBrowser({ log }).catch((error) => {
    log(`  browser section failed: ${error.message}`);
    return null;
  });
  sectionDone('3. Chromium');
}

log('\n4. pacing fidelity …');
const core = await import(ourModule('core/index.js'));
const simulation = await import(ourModule('simulation/index.js'));
const pacing = runPacing(core, simulation);
const simulated = runSimulated(simulation);
log(`  ${pacing.results.length} replayed runs, ${simulated.length} simulated runs`);
sectionDone('4. pacing');

let presentation = null;
if (!args.has('--skip-browser')) {
  log('\n5. what the viewer saw: Chromium\'s presentation record …');
  const { runPresentation } = await import('./presentation/run.mjs');
  presentation = await runPresentation({ log }).catch((error) => {
    log(`  presentation section failed: ${error.message}`);
    return { error: error.message };
  });
  sectionDone('5. presentation');
}

let reliability = null;
if (!args.has('--skip-browser')) {
  log('\n6. reliability: 5-minute mount/unmount churn in Chromium …');
  const { runReliability } = await import('./reliability/run.mjs');
  reliability = await runReliability({ log }).catch((error) => {
    log(`  reliability section failed: ${error.message}`);
    return { error: error.message };
  });
  sectionDone('6. reliability');
}

const info = {
  ...machine(),
  commit,
  loadBefore,
  loadAfter: os.loadavg(),
  seconds: Math.round((Date.now() - started) / 1000),
  sections,
  versions: {
    react: packageVersion('react'),
    '@react-spring/rafz': packageVersion('@react-spring/rafz'),
    'motion-dom': packageVersion('motion-dom'),
    'pixi.js': packageVersion('pixi.js'),
    'mainloop.js': packageVersion('mainloop.js'),
    'happy-dom': packageVersion('happy-dom'),
    mitata: packageVersion('mitata'),
    playwright: packageVersion('playwright'),
  },
};
mkdirSync(new URL('./.tmp/', import.meta.url), { recursive: true });
const raw = { info, frameLoop, react, browser, pacing, simulated, sizes, presentation, reliability };
// Typed arrays (the pacing inputs' timestamps) as plain arrays: JSON writes a Float64Array as an
// object of indices, which --report-only would read back with no length.
writeFileSync(RAW, JSON.stringify(raw, (key, value) => (ArrayBuffer.isView(value) ? Array.from(value) : value)));
writeReports(raw);

/** RESULTS.md and the summary in docs/benchmarks.md, both from one run's measurements. */
function writeReports({ info, frameLoop, react, browser, pacing, simulated, sizes, presentation, reliability }) {
  const markdown = withReliabilitySection(
    withPresentationSection(
      report({ info, frameLoop, react, browser, pacing, simulated, order: ORDER, sizes: SIZES, contenders, heapFrames, bundleSizes: sizes }),
      presentationSection(presentation),
    ),
    reliabilitySection(reliability),
  );
  writeFileSync(new URL('./RESULTS.md', import.meta.url), markdown);
  // docs/benchmarks.md is the summary of this same run, between its two markers.
  const readmeUrl = new URL('../docs/benchmarks.md', import.meta.url);
  const readme = readFileSync(readmeUrl, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`docs/benchmarks.md lacks the ${README_START} … ${README_END} markers`);
  const section = summary({ info, frameLoop, react, browser, pacing, contenders, bundleSizes: sizes }).trim();
  writeFileSync(readmeUrl, `${readme.slice(0, start + README_START.length)}\n${section}\n${readme.slice(end)}`);
  log(`\n${markdown}`);
  log(`\nwrote bench/RESULTS.md (run of ${info.seconds} s)`);
}
