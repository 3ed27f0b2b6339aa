// Controls called inside an update, the clock's limits and a page clock that jumps back: each
// keeps the documented invariants (indices one more than the step before, or more by the steps
// dropped; spans that tile real time; stats that match what ran).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createFixedClock } from '../../src/scheduler/fixedClock.js';
import type { FixedClock, FixedClockOptions, FixedClockStep } from '../../src/scheduler/fixedClock.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { createFixedStep } from '../../src/core/fixedStep.js';

function on(hz: number, options: Partial<FixedClockOptions> = {}) {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = createFrameScheduler({ source, refreshRate: hz });
  const clock = createFixedClock(scheduler, { step: 1 / 60, ...options });
  let k = 0;
  return {
    source,
    scheduler,
    clock,
    frames(n: number) {
      for (let i = 0; i < n; i++) source.tick((++k * 1000) / hz);
    },
  };
}

interface Ran {
  index: number;
  dt: number;
  start: number;
  end: number;
  frame: number;
}

/** Record every step the clock runs (one job); `inside(step)` may call controls. */
function record(clock: FixedClock, inside: (s: Readonly<FixedClockStep>) => void = () => undefined): Ran[] {
  const ran: Ran[] = [];
  clock.addUpdate((dt, s) => {
    ran.push({ index: s.index, dt, start: s.stepStartTimestampMs, end: s.stepEndTimestampMs, frame: s.frame.frameIndex });
    inside(s);
  });
  return ran;
}

/** Consecutive steps: the next index, spans that tile (start = the previous end), none running backwards. */
function expectTiling(ran: Ran[]): void {
  for (let i = 1; i < ran.length; i++) {
    expect(ran[i]!.index).toBe(ran[i - 1]!.index + 1);
    expect(ran[i]!.start).toBe(ran[i - 1]!.end);
    expect(ran[i]!.end).toBeGreaterThanOrEqual(ran[i]!.start);
  }
}

