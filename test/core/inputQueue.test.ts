import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInputQueue, eventTimeMs } from '../../src/core/inputQueue.js';
import type { InputQueue, StepInput } from '../../src/core/inputQueue.js';

const STEP_MS = 1000 / 60;

/** The codes of a step's events, in delivery order. */
function codes(step: StepInput): string[] {
  const out: string[] = [];
  for (let i = 0; i < step.count; i++) out.push(step.event(i).code);
  return out;
}

/**
 * A frame at `frameEndMs` running `steps` fixed steps whose spans end on the step grid: the steps
 * end at (k+1) × STEP_MS for the next `steps` values of k. Returns each step's pressed flag.
 */
function runFrame(queue: InputQueue, firstStep: number, steps: number, code: string): boolean[] {
  const pressed: boolean[] = [];
  for (let k = firstStep; k < firstStep + steps; k++) pressed.push(queue.takeStep((k + 1) * STEP_MS).pressed(code));
  return pressed;
}

describe('createInputQueue: a press is seen by exactly one step', () => {
  for (const stepsPerFrame of [0, 1, 5]) {
    it(`with ${stepsPerFrame} step(s) in the frame after the press`, () => {
      const queue = createInputQueue();
      queue.push({ kind: 'keydown', code: 'Space', timestampMs: 2.5 * STEP_MS });
      // this frame: `stepsPerFrame` steps from step 0; then frames of 1 step until step 10
      const seen = runFrame(queue, 0, stepsPerFrame, 'Space');
      for (let k = stepsPerFrame; k < 10; k++) seen.push(...runFrame(queue, k, 1, 'Space'));
      // Exactly one step saw the press: the one whose span (2 STEP_MS, 3 STEP_MS] contains it.
      expect(seen.filter(Boolean)).toHaveLength(1);
      expect(seen.indexOf(true)).toBe(2);
      expect(queue.state.isDown('Space')).toBe(true);
    });
  }

  it('the README example: three 5 ms steps in one frame see press, hold, release', () => {
    const input = createInputQueue({ capacity: 128 });
    input.push({ kind: 'keydown', code: 'KeyW', timestampMs: 1004 });
    input.push({ kind: 'keyup', code: 'KeyW', timestampMs: 1012 });
    const first = input.takeStep(1005);
    expect([first.isDown('KeyW'), first.pressed('KeyW')]).toEqual([true, true]);
    const second = input.takeStep(1010);
    expect([second.isDown('KeyW'), second.pressed('KeyW'), second.count]).toEqual([true, false, 0]);
    const third = input.takeStep(1015);
    expect([third.isDown('KeyW'), third.released('KeyW')]).toEqual([false, true]);
  });

  it('a press late for its step (stamped before the latest step end) goes to the next step taken', () => {
    const queue = createInputQueue();
    queue.takeStep(100);
    queue.push({ kind: 'keydown', code: 'KeyA', timestampMs: 90 });
    expect(queue.takeStep(100).pressed('KeyA')).toBe(true);
    expect(queue.takeStep(116).pressed('KeyA')).toBe(false);
  });

  it('events in the future wait for the step whose span holds them', () => {
    const queue = createInputQueue();
    queue.push({ kind: 'keydown', code: 'KeyF', timestampMs: 500 });
    expect(queue.takeStep(100).count).toBe(0);
    expect(queue.pending).toBe(1);
    expect(queue.takeStep(499.9).pressed('KeyF')).toBe(false);
    const step = queue.takeStep(500); // the span end is inclusive
    expect(step.pressed('KeyF')).toBe(true);
    expect([step.startMs, step.endMs, step.stepIndex]).toEqual([499.9, 500, 2]);
  });

  it('events pushed out of order are delivered in timestamp order; ties keep arrival order', () => {
    const queue = createInputQueue();
    queue.push({ kind: 'custom', code: 'c', timestampMs: 30 });
    queue.push({ kind: 'custom', code: 'a', timestampMs: 10 });
    queue.push({ kind: 'custom', code: 'b1', timestampMs: 20 });
    queue.push({ kind: 'custom', code: 'b2', timestampMs: 20 });
    expect(codes(queue.takeStep(25))).toEqual(['a', 'b1', 'b2']);
    expect(codes(queue.takeStep(50))).toEqual(['c']);
  });
});

