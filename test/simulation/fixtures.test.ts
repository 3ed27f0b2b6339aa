// The committed real-browser frame streams (test/fixtures/frames/, recorded by `npm run record-frames`)
// and the ground truth the loader derives from them. Other tests replay these streams through the
// algorithms; these tests make sure the streams are what docs/guarantees.md says they are.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FRAME_GAP_MS,
  deriveFrameFixture,
  fitVblankGrid,
  fixtureDeltasSeconds,
  fixtureTimestampsMs,
  loadFrameFixture,
  loadFrameFixtures,
  type FrameFixture,
  type FrameFixtureFile,
} from '../fixtures/frames';

const fixtures = loadFrameFixtures();
const names = fixtures.map((f) => f.name);
const expectedFrames: Record<string, number> = { idle: 3600, load: 2400, throttle: 2400 };

/** Maximal stretches a…b of frames whose vblank counts are all known (a < b). */
function knownStretches(f: FrameFixture): { a: number; b: number }[] {
  const out: { a: number; b: number }[] = [];
  let a = -1;
  for (let i = 1; i <= f.frames; i++) {
    const known = i < f.frames && !Number.isNaN(f.vblanks[i]!);
    if (known && a < 0) a = i - 1;
    if (!known && a >= 0) { out.push({ a, b: i - 1 }); a = -1; }
  }
  return out;
}

describe('frame fixtures: the files', () => {
  it('has every browser × scenario that the recorder records (no Firefox throttle: it has no CPU throttling API)', () => {
    expect(names).toEqual([
      'chromium-hidden', 'chromium-idle', 'chromium-load', 'chromium-throttle',
      'firefox-hidden', 'firefox-idle', 'firefox-load',
    ]);
  });

  it.each(names)('%s: metadata matches its name and the recorder', (name) => {
    const f = loadFrameFixture(name);
    expect(`${f.browser}-${f.scenario}`).toBe(name);
    expect(f.browserVersion).toMatch(/^\d+\.\d+/);
    expect(Number.isNaN(Date.parse(f.recordedAt))).toBe(false);
    expect(f.description.length).toBeGreaterThan(40);
    expect(f.userAgent).toMatch(f.browser === 'chromium' ? /HeadlessChrome/ : /Firefox/);
    expect(f.machine.cpus).toBeGreaterThan(0);
    if (f.scenario === 'throttle') expect(f.cpuThrottlingRate).toBe(4);
    else expect(f.cpuThrottlingRate).toBeUndefined();
  });

  it.each(names)('%s: starts at 0, strictly increasing, in whole 1e-4 ms', (name) => {
    const t = loadFrameFixture(name).timestampsMs;
    expect(t[0]).toBe(0);
    for (let i = 1; i < t.length; i++) {
      if (!(t[i]! > t[i - 1]!)) throw new Error(`${name}: timestamp ${i} (${t[i]}) is not after ${t[i - 1]}`);
    }
    for (const value of t) expect(Math.abs(value * 1e4 - Math.round(value * 1e4))).toBeLessThan(1e-6);
  });

  it.each(names)('%s: the expected number of frames', (name) => {
    const f = loadFrameFixture(name);
    expect(f.frames).toBe(f.timestampsMs.length);
    // hidden: 300 frames before the pause, at least 300 after, plus what the browser ran while hidden.
    if (f.scenario === 'hidden') expect(f.frames).toBeGreaterThanOrEqual(600);
    else expect(f.frames).toBe(expectedFrames[f.scenario]);
  });

  it.each(names)('%s: stays small (under 40 KB)', (name) => {
    const bytes = readFileSync(new URL(`../fixtures/frames/${name}.json`, import.meta.url)).length;
    expect(bytes).toBeLessThan(40 * 1024);
  });
});

