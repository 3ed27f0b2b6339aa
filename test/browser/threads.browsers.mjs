#!/usr/bin/env node
// react-timestep/worker in real browsers: the page test/browser/threads/page.tsx and its worker,
// bundled with esbuild, served on 127.0.0.1 twice (with COOP/COEP: cross-origin isolated, shared
// memory; without: messages) and opened in Chromium (playwright) and Firefox ESR (puppeteer-core,
// WebDriver BiDi). Checked in each of the four runs: the transport the page's isolation calls for;
// no torn state read 'latest' or 'interpolated', alpha in [0, 1]; the worker's clock mapped onto
// the page's; the worker steps on while the main thread is blocked for 300 ms; every step index in
// order; each input event seen by one step, never one that ended before it happened; after unmount
// no worker is alive (no heartbeat). Only frame counts and a blocked main thread are waited on, so it
// holds at any frame rate. A missing browser is skipped, saying so (a failure under CI=true).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, findChromium } from '../../scripts/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';
const firefox = (process.env.FIREFOX_PATH ? [process.env.FIREFOX_PATH] : ['/usr/bin/firefox-esr', '/usr/bin/firefox']).find((p) => existsSync(p));
/** Generous: a page on a busy machine runs at 15 fps; the page waits on frames, not on time. */
const PAGE_TIMEOUT_MS = 120_000;

async function bundle(entry) {
  const out = await build({
    entryPoints: [`${root}test/browser/threads/${entry}`],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'warning',
  });
  return out.outputFiles[0].contents;
}

const files = {
  '/': ['text/html', '<!doctype html><meta charset="utf-8"><title>threads</title><body><script type="module" src="/threads-page.js"></script>'],
  '/threads-page.js': ['text/javascript', await bundle('page.tsx')],
  '/threads-worker.js': ['text/javascript', await bundle('worker.ts')],
};