describe('controls inside an update: the rest of the frame is cancelled, the change applies from the next frame', () => {
  it('setOptions({ step: 1/120 }) in the first of three steps: no more steps that frame, then the next indices on the new step', () => {
    const { clock, frames } = on(20, { maxSteps: 12 }); // 50 ms frames: three 1/60 s steps each
    let changed = false;
    const ran = record(clock, (s) => {
      if (s.index === 57 && !changed) {
        changed = true;
        clock.setOptions({ step: 1 / 120 });
      }
    });
    frames(20); // steps 0 … 56
    expect(ran.at(-1)!.index).toBe(56);
    frames(1); // step 57 changes the step: 58 and 59 do not run
    expect(ran.map((r) => r.index).slice(-2)).toEqual([56, 57]);
    expect(clock.stats.steps).toBe(1);
    expect(clock.stats.totalSteps).toBe(58);
    frames(2);
    // The two 1/60 s steps left (4 of 1/120 s) run first, then 6 a frame.
    expect(ran.slice(58).map((r) => r.index)).toEqual(Array.from({ length: 16 }, (_, i) => 58 + i));
    expect(ran.slice(58).every((r) => r.dt === 1 / 120)).toBe(true);
    expect(clock.stats.totalSteps).toBe(74);
    expectTiling(ran);
    const s = clock.stats;
    expect(s.totalDroppedSeconds).toBe(0);
    expect(58 / 60 + 16 / 120 + s.pendingSeconds).toBeCloseTo(s.elapsedGameSeconds, 12);
  });

  it("setOptions({ step: 1/120 }) with the default maxSteps: indices only ever skip the steps reported dropped", () => {
    const { clock, frames, scheduler } = on(20);
    let changed = false;
    const dropped = new Map<number, number>();
    const ran = record(clock, (s) => {
      if (s.index === 57 && !changed) {
        changed = true;
        clock.setOptions({ step: 1 / 120 });
      }
    });
    let runBefore = 0;
    for (let f = 0; f < 30; f++) {
      frames(1);
      dropped.set(scheduler.frame.frameIndex, Math.round(clock.stats.droppedSeconds / clock.step));
      expect(clock.stats.steps).toBe(ran.length - runBefore);
      runBefore = ran.length;
    }
    expect(ran.length).toBe(clock.stats.totalSteps);
    expect([...dropped.values()].some((n) => n > 0)).toBe(true); // 6 steps of 1/120 s a frame, 5 at most
    for (let i = 1; i < ran.length; i++) {
      const gap = ran[i]!.index - ran[i - 1]!.index - 1;
      if (ran[i]!.frame === ran[i - 1]!.frame) expect(gap).toBe(0);
      else expect(gap).toBe(dropped.get(ran[i]!.frame));
      expect(ran[i]!.start).toBeGreaterThanOrEqual(ran[i - 1]!.end);
    }
  });

  it('reset() inside an update: the frame’s remaining steps do not run; index 0 comes at the next frames', () => {
    const { clock, frames } = on(20);
    let done = false;
    const ran = record(clock, (s) => {
      if (s.index === 9 && !done) {
        done = true;
        clock.reset();
      }
    });
    frames(5); // time zero, then 0-2, 3-5, 6-8, 9 (10 and 11 cancelled)
    expect(ran.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(clock.stats.steps).toBe(0);
    expect(clock.stats.totalSteps).toBe(0);
    frames(2); // time zero again, then 0-2
    expect(ran.map((r) => r.index).slice(10)).toEqual([0, 1, 2]);
    expect(clock.stats.totalSteps).toBe(3);
  });

  it('pause() inside an update: no further step that frame; the steps left stay due and run after resume()', () => {
    const { clock, frames } = on(12); // 83.3 ms frames: 5 steps each
    const ran = record(clock, (s) => {
      if (s.index === 6) clock.pause();
    });
    frames(3);
    expect(ran.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const s = clock.stats;
    expect(s.steps).toBe(2);
    expect(s.droppedSeconds).toBe(0);
    expect(s.totalSteps).toBe(7);
    expect(s.pendingSeconds).toBeCloseTo(3 / 60, 12);
    expect(s.totalSteps / 60 + s.totalDroppedSeconds + s.pendingSeconds).toBeCloseTo(s.elapsedGameSeconds, 12);
    frames(5);
    expect(ran).toHaveLength(7);
    clock.resume();
    frames(1); // the three steps left; the paused time is skipped
    expect(ran.map((r) => r.index).slice(7)).toEqual([7, 8, 9]);
    frames(1);
    expect(ran.map((r) => r.index).slice(10)).toEqual([10, 11, 12, 13, 14]);
    expectTiling(ran.slice(0, 7));
  });

  it('setTimeScale() inside an update: the rest of the frame waits for the next; indices and spans continue', () => {
    const { clock, frames } = on(20, { maxSteps: 10 });
    const ran = record(clock, (s) => {
      if (s.index === 30) clock.setTimeScale(2);
    });
    frames(11); // steps 0 … 29
    frames(1); // 30; 31 and 32 wait
    expect(ran.map((r) => r.index).slice(-3)).toEqual([28, 29, 30]);
    expect(clock.stats.steps).toBe(1);
    frames(1); // the two left + 50 ms at twice the speed (6 steps)
    expect(clock.stats.steps).toBe(8);
    expect(ran.at(-1)!.index).toBe(38);
    expect(ran.at(-1)!.end - ran.at(-7)!.end).toBeCloseTo(50, 9); // six steps of 8.3 ms real time each
    expectTiling(ran);
  });

  it('stepOnce() inside an update while running changes nothing; a pause() then stepOnce() inside one runs one step next frame', () => {
    const { clock, frames } = on(20);
    const results: boolean[] = [];
    const ran = record(clock, (s) => {
      if (s.index === 4) results.push(clock.stepOnce());
      if (s.index === 7) {
        clock.pause();
        results.push(clock.stepOnce());
      }
    });
    frames(3);
    expect(ran.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
    frames(1);
    expect(ran.map((r) => r.index).slice(6)).toEqual([6, 7]);
    frames(3);
    expect(ran.map((r) => r.index).slice(8)).toEqual([8]);
    expect(results).toEqual([false, true]);
    expectTiling(ran);
  });

  it('random controls from inside random updates keep every invariant (property)', { timeout: 30_000 }, () => {
    type Control = 'pause' | 'resume' | 'reset' | 'step' | 'maxSteps' | 'timeScale' | 'stepOnce' | 'interpolation' | 'hold';
    const control = fc.record({
      at: fc.nat({ max: 400 }),
      what: fc.constantFrom<Control>('pause', 'resume', 'reset', 'step', 'maxSteps', 'timeScale', 'stepOnce', 'interpolation', 'hold'),
      value: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1, max: 120, noNaN: true }), { minLength: 5, maxLength: 60 }), fc.array(control, { maxLength: 12 }), (gaps, controls) => {
        const source = createManualFrameSource({ startMs: 0 });
        const scheduler = createFrameScheduler({ source });
        // 'catch-up' never drops: every index is exactly one more than the one before it.
        const clock = createFixedClock(scheduler, { step: 1 / 60, overload: 'catch-up', snapToDisplay: false });
        const releases: Array<() => void> = [];
        const ran: Ran[] = [];
        let calls = 0;
        let sinceReset = 0;
        let simulated = 0;
        let inFrame = 0;
        let resetInFrame: boolean;
        clock.addUpdate((dt, s) => {
          expect(dt).toBe(clock.currentStep.dt);
          ran.push({ index: s.index, dt, start: s.stepStartTimestampMs, end: s.stepEndTimestampMs, frame: s.frame.frameIndex });
          sinceReset++;
          inFrame++;
          simulated += dt;
          for (const c of controls) {
            if (c.at !== calls) continue;
            if (c.what === 'pause') clock.pause();
            else if (c.what === 'resume') clock.resume();
            else if (c.what === 'reset') {
              clock.reset();
              resetInFrame = true;
            } else if (c.what === 'step') clock.setOptions({ step: 1 / (30 + Math.round(c.value * 210)) });
            else if (c.what === 'maxSteps') clock.setOptions({ maxSteps: 1 + Math.round(c.value * 9) });
            else if (c.what === 'timeScale') clock.setTimeScale(0.25 + c.value * 4);
            else if (c.what === 'stepOnce') clock.stepOnce();
            else if (c.what === 'interpolation') clock.setInterpolation(c.value < 0.5 ? 'ahead' : 'previous');
            else if (releases.length > 0 && c.value < 0.5) releases.pop()!();
            else releases.push(clock.hold());
          }
          calls++;
        });
        let t = 0;
        let frameIndex = 0;
        for (const gap of [...gaps, 0.001, 5000, 16, 16, 16]) {
          t += gap;
          inFrame = 0;
          resetInFrame = false;
          const before = ran.length;
          source.tick(t);
          frameIndex++;
          if (resetInFrame) {
            sinceReset = 0;
            simulated = 0;
            expect(clock.stats.totalSteps).toBe(0);
            expect(clock.stats.steps).toBe(0);
          } else {
            expect(clock.stats.steps).toBe(inFrame);
            expect(clock.stats.steps).toBe(ran.length - before);
            expect(clock.stats.totalSteps).toBe(sinceReset);
            const s = clock.stats;
            expect(s.totalDroppedSeconds).toBe(0);
            expect(simulated + s.pendingSeconds).toBeCloseTo(s.elapsedGameSeconds, 9);
          }
          if (clock.paused && frameIndex % 7 === 0) clock.resume();
          while (releases.length > 0 && frameIndex % 5 === 0) releases.pop()!();
        }
        for (let i = 1; i < ran.length; i++) {
          const a = ran[i - 1]!;
          const b = ran[i]!;
          expect(b.end).toBeGreaterThanOrEqual(b.start);
          if (b.index === 0) continue; // after a reset: time zero again
          expect(b.index).toBe(a.index + 1);
          expect(b.start).toBe(a.end);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('setOptions takes any option of the clock', () => {
  it('timeScale, interpolation, paused, priority and snapToDisplay act as their own controls; unknown names are rejected', () => {
    const { clock, frames, scheduler } = on(60);
    const ran = record(clock);
    frames(3);
    clock.setOptions({ timeScale: 2, interpolation: 'none', priority: 3, snapToDisplay: false });
    expect([clock.timeScale, clock.interpolation, clock.stats.timeScale]).toEqual([2, 'none', 2]);
    frames(1);
    expect(clock.stats.steps).toBe(2); // twice the speed
    expect(clock.stats.alpha).toBe(1); // 'none'
    expect(scheduler.subscriberCount).toBe(1);
    clock.setOptions({ paused: true });
    expect(clock.paused).toBe(true);
    const before = ran.length;
    frames(5);
    expect(ran).toHaveLength(before);
    clock.setOptions({ paused: false });
    frames(2);
    expect(ran.length).toBeGreaterThan(before);
    expect(() => clock.setOptions({ stepp: 1 } as never)).toThrow(/FixedClock\.setOptions: .*stepp/);
    expect(() => clock.setOptions({ timeScale: -1 })).toThrow(/`timeScale`/);
  });
});

describe('the page clock jumps back', () => {
  it('after timestamps go back 99 s the step spans follow the new clock at once', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source });
    const clock = createFixedClock(scheduler, { step: 1 / 60, snapToDisplay: false });
    const ran = record(clock);
    for (let t = 100_000; t <= 100_050; t += 10) source.tick(t); // time zero at 100,000 ms
    expect(ran.map((r) => [r.index, r.end])).toEqual([
      [0, 100_000 + 1000 / 60],
      [1, 100_000 + 2000 / 60],
      [2, 100_050],
    ]);
    const before = ran.length;
    source.tick(1_050); // 99 s back: no time passes in this frame
    expect(ran).toHaveLength(before);
    source.tick(1_060);
    source.tick(1_070);
    const after = ran.slice(before);
    // Step 3 (game 50 … 66.7 ms) ends 16.7 ms of game time after the frame at 1,050 ms.
    expect(after.map((r) => r.index)).toEqual([3]);
    expect(after[0]!.start).toBe(1_050);
    expect(after[0]!.end).toBeCloseTo(1_050 + 1000 / 60, 9);
    source.tick(1_090);
    expect(ran.at(-1)!.index).toBe(4);
    expect(ran.at(-1)!.start).toBe(after[0]!.end);
    expect(ran.at(-1)!.end).toBeCloseTo(1_050 + 2000 / 60, 9);
  });
});

describe('limits', () => {
  it('time scale 1e6 on both the scheduler and the clock: indices stay unique and numbers finite for 300 s', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source, timeScale: 1e6 });
    const clock = createFixedClock(scheduler, { step: 1 / 60, timeScale: 1e6, snapToDisplay: false });
    let last = -1;
    let repeats = 0;
    clock.addUpdate((_dt, s) => {
      if (!(s.index > last)) repeats++;
      last = s.index;
    });
    for (let k = 1; k <= 300 * 60; k++) source.tick((k * 1000) / 60);
    expect(repeats).toBe(0);
    expect(Number.isSafeInteger(last)).toBe(true);
    for (const value of Object.values(clock.stats)) if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
    expect(clock.stats.alpha).toBeGreaterThanOrEqual(0);
  });

  it('rejects a step below 1 µs (5e-324 gave NaN alpha), naming the owner, the option and the value', () => {
    const { scheduler } = on(60);
    expect(() => createFixedClock(scheduler, { step: 5e-324 })).toThrow(new RangeError('createFixedClock: option `step` must be a finite number >= 0.000001 (seconds), got 5e-324'));
    expect(() => createFixedStep({ step: 5e-324 })).toThrow(/createFixedStep: option `step` must be a finite number >= 0\.000001 \(seconds\), got 5e-324/);
    const clock = createFixedClock(scheduler, { step: 1 / 60 });
    expect(() => clock.setOptions({ step: 1e-7 })).toThrow(/FixedClock\.setOptions: option `step` .* got 1e-7/);
    expect(clock.step).toBe(1 / 60);
    expect(createFixedClock(scheduler, { step: 1e-6 }).step).toBe(1e-6);
  });
});
