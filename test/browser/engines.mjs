// The engines the real-browser runner (runInEngine.mjs) drives, behind one small interface:
//   { name, version, open(url), evaluate(fn, arg), close() }
// `evaluate` runs `fn(arg)` in the page (fn must be self-contained: it is sent as source) and
// resolves with what it returns, awaiting a promise. Chromium goes through puppeteer-core over the
// DevTools protocol, Firefox ESR over WebDriver BiDi; WebKitGTK's MiniBrowser through WebKitWebDriver
// (W3C WebDriver over HTTP) under xvfb-run, as Playwright's own browser builds cannot be downloaded here.
import puppeteer from 'puppeteer-core';
import { chromiumArgs } from '../../scripts/chromium.js';
import { startSession } from './webdriver.mjs';

/**
 * Chromium or Firefox through puppeteer-core. Chromium gets the flags that keep a page's
 * requestAnimationFrame running at the display's rate while another browser's window is in front
 * or the machine is busy (as in vitest.config.ts).
 */
async function launchPuppeteer(name, executablePath) {
  const chromium = name === 'chromium';
  const args = chromium ? [...chromiumArgs, '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'] : [];
  const browser = await puppeteer.launch({ browser: chromium ? 'chrome' : 'firefox', executablePath, headless: true, args });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  return {
    name,
    version: await browser.version(),
    open: async (url) => void (await page.goto(url)),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    close: () => browser.close(),
  };
}

/** Runs `fn(arg)` and hands back { value } or { error }: WebDriver's async script reports through a callback. */
const ASYNC_WRAPPER = `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (FN)(arguments[0])).then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`;

/**
 * `compositing: false` turns WebKit's accelerated compositing off: under Xvfb there is no GPU, and
 * it then draws through software OpenGL (docs/browsers.md, "WebKitGTK in the tests"). `locale`:
 * WebKitGTK takes navigator.language from the process locale, and under `C.UTF-8` it is 'C', which
 * Intl.NumberFormat rejects (uPlot, the stories' plots, then fails to load).
 */
async function launchWebKit(binary, { compositing = true, locale = 'en_US.UTF-8' } = {}) {
  const args = ['--automation', ...(compositing ? [] : ['--features=-AcceleratedCompositing'])];
  const session = await startSession(
    ['xvfb-run', '-a', 'WebKitWebDriver'],
    { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary, args } },
    { env: { LANG: locale, LC_ALL: locale } },
  );
  // The page's own waits are bounded by frames and their own timeouts; this is only a backstop.
  await session.call('POST', '/timeouts', { script: 600_000, pageLoad: 120_000 });
  return {
    name: 'webkit',
    version: `WebKitGTK ${session.capabilities.browserVersion ?? '(version unknown)'}`,
    open: (url) => session.call('POST', '/url', { url }),
    async evaluate(fn, arg) {
      const script = ASYNC_WRAPPER.replace('FN', () => fn.toString());
      const result = await session.call('POST', '/execute/async', { script, args: [arg ?? null] });
      if (result?.error) throw new Error(result.error);
      return result?.value;
    },
    close: () => session.quit(),
  };
}

/** Start the engine `name` (its executable from scripts/browsers.mjs; `options` for WebKit). */
export function launch(name, path, options) {
  return name === 'webkit' ? launchWebKit(path, options) : launchPuppeteer(name, path);
}
