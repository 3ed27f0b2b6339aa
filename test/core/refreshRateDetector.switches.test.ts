/**
 * Changes of display rate and of the browser's throttling while a game runs (docs/browsers.md,
 * "Rate switches"): the detector is right within 250 ms of each, and an algorithm that follows it
 * counts at the new rate from then on.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDeltaSmoother, createRefreshRateDetector } from '../../src/core/index.js';
import { shownTable } from '../fixtures/docsTable.js';
import { modelStream, type StreamPart } from '../fixtures/modelledStreams.js';
import { ISSUE_NOISE, relockOverSeeds, relockTimes, switchStream, switchTable, SWITCH_KINDS } from '../fixtures/rateSwitches.js';

/** The bound of issue 35. */
const RELOCK_MS = 250;
/** Display rates of the random sequences: every known rate from 48 to 240 Hz. */
const RATES = [48, 50, 59.94, 60, 72, 75, 90, 100, 119.88, 120, 143.86, 144, 165, 240];
/** The seeded noise: jitter 0–0.15 ms, up to 1 % missed vblanks, clock steps of `quantumMs` (by default 0, 0.02 or 0.1 ms). */
const noiseOf = (seed: number, quantumMs = [0, 0.02, 0.1][seed % 3]!) => ({ jitterMs: (seed % 4) * 0.05, quantumMs, missChance: (seed % 5) * 0.0025, seed });
/** Re-lock time (ms) after 2 s at `from` Hz then 2 s at `to`, the new grid at a seeded phase. */
const relockOf = (from: number, to: number, seed: number, quantumMs?: number) =>
  relockTimes(modelStream({ parts: [{ displayHz: from, seconds: 2 }, { displayHz: to, seconds: 2, phaseMs: (seed * 0.37) % (1000 / to) }], ...noiseOf(seed, quantumMs) }))[0]!;

describe('rate switches: each kind, 24 seeds, jitter up to 0.15 ms, clock steps of 0, 0.02 or 0.1 ms, up to 1 % missed vblanks', () => {
  it.each(SWITCH_KINDS.map((k) => [k.name, k] as const))('%s: right within 250 ms of the change, and from then on', (_name, kind) => {
    for (let seed = 1; seed <= 24; seed++) {
      const [relockMs] = relockTimes(switchStream(kind, noiseOf(seed)));
      expect({ seed, relockMs: relockMs! <= RELOCK_MS ? 'in time' : relockMs }).toEqual({ seed, relockMs: 'in time' });
    }
  });

  it('every kind at the issue’s noise, the 50 seeds of the docs table: within 250 ms (120 → 60 Hz never re-locked; battery saver ending took 300 ms on one seed)', () => {
    for (const kind of SWITCH_KINDS) {
      const times = relockOverSeeds(kind, 50, ISSUE_NOISE);
      expect({ name: kind.name, worst: times[times.length - 1]! <= RELOCK_MS }).toEqual({ name: kind.name, worst: true });
    }
  });
});

describe('rate switches to and from displays faster than 400 Hz (480, 500, 540), on clocks of 0, 0.02 and 0.1 ms', () => {
  it.each([
    [144, 480],
    [60, 540],
    [500, 144],
    [540, 240],
    [480, 500],
  ])('%d → %d Hz: right within 250 ms, 24 seeds', (from, to) => {
    for (let seed = 1; seed <= 24; seed++) {
      const relockMs = relockOf(from, to, seed);
      expect({ seed, relockMs: relockMs <= RELOCK_MS ? 'in time' : relockMs }).toEqual({ seed, relockMs: 'in time' });
    }
  });
});

describe('rate switches on a whole-millisecond clock (Safari, WebKitGTK): each kind, 50 seeds not tuned on', () => {
  // The constants were chosen on seeds 1–24; these are 101–150. The 30 Hz throttle on 120 Hz took
  // 333 ms on one (its first interval straddles the change: 2 vblanks, then 4s) until a quick run
  // whose every frame but the first takes the usual count was read as steady.
  // Before the drift and 48 Hz rules: 48 → 50 Hz up to 480 ms, 100 → 90 Hz 255, 144 → 48 Hz 270;
  // before any whole-millisecond fix, 10 kinds missed and 6 never re-locked on some seeds.
  it.each(SWITCH_KINDS.map((k) => [k.name, k] as const))('%s: right within 250 ms of the change, and from then on', (_name, kind) => {
    for (let seed = 101; seed <= 150; seed++) {
      const [relockMs] = relockTimes(switchStream(kind, noiseOf(seed, 1)));
      expect({ seed, relockMs: relockMs! <= RELOCK_MS ? 'in time' : relockMs }).toEqual({ seed, relockMs: 'in time' });
    }
  });

  it('120 Hz → 30 Hz throttle: 167 ms at most on every seed (333 on seed 132 while the straddling first frame had to be outweighed)', () => {
    const kind = SWITCH_KINDS.find((k) => k.name === '120 Hz → 30 Hz throttle')!;
    for (let seed = 101; seed <= 150; seed++) {
      const [relockMs] = relockTimes(switchStream(kind, noiseOf(seed, 1)));
      expect({ seed, relockMs: Math.round(relockMs!) <= 167 ? 'in time' : relockMs }).toEqual({ seed, relockMs: 'in time' });
    }
  });
});

