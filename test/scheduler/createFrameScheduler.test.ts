import { describe, expect, it, vi } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { FrameGap, FrameInfo } from '../../src/scheduler/types.js';
import { INTERVAL_60_MS, setup } from './helpers.js';

describe('options', () => {
  it.each([
    [{ maxDelta: 0 }, /maxDelta/],
    [{ maxDelta: Number.NaN }, /maxDelta/],
    [{ timeScale: -1 }, /timeScale/],
    [{ frameloop: 'sometimes' }, /frameloop/],
    [{ refreshRate: 0 }, /refreshRate/],
    [{ paused: 'yes' }, /paused/],
    [{ onError: 42 }, /onError/],
    [{ source: {} }, /source/],
    [{ adaptive: { maxDivisor: 0 } }, /maxDivisor/],
  ])('%o throws a RangeError naming the option', (options, name) => {
    expect(() => createFrameScheduler(options as never)).toThrow(RangeError);
    expect(() => createFrameScheduler(options as never)).toThrow(name);
  });

  it('setTimeScale and setFrameloop validate too', () => {
    const { scheduler } = setup();
    expect(() => scheduler.setTimeScale(Number.POSITIVE_INFINITY)).toThrow(/timeScale/);
    expect(() => scheduler.setFrameloop('never' as never)).toThrow(/frameloop/);
    expect(scheduler.timeScale).toBe(1);
    expect(scheduler.frameloop).toBe('always');
  });
});

describe("'always' mode", () => {
  it('requests a frame while anyone subscribes, stops with the last unsubscribe, restarts on the next', () => {
    const { scheduler, source } = setup();
    expect(scheduler.running).toBe(false);
    expect(source.pendingCount).toBe(0);
    const offA = scheduler.subscribe(() => {});
    const offB = scheduler.subscribe(() => {});
    expect(source.pendingCount).toBe(1);
    source.tick(0);
    expect(source.pendingCount).toBe(1);
    offA();
    expect(scheduler.running).toBe(true);
    offB();
    expect(scheduler.running).toBe(false);
    expect(source.pendingCount).toBe(0);
    let runs = 0;
    scheduler.subscribe(() => runs++);
    expect(source.pendingCount).toBe(1);
    source.tick(16);
    expect(runs).toBe(1);
  });

  it('the last subscriber leaving during a frame requests nothing more', () => {
    const { scheduler, source } = setup();
    const off = scheduler.subscribe(() => off());
    source.tick(0);
    expect(source.pendingCount).toBe(0);
    expect(scheduler.running).toBe(false);
  });

  it('10,000 subscribe/unsubscribe cycles leave no subscriber and no pending request', () => {
    const { scheduler, source } = setup();
    for (let i = 0; i < 10_000; i++) scheduler.subscribe(() => {}, { phase: i % 2 ? 'render' : 'update' })();
    expect(scheduler.subscriberCount).toBe(0);
    expect(scheduler.running).toBe(false);
    expect(source.pendingCount).toBe(0);
  });

  it('a quick resubscribe (as React effects do) keeps the real delta', () => {
    const { scheduler, source } = setup();
    const deltas: number[] = [];
    const off = scheduler.subscribe((f) => deltas.push(f.deltaSeconds));
    source.tick(1000);
    source.setNow(1005);
    off();
    scheduler.subscribe((f) => deltas.push(f.deltaSeconds));
    source.tick(1020);
    expect(deltas).toEqual([0, 0.02]);
  });

  it('a restart after an idle longer than maxDelta starts fresh: delta 0, no gap reported', () => {
    const onGap = vi.fn();
    const { scheduler, source } = setup({ onGap });
    const deltas: number[] = [];
    const off = scheduler.subscribe((f) => deltas.push(f.deltaSeconds));
    source.tick(1000);
    off();
    source.setNow(5000);
    scheduler.subscribe((f) => deltas.push(f.deltaSeconds));
    source.tick(5016);
    source.tick(5032);
    expect(deltas).toEqual([0, 0, 0.016]);
    expect(onGap).not.toHaveBeenCalled();
  });
});

