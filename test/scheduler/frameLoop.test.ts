import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFrameLoop } from '../../src/scheduler/createFrameLoop.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { installAdaptiveFramerate } from '../../src/scheduler/adaptiveFeature.js';
import { installRefreshDetection } from '../../src/scheduler/refreshDetection.js';
import { createManualSource } from '../../src/scheduler/manualSource.js';
import type { FrameInfo, FrameScheduler } from '../../src/scheduler/types.js';

const AT_144_MS = 1000 / 144;
const AT_60_MS = 1000 / 60;

function lean(options: Parameters<typeof createFrameLoop>[0] = {}) {
  const source = createManualSource();
  const loop = createFrameLoop({ ...options, source });
  return { loop, source };
}

/** What the subscribers saw of each frame (FrameInfo is one reused object). */
function record(loop: FrameScheduler): Array<Pick<FrameInfo, 'timestampMs' | 'deltaSeconds' | 'elapsedSeconds' | 'frameIndex' | 'refreshRate' | 'nextDeltaSeconds'>> {
  const seen: Array<Pick<FrameInfo, 'timestampMs' | 'deltaSeconds' | 'elapsedSeconds' | 'frameIndex' | 'refreshRate' | 'nextDeltaSeconds'>> = [];
  loop.subscribe((f) => {
    seen.push({ timestampMs: f.timestampMs, deltaSeconds: f.deltaSeconds, elapsedSeconds: f.elapsedSeconds, frameIndex: f.frameIndex, refreshRate: f.refreshRate, nextDeltaSeconds: f.nextDeltaSeconds });
  });
  return seen;
}

