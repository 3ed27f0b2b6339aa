#!/usr/bin/env node
// `npm test` step: the package is publishable as it stands. One `npm publish --dry-run` (which packs
// exactly what a real publish would, running prepack and postpack) must pass, and these must agree:
// package.json's version, package-lock.json's, the CHANGELOG's top release heading
// (`## 0.2.0 — 2026-11-28`; an `## Unreleased` section above it is allowed) and the tarball's name,
// version and files (every `exports` target, README.md, CHANGELOG.md, LICENSE).
// `--offline`: the dry run neither needs a login nor asks the registry whether the version is
// already published (that is the online dry run of CONTRIBUTING.md's release steps), so the check
// gives the same answer before and after a release, on or off the network.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const problems = [];
const expect = (ok, message) => ok || problems.push(message);

/** The top release heading of CHANGELOG.md: its version and the rest of the line. */
function topRelease(changelog) {
  for (const line of changelog.split('\n')) {
    const heading = /^## +(.*)$/.exec(line);
    if (!heading) continue;
    if (/^\[?unreleased\]?$/i.test(heading[1].trim())) continue;
    const release = /^\[?v?(\d+\.\d+\.\d+[^\s\]]*)\]?(.*)$/.exec(heading[1].trim());
    return release ? { version: release[1], rest: release[2].trim(), line } : { version: null, rest: '', line };
  }
  return null;
}

expect(/^\d+\.\d+\.\d+$/.test(pkg.version), `package.json's version ${JSON.stringify(pkg.version)} is not a release version (x.y.z)`);
expect(lock.version === pkg.version, `package-lock.json says ${lock.version}, package.json ${pkg.version} (run npm install)`);
expect(lock.packages?.['']?.version === pkg.version, `package-lock.json's root package says ${lock.packages?.['']?.version}, package.json ${pkg.version}`);

const release = topRelease(readFileSync('CHANGELOG.md', 'utf8'));
if (!release) problems.push('CHANGELOG.md has no release heading (## x.y.z — date)');
else {
  expect(release.version === pkg.version, `CHANGELOG.md's top release heading "${release.line}" is not package.json's version ${pkg.version}`);
  expect(!/unreleased/i.test(release.rest), `CHANGELOG.md's top release heading "${release.line}" says unreleased: date it (## ${pkg.version} — YYYY-MM-DD) or put the entries under ## Unreleased`);
}

const dryRun = spawnSync('npm', ['publish', '--dry-run', '--offline', '--json', '--loglevel=error'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
if (dryRun.status !== 0) {
  problems.push(`npm publish --dry-run failed (exit ${dryRun.status}):\n${dryRun.stderr.trim()}`);
} else {
  // npm 11 keys the tarball's summary by the package's name; npm 10 printed it bare.
  const json = JSON.parse(dryRun.stdout);
  const tarball = json[pkg.name] ?? json;
  const files = new Set(tarball.files.map((file) => file.path));
  const exported = Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
  const wanted = [...exported.map((path) => path.replace(/^\.\//, '')), 'README.md', 'CHANGELOG.md', 'LICENSE', 'package.json'];
  expect(tarball.name === pkg.name && tarball.version === pkg.version, `the tarball is ${tarball.name}@${tarball.version}, package.json ${pkg.name}@${pkg.version}`);
  expect(tarball.filename === `${pkg.name}-${pkg.version}.tgz`, `the tarball is named ${tarball.filename}`);
  for (const path of wanted) expect(files.has(path), `the tarball lacks ${path}`);
  if (problems.length === 0) {
    console.log(`${tarball.filename}: ${tarball.entryCount} files, ${(tarball.size / 1024).toFixed(1)} kB packed; package.json, package-lock.json and CHANGELOG.md ("${release.line}") say ${pkg.version}; npm publish --dry-run passes`);
  }
}

if (problems.length > 0) {
  console.error(`✖ not releasable as it stands:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
