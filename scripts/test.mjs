#!/usr/bin/env node
// `npm test`: every check. The steps below run TEST_JOBS at a time (default 2), and beside them
// TEST_FRAME_JOBS of the steps that mostly wait on a real browser's frames (default: one per browser
// when the cores are idle at the start, else 1; see chooseFrameJobs); each starts
// as soon as the steps it needs have passed; a step whose prerequisite failed is skipped, saying
// so. Every step that can run does, then every failure is listed, with the step timings and the
// closing line "tests: N passed, N failed" (every test case the vitest and Jest steps ran). The exit
// code is non-zero if any step failed or was skipped. To add a check, add a line to `steps`.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from './chromium.js';
import { locateEngine } from './browsers.mjs';
import { availableParallelism } from 'node:os';
import { childCpuSeconds, chooseFrameJobs, idleCores, machineBusySeconds, runSteps } from './lib/steps.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);
const reportDir = 'node_modules/.cache/react-timestep-test';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
/** The failed tests, each with the first line of its message: repeated at the very end, where a CI log's tail shows it. */
const failedTests = [];
/** Add a JSON report's test counts to the totals; false when it ran no test. */
function count(report) {
  if (!existsSync(report)) return false;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  totals.failed += json.numFailedTests ?? 0;
  for (const file of json.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failedTests.push(`${String(file.name ?? '').replace(process.cwd() + '/', '')} › ${test.fullName ?? test.title}: ${message}`);
    }
  }
  return (json.numTotalTests ?? 0) > 0;
}

/**
 * A step that runs one command. `locks`: steps holding the same lock never run at once. `frames`:
 * the step mostly waits on a browser's animation frames (it runs in the frame pool).
 */
const cmd = (label, command, { needs = [], locks = [], env = {}, frames = false } = {}) => ({ label, command, needs, locks, env, frames });

/**
 * A step whose command (`command(report)`) writes a JSON report of its tests, named after the
 * label: it passes when the report holds tests and the exit code is 0.
 */
function reported(label, command, options) {
  const report = `${reportDir}/${label.replace(/\W+/g, ' ').trim().replace(/ /g, '-')}.json`;
  return { label, ...options, command: command(report), check: (code) => (!count(report) ? 'ran no test' : code === 0 ? null : `failed (exit ${code})`) };
}

function vitest(label, projects, { needs = [], frames = false } = {}) {
  const command = (report) => ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return reported(label, command, { needs, frames });
}

/** runInEngine.mjs in one engine: its report counts each story and each real-frame-loop session as a test. */
function engineRun(label, engine) {
  const command = (report) => [process.execPath, 'test/browser/runInEngine.mjs', engine, '--report', report];
  return reported(label, command, { needs: ['storybook build'], frames: true });
}

/** The README's fake-timer recipe under Jest (jsdom, Jest's ESM mode) against the built dist/. */
function jest() {
  const report = `${reportDir}/jest.json`;
  const command = [process.execPath, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '-c', 'test/jest/jest.config.mjs', '--json', `--outputFile=${report}`];
  return { label: 'jest', command, needs: ['build'], check: (code) => (count(report), code === 0 ? null : `failed (exit ${code})`) };
}

// npm pack swaps package.json for the packed one while it runs (scripts/prepare.mjs): one at a time.
// `pack` packs once; the package checks and the example apps install that tarball.
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'));
const tarball = `${process.cwd()}/${reportDir}/${name}-${version}.tgz`;
const PACKED = { needs: ['pack'] };
const ALLOC_FRAMES = ['--frames', '250000', '--chunk', '50000'];

// ── Real browsers: Chromium's browser tests through Vitest; every engine's story play-through, and
// Firefox's and WebKitGTK's browser tests, through runInEngine.mjs. A missing browser is reported at
// the end, and under CI=true fails the run. ──
const notRun = [];
const chromium = findChromium();
if (!chromium) notRun.push('Chromium (CHROMIUM_PATH, /usr/bin/chromium …) for the stories, browser tests and example apps: `apt-get install -y chromium`');
const chromiumSteps = !chromium
  ? []
  : [
      vitest('browser (chromium)', ['browser'], { frames: true }),
      ...['vite-app', 'r3f-app', 'pixi-app'].map((app) => cmd(`example ${app}`, ['node', `examples/${app}/test.mjs`], { ...PACKED, env: { REACT_TIMESTEP_TARBALL: tarball } })),
      cmd('presentation smoke', ['node', 'bench/presentation/smoke.mjs'], { needs: ['build'], frames: true }),
      // react-timestep/worker in Chromium and Firefox, served with and without COOP/COEP (both
      // transports), and examples/worker-app (a Vite build, isolated; it packs, hence the lock) alongside.
      cmd('threads (chromium, firefox)', [process.execPath, 'test/browser/threads.browsers.mjs'], { needs: ['build'], locks: ['pack'], frames: true }),
    ];
