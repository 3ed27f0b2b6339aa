import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/index.js';

function collect(source: ReturnType<typeof createManualFrameSource>): number[] {
  const stamps: number[] = [];
  const loop = (t: number): void => {
    stamps.push(t);
    source.request(loop);
  };
  source.request(loop);
  return stamps;
}

describe('createManualFrameSource', () => {
  it('vblank k comes at startMs + k × 1000 / refreshRate, exactly', () => {
    const source = createManualFrameSource({ refreshRate: 144, startMs: 1000 });
    const stamps = collect(source);
    expect(source.now()).toBe(1000);
    source.advanceFrames(3);
    expect(stamps).toEqual([1000 + 1000 / 144, 1000 + 2000 / 144, 1000 + 3000 / 144]);
    expect(source.frameCount).toBe(3);
    expect(source.timestampMs).toBe(1000 + 3000 / 144);
    expect(source.now()).toBe(source.timestampMs);
    expect(source.intervalMs).toBe(1000 / 144);
  });

  it('no drift after many frames: frame 216,000 (one hour at 60 Hz) is exactly 3,600,000 ms', () => {
    const source = createManualFrameSource();
    source.advanceFrames(216_000);
    expect(source.timestampMs).toBe(3_600_000);
  });

  it('advanceTime runs every vblank in the span and moves the clock to its end', () => {
    const source = createManualFrameSource({ refreshRate: 50 });
    const stamps = collect(source);
    source.advanceTime(100);
    expect(stamps).toEqual([20, 40, 60, 80, 100]);
    source.advanceTime(30);
    expect(stamps).toEqual([20, 40, 60, 80, 100, 120]);
    expect(source.now()).toBe(130);
    expect(source.timestampMs).toBe(120);
    source.advanceTime(9);
    expect(stamps).toHaveLength(6);
    source.advanceTime(1);
    expect(stamps).toHaveLength(7);
  });

  it('runs only callbacks requested before each vblank; counts pending ones; cancel works', () => {
    const source = createManualFrameSource();
    const seen: string[] = [];
    const h = source.request(() => seen.push('cancelled'));
    source.request(() => {
      seen.push('a');
      source.request(() => seen.push('next'));
    });
    source.cancel(h);
    expect(source.pendingCount).toBe(1);
    source.advanceFrames(1);
    expect(seen).toEqual(['a']);
    expect(source.pendingCount).toBe(1);
    source.advanceFrames(5);
    expect(seen).toEqual(['a', 'next']);
    expect(source.frameCount).toBe(6);
  });

  it('jitter stays within ±jitterMs and the same seed replays the same timestamps', () => {
    fc.assert(
      fc.property(fc.integer(), fc.double({ min: 0, max: 8, noNaN: true }), (seed, jitterMs) => {
        const a = createManualFrameSource({ jitterMs, seed });
        const b = createManualFrameSource({ jitterMs, seed });
        const stampsA = collect(a);
        const stampsB = collect(b);
        a.advanceFrames(50);
        b.advanceFrames(50);
        expect(stampsA).toEqual(stampsB);
        // One ulp of slack: adding a sub-ulp jitter to a timestamp rounds. Plain comparisons, one
        // expect: 5,000 expect() calls per run made this the slowest test of the file.
        const bad = stampsA.findIndex((t, i) => !(Math.abs(t - ((i + 1) * 1000) / 60) <= jitterMs + 1e-9 && (i === 0 || t > stampsA[i - 1]!)));
        expect(bad).toBe(-1);
        expect(stampsA).toHaveLength(50);
      }),
      { numRuns: 60 },
    );
  });

  it('different seeds give different jitter', () => {
    const a = createManualFrameSource({ jitterMs: 2, seed: 1 });
    const b = createManualFrameSource({ jitterMs: 2, seed: 2 });
    a.advanceFrames(1);
    b.advanceFrames(1);
    expect(a.timestampMs).not.toBe(b.timestampMs);
  });

  it.each([
    [{ refreshRate: 0 }, /refreshRate/],
    [{ refreshRate: Number.NaN }, /refreshRate/],
    [{ jitterMs: -1 }, /jitterMs/],
    [{ jitterMs: 9 }, /jitterMs/],
    [{ seed: Number.POSITIVE_INFINITY }, /seed/],
    [{ startMs: Number.NaN }, /startMs/],
  ])('%o throws a RangeError naming the option', (options, name) => {
    expect(() => createManualFrameSource(options)).toThrow(RangeError);
    expect(() => createManualFrameSource(options)).toThrow(name);
  });

  it('rejects a bad frame count or time span', () => {
    const source = createManualFrameSource();
    expect(() => source.advanceFrames(1.5)).toThrow(RangeError);
    expect(() => source.advanceTime(-5)).toThrow(RangeError);
  });

  it('drives a scheduler: deltas of exactly one interval at 60 Hz', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 60 });
    const deltas: number[] = [];
    scheduler.subscribe((f) => deltas.push(f.deltaSeconds));
    source.advanceFrames(4);
    expect(deltas[0]).toBe(0);
    for (const d of deltas.slice(1)) expect(d).toBeCloseTo(1 / 60, 12);
    expect(deltas).toHaveLength(4);
  });
});
