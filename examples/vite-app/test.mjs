#!/usr/bin/env node
// The consumer test: pack react-timestep as npm would publish it, install the tarball into this app
// like a user, build with Vite, and drive the built page in headless Chromium — once with React 19
// and once with React 18. It checks that the page renders, animates and logs no console error.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { join, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { findChromium, chromiumArgs } from '../../scripts/chromium.js';
import { packedTarball } from '../browser-check.mjs';

const appDir = dirname(fileURLToPath(import.meta.url));

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: appDir, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with ${result.status}`);
}

const tarball = packedTarball(appDir);

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found for the example app test (apt-get install -y chromium)');

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
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

async function check(reactVersion, outDir) {
  console.log(`\nexample app with React ${reactVersion}`);
  sh('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error',
    `react@${reactVersion}`, `react-dom@${reactVersion}`, tarball]);
  sh('npx', ['vite', 'build', '--logLevel', 'warn'], { env: { ...process.env, OUT_DIR: outDir } });

  const server = await serve(join(appDir, outDir));
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const errors = [];
  try {
    const page = await browser.newPage();
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => { if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`); });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.getByTestId('react-version').waitFor();
    const shownVersion = await page.getByTestId('react-version').textContent();
    if (shownVersion !== `React ${reactVersion}`) throw new Error(`page runs ${shownVersion}, expected React ${reactVersion}`);

    const read = async (id) => Number(await page.getByTestId(id).textContent());
    const frames0 = await read('frames');
    const updates0 = await read('updates');
    await page.waitForFunction(
      ([f, u]) => Number(document.querySelector('[data-testid=frames]').textContent) > f + 20 &&
        Number(document.querySelector('[data-testid=updates]').textContent) > u + 10,
      // Far above what a loaded machine needs (a few seconds at 5 fps).
      [frames0, updates0], { timeout: 60000 });
    const frames1 = await read('frames');
    const updates1 = await read('updates');

    // The ball is drawn: some canvas pixel is not transparent.
    const painted = await page.evaluate(() => {
      const canvas = document.querySelector('canvas[aria-label="Bouncing ball"]');
      const ctx = canvas.getContext('2d');
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count++;
      return count;
    });
    if (painted === 0) throw new Error('the canvas is blank');
    const rate = Number(await page.getByTestId('refresh-rate').textContent());
    if (!(rate > 0)) throw new Error(`refresh rate shown is ${rate}`);
    if (errors.length > 0) throw new Error(`console errors:\n${errors.join('\n')}`);
    console.log(`React ${reactVersion}: frames ${frames0} → ${frames1}, fixed updates ${updates0} → ${updates1}, ` +
      `${painted} painted pixels, refresh estimate ${rate} Hz, no console errors`);
  } finally {
    await browser.close();
    server.close();
  }
}

await check('19.3.1', 'dist');
await check('18.3.1', 'dist-react18');
console.log('\nexample app: 2 passed, 0 failed');
