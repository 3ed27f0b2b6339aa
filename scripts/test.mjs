#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure. Prints a closing line
// "tests: N passed, N failed" that counts every test case the vitest steps ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from './chromium.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const reportDir = 'node_modules/.cache/react-timestep-test';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const timings = [];

function run(label, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false, ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${label} ${seconds}s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}) after ${seconds}s`);
    finish(1);
  }
}

function vitest(label, projects) {
  const report = `${reportDir}/${label}.json`;
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const started = Date.now();
  console.log(`\n▶ ${label}: npx ${args.join(' ')}`);
  const result = spawnSync('npx', args, { stdio: 'inherit' });
  timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    if ((json.numTotalTests ?? 0) === 0) {
      console.error(`\n✖ ${label} ran no test`);
      finish(1);
    }
  }
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal})`);
    finish(1);
  }
}

/** The README's fake-timer recipe under Jest (jsdom, Jest's ESM mode) against the built dist/. */
function jest() {
  const report = `${reportDir}/jest.json`;
  const args = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '-c', 'test/jest/jest.config.mjs', '--json', `--outputFile=${report}`];
  run('jest', process.execPath, args);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  totals.failed += json.numFailedTests ?? 0;
}

function finish(code) {
  console.log(`\n${timings.join(' · ')}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
run('docs', 'node', ['scripts/check-docs.mjs']);
run('doc examples', 'node', ['scripts/check-readme-examples.mjs']);
run('api reference', 'node', ['scripts/api-docs.mjs', '--check']);
run('links', 'node', ['scripts/check-links.mjs']);
vitest('unit', ['core', 'react']);

if (!existsSync('test/react18/node_modules/react/package.json')) {
  run('install react 18', 'npm', ['ci', '--prefix', 'test/react18', '--no-audit', '--no-fund', '--loglevel=error']);
}
vitest('react18', ['react18']);

run('build', 'node', ['scripts/build.mjs']);
jest();
run('publint', 'npx', ['publint', '--strict']);
run('attw', 'npx', ['attw', '--pack', '.', '--profile', 'esm-only']);
run('size', 'node', ['scripts/size.mjs']);
run('allocation', 'node', ['scripts/alloc-check.mjs']);
// Again with V8 inlining only its "small" functions (<= 27 bytes of bytecode), as it does where a
// big function has used up its inlining budget: a fractional double that crosses any other call
// (an argument or a return value) is then boxed, every frame. V8 made that choice for the fixed
// clock on a busy machine once (93 B a frame); this run finds every such call deterministically.
run('allocation, small-function inlining', process.execPath, ['--expose-gc', '--max-inlined-bytecode-size-cumulative=0', 'scripts/alloc-check.mjs']);
run('storybook build', 'npx', ['storybook', 'build', '--quiet', '--disable-telemetry', '-o', 'storybook-static']);

const chromium = findChromium();
if (!chromium) {
  const message =
    'No Chromium found (looked for CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, google-chrome).\n' +
    'The browser tests (every story and the example app in real Chromium) need one: `apt-get install -y chromium`.';
  if (ci) {
    console.error(`\n✖ browser tests: ${message}\nUnder CI=true a missing browser is a failure.`);
    finish(1);
  }
  console.warn(`\n⚠ BROWSER TESTS NOT RUN. ${message}`);
} else {
  console.log(`\nbrowser tests use ${chromium}`);
  vitest('browser', ['storybook', 'browser']);
  if (existsSync('examples/vite-app/test.mjs')) run('example app', 'node', ['examples/vite-app/test.mjs']);
  // Renderer adapters in real WebGL: react-three-fiber, and PixiJS with matter-js.
  for (const app of ['r3f-app', 'pixi-app']) {
    if (existsSync(`examples/${app}/test.mjs`)) run(`example ${app}`, 'node', [`examples/${app}/test.mjs`]);
  }
  run('presentation smoke', 'node', ['bench/presentation/smoke.mjs']);
}
// The real-frame-loop checks and story playback in Firefox ESR (puppeteer-core, WebDriver BiDi); without Firefox it says so (a failure under CI=true).
run('browser (firefox)', process.execPath, ['test/browser/realFrameLoop.firefox.mjs']);

finish(totals.failed > 0 ? 1 : 0);