/** Serve the page; `isolated`: every response carries COOP/COEP, so the page and its worker may share memory. */
async function serve(isolated) {
  const server = createServer((req, res) => {
    const file = files[(req.url ?? '/').split('?')[0]];
    if (!file) return void res.writeHead(404).end();
    const headers = { 'content-type': file[0] };
    if (isolated) Object.assign(headers, { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
    res.writeHead(200, headers).end(file[1]);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function check(results, isolated, label) {
  const problems = [];
  const expect = (ok, what) => ok || problems.push(`${label}: ${what}`);
  expect(results.errors.length === 0, `no error on the page (${results.errors.join('; ')})`);
  expect(results.isolated === isolated, `crossOriginIsolated is ${results.isolated}`);
  expect(results.transport === (isolated ? 'shared' : 'message'), `transport ${results.transport}`);
  for (const read of ['latest', 'interpolated']) {
    const r = results.reads[read];
    expect(r.reads >= 90 && r.torn === 0, `'${read}' read ${r.reads} states, ${r.torn} torn`);
  }
  expect(Object.values(results.reads).every((r) => r.alphaOutside === 0), 'alpha in [0, 1]');
  // Over messages every state arrives whole: even 'live' has no state being written to show.
  if (!isolated) expect(results.reads.live.torn === 0, `'live' over messages read ${results.reads.live.torn} torn states`);
  const c = results.clock;
  // The mapped time sums three rounded numbers (the worker's now() and both time origins) and is
  // compared with a fourth (the page's now()), each off by up to the timer's resolution: 1 ms in
  // Firefox without isolation (a CI run read 2 ms early). A wrong offset is off by the worker's
  // start-up time or more.
  expect(c && c.mapped >= c.before - 4 && c.mapped <= c.after + 4, `worker clock mapped onto the page's (${JSON.stringify(c)})`);
  const b = results.block;
  // BLOCK_MIN_STEPS in page.tsx (which tries up to three blocks).
  expect(b && b.stepsDuring >= 3, `the worker stepped while the main thread was blocked (${JSON.stringify(b)})`);
  expect(results.steps.count > 50 && results.steps.gaps === 0, `every step index in order (${JSON.stringify(results.steps)})`);
  const i = results.input;
  expect(i && i.seen === i.sent && i.twice === 0 && i.beforeHappened === 0, `each event seen by exactly one step, none before it happened (${JSON.stringify(i)})`);
  const t = results.teardown;
  expect(t && t.heartbeatsBefore > 0 && t.heartbeatsAfter === 0, `no worker alive after unmount (${JSON.stringify(t)})`);
  return problems;
}

function summary(results) {
  const { transport, block, input, reads, clock } = results;
  return `${results.seconds.toFixed(1)} s, ${transport}: ${reads.latest.reads} reads a way, live torn ${reads.live.torn}; ${block.stepsDuring} of ${block.expected} steps ran during a ${block.ms.toFixed(0)} ms block${block.tries > 1 ? ` (try ${block.tries})` : ''}; input ${input.inSpan}/${input.sent} in their step's span; worker clock ${(clock.mapped - clock.before).toFixed(2)} ms after the question, ${(clock.after - clock.mapped).toFixed(2)} ms before the answer`;
}

/** One page served `isolated` or not: its problems (none: it passed), and a line of what it saw. */
async function runOne(open, name, isolated) {
  const server = await serve(isolated);
  const label = `${name}, ${isolated ? 'isolated' : 'not isolated'}`;
  const startedMs = Date.now();
  try {
    const results = await open(`http://127.0.0.1:${server.address().port}/`);
    results.seconds = (Date.now() - startedMs) / 1000;
    const problems = check(results, isolated, label);
    console.log(`${problems.length === 0 ? '✓' : '✖'} ${label}: ${results.block ? summary(results) : JSON.stringify(results)}`);
    return problems;
  } catch (error) {
    console.log(`✖ ${label}: ${error?.message ?? error}`);
    return [`${label}: ${error?.message ?? error}`];
  } finally {
    server.close();
  }
}

/** Both pages; `together`: at once (two origins, so their heartbeat channels do not mix). */
async function runIn(open, name, together) {
  if (together) return (await Promise.all([runOne(open, name, true), runOne(open, name, false)])).flat();
  return [...(await runOne(open, name, true)), ...(await runOne(open, name, false))];
}

const waitForResults = (page) =>
  page.waitForFunction(() => window.__threads?.done === true, { timeout: PAGE_TIMEOUT_MS, polling: 100 }).then(() => page.evaluate(() => window.__threads));

/** Both pages in Chromium (playwright), at once: with these flags a page in the background keeps its frames; its dedicated-worker list is checked too. */
async function inChromium() {
  const executablePath = findChromium();
  if (!executablePath) return missing('threads: no Chromium found (CHROMIUM_PATH, /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, args: [...chromiumArgs, '--disable-renderer-backgrounding', '--disable-background-timer-throttling'] });
  try {
    return await runIn(async (url) => {
      const page = await browser.newPage();
      try {
        await page.goto(url);
        const results = await waitForResults(page);
        // Chromium also lists a page's dedicated workers: none may be left. The list follows the
        // browser's own events, which a loaded machine delays: a worker still alive stays on it.
        for (let waited = 0; page.workers().length > 0 && waited < 5_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
        if (page.workers().length > 0) results.errors.push(`${page.workers().length} dedicated worker(s) still listed 5 s after unmount`);
        return results;
      } finally {
        await page.close();
      }
    }, `Chromium ${browser.version()}`, true);
  } finally {
    await browser.close();
  }
}

/** Both pages in Firefox ESR (puppeteer-core, WebDriver BiDi), one after the other: a tab in the background gets throttled frames. */
async function inFirefox() {
  if (!firefox) return missing('threads: no Firefox found (FIREFOX_PATH, /usr/bin/firefox-esr)');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefox, headless: true });
  try {
    return await runIn(async (url) => {
      const page = await browser.newPage();
      try {
        await page.goto(url);
        return await waitForResults(page);
      } finally {
        await page.close();
      }
    }, `Firefox ${await browser.version()}`, false);
  } finally {
    await browser.close();
  }
}

/**
 * examples/worker-app/test.mjs (a Vite build of react-timestep/worker served with COOP/COEP), run
 * alongside the browsers rather than as a step of its own: it waits on its build and on frames, so
 * sharing the cores changes no verdict and saves its ~20 s of wall time.
 */
function workerExample() {
  if (!findChromium()) return missing('threads: no Chromium found for examples/worker-app');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${root}examples/worker-app/test.mjs`], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0 ? [] : [`examples/worker-app/test.mjs failed (exit ${code})`]));
  });
}

function missing(message) {
  if (ci) return [message];
  console.log(`${message}: skipped`);
  return [];
}

// Both browsers at once: Firefox takes ~15 s to start (a fresh profile), as long as Chromium's four
// runs; the pages wait on frames, not on time, so sharing the cores changes no verdict.
const failures = (await Promise.all([inChromium(), inFirefox(), workerExample()])).flat();

if (failures.length > 0) {
  console.error(`✖ threads in real browsers:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('threads in real browsers: ok');
