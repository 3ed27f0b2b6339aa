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

  it('rejects an unknown algorithm, naming the option', () => {
    expect(() => replayFrames({ timestampsMs: [0, 16], refreshRate: 60, algorithm: { kind: 'nope' } as never })).toThrow(/algorithm\.kind/);
    expect(() => replayFrames({ timestampsMs: [0, 16], refreshRate: -1, algorithm: { kind: 'synced' } })).toThrow(/refreshRate/);
  });
});
