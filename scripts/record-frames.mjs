#!/usr/bin/env node
// `npm run record-frames`: record requestAnimationFrame timestamp streams in real headless browsers
// and write them to test/fixtures/frames/<browser>-<scenario>.json. `npm test` never records: the
// tests read the committed files (test/fixtures/frames.ts), so every run replays the same frames.
//
//   node scripts/record-frames.mjs                         every browser, every scenario
//   node scripts/record-frames.mjs --browser firefox       one browser
//   node scripts/record-frames.mjs --scenario idle,load    some scenarios
//   node scripts/record-frames.mjs --help                  this text; an unknown option records nothing
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
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { findChromium, chromiumArgs } from './chromium.js';
import { PAGE, installRecorder } from './lib/framePage.mjs';
import { recordStreams } from './lib/recordStreams.mjs';

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

/** The flags this script takes, and whether each is followed by a value (`--streams` may be). */
const FLAGS = { '--browser': true, '--scenario': true, '--streams': false, '--session': true, '--out': true, '--help': false };

/**
 * Print the header's usage for `--help`; refuse a flag it does not know, before anything records:
 * without this a mistyped flag ran the default recording and overwrote test/fixtures/frames/.
 */
function checkFlags(argv) {
  if (argv.includes('--help') || argv.includes('-h')) {
    const header = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1);
    const usage = header.slice(0, header.findIndex((line) => !line.startsWith('//'))).map((line) => line.replace(/^\/\/ ?/, ''));
    console.log(`${usage.join('\n')}\n\n--streams: see scripts/lib/recordStreams.mjs (--session N, --out DIR).`);
    return false;
  }
  const unknown = argv.filter((a, i) => a.startsWith('-') && !(a in FLAGS) && !(i > 0 && FLAGS[argv[i - 1]]));
  if (unknown.length > 0) {
    console.error(`record-frames: unknown option ${unknown.join(', ')}; it takes ${Object.keys(FLAGS).join(', ')} (--help says what each does). Nothing was recorded.`);
    process.exitCode = 2;
    return false;
  }
  return true;
}

async function main() {
  const argv = process.argv.slice(2);
  if (!checkFlags(argv)) return;
  // --out DIR keeps a held-out session away from the tests until the rules it judges are committed.
  const out = argv.indexOf('--out');
  const streamsDir = out >= 0 ? argv[out + 1] : join(root, 'test/fixtures/browsers');
  if (argv.includes('--streams')) return recordStreams(argv, { dir: streamsDir, format, packageVersion: pkgVersion });
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
