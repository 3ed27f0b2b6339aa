#!/usr/bin/env node
// Size budgets, checked in `npm test` (after the build). Three questions:
// 1. How big is each entry a user can import, minified and gzipped, with everything it pulls in?
// 2. How big is each common single import (`import { useFrame } from 'react-timestep'`)?
// 3. Does importing only `useFrame` leave out the simulation, the canvas, the other hooks, and the
//    refresh-rate detector, the adaptive frame rate, the frame statistics and named ordering (the
//    loop does not import them: the hooks and schedulers that need them install them), and the
//    FrameScheduler methods (useFrame runs on the default loop itself)? esbuild's metafile lists every
//    source file that made it into the bundle.
//
// Measured like a user's production bundler would: esbuild, bundle + minify + tree-shake, ESM,
// `process.env.NODE_ENV` = "production" (what Vite, webpack and Next define in a production build;
// it only drops development warnings here), React and the renderer peers external, gzip level 9,
// from the built dist/ (question 3 from the sources, since dist chunk names do not say what is
// inside them). 1 KB = 1024 bytes. bench/RESULTS.md section 0 measures the same way.
//
// Two numbers per row. `guard` fails the check: about 8 % above the size measured when it was set,
// so a regression shows. `target` is the size the project aims at (issue "pay only for what you
// use"); where the guard is above it, the row prints the gap, so a missed target is visible in
// every run instead of hidden behind a loosened budget. README "Install" lists both.
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

/** name → [what is imported, guard bytes, target bytes or undefined]. */
const cases = {
  'react-timestep (everything)': ["export * from './dist/index.js';", 22950, 9 * KB],
  'react-timestep/core': ["export * from './dist/core/index.js';", 8600, 4 * KB],
  'react-timestep/simulation': ["export * from './dist/simulation/index.js';", 11000, undefined],
  'react-timestep/testing': ["export * from './dist/testing/index.js';", 12000, undefined],
  'react-timestep/r3f': ["export * from './dist/r3f/index.js';", 6350, undefined],
  'react-timestep/pixi': ["export * from './dist/pixi/index.js';", 6500, undefined],
  'useFrame only': ["export { useFrame } from './dist/index.js';", 3720, 1.5 * KB],
  'useFixedTimestep only': ["export { useFixedTimestep } from './dist/index.js';", 11420, 3.5 * KB],
  'FixedClockProvider + useFixedUpdate + useFixedRender': ["export { FixedClockProvider, useFixedUpdate, useFixedRender } from './dist/index.js';", 10900, undefined],
  'useInterpolated only': ["export { useInterpolated } from './dist/index.js';", 2360, undefined],
  'useRefreshRate only': ["export { useRefreshRate } from './dist/index.js';", 6140, undefined],
  'useSmoothedDelta only': ["export { useSmoothedDelta } from './dist/index.js';", 6830, undefined],
  '<GameCanvas> only': ["export { GameCanvas } from './dist/index.js';", 12380, undefined],
  'createFrameLoop only': ["export { createFrameLoop } from './dist/index.js';", 4230, undefined],
  'createFrameLoop + installNamedOrdering': ["export { createFrameLoop, installNamedOrdering } from './dist/index.js';", 5640, undefined],
  'createFrameScheduler only': ["export { createFrameScheduler } from './dist/index.js';", 8500, undefined],
  'createFixedStep only (core)': ["export { createFixedStep } from './dist/core/index.js';", 2540, undefined],
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
const gaps = [];
console.log(`${'import'.padEnd(54)} ${'min+gzip'.padStart(10)} ${'guard'.padStart(10)} ${'target'.padStart(10)}`);
for (const [name, [contents, guard, target]] of Object.entries(cases)) {
  const { gzip } = await bundle(contents);
  const ok = gzip <= guard;
  failed ||= !ok;
  let note = ok ? '' : '  ✖ over its guard';
  if (target !== undefined && gzip > target) {
    note += `  target missed by ${kb(gzip - target)}`;
    gaps.push(name);
  } else if (target !== undefined) {
    note += '  target met';
  }
  console.log(`${name.padEnd(54)} ${kb(gzip).padStart(10)} ${kb(guard).padStart(10)} ${(target === undefined ? '–' : kb(target)).padStart(10)}${note}`);
}
if (gaps.length > 0) console.log(`targets not met (reported, not failed; see README "Install"): ${gaps.join('; ')}`);

// Tree-shaking check on the sources.
const { inputs } = await bundle("export { useFrame } from './src/index.ts';");
const leaked = inputs.filter((file) =>
  /src\/(simulation|canvas)\/|src\/react\/use(FixedTimestep|SmoothedDelta|SyncedUpdate|AdaptiveFramerate|FrameStats|RefreshRate)|src\/core\/(refreshRateDetector|adaptiveFramerate|frameStats)|src\/scheduler\/(refreshDetection|adaptiveFeature|fixedClock|namedOrder|createFrameLoop)/.test(file),
);
if (leaked.length > 0) {
  failed = true;
  console.error(`✖ importing only useFrame pulled in: ${leaked.join(', ')}`);
} else {
  console.log(
    `useFrame alone bundles ${inputs.length} source files; none from src/simulation, src/canvas, the other hooks, the fixed clock, refresh-rate detection, the adaptive frame rate, frame statistics, named ordering or the scheduler's methods (createFrameLoop.ts: useFrame runs on the default loop itself)`,
  );
}
process.exit(failed ? 1 : 0);
