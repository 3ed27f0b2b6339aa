#!/usr/bin/env node
/* global navigator, fetch */
// `npm run record-frames`: record requestAnimationFrame timestamp streams in real headless browsers
// and write them to test/fixtures/frames/<browser>-<scenario>.json. `npm test` never records: the
// tests read the committed files (test/fixtures/frames.ts), so every run replays the same frames.
//
//   node scripts/record-frames.mjs                         every browser, every scenario
//   node scripts/record-frames.mjs --browser firefox       one browser
//   node scripts/record-frames.mjs --scenario idle,load    some scenarios
//
// Browsers:
//   chromium  /usr/bin/chromium (or CHROMIUM_PATH) driven by playwright-core, except the `hidden`
//             scenario: Playwright keeps its pages visible in headless mode (no visibilitychange
//             when another page is brought to front or the window is minimised, even with the
//             backgrounding flags removed), so that one scenario drives the same binary with
//             puppeteer-core, whose pages are tabs of one window: bringing a second tab to front
//             really hides the first.
//   firefox   /usr/bin/firefox-esr driven by puppeteer-core over WebDriver BiDi.
// Scenarios:
//   idle      3,600 frames, nothing but a moved box per frame.
//   load      2,400 frames with a seeded random busy-wait of 0–24 ms in each frame's callback:
//             frames whose work overruns the refresh interval are dropped.
//   throttle  Chromium only: CDP Emulation.setCPUThrottlingRate 4× plus a seeded random amount of
//             fixed work per frame (0–6 ms of unthrottled work; its wall time under throttling is stored).
//             Firefox has no CPU throttling API (neither over WebDriver BiDi nor otherwise), so there
//             is no Firefox throttle fixture.
//   hidden    frames, then a second tab brought to front for 5 s (the recorded page gets
//             visibilitychange → hidden), then the first tab back and more frames. What each browser
//             did is in the file: Chromium stops rAF while hidden; Firefox keeps it at about 1 Hz.
//
// Timestamps are the rAF callback's argument (the performance.now() clock), relative to the first
// frame and rounded to 1e-4 ms, which keeps each browser's own resolution (0.1 ms in Chromium,
// 0.02 ms in Firefox) and drops float noise. The load scenarios also store the load applied in each
// frame's callback (loadMs[i], ms, the same index as timestampsMs[i]).
import { mkdirSync, writeFileSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { findChromium, chromiumArgs } from './chromium.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'test/fixtures/frames');
const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const backgroundingFlags = [
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];
const pkgVersion = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

const HIDDEN_BEFORE_FRAMES = 300;
const HIDDEN_AFTER_FRAMES = 300;
const HIDDEN_PAUSE_MS = 5000;

// The page: one box that moves every frame, so each frame has real style, layout and paint work.
const PAGE = '<!doctype html><meta charset="utf-8"><title>frames</title>' +
  '<div id="box" style="position:absolute;left:0;top:0;width:20px;height:20px;background:#c33"></div>';

/**
 * Runs in the page. Installs a rAF loop that records timestamps into a Float64Array (no per-frame
 * allocation that could trigger GC pauses) and applies the scenario's load after recording the
 * timestamp. Exposes window.__frames with start(), whenCount(n), stop() and result(). Calibrating
 * the fixed work happens here, before the driver sets any CPU throttling and calls start().
 */
function installRecorder(opts) {
  const max = opts.maxFrames;
  const stamps = new Float64Array(max);
  const loads = new Float64Array(max);
  const events = [];
  let count = 0;
  let stopped = false;
  let waiter = null;
  // mulberry32: a seeded PRNG, so a re-recording applies the same load sequence.
  let seed = opts.seed >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Fixed work, for the throttle scenario: its wall time grows with the CPU throttling rate.
  let sink = 0;
  const spin = (iterations) => {
    let x = sink;
    for (let i = 0; i < iterations; i++) x = (x * 1.000001 + Math.sqrt(i + 1)) % 1e9;
    sink = x;
  };
  let iterationsPerMs = 0;
  if (opts.workMaxMs > 0) {
    spin(2e6); // warm the JIT before calibrating
    let iterations = 0;
    const start = performance.now();
    while (performance.now() - start < 200) { spin(10000); iterations += 10000; }
    iterationsPerMs = iterations / (performance.now() - start);
  }
  const box = document.getElementById('box');
  document.addEventListener('visibilitychange', () => {
    events.push({ type: 'visibilitychange', visibilityState: document.visibilityState, atMs: performance.now() });
  });
  const frame = (timestampMs) => {
    if (stopped) return;
    stamps[count] = timestampMs;
    if (opts.busyMaxMs > 0) {
      const ms = random() * opts.busyMaxMs;
      const end = performance.now() + ms;
      while (performance.now() < end) { /* busy */ }
      loads[count] = ms;
    } else if (opts.workMaxMs > 0) {
      const start = performance.now();
      spin(Math.round(random() * opts.workMaxMs * iterationsPerMs));
      loads[count] = performance.now() - start;
    }
    box.style.transform = `translateX(${count % 400}px)`;
    count++;
    if (waiter && count >= waiter.n) { const w = waiter; waiter = null; w.resolve(count); }
    if (count >= max) { stopped = true; return; }
    requestAnimationFrame(frame);
  };
  window.__frames = {
    iterationsPerMs,
    start: () => { requestAnimationFrame(frame); },
    whenCount: (n) => new Promise((resolve) => { if (count >= n) resolve(count); else waiter = { n, resolve }; }),
    stop: () => { stopped = true; },
    result: () => ({
      timestampsMs: Array.from(stamps.subarray(0, count)),
      loadMs: Array.from(loads.subarray(0, count)),
      events,
      iterationsPerMs,
      userAgent: navigator.userAgent,
    }),
  };
  return iterationsPerMs;
}

const scenarios = {
  idle: {
    frames: 3600,
    options: { busyMaxMs: 0, workMaxMs: 0 },
    description: (b) => `${b} headless, idle page: 3,600 frames of a rAF loop that moves one box per frame.`,
  },
  load: {
    frames: 2400,
    options: { busyMaxMs: 24, workMaxMs: 0, seed: 0x5eed01 },
    description: (b) =>
      `${b} headless, random load: 2,400 frames, each callback busy-waits a seeded uniform 0–24 ms after ` +
      'reading its timestamp (loadMs[i]); frames whose work overruns the refresh interval are dropped.',
  },
  throttle: {
    frames: 2400,
    throttleRate: 4,
    options: { busyMaxMs: 0, workMaxMs: 6, seed: 0x5eed02 },
    description: (b) =>
      `${b} headless, CPU throttled 4× (CDP Emulation.setCPUThrottlingRate) with a seeded uniform 0–6 ms ` +
      'of unthrottled work per frame; loadMs[i] is the wall time that work took under throttling.',
  },
  hidden: {
    frames: HIDDEN_BEFORE_FRAMES + HIDDEN_AFTER_FRAMES,
    options: { busyMaxMs: 0, workMaxMs: 0 },
    description: (b, extra) =>
      `${b} headless, hidden tab: ${HIDDEN_BEFORE_FRAMES} frames, then a second tab brought to front for ` +
      `${HIDDEN_PAUSE_MS / 1000} s (the recorded page got visibilitychange → hidden), then back and ` +
      `${HIDDEN_AFTER_FRAMES} more frames. ${extra}`,
  },
};

const browsers = {
  chromium: { scenarios: ['idle', 'load', 'throttle', 'hidden'] },
  // No throttle: Firefox has no CPU throttling API.
  firefox: { scenarios: ['idle', 'load', 'hidden'] },
};

function parseArgs(argv) {
  const pick = (flag) => {
    const i = argv.indexOf(flag);
    return i >= 0 && argv[i + 1] ? argv[i + 1].split(',') : undefined;
  };
  return { browsers: pick('--browser'), scenarios: pick('--scenario') };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Open a page, record one scenario, close. `page` is a Playwright or Puppeteer page (same calls used). */
async function recordOnPage(page, scenario, hooks = {}) {
  await page.setContent(PAGE);
  const spec = scenarios[scenario];
  const maxFrames = scenario === 'hidden' ? 100000 : spec.frames;
  await page.evaluate(installRecorder, { maxFrames, seed: 1, ...spec.options });
  if (hooks.afterInstall) await hooks.afterInstall();
  await page.evaluate(() => window.__frames.start());
  if (scenario === 'hidden') {
    await page.evaluate((n) => window.__frames.whenCount(n), HIDDEN_BEFORE_FRAMES);
    await hooks.hide();
    await sleep(HIDDEN_PAUSE_MS);
    await hooks.show();
    const now = await page.evaluate(() => window.__frames.whenCount(0));
    await page.evaluate((n) => window.__frames.whenCount(n), now + HIDDEN_AFTER_FRAMES);
    await page.evaluate(() => window.__frames.stop());
  } else {
    await page.evaluate((n) => window.__frames.whenCount(n), spec.frames);
  }
  if (hooks.beforeCollect) await hooks.beforeCollect();
  return page.evaluate(() => window.__frames.result());
}

async function recordChromium(scenario) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): apt-get install -y chromium');
  if (scenario === 'hidden') {
    // puppeteer-core: see the header for why not Playwright here. The backgrounding flags are left
    // out (Puppeteer adds them by default) so the hidden tab is treated as a real background tab.
    const browser = await puppeteer.launch({
      executablePath, headless: true, args: chromiumArgs, ignoreDefaultArgs: backgroundingFlags,
    });
    try {
      const version = (await browser.version()).replace(/^[^/]*\//, '');
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      let other;
      const raw = await recordOnPage(page, scenario, {
        hide: async () => { other = await browser.newPage(); await other.bringToFront(); },
        show: async () => { await page.bringToFront(); await other.close(); },
      });
      return { raw, version, driver: `puppeteer-core ${pkgVersion('puppeteer-core')}` };
    } finally {
      await browser.close();
    }
  }
  const browser = await chromium.launch({ executablePath, headless: true, args: [...chromiumArgs, ...backgroundingFlags] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const spec = scenarios[scenario];
    const raw = await recordOnPage(page, scenario, {
      afterInstall: spec.throttleRate
        ? () => cdp.send('Emulation.setCPUThrottlingRate', { rate: spec.throttleRate })
        : undefined,
      beforeCollect: spec.throttleRate ? () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }) : undefined,
    });
    return { raw, version: browser.version(), driver: `playwright-core ${pkgVersion('playwright-core')}` };
  } finally {
    await browser.close();
  }
}