describe("'demand' mode", () => {
  it('runs exactly one frame per batch of invalidations', () => {
    const { scheduler, source } = setup({ frameloop: 'demand' });
    let runs = 0;
    scheduler.subscribe(() => runs++);
    expect(source.pendingCount).toBe(0);
    scheduler.invalidate();
    scheduler.invalidate();
    scheduler.invalidate();
    expect(source.pendingCount).toBe(1);
    source.tick(0);
    expect(runs).toBe(1);
    expect(source.pendingCount).toBe(0);
    source.tick(16);
    expect(runs).toBe(1);
    scheduler.invalidate();
    source.tick(32);
    source.tick(48);
    expect(runs).toBe(2);
  });

  it('an invalidation during a frame asks for the next one', () => {
    const { scheduler, source } = setup({ frameloop: 'demand' });
    let runs = 0;
    scheduler.subscribe(() => {
      runs++;
      if (runs < 3) scheduler.invalidate();
    });
    scheduler.invalidate();
    for (let i = 0; i < 6; i++) source.tick(i * 16);
    expect(runs).toBe(3);
    expect(scheduler.running).toBe(false);
  });

  it("invalidate is harmless in 'always' and 'manual' modes", () => {
    const { scheduler, source } = setup({ frameloop: 'manual' });
    scheduler.subscribe(() => {});
    scheduler.invalidate();
    expect(source.pendingCount).toBe(0);
    scheduler.setFrameloop('always');
    scheduler.invalidate();
    expect(source.pendingCount).toBe(1);
  });
});

describe("'manual' mode", () => {
  it('never requests a frame; advance runs one at the given or current time', () => {
    const { scheduler, source } = setup({ frameloop: 'manual' });
    const stamps: number[] = [];
    scheduler.subscribe((f) => stamps.push(f.timestampMs));
    expect(source.pendingCount).toBe(0);
    scheduler.advance(10);
    source.setNow(42);
    scheduler.advance();
    expect(stamps).toEqual([10, 42]);
    expect(source.pendingCount).toBe(0);
    expect(scheduler.running).toBe(false);
  });

  it("switching to 'manual' cancels the pending request and back to 'always' restarts", () => {
    const { scheduler, source } = setup();
    scheduler.subscribe(() => {});
    expect(source.pendingCount).toBe(1);
    scheduler.setFrameloop('manual');
    expect(source.pendingCount).toBe(0);
    scheduler.setFrameloop('always');
    expect(source.pendingCount).toBe(1);
  });

  it('advance from inside a frame is refused and reported, and the loop survives', () => {
    const onError = vi.fn();
    const { scheduler } = setup({ frameloop: 'manual', onError });
    let runs = 0;
    scheduler.subscribe(() => {
      runs++;
      scheduler.advance(99);
    });
    scheduler.advance(0);
    scheduler.advance(16);
    expect(runs).toBe(2);
    expect(onError).toHaveBeenCalledTimes(2);
  });
});

