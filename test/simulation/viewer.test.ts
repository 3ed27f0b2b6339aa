import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createViewerMeter } from '../../src/simulation/index.js';
import type { ViewerFrame } from '../../src/simulation/viewer.js';

const INTERVAL = 1000 / 60;

function frame(presentMs: number, pictureMs: number, updates = 1, vblanks = 1, droppedMs = 0): ViewerFrame {
  return { presentMs, pictureMs, updates, vblanks, droppedMs };
}

describe('createViewerMeter', () => {
  it('a picture that moves exactly with the display: no judder, lag one interval, speed 1', () => {
    const meter = createViewerMeter({ refreshIntervalMs: INTERVAL });
    for (let k = 0; k < 60; k += 1) meter.add(frame((k + 1) * INTERVAL, k * INTERVAL));
    const m = meter.result();
    expect(m.frames).toBe(60);
    expect(m.judderMs).toBeLessThan(1e-9);
    expect(m.lagMeanMs).toBeCloseTo(INTERVAL, 9);
    expect(m.lagMaxMs).toBeCloseTo(INTERVAL, 9);
    expect(m.speed).toBeCloseTo(1, 12);
    expect(m.flaps).toBe(0);
    expect(m.flapsCounted).toBe(60);
    expect(m.repeatedPictures).toBe(0);
    expect(m.fps).toBeCloseTo(60, 9);
  });

  it('a 0/2 flap: one repeated picture, one doubled jump, judder of one interval each', () => {
    const meter = createViewerMeter({ refreshIntervalMs: INTERVAL });
    const pictures = [0, 1, 2, 2, 4, 5].map((k) => k * INTERVAL);
    const updates = [1, 1, 1, 0, 2, 1];
    pictures.forEach((p, k) => meter.add(frame((k + 1) * INTERVAL, p, updates[k], 1)));
    const m = meter.result();
    expect(m.flaps).toBe(2);
    expect(m.flapRatio).toBeCloseTo(2 / 6, 12);
    expect(m.repeatedPictures).toBe(1);
    expect(m.doubledDeltas).toBe(1);
    expect(m.judderMaxMs).toBeCloseTo(INTERVAL, 9);
    // Five differences: 0, 0, −1, +1, 0 intervals.
    expect(m.judderMs).toBeCloseTo(INTERVAL * Math.sqrt(2 / 5), 9);
  });

  it('dropped time is not lag: a slow-motion drop leaves the lag where it was, and shows as slow speed', () => {
    const meter = createViewerMeter({ refreshIntervalMs: INTERVAL });
    let dropped = 0;
    for (let k = 0; k < 120; k += 1) {
      // At frame 60 the overload policy throws 300 ms of game time away.
      if (k === 60) dropped = 300;
      meter.add(frame((k + 1) * INTERVAL + dropped, k * INTERVAL, 1, 1, dropped));
    }
    const m = meter.result();
    expect(m.lagMaxMs).toBeCloseTo(INTERVAL, 9);
    expect(m.lagMeanMs).toBeCloseTo(INTERVAL, 9);
    expect(m.droppedSeconds).toBeCloseTo(0.3, 12);
    expect(m.speed).toBeLessThan(0.9);
    expect(m.netSpeed).toBeCloseTo(1, 9);
  });

  it('counts flaps only where the vblanks are known, and skipped vblanks from them', () => {
    const meter = createViewerMeter({ refreshIntervalMs: INTERVAL });
    meter.add(frame(INTERVAL, 0, 1, Number.NaN));
    meter.add(frame(3 * INTERVAL, 2 * INTERVAL, 2, 2));
    meter.add(frame(4 * INTERVAL, 3 * INTERVAL, 5, Number.NaN));
    const m = meter.result();
    expect(m.flapsCounted).toBe(1);
    expect(m.flaps).toBe(0);
    expect(m.skippedVblanks).toBe(1);
  });

  it('leaves out pictures before warmupMs, but still compares the first measured picture with the one before', () => {
    const meter = createViewerMeter({ refreshIntervalMs: INTERVAL, warmupMs: 10 * INTERVAL });
    for (let k = 0; k < 20; k += 1) meter.add(frame((k + 1) * INTERVAL, k === 9 ? 0 : k * INTERVAL));
    const m = meter.result();
    expect(m.frames).toBe(11);
    // Picture 9 (unmeasured) jumped back to 0; picture 10 jumps forward from it: measured judder.
    expect(m.judderMaxMs).toBeCloseTo(9 * INTERVAL, 9);
  });

  it('reset() forgets the pictures; dropped time counts from the last picture added', () => {
    const meter = createViewerMeter({ refreshIntervalMs: INTERVAL });
    meter.add(frame(INTERVAL, 0, 1, 1, 400));
    meter.reset();
    expect(meter.result().frames).toBe(0);
    meter.add(frame(2 * INTERVAL, INTERVAL, 1, 1, 400));
    meter.add(frame(3 * INTERVAL, 2 * INTERVAL, 1, 1, 500));
    expect(meter.result().droppedSeconds).toBeCloseTo(0.1, 12);
  });

  it('never yields NaN metrics, whatever finite pictures it gets (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ d: fc.double({ min: 0, max: 100, noNaN: true }), p: fc.double({ min: -100, max: 100, noNaN: true }), u: fc.nat(5), v: fc.nat(5) }), { maxLength: 50 }),
        (rows) => {
          const meter = createViewerMeter({ refreshIntervalMs: INTERVAL });
          let t = 0;
          for (const r of rows) {
            t += r.d;
            meter.add(frame(t, r.p, r.u, r.v));
          }
          for (const [key, value] of Object.entries(meter.result())) {
            if (Number.isNaN(value)) throw new Error(`${key} is NaN`);
          }
          return true;
        },
      ),
    );
  });

  it('throws a RangeError naming the option', () => {
    expect(() => createViewerMeter({ refreshIntervalMs: 0 })).toThrow(/refreshIntervalMs/);
    expect(() => createViewerMeter({ refreshIntervalMs: Number.NaN })).toThrow(RangeError);
    expect(() => createViewerMeter({ refreshIntervalMs: INTERVAL, stepMs: -1 })).toThrow(/stepMs/);
    expect(() => createViewerMeter({ refreshIntervalMs: INTERVAL, warmupMs: Number.NaN })).toThrow(/warmupMs/);
  });
});