async function recordFirefox(scenario) {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true });
  try {
    const version = (await browser.version()).replace(/^[^/]*\//, '');
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    let other;
    const raw = await recordOnPage(page, scenario, {
      hide: async () => { other = await browser.newPage(); await other.bringToFront(); },
      show: async () => { await page.bringToFront(); await other.close(); },
    });
    return { raw, version, driver: `puppeteer-core ${pkgVersion('puppeteer-core')} (WebDriver BiDi)` };
  } finally {
    await browser.close();
  }
}

const round = (value, step) => Math.round(value / step) * step;
const tidy = (value, decimals) => Number(value.toFixed(decimals));

function describeHidden(browser, timestampsMs, events) {
  const gaps = [];
  for (let i = 1; i < timestampsMs.length; i++) {
    const delta = timestampsMs[i] - timestampsMs[i - 1];
    if (delta > 100) gaps.push(delta);
  }
  const hiddenEvent = events.find((e) => e.visibilityState === 'hidden');
  const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const seen = hiddenEvent ? 'The page received visibilitychange → hidden and later → visible.' : 'The page never received visibilitychange.';
  if (gaps.length === 0) return `${seen} rAF never paused (no delta over 100 ms).`;
  if (gaps.length === 1) return `${seen} ${browser} ran no rAF callback while hidden: one gap of ${fmt(gaps[0])}.`;
  return `${seen} ${browser} kept calling rAF at about ${(gaps.length / (gaps.reduce((a, b) => a + b, 0) / 1000)).toFixed(1)} Hz while hidden: ${gaps.length} deltas over 100 ms (${gaps.map(fmt).join(', ')}).`;
}

