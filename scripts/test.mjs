#!/usr/bin/env node
// `npm test`: every check, in order. A failing step does not stop the run: every step that can
// still run does (a step whose prerequisite failed is skipped, saying so), then every failure is
// listed, with the step timings and the closing line "tests: N passed, N failed" (every test case
// the vitest and Jest steps ran). The exit code is non-zero if any step failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from './chromium.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const reportDir = 'node_modules/.cache/react-timestep-test';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const timings = [];
/** label → true (passed) or false (failed or skipped). */
const outcome = new Map();
const failures = [];
const skipped = [];

/** False (and the step is recorded as skipped) when a step in `needs` did not pass. */
function ready(label, needs) {
  const missing = needs.filter((need) => outcome.get(need) !== true);
  if (missing.length === 0) return true;
  const why = `skipped: needs ${missing.join(', ')}, which did not pass`;
  console.log(`\n⤼ ${label} ${why}`);
  skipped.push(`${label}: ${why}`);
  outcome.set(label, false);
  return false;
}

function record(label, ok, reason) {
  outcome.set(label, ok);
  if (!ok) {
    failures.push(`${label}: ${reason}`);
    console.error(`\n✖ ${label} ${reason}`);
  }
  return ok;
}

/** Run one command; `needs`: labels of steps it depends on (skipped if one did not pass). */
function run(label, command, args, { needs = [] } = {}) {
  if (!ready(label, needs)) return false;
  const started = Date.now();
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${label} ${seconds}s`);
  return record(label, result.status === 0, `failed (exit ${result.status ?? result.signal}) after ${seconds}s`);
}

/** Add a JSON report's test counts to the totals; false when it ran no test. */
function count(report) {
  if (!existsSync(report)) return false;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  totals.failed += json.numFailedTests ?? 0;
  return (json.numTotalTests ?? 0) > 0;
}

function vitest(label, projects, { needs = [] } = {}) {
  if (!ready(label, needs)) return false;
  const report = `${reportDir}/${label}.json`;
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const started = Date.now();
  console.log(`\n▶ ${label}: npx ${args.join(' ')}`);
  const result = spawnSync('npx', args, { stdio: 'inherit' });
  timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (!count(report)) return record(label, false, 'ran no test');
  return record(label, result.status === 0, `failed (exit ${result.status ?? result.signal})`);
}

/** The README's fake-timer recipe under Jest (jsdom, Jest's ESM mode) against the built dist/. */
function jest() {
  const report = `${reportDir}/jest.json`;
  const args = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '-c', 'test/jest/jest.config.mjs', '--json', `--outputFile=${report}`];
  const ok = run('jest', process.execPath, args, { needs: ['build'] });
  if (existsSync(report)) count(report);
  return ok;
}

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
run('docs', 'node', ['scripts/check-docs.mjs']);
run('doc examples', 'node', ['scripts/check-readme-examples.mjs']);
run('api reference', 'node', ['scripts/api-docs.mjs', '--check']);
run('links', 'node', ['scripts/check-links.mjs']);
vitest('unit', ['core', 'react']);

if (existsSync('test/react18/node_modules/react/package.json')) outcome.set('install react 18', true);
else run('install react 18', 'npm', ['ci', '--prefix', 'test/react18', '--no-audit', '--no-fund', '--loglevel=error']);
vitest('react18', ['react18'], { needs: ['install react 18'] });

// Everything below that reads dist/ needs the build.
run('build', 'node', ['scripts/build.mjs']);
jest();
run('publint', 'npx', ['publint', '--strict'], { needs: ['build'] });
run('attw', 'npx', ['attw', '--pack', '.', '--profile', 'esm-only'], { needs: ['build'] });
run('packed package.json', 'node', ['scripts/prepare.mjs', '--check'], { needs: ['build'] });
run('size', 'node', ['scripts/size.mjs'], { needs: ['build'] });
run('allocation', 'node', ['scripts/alloc-check.mjs'], { needs: ['build'] });
// Again with V8 inlining only its small functions, as it does where a big function has used up
// its inlining budget (docs/performance.md).
run('allocation, small-function inlining', process.execPath, ['--expose-gc', '--max-inlined-bytecode-size-cumulative=0', 'scripts/alloc-check.mjs'], { needs: ['build'] });
run('storybook build', 'npx', ['storybook', 'build', '--quiet', '--disable-telemetry', '-o', 'storybook-static']);

// ── Chromium: stories, browser tests, example apps ──
const chromium = findChromium();
if (!chromium) {
  const message =
    'No Chromium found (looked for CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, google-chrome).\n' +
    'The browser tests (every story and the example app in real Chromium) need one: `apt-get install -y chromium`.';
  if (ci) record('browser tests', false, `${message}\nUnder CI=true a missing browser is a failure.`);
  else console.warn(`\n⚠ BROWSER TESTS NOT RUN. ${message}`);
} else {
  console.log(`\nbrowser tests use ${chromium}`);
  vitest('browser', ['storybook', 'browser']);
  if (existsSync('examples/vite-app/test.mjs')) run('example app', 'node', ['examples/vite-app/test.mjs'], { needs: ['build'] });
  // Renderer adapters in real WebGL: react-three-fiber, and PixiJS with matter-js.
  for (const app of ['r3f-app', 'pixi-app']) {
    if (existsSync(`examples/${app}/test.mjs`)) run(`example ${app}`, 'node', [`examples/${app}/test.mjs`], { needs: ['build'] });
  }
  run('presentation smoke', 'node', ['bench/presentation/smoke.mjs'], { needs: ['build'] });
}
// ── Firefox: the real-frame-loop checks and story playback (puppeteer-core, WebDriver BiDi);
// without Firefox it says so, and under CI=true that is a failure ──
run('browser (firefox)', process.execPath, ['test/browser/realFrameLoop.firefox.mjs'], { needs: ['storybook build'] });
// react-timestep/worker in Chromium and Firefox, served with and without COOP/COEP (both transports),
// and examples/worker-app (a Vite build, isolated) alongside.
run('threads (chromium, firefox)', process.execPath, ['test/browser/threads.browsers.mjs']);

console.log(`\n${timings.join(' · ')}`);
if (failures.length > 0) console.error(`\n${failures.length} step(s) failed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
if (skipped.length > 0) console.error(`${skipped.length} step(s) skipped:\n${skipped.map((f) => `  ⤼ ${f}`).join('\n')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length > 0 || skipped.length > 0 || totals.failed > 0 ? 1 : 0);
