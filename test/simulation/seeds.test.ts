/**
 * The seeds' worked figures, reproduced by running the core algorithms on the simulated display.
 * Every expected number below is the seed's own. The articles start their clock before the loop,
 * so these runs put game time zero at vblank 0 (`timeZero: 'vblank'`).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/simulation/index.js';
import type { SimulationFrames } from '../../src/simulation/types.js';

/** Seed 001's dt. */
const STEP_MS = 1000 / 60;
/** The clock read at a vblank is just past an update boundary that falls on it (listing 4's narrative). */
const JUST_AFTER_VBLANK_MS = 0.001;

/** Lags of the first `n` frames, in steps. */
function lagSteps(frames: SimulationFrames, n: number): number[] {
  return Array.from(frames.lagMs.subarray(0, n), (ms) => ms / STEP_MS);
}

/** Per frame: [steps run since the start, alpha], derived from the picture time of a fixed step. */
function stepsAndAlpha(frames: SimulationFrames): [number, number][] {
  const out: [number, number][] = [];
  let total = 0;
  for (let i = 0; i < frames.count; i += 1) {
    total += frames.steps[i] as number;
    const pictureSteps = ((frames.pictureSeconds[i] as number) * 1000) / STEP_MS;
    out.push([total, pictureSteps - (total - 1)]);
  }
  return out;
}

function expectEach(actual: readonly number[], expected: readonly number[], tolerance: number): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => {
    if (Math.abs(a - (expected[i] as number)) > tolerance) {
      throw new Error(`entry ${i}: expected ${expected[i]} ± ${tolerance}, got ${a} (all: ${actual.join(', ')})`);
    }
  });
}

describe('seed 001, listing 4: interpolated draws, updates taking 0.2 dt', () => {
  const listing4 = (refreshRate: number) =>
    simulate({
      display: { refreshRate, callbackDelayMs: JUST_AFTER_VBLANK_MS },
      cost: { update: 0.2 * STEP_MS },
      algorithm: { kind: 'fixed', step: 1 / 60, interpolation: 'ahead' },
      durationSeconds: 2,
      timeZero: 'vblank',
    });

  it('at 75 Hz the errors are 0.6, 0.8, 0.6, 0.6, 0.6 dt, and the picture is sampled after the update', () => {
    const { frames } = listing4(75);
    expectEach(lagSteps(frames, 5), [0.6, 0.8, 0.6, 0.6, 0.6], 1e-3);
    // "A draw D(0.2) is hence done": the first picture shows 0.2 dt, sampled 0.2 dt into the frame.
    expect((frames.pictureSeconds[0] as number) * 60).toBeCloseTo(0.2, 3);
    expect((frames.sampleMs[0] as number) - (frames.startMs[0] as number)).toBeCloseTo(0.2 * STEP_MS, 9);
    // Shown at the vblanks 0.8 dt, 1.6 dt, 2.4 dt … = 1/75, 2/75, 3/75 s.
    expectEach(Array.from(frames.presentMs.subarray(0, 3)), [1000 / 75, 2000 / 75, 3000 / 75], 1e-9);
  });

  it('at 75 Hz: about 0.6 dt of lag overall and a 0.2 dt jerk every fifth frame', () => {
    const { frames, metrics } = listing4(75);
    // Steady state: exactly one frame in five lags 0.8 dt, the other four 0.6 dt.
    const lags = lagSteps(frames, frames.count);
    const late = lags.map((l, i) => (Math.abs(l - 0.8) < 1e-3 ? i : -1)).filter((i) => i >= 0);
    expect(late.length).toBeGreaterThan(20);
    for (let k = 1; k < late.length; k += 1) expect((late[k] as number) - (late[k - 1] as number)).toBe(5);
    lags.forEach((l) => expect(Math.abs(l - 0.6) < 1e-3 || Math.abs(l - 0.8) < 1e-3).toBe(true));
    expect(metrics.lagMeanSteps).toBeCloseTo(0.64, 2);
    // The jerk: the picture advances 0.2 dt more (then less) than real time around the late frame.
    expect(metrics.judderMaxMs / STEP_MS).toBeCloseTo(0.2, 3);
    expect(metrics.duplicatePictures).toBe(0);
  });

  it('at 60 Hz the lag is a constant 0.8 dt (interpolation 0.2 where 1.0 was due)', () => {
    const { frames, metrics } = listing4(60);
    lagSteps(frames, frames.count).forEach((l) => expect(l).toBeCloseTo(0.8, 3));
    expect(metrics.judderMs).toBeLessThan(1e-6);
    expect(metrics.stepsHistogram).toEqual([0, frames.count]);
  });
});

