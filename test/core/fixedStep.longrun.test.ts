import { describe, expect, it } from 'vitest';
import { createFixedStep } from '../../src/core/fixedStep.js';
import { createSeededRandom } from '../../src/core/random.js';

/**
 * 24 hours at 144 Hz with ±1 ms of jitter on every timestamp (12.4 million frames), 1/60 s step.
 * Timestamps are whole microseconds so the expected count, floor(elapsed µs × 60 / 1e6), is exact
 * integer arithmetic. A float accumulator (`acc += dt`) drifts over this many frames; counting
 * from the start must not drift at all. The boundary tolerance (default 0.05 step) may run the
 * next step early when the clock is that close below it: one more, and only then.
 */
describe('createFixedStep: 24 h at 144 Hz with jitter', () => {
  it('totalSteps = floor(elapsed / step) exactly (or one more within 0.05 step of the next) at sampled points', () => {
    const HZ_DISPLAY = 144;
    const STEP_HZ = 60;
    const step = 1 / STEP_HZ;
    const frames = 24 * 3600 * HZ_DISPLAY;
    const random = createSeededRandom(20240601);
    const startUs = 123_456_789;
    const fixed = createFixedStep({ step, interpolation: 'previous' });
    fixed.advance(startUs / 1000);

    let checked = 0;
    let early = 0;
    let badSteps = 0;
    let lastUs = startUs;
    for (let k = 1; k <= frames; k++) {
      const nowUs = startUs + Math.round((k * 1e6) / HZ_DISPLAY + random.range(-1000, 1000));
      const f = fixed.advance(nowUs / 1000);
      // A 144 Hz frame with ±1 ms jitter is 4.9–8.9 ms: 0 or 1 steps of 16.7 ms, never more.
      if (f.steps > 1 || f.droppedSeconds !== 0) badSteps++;
      lastUs = nowUs;
      if (k % 100_003 === 0 || k === frames) {
        const elapsedUs = nowUs - startUs;
        const remainder = (elapsedUs * STEP_HZ) % 1e6; // fraction of a step, in millionths
        const floorSteps = (elapsedUs * STEP_HZ - remainder) / 1e6;
        if (f.totalSteps !== floorSteps) {
          expect(f.totalSteps).toBe(floorSteps + 1);
          expect(remainder).toBeGreaterThanOrEqual(950_000);
          early++;
        }
        expect(Math.abs(f.elapsedGameSeconds - elapsedUs / 1e6)).toBeLessThan(1e-9);
        expect(Math.abs(f.totalSteps * step + f.totalDroppedSeconds + f.pendingSeconds - f.elapsedGameSeconds)).toBe(0);
        expect(f.pendingSeconds).toBeGreaterThanOrEqual(-0.05 * step - 1e-12);
        expect(f.pendingSeconds).toBeLessThan(step);
        checked++;
      }
    }
    expect(badSteps).toBe(0);
    expect(checked).toBe(Math.floor(frames / 100_003) + 1);
    expect(early).toBeLessThan(checked / 4); // 0.05 of a step: rare, never the rule
    // 24 h = 5 184 000 steps, give or take the last frame's jitter.
    expect(Math.abs(fixed.frame.totalSteps - 24 * 3600 * STEP_HZ)).toBeLessThanOrEqual(1);
    expect(lastUs - startUs).toBeGreaterThan(24 * 3600 * 1e6 - 1000);
  }, 30_000); // 12.4 million frames: about 2 s alone, more beside other test files on 2 cores
});