describe('createInputQueue: held state at every step', () => {
  it('applies the events in order up to each step end', () => {
    const queue = createInputQueue();
    queue.push({ kind: 'keydown', code: 'KeyW', timestampMs: 5 });
    queue.push({ kind: 'keydown', code: 'KeyD', timestampMs: 20 });
    queue.push({ kind: 'keyup', code: 'KeyW', timestampMs: 40 });
    queue.push({ kind: 'keydown', code: 'KeyW', key: 'w', repeat: true, timestampMs: 41 }); // a stray repeat: presses
    queue.push({ kind: 'keyup', code: 'KeyW', timestampMs: 45 });
    queue.push({ kind: 'keyup', code: 'KeyD', timestampMs: 60 });
    // One frame running 4 steps of 16 ms: each sees the state at its own end.
    const rows = [16, 32, 48, 64].map((end) => {
      const s = queue.takeStep(end);
      return [s.isDown('KeyW'), s.isDown('KeyD'), s.pressed('KeyW'), s.released('KeyW'), s.pressed('KeyD'), s.released('KeyD')];
    });
    expect(rows).toEqual([
      [true, false, true, false, false, false],
      [true, true, false, false, true, false],
      [false, true, true, true, false, false], // released, pressed again and released: a tap inside the step
      [false, false, false, false, false, true],
    ]);
  });

  it('auto-repeat does not press again; blur releases everything held', () => {
    const queue = createInputQueue();
    queue.push({ kind: 'keydown', code: 'KeyA', timestampMs: 1 });
    queue.push({ kind: 'pointerdown', code: 'Pointer0', x: 10, y: 20, button: 0, buttons: 1, timestampMs: 2 });
    expect(queue.takeStep(10).pressed('KeyA')).toBe(true);
    queue.push({ kind: 'keydown', code: 'KeyA', repeat: true, timestampMs: 11 });
    const repeat = queue.takeStep(20);
    expect([repeat.pressed('KeyA'), repeat.isDown('KeyA'), repeat.isDown('Pointer0'), repeat.pointerX, repeat.pointerY, repeat.pointerButtons]).toEqual([false, true, true, 10, 20, 1]);
    queue.push({ kind: 'pointermove', x: 15, y: 25, buttons: 1, timestampMs: 21 });
    queue.push({ kind: 'blur', timestampMs: 22 });
    const blurred = queue.takeStep(30);
    expect([blurred.isDown('KeyA'), blurred.released('KeyA'), blurred.isDown('Pointer0'), blurred.pointerX, blurred.pointerButtons]).toEqual([false, true, false, 15, 0]);
    expect(blurred.heldCodes()).toEqual([]);
  });

  it('reset releases everything; clear drops only what waits', () => {
    const queue = createInputQueue();
    queue.push({ kind: 'keydown', code: 'KeyA', timestampMs: 1 });
    queue.push({ kind: 'keydown', code: 'KeyB', timestampMs: 50 });
    queue.takeStep(10);
    queue.clear();
    expect(queue.pending).toBe(0);
    expect(queue.takeStep(60).heldCodes()).toEqual(['KeyA']);
    queue.reset();
    expect(queue.state.isDown('KeyA')).toBe(false);
  });
});

describe('createInputQueue: bounded memory', () => {
  it('drops the oldest waiting event when full, counts it and reports it', () => {
    const reports: number[] = [];
    const queue = createInputQueue({ capacity: 3, onOverflow: (total) => reports.push(total) });
    expect([1, 2, 3].map((t) => queue.push({ kind: 'custom', code: `e${t}`, timestampMs: t }))).toEqual([true, true, true]);
    expect(queue.push({ kind: 'custom', code: 'e4', timestampMs: 4 })).toBe(false);
    expect(queue.push({ kind: 'custom', code: 'e5', timestampMs: 5 })).toBe(false);
    expect([queue.dropped, queue.pending, ...reports]).toEqual([2, 3, 1, 2]);
    expect(codes(queue.takeStep(10))).toEqual(['e3', 'e4', 'e5']);
  });

  it('never overwrites the records of the step being read, and an event pushed during the step gets in', () => {
    const queue = createInputQueue({ capacity: 2 });
    queue.push({ kind: 'custom', code: 'a', timestampMs: 1 });
    queue.push({ kind: 'custom', code: 'b', timestampMs: 2 });
    const step = queue.takeStep(5);
    expect(queue.push({ kind: 'custom', code: 'late', timestampMs: 3 })).toBe(true); // pushed during the step
    expect(codes(step)).toEqual(['a', 'b']);
    expect([queue.dropped, queue.pending]).toEqual([0, 1]);
    expect(codes(queue.takeStep(10))).toEqual(['late']);
    expect(queue.push({ kind: 'custom', code: 'next', timestampMs: 12 })).toBe(true);
    expect(queue.push({ kind: 'custom', code: 'then', timestampMs: 13 })).toBe(true);
    expect(codes(queue.takeStep(20))).toEqual(['next', 'then']);
  });

  it('256 pointer moves during a pause, then a key press: the first step takes the moves, the press reaches the next step', () => {
    const queue = createInputQueue();
    queue.takeStep(0);
    for (let i = 1; i <= 256; i++) queue.push({ kind: 'pointermove', x: i, y: 0, timestampMs: i });
    expect(queue.takeStep(300).count).toBe(256); // the resume: the step being read holds the whole capacity
    expect(queue.push({ kind: 'keydown', code: 'Space', timestampMs: 301 })).toBe(true);
    const next = queue.takeStep(316);
    expect([next.pressed('Space'), next.count, queue.dropped]).toEqual([true, 1, 0]);
  });

  it('with the step being read and the waiting room both full, the oldest waiting event is dropped and counted', () => {
    const reports: number[] = [];
    const queue = createInputQueue({ capacity: 2, onOverflow: (total) => reports.push(total) });
    queue.push({ kind: 'custom', code: 'a', timestampMs: 1 });
    queue.push({ kind: 'custom', code: 'b', timestampMs: 2 });
    const step = queue.takeStep(5);
    for (const [code, t] of [['c', 6], ['d', 7], ['e', 8]] as const) queue.push({ kind: 'custom', code, timestampMs: t });
    expect([codes(step), queue.dropped, queue.pending, reports]).toEqual([['a', 'b'], 1, 2, [1]]);
    expect(codes(queue.takeStep(10))).toEqual(['d', 'e']);
  });
});