describe('seed 001, listing 7: predicted interpolated draws at 75 Hz', () => {
  const run = (interpolation: 'predicted' | 'ahead') =>
    simulate({
      display: { refreshRate: 75, callbackDelayMs: 0 },
      cost: { update: 0.2 * STEP_MS },
      algorithm: { kind: 'fixed', step: 1 / 60, interpolation },
      durationSeconds: 2,
      timeZero: 'vblank',
    });

  it("reproduces the table: next_swap_time 0, 0.8, 1.6, 2.4 dt → num 0, 1, 2, 3 and alpha 1.0, 0.8, 0.6, 0.4", () => {
    const { frames } = run('predicted');
    const sa = stepsAndAlpha(frames);
    // Once the loop knows its frame interval, every picture aims at the vblank it is shown on.
    // Game time runs in cycles of 4 dt = 5 vblanks; the seed's table is one cycle. Find the frames
    // aiming at 4k dt (the table's iteration 0) and compare the next four with the table.
    const table: [number, number, number][] = [
      [0, 0, 1.0],
      [0.8, 1, 0.8],
      [1.6, 2, 0.6],
      [2.4, 3, 0.4],
    ];
    let cycles = 0;
    for (let i = 2; i + 3 < frames.count; i += 1) {
      const aimed = ((frames.pictureSeconds[i] as number) * 1000) / STEP_MS;
      if (Math.abs(aimed - Math.round(aimed)) > 1e-6 || Math.round(aimed) % 4 !== 0) continue;
      const base = Math.round(aimed);
      table.forEach(([swap, num, alpha], row) => {
        const [total, a] = sa[i + row] as [number, number];
        // …and is shown exactly then: next_swap_time is the present.
        expect((frames.presentMs[i + row] as number) / STEP_MS - base).toBeCloseTo(swap, 9);
        expect(((frames.pictureSeconds[i + row] as number) * 1000) / STEP_MS - base).toBeCloseTo(swap, 9);
        expect(total - base).toBe(num);
        expect(a).toBeCloseTo(alpha, 9);
      });
      cycles += 1;
    }
    expect(cycles).toBeGreaterThan(20);
  });

  it('has less lag than listing 4 (prediction hits the present; listing 4 trails it by about 0.6 dt)', () => {
    const predicted = run('predicted').metrics;
    const ahead = run('ahead').metrics;
    expect(Math.abs(predicted.lagMeanSteps)).toBeLessThan(0.05);
    expect(ahead.lagMeanSteps).toBeCloseTo(0.64, 2);
    expect(predicted.lagMeanMs).toBeLessThan(ahead.lagMeanMs);
  });
});

