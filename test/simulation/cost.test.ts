import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../src/core/index.js';
import { compileCost } from '../../src/simulation/cost.js';

describe('the cost model', () => {
  const calls = (model: Parameters<typeof compileCost>[0], n: number, atMs = 0) => {
    const cost = compileCost(model, createSeededRandom(7), 'cost.update');
    return Array.from({ length: n }, () => cost(atMs));
  };
  it('constant, range, spikes, sequence', () => {
    expect(calls(3, 3)).toEqual([3, 3, 3]);
    calls({ min: 1, max: 2 }, 200).forEach((c) => {
      expect(c).toBeGreaterThanOrEqual(1);
      expect(c).toBeLessThan(2);
    });
    expect(calls({ base: 1, spikeEvery: 3, spikeMs: 10 }, 7)).toEqual([1, 1, 11, 1, 1, 11, 1]);
    expect(calls({ sequence: [4, 5] }, 5)).toEqual([4, 5, 4, 5, 4]);
  });
  it('stretches apply by simulated time', () => {
    const cost = compileCost({ base: 1, stretches: [{ fromSeconds: 1, toSeconds: 2, cost: 9 }] }, createSeededRandom(1), 'c');
    expect([cost(999), cost(1000), cost(1999), cost(2000)]).toEqual([1, 9, 9, 1]);
  });
});