function toFixture(browser, scenario, { raw, version, driver }, machine) {
  const spec = scenarios[scenario];
  const first = raw.timestampsMs[0];
  const timestampsMs = raw.timestampsMs.map((t) => tidy(round(t - first, 1e-4), 4));
  for (let i = 1; i < timestampsMs.length; i++) {
    if (!(timestampsMs[i] > timestampsMs[i - 1])) throw new Error(`${browser} ${scenario}: timestamps not increasing at ${i}`);
  }
  const events = raw.events.map((e) => ({ type: e.type, visibilityState: e.visibilityState, atMs: tidy(e.atMs - first, 1) }));
  const label = browser === 'chromium' ? 'Chromium' : 'Firefox ESR';
  const fixture = {
    browser,
    browserVersion: version,
    scenario,
    recordedAt: new Date().toISOString(),
    description: spec.description(label, scenario === 'hidden' ? describeHidden(label, timestampsMs, events) : ''),
    driver,
    userAgent: raw.userAgent,
    machine,
  };
  if (spec.throttleRate) fixture.cpuThrottlingRate = spec.throttleRate;
  if (events.length > 0) fixture.events = events;
  if (spec.options.busyMaxMs > 0 || spec.options.workMaxMs > 0) fixture.loadMs = raw.loadMs.map((ms) => tidy(ms, 2));
  fixture.timestampsMs = timestampsMs;
  return fixture;
}

