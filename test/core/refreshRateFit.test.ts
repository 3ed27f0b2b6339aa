import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addPoint, createGridFit, newSegment, refit, startFit, type GridFit } from '../../src/core/refreshRateFit.js';

/** A fit of `segments`, each a list of [vblank index, timestamp ms], closed one after another. */
function fitOf(segments: readonly (readonly [number, number])[][]): GridFit {
  const fit = createGridFit();
  fit.pointMs = segments[0]![0]![1];
  startFit(fit);
  segments.forEach((points, k) => {
    if (k > 0) newSegment(fit);
    for (const [n, t] of points) {
      fit.pointMs = t;
      addPoint(fit, n);
    }
  });
  refit(fit);
  return fit;
}

/** A segment's means of n and t and its co-moments Σ(n − n̄)² and Σ(n − n̄)(t − t̄). */
function moments(points: readonly (readonly [number, number])[]): { meanN: number; meanT: number; nn: number; nt: number } {
  const meanN = points.reduce((s, [n]) => s + n, 0) / points.length;
  const meanT = points.reduce((s, [, t]) => s + t, 0) / points.length;
  let nn = 0;
  let nt = 0;
  for (const [n, t] of points) {
    nn += (n - meanN) ** 2;
    nt += (n - meanN) * (t - meanT);
  }
  return { meanN, meanT, nn, nt };
}

/** Plain least squares of t on n (one phase): the slope and the residual variance (n − 2 degrees of freedom). */
function leastSquares(points: readonly (readonly [number, number])[]): { slope: number; variance: number } {
  const { meanN, meanT, nn, nt } = moments(points);
  const slope = nt / nn;
  const ss = points.reduce((s, [n, t]) => s + (t - meanT - slope * (n - meanN)) ** 2, 0);
  return { slope, variance: ss / (points.length - 2) };
}

/** `count` points on a grid of `periodMs` from index `from`, phase `phaseMs`, each off it by a jitter from `jitter`. */
function grid(from: number, count: number, periodMs: number, phaseMs: number, jitter: readonly number[]): [number, number][] {
  return Array.from({ length: count }, (_, i) => [from + i, 1000 + phaseMs + (from + i) * periodMs + (jitter[i % jitter.length] ?? 0)] as [number, number]);
}

describe('the grid fit (refreshRateFit.ts)', () => {
  it('one segment is plain least squares: its slope and residual variance', () => {
    fc.assert(
      fc.property(fc.double({ min: 2, max: 40, noNaN: true }), fc.array(fc.double({ min: -0.5, max: 0.5, noNaN: true }), { minLength: 3, maxLength: 12 }), fc.integer({ min: 4, max: 200 }), (periodMs, jitter, count) => {
        const points = grid(0, count, periodMs, 0, jitter);
        const fit = fitOf([points]);
        const plain = leastSquares(points);
        expect(fit.period).toBeCloseTo(plain.slope, 9);
        expect(fit.residualVariance).toBeCloseTo(plain.variance, 6);
      }),
    );
  });

  it('segments of one period with phases of their own read that period exactly, however many', () => {
    fc.assert(
      fc.property(fc.double({ min: 2, max: 40, noNaN: true }), fc.array(fc.tuple(fc.integer({ min: 2, max: 30 }), fc.double({ min: -0.5, max: 0.5, noNaN: true })), { minLength: 1, maxLength: 60 }), (periodMs, shape) => {
        let from = 0;
        const segments = shape.map(([count, phase]) => {
          const points = grid(from, count, periodMs, phase * periodMs, [0]);
          from += count + 1;
          return points;
        });
        const fit = fitOf(segments);
        expect(fit.period / periodMs - 1).toBeCloseTo(0, 9);
        expect(fit.residualVariance).toBeLessThan(1e-12 * periodMs * periodMs + 1e-18);
      }),
    );
  });

  /** Each segment's slope weighed by its spread of indices (Σ(n − n̄)²), times `fade` per later segment closed (the open one and the last closed weigh fully). */
  const faded = (segments: readonly (readonly [number, number])[][], fade: number): number => {
    let nn = 0;
    let nt = 0;
    segments.forEach((points, k) => {
      const weight = fade ** Math.max(0, segments.length - 2 - k);
      const m = moments(points);
      nn += weight * m.nn;
      nt += weight * m.nt;
    });
    return nt / nn;
  };

  it("a closed segment's weight in the slope fades by 0.97 with every later segment closed: segments' own slopes, weighted so", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 3 }), fc.double({ min: 4, max: 6, noNaN: true }), fc.double({ min: -0.3, max: 0.3, noNaN: true })), { minLength: 1, maxLength: 80 }),
        (shape) => {
          let from = 0;
          const segments = shape.map(([count, step, periodMs, jitter]) => {
            const points = Array.from({ length: count }, (_, i) => [from + i * step, 1000 + (from + i * step) * periodMs + (i % 2 ? jitter : -jitter)] as [number, number]);
            from += count * step + 1;
            return points;
          });
          expect(Math.abs(fitOf(segments).period / faded(segments, 0.97) - 1)).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it('a first segment that counted its vblanks at 195 Hz gives way to short ones at 205 Hz: 202.7 Hz after 60 of them (200.4 without fading)', () => {
    // A young lock's first 14 points, every third vblank at 195 Hz; then 60 segments of 8 points at 205 Hz.
    const segments: [number, number][][] = [grid(0, 14, 3000 / 195, 0, [0]).map(([, t], i) => [3 * i, t] as [number, number])];
    let from = 40;
    for (let k = 0; k < 60; k++) {
      segments.push(grid(from, 8, 1000 / 205, 0.37 * k, [0]));
      from += 9;
    }
    expect([fitOf(segments).period, faded(segments, 1)].map((period) => (1000 / period).toFixed(1))).toEqual(['202.7', '200.4']);
  });
});