describe('createInputQueue: pointer buttons follow the Pointer Events bitmask', () => {
  const pointer = (kind: 'pointerdown' | 'pointerup' | 'pointermove', button: number, buttons: number, timestampMs: number, pointerId = 1) =>
    ({ kind, code: button >= 0 ? `Pointer${button}` : '', button, buttons, pointerId, x: 0, y: 0, timestampMs }) as const;
  const held = (step: StepInput) => [0, 1, 2, 3, 4, 5].filter((b) => step.isDown(`Pointer${b}`));

  it('a second button pressed while the first is down arrives as a pointermove (button 2, buttons 3) and is held', () => {
    const queue = createInputQueue();
    queue.push(pointer('pointerdown', 0, 1, 1));
    expect(held(queue.takeStep(5))).toEqual([0]);
    queue.push(pointer('pointermove', 2, 3, 6));
    const step = queue.takeStep(10);
    expect([held(step), step.pressed('Pointer2'), step.pointerButtons]).toEqual([[0, 2], true, 3]);
    queue.push(pointer('pointerup', 0, 2, 11)); // the primary goes up first: a pointermove per spec, a pointerup here; either way
    const up = queue.takeStep(15);
    expect([held(up), up.released('Pointer0'), up.pointerButtons]).toEqual([[2], true, 2]);
  });

  it('pointercancel (button −1, buttons 0, as Chromium sends it) releases everything the pointer held', () => {
    const queue = createInputQueue();
    queue.push(pointer('pointerdown', 0, 1, 1));
    queue.push(pointer('pointermove', 4, 17, 2)); // forward button (4) joins: bit 4
    expect(held(queue.takeStep(5))).toEqual([0, 4]);
    queue.push(pointer('pointerup', -1, 0, 6)); // useStepInput hands a pointercancel over as a pointerup
    const step = queue.takeStep(10);
    expect([held(step), step.pointerButtons, step.released('Pointer0'), step.released('Pointer4')]).toEqual([[], 0, true, true]);
  });

  it('each pointer keeps its own buttons: one finger lifting leaves the other held', () => {
    const queue = createInputQueue();
    queue.push(pointer('pointerdown', 0, 1, 1, 7));
    queue.push(pointer('pointerdown', 0, 1, 2, 8));
    queue.push(pointer('pointerup', 0, 0, 3, 7));
    expect([held(queue.takeStep(5)), queue.state.pointerButtons]).toEqual([[0], 1]);
    queue.push(pointer('pointermove', -1, 1, 6, 8)); // the finger still down moves: no new press
    expect(queue.takeStep(10).pressed('Pointer0')).toBe(false);
    queue.push(pointer('pointerup', 0, 0, 11, 8));
    expect(held(queue.takeStep(15))).toEqual([]);
  });

  it('a pointerdown whose buttons lack its button (a synthetic event without `buttons`) reads as a tap', () => {
    const queue = createInputQueue();
    queue.push({ kind: 'pointerdown', code: 'Pointer0', button: 0, timestampMs: 1 });
    const step = queue.takeStep(5);
    expect([step.pressed('Pointer0'), step.released('Pointer0'), step.isDown('Pointer0')]).toEqual([true, true, false]);
  });

  it('property: after every pointer event, Pointer0 … are held exactly as the or of each pointer\'s latest buttons, and pointerButtons agrees', () => {
    const bitOf = (b: number) => (b === 1 ? 2 : b === 2 ? 1 : b);
    const event = fc.record({
      kind: fc.constantFrom('pointerdown', 'pointerup', 'pointermove'),
      button: fc.integer({ min: -1, max: 5 }),
      buttons: fc.integer({ min: 0, max: 63 }),
      pointerId: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 4 }), (events, perStep) => {
        const queue = createInputQueue();
        const latest = new Map<number, number>();
        events.forEach((e, i) => {
          queue.push({ ...e, kind: e.kind as 'pointerdown', code: e.button >= 0 ? `Pointer${e.button}` : '', timestampMs: i });
          latest.set(e.pointerId, e.buttons);
          if ((i + 1) % perStep !== 0 && i !== events.length - 1) return;
          const step = queue.takeStep(i);
          let all = 0;
          latest.forEach((mask) => (all |= mask));
          expect(step.pointerButtons).toBe(all);
          for (let b = 0; b <= 5; b++) expect(step.isDown(`Pointer${b}`)).toBe(((all >> bitOf(b)) & 1) === 1);
        });
      }),
    );
  });
});

