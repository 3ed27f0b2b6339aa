import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { DEFAULT_MAX_DELTA_SECONDS, FrameLoop } from '../../src/scheduler/frameLoop.js';
import { loopOf } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { FrameInfo, FrameScheduler, FrameSchedulerOptions } from '../../src/scheduler/types.js';

const AT_144_MS = 1000 / 144;
const AT_60_MS = 1000 / 60;

function setup(options: FrameSchedulerOptions = {}) {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ ...options, source });
  return { scheduler, source };
}

/** The bare loop `useFrame` alone runs on (the page-wide loop before anyone asks for its scheduler). */
function bare(timeScale: number, paused: boolean) {
  const source = createManualFrameSource();
  const config = { mode: 'always' as const, maxDelta: DEFAULT_MAX_DELTA_SECONDS, timeScale, paused, onError: undefined, onGap: undefined, onFrame: undefined };
  const host = new FrameLoop('bare', source, config, undefined);
  return { host, source };
}

type Seen = Pick<FrameInfo, 'timestampMs' | 'deltaSeconds' | 'elapsedSeconds' | 'frameIndex' | 'refreshRate'>;
const copy = (f: FrameInfo): Seen => ({ timestampMs: f.timestampMs, deltaSeconds: f.deltaSeconds, elapsedSeconds: f.elapsedSeconds, frameIndex: f.frameIndex, refreshRate: f.refreshRate });

describe('createFrameScheduler starts what costs work per frame the first time something asks', () => {
  it('reading refreshRate, divisor or frame starts nothing (what hooks do while rendering)', () => {
    const { scheduler } = setup();
    expect(scheduler.refreshRate).toEqual({ refreshRate: 60, interval: 1000 / 60, confidence: 0, synced: false, state: 'measuring', throttledRate: 0, changes: 0 });
    expect(scheduler.divisor).toBe(1);
    void scheduler.frame;
    expect(loopOf(scheduler)!.timing).toBe(null);
    expect(loopOf(scheduler)!.subscribers.ordering).toBe(null);
  });

  it('the first subscribe starts refresh detection: it measures the display, tells listeners, and frames carry the rate', () => {
    const { scheduler, source } = setup();
    const calls: number[] = [];
    scheduler.onRefreshRateChange((e) => calls.push(e.refreshRate));
    const seen: Seen[] = [];
    scheduler.subscribe((f) => void seen.push(copy(f)));
    for (let i = 0; i < 200; i++) source.tick(i * AT_144_MS);
    expect(scheduler.refreshRate.refreshRate).toBe(144);
    expect(scheduler.refreshRate.state).toBe('synced');
    expect(calls).toEqual([144]);
    expect(seen[seen.length - 1]!.refreshRate).toBe(144);
  });

  it('onRefreshRateChange and advance start detection too', () => {
    const a = setup();
    a.scheduler.onRefreshRateChange(() => undefined);
    expect(loopOf(a.scheduler)!.timing).not.toBe(null);
    const b = setup({ frameloop: 'manual' });
    for (let i = 0; i < 200; i++) b.scheduler.advance(i * AT_144_MS);
    expect(b.scheduler.refreshRate.refreshRate).toBe(144);
  });

  it('named ordering starts at the first subscription that names ids', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    scheduler.subscribe(() => undefined);
    expect(loopOf(scheduler)!.subscribers.ordering).toBe(null);
    const order: string[] = [];
    scheduler.subscribe(() => void order.push('b'), { id: 'b' });
    scheduler.subscribe(() => void order.push('a'), { id: 'a', before: 'b', priority: 5 });
    scheduler.advance(16);
    expect(order).toEqual(['a', 'b']);
  });

  it('frames are the same with detection running as on the bare loop (fast-check: any timestamps, pauses, time scales)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 400, noNaN: true }), fc.constant(Number.NaN)), { minLength: 1, maxLength: 80 }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        fc.boolean(),
        (gapsMs, timeScale, paused) => {
          const a = bare(timeScale, paused);
          const b = setup({ timeScale, paused });
          const seenA: Seen[] = [];
          const seenB: Seen[] = [];
          a.host.subscribe((f: FrameInfo) => void seenA.push(copy(f)), undefined, 'test');
          b.scheduler.subscribe((f) => void seenB.push(copy(f)));
          let t = 1000;
          for (const gap of gapsMs) {
            t = Number.isNaN(gap) ? t : t + gap;
            const stamp = Number.isNaN(gap) ? Number.NaN : t;
            a.source.tick(stamp);
            b.source.tick(stamp);
          }
          // Everything but the detected rate is identical.
          const strip = (s: Seen[]) => s.map(({ refreshRate: _r, ...rest }) => rest);
          expect(strip(seenB)).toEqual(strip(seenA));
          expect(seenA.every((f) => f.refreshRate === 60)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a fixed refreshRate option is reported synced, and detection stays off for it', () => {
    const { scheduler, source } = setup({ refreshRate: 75 });
    scheduler.subscribe(() => {});
    scheduler.onRefreshRateChange(() => {});
    for (let i = 0; i < 100; i++) source.tick(i * AT_144_MS);
    expect(scheduler.refreshRate).toMatchObject({ refreshRate: 75, synced: true, state: 'synced', confidence: 1 });
    expect(scheduler.frame.refreshRate).toBe(75);
    expect(loopOf(scheduler)!.timing).toBe(null);
  });

  it('setAdaptive(false) before the adaptive rate was ever on starts nothing; a bad option names the factory', () => {
    const { scheduler } = setup();
    scheduler.setAdaptive(false);
    expect(loopOf(scheduler)!.timing).toBe(null);
    expect(() => scheduler.setAdaptive({ maxDivisr: 2 } as never)).toThrow(/createFrameScheduler \(adaptive\).*maxDivisr/);
  });

  it('setAdaptive(true) at run time steps down under load exactly like the adaptive option', () => {
    const runs = (scheduler: FrameScheduler, source: ReturnType<typeof createManualFrameSource>): number[] => {
      const divisors: number[] = [];
      scheduler.onDivisorChange((d) => divisors.push(d));
      scheduler.subscribe(() => source.setNow(source.now() + 20)); // 20 ms of work: every vblank missed
      for (let k = 0; k < 40; k++) source.tick(k * AT_60_MS);
      return divisors;
    };
    const late = setup({ refreshRate: 60 });
    late.scheduler.setAdaptive(true);
    const early = setup({ refreshRate: 60, adaptive: true });
    const divisors = runs(late.scheduler, late.source);
    expect(divisors).toEqual([2]);
    expect(divisors).toEqual(runs(early.scheduler, early.source));
  });
});

