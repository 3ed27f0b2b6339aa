// Section 3: scripting time per frame in headless Chromium, 1,000 subscribers per page.
// Pages are bundled with esbuild from bench/browser/*.mjs (our code from the built dist/), served
// from 127.0.0.1 with cross-origin isolation headers, and driven by playwright.
import { createServer } from 'node:http';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { ourModule } from '../lib/dist.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../.tmp/browser/', import.meta.url));
export const PAGES = ['ours', 'oursHooks', 'rafz', 'rafzHooks', 'motion', 'rafPerHook', 'fixedScene', 'baseline'];
const CHROMIUM = '/usr/bin/chromium';
/**
 * Every page is loaded once per round, pages in turn; each figure is the median over rounds. Five:
 * on a shared 2-core machine one page's round means spread by up to 2× (64–134 µs seen), and with
 * three the median still flipped a 10 % comparison between two runs.
 */
export const BROWSER_ROUNDS = 5;

/**
 * @param {{ log: (line: string) => void }} options
 * @returns {Promise<{ browser: string, results: any[] }>}
 */
export async function runBrowser({ log }) {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: PAGES.map((p) => join(here, `${p}.mjs`)),
    outdir: outDir,
    bundle: true,
    format: 'esm',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The pages import ../../dist/index.js; bundle the run's snapshot of it instead.
    plugins: [{
      name: 'dist-snapshot',
      setup(b) {
        b.onResolve({ filter: /\/dist\/index\.js$/ }, () => ({ path: fileURLToPath(ourModule('index.js')) }));
      },
    }],
    logLevel: 'error',
  });
  for (const page of PAGES) {
    await writeFile(join(outDir, `${page}.html`), `<!doctype html><meta charset="utf-8"><title>${page}</title><script type="module" src="./${page}.js"></script>\n`);
  }

  const server = createServer(async (req, res) => {
    try {
      const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/+/, '');
      if (!/^[\w.-]+$/.test(name)) throw new Error('bad path');
      const body = await readFile(join(outDir, name));
      res.writeHead(200, {
        'content-type': name.endsWith('.html') ? 'text/html' : 'text/javascript',
        // Cross-origin isolation: performance.now() at 5 µs resolution instead of 100 µs.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const rounds = new Map(PAGES.map((name) => [name, []]));
  try {
    for (let round = 1; round <= BROWSER_ROUNDS; round++) {
      for (const name of PAGES) {
        const page = await browser.newPage();
        // A page that throws (a mount that did not subscribe) fails the section at once, not after the timeout.
        const failed = new Promise((_, reject) => page.on('pageerror', (error) => reject(new Error(`${name}: ${error.message}`))));
        failed.catch(() => undefined);
        await page.goto(`http://127.0.0.1:${port}/${name}.html`);
        await Promise.race([page.waitForFunction(() => window.__result !== undefined, undefined, { timeout: 90_000 }), failed]);
        const result = await page.evaluate(() => window.__result);
        rounds.get(name).push(result);
        log(`  round ${round}: ${result.label.padEnd(22)} mean ${(result.meanMs * 1000).toFixed(1)} µs  median ${(result.medianMs * 1000).toFixed(1)} µs  calls/frame ${result.callsPerFrame.toFixed(0)}`);
        await page.close();
      }
    }
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    };
    const results = PAGES.map((name) => {
      const all = rounds.get(name);
      return {
        page: name,
        label: all[0].label,
        frames: all[0].frames,
        crossOriginIsolated: all.every((r) => r.crossOriginIsolated),
        meanMs: median(all.map((r) => r.meanMs)),
        medianMs: median(all.map((r) => r.medianMs)),
        p95Ms: median(all.map((r) => r.p95Ms)),
        callsPerFrame: Math.min(...all.map((r) => r.callsPerFrame)),
        roundsMeanMs: all.map((r) => r.meanMs),
      };
    });
    return { browser: `Chromium ${browser.version()} (headless)`, results };
  } finally {
    await browser.close();
    server.close();
  }
}
