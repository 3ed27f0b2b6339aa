// The frame-rate cap on whole vblanks: the divisor rule, even pacing measured by the viewer model
// on simulated vsynced streams (exact, and jittered + quantised), the shared divisor with the
// adaptive rate, live changes and bad values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDeltaSmoother } from '../../src/core/deltaSmoother.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { frameRateCapDivisor } from '../../src/scheduler/frameRateCap.js';
import { observeLoop } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { FrameScheduler, FrameSchedulerOptions } from '../../src/scheduler/types.js';
import { createViewerMeter } from '../../src/simulation/viewer.js';
import { createVsyncStream } from '../../src/simulation/vsyncStream.js';

describe('frameRateCapDivisor: the whole number of vblanks nearest to refreshRate / maxFrameRate', () => {
  it.each([
    [59.94, 60, 1],
    [60, 60, 1],
    [75, 60, 1],
    [90, 60, 2], // 1.5: a tie goes to the larger divisor (45 Hz, not 90)
    [119.88, 60, 2],
    [120, 60, 2],
    [144, 60, 2], // 2.4 → 72 Hz, the nearest; "at most 60" would be 48 Hz
    [165, 60, 3],
    [240, 60, 4],
    [60, 30, 2],
    [144, 30, 5],
    [60, 1000, 1],
  ])('%s Hz capped at %s → every %s. vblank', (refreshRate, maxFrameRate, divisor) => {
    expect(frameRateCapDivisor(refreshRate, maxFrameRate)).toBe(divisor);
  });

  it('is a whole number ≥ 1 and the rate it gives is the nearest whole-vblank rate to the cap', () => {
    fc.assert(
      fc.property(fc.double({ min: 20, max: 500, noNaN: true }), fc.double({ min: 1, max: 500, noNaN: true }), (refreshRate, maxFrameRate) => {
        const d = frameRateCapDivisor(refreshRate, maxFrameRate);
        expect(Number.isInteger(d) && d >= 1).toBe(true);
        // No other whole divisor is nearer to refreshRate / maxFrameRate.
        const ratio = refreshRate / maxFrameRate;
        for (const other of [d - 1, d + 1]) if (other >= 1) expect(Math.abs(ratio - d)).toBeLessThanOrEqual(Math.abs(ratio - other));
      }),
    );
  });

  it.each([0, -60, Number.NaN, Number.POSITIVE_INFINITY, '60'])('refuses maxFrameRate %s with a RangeError naming it', (bad) => {
    expect(() => frameRateCapDivisor(60, bad as number)).toThrow(/frameRateCapDivisor: option `maxFrameRate` must be a finite number >= 1 \(Hz\)/);
  });
});

/** A scheduler on a manual source capped at 60 Hz, detecting the display rate itself. */
function capped(options: FrameSchedulerOptions = {}) {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ maxFrameRate: 60, ...options, source });
  return { scheduler, source };
}

interface Measured {
  /** Ground-truth vblanks between consecutive runs after the divisor settled. */
  gaps: number[];
  /** frame.divisor of those runs. */
  divisors: number[];
  divisorChanges: number[];
  viewer: ReturnType<ReturnType<typeof createViewerMeter>['result']>;
}

/**
 * Run a capped scheduler over a simulated stream. The "game" advances by its delta smoothed to
 * whole refresh intervals (as `useSmoothedDelta` does); the viewer model scores each picture at
 * the vblank it belongs to (ground truth), with `updates` = intervals handed out and `vblanks` =
 * vblanks that really passed since the previous picture. Pictures before the divisor settled (the
 * detector measuring the display) are left out.
 */