describe('frame fixtures: the display they were recorded on', () => {
  it.each(names)('%s: fitted rate within 0.5 % of 60 Hz', (name) => {
    expect(Math.abs(loadFrameFixture(name).rateHz / 60 - 1)).toBeLessThan(0.005);
  });

  // Observed on every Chromium recording: the fitted interval is 16.666 ms, not 16.6667 ms.
  // Headless Chromium's frames come from a synthetic begin-frame source whose interval is 1/60 s
  // in whole microseconds (16,666 µs): 60.0024 Hz.
  it.each(names.filter((n) => n.startsWith('chromium')))('%s: interval 16.666 ms (16,666 µs ticks)', (name) => {
    expect(loadFrameFixture(name).intervalMs).toBeCloseTo(16.666, 3);
  });

  // Firefox's software vsync ticks at 1000/60 ms; its timestamps jitter, so the fit is looser.
  it.each(names.filter((n) => n.startsWith('firefox')))('%s: interval 1000/60 ms within 0.01 %', (name) => {
    expect(Math.abs(loadFrameFixture(name).intervalMs / (1000 / 60) - 1)).toBeLessThan(1e-4);
  });

  it.each(names)('%s: quantisation is the browser\'s clock step (Chromium 0.1 ms, Firefox 0.02 ms)', (name) => {
    const f = loadFrameFixture(name);
    expect(f.quantisationMs).toBe(f.browser === 'chromium' ? 0.1 : 0.02);
  });

  // Chromium's timestamps are the vblank times on its 0.1 ms clock: nothing but quantisation, one
  // phase for the whole recording. Firefox's are read when its refresh driver runs: sub-millisecond
  // jitter, a few frames off the grid, and a vsync timer that restarts with a new phase after stalls.
  it.each(names)('%s: jitter around the vblank grid', (name) => {
    const f = loadFrameFixture(name);
    if (f.browser === 'chromium') {
      expect(f.jitterMaxMs).toBeLessThanOrEqual(f.quantisationMs + 1e-9);
      expect(f.jitterRmsMs).toBeLessThan(0.05);
      expect(f.offGridFrames).toBe(0);
      expect(f.phaseJumps).toBe(0);
    } else {
      expect(f.jitterRmsMs).toBeGreaterThan(0.1);
      expect(f.jitterRmsMs).toBeLessThan(0.6);
      expect(f.jitterMaxMs).toBeLessThan(f.intervalMs / 4);
      expect(f.offGridFrames).toBeLessThan(f.frames / 100);
    }
  });
});

describe('frame fixtures: the scenarios', () => {
  it.each(names.filter((n) => /load|throttle/.test(n)))('%s: dropped frames (vblanks > 1) and the load applied per frame', (name) => {
    const f = loadFrameFixture(name);
    const dropped = f.vblanks.filter((v) => v > 1).length;
    expect(dropped).toBeGreaterThan(20);
    expect(f.droppedFrameShare).toBeGreaterThan(0.01);
    expect(f.loadMs).toHaveLength(f.frames);
    const maxLoad = f.scenario === 'load' ? 24 : Infinity;
    for (const ms of f.loadMs!) expect(ms >= 0 && ms <= maxLoad).toBe(true);
    expect(Math.max(...f.loadMs!)).toBeGreaterThan(f.intervalMs);
  });

  // Firefox's vsync timer restarts with a new phase after a late frame; Chromium's never moves.
  it.each(names.filter((n) => /idle|load|throttle/.test(n)))('%s: phase jumps only after a late frame (delta over 1.1 intervals)', (name) => {
    const f = loadFrameFixture(name);
    if (f.browser === 'firefox') expect(f.phaseJumps).toBeGreaterThan(5);
    else expect(f.phaseJumps).toBe(0);
    for (const run of f.runs.slice(1)) {
      const deltaMs = f.timestampsMs[run.start]! - f.timestampsMs[run.start - 1]!;
      expect(deltaMs).toBeGreaterThan(1.1 * f.intervalMs);
    }
  });

  it.each(names.filter((n) => n.endsWith('idle')))('%s: mostly one vblank per frame', (name) => {
    expect(loadFrameFixture(name).droppedFrameShare).toBeLessThan(0.05);
  });

  it.each(names.filter((n) => n.endsWith('hidden')))('%s: a gap of more than 1 s while the page was hidden', (name) => {
    const f = loadFrameFixture(name);
    const hidden = f.events!.find((e) => e.visibilityState === 'hidden')!;
    const visible = f.events!.find((e) => e.visibilityState === 'visible')!;
    expect(visible.atMs - hidden.atMs).toBeGreaterThan(4500);
    expect(Math.max(...f.gapsMs)).toBeGreaterThan(1000);
    // Every gap falls between hiding and showing the page.
    for (let i = 1; i < f.frames; i++) {
      if (f.timestampsMs[i]! - f.timestampsMs[i - 1]! > FRAME_GAP_MS) {
        expect(f.timestampsMs[i - 1]!).toBeGreaterThan(hidden.atMs - f.intervalMs * 2);
        expect(f.timestampsMs[i]!).toBeLessThan(visible.atMs + f.intervalMs * 2);
      }
    }
    // What the browser did while hidden: Chromium ran no frame; Firefox kept about one a second.
    const hiddenMs = f.gapsMs.reduce((a, b) => a + b, 0);
    expect(hiddenMs).toBeGreaterThan(4500);
    if (f.browser === 'chromium') expect(f.gapsMs).toHaveLength(1);
    else {
      expect(f.gapsMs.length).toBeGreaterThanOrEqual(3);
      for (const gap of f.gapsMs) expect(gap > 900 && gap < 2100).toBe(true);
    }
  });
});