const engineSteps = [];
for (const engine of ['chromium', 'firefox', 'webkit']) {
  const where = locateEngine(engine);
  const label = engine === 'chromium' ? 'stories (chromium)' : `browser (${engine})`;
  if (where.missing) {
    if (engine !== 'chromium') notRun.push(`${engine === 'webkit' ? 'WebKitGTK' : 'Firefox'}: ${where.missing}`);
  } else engineSteps.push(engineRun(label, engine));
}
const react18Ready = existsSync('test/react18/node_modules/react/package.json');

const steps = [
  cmd('build', ['node', 'scripts/build.mjs']),
  cmd('storybook build', ['npx', 'storybook', 'build', '--quiet', '--disable-telemetry', '-o', 'storybook-static']),
  // Vitest runs one test file at a time on 2 cores (it keeps a core for itself): as one step the
  // unit tests were the run's longest (276-416 s); as three, both cores share them.
  vitest('unit (react)', ['react', 'react-isolated']),
  vitest('unit (scheduler)', ['scheduler']),
  vitest('unit (core)', ['core']),
  cmd('pack', ['npm', 'pack', '--silent', '--pack-destination', reportDir], { needs: ['build'], locks: ['pack'] }),
  ...chromiumSteps,
  ...engineSteps,
  ...(react18Ready ? [] : [cmd('install react 18', ['npm', 'ci', '--prefix', 'test/react18', '--no-audit', '--no-fund', '--loglevel=error'])]),
  vitest('react18', ['react18', 'react18-isolated'], { needs: react18Ready ? [] : ['install react 18'] }),
  jest(),
  // 2.5 × 10⁵ frames a path in 5 chunks of 5 × 10⁴ (10⁶ in chunks of 10⁵ by hand): allocation written
  // into a path shows in every chunk, and the run is CPU-bound (alone: 19 s of CPU instead of 38; the
  // median chunks read the same at either size).
  cmd('allocation', ['node', 'scripts/alloc-check.mjs', ...ALLOC_FRAMES], { needs: ['build'] }),
  // Again with V8 inlining only its small functions, as it does where a big function has used up
  // its inlining budget (docs/performance.md).
  cmd('allocation, small-function inlining', [process.execPath, '--expose-gc', '--max-inlined-bytecode-size-cumulative=0', 'scripts/alloc-check.mjs', ...ALLOC_FRAMES], { needs: ['build'] }),
  cmd('typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']),
  cmd('lint', ['npx', 'eslint', '--max-warnings', '0', '.']),
  cmd('docs', ['node', 'scripts/check-docs.mjs']),
  cmd('doc examples', ['node', 'scripts/check-readme-examples.mjs']),
  cmd('api reference', ['node', 'scripts/api-docs.mjs', '--check']),
  cmd('links', ['node', 'scripts/check-links.mjs']),
  cmd('structure', ['node', 'scripts/check-structure.mjs', '--check']),
  cmd('publint', ['npx', 'publint', 'run', tarball, '--strict'], PACKED),
  cmd('attw', ['npx', 'attw', tarball, '--profile', 'esm-only'], PACKED),
  cmd('packed package.json', ['node', 'scripts/prepare.mjs', '--check'], { needs: ['build'], locks: ['pack'] }),
  cmd('release', ['node', 'scripts/check-release.mjs'], { needs: ['build'], locks: ['pack'] }),
  cmd('size', ['node', 'scripts/size.mjs'], { needs: ['build'] }),
];

const cores = availableParallelism();
// One frame step per browser at most: the measured setting (three engines side by side).
const browsers = engineSteps.length;
const { frameJobs, why } = chooseFrameJobs({ setting: process.env.TEST_FRAME_JOBS, idle: await idleCores(1000, cores), cores, browsers });
console.log(`npm test: ${jobs} computing steps at a time and ${frameJobs} waiting on frames (${why})`);
const startedMs = Date.now();
const busyBefore = machineBusySeconds();
const { failures, skipped, timings } = await runSteps(steps, { jobs, frameJobs });
if (ci) failures.push(...notRun.map((what) => `${what} (under CI=true a missing browser is a failure)`));

const wallSeconds = (Date.now() - startedMs) / 1000;
console.log(`\n${timings.join(' · ')}`);
// The browsers' processes are not our children: only the machine's count holds their CPU.
const busy = busyBefore === null ? '' : `; the machine's cores were busy ${(machineBusySeconds() - busyBefore).toFixed(0)} core-s (every process, the browsers' too)`;
console.log(`${wallSeconds.toFixed(0)} s, ${jobs} steps at a time and ${frameJobs} waiting on frames; the steps' own processes used ${childCpuSeconds().toFixed(0)} s of CPU${busy}`);
if (notRun.length > 0) console.warn(`\n⚠ NOT RUN, a browser is missing:\n${notRun.map((what) => `  ⚠ ${what}`).join('\n')}`);
if (failures.length > 0) console.error(`\n${failures.length} step(s) failed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
if (skipped.length > 0) console.error(`${skipped.length} step(s) skipped:\n${skipped.map((f) => `  ⤼ ${f}`).join('\n')}`);
if (failedTests.length > 0) console.error(`failed tests:\n${failedTests.map((t) => `  ✖ ${t}`).join('\n')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length > 0 || skipped.length > 0 || totals.failed > 0 ? 1 : 0);