function measure(scheduler: FrameScheduler, tick: (t: number) => void, refreshRate: number, stream: ReturnType<typeof createVsyncStream>): Measured {
  const intervalMs = stream.refreshIntervalMs;
  const divisorChanges: number[] = [];
  scheduler.onDivisorChange((d) => divisorChanges.push(d));
  const runs: number[] = [];
  const divisorsRun: number[] = [];
  scheduler.subscribe((f) => {
    runs.push(current);
    divisorsRun.push(f.divisor);
  });
  let current = 0;
  stream.timestampsMs.forEach((t, i) => {
    current = i;
    tick(t);
  });
  // Settled: from the first run whose divisor is the final one and whose predecessor ran at it too.
  const finalDivisor = divisorsRun[divisorsRun.length - 1]!;
  let first = divisorsRun.findIndex((d) => d === finalDivisor) + 1;
  first = Math.min(first, runs.length - 1);
  const meter = createViewerMeter({ refreshIntervalMs: intervalMs });
  const smoother = createDeltaSmoother({ refreshRate });
  let pictureMs = 0;
  const gaps: number[] = [];
  const divisors: number[] = [];
  for (let k = first; k < runs.length; k++) {
    const i = runs[k]!;
    const previous = runs[k - 1]!;
    const vblanks = Math.round((stream.vblankMs[i]! - stream.vblankMs[previous]!) / intervalMs);
    const deltaSeconds = (stream.timestampsMs[i]! - stream.timestampsMs[previous]!) / 1000;
    const smoothed = smoother.smooth(deltaSeconds);
    if (k > first) {
      pictureMs += smoothed * 1000;
      gaps.push(vblanks);
      divisors.push(divisorsRun[k]!);
    }
    meter.add({ presentMs: stream.vblankMs[i]!, pictureMs, droppedMs: 0, updates: k > first ? smoothed * refreshRate : vblanks, vblanks });
  }
  return { gaps, divisors, divisorChanges, viewer: meter.result() };
}

describe('a cap of 60 on common displays: even pacing, zero flaps, zero judder', () => {
  const displays: Array<[number, number, number]> = [
    // [refresh rate, divisor, rate reached]
    [60, 1, 60],
    [120, 2, 60],
    [144, 2, 72],
    [59.94, 1, 59.94],
  ];
  const streams: Array<[string, { jitterMs?: number; quantizationMs?: number }]> = [
    ['exact vsynced timestamps', {}],
    ['±1 ms jitter, 0.1 ms steps', { jitterMs: 1, quantizationMs: 0.1 }],
  ];
  for (const [refreshRate, divisor, reached] of displays) {
    for (const [label, noise] of streams) {
      it(`${refreshRate} Hz, ${label}: every ${divisor}. vblank (${reached} Hz)`, () => {
        for (const seed of [1, 2, 3]) {
          const { scheduler, source } = capped();
          const stream = createVsyncStream({ refreshRate, frames: 1200, seed, ...noise });
          const m = measure(scheduler, (t) => source.tick(t), refreshRate, stream);
          expect(scheduler.refreshRate.refreshRate).toBe(refreshRate);
          // One change at most: from 1 while the detector measured to the cap's divisor, never back.
          expect(m.divisorChanges).toEqual(divisor === 1 ? [] : [divisor]);
          expect(m.gaps.length).toBeGreaterThan(1200 / divisor - 40);
          expect(new Set(m.gaps)).toEqual(new Set([divisor]));
          expect(new Set(m.divisors)).toEqual(new Set([divisor]));
          expect(m.viewer.flaps).toBe(0);
          expect(m.viewer.judderMs).toBeLessThan(1e-6);
          expect(m.viewer.fps).toBeCloseTo(reached, 6);
        }
      });
    }
  }

  it('with a fixed refreshRate option the divisor holds from the very first frame', () => {
    const { scheduler, source } = capped({ refreshRate: 144 });
    const stream = createVsyncStream({ refreshRate: 144, frames: 300, jitterMs: 1, quantizationMs: 0.1 });
    const ran: number[] = [];
    let index = 0;
    scheduler.subscribe(() => ran.push(index));
    stream.timestampsMs.forEach((t, i) => {
      index = i;
      source.tick(t);
    });
    expect(ran).toEqual(Array.from({ length: 150 }, (_, k) => 2 * k));
  });

  it('a naive cap ("skip while less than 1/60 s passed") alternates 2 and 3 vblanks on the same jittered 120 Hz stream', () => {
    const stream = createVsyncStream({ refreshRate: 120, frames: 1200, jitterMs: 1, quantizationMs: 0.1 });
    let lastRun = -Infinity;
    const runs: number[] = [];
    stream.timestampsMs.forEach((t, i) => {
      if (t - lastRun < 1000 / 60) return;
      lastRun = t;
      runs.push(i);
    });
    const gaps = new Set(runs.slice(1).map((i, k) => i - runs[k]!));
    expect(gaps).toEqual(new Set([2, 3]));
    // The whole-vblank cap on the same stream: every 2nd vblank only.
    const { scheduler, source } = capped();
    const m = measure(scheduler, (t) => source.tick(t), 120, stream);
    expect(new Set(m.gaps)).toEqual(new Set([2]));
  });
});

