/**
 * The threads loop of Peter Sundqvist, "Timestepping" (Turborilla), on the simulated display: one
 * thread updates on the grid start + num × dt, the other draws at each vblank and reads the updates
 * (a) 'latest', (b) 'interpolated' or (c) 'live'. Its listing 3 (one thread, no interpolation) is
 * the 'fixed' kind with interpolation 'none'. The figures here are the ones docs/threads.md states.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATRIX_LOADS, runMatrix, simulate } from '../../src/simulation/index.js';
import { UpdateThread } from '../../src/simulation/threads.js';
import type { AlgorithmSpec, CostModel, SimulationFrames, SimulationResult, ThreadsRead } from '../../src/simulation/types.js';

const STEP_MS = 1000 / 60;
const LISTING_3: AlgorithmSpec = { kind: 'fixed', step: 1 / 60, interpolation: 'none' };
const threads = (read: ThreadsRead): AlgorithmSpec => ({ kind: 'threads', step: 1 / 60, read });
/** A fast computer: each update ends before the frame callback reads the clock (0.25 ms after its vblank). */
const FAST = { update: 0.1, draw: 2 };

function run(algorithm: AlgorithmSpec, refreshRate: number, cost: { update?: CostModel; draw?: CostModel }, durationSeconds = 4, warmupSeconds = 0.5): SimulationResult {
  return simulate({ display: { refreshRate }, cost, algorithm, durationSeconds, warmupSeconds, timeZero: 'vblank' });
}

/** Frames whose update count is `steps`. */
function framesWithSteps(frames: SimulationFrames, steps: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < frames.count; i += 1) if (frames.steps[i] === steps) out.push(i);
  return out;
}

describe("(a) 'latest' on a fast computer gives the same pictures as listing 3", () => {
  it.each([60, 75])('at %d Hz: the same game time on every picture, at the same present', (rate) => {
    const one = run(LISTING_3, rate, FAST);
    const two = run(threads('latest'), rate, FAST);
    expect(two.frames.count).toBe(one.frames.count);
    expect(Array.from(two.frames.pictureSeconds)).toEqual(Array.from(one.frames.pictureSeconds));
    expect(Array.from(two.frames.presentMs)).toEqual(Array.from(one.frames.presentMs));
    expect(two.metrics.lagMeanMs).toBe(one.metrics.lagMeanMs);
    expect(two.metrics.judderMs).toBe(one.metrics.judderMs);
    expect(two.metrics.repeatedPictures).toBe(one.metrics.repeatedPictures);
  });

  it('the figures: 1.0 step of lag and no judder at 60 Hz; at 75 Hz 1.2 steps and one picture in five repeated', () => {
    const at60 = run(threads('latest'), 60, FAST).metrics;
    expect(at60.lagMeanSteps).toBeCloseTo(1, 9);
    expect(at60.judderSteps).toBeLessThan(1e-9);
    const at75 = run(threads('latest'), 75, FAST).metrics;
    expect(at75.lagMeanSteps).toBeCloseTo(1.2, 9);
    expect(at75.lagMaxSteps).toBeCloseTo(1.6, 9);
    expect(at75.repeatedPictures).toBe(52);
    expect(at75.frames).toBe(263);
    expect(at75.judderSteps).toBeCloseTo(0.398, 3);
    expect(at75.judderMaxMs / STEP_MS).toBeCloseTo(0.8, 9);
  });

  it('an update still running when the frame reads shows the step before: 2.0 steps of lag instead of 1.0', () => {
    // 0.5 ms updates on 60 Hz vblanks: each runs from its vblank to 0.25 ms past the frame's read.
    // The article's draw waits for the update to end; a frame on the display's thread does not.
    const cost = { update: 0.5, draw: 2 };
    expect(run(LISTING_3, 60, cost).metrics.lagMeanSteps).toBeCloseTo(1, 9);
    expect(run(threads('latest'), 60, cost).metrics.lagMeanSteps).toBeCloseTo(2, 9);
  });
});