describe('createInputQueue: bad input', () => {
  it('names the factory, the option and the value', () => {
    expect(() => createInputQueue({ capacity: 0 })).toThrow(/createInputQueue: option `capacity` must be a whole number >= 1, got 0/);
    expect(() => createInputQueue({ onOverflow: 3 as unknown as () => void })).toThrow(/createInputQueue: option `onOverflow`/);
    const queue = createInputQueue();
    expect(() => queue.push({ kind: 'press' as 'keydown', timestampMs: 0 })).toThrow(/InputQueue.push: option `kind`.*"press"/);
    expect(() => queue.push({ kind: 'keydown', timestampMs: Number.NaN })).toThrow(/`timestampMs` must be a finite number/);
    expect(() => queue.takeStep(Number.NaN)).toThrow(/InputQueue.takeStep/);
    expect(() => queue.step.event(0)).toThrow(RangeError);
    queue.push({ kind: 'keydown', code: 'KeyW', timestampMs: 5 });
    queue.takeStep(10);
    expect(queue.step.event(0).code).toBe('KeyW');
    // A fractional index is refused like one out of range (it used to return undefined).
    expect(() => queue.step.event(0.5)).toThrow(new RangeError('StepInput.event: index must be a whole number in [0, 1), got 0.5'));
  });
});

describe('createInputQueue: properties', () => {
  /**
   * A run: steps on a grid (ends strictly increasing), frames of 0–5 steps, and events pushed at
   * arbitrary points with timestamps anywhere (past, inside the current frame, future). The model:
   * an event goes to the first step taken after its push whose end is ≥ its timestamp.
   */
  const runArb = fc.record({
    frames: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 }),
    // each event: after which frame it is pushed, and its timestamp in steps (fractional)
    events: fc.array(fc.record({ afterFrame: fc.integer({ min: -1, max: 29 }), atSteps: fc.double({ min: -5, max: 100, noNaN: true }) }), { maxLength: 60 }),
  });

  it('every event is delivered exactly once, in timestamp order, to the first step after its push whose span end holds it', () => {
    fc.assert(
      fc.property(runArb, ({ frames, events }) => {
        const queue = createInputQueue({ capacity: 64 });
        const expected = new Map<string, number>(); // code → step index
        const delivered = new Map<string, number>();
        const pushedBy = (frame: number) => events.map((e, id) => ({ ...e, id })).filter((e) => e.afterFrame === frame);
        let stepIndex = 0;
        const waiting: { id: number; t: number }[] = [];
        const push = (frame: number) => {
          for (const e of pushedBy(frame)) {
            queue.push({ kind: 'custom', code: String(e.id), timestampMs: e.atSteps * STEP_MS });
            waiting.push({ id: e.id, t: e.atSteps * STEP_MS });
          }
        };
        push(-1);
        frames.forEach((steps, frame) => {
          for (let s = 0; s < steps; s++, stepIndex++) {
            const end = (stepIndex + 1) * STEP_MS;
            for (let i = waiting.length - 1; i >= 0; i--) {
              if (waiting[i]!.t <= end) {
                expected.set(String(waiting[i]!.id), stepIndex);
                waiting.splice(i, 1);
              }
            }
            const step = queue.takeStep(end);
            expect(step.stepIndex).toBe(stepIndex);
            let last = Number.NEGATIVE_INFINITY;
            for (let i = 0; i < step.count; i++) {
              const event = step.event(i);
              expect(delivered.has(event.code)).toBe(false); // once
              delivered.set(event.code, stepIndex);
              expect(event.timestampMs).toBeGreaterThanOrEqual(last); // in order
              last = event.timestampMs;
            }
          }
          push(frame);
        });
        expect(delivered).toEqual(expected);
        expect(queue.pending).toBe(waiting.length);
        expect(queue.dropped).toBe(0);
      }),
    );
  });

  it('held state after each step equals replaying every delivered event so far', () => {
    const keyEvent = fc.record({ down: fc.boolean(), key: fc.constantFrom('KeyA', 'KeyB', 'KeyC'), atSteps: fc.double({ min: 0, max: 40, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(keyEvent, { maxLength: 50 }), fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 20 }), (keys, frames) => {
        const queue = createInputQueue();
        for (const k of keys) queue.push({ kind: k.down ? 'keydown' : 'keyup', code: k.key, timestampMs: k.atSteps * STEP_MS });
        const sorted = keys.map((k, i) => ({ ...k, i })).sort((a, b) => a.atSteps - b.atSteps || a.i - b.i);
        let stepIndex = 0;
        for (const steps of frames) {
          for (let s = 0; s < steps; s++, stepIndex++) {
            const end = (stepIndex + 1) * STEP_MS;
            const step = queue.takeStep(end);
            for (const code of ['KeyA', 'KeyB', 'KeyC']) {
              const last = sorted.filter((k) => k.key === code && k.atSteps * STEP_MS <= end).pop();
              expect(step.isDown(code)).toBe(last?.down ?? false);
            }
          }
        }
      }),
    );
  });
});

