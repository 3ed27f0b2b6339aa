#!/usr/bin/env node
// Size guards, checked in `npm test` (after the build). Three questions:
// 1. How big is each entry a user can import, minified and gzipped, with everything it pulls in?
// 2. How big is each common single import (`import { useFrame } from 'react-timestep'`)?
// 3. Does importing only `useFrame` leave out the simulation, the canvas, the other hooks, the
//    scheduler's methods and what they start (refresh detection, the adaptive rate, the cap, named
//    ordering)? useFrame alone runs on the page-wide loop itself. esbuild's metafile lists every
//    source file that made it into the bundle.
//
// Measured like a user's production bundler would: esbuild, bundle + minify + tree-shake, ESM,
// `process.env.NODE_ENV` = "production", React and the renderer peers external, gzip level 9, from
// the built dist/ (question 3 from the sources). 1 KB = 1024 bytes. bench/RESULTS.md section 0
// measures the same way. Each row has a guard (it fails the run) set a few per cent above the size
// measured when it was set, so a regression shows; the five rows the package promises (issue "Plain
// code, fast anyway": useFrame 3.5 KB, useSmoothedDelta 8 KB, useFixedTimestep 11 KB, the README's
// game 15 KB, the root entry 20 KB) also print that target and whether it is met. Simplicity wins
// over bytes where they conflict: docs/performance.md says where, and what the targets missed by.
// `node scripts/size.mjs --floor` also prints what the code each missed target needs weighs before
// any React code, as it is and compacted further than a package could be (docs/performance.md).
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const EXTERNAL = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  'react-dom/test-utils',
  '@react-three/fiber',
  'three',
  'pixi.js',
];

/**
 * name → [what is imported, guard bytes, the promised target in bytes (when there is one)]. Every
 * guard is 1 % over the size measured when the detector's exported `const enum`s became plain
 * constants (0.4–0.6 KB less in each bundle with the detector; CHANGELOG, Unreleased), those with
 * the detector raised to 1 % over when it learned to split a slow grid on a quicker loop and to
 * want one count for a quick throttled verdict (0.13 KB), and again when it learned to find a grid
 * again by its jitter (0.19 KB); those then over their guard raised to 1 % over when a drift had to
 * show in most intervals (0.07 KB), and the two then over theirs when the fixed step's drop
 * counted to a boundary as its target does (13 bytes); the six then over theirs raised to 1 % over
 * when displays up to 540 Hz became known rates (0.05–0.07 KB).
 */
const cases = {
  'react-timestep (everything)': ["export * from './dist/index.js';", 30979, 20 * KB],
  'react-timestep/core': ["export * from './dist/core/index.js';", 16313],
  'react-timestep/simulation': ["export * from './dist/simulation/index.js';", 13672],
  // The testing entry holds createInProcessWorker (the worker's stepping, in-process): 15.0 KB without it, 21.63 KB with it.
  'react-timestep/testing': ["export * from './dist/testing/index.js';", 27672],
  'react-timestep/r3f': ["export * from './dist/r3f/index.js';", 16645],
  'react-timestep/pixi': ["export * from './dist/pixi/index.js';", 16820],
  'useFrame only': ["export { useFrame } from './dist/index.js';", 3.5 * KB, 3.5 * KB],
  'useFixedTimestep only': ["export { useFixedTimestep } from './dist/index.js';", 16975, 11 * KB],
  'FixedClockProvider + useFixedUpdate + useFixedRender': ["export { FixedClockProvider, useFixedUpdate, useFixedRender } from './dist/index.js';", 17406],
  'useInterpolated only': ["export { useInterpolated } from './dist/index.js';", 3091],
  'useRefreshRate only': ["export { useRefreshRate } from './dist/index.js';", 10596],
  'useSmoothedDelta only': ["export { useSmoothedDelta } from './dist/index.js';", 11592, 8 * KB],
  "the README's game (GameCanvas, useFixedUpdate, useFixedRender, useInterpolated, useStepInput)": [
    "export { GameCanvas, useFixedUpdate, useFixedRender, useInterpolated, useStepInput } from './dist/index.js';",
    23443,
    15 * KB,
  ],
  '<GameCanvas> only': ["export { GameCanvas } from './dist/index.js';", 18353],
  'createFrameScheduler only': ["export { createFrameScheduler } from './dist/index.js';", 13650],
  'createFixedStep only (core)': ["export { createFixedStep } from './dist/core/index.js';", 4194],
  'react-timestep/devtools': ["export * from './dist/devtools/index.js';", 20868],
  'FrameTimingOverlay only': ["export { FrameTimingOverlay } from './dist/devtools/index.js';", 20861],
  'recordTiming only': ["export { recordTiming } from './dist/devtools/index.js';", 15575],
  'react-timestep/worker': ["export * from './dist/worker/index.js';", 13746],
  'useWorkerSimulation only (page)': ["export { useWorkerSimulation } from './dist/worker/index.js';", 7470],
  'serveSimulation + defineSimulation (worker)': ["export { serveSimulation, defineSimulation } from './dist/worker/index.js';", 7702],
  'createWorkerSimulation only (page, no React)': ["export { createWorkerSimulation } from './dist/worker/index.js';", 4613],
};

