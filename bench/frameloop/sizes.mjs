// Bundle size of one import, ours against the peers, measured the way scripts/size.mjs measures
// ours: esbuild bundle + minify + tree-shake, ESM, React and the renderer peers external, gzip
// level 9. Ours from the run's dist/ snapshot, the peers from node_modules, in the same run.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { ourModule } from '../lib/dist.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const EXTERNAL = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', '@react-three/fiber', 'three'];

/** The core factories the React entry's hooks run (every one but `createSeededRandom`). */
const HOOK_ALGORITHMS = [
  'createDeltaSmoother',
  'createSyncedSlicer',
  'createFixedStep',
  'createAdaptiveFramerate',
  'createRefreshRateDetector',
  'createFrameStats',
  'createInterpolated',
  'createInputQueue',
];

/** What is bundled, by row: [label, source of the one-line entry module]. */
export function sizeCases() {
  const ours = fileURLToPath(ourModule('index.js'));
  const core = JSON.stringify(fileURLToPath(ourModule('core/index.js')));
  const floor = JSON.stringify(fileURLToPath(new URL('./useFrameFloor.ts', import.meta.url)));
  return [
    ['react-timestep: `useFrame`', `export { useFrame } from ${JSON.stringify(ours)};`],
    ['react-timestep: `createFrameScheduler`', `export { createFrameScheduler } from ${JSON.stringify(ours)};`],
    ['react-timestep: `useFixedTimestep`', `export { useFixedTimestep } from ${JSON.stringify(ours)};`],
    ['react-timestep: everything', `export * from ${JSON.stringify(ours)};`],
    ['react-timestep/core: everything', `export * from ${core};`],
    ['react-timestep/core: `createFixedStep` + `createRefreshRateDetector`', `export { createFixedStep, createRefreshRateDetector } from ${core};`],
    // Not shipped: the smallest useFrame we could write that keeps the contract (see the file), and
    // what it bundles with the algorithms the other size targets need, each combination as one
    // bundle (shared code counted once).
    ['floor: the `useFrame` contract written for size', `export { useFrame } from ${floor};`],
    ['floor: the same without option checks', `export { useFrameUnchecked } from ${floor};`],
    ['floor: the same + `createRefreshRateDetector`', `export { useFrameUnchecked } from ${floor}; export { createRefreshRateDetector } from ${core};`],
    [
      'floor: the same + the eight core algorithms the hooks run',
      `export { useFrameUnchecked } from ${floor}; export { ${HOOK_ALGORITHMS.join(', ')} } from ${core};`,
    ],
    ['@react-spring/rafz: `raf`', "export { raf } from '@react-spring/rafz';"],
    ['motion-dom: `frame`', "export { frame } from 'motion-dom';"],
    ['pixi.js: `Ticker`', "export { Ticker } from 'pixi.js';"],
  ];
}

/** @returns {Promise<Array<{ label: string, gzip: number, minified: number }>>} */
export async function measureSizes() {
  const rows = [];
  for (const [label, contents] of sizeCases()) {
    const result = await build({
      stdin: { contents, resolveDir: root, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      treeShaking: true,
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"' },
      external: EXTERNAL,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].contents;
    rows.push({ label, gzip: gzipSync(code, { level: 9 }).length, minified: code.length });
  }
  return rows;
}
