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
  const read = async (id) => Number(await page.getByTestId(id).textContent());
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=frames]')?.textContent) > 20, null, { timeout: 20000, polling: 100 });
  const updates0 = await read('updates');
  const frames0 = await read('frames');
  const ticks0 = await read('pixi-ticks');
  const hash0 = await pictureHash(page, 'canvas');
  await page.waitForFunction(
    ([u, f]) => Number(document.querySelector('[data-testid=updates]').textContent) > u + 10 && Number(document.querySelector('[data-testid=frames]').textContent) > f + 20,
    [updates0, frames0],
    { timeout: 15000, polling: 100 }, // polling by timer: the default polls by requestAnimationFrame, a loop of its own
  );
  const hash1 = await pictureHash(page, 'canvas');
  const ticks1 = await read('pixi-ticks');
  if (!(ticks1 > ticks0 + 20)) throw new Error(`Pixi's ticker ran ${ticks1 - ticks0} times while the scheduler ran more than 20 frames`);
  const painted = await paintedPixels(page, 'canvas');
  if (painted === 0) throw new Error('the WebGL canvas is blank');
  if (hash0 === hash1) throw new Error('the picture did not change: the scene does not animate');
  return { painted, updates: await read('updates'), frames: await read('frames'), pixiTicks: ticks1 };
});
console.log(
  `pixi app: ${result.painted} painted pixels, picture changes, fixed updates ${result.updates}, frames ${result.frames}, Pixi ticker runs ${result.pixiTicks}, ` +
    `${result.activeChains} requestAnimationFrame loop (${result.chainsStarted} chains started), no console errors\n` +
    `  pack ${times.pack}s · install ${times.install}s · vite build ${times.build}s · browser ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
console.log('pixi app: 1 passed, 0 failed');