/** JSON with one key per line and each array on one line: small files and readable diffs of the metadata. */
function format(fixture) {
  const lines = Object.entries(fixture).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

// ---------------------------------------------------------------------------------------------
// `--streams`: the browsers' frame streams beyond 60 Hz (docs/browsers.md), 2,000 frames each,
// written compactly to test/fixtures/browsers/<name>.json (see test/fixtures/browserFrames.ts):
//
//   node scripts/record-frames.mjs --streams                       every stream, one at a time
//   node scripts/record-frames.mjs --streams firefox-144,webkit    streams whose name starts so
//
//   firefox-<hz>-idle|load     Firefox ESR with `layout.frame_rate` = hz (its software vsync)
//   chromium-saver-idle|load   Chromium with battery saver forced on: rAF at 30 Hz on a 60 Hz clock
//   chromium-unlimited-idle    Chromium with --disable-frame-rate-limit: no vsync grid
//   webkitgtk-idle             WebKitGTK MiniBrowser under xvfb-run: 1 ms steps, no vsync grid
// `load` busy-waits a seeded uniform 0–1.44 refresh intervals in each callback (0–24 ms at 60 Hz,
// as the 60 Hz load fixtures). Streams are recorded one after another: the machine is shared.
const STREAM_FRAMES = 2000;
const FIREFOX_RATES = [30, 50, 59, 60, 75, 120, 144, 165, 240];
const STREAM_DIR = join(root, 'test/fixtures/browsers');

function streamList() {
  const list = [];
  for (const hz of FIREFOX_RATES) {
    for (const load of [false, true]) list.push({ name: `firefox-${hz}-${load ? 'load' : 'idle'}`, browser: 'firefox', settingHz: hz, grid: true, busyMaxMs: load ? 1.44 * (1000 / hz) : 0 });
  }
  list.push({ name: 'chromium-saver-idle', browser: 'chromium', mode: 'saver', settingHz: 60, grid: true, busyMaxMs: 0 });
  list.push({ name: 'chromium-saver-load', browser: 'chromium', mode: 'saver', settingHz: 60, grid: true, busyMaxMs: 24 });
  list.push({ name: 'chromium-unlimited-idle', browser: 'chromium', mode: 'unlimited', settingHz: 0, grid: false, busyMaxMs: 0 });
  list.push({ name: 'webkitgtk-idle', browser: 'webkitgtk', settingHz: 0, grid: false, busyMaxMs: 0 });
  return list;
}

/** Record on a Puppeteer page: the same recorder as the 60 Hz fixtures. */
async function recordStreamOnPage(page, stream) {
  await page.setContent(PAGE);
  await page.evaluate(installRecorder, { maxFrames: STREAM_FRAMES, seed: 0x5eed01, busyMaxMs: stream.busyMaxMs, workMaxMs: 0 });
  await page.evaluate(() => window.__frames.start());
  await page.evaluate((n) => window.__frames.whenCount(n), STREAM_FRAMES);
  return page.evaluate(() => window.__frames.result());
}

async function recordStreamPuppeteer(stream) {
  if (stream.browser === 'firefox') {
    const browser = await puppeteer.launch({
      browser: 'firefox', executablePath: firefoxPath, headless: true, extraPrefsFirefox: { 'layout.frame_rate': stream.settingHz },
    });
    try {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      return { raw: await recordStreamOnPage(page, stream), version: (await browser.version()).replace(/^[^/]*\//, ''), driver: `puppeteer-core ${pkgVersion('puppeteer-core')} (WebDriver BiDi)` };
    } finally {
      await browser.close();
    }
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): apt-get install -y chromium');
  // Battery saver is read from the profile's Local State at start: a fresh profile with it forced on.
  const userDataDir = mkdtempSync(join(tmpdir(), 'record-frames-'));
  if (stream.mode === 'saver') writeFileSync(join(userDataDir, 'Local State'), JSON.stringify({ performance_tuning: { battery_saver_mode: { state: 3 } } }));
  const args = [...chromiumArgs, ...(stream.mode === 'unlimited' ? ['--disable-frame-rate-limit'] : [])];
  const browser = await puppeteer.launch({ executablePath, headless: true, userDataDir, args });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    return { raw: await recordStreamOnPage(page, stream), version: (await browser.version()).replace(/^[^/]*\//, ''), driver: `puppeteer-core ${pkgVersion('puppeteer-core')}` };
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** WebKitGTK: WebKitWebDriver under xvfb-run, a W3C WebDriver session over plain HTTP. */
async function recordStreamWebKit(stream) {
  const server = createServer((_, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end(PAGE); });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = 4444 + Math.floor(Math.random() * 1000);
  const driver = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: 'ignore', detached: true });
  const call = async (method, path, body) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`WebDriver ${path}: ${JSON.stringify(json)}`);
    return json.value;
  };
  try {
    let session;
    for (let attempt = 0; !session; attempt++) {
      try {
        session = await call('POST', '/session', { capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation'] } } } });
      } catch (error) {
        if (attempt > 40) throw error;
        await sleep(250);
      }
    }
    const id = session.sessionId;
    await call('POST', `/session/${id}/timeouts`, { script: 600000 });
    await call('POST', `/session/${id}/url`, { url: `http://127.0.0.1:${server.address().port}/` });
    const opts = { maxFrames: STREAM_FRAMES, seed: 0x5eed01, busyMaxMs: stream.busyMaxMs, workMaxMs: 0 };
    await call('POST', `/session/${id}/execute/sync`, { script: `(${installRecorder.toString()})(arguments[0]); window.__frames.start();`, args: [opts] });
    await call('POST', `/session/${id}/execute/async`, { script: `window.__frames.whenCount(${STREAM_FRAMES}).then(arguments[arguments.length - 1]);`, args: [] });
    const raw = await call('POST', `/session/${id}/execute/sync`, { script: 'return window.__frames.result();', args: [] });
    const version = session.capabilities.browserVersion ?? 'unknown';
    await call('DELETE', `/session/${id}`);
    return { raw, version, driver: 'WebKitWebDriver (W3C WebDriver) under xvfb-run' };
  } finally {
    server.close();
    try { process.kill(-driver.pid); } catch { /* already gone */ }
  }
}

const STREAM_LABELS = { firefox: 'Firefox ESR', chromium: 'Chromium', webkitgtk: 'WebKitGTK MiniBrowser' };

function streamDescription(stream) {
  const what = stream.browser === 'firefox'
    ? `layout.frame_rate = ${stream.settingHz}`
    : stream.mode === 'saver' ? 'battery saver forced on (Local State performance_tuning.battery_saver_mode.state = 3)'
      : stream.mode === 'unlimited' ? '--disable-frame-rate-limit' : 'xvfb, default compositing';
  const load = stream.busyMaxMs > 0 ? `each callback busy-waits a seeded uniform 0–${stream.busyMaxMs.toFixed(2)} ms after reading its timestamp` : 'idle page (one moved box per frame)';
  return `${STREAM_LABELS[stream.browser]} headless, ${what}: ${STREAM_FRAMES} frames, ${load}.`;
}

/**
 * The compact file: timestamps as whole `quantumMs` steps between frames (the browser's clock step,
 * found as the largest 1e-4 ms multiple dividing every timestamp), so 2,000 frames stay ~10 KB.
 */
function toStreamFixture(stream, { raw, version, driver }, machine) {
  const first = raw.timestampsMs[0];
  const ticks = raw.timestampsMs.map((t) => Math.round((t - first) * 1e4));
  let step = 0;
  for (const t of ticks) { let a = step, b = t; while (b) [a, b] = [b, a % b]; step = a; }
  step = step || 1;
  const deltas = ticks.map((t, i) => (i === 0 ? 0 : (t - ticks[i - 1]) / step));
  if (deltas.some((d) => d < 0)) throw new Error(`${stream.name}: timestamps went backwards`);
  return {
    browser: stream.browser,
    browserVersion: version,
    scenario: stream.busyMaxMs > 0 ? 'load' : 'idle',
    settingHz: stream.settingHz,
    grid: stream.grid,
    recordedAt: new Date().toISOString(),
    description: streamDescription(stream),
    driver,
    userAgent: raw.userAgent,
    machine,
    busyMaxMs: tidy(stream.busyMaxMs, 2),
    quantumMs: tidy(step / 1e4, 4),
    deltas: deltas.slice(1),
  };
}

async function recordStreams(argv) {
  const i = argv.indexOf('--streams');
  const prefixes = argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[i + 1].split(',') : undefined;
  mkdirSync(STREAM_DIR, { recursive: true });
  for (const stream of streamList()) {
    if (prefixes && !prefixes.some((p) => stream.name.startsWith(p))) continue;
    const started = Date.now();
    const loadBefore = loadavg()[0];
    const recorded = stream.browser === 'webkitgtk' ? await recordStreamWebKit(stream) : await recordStreamPuppeteer(stream);
    const machine = { cpus: cpus().length, loadAverage1mBefore: tidy(loadBefore, 2), loadAverage1mAfter: tidy(loadavg()[0], 2) };
    const fixture = toStreamFixture(stream, recorded, machine);
    const text = format(fixture);
    const file = join(STREAM_DIR, `${stream.name}.json`);
    writeFileSync(file, text);
    console.log(`${stream.name}: ${fixture.deltas.length + 1} frames, ${(text.length / 1024).toFixed(1)} KB, ${((Date.now() - started) / 1000).toFixed(0)} s → ${file}`);
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--streams')) return recordStreams(argv);
  const args = parseArgs(argv);
  mkdirSync(outDir, { recursive: true });
  for (const browser of args.browsers ?? Object.keys(browsers)) {
    if (!browsers[browser]) throw new Error(`unknown browser ${browser}`);
    for (const scenario of browsers[browser].scenarios) {
      if (args.scenarios && !args.scenarios.includes(scenario)) continue;
      const started = Date.now();
      const loadBefore = loadavg()[0];
      const recorded = browser === 'chromium' ? await recordChromium(scenario) : await recordFirefox(scenario);
      // Other processes on the machine delay frames too: keep the 1-minute load average with the file.
      const machine = { cpus: cpus().length, loadAverage1mBefore: tidy(loadBefore, 2), loadAverage1mAfter: tidy(loadavg()[0], 2) };
      const fixture = toFixture(browser, scenario, recorded, machine);
      const file = join(outDir, `${browser}-${scenario}.json`);
      const text = format(fixture);
      writeFileSync(file, text);
      const t = fixture.timestampsMs;
      console.log(
        `${browser} ${scenario}: ${t.length} frames over ${(t[t.length - 1] / 1000).toFixed(1)} s, ` +
        `${(text.length / 1024).toFixed(1)} KB, ${((Date.now() - started) / 1000).toFixed(0)} s → ${file}`,
      );
    }
  }
}

await main();