describe('setMaxDelta', () => {
  it('clamps gaps to the new maxDelta from the next frame; a bad value is a RangeError naming it', () => {
    const { scheduler, source } = setup({ refreshRate: 60 });
    const deltas: number[] = [];
    scheduler.subscribe((f) => void deltas.push(f.deltaSeconds));
    source.tick(0);
    source.tick(200); // 0.2 s: under the default 0.25
    scheduler.setMaxDelta(0.05);
    source.tick(400);
    expect(deltas).toEqual([0, 0.2, 0.05]);
    for (const bad of [0, -1, Number.NaN, Infinity, '0.1']) {
      expect(() => scheduler.setMaxDelta(bad as number)).toThrow(/^setMaxDelta: option `maxDelta` must be a finite number > 0/);
    }
  });
});

describe('createFrameScheduler: subscription count', () => {
  it('an unsubscribe from before destroy() does not stop a later subscriber from getting frames', () => {
    const { scheduler, source } = setup();
    const offBefore = scheduler.subscribe(() => undefined);
    scheduler.destroy();
    let calls = 0;
    scheduler.subscribe(() => calls++);
    offBefore(); // belongs to the destroyed generation: must not count against the new subscriber
    expect(scheduler.running).toBe(true);
    expect(scheduler.subscriberCount).toBe(1);
    for (let i = 1; i <= 3; i++) source.tick(i * AT_60_MS);
    expect(calls).toBe(3);
  });

  it('the loop stops requesting frames when the last subscriber leaves and starts again with the next (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), (ops) => {
        const { scheduler } = setup();
        const offs: Array<() => void> = [];
        for (const add of ops) {
          if (add || offs.length === 0) offs.push(scheduler.subscribe(() => undefined));
          else offs.splice(0, 1)[0]!();
          expect(scheduler.running).toBe(offs.length > 0);
          expect(scheduler.subscriberCount).toBe(offs.length);
        }
      }),
    );
  });
});
