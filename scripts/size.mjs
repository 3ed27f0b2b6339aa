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
// `node scripts/size.mjs --floor` also prints what the algorithms each missed target needs weigh
// with the smallest loop, as they are (docs/performance.md).
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
 * name → [what is imported, guard bytes, the promised target in bytes (when there is one)]. The
 * guards of the bundles that hold the refresh-rate detector were raised to 1 % over their sizes
 * after its start-up rule (+0.1 KB each; CHANGELOG, Unreleased), and by 160 bytes after its
 * sixteen-interval challenger on whole-millisecond clocks (+0.11–0.13 KB each).
 */
const cases = {
  'react-timestep (everything)': ["export * from './dist/index.js';", 30980, 20 * KB],
  'react-timestep/core': ["export * from './dist/core/index.js';", 16273],
  'react-timestep/simulation': ["export * from './dist/simulation/index.js';", 14050],
  // The testing entry holds createInProcessWorker (the worker's stepping, in-process): 15.0 KB without it, 21.63 KB with it.
  'react-timestep/testing': ["export * from './dist/testing/index.js';", 27635],
  'react-timestep/r3f': ["export * from './dist/r3f/index.js';", 16511],
  'react-timestep/pixi': ["export * from './dist/pixi/index.js';", 16697],
  'useFrame only': ["export { useFrame } from './dist/index.js';", 3.5 * KB, 3.5 * KB],
  'useFixedTimestep only': ["export { useFixedTimestep } from './dist/index.js';", 16904, 11 * KB],
  // 16.44 KB; 16.53 after the counters' noise weighting (CHANGELOG, Unreleased).
  'FixedClockProvider + useFixedUpdate + useFixedRender': ["export { FixedClockProvider, useFixedUpdate, useFixedRender } from './dist/index.js';", 17359],
  'useInterpolated only': ["export { useInterpolated } from './dist/index.js';", 3185],
  // 9.79 KB when set; 9.87 after the detector's whole-millisecond fixes (CHANGELOG 0.2.0); 10.18 after
  // a slow grid reads a display's rate over k (CHANGELOG, Unreleased).
  'useRefreshRate only': ["export { useRefreshRate } from './dist/index.js';", 10610],
  // 10.66 KB when set; 10.76 after the detector's whole-millisecond fixes (CHANGELOG 0.2.0); 11.13
  // after a slow grid reads a display's rate over k.
  'useSmoothedDelta only': ["export { useSmoothedDelta } from './dist/index.js';", 11580, 8 * KB],
  "the README's game (GameCanvas, useFixedUpdate, useFixedRender, useInterpolated, useStepInput)": [
    "export { GameCanvas, useFixedUpdate, useFixedRender, useInterpolated, useStepInput } from './dist/index.js';",
    23275,
    15 * KB,
  ],
  '<GameCanvas> only': ["export { GameCanvas } from './dist/index.js';", 18270],
  // 12.92 KB when set; 12.93 after the detector's whole-ms drift rules (CHANGELOG 0.2.0).
  'createFrameScheduler only': ["export { createFrameScheduler } from './dist/index.js';", 13636],
  'createFixedStep only (core)': ["export { createFixedStep } from './dist/core/index.js';", 4303],
  'react-timestep/devtools': ["export * from './dist/devtools/index.js';", 20741],
  'FrameTimingOverlay only': ["export { FrameTimingOverlay } from './dist/devtools/index.js';", 20741],
  // 14.71 KB when set; 14.73 after the detector's whole-ms drift rules.
  'recordTiming only': ["export { recordTiming } from './dist/devtools/index.js';", 15508],
  // Measured 13.44, 7.20, 7.54 and 4.38 KB when set (react-timestep/worker, docs/threads.md).
  'react-timestep/worker': ["export * from './dist/worker/index.js';", 14069],
  'useWorkerSimulation only (page)': ["export { useWorkerSimulation } from './dist/worker/index.js';", 7690],
  'serveSimulation + defineSimulation (worker)': ["export { serveSimulation, defineSimulation } from './dist/worker/index.js';", 7839],
  'createWorkerSimulation only (page, no React)': ["export { createWorkerSimulation } from './dist/worker/index.js';", 4750],
};

async function bundle(contents) {
  const result = await build({
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
// `--floor` (not part of npm test): what the core algorithms a missed target's hooks run weigh, as
// they are, bundled with the smallest loop we could write with useFrame's contract
// (bench/frameloop/useFrameFloor.ts, without option checks); and the detector alone.
if (process.argv.includes('--floor')) {
  const loop = "export { useFrameUnchecked } from './bench/frameloop/useFrameFloor.ts';";
  const floors = {
    'useSmoothedDelta (target 8 KB)': [loop, 'createRefreshRateDetector, createDeltaSmoother'],
    'useFixedTimestep (target 11 KB)': [loop, 'createRefreshRateDetector, createFixedStep'],
    "the README's game (target 15 KB)": [loop, 'createRefreshRateDetector, createFixedStep, createInterpolated, createInputQueue'],
    'root entry (target 20 KB)': [loop, 'createDeltaSmoother, createSyncedSlicer, createFixedStep, createAdaptiveFramerate, createRefreshRateDetector, createFrameStats, createInterpolated, createInputQueue'],
    'the refresh-rate detector alone': ['', 'createRefreshRateDetector'],
  };
  for (const [name, [withLoop, algorithms]] of Object.entries(floors)) {
    const { gzip } = await bundle(`${withLoop} export { ${algorithms} } from './src/core/index.ts';`);
    console.log(`floor: ${name.padEnd(48)} ${kb(gzip).padStart(10)}  (${withLoop ? 'the smallest loop + ' : ''}${algorithms})`);
  }
}
process.exit(failed ? 1 : 0);