describe('the only gain: updates go on while the draw is busy', () => {
  it('a 12 ms draw with 8 ms updates at 60 Hz: listing 3 shows 20 pictures a second, the threads loop 60', () => {
    const cost = { update: 8, draw: 12 };
    const one = run(LISTING_3, 60, cost).metrics;
    const two = run(threads('latest'), 60, cost).metrics;
    expect(one.fps).toBeCloseTo(20, 9);
    expect(one.skippedVblanks).toBe(142);
    // Listing 3's updates wait for the frame, then for each other: up to a refresh interval late.
    expect(one.updateLateMaxMs).toBeCloseTo(16.917, 3);
    expect(two.fps).toBeCloseTo(60, 9);
    expect(two.skippedVblanks).toBe(0);
    expect(two.updateLateMaxMs).toBe(0);
  });

  it('a draw that spikes by 20 ms every tenth frame misses the same vblanks either way, but delays only listing 3’s updates', () => {
    const cost = { update: 2, draw: { base: 2, spikeEvery: 10, spikeMs: 20 } };
    const one = run(LISTING_3, 60, cost).metrics;
    const two = run(threads('latest'), 60, cost).metrics;
    expect(one.skippedVblanks).toBe(19);
    expect(two.skippedVblanks).toBe(19);
    expect(two.fps).toBeCloseTo(one.fps, 9);
    expect(one.updateLateMaxMs).toBeCloseTo(16.917, 3);
    expect(two.updateLateMaxMs).toBe(0);
  });
});

describe('the three reads', () => {
  it("(b) 'interpolated' is even where (a) judders: at 75 Hz 0 against 0.398 steps, at 1.785 steps of lag", () => {
    const latest = run(threads('latest'), 75, FAST).metrics;
    const interpolated = run(threads('interpolated'), 75, FAST).metrics;
    expect(interpolated.judderSteps).toBeLessThan(1e-9);
    expect(interpolated.judderSteps).toBeLessThan(latest.judderSteps);
    expect(interpolated.repeatedPictures).toBe(0);
    // It shows the game time one step before the read: a step more lag than (a) on average.
    expect(interpolated.lagMeanSteps).toBeCloseTo(1.785, 9);
  });

  it("(c) 'live' shows torn pictures: one in five at 75 Hz, every one at 60 Hz, with 0.5 ms updates; (a) and (b) none", () => {
    const cost = { update: 0.5, draw: 2 };
    const at75 = run(threads('live'), 75, cost).metrics;
    expect(at75.tornPictures).toBe(52);
    expect(at75.tornRatio).toBeCloseTo(52 / 263, 9);
    const at60 = run(threads('live'), 60, cost).metrics;
    expect(at60.tornRatio).toBe(1);
    // The newest data on the picture is the running step's: the lag of listing 3, torn.
    expect(at60.lagMeanSteps).toBeCloseTo(1, 9);
    for (const read of ['latest', 'interpolated'] as const) {
      for (const rate of [60, 75]) expect(run(threads(read), rate, cost).metrics.tornPictures).toBe(0);
    }
  });

  it("(c) 'live' never tears when no update runs at the read", () => {
    expect(run(threads('live'), 75, FAST).metrics.tornPictures).toBe(0);
  });
});

describe('every vsync and time-variation problem stays', () => {
  it('at 59.94 Hz with 60 Hz steps, (a) jumps a step every 999 frames, as listing 3 does', () => {
    const one = run(LISTING_3, 59.94, FAST, 40, 0).frames;
    const two = run(threads('latest'), 59.94, FAST, 40, 0).frames;
    const jumpsOne = framesWithSteps(one, 2);
    const jumpsTwo = framesWithSteps(two, 2);
    expect(jumpsTwo).toHaveLength(2);
    expect(jumpsOne).toHaveLength(2);
    expect((jumpsTwo[1] as number) - (jumpsTwo[0] as number)).toBe(999);
    expect((jumpsOne[1] as number) - (jumpsOne[0] as number)).toBe(999);
    // The core's fixed step keeps its count for 5 % of a step past a boundary (the article's advice):
    // its jump comes 37 frames later than the literal loop's.
    expect((jumpsOne[0] as number) - (jumpsTwo[0] as number)).toBe(37);
  });

  it("with free updates the core's jump trails the literal loop's by its 5 % boundary tolerance: 49 frames", () => {
    const free = { update: 0, draw: 2 };
    const one = framesWithSteps(run(LISTING_3, 59.94, free, 20, 0).frames, 2);
    const two = framesWithSteps(run(threads('latest'), 59.94, free, 20, 0).frames, 2);
    // The vblanks slide past the step grid by this much a frame.
    const driftMs = 1000 / 59.94 - STEP_MS;
    expect((one[0] as number) - (two[0] as number)).toBe(Math.floor((0.05 * STEP_MS) / driftMs));
    expect(Math.floor((0.05 * STEP_MS) / driftMs)).toBe(49);
  });

  it('at 75 Hz (a) repeats one picture in five, as listing 3 (figure 1 of the article)', () => {
    const one = run(LISTING_3, 75, FAST).metrics;
    const two = run(threads('latest'), 75, FAST).metrics;
    expect(two.repeatedPictures).toBe(one.repeatedPictures);
    expect(two.repeatedRatio).toBeCloseTo(0.2, 1);
  });
});

