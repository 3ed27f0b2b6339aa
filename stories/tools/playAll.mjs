#!/usr/bin/env node
// Plays every story of a built Storybook in real browsers, the way a reader opens it (Storybook's
// own preview, keyboard shortcuts and all), and fails on anything a reader could see go wrong: a
// play function that fails, an uncaught error or unhandled rejection, a console.error. A review
// tool, not a step of `npm test` (the story tests and the Firefox playback are):
//
//   npx storybook build -o /tmp/sb && node stories/tools/playAll.mjs /tmp/sb [--firefox] [--filter text]
//
// Chromium comes from playwright-core (/usr/bin/chromium), Firefox from puppeteer-core over
// WebDriver BiDi (/usr/bin/firefox-esr). Waits are the play functions' own (animation frames):
// to check a story under load, run this beside two `node -e 'for(;;){}'`.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';

const args = process.argv.slice(2);
const dir = resolve(args.find((a) => !a.startsWith('--')) ?? 'storybook-static');
const firefox = args.includes('--firefox');
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1] : '';
/** A story that has not finished its play function after this long has hung (15 fps, a busy machine). */
const STORY_TIMEOUT_MS = 300_000;
/** Animation frames a story keeps running after its play function: Storybook ignores keys only while one plays. */
const AFTER_PLAY_FRAMES = 180;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

const server = createServer((req, res) => {
  const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
  // Browsers ask for a favicon the static build does not have: an empty one, not a 404 in the console.
  if (url === '/favicon.ico') return void res.writeHead(204).end();
  const path = join(dir, url === '/' ? 'index.html' : url);
  if (!path.startsWith(dir) || !existsSync(path)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;

// In the page before Storybook starts: note how the story's play function ended, and count frames.
function listen() {
  window.__frames = 0;
  const count = () => {
    window.__frames += 1;
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
  const attach = () => {
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) return void setTimeout(attach, 20);
    channel.on('storyFinished', (event) => (window.__played = event.status));
    channel.on('playFunctionThrewException', (error) => (window.__playError = String(error?.message ?? error)));
  };
  attach();
}

/** A page per story, on an adapter that hides the two automation libraries' differences. */
async function openBrowser() {
  if (!firefox) {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'] });
    return {
      name: `Chromium ${browser.version()}`,
      async page() {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.addInitScript(listen);
        return page;
      },
      close: () => browser.close(),
    };
  }
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
  return {
    name: await browser.version(),
    async page() {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      await page.evaluateOnNewDocument(listen);
      return page;
    },
    close: () => browser.close(),
  };
}

const browser = await openBrowser();
const stories = Object.values(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')).entries).filter((e) => e.type === 'story' && e.id.includes(filter));
console.log(`${browser.name}: ${stories.length} stories`);
const failures = [];
for (const story of stories) {
  const started = Date.now();
  const page = await browser.page();
  const problems = [];
  const pending = [];
  let fps = Number.NaN;
  page.on('pageerror', (error) => problems.push(`page error: ${error?.message ?? error}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Firefox (BiDi) gives an object argument's text as "JSHandle@object": read the arguments' values.
    const entry = Promise.all(message.args().map((arg) => arg.jsonValue().then((v) => (typeof v === 'string' ? v : JSON.stringify(v)), () => String(arg))))
      .then((parts) => parts.join(' ') || message.text(), () => message.text());
    pending.push(entry.then((text) => problems.push(`console.error: ${text.slice(0, 300)}`)));
  });
  await page.goto(`${base}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
  try {
    await page.waitForFunction(() => window.__played !== undefined, { timeout: STORY_TIMEOUT_MS, polling: 200 });
    const [played, error, frames, ms] = await page.evaluate(() => [window.__played, window.__playError, window.__frames, performance.now()]);
    fps = (1000 * frames) / ms;
    if (played !== 'success') problems.push(`play function: ${played}${error ? `: ${error}` : ''}`);
    await page.evaluate((frames) => new Promise((done) => {
      let left = frames;
      const tick = () => ((left -= 1) <= 0 ? done() : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    }), AFTER_PLAY_FRAMES);
  } catch (error) {
    problems.push(`did not finish: ${error.message}`);
  }
  await Promise.all(pending);
  await page.close();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${story.id} (${seconds} s, ${fps.toFixed(0)} fps)${problems.length ? `\n     ${[...new Set(problems)].join('\n     ')}` : ''}`);
  if (problems.length > 0) failures.push(story.id);
}
await browser.close();
server.close();
console.log(`${stories.length - failures.length} passed, ${failures.length} failed${failures.length ? `: ${failures.join(', ')}` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);