/** esbuild's options for one import, as a user's production bundler would build it. */
const options = (contents) => ({
  stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  metafile: true,
  treeShaking: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  external: EXTERNAL,
  logLevel: 'silent',
});

async function bundle(contents) {
  const result = await build(options(contents));
  const code = result.outputFiles[0].contents;
  // Files that contributed code to the output (metafile.inputs also lists files that were read and then shaken away).
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output.inputs).filter(([, info]) => info.bytesInOutput > 0).map(([file]) => file);
  return { gzip: gzipSync(code, { level: 9 }).length, raw: code.length, inputs };
}

const kb = (bytes) => `${(bytes / KB).toFixed(2)} KB`;
let failed = false;
console.log(`${'import'.padEnd(54)} ${'min+gzip'.padStart(10)} ${'guard'.padStart(10)} ${'target'.padStart(10)}`);
for (const [name, [contents, guard, target]] of Object.entries(cases)) {
  const { gzip } = await bundle(contents);
  const ok = gzip <= guard;
  failed ||= !ok;
  const promise = target === undefined ? '' : `${kb(target).padStart(10)} ${gzip <= target ? 'met' : `missed by ${kb(gzip - target)}`}`;
  console.log(`${name.slice(0, 54).padEnd(54)} ${kb(gzip).padStart(10)} ${kb(guard).padStart(10)} ${promise}${ok ? '' : '  ✖ over its guard'}`);
}

// Tree-shaking check on the sources.
const { inputs } = await bundle("export { useFrame } from './src/index.ts';");
const leaked = inputs.filter((file) =>
  /src\/(simulation|canvas)\/|src\/react\/use(FixedTimestep|SmoothedDelta|SyncedUpdate|AdaptiveFramerate|FrameStats|RefreshRate)|src\/core\/(refreshRateDetector|adaptiveFramerate|frameStats)|src\/scheduler\/(refreshDetection|adaptiveFeature|frameRateCap|fixedClock|namedOrder|createFrameScheduler)/.test(file),
);
if (leaked.length > 0) {
  failed = true;
  console.error(`✖ importing only useFrame pulled in: ${leaked.join(', ')}`);
} else {
  console.log(
    `useFrame alone bundles ${inputs.length} source files; none from src/simulation, src/canvas, the other hooks, the fixed clock, refresh-rate detection, the adaptive frame rate, frame statistics, named ordering or the scheduler's methods (createFrameScheduler.ts: useFrame alone runs on the page-wide loop itself)`,
  );
}