describe('displays 3–5 % apart on a whole-millisecond clock (Safari)', () => {
  it('48 ↔ 50 and 72 ↔ 75 Hz re-lock within 250 ms', () => {
    for (const [from, to] of [[48, 50], [50, 48], [72, 75], [75, 72]] as const) {
      for (let seed = 101; seed <= 150; seed++) {
        const relockMs = relockOf(from, to, seed, 1);
        expect({ from, to, seed, relockMs: relockMs <= RELOCK_MS ? 'in time' : relockMs }).toEqual({ from, to, seed, relockMs: 'in time' });
      }
    }
  });

  // At 144–170 Hz nine timestamps rounded to 1 ms cannot tell grids 3–4 % apart (0.2–0.3 ms a
  // frame), and the old grid, re-phasing onto the new frames every 10–20 of them, shifts by 1.6–2.6 ms,
  // over rounding's 1.5 ms: followed as re-phases, 144 → 150 Hz read `synced 144` for good on all 50
  // seeds below, 150 → 144 on 41, 170 → 165 on 34. Four such shifts the same way after short segments
  // are a creep, which ends the lock (the worst 373, 409 and 533 ms); since the first such shift starts
  // a challenger over sixteen intervals, the worst are 227, 166 and 248 ms. 165 → 170 Hz re-phased
  // once, after a long segment, and lost its lock before a second (347 ms; it read 166.67 Hz for good
  // on 2 seeds before); since any re-phase tries that challenger toward a known rate, 235 ms (and
  // 170 → 165 Hz 170 ms).
  it('144 ↔ 150 and 165 ↔ 170 Hz re-lock within 250 ms (they never did on most seeds)', () => {
    for (const [from, to] of [[144, 150], [150, 144], [170, 165], [165, 170]] as const) {
      for (let seed = 101; seed <= 150; seed++) {
        const relockMs = relockOf(from, to, seed, 1);
        expect({ from, to, seed, relockMs: relockMs <= RELOCK_MS ? 'in time' : relockMs }).toEqual({ from, to, seed, relockMs: 'in time' });
      }
    }
  });
});

