import { describe, expect, it } from 'vitest';
import { createVsyncStream, replayFrames } from '../../src/simulation/index.js';

describe('replayFrames', () => {
  it('presents each picture one vblank after its frame, on the true grid', () => {
    const s = createVsyncStream({ refreshRate: 60, frames: 10, phaseMs: 5, startMs: 0 });
    const { metrics, updates } = replayFrames({ ...s, refreshRate: 60, algorithm: { kind: 'synced' } });
    expect(Array.from(updates)).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // The picture of frame k shows k intervals of game time and is presented at (k + 1) intervals.
    expect(metrics.lagMeanMs).toBeCloseTo(1000 / 60, 9);
    expect(metrics.judderMs).toBeLessThan(1e-9);
  });

  // Frame k at vblank k plus or minus up to 2 ms, one frame dropped (vblank 3 never came).
  const INTERVAL = 1000 / 60;
  const JITTERED = [0, INTERVAL + 2, 2 * INTERVAL - 1, 4 * INTERVAL + 0.5, 5 * INTERVAL];
  const TRUTH = [0, 1, 1, 2, 1];

  it('without the ground truth, presents each picture one interval after its own timestamp: the jitter shows as judder', () => {
    const { metrics, updates, pictureMs } = replayFrames({ timestampsMs: JITTERED, refreshRate: 60, algorithm: { kind: 'synced' } });
    expect(Array.from(updates)).toEqual(TRUTH);
    let lagSum = 0;
    for (let i = 0; i < JITTERED.length; i += 1) lagSum += JITTERED[i]! + INTERVAL - pictureMs[i]!;
    expect(metrics.lagMeanMs).toBeCloseTo(lagSum / JITTERED.length, 9);
    expect(metrics.judderMs).toBeGreaterThan(1);
    expect(metrics.flapsCounted).toBe(0);
  });

  it('with the ground truth, on the vblank grid; an unknown (NaN) entry snaps to the nearest whole vblank of the measured delta', () => {
    const known = replayFrames({ timestampsMs: JITTERED, vblanks: TRUTH, refreshRate: 60, algorithm: { kind: 'synced' } }).metrics;
    const unknown = replayFrames({ timestampsMs: JITTERED, vblanks: TRUTH.map((v, i) => (i === 3 ? Number.NaN : v)), refreshRate: 60, algorithm: { kind: 'synced' } }).metrics;
    for (const m of [known, unknown]) {
      expect(m.lagMeanMs).toBeCloseTo(INTERVAL, 9);
      expect(m.judderMs).toBeLessThan(1e-9);
    }
    expect(known.flapsCounted).toBe(4);
    expect(unknown.flapsCounted).toBe(3);
  });

  it('hands out refresh intervals: slices summed, the smoothed delta, steps × step, the raw delta', () => {
    const grid = [0, 1, 2, 4, 5].map((k) => k * INTERVAL);
    for (const kind of ['synced', 'smoothed', 'fixed'] as const) {
      // (Frame 0 has no delta: the smoother still hands out its minimum of one interval there.)
      const { updates } = replayFrames({ timestampsMs: grid, refreshRate: 60, algorithm: { kind } });
      for (let i = 1; i < grid.length; i += 1) expect(updates[i]).toBeCloseTo(TRUTH[i]!, 9);
    }
    const variable = replayFrames({ timestampsMs: JITTERED, refreshRate: 60, algorithm: { kind: 'variable' } }).updates;
    expect(variable[1]).toBeCloseTo((INTERVAL + 2) / INTERVAL, 12);
    expect(variable[3]).toBeCloseTo((2 * INTERVAL + 1.5) / INTERVAL, 12);
  });

  it('a fixed step defaults to one refresh interval of the stream', () => {
    const s = createVsyncStream({ refreshRate: 144, frames: 50, phaseMs: 1, startMs: 0 });
    const byDefault = replayFrames({ ...s, refreshRate: 144, algorithm: { kind: 'fixed' } });
    expect(Array.from(byDefault.updates).slice(1)).toEqual(new Array(49).fill(1));
    expect(byDefault.metrics.flaps).toBe(0);
    const at60 = replayFrames({ ...s, refreshRate: 144, algorithm: { kind: 'fixed', options: { step: 1 / 60 } } });
    expect(at60.metrics.flaps).toBeGreaterThan(0);
  });

  it('leaves frames over overloadVblanks to the overload policy: not counted as flaps', () => {
    const timestampsMs = [0, 1, 2, 9, 10].map((k) => k * INTERVAL);
    const vblanks = [0, 1, 1, 7, 1];
    const all = replayFrames({ timestampsMs, vblanks, refreshRate: 60, algorithm: { kind: 'synced' } }).metrics;
    const capped = replayFrames({ timestampsMs, vblanks, refreshRate: 60, algorithm: { kind: 'synced' }, overloadVblanks: 5 }).metrics;
    // The slicer hands out at most a quarter of the refresh rate's worth (4 intervals) of the 7.
    expect(all.flaps).toBe(1);
    expect(all.flapsCounted).toBe(4);
    expect(capped.flaps).toBe(0);
    expect(capped.flapsCounted).toBe(3);
  });

  it('rejects an unknown algorithm, naming the option', () => {
    expect(() => replayFrames({ timestampsMs: [0, 16], refreshRate: 60, algorithm: { kind: 'nope' } as never })).toThrow(/algorithm\.kind/);
    expect(() => replayFrames({ timestampsMs: [0, 16], refreshRate: -1, algorithm: { kind: 'synced' } })).toThrow(/refreshRate/);
  });
});
