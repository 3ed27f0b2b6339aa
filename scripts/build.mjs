#!/usr/bin/env node
// Build: ESM JavaScript with source maps (tsup, code-split so every entry shares ONE copy of the
// scheduler), then .d.ts files from tsc, then the 'use client' directive on the entries that use React.
import { build } from 'tsup';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });

await build({
  entry: {
    index: 'src/index.ts',
    'core/index': 'src/core/index.ts',
    'simulation/index': 'src/simulation/index.ts',
    'testing/index': 'src/testing/index.ts',
    'r3f/index': 'src/r3f/index.ts',
    'pixi/index': 'src/pixi/index.ts',
  },
  format: ['esm'],
  target: 'es2020',
  platform: 'browser',
  splitting: true,
  sourcemap: true,
  treeshake: true,
  clean: false,
  dts: false,
  silent: true,
  // The renderer adapters' peers stay imports: the user's app brings its own copy.
  external: ['react', 'react-dom', 'react/jsx-runtime', '@react-three/fiber', 'three', 'pixi.js'],
});

const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// React Server Component frameworks need the directive as the first statement of client modules.
for (const file of ['dist/index.js', 'dist/testing/index.js', 'dist/r3f/index.js', 'dist/pixi/index.js']) {
  const code = readFileSync(file, 'utf8');
  if (!code.startsWith("'use client'")) writeFileSync(file, `'use client';\n${code}`);
}
console.log('build: dist/ written');