describe('deltas', () => {
  it('first frame 0, then the real delta; maxDelta clamps and onGap reports the gap', () => {
    const gaps: FrameGap[] = [];
    const { scheduler, source } = setup({ maxDelta: 0.1, onGap: (g) => gaps.push({ ...g }) });
    const seen: Array<[number, number]> = [];
    scheduler.subscribe((f) => seen.push([f.deltaSeconds, f.rawDeltaSeconds]));
    source.tick(1000);
    source.tick(1050);
    source.tick(1550);
    source.tick(1600);
    expect(seen).toEqual([
      [0, 0],
      [0.05, 0.05],
      [0.1, 0.5],
      [0.05, 0.05],
    ]);
    expect(gaps).toEqual([{ timestampMs: 1550, rawDeltaSeconds: 0.5, clampedSeconds: 0.1 }]);
  });

  it('the default maxDelta is 0.25 s', () => {
    const { scheduler, source } = setup();
    const deltas: number[] = [];
    scheduler.subscribe((f) => deltas.push(f.deltaSeconds));
    source.tick(0);
    source.tick(250);
    source.tick(1250);
    expect(deltas).toEqual([0, 0.25, 0.25]);
  });

  it('timeScale scales the clamped delta; elapsedSeconds sums the deltas', () => {
    const { scheduler, source } = setup({ timeScale: 2, maxDelta: 0.1 });
    const seen: number[] = [];
    scheduler.subscribe((f) => seen.push(f.deltaSeconds));
    source.tick(0);
    source.tick(40);
    scheduler.setTimeScale(0.5);
    source.tick(80);
    source.tick(580);
    expect(seen).toEqual([0, 0.08, 0.02, 0.05]);
    // A compensated sum: exactly 0.15, where the plain float sum gives 0.15000000000000002.
    expect(scheduler.frame.elapsedSeconds).toBe(0.15);
    expect(scheduler.frame.timeScale).toBe(0.5);
  });

  it('pause keeps frames running with delta 0; resume gives the real one-frame delta, no catch-up', () => {
    const { scheduler, source } = setup();
    const seen: Array<[number, boolean, number]> = [];
    scheduler.subscribe((f) => seen.push([f.deltaSeconds, f.paused, f.rawDeltaSeconds]));
    source.tick(0);
    source.tick(20);
    scheduler.pause();
    expect(scheduler.paused).toBe(true);
    source.tick(40);
    source.tick(60);
    scheduler.resume();
    source.tick(80);
    expect(seen).toEqual([
      [0, false, 0],
      [0.02, false, 0.02],
      [0, true, 0.02],
      [0, true, 0.02],
      [0.02, false, 0.02],
    ]);
    expect(scheduler.frame.elapsedSeconds).toBe(0.04);
  });

  it('starts paused when asked', () => {
    const { scheduler, source } = setup({ paused: true });
    const deltas: number[] = [];
    scheduler.subscribe((f) => deltas.push(f.deltaSeconds));
    source.tick(0);
    source.tick(16);
    expect(deltas).toEqual([0, 0]);
  });

  it('NaN, repeated and backwards timestamps give delta 0 and no NaN anywhere', () => {
    const { scheduler, source } = setup();
    const frames: FrameInfo[] = [];
    scheduler.subscribe((f) => frames.push({ ...f }));
    source.tick(100);
    source.tick(Number.NaN);
    source.tick(116);
    source.tick(116);
    source.tick(50); // the clock was swapped: 50 is the new reference
    source.tick(66);
    expect(frames.map((f) => f.deltaSeconds)).toEqual([0, 0, 0.016, 0, 0, 0.016]);
    expect(frames.map((f) => f.timestampMs)).toEqual([100, 100, 116, 116, 50, 66]);
    for (const f of frames) {
      for (const value of Object.values(f)) expect(Number.isNaN(value)).toBe(false);
    }
  });
});

describe('frame info', () => {
  it('is one reused object, with frameIndex counting from 0', () => {
    const { scheduler, source } = setup();
    const seen: FrameInfo[] = [];
    const indexes: number[] = [];
    scheduler.subscribe((f) => {
      seen.push(f);
      indexes.push(f.frameIndex);
    });
    source.tick(0);
    source.tick(INTERVAL_60_MS);
    source.tick(2 * INTERVAL_60_MS);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[1]).toBe(seen[2]);
    expect(seen[0]).toBe(scheduler.frame);
    expect(indexes).toEqual([0, 1, 2]);
    expect(scheduler.frame.refreshRate).toBe(60);
    expect(scheduler.frame.divisor).toBe(1);
  });

  it('onFrame runs after every frame with the same info', () => {
    const order: string[] = [];
    const { scheduler, source } = setup({ onFrame: (f) => order.push(`frame${f.frameIndex}`) });
    scheduler.subscribe(() => order.push('after'), { phase: 'after' });
    source.tick(0);
    source.tick(16);
    expect(order).toEqual(['after', 'frame0', 'after', 'frame1']);
  });
});

