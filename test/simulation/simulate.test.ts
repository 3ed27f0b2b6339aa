import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/simulation/index.js';
import type { AlgorithmSpec, SimulationOptions } from '../../src/simulation/index.js';


const ALGORITHMS: readonly AlgorithmSpec[] = [
  { kind: 'variable' },
  { kind: 'fixed', interpolation: 'none' },
  { kind: 'fixed', interpolation: 'previous' },
  { kind: 'fixed', interpolation: 'ahead' },
  { kind: 'fixed', interpolation: 'predicted' },
  { kind: 'fixed', interpolation: 'previous', overload: 'catch-up' },
  { kind: 'smoothed' },
  { kind: 'smoothed', step: 1 / 60 },
  { kind: 'synced' },
  { kind: 'adaptive' },
  { kind: 'threads', read: 'latest' },
  { kind: 'threads', read: 'interpolated' },
  { kind: 'threads', read: 'live' },
];

describe('the display', () => {
  it('presents each picture on a vblank, in order, never before its work ends', () => {
    const { frames } = simulate({
      display: { refreshRate: 59.94, jitterMs: 2 },
      cost: { update: { min: 0.5, max: 4 }, draw: { min: 2, max: 14 } },
      algorithm: { kind: 'fixed', interpolation: 'predicted' },
      durationSeconds: 5,
    });
    const interval = 1000 / 59.94;
    for (let i = 0; i < frames.count; i += 1) {
      const p = frames.presentMs[i] as number;
      expect(Math.abs(p / interval - Math.round(p / interval))).toBeLessThan(1e-9);
      expect(p).toBeGreaterThanOrEqual(frames.finishMs[i] as number);
      if (i > 0) expect(p).toBeGreaterThan(frames.presentMs[i - 1] as number);
    }
  });

  it('double buffering: a frame whose work overruns one interval misses a vblank', () => {
    const { frames, metrics } = simulate({
      display: { refreshRate: 60, jitterMs: 0 },
      cost: { draw: 20 },
      algorithm: { kind: 'variable' },
      durationSeconds: 2,
    });
    // 20 ms of work on 16.7 ms vblanks: every picture waits two vblanks.
    for (let i = 1; i < frames.count; i += 1) expect(frames.vblanks[i]).toBe(2);
    expect(metrics.skippedVblanks).toBe(metrics.frames - 1);
    expect(metrics.fps).toBeCloseTo(30, 6);
  });

  it('triple buffering shows the picture one vblank later than double buffering', () => {
    const run = (queueDepth: number) =>
      simulate({
        display: { refreshRate: 120, queueDepth, jitterMs: 0.5 },
        cost: { update: 0.5, draw: 2 },
        algorithm: { kind: 'variable' },
        durationSeconds: 3,
        warmupSeconds: 0.5,
      }).metrics;
    const double = run(1);
    const triple = run(2);
    expect(triple.lagMeanMs - double.lagMeanMs).toBeCloseTo(1000 / 120, 0);
    expect(triple.fps).toBeCloseTo(120, 1);
  });

  it('triple buffering keeps the frame rate when single frames overrun a little', () => {
    const run = (queueDepth: number) =>
      simulate({
        display: { refreshRate: 60, queueDepth },
        cost: { draw: { sequence: [20, 10, 10] } },
        algorithm: { kind: 'variable' },
        durationSeconds: 3,
      }).metrics;
    expect(run(1).skippedVblanks).toBeGreaterThan(0);
    expect(run(2).skippedVblanks).toBe(0);
  });

  it('vsync off: a picture is shown when its work ends, the loop capped at unsyncedMaxRate', () => {
    const { frames, metrics } = simulate({
      display: { refreshRate: 60, vsync: false, unsyncedMaxRate: 250, callbackDelayMs: 0 },
      cost: { draw: 1 },
      algorithm: { kind: 'variable' },
      durationSeconds: 1,
    });
    for (let i = 0; i < frames.count; i += 1) expect(frames.presentMs[i]).toBe(frames.finishMs[i]);
    expect(metrics.fps).toBeCloseTo(250, 6);
  });

  it('jitter delays each callback by [0, jitterMs) after it could start', () => {
    const { frames } = simulate({
      display: { refreshRate: 60, jitterMs: 3, callbackDelayMs: 0.5 },
      algorithm: { kind: 'variable' },
      durationSeconds: 2,
    });
    const interval = 1000 / 60;
    let spread = 0;
    for (let i = 1; i < frames.count; i += 1) {
      const late = (frames.startMs[i] as number) - (frames.presentMs[i - 1] as number);
      expect(late).toBeGreaterThanOrEqual(0.5);
      expect(late).toBeLessThan(3.5);
      spread = Math.max(spread, late);
      expect((frames.presentMs[i] as number) - (frames.presentMs[i - 1] as number)).toBeCloseTo(interval, 9);
    }
    expect(spread).toBeGreaterThan(3);
  });
});

