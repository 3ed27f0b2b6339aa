#!/usr/bin/env node
// The PixiJS consumer test: the packed react-timestep tarball in a Vite app with PixiJS 8 and matter-js,
// driven in headless Chromium (WebGL through SwiftShader). It checks that the scene renders,
// animates, steps the physics at the fixed step, that exactly ONE requestAnimationFrame loop runs
// (Pixi's tickers stay stopped: react-timestep's scheduler updates them and renders), and that nothing is
// logged as an error.
import { installAndBuild, paintedPixels, pictureHash, runInChromium } from '../browser-check.mjs';

const appDir = import.meta.dirname;
const times = installAndBuild(appDir);
const started = Date.now();
const result = await runInChromium(appDir, async (page) => {
  // All counters in one read: the page writes them together once a frame, so they belong to one frame.
  const counters = () =>
    page.evaluate(() => {
      const read = (id) => Number(document.querySelector(`[data-testid=${id}]`).textContent);
      return { updates: read('updates'), frames: read('frames'), ticks: read('pixi-ticks') };
    });
  // Timeouts far above what a loaded machine needs (a few seconds at 5 fps); polling by timer: the
  // default polls by requestAnimationFrame, a loop of its own.
  const wait = { timeout: 60000, polling: 100 };
  // Pixi is ready (its ticker has run) and the scheduler has run a while.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=frames]')?.textContent) > 20 && Number(document.querySelector('[data-testid=pixi-ticks]')?.textContent) > 0, null, wait);
  const before = await counters();
  const hash0 = await pictureHash(page, 'canvas');
  await page.waitForFunction(
    ([u, f]) => Number(document.querySelector('[data-testid=updates]').textContent) > u + 10 && Number(document.querySelector('[data-testid=frames]').textContent) > f + 20,
    [before.updates, before.frames],
    wait,
  );
  const hash1 = await pictureHash(page, 'canvas');
  const after = await counters();
  // Pixi's ticker runs exactly once per scheduler frame, whatever the frame rate.
  const ticks = after.ticks - before.ticks;
  const frames = after.frames - before.frames;
  if (ticks !== frames) throw new Error(`Pixi's ticker ran ${ticks} times in ${frames} scheduler frames`);
  const painted = await paintedPixels(page, 'canvas');
  if (painted === 0) throw new Error('the WebGL canvas is blank');
  if (hash0 === hash1) throw new Error('the picture did not change: the scene does not animate');
  return { painted, updates: after.updates, frames: after.frames, pixiTicks: after.ticks, ticks, framesBetween: frames };
});
console.log(
  `pixi app: ${result.painted} painted pixels, picture changes, fixed updates ${result.updates}, frames ${result.frames}, Pixi ticker runs ${result.pixiTicks} (${result.ticks} in ${result.framesBetween} frames), ` +
    `${result.activeChains} requestAnimationFrame loop (${result.chainsStarted} chains started), no console errors\n` +
    `  pack ${times.pack}s · install ${times.install}s · vite build ${times.build}s · browser ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
console.log('pixi app: 1 passed, 0 failed');
