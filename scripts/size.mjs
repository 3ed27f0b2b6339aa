#!/usr/bin/env node
// Size budgets, checked in `npm test`. Two questions:
// 1. How big is each entry a user can import, minified and gzipped, with everything it pulls in?
// 2. Does importing only `useFrame` leave the simulation, the canvas and the other hooks out?
//    (esbuild's metafile lists every source file that made it into the bundle.)
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

// Budgets sit about 7 % above the sizes measured when they were set (README "Install" lists those):
// a regression guard, not a target. useFrame alone carries the scheduler and the refresh-rate
// detector (about 4.3 KB minified each); everything else is tree-shaken away.
const budgetsBytes = {
  'react-timestep (everything)': 11500,
  'react-timestep/core': 6000,
  'react-timestep/simulation': 7900,
  'react-timestep/testing': 7400,
  'useFrame only': 8800,
  // The renderer adapters (their peers left out): measured 5.45 and 5.58 KB, mostly the scheduler.
  'react-timestep/r3f': 5850,
  'react-timestep/pixi': 6000,
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
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'react-dom/test-utils', '@react-three/fiber', 'three', 'pixi.js'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  // Files that contributed code to the output (metafile.inputs also lists files that were read and then shaken away).
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output.inputs).filter(([, info]) => info.bytesInOutput > 0).map(([file]) => file);
  return { gzip: gzipSync(code, { level: 9 }).length, raw: code.length, inputs };
}

const cases = {
  'react-timestep (everything)': "export * from './dist/index.js';",
  'react-timestep/core': "export * from './dist/core/index.js';",
  'react-timestep/simulation': "export * from './dist/simulation/index.js';",
  'react-timestep/testing': "export * from './dist/testing/index.js';",
  'useFrame only': "export { useFrame } from './dist/index.js';",
  'react-timestep/r3f': "export * from './dist/r3f/index.js';",
  'react-timestep/pixi': "export * from './dist/pixi/index.js';",
};

let failed = false;
console.log('entry                          min+gzip   budget');
for (const [name, contents] of Object.entries(cases)) {
  const { gzip } = await bundle(contents);
  const ok = gzip <= budgetsBytes[name];
  failed ||= !ok;
  console.log(`${name.padEnd(30)} ${String(gzip).padStart(6)} B  ${String(budgetsBytes[name]).padStart(6)} B ${ok ? '' : '  ✖ over budget'}`);
}

// Tree-shaking check on the sources (dist chunk names do not say what is inside them).
const { inputs } = await bundle("export { useFrame } from './src/index.ts';");
const leaked = inputs.filter((file) => /src\/(simulation|canvas)\/|src\/react\/use(FixedTimestep|SmoothedDelta|SyncedUpdate|AdaptiveFramerate|FrameStats)/.test(file));
if (leaked.length > 0) {
  failed = true;
  console.error(`✖ importing only useFrame pulled in: ${leaked.join(', ')}`);
} else {
  console.log(`useFrame alone bundles ${inputs.length} source files; none from src/simulation, src/canvas or the other hooks`);
}
process.exit(failed ? 1 : 0);