describe('seed 001, figure 1: four updates on five vblanks', () => {
  it('without interpolation, one picture in five repeats the previous one', () => {
    const { frames, metrics } = simulate({
      display: { refreshRate: 75, callbackDelayMs: JUST_AFTER_VBLANK_MS },
      cost: { update: 0.5, draw: 2 },
      algorithm: { kind: 'fixed', step: 1 / 60, interpolation: 'none' },
      durationSeconds: 4,
      timeZero: 'vblank',
    });
    const repeats: number[] = [];
    for (let i = 1; i < frames.count; i += 1) {
      if (frames.pictureSeconds[i] === frames.pictureSeconds[i - 1]) repeats.push(i);
    }
    expect(repeats.length).toBe(metrics.duplicatePictures);
    for (let k = 1; k < repeats.length; k += 1) expect((repeats[k] as number) - (repeats[k - 1] as number)).toBe(5);
    expect(metrics.duplicateRatio).toBeCloseTo(0.2, 2);
    // Four updates per five vblanks: the game still runs at real speed.
    expect(metrics.speed).toBeCloseTo(1, 2);
    expect(metrics.skippedVblanks).toBe(0);
  });
});

describe('seed 002: the dot at 100 units/s, actual time vs refresh times', () => {
  // The seed's frame times in ms. It writes 33.3 and 66.6 for two and four 60 Hz intervals
  // (its frame column says frames 2 and 4), so those are 100/3 and 200/3 here.
  const times = [0, 10, 21, 100 / 3, 43, 54, 200 / 3];
  const durations = times.slice(1).map((t, i) => t - (times[i] as number));
  const dotAt = (kind: 'variable' | 'synced') =>
    simulate({
      // vsync off: each frame starts the moment the previous one ends, so the draw costs replay
      // the seed's uneven frame times exactly.
      display: { refreshRate: 60, vsync: false, callbackDelayMs: 0 },
      cost: { draw: { sequence: durations } },
      algorithm: kind === 'variable' ? { kind } : { kind, refreshRate: 60, rounding: 'down' },
      durationSeconds: 0.07,
      timeZero: 'vblank',
    }).frames;

  it('runs the frames at the seed times', () => {
    expectEach(Array.from(dotAt('variable').startMs), times, 1e-9);
  });

  it('a variable delta puts the dot at its actual-time positions 0, 1, 2.1, 3.33, 4.3, 5.4, 6.66', () => {
    const positions = Array.from(dotAt('variable').pictureSeconds, (s) => 100 * s);
    expectEach(positions, [0, 1, 2.1, 3.33, 4.3, 5.4, 6.66], 0.01);
  });

  it('refresh-synced slices put it at the refresh-time positions 0, 0, 1.67, 3.33, 3.33, 5.0, 6.66', () => {
    const frames = dotAt('synced');
    expectEach(Array.from(frames.pictureSeconds, (s) => 100 * s), [0, 0, 1.67, 3.33, 3.33, 5.0, 6.66], 0.01);
    // The seed's "Frame (60fps)" column: which refresh the game is on.
    expect(Array.from(frames.pictureSeconds, (s) => Math.round(s * 60))).toEqual([0, 0, 1, 2, 2, 3, 4]);
  });
});

describe('seed 002 / 001: a 60 Hz game on a 55 Hz display', () => {
  it('alternates one and two steps per frame: one two-step frame in every eleven', () => {
    const { frames, metrics } = simulate({
      display: { refreshRate: 55 },
      cost: { update: 0.3, draw: 2 },
      algorithm: { kind: 'fixed', step: 1 / 60, interpolation: 'none' },
      durationSeconds: 11,
      timeZero: 'vblank',
    });
    const doubles: number[] = [];
    for (let i = 1; i < frames.count; i += 1) {
      const s = frames.steps[i] as number;
      expect(s === 1 || s === 2).toBe(true);
      if (s === 2) doubles.push(i);
    }
    for (let k = 1; k < doubles.length; k += 1) expect((doubles[k] as number) - (doubles[k - 1] as number)).toBe(11);
    // 60 updates in 55 frames a second.
    expect(doubles.length).toBeGreaterThanOrEqual(54);
    expect(doubles.length).toBeLessThanOrEqual(56);
    expect(metrics.stepsHistogram.length).toBe(3);
    // Without interpolation every two-step frame is a visible double jump.
    expect(metrics.doubledDeltas).toBe(doubles.filter((i) => i > 0).length);
  });
});