describe('the clock sampling', () => {
  it("'after-updates' reads the clock after the update work; 'frame-start' at the frame start", () => {
    const run = (clock: SimulationOptions['clock']) =>
      simulate({
        display: { refreshRate: 60 },
        cost: { update: 3 },
        algorithm: { kind: 'fixed', interpolation: 'ahead' },
        durationSeconds: 1,
        clock,
        timeZero: 'vblank',
      }).frames;
    const after = run('after-updates');
    const start = run('frame-start');
    for (let i = 1; i < after.count; i += 1) {
      expect((after.sampleMs[i] as number) - (after.startMs[i] as number)).toBeCloseTo(3 * (after.steps[i] as number), 9);
      expect(start.sampleMs[i]).toBe(start.startMs[i]);
    }
    // Sampling later shows a newer game time on the same vblank: less lag.
    expect(after.lagMs[30] as number).toBeCloseTo((start.lagMs[30] as number) - 3, 6);
  });
});

describe('the algorithms', () => {
  it('the adaptive rate steps down to every other vblank when frames keep just missing', () => {
    const { frames } = simulate({
      display: { refreshRate: 60, jitterMs: 0.5 },
      // Alternating just over and just under one interval (seed 001's alternating 60/30 Hz).
      cost: { update: 1, draw: { sequence: [17, 13] } },
      algorithm: { kind: 'adaptive' },
      durationSeconds: 4,
    });
    const tail = Array.from(frames.vblanks.subarray(frames.count - 60));
    expect(tail.every((v) => v === 2)).toBe(true);
  });

  it('fixed slow-motion drops time under overload and the game runs slow; catch-up keeps real speed', () => {
    const run = (overload: 'slow-motion' | 'catch-up') =>
      simulate({
        display: { refreshRate: 60 },
        cost: { update: 1, draw: { stretches: [{ fromSeconds: 2, toSeconds: 2.3, cost: 400 }], base: 2 } },
        algorithm: { kind: 'fixed', overload, maxSteps: 5 },
        durationSeconds: 6,
      }).metrics;
    const slow = run('slow-motion');
    const catchUp = run('catch-up');
    expect(slow.droppedSeconds).toBeGreaterThan(0.3);
    expect(slow.speed).toBeLessThan(0.95);
    expect(catchUp.droppedSeconds).toBe(0);
    expect(catchUp.speed).toBeCloseTo(1, 2);
  });

  it('smoothing with a rounded 60 Hz on a 59.94 Hz display doubles a delta every ~1000 frames (either rounding); the exact rate never', () => {
    const run = (refreshRate: number, rounding: 'up' | 'nearest') =>
      simulate({
        display: { refreshRate: 59.94, jitterMs: 1 },
        cost: { update: 0.5, draw: 2 },
        algorithm: { kind: 'smoothed', refreshRate, rounding },
        durationSeconds: 120,
        record: false,
      }).metrics;
    for (const rounding of ['up', 'nearest'] as const) {
      const exact = run(59.94, rounding);
      expect(exact.doubledDeltas).toBe(0);
      expect(exact.repeatedPictures).toBe(0);
      // 59.94 / 60 leaves 1/1000 of an interval a frame: one doubled delta per 1001 frames keeps
      // game time with real time.
      const rounded = run(60, rounding);
      expect(rounded.doubledDeltasPerMinute).toBeCloseTo((59.94 * 60) / 1001, 0);
      expect(rounded.speed).toBeCloseTo(1, 3);
    }
  });

  it('a variable delta matches real time and the synced slicer only whole intervals', () => {
    const run = (algorithm: AlgorithmSpec) =>
      simulate({ display: { refreshRate: 75, jitterMs: 1 }, cost: { draw: 2 }, algorithm, durationSeconds: 2 }).frames;
    const variable = run({ kind: 'variable' });
    const synced = run({ kind: 'synced' });
    for (let i = 0; i < variable.count; i += 1) {
      // Game time zero is the first frame.
      expect((variable.pictureSeconds[i] as number) * 1000).toBeCloseTo((variable.startMs[i] as number) - (variable.startMs[0] as number), 9);
      const intervals = (synced.pictureSeconds[i] as number) * 75;
      expect(Math.abs(intervals - Math.round(intervals))).toBeLessThan(1e-9);
    }
  });

  it('rejects an unknown algorithm kind, naming the option', () => {
    expect(() =>
      simulate({
        display: { refreshRate: 60 },
        algorithm: { kind: 'magic' } as unknown as AlgorithmSpec,
        durationSeconds: 1,
      }),
    ).toThrow(/algorithm\.kind/);
  });
});