describe('errors', () => {
  it('a throwing subscriber is reported to onError and the others still run', () => {
    const onError = vi.fn();
    const { scheduler, source } = setup({ onError });
    const boom = new Error('boom');
    const calls: string[] = [];
    scheduler.subscribe(() => calls.push('before'), { phase: 'input' });
    scheduler.subscribe(() => {
      throw boom;
    });
    scheduler.subscribe(() => calls.push('after'), { phase: 'render' });
    expect(() => source.tick(0)).not.toThrow();
    expect(calls).toEqual(['before', 'after']);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(boom, scheduler.frame);
    expect(source.pendingCount).toBe(1);
  });

  it('without onError the error is thrown after the whole frame ran, and the loop keeps running', () => {
    const { scheduler, source } = setup();
    const boom = new Error('boom');
    let throws = true;
    const calls: number[] = [];
    scheduler.subscribe(() => {
      if (throws) throw boom;
    });
    scheduler.subscribe((f) => calls.push(f.frameIndex), { phase: 'render' });
    expect(() => source.tick(0)).toThrow(boom);
    expect(calls).toEqual([0]);
    expect(source.pendingCount).toBe(1);
    throws = false;
    expect(() => source.tick(16)).not.toThrow();
    expect(calls).toEqual([0, 1]);
  });

  it('several errors without onError surface together as an AggregateError', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    const a = new Error('a');
    const b = new Error('b');
    scheduler.subscribe(() => {
      throw a;
    });
    scheduler.subscribe(() => {
      throw b;
    });
    let caught: unknown;
    try {
      scheduler.advance(0);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AggregateError);
    expect((caught as AggregateError).errors).toEqual([a, b]);
  });
});

describe('destroy', () => {
  it('unsubscribes everyone, cancels the request and drops listeners; the scheduler can be used again', () => {
    const { scheduler, source } = setup();
    let runs = 0;
    scheduler.subscribe(() => runs++);
    const rateListener = vi.fn();
    scheduler.onRefreshRateChange(rateListener);
    scheduler.destroy();
    expect(scheduler.subscriberCount).toBe(0);
    expect(source.pendingCount).toBe(0);
    source.tick(0);
    expect(runs).toBe(0);
    scheduler.subscribe(() => runs++);
    source.tick(16);
    expect(runs).toBe(1);
  });
});

describe('what the next frame is expected to cover: divisor × timeScale / refreshRate of the frame', () => {
  it('is divisor refresh intervals times the time scale, and stays set while paused', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source, refreshRate: 50, timeScale: 0.5 });
    const seen: number[] = [];
    const unsubscribe = scheduler.subscribe((f) => seen.push((f.divisor * f.timeScale) / f.refreshRate));
    source.tick(20);
    scheduler.setTimeScale(2);
    source.tick(40);
    scheduler.pause();
    source.tick(60);
    unsubscribe();
    expect(seen).toEqual([0.5 / 50, 2 / 50, 2 / 50]);
  });
});

describe('deltaSeconds and rawDeltaSeconds', () => {
  it('deltaSeconds is the clamped delta times the time scale, 0 while paused; rawDeltaSeconds is the real gap', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source, refreshRate: 50, timeScale: 0.5, maxDelta: 0.1 });
    const seen: [number, number][] = [];
    const unsubscribe = scheduler.subscribe((f) => seen.push([f.rawDeltaSeconds, f.deltaSeconds]));
    source.tick(0);
    source.tick(20);
    source.tick(520); // a 0.5 s gap, clamped to 0.1 s
    scheduler.pause();
    source.tick(540);
    unsubscribe();
    expect(seen).toEqual([
      [0, 0],
      [0.02, 0.01],
      [0.5, 0.05],
      [0.02, 0],
    ]);
  });
});