describe('createInputQueue: overflow property', () => {
  it('whatever the capacity and the order of pushes and steps, the newest event always gets in and only the oldest waiting are dropped', () => {
    const op = fc.oneof(fc.record({ push: fc.double({ min: 0, max: 50, noNaN: true }) }), fc.record({ step: fc.double({ min: 0, max: 50, noNaN: true }) }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 60 }), (capacity, ops) => {
        const queue = createInputQueue({ capacity });
        // The model: waiting events sorted by time (ties by arrival); full → drop the first.
        let waiting: { code: string; t: number }[] = [];
        let dropped = 0;
        let latestEnd = -Infinity;
        ops.forEach((o, id) => {
          if ('push' in o) {
            const full = waiting.length === capacity;
            if (full) {
              waiting.shift();
              dropped++;
            }
            waiting.push({ code: String(id), t: o.push });
            waiting.sort((a, b) => a.t - b.t || Number(a.code) - Number(b.code));
            expect(queue.push({ kind: 'custom', code: String(id), timestampMs: o.push })).toBe(!full);
          } else {
            latestEnd = Math.max(latestEnd, o.step);
            const due = waiting.filter((e) => e.t <= latestEnd);
            waiting = waiting.filter((e) => e.t > latestEnd);
            expect(codes(queue.takeStep(latestEnd))).toEqual(due.map((e) => e.code));
          }
          expect([queue.pending, queue.dropped]).toEqual([waiting.length, dropped]);
        });
      }),
    );
  });
});

describe('createInputQueue options', () => {
  it('a misspelt option name is a RangeError naming createInputQueue and the option', () => {
    expect(() => createInputQueue({ capcity: 8 } as never)).toThrow(/^createInputQueue: unknown option `capcity`/);
    expect(() => createInputQueue({ capacity: 8, onOverflow: () => {} })).not.toThrow();
  });
});

describe('eventTimeMs: an event\'s time on the frame clock', () => {
  it('keeps event.timeStamp when it lies in the last second up to now, else takes now', () => {
    expect(eventTimeMs(99.5, 100)).toBe(99.5); // a real browser: received just before dispatch
    expect(eventTimeMs(100, 100)).toBe(100); // happy-dom under fake timers: stamped with the faked clock
    expect(eventTimeMs(1.79e12, 100)).toBe(100); // jsdom: epoch milliseconds
    expect(eventTimeMs(2500, 100)).toBe(100); // another clock ahead of the frames
    expect(eventTimeMs(2500, 100_000)).toBe(100_000); // another clock far behind
    expect(eventTimeMs(99_000, 100_000)).toBe(99_000); // exactly a second old: still its own time
    expect(eventTimeMs(Number.NaN, 100)).toBe(100);
  });
});