describe('options', () => {
  const base: SimulationOptions = { display: { refreshRate: 60 }, algorithm: { kind: 'variable' }, durationSeconds: 1 };
  it.each([
    ['display.refreshRate', { ...base, display: { refreshRate: 0 } }],
    ['display.queueDepth', { ...base, display: { refreshRate: 60, queueDepth: 1.5 } }],
    ['display.jitterMs', { ...base, display: { refreshRate: 60, jitterMs: -1 } }],
    ['display.vsync', { ...base, display: { refreshRate: 60, vsync: 'yes' as unknown as boolean } }],
    ['durationSeconds', { ...base, durationSeconds: Number.NaN }],
    ['clock', { ...base, clock: 'later' as unknown as 'frame-start' }],
    ['cost.update.max', { ...base, cost: { update: { min: 2, max: 1 } } }],
    ['cost.draw.spikeEvery', { ...base, cost: { draw: { spikeEvery: 0, spikeMs: 3 } } }],
    ['cost.draw.stretches[0].toSeconds', { ...base, cost: { draw: { stretches: [{ fromSeconds: 2, toSeconds: 1, cost: 1 }] } } }],
    ['cost.update.sequence', { ...base, cost: { update: { sequence: [] } } }],
    ['cost.update', { ...base, cost: { update: -1 } }],
  ])('throws a RangeError naming %s', (name, options) => {
    expect(() => simulate(options as SimulationOptions)).toThrow(RangeError);
    expect(() => simulate(options as SimulationOptions)).toThrow(name);
  });

  it('passes core option errors through (the core names the option)', () => {
    expect(() => simulate({ ...base, algorithm: { kind: 'fixed', step: -1 } })).toThrow(/step/);
  });
});

