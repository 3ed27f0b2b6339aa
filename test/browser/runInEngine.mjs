#!/usr/bin/env node
// The stories in every engine, and the browser tests in the engines Vitest's Playwright provider
// cannot get here:
//   node test/browser/runInEngine.mjs chromium  Chromium (puppeteer-core, DevTools protocol): part 2 only
//   node test/browser/runInEngine.mjs firefox   Firefox ESR (puppeteer-core, WebDriver BiDi)
//   node test/browser/runInEngine.mjs webkit    WebKitGTK MiniBrowser (WebKitWebDriver, xvfb-run)
//   node test/browser/runInEngine.mjs webkit a-game-27   only the stories whose id contains the text
//   … --report FILE   also write the outcome as a Vitest-style JSON report (npm test counts each
//                     story and each real-frame-loop session as a test)
//   … --frames N      keep each story running N frames after its play function (default 30); to
//                     check the stories under load, run with 180 beside two `node -e 'for(;;){}'`
// Two parts, both on real animation frames and asserting only "frames advanced", never durations,
// so they pass at any frame rate (Chromium runs part 1 in Vitest: realFrameLoop.test.tsx,
// devtoolsRecording.test.tsx):
//   1. the real-frame-loop checks (realFrameLoop.page.tsx, bundled with esbuild): docs/devtools.md's
//      recording recipe, run as written, replays with the same steps per frame, step indices, input
//      per step and alpha (docsRecipe.tsx); <GameCanvas> runs updates, hands alpha in [0, 1] and
//      draws pixels; useRefreshRate leaves 'measuring' and useFixedTimestep counts steps;
//   2. a play-through of every story of the built storybook-static: it renders, its play function
//      passes, it stays rendered while 30 more animation frames run, and no page error, unhandled
//      rejection or console.error happens on the way, it renders inside the stories' transport
//      frame, and no "NaN" shows (a value not measured yet reads "–"). Stories whose picture (text
//      and canvas pixels) did not change over those frames are listed, not failed. One page
//      plays them all, switching stories as Storybook's sidebar does (a page load per story cost
//      Firefox twice the CPU: 46 against 22 core-s for 19 stories); after a failure the next story
//      gets a fresh page, so one story's failure is not blamed on the next.
// Without the engine it says so and exits 0; under CI=true that is a failure. Without
// storybook-static, part 2 says so (a failure under CI).
import { createServer } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { locateEngine } from '../../scripts/browsers.mjs';
import { launch } from './engines.mjs';
import { engineFacts, frameLoopResults, installStoryWatch, playThrough, switchStory } from './storyWatch.page.mjs';