describe('frame fixtures: the ground truth is consistent', () => {
  it.each(names)('%s: Σ vblanks × interval stays within half an interval of the elapsed time over every stretch', (name) => {
    const f = loadFrameFixture(name);
    const stretches = knownStretches(f);
    expect(stretches.length).toBeGreaterThan(0);
    let covered = 0;
    for (const { a, b } of stretches) {
      let sum = 0;
      for (let i = a + 1; i <= b; i++) sum += f.vblanks[i]!;
      const elapsedMs = f.timestampsMs[b]! - f.timestampsMs[a]!;
      expect(Math.abs(elapsedMs - sum * f.intervalMs)).toBeLessThan(f.intervalMs / 2);
      covered += b - a;
    }
    // Unknown only at frame 0, at the start of each run (after a gap or a phase jump) and next to off-grid frames.
    expect(covered).toBeGreaterThanOrEqual(f.frames - f.runs.length - 2 * f.offGridFrames);
  });

  it.each(names)('%s: vblanks is the rounded delta, ≥ 1 wherever known, NaN at frame 0', (name) => {
    const f = loadFrameFixture(name);
    expect(f.vblanks[0]).toBeNaN();
    for (let i = 1; i < f.frames; i++) {
      const v = f.vblanks[i]!;
      if (Number.isNaN(v)) continue;
      expect(v).toBe(Math.round((f.timestampsMs[i]! - f.timestampsMs[i - 1]!) / f.intervalMs));
      expect(v).toBeGreaterThanOrEqual(1);
    }
  });

  it.each(names)('%s: runs cover every frame and split at every gap and phase jump', (name) => {
    const f = loadFrameFixture(name);
    expect(f.runs).toHaveLength(f.gapsMs.length + f.phaseJumps + 1);
    expect(f.runs[0]!.start).toBe(0);
    expect(f.runs[f.runs.length - 1]!.end).toBe(f.frames - 1);
    const gapsSeen: number[] = [];
    for (let r = 1; r < f.runs.length; r++) {
      const start = f.runs[r]!.start;
      expect(start).toBe(f.runs[r - 1]!.end + 1);
      const deltaMs = f.timestampsMs[start]! - f.timestampsMs[start - 1]!;
      if (deltaMs > FRAME_GAP_MS) gapsSeen.push(deltaMs);
      // A phase jump: the delta into the run is off a whole number of intervals.
      else expect(Math.abs(deltaMs / f.intervalMs - Math.round(deltaMs / f.intervalMs)) * f.intervalMs).toBeGreaterThan(f.intervalMs / 16);
    }
    expect(gapsSeen).toEqual(f.gapsMs);
  });

  it('deltas and timestamps helpers', () => {
    const f = loadFrameFixture('chromium-idle');
    const deltas = fixtureDeltasSeconds(f);
    const shifted = fixtureTimestampsMs(f, 1234.5);
    expect(deltas).toHaveLength(f.frames);
    expect(deltas[0]).toBe(0);
    expect(deltas[1]).toBeCloseTo((f.timestampsMs[1]! - f.timestampsMs[0]!) / 1000, 12);
    expect(deltas.reduce((a, b) => a + b, 0)).toBeCloseTo(f.timestampsMs[f.frames - 1]! / 1000, 9);
    expect(shifted[0]).toBe(1234.5);
    expect(shifted[10]! - shifted[9]!).toBeCloseTo(f.timestampsMs[10]! - f.timestampsMs[9]!, 9);
    deltas[1] = -1; // a copy: the fixture is not changed
    expect(f.deltasSeconds[1]).toBeGreaterThan(0);
    expect(Object.isFrozen(f.vblanks)).toBe(true);
    expect(() => loadFrameFixture('safari-idle')).toThrow(/no frame fixture named safari-idle/);
  });
});