describe('createFrameLoop: the loop without refresh detection or the adaptive rate', () => {
  it('reports 60 Hz, measuring, on a 144 Hz display until detection is installed, and never tells listeners', () => {
    const { loop, source } = lean();
    let calls = 0;
    loop.onRefreshRateChange(() => calls++);
    const seen = record(loop);
    for (let i = 0; i < 200; i++) source.tick(i * AT_144_MS);
    expect(loop.refreshRate).toEqual({ refreshRate: 60, interval: 1000 / 60, confidence: 0, synced: false, state: 'measuring', throttledRate: 0, changes: 0 });
    expect(calls).toBe(0);
    expect(seen.every((f) => f.refreshRate === 60 && f.nextDeltaSeconds === 1 / 60)).toBe(true);
    expect(loop.divisor).toBe(1);
  });

  it('after installRefreshDetection it measures the display, tells listeners, and frames carry the rate', () => {
    const { loop, source } = lean();
    const seen = record(loop);
    for (let i = 0; i < 20; i++) source.tick(i * AT_144_MS);
    const calls: number[] = [];
    loop.onRefreshRateChange((e) => calls.push(e.refreshRate));
    expect(installRefreshDetection(loop)).toBe(loop);
    installRefreshDetection(loop); // idempotent: still one detector
    for (let i = 20; i < 200; i++) source.tick(i * AT_144_MS);
    expect(loop.refreshRate.refreshRate).toBe(144);
    expect(loop.refreshRate.state).toBe('synced');
    expect(calls).toEqual([144]);
    const last = seen[seen.length - 1]!;
    expect(last.refreshRate).toBe(144);
    expect(last.nextDeltaSeconds).toBeCloseTo(1 / 144, 15);
  });

  it('frames are the same with and without detection installed (fast-check: any timestamps, pauses, time scales)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 400, noNaN: true }), fc.constant(Number.NaN)), { minLength: 1, maxLength: 80 }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        fc.boolean(),
        (gapsMs, timeScale, paused) => {
          const a = lean({ timeScale, paused });
          const b = lean({ timeScale, paused });
          installRefreshDetection(b.loop);
          const seenA = record(a.loop);
          const seenB = record(b.loop);
          let t = 1000;
          for (const gap of gapsMs) {
            t = Number.isNaN(gap) ? t : t + gap;
            const stamp = Number.isNaN(gap) ? Number.NaN : t;
            a.source.tick(stamp);
            b.source.tick(stamp);
          }
          // Everything but the rate-derived fields is identical.
          const strip = (s: typeof seenA) => s.map(({ refreshRate: _r, nextDeltaSeconds: _n, ...rest }) => rest);
          expect(strip(seenB)).toEqual(strip(seenA));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a fixed refreshRate option is reported synced, and detection stays off for it', () => {
    const { loop, source } = lean({ refreshRate: 75 });
    installRefreshDetection(loop);
    loop.subscribe(() => {});
    for (let i = 0; i < 100; i++) source.tick(i * AT_144_MS);
    expect(loop.refreshRate).toMatchObject({ refreshRate: 75, synced: true, state: 'synced', confidence: 1 });
    expect(loop.frame.refreshRate).toBe(75);
  });

  it('refuses the adaptive option and setAdaptive(true) until installAdaptiveFramerate, naming them', () => {
    expect(() => createFrameLoop({ source: createManualSource(), adaptive: true })).toThrow(
      new RangeError('createFrameLoop: option `adaptive` needs installAdaptiveFramerate(loop) (or createFrameScheduler)'),
    );
    expect(() => createFrameLoop({ source: createManualSource(), adaptive: false })).not.toThrow();
    const { loop } = lean();
    expect(() => loop.setAdaptive(true)).toThrow(/setAdaptive: not installed on this createFrameLoop: call installAdaptiveFramerate\(loop\) first/);
    expect(() => loop.setAdaptive(false)).not.toThrow();
  });

  it('after installAdaptiveFramerate the adaptive rate steps down under load, like createFrameScheduler', () => {
    const runs = (scheduler: FrameScheduler, source: ReturnType<typeof createManualSource>): number[] => {
      const divisors: number[] = [];
      scheduler.onDivisorChange((d) => divisors.push(d));
      scheduler.subscribe(() => source.setNow(source.now() + 20)); // 20 ms of work: every vblank missed
      for (let k = 0; k < 40; k++) source.tick(k * AT_60_MS);
      return divisors;
    };
    const { loop, source } = lean({ refreshRate: 60 });
    installAdaptiveFramerate(loop);
    loop.setAdaptive(true);
    const full = createManualSource();
    const scheduler = createFrameScheduler({ source: full, refreshRate: 60, adaptive: true });
    const leanDivisors = runs(loop, source);
    expect(leanDivisors).toEqual([2]);
    expect(leanDivisors).toEqual(runs(scheduler, full));
    expect(() => loop.setAdaptive({ maxDivisr: 2 } as never)).toThrow(/createFrameLoop \(adaptive\).*maxDivisr/);
  });

  it('the installers leave a scheduler this package did not make alone', () => {
    const { loop } = lean();
    // A test double: every method but without the loop's internals (Object.entries skips symbols).
    const double = Object.fromEntries(Object.entries(loop)) as unknown as FrameScheduler;
    expect(() => installRefreshDetection(double)).not.toThrow();
    expect(() => installAdaptiveFramerate(double)).not.toThrow();
    expect(installRefreshDetection(double)).toBe(double);
    expect(() => loop.setAdaptive(true)).toThrow(RangeError); // nothing reached the real loop
  });
});

describe('createFrameLoop: subscription count', () => {
  it('an unsubscribe from before destroy() does not stop a later subscriber from getting frames', () => {
    const { loop, source } = lean();
    const offBefore = loop.subscribe(() => undefined);
    loop.destroy();
    let calls = 0;
    loop.subscribe(() => calls++);
    offBefore(); // belongs to the destroyed generation: must not count against the new subscriber
    expect(loop.running).toBe(true);
    expect(loop.subscriberCount).toBe(1);
    for (let i = 1; i <= 3; i++) source.tick(i * AT_60_MS);
    expect(calls).toBe(3);
  });

  it('the loop stops requesting frames when the last subscriber leaves and starts again with the next (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), (ops) => {
        const { loop } = lean();
        const offs: Array<() => void> = [];
        for (const add of ops) {
          if (add || offs.length === 0) offs.push(loop.subscribe(() => undefined));
          else offs.splice(0, 1)[0]!();
          expect(loop.running).toBe(offs.length > 0);
          expect(loop.subscriberCount).toBe(offs.length);
        }
      }),
    );
  });
});
