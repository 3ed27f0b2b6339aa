import { describe, expect, it } from 'vitest';
import { INTERVAL_60_MS, setup } from './helpers.js';

/** Deliver `vblanks` 60 Hz vblanks starting with vblank number `first`. */
function runVblanks(tick: (t: number) => void, first: number, vblanks: number): void {
  for (let k = first; k < first + vblanks; k++) tick(k * INTERVAL_60_MS);
}

describe('adaptive frame rate in the scheduler (seed 001 listing 6)', () => {
  it('a heavy load steps to every 2nd vblank with delta = 2 intervals, and back to every vblank when it stops', () => {
    const { scheduler, source } = setup({ adaptive: true });
    let workMs = 20; // more than one 16.7 ms interval: every frame misses its vblank
    const ran: number[] = [];
    const deltas: number[] = [];
    const divisors: number[] = [];
    scheduler.onDivisorChange((d) => divisors.push(d));
    scheduler.subscribe((f) => {
      ran.push(Math.round(f.timestampMs / INTERVAL_60_MS));
      deltas.push(f.deltaSeconds);
      source.setNow(source.now() + workMs); // model the work: the clock moves on inside the frame
    });
    const tick = (t: number): void => source.tick(t);

    runVblanks(tick, 0, 5);
    // Five slow frames in a row (upStep 3, maxThreshold 15) step down.
    expect(divisors).toEqual([2]);
    expect(scheduler.divisor).toBe(2);
    expect(ran).toEqual([0, 1, 2, 3, 4]);

    ran.length = 0;
    deltas.length = 0;
    runVblanks(tick, 5, 20);
    // 20 ms of work fits two intervals: the divisor holds.
    expect(ran).toEqual([6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
    for (const d of deltas) expect(d).toBeCloseTo(2 / 60, 12);
    expect(scheduler.frame.divisor).toBe(2);

    workMs = 1; // the load stops: each frame would fit one vblank
    ran.length = 0;
    runVblanks(tick, 25, 60);
    // 30 fast frames (downStep 1, minThreshold -30) step back up; they run every 2nd vblank: 26 … 84.
    expect(divisors).toEqual([2, 1]);
    expect(ran).toHaveLength(30);
    expect(ran[29]).toBe(84);

    ran.length = 0;
    deltas.length = 0;
    runVblanks(tick, 85, 4);
    expect(ran).toEqual([85, 86, 87, 88]);
    for (const d of deltas) expect(d).toBeCloseTo(1 / 60, 12);
    expect(scheduler.frame.divisor).toBe(1);
  });

  it('skipped vblanks run nothing and elapsed time is never lost', () => {
    const { scheduler, source } = setup({ adaptive: { maxDivisor: 3, maxThreshold: 3 } });
    let frames = 0;
    scheduler.subscribe(() => {
      frames++;
      source.setNow(source.now() + 40); // over two intervals: steps to 2, then to 3
    });
    for (let k = 0; k <= 60; k++) source.tick(k * INTERVAL_60_MS);
    expect(scheduler.divisor).toBe(3);
    expect(scheduler.frame.elapsedSeconds).toBeCloseTo(scheduler.frame.timestampMs / 1000, 9);
    expect(frames).toBeLessThan(61);
  });

  it('setAdaptive(false) goes back to every vblank and reports divisor 1', () => {
    const { scheduler, source } = setup({ adaptive: true });
    const divisors: number[] = [];
    scheduler.onDivisorChange((d) => divisors.push(d));
    scheduler.subscribe(() => source.setNow(source.now() + 20));
    for (let k = 0; k < 5; k++) source.tick(k * INTERVAL_60_MS);
    expect(scheduler.divisor).toBe(2);
    scheduler.setAdaptive(false);
    expect(scheduler.divisor).toBe(1);
    expect(divisors).toEqual([2, 1]);
    let runs = 0;
    scheduler.subscribe(() => runs++);
    for (let k = 5; k < 9; k++) source.tick(k * INTERVAL_60_MS);
    expect(runs).toBe(4);
  });

  it('without adaptive the divisor stays 1 under any load', () => {
    const { scheduler, source } = setup();
    scheduler.subscribe(() => source.setNow(source.now() + 100));
    for (let k = 0; k < 20; k++) source.tick(k * INTERVAL_60_MS);
    expect(scheduler.divisor).toBe(1);
    expect(scheduler.frame.frameIndex).toBe(19);
  });

  it('in demand mode a skipped vblank keeps the invalidation for the next one', () => {
    const { scheduler, source } = setup({ adaptive: true, frameloop: 'demand' });
    let runs = 0;
    scheduler.subscribe(() => {
      runs++;
      source.setNow(source.now() + 20);
      scheduler.invalidate();
    });
    scheduler.invalidate();
    for (let k = 0; k < 5; k++) source.tick(k * INTERVAL_60_MS);
    expect(scheduler.divisor).toBe(2);
    source.tick(5 * INTERVAL_60_MS); // skipped
    expect(runs).toBe(5);
    expect(scheduler.running).toBe(true);
    source.tick(6 * INTERVAL_60_MS);
    expect(runs).toBe(6);
  });
});