describe('invariants (property tests)', () => {
  const arbitraryRun = fc.record({
    refreshRate: fc.constantFrom(30, 50, 59.94, 60, 75, 90, 119.88, 144, 165, 240),
    jitterMs: fc.double({ min: 0, max: 3, noNaN: true }),
    queueDepth: fc.integer({ min: 1, max: 3 }),
    update: fc.double({ min: 0, max: 4, noNaN: true }),
    draw: fc.double({ min: 0, max: 25, noNaN: true }),
    algorithm: fc.constantFrom(...ALGORITHMS),
    clock: fc.constantFrom('after-updates' as const, 'frame-start' as const),
    seed: fc.integer(),
  });
  type Run = typeof arbitraryRun extends fc.Arbitrary<infer T> ? T : never;
  const optionsOf = (r: Run): SimulationOptions => ({
    display: { refreshRate: r.refreshRate, jitterMs: r.jitterMs, queueDepth: r.queueDepth },
    cost: { update: { min: 0, max: r.update }, draw: { min: r.draw / 2, max: r.draw } },
    algorithm: r.algorithm,
    clock: r.clock,
    seed: r.seed,
    durationSeconds: 1.5,
  });

  it('presents strictly increase on the vblank grid; lag is present − (time zero + picture); at most maxSteps per fixed frame', () => {
    fc.assert(
      fc.property(arbitraryRun, (r) => {
        const { frames } = simulate(optionsOf(r));
        const interval = 1000 / r.refreshRate;
        for (let i = 0; i < frames.count; i += 1) {
          const p = frames.presentMs[i] as number;
          if (i > 0 && !(p > (frames.presentMs[i - 1] as number))) return false;
          if (p < (frames.finishMs[i] as number)) return false;
          if (Math.abs(p / interval - Math.round(p / interval)) > 1e-9) return false;
          const timeZeroMs = frames.startMs[0] as number;
          if (Math.abs((frames.lagMs[i] as number) - (p - timeZeroMs - (frames.pictureSeconds[i] as number) * 1000)) > 1e-9) return false;
          if (frames.startMs[i]! > frames.sampleMs[i]! || frames.sampleMs[i]! > frames.finishMs[i]!) return false;
          if (r.algorithm.kind === 'fixed' && (frames.steps[i] as number) > 5) return false;
        }
        return frames.count > 0;
      }),
      { numRuns: 60 },
    );
  });

  it('is deterministic, and record: false measures the same', () => {
    fc.assert(
      fc.property(arbitraryRun, (r) => {
        const a = simulate(optionsOf(r));
        const b = simulate({ ...optionsOf(r), record: false });
        expect(b.metrics).toEqual(a.metrics);
        expect(b.frames.count).toBe(0);
        expect(simulate(optionsOf(r)).frames.pictureSeconds).toEqual(a.frames.pictureSeconds);
      }),
      { numRuns: 30 },
    );
  });

  it('without overload the game keeps real speed (game time tracks real time)', () => {
    fc.assert(
      fc.property(
        arbitraryRun.filter((r) => r.update + r.draw < 1000 / r.refreshRate / 2),
        (r) => {
          const { metrics } = simulate({ ...optionsOf(r), durationSeconds: 10, warmupSeconds: 1 });
          const spec = r.algorithm;
          // Smoothing that assumes a rate equals the display's here (its default), so it keeps speed too.
          expect(Math.abs(metrics.speed - 1)).toBeLessThan(spec.kind === 'variable' ? 1e-3 : 0.02);
          expect(metrics.droppedSeconds).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('speed', () => {
  it('a 10-minute run at 144 Hz records every frame in preallocated arrays', () => {
    const { frames, metrics } = simulate({
      display: { refreshRate: 144, jitterMs: 1 },
      cost: { update: { min: 0.2, max: 0.6 }, draw: { min: 1, max: 2.5 } },
      algorithm: { kind: 'fixed', interpolation: 'predicted' },
      durationSeconds: 600,
    });
    expect(frames.count).toBe(metrics.frames);
    expect(frames.count).toBeGreaterThanOrEqual(144 * 600 - 1);
    expect(frames.count).toBeLessThanOrEqual(144 * 600 + 1);
    // Not a copy: the views share one buffer sized for the run.
    expect(frames.presentMs.buffer.byteLength).toBeLessThan((144 * 600 + 16) * 8);
  });
});