describe('the cap shares the adaptive frame rate divisor: the larger one wins', () => {
  it('cap 60 on 120 Hz (2) with the adaptive rate pushed to 3 holds 3; when the load stops the cap holds 2', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 120, maxFrameRate: 60, adaptive: { maxDivisor: 4 } });
    const interval = 1000 / 120;
    let workMs = 20; // over two 8.3 ms intervals, under three
    const changes: number[] = [];
    scheduler.onDivisorChange((d) => changes.push(d));
    const ran: number[] = [];
    scheduler.subscribe((f) => {
      ran.push(Math.round(f.timestampMs / interval));
      source.setNow(source.now() + workMs);
    });
    expect(scheduler.divisor).toBe(2);
    let vblank = 0;
    const run = (count: number): void => {
      for (let k = 0; k < count; k++, vblank++) source.tick(vblank * interval);
    };
    run(60);
    expect(scheduler.divisor).toBe(3);
    expect(changes).toEqual([3]);
    ran.length = 0;
    run(30);
    expect(new Set(ran.slice(1).map((v, k) => v - ran[k]!))).toEqual(new Set([3]));
    workMs = 1;
    run(600);
    expect(changes).toEqual([3, 2]); // the adaptive rate went back to 1; the cap keeps 2
    ran.length = 0;
    run(20);
    expect(ran.slice(1).map((v, k) => v - ran[k]!)).toEqual(Array(9).fill(2));
    expect(scheduler.frame.divisor).toBe(2);
    expect((scheduler.frame.divisor * scheduler.frame.timeScale) / scheduler.frame.refreshRate).toBeCloseTo(2 / 120, 12);
  });

  it('an adaptive divisor below the cap changes nothing', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 120, maxFrameRate: 30, adaptive: true });
    const changes: number[] = [];
    scheduler.onDivisorChange((d) => changes.push(d));
    scheduler.subscribe(() => source.setNow(source.now() + 12)); // the adaptive rate alone steps to 2
    for (let k = 0; k < 200; k++) source.tick((k * 1000) / 120);
    expect(scheduler.divisor).toBe(4);
    expect(changes).toEqual([]);
    scheduler.setAdaptive(false);
    expect(scheduler.divisor).toBe(4);
  });
});