// The worker entry adds nothing to the root entry: no file of src/worker in `export *` of the root.
const rootWorker = (await bundle("export * from './src/index.ts';")).inputs.filter((file) => file.includes('src/worker/'));
if (rootWorker.length > 0) {
  failed = true;
  console.error(`✖ the root entry pulled in the worker entry's files: ${rootWorker.join(', ')}`);
} else {
  console.log('the root entry bundles no file of src/worker (react-timestep/worker adds nothing to it)');
}
// `--floor` (not part of npm test), two floors per missed target: (1) the core algorithms its hooks
// run, as they are, bundled with the smallest loop we could write with useFrame's contract
// (bench/frameloop/useFrameFloor.ts, without option checks); (2) where (1) is under the target,
// the same code without any React or canvas code: the scheduler's fixed clock (and, for the root,
// the scheduler) with the algorithms, as they are. And the detector alone. Each also compacted
// (see compacted): the least those algorithms and that clock could weigh without being rewritten.
if (process.argv.includes('--floor')) {
  const loop = "export { useFrameUnchecked } from './bench/frameloop/useFrameFloor.ts';";
  const core = (names) => `export { ${names} } from './src/core/index.ts';`;
  const scheduler = (names) => `export { ${names} } from './src/scheduler/index.ts';`;
  const eight = 'createDeltaSmoother, createSyncedSlicer, createFixedStep, createAdaptiveFramerate, createRefreshRateDetector, createFrameStats, createInterpolated, createInputQueue';
  const floors = [
    ['useSmoothedDelta (target 8 KB)', 'the smallest loop + detector + smoother', loop + core('createRefreshRateDetector, createDeltaSmoother')],
    ['useFixedTimestep (target 11 KB)', 'the smallest loop + detector + fixed step', loop + core('createRefreshRateDetector, createFixedStep')],
    ['useFixedTimestep without React', 'createFixedClock', scheduler('createFixedClock')],
    ["the README's game (target 15 KB)", 'the smallest loop + detector, fixed step, interpolation, input queue', loop + core('createRefreshRateDetector, createFixedStep, createInterpolated, createInputQueue')],
    ["the README's game without React", 'createFixedClock + interpolation, input queue', scheduler('createFixedClock') + core('createInterpolated, createInputQueue')],
    ['root entry (target 20 KB)', 'the smallest loop + the eight algorithms', loop + core(eight)],
    ['root entry without React', 'createFrameScheduler, getDefaultScheduler, createFixedClock + the eight', scheduler('createFrameScheduler, getDefaultScheduler, createFixedClock') + core(eight)],
    ['the refresh-rate detector alone', 'createRefreshRateDetector', core('createRefreshRateDetector')],
  ];
  for (const [name, what, contents] of floors) {
    const { gzip } = await bundle(contents);
    console.log(`floor: ${name.padEnd(36)} ${kb(gzip).padStart(10)} ${kb(await compacted(contents)).padStart(10)} compacted  (${what})`);
  }
}

/**
 * The same bundle with more taken off than any real package could: every property name that is
 * not JavaScript's, the DOM's or React's renamed to a letter or two (the public API's too) and
 * every error message emptied. What is left is the algorithms' own code.
 */
async function compacted(contents) {
  const kept = new Set(Object.keys(await import('react')));
  const builtIns = [globalThis, Math, Number, Object, Object.prototype, JSON, Array, Array.prototype, Map.prototype, Set.prototype, Float64Array.prototype, Object.getPrototypeOf(Float64Array.prototype), Promise.prototype, Error.prototype, String.prototype, Function.prototype, performance];
  for (const value of builtIns) for (const name of Object.getOwnPropertyNames(value)) kept.add(name);
  const dom = 'current children Provider Consumer displayName requestAnimationFrame cancelAnimationFrame getContext canvas width height style devicePixelRatio addEventListener removeEventListener getBoundingClientRect clientWidth clientHeight observe disconnect contentRect hidden visibilityState env NODE_ENV postMessage onmessage data terminate document window message stack cause errors';
  for (const name of dom.split(' ')) kept.add(name);
  const code = (await build(options(contents))).outputFiles[0].text;
  const renamed = [...new Set([...code.matchAll(/\.([a-zA-Z_$][\w$]{2,})/g)].map((m) => m[1]))].filter((name) => !kept.has(name));
  const mangled = (await build({ ...options(contents), mangleProps: new RegExp(`^(${renamed.join('|')})$`) })).outputFiles[0].text;
  return gzipSync(mangled.replace(/Error\((`[^`]*`|"[^"]*")/g, 'Error(""'), { level: 9 }).length;
}
process.exit(failed ? 1 : 0);
