#!/usr/bin/env node
// The r3f consumer test: the packed react-timestep tarball in a Vite app with react-three-fiber,
// driven in headless Chromium (WebGL through SwiftShader). It checks that the scene renders,
// animates, runs fixed updates and r3f's useFrame, that exactly ONE requestAnimationFrame loop runs
// (r3f's own loop stays off: react-timestep's scheduler renders the canvas), and that nothing is
// logged as an error.
import { installAndBuild, paintedPixels, pictureHash, runInChromium } from '../browser-check.mjs';

const appDir = import.meta.dirname;
const times = installAndBuild(appDir);
const started = Date.now();
const result = await runInChromium(appDir, async (page) => {
  const read = async (id) => Number(await page.getByTestId(id).textContent());
  // Timeouts far above what a loaded machine needs (a few seconds at 5 fps).
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=r3f-frames]')?.textContent) > 20, null, { timeout: 60000, polling: 100 });
  const updates0 = await read('updates');
  const frames0 = await read('r3f-frames');
  const hash0 = await pictureHash(page, 'canvas');
  await page.waitForFunction(
    ([u, f]) => Number(document.querySelector('[data-testid=updates]').textContent) > u + 10 && Number(document.querySelector('[data-testid=r3f-frames]').textContent) > f + 20,
    [updates0, frames0],
    { timeout: 60000, polling: 100 }, // polling by timer: the default polls by requestAnimationFrame, a loop of its own
  );
  const hash1 = await pictureHash(page, 'canvas');
  const painted = await paintedPixels(page, 'canvas');
  if (painted === 0) throw new Error('the WebGL canvas is blank');
  if (hash0 === hash1) throw new Error('the picture did not change: the scene does not animate');
  return { painted, updates: await read('updates'), r3fFrames: await read('r3f-frames') };
});
console.log(
  `r3f app: ${result.painted} painted pixels, picture changes, fixed updates ${result.updates}, r3f frames ${result.r3fFrames}, ` +
    `${result.activeChains} requestAnimationFrame loop (${result.chainsStarted} chains started), no console errors\n` +
    `  pack ${times.pack}s · install ${times.install}s · vite build ${times.build}s · browser ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
console.log('r3f app: 1 passed, 0 failed');