describe('changing the cap', () => {
  it('setMaxFrameRate changes the divisor live; undefined removes the cap', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 120 });
    scheduler.setMaxFrameRate(60);
    const interval = 1000 / 120;
    const changes: number[] = [];
    scheduler.onDivisorChange((d) => changes.push(d));
    const ran: number[] = [];
    scheduler.subscribe((f) => ran.push(Math.round(f.timestampMs / interval)));
    let vblank = 0;
    const run = (count: number): void => {
      for (let k = 0; k < count; k++, vblank++) source.tick(vblank * interval);
    };
    run(8);
    expect(ran).toEqual([0, 2, 4, 6]);
    scheduler.setMaxFrameRate(30);
    expect(scheduler.divisor).toBe(4);
    ran.length = 0;
    run(12); // vblanks 8 … 19
    expect(ran).toEqual([10, 14, 18]);
    expect(scheduler.frame.deltaSeconds).toBeCloseTo(4 / 120, 12);
    scheduler.setMaxFrameRate(undefined);
    ran.length = 0;
    run(3);
    expect(ran).toEqual([20, 21, 22]);
    expect(changes).toEqual([4, 1]);
  });

  it('follows a change of display: 60 → 144 Hz takes the divisor from 1 to 2', () => {
    const { scheduler, source } = capped();
    const a = createVsyncStream({ refreshRate: 60, frames: 300, startMs: 0 });
    const b = createVsyncStream({ refreshRate: 144, frames: 900, startMs: 5000 + 1000 / 144 });
    const changes: number[] = [];
    scheduler.onDivisorChange((d) => changes.push(d));
    scheduler.subscribe(() => {});
    a.timestampsMs.forEach((t) => source.tick(t));
    expect(scheduler.divisor).toBe(1);
    b.timestampsMs.forEach((t) => source.tick(t));
    expect(scheduler.refreshRate.refreshRate).toBe(144);
    expect(changes).toEqual([2]);
  });

  it('elapsed game time is the real time: skipped vblanks lose nothing', () => {
    const { scheduler, source } = capped({ refreshRate: 144 });
    scheduler.subscribe(() => {});
    for (let k = 0; k <= 288; k++) source.tick((k * 1000) / 144);
    expect(scheduler.frame.elapsedSeconds).toBeCloseTo(2, 9);
  });
});

describe('bad caps throw where they are given', () => {
  it.each([0, -1, 0.5, 5e-324, Number.NaN, Number.POSITIVE_INFINITY, '60', null])('maxFrameRate %s', (bad) => {
    const source = createManualFrameSource();
    expect(() => createFrameScheduler({ source, maxFrameRate: bad as number })).toThrow(
      /createFrameScheduler: option `maxFrameRate` must be a finite number >= 1 \(Hz\)/,
    );
    expect(() => createFrameScheduler({ source }).setMaxFrameRate(bad as number)).toThrow(/setMaxFrameRate: option `maxFrameRate` must be a finite number >= 1/);
    expect(() => frameRateCapDivisor(60, bad as number)).toThrow(/frameRateCapDivisor: option `maxFrameRate`/);
  });

  it('the lowest cap, 1 Hz, gives a finite divisor and frames keep running (5e-324 gave Infinity: no frame ever ran again)', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 60, maxFrameRate: 1 });
    let runs = 0;
    scheduler.subscribe(() => runs++);
    for (let k = 0; k <= 180; k++) source.tick((k * 1000) / 60);
    expect(scheduler.divisor).toBe(60);
    expect(runs).toBe(4); // vblanks 0, 60, 120, 180
  });
});

describe('skipped vblanks are told to the skip listeners (what recordTiming keeps)', () => {
  it('every skipped vblank, in order; a listener that throws goes to onError and the frames go on', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const errors: unknown[] = [];
    const scheduler = createFrameScheduler({ source, maxFrameRate: 30, refreshRate: 60, onError: (error) => void errors.push(error) });
    const skipped: number[] = [];
    observeLoop(scheduler, { skipped: (t) => void skipped.push(t) });
    observeLoop(scheduler, { skipped: () => { throw new Error('listener'); } });
    const ran: number[] = [];
    scheduler.subscribe((frame) => void ran.push(frame.timestampMs));
    for (let k = 1; k <= 20; k++) source.tick((k * 1000) / 60);
    expect(ran.length + skipped.length).toBe(20);
    expect(skipped.length).toBeGreaterThanOrEqual(9);
    expect([...ran, ...skipped].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => ((i + 1) * 1000) / 60));
    expect(errors).toHaveLength(skipped.length);
    scheduler.destroy();
  });
});
