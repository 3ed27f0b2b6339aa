#!/usr/bin/env node
// The browser tests in Firefox ESR, driven by puppeteer-core over WebDriver BiDi (Vitest's
// Playwright provider cannot get a Firefox here). Two parts, both on real animation frames and
// asserting only "frames advanced", never durations, so they pass at any frame rate:
//   1. the real-frame-loop checks (realFrameLoop.page.tsx, bundled with esbuild): <GameCanvas> runs
//      updates, hands alpha in [0, 1] and draws pixels; useRefreshRate leaves 'measuring' and
//      useFixedTimestep counts steps;
//   2. story playback: every story of the built storybook-static renders in Firefox, its page keeps
//      animating and reports no error.
// Without Firefox (FIREFOX_PATH, /usr/bin/firefox-esr, /usr/bin/firefox) it says so and exits 0;
// under CI=true that is a failure. Without storybook-static, part 2 says so (a failure under CI).
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';
// FIREFOX_PATH, when set, is the only place looked at (so a missing Firefox can be tried out).
const firefox = (process.env.FIREFOX_PATH ? [process.env.FIREFOX_PATH] : ['/usr/bin/firefox-esr', '/usr/bin/firefox']).find((p) => existsSync(p));
const storybook = join(root, 'storybook-static');
/** Generous: a page on a busy machine runs at 15 fps; the checks wait on frames, not on time. */
const PAGE_TIMEOUT_MS = 60_000;

function fail(message) {
  console.error(`✖ firefox: ${message}`);
  process.exit(1);
}

if (!firefox) {
  const message = 'no Firefox found (FIREFOX_PATH, /usr/bin/firefox-esr): `apt-get install -y firefox-esr` to run the browser tests in Firefox too.';
  if (ci) fail(`${message} Under CI=true a missing browser is a failure.`);
  console.log(`firefox: skipped — ${message}`);
  process.exit(0);
}

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
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };
const server = createServer((req, res) => {
  const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
  if (url === '/__page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(pageHtml);
  if (url === '/__page.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle.outputFiles[0].contents);
  const path = join(storybook, url === '/' ? 'index.html' : url);
  if (!path.startsWith(storybook) || !existsSync(path)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefox, headless: true });
const failures = [];
try {
  console.log(`firefox: ${await browser.version()} (${firefox})`);
  const page = (await browser.pages())[0] ?? (await browser.newPage());

  await page.goto(`${base}/__page.html`);
  await page.waitForFunction(() => window.__results?.done === true, { timeout: PAGE_TIMEOUT_MS, polling: 100 });
  const results = await page.evaluate(() => window.__results);
  const check = (ok, what) => {
    if (!ok) failures.push(`real frame loop: ${what} (${JSON.stringify(results)})`);
  };
  check(results.errors.length === 0, 'no error on the page');
  check(results.canvas && results.canvas.renders >= 20 && results.canvas.updates >= 5, '<GameCanvas> ran updates and renders');
  check(results.canvas && results.canvas.minAlpha >= 0 && results.canvas.maxAlpha <= 1, 'alpha in [0, 1]');
  check(results.canvas && results.canvas.green > 0, '<GameCanvas> drew pixels');
  check(results.rate && results.rate.refreshRate > 0 && Number.isFinite(results.rate.refreshRate), 'useRefreshRate measured a positive rate');
  check(results.rate && ['synced', 'unsynced', 'throttled'].includes(results.rate.state), 'useRefreshRate left measuring');
  check(results.rate && results.rate.confidence >= 0 && results.rate.confidence <= 1, 'confidence in [0, 1]');
  check(results.rate && results.rate.steps >= 10, 'useFixedTimestep counted steps');
  console.log(`firefox: real frame loop ${failures.length === 0 ? 'ok' : 'FAILED'} (refresh ${results.rate?.state} ${results.rate?.refreshRate})`);

  const index = join(storybook, 'index.json');
  if (!existsSync(index)) {
    const message = 'no storybook-static/index.json: build Storybook first (npm run build-storybook) to play the stories in Firefox';
    if (ci) failures.push(message);
    else console.log(`firefox: stories skipped — ${message}`);
  } else {
    const stories = Object.values(JSON.parse(readFileSync(index, 'utf8')).entries).filter((e) => e.type === 'story');
    for (const story of stories) {
      const errors = [];
      // A fresh tab per story: nothing of the last story's document is left to reach into.
      const tab = await browser.newPage();
      tab.on('pageerror', (error) => errors.push(String(error?.message ?? error)));
      // A console.error is a failure too (a React warning, a failed play function); the static server has no favicon.
      tab.on('console', (message) => {
        if (message.type() === 'error' && !/favicon/.test(`${message.text()} ${message.location()?.url ?? ''}`)) errors.push(`console.error: ${message.text()}`);
      });
      await tab.goto(`${base}/iframe.html?id=${story.id}&viewMode=story`);
      try {
        // Rendered, and at least 30 animation frames later still rendered: frames, not time.
        await tab.waitForFunction(() => (document.getElementById('storybook-root')?.childElementCount ?? 0) > 0, { timeout: PAGE_TIMEOUT_MS, polling: 100 });
        await tab.evaluate(() => new Promise((resolve) => {
          let left = 30;
          const tick = () => ((left -= 1) <= 0 ? resolve() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }));
        const shown = await tab.evaluate(() => (document.getElementById('storybook-root')?.childElementCount ?? 0) > 0 && !document.querySelector('.sb-show-errordisplay'));
        if (!shown) errors.push('the story did not stay rendered (Storybook shows an error)');
      } catch (error) {
        errors.push(String(error?.message ?? error));
      }
      await tab.close();
      if (errors.length > 0) failures.push(`story ${story.id}: ${[...new Set(errors)].join('; ')}`);
    }
    console.log(`firefox: ${stories.length} stories played, ${failures.filter((f) => f.startsWith('story')).length} failed`);
  }
} finally {
  await browser.close();
  server.close();
}
if (failures.length > 0) fail(failures.join('\n  '));
console.log('firefox: ok');
