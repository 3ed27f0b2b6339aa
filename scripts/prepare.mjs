#!/usr/bin/env node
// The package's lifecycle hooks, one file:
//   (no argument)  `prepare`: build dist/ when it is missing or older than the sources. Installing
//                  from git (`npm install github:…`) runs it; without it the package has no dist/.
//   --pack         `prepack`: the same build, then package.json without `prepare` for the tarball:
//                  scripts/ is not shipped, and npm warns about every dependency with an install
//                  script ("install-scripts … not yet covered by allowScripts").
//   --restore      `postpack`: put the repository's package.json back.
//   --check        for `npm test`: pack into a temporary folder and check the packed package.json
//                  has no `prepare` and the repository's package.json came back unchanged.
// `npm ci` here skips the build (`npm test` builds anyway); a dist/ newer than every source is kept.
// Everything is printed to stderr: `npm pack --json` reads stdout.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BACKUP = '.package.json.prepack';
const mode = process.argv[2];

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
  return Object.values(exports).flatMap((target) => (typeof target === 'string' ? [] : Object.values(target)));
}

function upToDate() {
  const outputs = exportedFiles();
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutputMs = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const inputs = ['tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs'].filter((file) => existsSync(file));
  return oldestOutputMs >= Math.max(newestMs('src'), ...inputs.map((file) => statSync(file).mtimeMs));
}

function buildIfStale() {
  if (upToDate()) return console.error('prepare: dist/ is up to date');
  console.error('prepare: building dist/');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function restore() {
  if (existsSync(BACKUP)) renameSync(BACKUP, 'package.json');
}

function check() {
  const before = readFileSync('package.json', 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'react-timestep-pack-'));
  try {
    const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (pack.status !== 0) throw new Error(`npm pack failed (exit ${pack.status})`);
    const [{ filename, files }] = JSON.parse(pack.stdout);
    const packed = JSON.parse(spawnSync('tar', ['-xzOf', join(dir, filename), 'package/package.json'], { encoding: 'utf8' }).stdout);
    const problems = [
      packed.scripts?.prepare !== undefined && `the packed package.json keeps "prepare": ${JSON.stringify(packed.scripts.prepare)}`,
      files.some((f) => f.path.startsWith('scripts/')) && 'scripts/ was packed',
      readFileSync('package.json', 'utf8') !== before && "the repository's package.json changed",
      existsSync(BACKUP) && `${BACKUP} was left behind`,
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(problems.join('; '));
    console.error(`prepare --check: ${filename} has no prepare script; package.json restored`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (mode === '--restore') restore();
else if (mode === '--check') check();
else if (mode === '--pack') {
  restore(); // a pack that failed before its postpack
  buildIfStale();
  const text = readFileSync('package.json', 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts.prepare;
  writeFileSync(BACKUP, text);
  // Written aside and renamed over: `npm test` runs other steps meanwhile, which must never read a
  // half-written package.json.
  writeFileSync('.package.json.packed', `${JSON.stringify(pkg, null, 2)}\n`);
  renameSync('.package.json.packed', 'package.json');
} else if (process.env.npm_command !== 'ci' && process.env.npm_config_package_lock_only !== 'true') {
  buildIfStale();
}