describe('the existing metrics and matrix apply', () => {
  it('updateLateMaxMs is measured for the loops with a step grid, NaN for the others', () => {
    for (const algorithm of [LISTING_3, threads('live'), { kind: 'adaptive' } as const]) {
      expect(run(algorithm, 60, FAST).metrics.updateLateMaxMs).toBeGreaterThanOrEqual(0);
    }
    for (const algorithm of [{ kind: 'variable' }, { kind: 'smoothed', step: 1 / 60 }, { kind: 'synced' }] as const) {
      expect(run(algorithm, 60, FAST).metrics.updateLateMaxMs).toBeNaN();
    }
  });

  it('runMatrix runs the threads loop, with flaps counted where its step is the refresh interval', () => {
    const rows = runMatrix({ algorithms: [{ name: 'threads', algorithm: threads('interpolated') }], refreshRates: [60, 75], loads: DEFAULT_MATRIX_LOADS.slice(0, 1), durationSeconds: 3 });
    const byRate = (rate: number) => rows.find((row) => row.refreshRate === rate && Number.isFinite(row.fps));
    expect(byRate(60)?.flapPercent).toBeGreaterThanOrEqual(0);
    expect(byRate(75)?.flapPercent).toBeNaN();
    expect(byRate(60)?.fps).toBeCloseTo(60, 0);
  });
});

describe('invariants (property tests)', () => {
  const costs = fc.array(fc.double({ min: 0, max: 40, noNaN: true }), { minLength: 1, maxLength: 12 });
  const sequenceCost = (sequence: readonly number[]) => {
    let i = 0;
    return () => sequence[i++ % sequence.length] as number;
  };

  it('every update runs once, in order, at its grid time or the moment the previous one ends, whichever is later', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 50, noNaN: true }), costs, fc.double({ min: 0, max: 100, noNaN: true }), (stepMs, sequence, originMs) => {
        const thread = new UpdateThread(stepMs, sequenceCost(sequence));
        thread.start(originMs);
        let previousEnd = originMs;
        let lateMax = 0;
        for (let n = 1; n <= 60; n += 1) {
          thread.completeNext();
          expect(thread.completed).toBe(n);
          const grid = originMs + n * stepMs;
          expect(thread.startedMs).toBe(Math.max(grid, previousEnd));
          expect(thread.endedMs - thread.startedMs).toBeCloseTo(sequence[(n - 1) % sequence.length] as number, 9);
          lateMax = Math.max(lateMax, thread.startedMs - grid);
          previousEnd = thread.endedMs;
        }
        expect(thread.lateMaxMs).toBe(lateMax);
      }),
      { numRuns: 100 },
    );
  });

  it("'latest' and 'interpolated' never show a state newer than the newest completed update, nor game time ahead of the read", () => {
    const arbitrary = fc.record({
      refreshRate: fc.constantFrom(30, 59.94, 60, 75, 144),
      jitterMs: fc.double({ min: 0, max: 3, noNaN: true }),
      sequence: costs,
      draw: fc.double({ min: 0, max: 25, noNaN: true }),
      read: fc.constantFrom('latest' as const, 'interpolated' as const),
      step: fc.constantFrom(1 / 30, 1 / 60, 1 / 120),
    });
    fc.assert(
      fc.property(arbitrary, (r) => {
        const { frames, metrics } = simulate({
          display: { refreshRate: r.refreshRate, jitterMs: r.jitterMs },
          cost: { update: { sequence: r.sequence }, draw: r.draw },
          algorithm: { kind: 'threads', step: r.step, read: r.read },
          durationSeconds: 1,
          timeZero: 'vblank',
        });
        // The same updates, replayed one by one: when each one ended.
        const replay = new UpdateThread(r.step * 1000, sequenceCost(r.sequence));
        replay.start(0);
        const ends: number[] = [];
        while (ends.length === 0 || (ends[ends.length - 1] as number) <= 1000) {
          replay.completeNext();
          ends.push(replay.endedMs);
        }
        for (let i = 0; i < frames.count; i += 1) {
          const readMs = frames.sampleMs[i] as number;
          const complete = ends.filter((end) => end <= readMs).length;
          const pictureSteps = (frames.pictureSeconds[i] as number) / r.step;
          expect(pictureSteps).toBeLessThanOrEqual(complete + 1e-9);
          expect(pictureSteps).toBeGreaterThanOrEqual(r.read === 'latest' ? complete - 1e-9 : complete - 1 - 1e-9);
          expect((frames.pictureSeconds[i] as number) * 1000).toBeLessThanOrEqual(readMs + 1e-9);
        }
        expect(metrics.tornPictures).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
