// Shared by the renderer example tests (r3f-app, pixi-app): pack react-timestep as npm would publish
// it, install the tarball into the app like a user, build with Vite, serve the build on 127.0.0.1 and
// open it in headless Chromium with requestAnimationFrame wrapped, so the test can count the loops.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium } from 'playwright';
import { chromiumArgs, findChromium } from '../scripts/chromium.js';

const repoDir = join(import.meta.dirname, '..');

function sh(cwd, command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with ${result.status}`);
}

/**
 * The package as npm would publish it: REACT_TIMESTEP_TARBALL when set (`npm test` packs once for
 * every app), else packed into `appDir` now. Returns the tarball's path.
 */
export function packedTarball(appDir) {
  if (process.env.REACT_TIMESTEP_TARBALL) return process.env.REACT_TIMESTEP_TARBALL;
  for (const file of readdirSync(appDir)) if (file.endsWith('.tgz')) rmSync(join(appDir, file));
  sh(repoDir, 'npm', ['pack', '--silent', '--pack-destination', appDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(appDir).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  return join(appDir, tarball);
}

/**
 * Pack the package into `appDir`, install the tarball and the app's own dependencies, and build.
 * Returns the seconds each part took.
 */
export function installAndBuild(appDir) {
  const times = {};
  let started = Date.now();
  const tarball = packedTarball(appDir);
  times.pack = (Date.now() - started) / 1000;
  started = Date.now();
  // The app's package.json pins its dependencies; the tarball is added without touching it.
  sh(appDir, 'npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball]);
  times.install = (Date.now() - started) / 1000;
  started = Date.now();
  sh(appDir, 'npx', ['vite', 'build', '--logLevel', 'warn']);
  times.build = (Date.now() - started) / 1000;
  return times;
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };

function serve(root) {
  const server = createServer((req, res) => {
    const path = join(root, req.url === '/' ? 'index.html' : decodeURIComponent(req.url.split('?')[0]));
    if (!path.startsWith(root) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Runs in the page before any of its scripts. Every requestAnimationFrame call belongs to a chain:
 * a call made inside a rAF callback continues that callback's chain, a call made anywhere else
 * starts a new one. A loop (ours, r3f's, Pixi's ticker) is one chain that keeps requesting; a
 * one-off request is a chain that stops. `window.__rafChains.activeSince(t)` lists the chains that
 * requested a frame after page time `t`.
 */
const countChains = () => {
  const original = window.requestAnimationFrame.bind(window);
  let current = 0;
  let next = 1;
  const lastRequestMs = new Map();
  const origins = new Map();
  let requests = 0;
  window.__rafChains = {
    get started() {
      return next - 1;
    },
    get requests() {
      return requests;
    },
    activeSince(sinceMs) {
      return [...lastRequestMs].filter(([, t]) => t >= sinceMs).map(([chain]) => ({ chain, origin: origins.get(chain) }));
    },
  };
  window.requestAnimationFrame = function requestAnimationFrame(callback) {
    let chain = current;
    if (chain === 0) {
      chain = next++;
      origins.set(chain, (new Error().stack ?? '').split('\n').slice(2, 5).join(' | '));
    }
    requests++;
    lastRequestMs.set(chain, performance.now());
    return original((timestampMs) => {
      const outer = current;
      current = chain;
      try {
        callback(timestampMs);
      } finally {
        current = outer;
      }
    });
  };
};

/**
 * Open the built app (`appDir/dist`) in headless Chromium and hand the page to `check(page)`. Fails
 * on any console error, page error or failed request, and when more or fewer than ONE
 * requestAnimationFrame chain is running after `check` (a second loop would show up as a second
 * chain). Returns what `check` returned plus the chain counts.
 */
export async function runInChromium(appDir, check) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found for the example app test (apt-get install -y chromium)');
  const server = await serve(join(appDir, 'dist'));
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const errors = [];
  try {
    const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    await page.addInitScript(countChains);
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const result = await check(page);
    // Chains that request frames during the next second and at least 30 requests (a loaded machine
    // may run few frames in a second): the loops running now.
    const since = await page.evaluate(() => ({ ms: performance.now(), requests: window.__rafChains.requests }));
    await page.waitForTimeout(1000);
    await page.waitForFunction((n) => window.__rafChains.requests >= n, since.requests + 30, { timeout: 60000, polling: 100 });
    const active = await page.evaluate((t) => window.__rafChains.activeSince(t), since.ms);
    const started = await page.evaluate(() => window.__rafChains.started);
    if (active.length !== 1) {
      throw new Error(`expected exactly one requestAnimationFrame loop, found ${active.length}:\n${active.map((c) => `  chain ${c.chain}: ${c.origin}`).join('\n')}`);
    }
    if (errors.length > 0) throw new Error(`console errors:\n${errors.join('\n')}`);
    return { ...result, activeChains: active.length, chainsStarted: started };
  } finally {
    await browser.close();
    server.close();
  }
}

/** Count the pixels of `selector` (a WebGL canvas with preserveDrawingBuffer) that differ from its top-left pixel (the clear colour). */
export function paintedPixels(page, selector) {
  return page.evaluate((sel) => {
    const source = document.querySelector(sel);
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const ctx = copy.getContext('2d');
    ctx.drawImage(source, 0, 0);
    const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) count++;
    }
    return count;
  }, selector);
}

/** A fingerprint of the canvas picture: two different numbers mean the picture changed. */
export function pictureHash(page, selector) {
  return page.evaluate((sel) => {
    const source = document.querySelector(sel);
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const ctx = copy.getContext('2d');
    ctx.drawImage(source, 0, 0);
    const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
    let hash = 0;
    for (let i = 0; i < data.length; i++) hash = (hash * 31 + data[i]) | 0;
    return hash;
  }, selector);
}