describe('frame fixtures: the loader recovers a known grid', () => {
  /** A synthetic stream: vblanks at `intervalMs` from `phaseMs`, frames on the given vblank steps, jittered and quantised. */
  function synthetic(intervalMs: number, phaseMs: number, steps: number[], jitters: number[], quantumMs: number): number[] {
    let k = 0;
    const raw = [phaseMs + jitters[0]!];
    for (let i = 0; i < steps.length; i++) {
      k += steps[i]!;
      raw.push(phaseMs + k * intervalMs + jitters[i + 1]!);
    }
    const q = raw.map((t) => Math.floor(t / quantumMs) * quantumMs);
    return q.map((t) => Math.round((t - q[0]!) * 1e4) / 1e4);
  }

  it('exact vblanks, interval and quantisation on vsynced streams with drops, any rate, phase and jitter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(50, 59.94, 60, 75, 90, 120, 144, 165, 240),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.array(fc.constantFrom(1, 1, 1, 1, 2, 3), { minLength: 200, maxLength: 600 }),
        fc.constantFrom(0.1, 0.02),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (rateHz, phaseMs, steps, quantumMs, seed) => {
          const intervalMs = 1000 / rateHz;
          // ±0.8 ms at 60 Hz (Firefox), less at higher rates: the loader calls a frame off the grid
          // beyond an eighth of an interval from its run's grid, whose line lies among the frames'
          // own positions, so the noise's whole span (2 × amplitude + one quantum) stays under that
          // (with a tenth to spare). ± interval / 10 spanned 1.7 ms at 120 Hz against 1.04 ms.
          const amplitude = Math.min(0.8, ((intervalMs / 8 - quantumMs) / 2) * 0.9);
          let s = seed;
          const jitters = Array.from({ length: steps.length + 1 }, () => {
            s = (s * 16807) % 2147483647;
            return (s / 2147483647 - 0.5) * 2 * amplitude;
          });
          const f = deriveFrameFixture('synthetic', {
            browser: 'chromium', browserVersion: '0', scenario: 'load', recordedAt: '2026-01-01T00:00:00Z',
            description: 'synthetic', driver: 'test', userAgent: 'test', machine: { cpus: 1, loadAverage1mBefore: 0, loadAverage1mAfter: 0 },
            timestampsMs: synthetic(intervalMs, phaseMs, steps, jitters, quantumMs),
          } satisfies FrameFixtureFile);
          expect(Math.abs(f.intervalMs / intervalMs - 1)).toBeLessThan(1e-3);
          expect(f.offGridFrames).toBe(0);
          expect(f.vblanks.slice(1)).toEqual(steps);
          expect(f.jitterMaxMs).toBeLessThan(amplitude * 2 + quantumMs + 0.01);
          expect(f.droppedFrameShare).toBeCloseTo(steps.filter((v) => v > 1).length / steps.length, 12);
          // The clock step: the gcd of the timestamps, a multiple of the quantum.
          const units = Math.round(f.quantisationMs * 1e4);
          expect(units % Math.round(quantumMs * 1e4)).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('an off-grid first frame (as Firefox gives) is marked, and its neighbour\'s vblanks are unknown', () => {
    const t = [0, 6.9];
    for (let k = 1; k < 100; k++) t.push(Math.round((6.9 + k * (1000 / 60)) * 100) / 100);
    const grid = fitVblankGrid(t);
    expect(grid.offGrid[0]).toBe(true);
    expect(grid.offGrid.slice(1).every((x) => !x)).toBe(true);
    expect(grid.intervalMs).toBeCloseTo(1000 / 60, 3);
    const f = deriveFrameFixture('synthetic', {
      browser: 'firefox', browserVersion: '0', scenario: 'idle', recordedAt: '2026-01-01T00:00:00Z',
      description: 'synthetic', driver: 'test', userAgent: 'test', machine: { cpus: 1, loadAverage1mBefore: 0, loadAverage1mAfter: 0 },
      timestampsMs: t,
    });
    expect(f.vblanks[1]).toBeNaN();
    expect(f.vblanks[2]).toBe(1);
    expect(f.jitterMaxMs).toBeLessThan(0.01);
  });

  it('a gap longer than FRAME_GAP_MS splits the runs; each run may have its own phase', () => {
    const t: number[] = [];
    for (let k = 0; k < 50; k++) t.push(k * 16.666);
    for (let k = 0; k < 50; k++) t.push(3000.3 + k * 16.666);
    const f = deriveFrameFixture('synthetic', {
      browser: 'chromium', browserVersion: '0', scenario: 'hidden', recordedAt: '2026-01-01T00:00:00Z',
      description: 'synthetic', driver: 'test', userAgent: 'test', machine: { cpus: 1, loadAverage1mBefore: 0, loadAverage1mAfter: 0 },
      timestampsMs: t.map((x) => Math.round(x * 1e4) / 1e4),
    });
    expect(f.runs).toEqual([{ start: 0, end: 49 }, { start: 50, end: 99 }]);
    expect(f.gapsMs).toHaveLength(1);
    expect(f.vblanks[50]).toBeNaN();
    expect(f.intervalMs).toBeCloseTo(16.666, 6);
    expect(f.jitterMaxMs).toBeLessThan(1e-6);
  });
});

/** Of the callbacks that ran longer than an interval, the share whose next frame came exactly one vblank later. */
function lateCallbacksOnTime(f: FrameFixture): number {
  let late = 0;
  let onTime = 0;
  for (let i = 0; i + 1 < f.frames; i++) {
    if (f.loadMs![i]! > f.intervalMs && !Number.isNaN(f.vblanks[i + 1]!)) {
      late++;
      if (f.vblanks[i + 1] === 1) onTime++;
    }
  }
  return onTime / late;
}

describe('docs/guarantees.md: the real frame streams table and statements', () => {
  const readme = readFileSync(new URL('../../docs/guarantees.md', import.meta.url), 'utf8');
  const start = readme.indexOf('## Real frame streams');
  const section = readme.slice(start, readme.indexOf('\n#', start + 5));
  const rows = section.split('\n').filter((line) => /^\| (Chromium|Firefox)/.test(line));

  it('has one row per fixture, in the loader\'s order', () => {
    expect(start).toBeGreaterThan(0);
    expect(rows.map((row) => {
      const [browser, scenario] = row.split('|').slice(1, 3).map((cell) => cell.trim());
      return `${browser!.startsWith('Chromium') ? 'chromium' : 'firefox'}-${scenario}`;
    })).toEqual(names);
  });

  it.each(names)('%s: its row matches the loader (to the digits shown)', (name) => {
    const f = loadFrameFixture(name);
    const row = rows.find((line) => {
      const [browser, scenario] = line.split('|').slice(1, 3).map((cell) => cell.trim());
      return browser!.toLowerCase().startsWith(f.browser) && scenario === f.scenario;
    });
    expect(row).toBeDefined();
    const cells = row!.split('|').slice(1, -1).map((cell) => cell.trim());
    expect(cells[0]).toBe(`${f.browser === 'chromium' ? 'Chromium' : 'Firefox ESR'} ${f.browserVersion.split('.')[0]}`);
    expect(cells[2]).toBe(f.frames.toLocaleString('en-US'));
    expect(cells[3]).toBe(f.rateHz.toFixed(3));
    expect(Number(cells[4])).toBe(f.quantisationMs);
    expect(cells[5]).toBe(`${f.jitterRmsMs.toFixed(2)} / ${f.jitterMaxMs.toFixed(2)}`);
    expect(cells[6]).toBe(`${(f.droppedFrameShare * 100).toFixed(1)} %`);
    expect(cells[7]).toBe(String(f.phaseJumps));
  });

  it('the late-callback shares and the hidden gap it quotes', () => {
    const match = /for\s+(\d+) % in Chromium load, (\d+) % in Chromium throttle and (\d+) % in Firefox load/.exec(section.replace(/\s+/g, ' '));
    expect(match).not.toBeNull();
    const shares = ['chromium-load', 'chromium-throttle', 'firefox-load'].map((n) => lateCallbacksOnTime(loadFrameFixture(n)));
    expect(match!.slice(1, 4).map(Number)).toEqual(shares.map((share) => Math.round(share * 100)));
    for (const share of shares) expect(share).toBeGreaterThan(0.5);
    const gap = /one (\d+\.\d\d) s gap/.exec(section);
    expect(gap![1]).toBe((loadFrameFixture('chromium-hidden').gapsMs[0]! / 1000).toFixed(2));
    // "Chromium's frames sit on a 16.666 ms grid (60.002 Hz …)"
    expect(section).toContain(`16.666 ms grid (${loadFrameFixture('chromium-idle').rateHz.toFixed(3)} Hz`);
  });
});
