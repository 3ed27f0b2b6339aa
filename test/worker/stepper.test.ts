// The worker's stepping (src/worker/stepper.ts), woken by hand: whole steps on the grid
// start + num × step, each with the input of its span, whatever the wake times; the clock's options.
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { SimulationStepper, type StateWriter } from '../../src/worker/stepper.js';
import { emptyHeader, type ClockOptions, type SlotHeader } from '../../src/worker/protocol.js';
import type { Simulation } from '../../src/worker/definition.js';
import { movers, presses } from './simulations.js';

/** Keeps every published header and state (a copy), as the page would see them one by one. */
class RecordingWriter implements StateWriter {
  readonly headers: SlotHeader[] = [];
  readonly states: Float64Array[] = [];
  private readonly working: Float64Array;
  private before: Float64Array;
  constructor(length: number) {
    this.working = new Float64Array(length);
    this.before = new Float64Array(length);
  }
  initial(): Float64Array {
    return this.working;
  }
  begin(): Float64Array {
    this.before = this.working.slice();
    return this.working;
  }
  abort(): void {
    this.working.set(this.before);
  }
  publish(header: SlotHeader): void {
    this.headers.push({ ...header });
    this.states.push(this.working.slice());
  }
  republish(header: SlotHeader): void {
    this.publish(header);
  }
  /** Headers of the steps run (not the initial state, not republished ones). */
  steps(): SlotHeader[] {
    return this.headers.filter((h, i) => h.stepIndex >= 0 && (i === 0 || this.headers[i - 1]!.stepIndex !== h.stepIndex));
  }
}

const OPTIONS: ClockOptions = { step: 1 / 100, maxSteps: 5, overload: 'slow-motion', timeScale: 1, paused: false };

function stepper(simulation: Simulation<never>, options: Partial<ClockOptions> = {}, errors: Array<[unknown, number | null]> = []) {
  const writer = new RecordingWriter(simulation.stateLength);
  const messages: unknown[] = [];
  const context = { props: undefined, post: (m: unknown) => void messages.push(m) };
  const s = new SimulationStepper(simulation as Simulation, { ...OPTIONS, ...options }, writer, context, (e, i) => void errors.push([e, i]));
  return { s, writer, messages, errors };
}

