// The browser's own record as ground truth: each timing algorithm runs in a real page in headless
// Chromium while a CDP performance trace records what the compositor presented; the pictures the
// page drew are paired with their presentations (trace.mjs) and scored by the package's viewer
// model (`createViewerMeter`), idle, under a random per-frame load and under 4× CPU throttling.
//
// The page and the viewer model are both bundled by esbuild straight from src/ (not from dist/):
// the harness then needs no build, the smoke in `npm test` measures the source it tests, and the
// page's algorithms and the meter scoring them always come from the same tree.
import { createServer } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { findChromium, chromiumArgs } from '../../scripts/chromium.js';
import { pairPictures, viewerFrames, pairingChecks } from './trace.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../.tmp/presentation/', import.meta.url));

/** Flags that keep a headless page's frames coming at the display rate, unthrottled. */
const FRAME_ARGS = ['--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'];

/** Trace categories: frame reporters and BeginFrames (cc, benchmark, devtools frame), the display's ticks (viz), the page's marks. */
export const TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline.frame', 'cc', 'benchmark', 'viz', 'blink.user_timing'];

export const ALGORITHMS = [
  { id: 'fixed', label: "fixed step 1/60 s, 'previous'", stepMs: 1000 / 60 },
  { id: 'slicer', label: 'synced slicer, 60 Hz' },
  { id: 'smoother', label: 'delta smoother, 60 Hz' },
  { id: 'variable', label: 'plain variable delta (reference)' },
];

export const SCENARIOS = [
  { id: 'idle', label: 'idle', maxLoadMs: 0, cpuThrottling: 1 },
  { id: 'load', label: 'random load 0–20 ms/frame', maxLoadMs: 20, cpuThrottling: 1 },
  { id: 'throttle', label: '4× CPU throttling', maxLoadMs: 0, cpuThrottling: 4 },
];

/** Bundles the page and the viewer model from src/; returns the viewer module. */
async function prepare() {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: { page: join(here, 'page.mjs') },
    outdir: outDir,
    bundle: true,
    format: 'esm',
    target: 'es2020',
    logLevel: 'error',
  });
  const viewerFile = join(outDir, 'viewer.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../../src/simulation/viewer.ts', import.meta.url))],
    outfile: viewerFile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node18',
    logLevel: 'error',
  });
  return import(`${pathToFileURL(viewerFile).href}?${Date.now()}`);
}

