// Section 6 of `npm run bench`: the long reliability run in headless Chromium. The short version
// of each check is a test (test/browser/reliability.test.tsx, in `npm test`); here the
// mount/unmount churn runs for 5 minutes, with the heap read after a full garbage collection
// (DevTools protocol: HeapProfiler.collectGarbage, Runtime.getHeapUsage) every 15 s.
//   node bench/reliability/run.mjs [--seconds N] [--from-src]
// --from-src bundles the package from src/ instead of the built dist/ (no build needed).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { ourModule } from '../lib/dist.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../.tmp/reliability/', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
/** Length of the churn, seconds. */
export const CHURN_SECONDS = 300;
/** Seconds between heap checkpoints. */
export const CHECKPOINT_SECONDS = 15;
/** Heap growth from the first checkpoint to the last below which the heap counts as flat, MB. */
export const FLAT_MB = 1;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ log: (line: string) => void, seconds?: number, fromSrc?: boolean }} options
 * @returns {Promise<{ browser: string, seconds: number, checkpoints: Array<{ seconds: number, cycles: number, frames: number, heapMb: number }>, growthMb: number, slopeMbPerMin: number }>}
 */
export async function runReliability({ log, seconds = CHURN_SECONDS, fromSrc = false }) {
  await mkdir(outDir, { recursive: true });
  const entry = fromSrc ? fileURLToPath(new URL('../../src/index.ts', import.meta.url)) : fileURLToPath(ourModule('index.js'));
  await build({
    entryPoints: [join(here, 'page.mjs')],
    outdir: outDir,
    bundle: true,
    format: 'esm',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [{ name: 'package', setup: (b) => b.onResolve({ filter: /\/dist\/index\.js$/ }, () => ({ path: entry })) }],
    logLevel: 'error',
  });
  await writeFile(join(outDir, 'page.html'), '<!doctype html><meta charset="utf-8"><title>reliability</title><script type="module" src="./page.js"></script>\n');
  const server = createServer(async (req, res) => {
    try {
      const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/+/, '');
      if (!/^[\w.-]+$/.test(name)) throw new Error('bad path');
      const body = await readFile(join(outDir, name));
      res.writeHead(200, { 'content-type': name.endsWith('.html') ? 'text/html' : 'text/javascript' });
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
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`http://127.0.0.1:${port}/page.html`);
    await page.waitForFunction(() => window.__ready === true, undefined, { timeout: 30_000 });
    const checkpoint = async (t) => {
      await page.evaluate(() => {
        window.__churn.paused = true;
      });
      // Two frames: the last unmount's cleanups and the scheduler's frame have run.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const { cycles, frames } = await page.evaluate(() => ({ cycles: window.__churn.cycles, frames: window.__churn.frames }));
      await page.evaluate(() => {
        window.__churn.paused = false;
      });
      const point = { seconds: t, cycles, frames, heapMb: usedSize / 2 ** 20 };
      log(`  ${String(t).padStart(4)} s  ${String(cycles).padStart(8)} cycles  ${String(frames).padStart(6)} frames  heap after GC ${point.heapMb.toFixed(2)} MB`);
      return point;
    };
    const checkpoints = [];
    const step = Math.min(CHECKPOINT_SECONDS, seconds);
    for (let t = step; t <= seconds; t += step) {
      await sleep(step * 1000);
      checkpoints.push(await checkpoint(t));
    }
    const first = checkpoints[0];
    const last = checkpoints[checkpoints.length - 1];
    const growthMb = last.heapMb - first.heapMb;
    const minutes = (last.seconds - first.seconds) / 60;
    return { browser: `Chromium ${browser.version()}`, seconds, checkpoints, growthMb, slopeMbPerMin: minutes > 0 ? growthMb / minutes : 0 };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The RESULTS.md section of this run. */
export function reliabilitySection(result) {
  const out = ['## 6. Reliability: 5-minute mount/unmount churn in Chromium', ''];
  if (!result) return [...out, '_Not run (`--skip-browser`)._', ''].join('\n');
  if ('error' in result) return [...out, `_This section failed in this run: ${result.error.split('\n')[0]}_`, ''].join('\n');
  const { browser, seconds, checkpoints, growthMb, slopeMbPerMin } = result;
  const last = checkpoints[checkpoints.length - 1];
  out.push(`A page in ${browser} (\`bench/reliability/page.mjs\`) mounts and unmounts a small game (\`useFrame\` +`);
  out.push('`useFixedTimestep`, 4 KB held by its frame callbacks) 10 times per animation frame for');
  out.push(`${seconds} s, alternately under its own \`<FrameProvider>\` and on the default scheduler, while a permanent`);
  out.push(`game keeps the loop running: ${last.cycles.toLocaleString('en')} cycles in ${last.frames.toLocaleString('en')} frames. The heap is read after a full`);
  out.push(`garbage collection every ${CHECKPOINT_SECONDS} s. A leaked game would add 4 KB per cycle.`);
  out.push('');
  out.push('| s | cycles | heap after GC (MB) |');
  out.push('|---:|---:|---:|');
  for (const p of checkpoints) out.push(`| ${p.seconds} | ${p.cycles.toLocaleString('en')} | ${p.heapMb.toFixed(2)} |`);
  out.push('');
  out.push(`Growth from the first checkpoint to the last: ${growthMb.toFixed(2)} MB (${slopeMbPerMin.toFixed(3)} MB/min): ${Math.abs(growthMb) < FLAT_MB ? 'flat' : 'NOT flat'} (threshold ${FLAT_MB} MB).`);
  out.push('');
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--seconds');
  const seconds = at >= 0 ? Number(argv[at + 1]) : CHURN_SECONDS;
  const result = await runReliability({ log: console.log, seconds, fromSrc: argv.includes('--from-src') });
  console.log(reliabilitySection(result));
}

/** `markdown` (RESULTS.md) with the reliability section placed before "Where ours is not ahead", or at the end. */
export function withReliabilitySection(markdown, section) {
  const before = markdown.indexOf('## Where ours is not ahead');
  if (before < 0) return `${markdown.trimEnd()}\n\n${section}`;
  return `${markdown.slice(0, before)}${section}\n${markdown.slice(before)}`;
}
