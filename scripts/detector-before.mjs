#!/usr/bin/env node
// The "before" figures of docs/browsers.md: the recorded streams' verdicts and flaps, and the rate
// switches' re-lock times, measured with src/ as it was before issue 35 (commit d4a4905), through
// today's fixtures and metrics. Writes test/fixtures/browserStreamsBefore.json and
// test/fixtures/rateSwitchesBefore.json. Needs git (the old sources come from `git archive`).
//
//   node scripts/detector-before.mjs
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const BEFORE = 'd4a4905';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'detector-before-'));
try {
  execFileSync('sh', ['-c', `git -C "${root}" archive ${BEFORE} src | tar -x -C "${work}"`]);
  for (const f of ['browserFrames.ts', 'browserMetrics.ts', 'frames.ts', 'modelledStreams.ts', 'rateSwitches.ts']) cpSync(join(root, 'test/fixtures', f), join(work, 'test/fixtures', f));
  cpSync(join(root, 'scripts/lib/detectorBefore.ts'), join(work, 'scripts/lib/detectorBefore.ts'));
  const out = join(work, 'before.mjs');
  await build({ entryPoints: [join(work, 'scripts/lib/detectorBefore.ts')], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'warning' });
  // The bundle reads the fixtures next to itself (import.meta.url of test/fixtures/*.ts, now before.mjs).
  symlinkSync(join(root, 'test/fixtures/browsers'), join(work, 'browsers'));
  symlinkSync(join(root, 'test/fixtures/frames'), join(work, 'frames'));
  for (const mode of ['streams', 'switches']) execFileSync(process.execPath, [out, mode, work], { stdio: 'inherit' });
  const streams = JSON.parse(readFileSync(join(work, 'before-streams.json'), 'utf8'));
  const switches = JSON.parse(readFileSync(join(work, 'before-switches.json'), 'utf8'));
  const sorted = Object.fromEntries(Object.keys(streams).sort().map((k) => [k, streams[k]]));
  const note = `the refresh-rate detector and counting at ${BEFORE} (before issue 35), through today's fixtures and metrics (scripts/detector-before.mjs)`;
  writeFileSync(join(root, 'test/fixtures/browserStreamsBefore.json'), JSON.stringify({ measured: `${note}; its 'unsynced' read as today's 'variable' (the same reading, renamed)`, streams: sorted }, null, 1) + '\n');
  writeFileSync(join(root, 'test/fixtures/rateSwitchesBefore.json'), JSON.stringify({ measured: `${note}, 50 seeds per change`, changes: switches }, null, 1) + '\n');
  console.log(`detector-before: ${Object.keys(sorted).length} streams, ${Object.keys(switches).length} changes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
