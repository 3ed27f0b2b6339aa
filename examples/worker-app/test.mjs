#!/usr/bin/env node
// The worker example's test: pack react-timestep as npm would publish it, unpack the tarball into
// this app's node_modules like a user's install, build with Vite (the worker bundled as a module), serve the build with the
// COOP/COEP headers vite.config.js sets, and drive it in headless Chromium: the page is cross-origin
// isolated, the states travel over shared memory, the worker's steps advance, the balls are drawn,
// no console error.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync, existsSync, mkdirSync, rmSync, readdirSync } from 'node:fs';
import { join, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { findChromium, chromiumArgs } from '../../scripts/chromium.js';
import { paintedPixels } from '../browser-check.mjs';

const appDir = dirname(fileURLToPath(import.meta.url));
const repoDir = join(appDir, '..', '..');

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: appDir, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with ${result.status}`);
}

for (const file of readdirSync(appDir)) if (file.endsWith('.tgz')) rmSync(join(appDir, file));
// `npm test` built dist/ in its build step (this step needs it): packing skips the second build (~45 s here).
const built = existsSync(join(repoDir, 'dist', 'worker', 'index.js'));
sh('npm', ['pack', '--silent', ...(built ? ['--ignore-scripts'] : []), '--pack-destination', appDir], { cwd: repoDir, stdio: ['ignore', 'ignore', 'inherit'] });
const tarball = readdirSync(appDir).find((file) => file.endsWith('.tgz'));
if (!tarball) throw new Error('npm pack wrote no tarball');
const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found for the worker example test (apt-get install -y chromium)');

// The tarball unpacked where npm would put it (the package has no dependencies; React, Vite and the
// React plugin resolve from the repository's node_modules): what `npm install` does, without its
// ~16 s of registry round trips.
const target = join(appDir, 'node_modules', 'react-timestep');
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
sh('tar', ['-xzf', tarball, '--strip-components=1', '-C', target]);
sh('npx', ['vite', 'build', '--logLevel', 'warn']);

// The headers of vite.config.js (dev server and preview), on the built files.
const { default: config } = await import(join(appDir, 'vite.config.js'));
const headers = config.preview.headers;
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const root = join(appDir, 'dist');
const server = createServer((req, res) => {
  const path = join(root, req.url === '/' ? 'index.html' : decodeURIComponent(req.url.split('?')[0]));
  if (!path.startsWith(root) || !existsSync(path)) return void res.writeHead(404).end();
  res.writeHead(200, { ...headers, 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const browser = await chromium.launch({ executablePath, args: chromiumArgs });
const errors = [];
try {
  const page = await browser.newPage();
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => void (response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`)));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const text = (id) => page.getByTestId(id).textContent();
  // Waits on the worker's steps, not on time: far above what a loaded machine needs.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=step]').textContent) >= 30, undefined, { timeout: 60000 });
  const isolated = await text('isolated');
  const transport = await text('transport');
  if (isolated !== 'true') throw new Error(`the page is not cross-origin isolated (crossOriginIsolated: ${isolated}): the COOP/COEP headers did not apply`);
  if (transport !== 'shared') throw new Error(`transport is ${transport}, expected 'shared' on an isolated page`);
  const painted = await paintedPixels(page, 'canvas[aria-label="Balls stepped in a worker"]');
  if (painted === 0) throw new Error('the canvas is blank');
  if (errors.length > 0) throw new Error(`console errors:\n${errors.join('\n')}`);
  console.log(`worker example: cross-origin isolated, transport ${transport}, worker step ${await text('step')}, ${painted} painted pixels, no console errors`);
} finally {
  await browser.close();
  server.close();
}