describe('the worker steps on its own grid', () => {
  it('runs step k once its span (start + k·step, start + (k+1)·step] has passed, and aims its next wake at the next span’s end', () => {
    const { s, writer } = stepper(movers(2));
    s.start(100);
    expect(s.nextWakeMs()).toBeCloseTo(110, 9);
    // Woken by a timer that is late by 0 to 3 ms each time.
    for (let i = 0; i < 100; i++) s.wake(s.nextWakeMs() + (i % 4));
    const steps = writer.steps();
    expect(steps.length).toBeGreaterThanOrEqual(97);
    steps.forEach((h, k) => {
      expect(h.stepIndex).toBe(k);
      expect(h.stepStartMs).toBeCloseTo(100 + 10 * k, 6);
      expect(h.stepEndMs).toBeCloseTo(110 + 10 * k, 6);
      // Never before its span's end less the 5 % boundary tolerance.
      expect(h.ranAtMs).toBeGreaterThanOrEqual(h.stepEndMs - 0.5 - 1e-9);
    });
    expect(writer.headers[0]!.stepIndex).toBe(-1);
  });

  it('gives every event to the step whose span holds it, and reaches the same state, however it is woken (property)', () => {
    const step = 1 / 100;
    const run = (wakes: number[], events: number[]) => {
      const { s, writer, messages } = stepper(presses, { step, maxSteps: 1000 });
      s.start(0);
      for (const t of events) {
        s.input({ kind: 'keydown', code: 'Space', timestampMs: t });
        s.input({ kind: 'keyup', code: 'Space', timestampMs: t });
      }
      for (const t of wakes) s.wake(t);
      s.wake(505); // mid-span of step 50: 50 steps, whatever the tolerance did before
      return { state: writer.states[writer.states.length - 1]!, messages: messages as Array<{ step: number; timestampMs: number }> };
    };
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 500, noNaN: true }), { maxLength: 60 }),
        fc.array(fc.double({ min: 0.001, max: 500, noNaN: true }), { maxLength: 60 }),
        fc.array(fc.double({ min: 0.001, max: 500, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (wakesA, wakesB, events) => {
          const a = run([...wakesA].sort((x, y) => x - y), events);
          const b = run([...wakesB].sort((x, y) => x - y), events);
          expect(Array.from(a.state)).toEqual(Array.from(b.state));
          expect(a.state[0]).toBe(50);
          expect(a.messages).toEqual(b.messages);
          // Each event once, in the step whose span (10k, 10k + 10] holds it.
          expect(a.messages).toHaveLength(2 * events.length);
          for (const m of a.messages) expect(m.step).toBe(Math.ceil(m.timestampMs / 10 - 1e-9) - 1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("past maxSteps, 'slow-motion' drops the excess (indices skip it) and 'catch-up' keeps the debt for the next wakes", () => {
    const slow = stepper(movers(1), { maxSteps: 5 });
    slow.s.start(0);
    slow.s.wake(100); // 10 steps due
    expect(slow.writer.steps().map((h) => h.stepIndex)).toEqual([5, 6, 7, 8, 9]);
    expect(slow.writer.headers.at(-1)!.totalDroppedSeconds).toBeCloseTo(0.05, 9);
    expect(slow.s.nextWakeMs()).toBeCloseTo(110, 6);

    const fast = stepper(movers(1), { maxSteps: 5, overload: 'catch-up' });
    fast.s.start(0);
    fast.s.wake(100);
    expect(fast.writer.steps().map((h) => h.stepIndex)).toEqual([0, 1, 2, 3, 4]);
    // The debt is due at once: the next wake is in the past.
    expect(fast.s.nextWakeMs()).toBeLessThan(100);
    fast.s.wake(100.01);
    expect(fast.writer.steps().map((h) => h.stepIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(fast.writer.headers.at(-1)!.totalDroppedSeconds).toBe(0);
  });

  it('pauses (no step, no wake), resumes skipping the paused time, and steps once while paused', () => {
    const { s, writer } = stepper(movers(1));
    s.start(0);
    s.wake(35); // steps 0–2
    s.pause(35);
    expect(s.nextWakeMs()).toBeNaN();
    expect(writer.headers.at(-1)).toMatchObject({ stepIndex: 2, paused: 1, pausedAtMs: 35 });
    s.wake(500);
    expect(writer.steps()).toHaveLength(3);
    s.stepOnce(500);
    expect(writer.steps().map((h) => h.stepIndex)).toEqual([0, 1, 2, 3]);
    s.resume(1000);
    const resumed = writer.headers.at(-1)!;
    expect(resumed.paused).toBe(0);
    // Game time stood at 35 ms, plus the single step's 10: step 4 (40–50 ms) ends 5 ms after the resume.
    expect(s.nextWakeMs()).toBeCloseTo(1005, 6);
    s.wake(1005);
    expect(writer.steps().at(-1)!.stepIndex).toBe(4);
  });

  it('a time scale of 2 runs steps twice as often; a new grid carries the game time not yet simulated', () => {
    const { s, writer } = stepper(movers(1), { maxSteps: 20 });
    s.start(0);
    s.setTimeScale(2, 0);
    s.wake(50); // 100 game ms
    expect(writer.steps()).toHaveLength(10);
    expect(writer.steps().at(-1)!.stepEndMs).toBeCloseTo(50, 6);
    s.setTimeScale(1, 53); // 6 game ms of step 10 at scale 2
    s.setGrid(1 / 50, 5, 'slow-motion', 53);
    // The 6 game ms carried: the first 20 ms step of the new grid ends 14 real ms later.
    expect(s.nextWakeMs()).toBeCloseTo(67, 6);
    s.wake(67);
    expect(writer.steps().at(-1)).toMatchObject({ stepIndex: 10 });
  });

  it('an update that throws is reported with its step index; the clock pauses and the step’s writes are undone', () => {
    const errors: Array<[unknown, number | null]> = [];
    const simulation: Simulation = {
      stateLength: 1,
      update(state, step) {
        state[0] = step.index;
        if (step.index === 7) throw new Error('boom');
      },
    };
    const { s, writer } = stepper(simulation, {}, errors);
    s.start(0);
    s.wake(100);
    expect(errors).toHaveLength(1);
    expect((errors[0]![0] as Error).message).toBe('boom');
    expect(errors[0]![1]).toBe(7);
    expect(writer.headers.at(-1)).toMatchObject({ stepIndex: 6, paused: 1 });
    expect(writer.states.at(-1)![0]).toBe(6);
    expect(s.nextWakeMs()).toBeNaN();
    s.resume(200);
    s.wake(210);
    expect(errors).toHaveLength(2); // step 7 again, and it throws again
    expect(errors[1]![1]).toBe(7);
  });

  it('hands init the zero state and publishes it as step −1; init and onMessage errors are reported outside a step', () => {
    const errors: Array<[unknown, number | null]> = [];
    const seen: unknown[] = [];
    const simulation: Simulation = {
      stateLength: 2,
      init(state) {
        state[1] = 9;
        throw new Error('init');
      },
      update() {},
      onMessage(data, state) {
        seen.push([data, state[1]]);
        throw new Error('message');
      },
    };
    const { s, writer } = stepper(simulation, {}, errors);
    s.start(0);
    expect(writer.headers[0]).toMatchObject({ stepIndex: -1, stepStartMs: 0, stepEndMs: 0 } satisfies Partial<SlotHeader>);
    expect(Array.from(writer.states[0]!)).toEqual([0, 9]);
    s.message('hi');
    expect(seen).toEqual([['hi', 9]]);
    expect(errors.map(([e, i]) => [(e as Error).message, i])).toEqual([
      ['init', null],
      ['message', null],
    ]);
  });
});

it('emptyHeader is a step −1 at time 0 with scale 1', () => {
  expect(emptyHeader()).toMatchObject({ stepIndex: -1, timeScale: 1, paused: 0 });
});
