#!/usr/bin/env node
// npm's `prepare` hook: build dist/ when it is missing or older than the sources.
//
// Why: installing from the git repository (`npm install github:…`, `npm install ../react-timestep`)
// clones the sources, installs the devDependencies, runs `prepare` and packs the result; without a
// build there the package has no dist/ and every import fails. `npm pack` runs it too, so a packed
// tarball always matches src/.
//
// Why the checks: `npm ci` in this repository skips it (`npm test` builds anyway, so CI installs stay
// as fast as before), and a dist/ newer than every source is kept, so `npm pack` right after a build
// (attw, the example apps) does not build again. Everything is printed to stderr: `npm pack --json`
// reads stdout.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

if (process.env.npm_command === 'ci') process.exit(0);
// `npm install --package-lock-only` only rewrites the lock file: nothing to build for.
if (process.env.npm_config_package_lock_only === 'true') process.exit(0);

/** The newest modification time under `dir`, ms. */
function newestMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Every file the package's `exports` point at (JavaScript and types). */
function exportedFiles() {
  const { exports } = JSON.parse(readFileSync('package.json', 'utf8'));
  const files = [];
  for (const target of Object.values(exports)) {
    if (typeof target === 'string') continue; // ./package.json
    files.push(...Object.values(target));
  }
  return files;
}

function upToDate() {
  const outputs = exportedFiles();
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutputMs = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const inputs = ['tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs'].filter((file) => existsSync(file));
  const newestInputMs = Math.max(newestMs('src'), ...inputs.map((file) => statSync(file).mtimeMs));
  return oldestOutputMs >= newestInputMs;
}

if (upToDate()) {
  console.error('prepare: dist/ is up to date');
} else {
  console.error('prepare: building dist/');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