/** A random sequence of stretches: a display of a known rate, or throttling to every 2nd or 4th vblank (30 Hz at least) after its every vblank. */
const sequence = fc
  .array(fc.record({ rate: fc.constantFrom(...RATES), throttle: fc.constantFrom(1, 1, 2, 4), seconds: fc.double({ min: 1.5, max: 3, noNaN: true }), phase: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 2, maxLength: 4 })
  .map((stretches) => {
    const parts: StreamPart[] = [];
    for (const s of stretches) {
      const previous = parts[parts.length - 1];
      // Throttling is applied to the display the loop ran on at every vblank; a new display starts at every vblank.
      const throttles = previous !== undefined && previous.every === 1 && s.throttle > 1 && previous.displayHz / s.throttle >= 30;
      parts.push(
        throttles
          ? { displayHz: previous.displayHz, every: s.throttle, seconds: s.seconds }
          : { displayHz: s.rate, every: 1, seconds: s.seconds, phaseMs: (s.phase * 1000) / s.rate },
      );
    }
    return parts;
  });

describe('rate switches: random sequences (fast-check)', () => {
  it('property: after every change of display or of throttling, the detector is right within 250 ms and until the next change', () => {
    fc.assert(
      fc.property(
        sequence,
        fc.double({ min: 0, max: 0.15, noNaN: true }),
        fc.constantFrom(0, 0.02, 0.1),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (parts, jitterMs, quantumMs, missChance, seed) => {
          const stream = modelStream({ parts, jitterMs, quantumMs, missChance, seed });
          relockTimes(stream).forEach((relockMs, k) => {
            const [a, b] = [parts[k]!, parts[k + 1]!];
            expect({ change: `${a.displayHz}/${a.every} → ${b.displayHz}/${b.every}`, relockMs: relockMs <= RELOCK_MS ? 'in time' : relockMs }).toMatchObject({ relockMs: 'in time' });
          });
        },
      ),
      // Seeded: the same 120 sequences every run.
      { numRuns: 120, seed: 35 },
    );
  });

  // Measured over these seeded sets of 300 sequences: the worst 215, 220 and 199 ms. The rules were
  // chosen on the switch kinds (seeds 1–24); sets 11 and 12 were first run after. Before the
  // whole-ms drift rules (WHOLE_MS_DRIFT_NOISES, EARLY_DRIFT) 6, 6 and 3 changes took over 250 ms,
  // the worst 280 (changes to 75 Hz); in set 7, 7 without the noise floor, 20 and 400 ms without
  // rounding's residual for a challenger, 144 before any of the whole-millisecond fixes.
  it.each([
    [7, 563],
    [11, 557],
    [12, 579],
  ])('on a whole-millisecond clock (Safari): set %i, every one of its %i changes within 250 ms', (runSeed, changes) => {
    const relocks: number[] = [];
    fc.assert(
      fc.property(sequence, fc.double({ min: 0, max: 0.15, noNaN: true }), fc.double({ min: 0, max: 0.01, noNaN: true }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (parts, jitterMs, missChance, seed) => {
        const stream = modelStream({ parts, jitterMs, quantumMs: 1, missChance, seed });
        relockTimes(stream).forEach((relockMs, k) => {
          const [a, b] = [parts[k]!, parts[k + 1]!];
          const ratio = a.displayHz / b.displayHz;
          if ((a.every ?? 1) !== (b.every ?? 1) || Math.abs(ratio - 1) <= 0.002 || Math.abs(ratio - 1) >= 0.05) relocks.push(relockMs);
        });
      }),
      { numRuns: 300, seed: runSeed },
    );
    expect(relocks.length).toBe(changes);
    expect(relocks.filter((ms) => ms > RELOCK_MS)).toEqual([]);
  });

  // Measured over 200 seeds each (jitter 0–0.15 ms, clock steps 0, 0.02 and 0.1 ms, up to 1 % missed):
  // the worst 188 ms (50 → 48 Hz). The test's 24 seeds were not among those the constants were chosen on.
  it('displays 3–5 % apart (48 ↔ 50, 72 ↔ 75, 144 ↔ 150, 165 ↔ 170 Hz) re-lock within 250 ms', () => {
    for (const [from, to] of [[48, 50], [50, 48], [72, 75], [75, 72], [144, 150], [150, 144], [165, 170], [170, 165]] as const) {
      for (let seed = 201; seed <= 224; seed++) {
        const relockMs = relockOf(from, to, seed);
        expect({ from, to, seed, relockMs: relockMs <= RELOCK_MS ? 'in time' : relockMs }).toEqual({ from, to, seed, relockMs: 'in time' });
      }
    }
  });
});

/** A delta smoother told each new rate the detector reports: its miscounts after the detector has the loop's rate, and whether it ever has. */
function follow(kindName: string, seed: number): { relocked: boolean; miscounts: number } {
  const stream = switchStream(SWITCH_KINDS.find((k) => k.name === kindName)!, { jitterMs: 0.1, quantumMs: 0.02, missChance: 0.005, seed });
  const detector = createRefreshRateDetector();
  const smoother = createDeltaSmoother({ refreshRate: 60 });
  let rate = 60;
  let relocked = -1;
  let miscounts = 0;
  for (let i = 0; i < stream.timestampsMs.length; i++) {
    const e = detector.sample(stream.timestampsMs[i]!);
    if (e.synced && e.refreshRate !== rate) smoother.setRefreshRate((rate = e.refreshRate));
    const intervals = i === 0 ? 0 : Math.round(smoother.smooth((stream.timestampsMs[i]! - stream.timestampsMs[i - 1]!) / 1000) * rate);
    const rightRate = Math.abs(rate / stream.loopHz[i]! - 1) <= 0.005;
    if (i >= stream.switches[0]!.frame) relocked = rightRate ? (relocked < 0 ? i : relocked) : -1;
    if (relocked >= 0 && i > relocked && !Number.isNaN(stream.vblanks[i]) && intervals !== stream.vblanks[i]) miscounts++;
  }
  return { relocked: relocked > 0, miscounts };
}

describe('rate switches: the algorithms that follow the detector re-snap at once', () => {
  const synced = SWITCH_KINDS.filter((k) => k.what !== 'throttled' && k.what !== 'twin');
  it.each(synced.map((k) => k.name))('%s: a delta smoother told each new rate hands out the loop intervals elapsed on every frame after the re-lock', (name) => {
    for (const seed of [1, 2, 3]) expect({ seed, ...follow(name, seed) }).toEqual({ seed, relocked: true, miscounts: 0 });
  });

  it('a twin (60 ↔ 59.94 Hz) is within 0.1 % at once: at most one frame miscounted in 6 s, where the phase the counter follows wraps before the detector tells the twins apart', () => {
    for (const name of ['60 → 59.94 Hz', '59.94 → 60 Hz']) {
      for (const seed of [1, 2, 3]) {
        const result = follow(name, seed);
        expect(result.relocked).toBe(true);
        expect(result.miscounts).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('docs/browsers.md', () => {
  it('its rate-switch table is the measured re-lock times (UPDATE_DOCS=1 rewrites it)', () => {
    const before = (JSON.parse(readFileSync(new URL('../fixtures/rateSwitchesBefore.json', import.meta.url), 'utf8')) as { changes: never }).changes;
    const table = switchTable(before);
    expect(shownTable(new URL('../../docs/browsers.md', import.meta.url), 'switch-table', table)).toBe(table);
  }, 60_000);
});
