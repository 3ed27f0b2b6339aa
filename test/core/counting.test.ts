/**
 * The vblank counter behind the delta smoother, the synced slicer and the fixed step
 * (src/core/counting.ts): where it pays the interval a drifting phase owes, and that it never
 * gains or loses time doing so.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countIntervals as count, createVblankCounter, type VblankCounter } from '../../src/core/counting.js';

/**
 * A counter whose frames sit about `offset` (over ½) intervals after its boundaries, settled: frames
 * start 0.45 after one, creep later by 0.001 interval a frame until the phase has followed them
 * past `offset`, then come steadily until the phase is on them.
 */
function settledAt(offset: number): VblankCounter {
  const state = createVblankCounter(60);
  expect(count(state, 0.45)).toBe(0);
  while (state.phase < offset) expect(count(state, 1.001)).toBe(1);
  for (let i = 0; i < 300; i++) expect(count(state, 1)).toBe(1);
  expect(state.phase).toBeCloseTo(state.carry, 6);
  expect(state.phase).toBeGreaterThan(offset);
  expect(state.phase).toBeLessThan(offset + 0.05);
  return state;
}

describe('the vblank counter pays an interval the phase owes in a frame that jumps anyway', () => {
  it('a re-phase that pushes the phase past ½ is paid in the re-phase frame: the frames after it count 1 each', () => {
    // Frames 0.6 after the boundaries; the software vsync restarts 0.45 later (Firefox).
    const state = settledAt(0.6);
    expect(count(state, 1.45)).toBe(2);
    for (let i = 0; i < 100; i++) expect(count(state, 1), `frame ${i} after the re-phase`).toBe(1);
  });

  it('a re-phase whose frame spans whole intervals (its count plain) pays nothing there: the frames count as they span', () => {
    // Frames 0.6 after the boundaries; the software vsync restarts 0.2 later, in a frame of two
    // intervals. The phase follows to 0.8 in the smooth run after it (at ¾, as in 0.2, it paid there).
    const state = settledAt(0.6);
    expect(count(state, 2.2)).toBe(2);
    for (let i = 0; i < 100; i++) expect(count(state, 1), `frame ${i} after the re-phase`).toBe(1);
    // The phase it owes past a whole interval is paid once, in a frame that jumps anyway.
    expect(state.phase).toBeGreaterThan(0.5);
    expect(count(state, 1.4)).toBe(2);
    expect(state.phase).toBeLessThan(0);
  });

  it('a hitch of six or more intervals re-centres a phase past ½ (nine handed out for eight), and nothing else changes', () => {
    const state = settledAt(0.6);
    const before = state.phase;
    expect(count(state, 8)).toBe(9);
    expect(state.phase).toBeCloseTo(before - 1, 6);
    for (let i = 0; i < 100; i++) expect(count(state, 1)).toBe(1);
  });

  it('a shorter frame (five intervals) and a phase within a whole interval are left alone', () => {
    const state = settledAt(0.9);
    expect(count(state, 5)).toBe(5);
    for (let i = 0; i < 100; i++) expect(count(state, 1)).toBe(1);
  });

  it('a phase drifting past a whole interval (a display slower than stated) hands out one more in the frame that crosses, once', () => {
    const state = settledAt(0.9);
    const counts: number[] = [];
    // 1.002 intervals a frame: the frames creep later by 0.002 interval each.
    for (let i = 0; i < 200; i++) {
      counts.push(count(state, 1.002));
      // Paid at once: after every frame the carry sits by the (wrapped) phase, never an interval away.
      expect(Math.abs(state.carry - state.phase), `frame ${i}`).toBeLessThan(0.1);
    }
    const twos = counts.flatMap((k, i) => (k === 2 ? [i] : []));
    expect(twos).toHaveLength(1);
    expect(counts.every((k) => k === 1 || k === 2)).toBe(true);
  });

  it('the price: lone timestamps up to 0.4 interval late or early cost at most one flap in all, wherever the phase sits', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.49, max: 0.49, noNaN: true }), fc.double({ min: -0.4, max: 0.4, noNaN: true }), fc.integer({ min: 30, max: 200 }), (offset, late, every) => {
        const state = createVblankCounter(60);
        // The first frame lands `offset` after a boundary; then exact frames, and once the phase has
        // settled, every `every`th timestamp (one in 30 or fewer) is off by up to 0.4 interval.
        let previous = 0;
        let flaps = 0;
        for (let i = 1; i < 2000; i++) {
          const t = i + offset + (i > 100 && i % every === 0 ? late : 0);
          const k = count(state, t - previous);
          previous = t;
          if (k !== 1) flaps++;
        }
        expect(flaps).toBeLessThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('conserves time: whatever it pays where, counts plus carry are the intervals put in, and the carry stays within 2.5', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 12, noNaN: true }), { minLength: 1, maxLength: 400 }), (inputs) => {
        const state = createVblankCounter(60);
        let handed = 0;
        let total = 0;
        for (const x of inputs) {
          const k = count(state, x);
          expect(Number.isInteger(k) && k >= 0).toBe(true);
          handed += k;
          total += x;
          expect(Math.abs(state.carry)).toBeLessThanOrEqual(2.5);
        }
        expect(handed + state.carry).toBeCloseTo(total, 6);
      }),
    );
  });

  it('a plain frame (within a quarter interval of a whole count) is handed out that count, unless the phase wraps or the carry is an interval or more from the phase', () => {
    // Firefox at 240–280 Hz beside a busy page: timestamps ±0.2 interval off a grid that re-phases
    // by 0.2–0.6 interval every 3 to 20 frames (the phase lags it; the noise leans the centre).
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 3, max: 20 }), fc.double({ min: 0.2, max: 0.6, noNaN: true }), fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 20, maxLength: 20 })), { minLength: 1, maxLength: 40 }), (segments) => {
        const state = createVblankCounter(60);
        let grid = 0;
        let previous = 0;
        for (const [length, shift, jitter] of segments) {
          grid += shift;
          for (let i = 0; i < length; i++) {
            grid += 1;
            const t = grid + jitter[i]!;
            const input = t - previous;
            previous = t;
            const before = { carry: state.carry, phase: state.phase };
            const k = count(state, input);
            const plain = Math.round(input);
            const wrapped = Math.abs(state.phase - before.phase) > 0.5;
            if (plain > 0 && Math.abs(input - plain) <= 0.25 && Math.abs(before.carry - before.phase) < 1 && !wrapped) {
              expect(k).toBe(plain);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