/** Serves the page from 127.0.0.1 only, cross-origin isolated (timestamps at 5 µs, not 100 µs). */
async function serve() {
  const server = createServer(async (req, res) => {
    try {
      const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/+/, '') || 'index.html';
      const body = name === 'index.html'
        ? '<!doctype html><meta charset="utf-8"><title>presentation</title><body><script type="module" src="./page.js"></script></body>\n'
        : name === 'page.js' ? await readFile(join(outDir, 'page.js')) : null;
      if (body === null) throw new Error('not found');
      res.writeHead(200, {
        'content-type': name.endsWith('.html') ? 'text/html' : 'text/javascript',
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
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/index.html` };
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

/** Updates this close to a whole count match it (slices are summed in float intervals). */
const FLAP_TOLERANCE = 1e-6;

/** Scores one run's trace with the viewer model. */
export function scoreTrace(events, algorithm, createViewerMeter) {
  const { pictures, counts, intervalUs, ticks } = pairPictures(events);
  const { frames, superseded } = viewerFrames(pictures, intervalUs);
  const meter = createViewerMeter({ refreshIntervalMs: intervalUs / 1000, ...(algorithm.stepMs ? { stepMs: algorithm.stepMs } : {}) });
  const vblankCounts = {};
  // Frames where the rAF timestamps disagree with the screen: the floor for any loop that trusts them.
  let rafMismatches = 0;
  // Frames where the algorithm's updates differ from its own rAF deltas (in whole intervals).
  let rafFlaps = 0;
  // Flaps vs screen where the algorithm did exactly what its rAF deltas said.
  let pipelineFlaps = 0;
  let pipelineSumMs = 0;
  let pipelineMinMs = Infinity;
  let pipelineMaxMs = -Infinity;
  for (const f of frames) {
    meter.add(f);
    pipelineSumMs += f.pipelineMs;
    pipelineMinMs = Math.min(pipelineMinMs, f.pipelineMs);
    pipelineMaxMs = Math.max(pipelineMaxMs, f.pipelineMs);
    if (f.vblanks === f.vblanks) {
      vblankCounts[f.vblanks] = (vblankCounts[f.vblanks] ?? 0) + 1;
      if (f.rafIntervals !== f.vblanks) rafMismatches += 1;
      const ownFlap = Math.abs(f.updates - f.rafIntervals) > FLAP_TOLERANCE;
      if (ownFlap) rafFlaps += 1;
      else if (Math.abs(f.updates - f.vblanks) > FLAP_TOLERANCE) pipelineFlaps += 1;
    }
  }
  return {
    counts,
    superseded,
    shown: frames.length,
    pairedRatio: counts.drawn > 0 ? counts.presented / counts.drawn : 0,
    intervalMs: intervalUs / 1000,
    ticks,
    vblankCounts,
    rafMismatches,
    rafFlaps,
    pipelineFlaps,
    pipelineMeanMs: frames.length ? pipelineSumMs / frames.length : NaN,
    pipelineMinMs,
    pipelineMaxMs,
    checks: pairingChecks(pictures),
    mainFrameMeanMs: mean(pictures.map((p) => p.mainFrameMs).filter((x) => x === x)),
    metrics: meter.result(),
  };
}

/**
 * Runs every algorithm in every scenario; one page per scenario, one trace per run.
 * `dumpDir`: also write each run's trace there (for exploring what Chromium recorded).
 * `minFrames`: each run also lasts until the page has drawn this many pictures.
 * @param {{ log?: (line: string) => void, seconds?: number, minFrames?: number, algorithms?: typeof ALGORITHMS, scenarios?: typeof SCENARIOS, warmupSeconds?: number, dumpDir?: string }} [options]
 */
export async function runPresentation({ log = () => {}, seconds = 4, minFrames = 0, algorithms = ALGORITHMS, scenarios = SCENARIOS, warmupSeconds = 1, dumpDir } = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found (see scripts/chromium.js)');
  const { createViewerMeter } = await prepare();
  const { server, url } = await serve();
  const browser = await chromium.launch({ executablePath, args: [...chromiumArgs, ...FRAME_ARGS] });
  const results = [];
  let seed = 1;
  try {
    for (const scenario of scenarios) {
      const page = await browser.newPage({ viewport: { width: 400, height: 200 } });
      try {
        await page.goto(url);
        await page.waitForFunction(() => globalThis.__presentationReady === true, undefined, { timeout: 30_000 });
        if (scenario.cpuThrottling !== 1) {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: scenario.cpuThrottling });
        }
        await page.waitForTimeout(warmupSeconds * 1000);
        for (const algorithm of algorithms) {
          await browser.startTracing(page, { categories: TRACE_CATEGORIES });
          const ran = await page.evaluate(
            ([name, s, load, sd, min]) => globalThis.__presentationRun(name, s, load, sd, min),
            [algorithm.id, seconds, scenario.maxLoadMs, seed++, minFrames],
          );
          // Let the last pictures reach the screen before the record stops (the page keeps drawing).
          await page.waitForTimeout(500);
          const buffer = await browser.stopTracing();
          if (dumpDir) await writeFile(join(dumpDir, `${scenario.id}-${algorithm.id}.json`), buffer);
          const trace = JSON.parse(buffer.toString('utf8'));
          const events = Array.isArray(trace) ? trace : trace.traceEvents;
          const scored = scoreTrace(events, algorithm, createViewerMeter);
          const result = { scenario: scenario.id, algorithm: algorithm.id, crossOriginIsolated: ran.crossOriginIsolated, ...scored };
          results.push(result);
          const m = result.metrics;
          log(`  ${scenario.id.padEnd(8)} ${algorithm.id.padEnd(8)} drawn ${result.counts.drawn}  paired ${(result.pairedRatio * 100).toFixed(1)} %  flaps ${m.flaps}/${m.flapsCounted} (rAF≠screen ${result.rafMismatches})  pipeline ${result.pipelineMeanMs.toFixed(1)} ms  judder ${m.judderMs.toFixed(3)} ms  lag ${m.lagMeanMs.toFixed(1)}/${m.lagMaxMs.toFixed(1)} ms  repeated ${m.repeatedPictures}  speed ${m.speed.toFixed(4)}  vblanks ${JSON.stringify(result.vblankCounts)}`);
        }
      } finally {
        await page.close();
      }
    }
    return { browser: `Chromium ${browser.version()} (headless)`, seconds, results };
  } finally {
    await browser.close();
    server.close();
  }
}
