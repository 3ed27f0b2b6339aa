#!/usr/bin/env node
// Build: ESM JavaScript with source maps, one file per source module (esbuild, not bundled), then
// .d.ts files from tsc, then the 'use client' directive on the entries that use React. Why one file
// per module, not chunks: docs/performance.md ("Bundle bytes").
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

rmSync('dist', { recursive: true, force: true });

/** Every source module under `dir` (.ts / .tsx, no declaration files). */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

await build({
  entryPoints: sources('src'),
  outdir: 'dist',
  outbase: 'src',
  // Each module on its own: imports stay imports (the sources already spell them `./x.js`), so the
  // renderer adapters' peers and React stay the user's own copies.
  bundle: false,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'error',
});

const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// React Server Component frameworks need the directive as the first statement of client modules.
for (const file of ['dist/index.js', 'dist/testing/index.js', 'dist/r3f/index.js', 'dist/pixi/index.js', 'dist/devtools/index.js']) {
  const code = readFileSync(file, 'utf8');
  if (!code.startsWith("'use client'")) writeFileSync(file, `'use client';\n${code}`);
}
console.log('build: dist/ written');