const args = process.argv.slice(2);
/** The value after `--name`, taken out of `args` (null when absent). */
const option = (name) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : null);
/** Optional: where to write the JSON report. */
const reportFile = option('--report');
/** Frames a story must keep running (and its picture change over) after it finished. */
const STORY_FRAMES = Number(option('--frames') ?? 30);
if (!Number.isInteger(STORY_FRAMES) || STORY_FRAMES < 1) {
  console.error(`runInEngine.mjs: --frames must be a whole number of frames, at least 1 (got ${STORY_FRAMES})`);
  process.exit(1);
}
/** The engine, and optionally: play only the stories whose id contains this text. */
const [engineName, storyFilter = ''] = args;
/** One entry per story and per real-frame-loop session: { fullName, status, failureMessages }. */
const outcomes = [];
const outcome = (fullName, problems) => outcomes.push({ fullName, status: problems.length === 0 ? 'passed' : 'failed', failureMessages: problems });
const root = fileURLToPath(new URL('../..', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';
const storybook = join(root, 'storybook-static');
/** Generous: a page on a busy machine runs at 15 fps; the checks wait on frames, not on time. */
const PAGE_TIMEOUT_MS = 60_000;

const log = (message) => console.log(`${engineName}: ${message}`);
function fail(message) {
  console.error(`✖ ${engineName}: ${message}`);
  process.exit(1);
}

const where = locateEngine(engineName);
if (where.missing) {
  const message = `${where.missing} to run the browser tests in ${{ chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKitGTK' }[engineName]} too.`;
  if (ci) fail(`${message} Under CI=true a missing browser is a failure.`);
  log(`NOT RUN — ${message}`);
  process.exit(0);
}

/** Serves the real-frame-loop page and storybook-static, whose iframe.html gets the story watch first. */
async function serve() {
  const bundle = await build({
    entryPoints: [join(root, 'test/browser/realFrameLoop.page.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'warning',
  });
  const pageHtml = '<!doctype html><meta charset="utf-8"><title>real frame loop</title><body><script type="module" src="/__page.js"></script>';
  const watch = `<script>(${installStoryWatch})()</script>`;
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (url === '/__page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(pageHtml);
    if (url === '/__page.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle.outputFiles[0].contents);
    const path = join(storybook, url === '/' ? 'index.html' : url);
    if (!path.startsWith(storybook) || !existsSync(path)) return void res.writeHead(404).end();
    const body = url === '/iframe.html' ? readFileSync(path, 'utf8').replace('<head>', `<head>${watch}`) : readFileSync(path);
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

/** What the first frames' timestamps say about the engine's clock (printed; whole ms checked for WebKit). */
function clockOf(timestampsMs) {
  const intervals = timestampsMs.slice(1).map((t, i) => t - timestampsMs[i]).sort((a, b) => a - b);
  return {
    frames: timestampsMs.length,
    medianMs: intervals.length > 0 ? intervals[intervals.length >> 1].toFixed(2) : '–',
    wholeMs: timestampsMs.every((t) => Number.isInteger(t)),
  };
}

/** The failures of what docs/browsers.md says this engine does (`session.facts`: expected values). */
async function facts(engine, session, frameLoopSeen) {
  const seen = { ...(await engine.evaluate(engineFacts)), replayedPointer: frameLoopSeen?.replayedPointer };
  return Object.entries(session.facts)
    .filter(([key, expected]) => JSON.stringify(seen[key]) !== JSON.stringify(expected))
    .map(([key, expected]) => `${session.label}: ${key} is ${JSON.stringify(seen[key])}, docs/browsers.md says ${JSON.stringify(expected)}`);
}

/** Part 1: the real-frame-loop checks: { failures, results } (what the page reported). */
async function frameLoop(engine, base, label) {
  await engine.open(`${base}/__page.html`);
  const results = await engine.evaluate(frameLoopResults, { timeoutMs: PAGE_TIMEOUT_MS });
  const { canvas, rate, recipe, resize } = results ?? {};
  const checks = [
    [results?.done === true, 'the page finished its checks'],
    [results?.errors.length === 0, 'no error on the page'],
    [canvas && canvas.renders >= 20 && canvas.updates >= 5, '<GameCanvas> ran updates and renders'],
    [canvas && canvas.minAlpha >= 0 && canvas.maxAlpha <= 1, 'alpha in [0, 1]'],
    [canvas && canvas.green > 0, '<GameCanvas> drew pixels'],
    [resize && resize.width === resize.expectedWidth && resize.green && resize.rendersSince > 0, '<GameCanvas> resized between frames showed its picture before the paint'],
    [rate && rate.refreshRate > 0 && Number.isFinite(rate.refreshRate), 'useRefreshRate measured a positive rate'],
    // 'variable': no grid fits the frames, WebKitGTK's verdict (docs/browsers.md, the webkitgtk-* streams).
    [rate && ['synced', 'unsynced', 'variable', 'throttled'].includes(rate.state), 'useRefreshRate left measuring'],
    [rate && rate.confidence >= 0 && rate.confidence <= 1, 'confidence in [0, 1]'],
    [rate && rate.steps >= 10, 'useFixedTimestep counted steps'],
    [recipe && recipe.problems.length === 0, "the docs' recording recipe replayed identically"],
  ];
  const clock = clockOf(results?.timestampsMs ?? []);
  // docs/browsers.md: WebKit stamps frames in whole milliseconds.
  if (engineName === 'webkit') checks.push([clock.frames >= 30 && clock.wholeMs, 'frame timestamps in whole milliseconds']);
  const failures = checks.filter(([ok]) => !ok).map(([, what]) => `${label}: real frame loop: ${what} (${JSON.stringify({ ...results, timestampsMs: undefined })})`);
  console.log(`${label}: real frame loop ${failures.length === 0 ? 'ok' : 'FAILED'} (refresh ${rate?.state} ${rate?.refreshRate})`);
  if (recipe) {
    const counts = `mountFrame ${recipe.mountFrame}, ${recipe.frames} frames, ${recipe.steps} steps (${recipe.uncontrolledSteps} without the controls), ${recipe.events} events, controls ${recipe.controls.join(' ')}`;
    console.log(`${label}: docs' recording recipe: ${counts}; replay ${recipe.problems.length === 0 ? 'identical' : `DIFFERS: ${recipe.problems.join('; ')}`}`);
  }
  console.log(`${label}: frame clock: ${clock.frames} frames, median interval ${clock.medianMs} ms, ${clock.wholeMs ? 'whole milliseconds' : 'sub-millisecond timestamps'}`);
  return { failures, results };
}

/** Part 2: the failures of the story play-throughs. */
async function stories(engine, base) {
  const index = join(storybook, 'index.json');
  if (!existsSync(index)) {
    const message = 'no storybook-static/index.json: build Storybook first (npm run build-storybook) to play the stories';
    if (ci) return [message];
    log(`stories NOT RUN — ${message}`);
    return [];
  }
  const entries = Object.values(JSON.parse(readFileSync(index, 'utf8')).entries).filter((e) => e.type === 'story' && e.id.includes(storyFilter));
  const failures = [];
  /** Stories whose text and canvases did not change over the frames watched (not a failure). */
  const still = [];
  /** Seconds each story took, page open to play-through done: the slowest are logged. */
  const took = [];
  let fresh = true;
  for (const story of entries) {
    let problems;
    const startedMs = performance.now();
    try {
      if (fresh) await engine.open(`${base}/iframe.html?id=${story.id}&viewMode=story`);
      else await engine.evaluate(switchStory, story.id);
      const seen = await engine.evaluate(playThrough, { frames: STORY_FRAMES, timeoutMs: PAGE_TIMEOUT_MS });
      problems = [
        ...seen.errors,
        seen.status === null && 'Storybook never said the story finished',
        seen.status === 'error' && 'Storybook reports the story failed',
        !seen.rendered && 'the story did not stay rendered (Storybook shows an error)',
        seen.frames < STORY_FRAMES && `only ${seen.frames} animation frames ran`,
        seen.status !== null && !seen.framed && "the story did not render inside the stories' transport frame (stories/kit/StoryFrame.tsx)",
        seen.nan && 'the page shows "NaN" (a value not measured yet must read "–")',
      ].filter(Boolean);
      if (!seen.changed) still.push(story.id);
    } catch (error) {
      problems = [String(error?.message ?? error)];
    }
    took.push([story.id, (performance.now() - startedMs) / 1000]);
    outcome(`${engineName}: story ${story.id}`, problems);
    fresh = problems.length > 0;
    if (problems.length > 0) {
      failures.push(`story ${story.id}: ${[...new Set(problems)].join('; ')}`);
      log(`✖ story ${story.id}`);
    }
  }
  const total = took.reduce((sum, [, s]) => sum + s, 0);
  const slowest = took.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([id, s]) => `${id} ${s.toFixed(1)} s`);
  log(`${entries.length} stories played in ${total.toFixed(0)} s, ${failures.length} failed; slowest: ${slowest.join(', ')}`);
  if (process.env.STORY_TIMES) for (const [id, s] of took) log(`  ${s.toFixed(1)} s ${id}`);
  if (still.length > 0) log(`picture unchanged over ${STORY_FRAMES} frames (text only, or waiting for input): ${still.join(', ')}`);
  return failures;
}

// Exit on a signal, so that the engine's 'exit' clean-up runs (webdriver.mjs; puppeteer has its own).
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));
/** The pointer positions the recorded session's game saw in Chromium (test/devtools/fixtures). */
const CHROMIUM_POINTER = ['20,30', '120,90'];

/**
 * The sessions each engine runs. WebKitGTK runs the real frame loop as it ships (accelerated
 * compositing, through software OpenGL under Xvfb: 5–10 frames a second on a story page) and
 * again without it, where the GTK frame clock paces 60-odd frames a second and the stories play.
 */
const SESSIONS = {
  chromium: [{ label: 'chromium', options: {}, frameLoop: false, stories: true }],
  firefox: [{ label: 'firefox', options: {}, stories: true, facts: { pointerClientX: 10.7, replayedPointer: CHROMIUM_POINTER } }],
  webkit: [
    // Under LANG=C.UTF-8 (the test machines' locale): docs/browsers.md says what WebKitGTK makes of it.
    { label: 'webkit (composited, LANG=C.UTF-8)', options: { compositing: true, locale: 'C.UTF-8' }, stories: false, facts: { language: 'C', intlError: 'RangeError', pointerClientX: 10 } },
    { label: 'webkit', options: { compositing: false }, stories: true, facts: { language: 'en-US', intlError: null, pointerClientX: 10, replayedPointer: ['19,29', '119,89'] } },
  ],
}[engineName];

const { server, base } = await serve();
const failures = [];
try {
  for (const session of SESSIONS) {
    const engine = await launch(engineName, where.path, session.options);
    try {
      console.log(`${session.label}: ${engine.version} (${where.path})`);
      if (session.frameLoop !== false) {
        const loop = await frameLoop(engine, base, session.label);
        const problems = [...loop.failures, ...(await facts(engine, session, loop.results))];
        outcome(`${session.label}: real frame loop`, problems);
        failures.push(...problems);
      }
      if (session.stories) failures.push(...(await stories(engine, base)));
    } finally {
      await engine.close();
    }
  }
} finally {
  server.close();
  if (reportFile) {
    const passed = outcomes.filter((o) => o.status === 'passed').length;
    const testResults = [{ name: `test/browser/runInEngine.mjs ${engineName}`, assertionResults: outcomes }];
    writeFileSync(reportFile, JSON.stringify({ numTotalTests: outcomes.length, numPassedTests: passed, numFailedTests: outcomes.length - passed, testResults }));
  }
}
if (failures.length > 0) fail(failures.join('\n  '));
log('ok');
