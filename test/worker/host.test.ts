// The page's side (createWorkerSimulation) over an in-process worker on fake timers: both transports,
// the three ways of reading, controls, props, messages, input, errors, the two clocks, teardown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessWorker, createWorkerSimulation, defineSimulation, type WorkerSimulation, type WorkerSimulationOptions } from '../../src/worker/index.js';
import { WorkerSimulationError } from '../../src/worker/index.js';
import { movers, presses, stamps } from './simulations.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => vi.useRealTimers());

const TRANSPORTS = ['shared', 'message'] as const;
const frameAt = (timestampMs: number) => ({ timestampMs });

function start(simulation: Parameters<typeof createInProcessWorker>[0], options: WorkerSimulationOptions, worker = {}): WorkerSimulation {
  return createWorkerSimulation(() => createInProcessWorker(simulation, worker), options);
}

/** Advance fake time to `ms` and read the states for a frame there. */
function readAt(sim: WorkerSimulation, ms: number): void {
  vi.advanceTimersByTime(ms - performance.now());
  sim.readAt(frameAt(ms));
}

/** Let the worker start (a few 0 ms hops) and give its time zero on the page's clock: the initial state's span. */
function timeZero(sim: WorkerSimulation): number {
  readAt(sim, performance.now() + 5);
  expect(sim.step.index).toBe(-1);
  return sim.step.startMs;
}

describe.each(TRANSPORTS)('over %s', (transport) => {
  it('steps on its own timer, says which transport runs, and reads the latest, the interpolated and the live state', () => {
    const sim = start(stamps(4), { step: 1 / 100, transport, read: 'latest' });
    expect(sim.transport).toBeNull();
    sim.readAt(frameAt(0));
    expect(sim.ready).toBe(false);
    expect(sim.current).toHaveLength(0);
    readAt(sim, 1000);
    expect(sim.transport).toBe(transport);
    expect(sim.ready).toBe(true);
    // Time zero at 1 ms (the start message's hop): steps 0 … 98 have ended by 1000 ms.
    expect(sim.step).toMatchObject({ index: 98, totalSteps: 99, paused: false, timeScale: 1 });
    expect(sim.step.endMs).toBeCloseTo(991, 6);
    expect(sim.alpha).toBe(1);
    expect(Array.from(sim.current)).toEqual([99, 99, 99, 99]);
    expect(Array.from(sim.previous)).toEqual([98, 98, 98, 98]);

    sim.setRead('interpolated');
    sim.readAt(frameAt(1000));
    expect(sim.read).toBe('interpolated');
    expect(sim.alpha).toBeCloseTo(0.9, 9);
    // Past the next step's end with no new state (the worker is late): held at 1, never beyond.
    sim.readAt(frameAt(1004));
    expect(sim.alpha).toBe(1);

    sim.setRead('live');
    sim.readAt(frameAt(1000));
    expect(sim.alpha).toBe(1);
    // Between steps the state being written is the latest one.
    expect(Array.from(sim.current)).toEqual([99, 99, 99, 99]);
    sim.terminate();
  });

  it('forwards pause, resume, single steps, time scale and a new step; the picture stands still while paused', () => {
    const sim = start(movers(1), { step: 1 / 100, transport });
    readAt(sim, 105);
    const at = sim.step.index;
    sim.pause();
    expect(sim.paused).toBe(true);
    readAt(sim, 300);
    expect(sim.step.index).toBe(at);
    expect(sim.step.paused).toBe(true);
    const frozen = sim.alpha;
    readAt(sim, 400);
    expect(sim.alpha).toBe(frozen);
    expect(sim.stepOnce()).toBe(true);
    readAt(sim, 401);
    expect(sim.step.index).toBe(at + 1);
    sim.resume();
    expect(sim.stepOnce()).toBe(false);
    readAt(sim, 500);
    // 99 ms after the resume: about ten more steps, not the 30 of the paused time.
    expect(sim.step.index - at).toBeGreaterThanOrEqual(10);
    expect(sim.step.index - at).toBeLessThanOrEqual(12);
    sim.setTimeScale(2);
    expect(sim.timeScale).toBe(2);
    const before = sim.step.index;
    readAt(sim, 600);
    expect(sim.step.index - before).toBeGreaterThanOrEqual(19);
    expect(sim.step.timeScale).toBe(2);
    sim.setOptions({ step: 1 / 50, timeScale: 1 });
    const gridAt = sim.step.index;
    readAt(sim, 800);
    expect(sim.step.index - gridAt).toBeGreaterThanOrEqual(9);
    expect(sim.step.index - gridAt).toBeLessThanOrEqual(11);
    expect(sim.step.endMs - sim.step.startMs).toBeCloseTo(20, 6);
    sim.terminate();
  });

  it('props reach the worker, messages go both ways, and input reaches the step whose span holds it', () => {
    const received: unknown[] = [];
    const echo = defineSimulation<{ speed: number }>({
      stateLength: 1,
      update(state, _step, _input, context) {
        state[0] = state[0]! + context.props.speed;
      },
      onMessage(data, state, context) {
        context.post({ echo: data, state: state[0] });
      },
    });
    const sim = start(echo, { step: 1 / 100, transport, props: { speed: 1 }, onMessage: (data) => void received.push(data) });
    const zero = timeZero(sim);
    readAt(sim, zero + 55); // steps 0 … 4
    expect(sim.current[0]).toBe(5);
    sim.setProps({ speed: 100 });
    readAt(sim, zero + 105); // steps 5 … 9
    expect(sim.current[0]).toBe(505);
    sim.post('hello');
    vi.advanceTimersByTime(2);
    expect(received).toEqual([{ echo: 'hello', state: 505 }]);
    sim.terminate();

    const log: Array<{ step: number; timestampMs: number }> = [];
    const keys = start(presses, { step: 1 / 100, transport, onMessage: (m) => void log.push(m as { step: number; timestampMs: number }) });
    const t0 = timeZero(keys);
    keys.input({ kind: 'keydown', code: 'Space', timestampMs: t0 + 25 }); // step 2: (20, 30]
    keys.input({ kind: 'keyup', code: 'Space', timestampMs: t0 + 30 }); // its span's end is in it
    keys.input({ kind: 'keydown', code: 'Space', timestampMs: t0 + 30.5 }); // step 3
    readAt(keys, t0 + 100);
    expect(log.map((m) => [m.step, m.timestampMs - t0])).toEqual([
      [2, 25],
      [2, 30],
      [3, 30.5],
    ]);
    expect(keys.current[1]).toBe(2);
    keys.terminate();
  });

  it('an error in the update reaches the page with its step index; the simulation pauses', () => {
    const errors: WorkerSimulationError[] = [];
    const failing = defineSimulation({
      stateLength: 1,
      update(_state, step) {
        if (step.index === 3) throw new TypeError('no such ball');
      },
    });
    const sim = start(failing, { step: 1 / 100, transport, onError: (e) => void errors.push(e) });
    readAt(sim, 200);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WorkerSimulationError);
    expect(errors[0]!.stepIndex).toBe(3);
    expect(errors[0]!.message).toBe('createWorkerSimulation: the simulation threw at step 3: TypeError: no such ball');
    expect(errors[0]!.workerStack).toContain('no such ball');
    expect(sim.error).toBe(errors[0]);
    expect(sim.step).toMatchObject({ index: 2, paused: true });
    sim.terminate();

    // With no onError the error is thrown on the page, where the worker's message is handled.
    const loud = start(failing, { step: 1 / 100, transport });
    expect(() => vi.advanceTimersByTime(200)).toThrow('createWorkerSimulation: the simulation threw at step 3: TypeError: no such ball');
    loud.terminate();
  });

  it('terminate stops the worker: no timer left, no state after', () => {
    const sim = start(movers(2), { step: 1 / 100, transport });
    readAt(sim, 100);
    const index = sim.step.index;
    sim.terminate();
    expect(vi.getTimerCount()).toBe(0);
    readAt(sim, 300);
    expect(sim.step.index).toBe(index);
    expect(sim.transport).toBeNull();
  });
});

it("maps the worker's clock onto the page's once, through the two time origins", () => {
  // A worker whose clock started 1,000 ms after the page's.
  const worker = { now: () => performance.now() - 1000, timeOrigin: () => performance.timeOrigin + 1000 };
  const log: Array<{ step: number; timestampMs: number }> = [];
  const sim = start(presses, { step: 1 / 100, onMessage: (m) => void log.push(m as { step: number; timestampMs: number }) }, worker);
  const zero = timeZero(sim); // on the page's clock
  sim.input({ kind: 'keydown', code: 'Space', timestampMs: zero + 25 }); // page ms: step 2 of the worker's grid
  readAt(sim, zero + 105);
  // The step's span, on the page's clock; the event's stamp, on the worker's (1,000 ms behind).
  expect(sim.step.index).toBe(9);
  expect(sim.step.endMs).toBeCloseTo(zero + 100, 6);
  expect(sim.step.ranAtMs).toBeCloseTo(zero + 100, 6);
  expect(log).toHaveLength(1);
  expect(log[0]).toMatchObject({ step: 2, kind: 'keydown', code: 'Space' });
  expect(log[0]!.timestampMs).toBeCloseTo(zero + 25 - 1000, 6);
  sim.terminate();
});

describe('bad options fail at once, naming the option and the value', () => {
  const sim = () => createInProcessWorker(movers(1));
  it.each([
    [{ step: 0 }, 'createWorkerSimulation: option `step` must be a finite number > 0, got 0'],
    [{ step: 1 / 60, read: 'newest' }, "createWorkerSimulation: option `read` must be one of 'latest', 'interpolated', 'live', got \"newest\""],
    [{ step: 1 / 60, maxStep: 3 }, 'createWorkerSimulation: unknown option `maxStep` (got 3; did you mean `maxSteps`?)'],
    [{ step: 1 / 60, transport: 'pigeon' }, "createWorkerSimulation: option `transport` must be one of 'auto', 'shared', 'message', got \"pigeon\""],
    [{ step: 1 / 60, timeScale: -1 }, 'createWorkerSimulation: option `timeScale` must be a finite number > 0 and <= 1000000, got -1'],
  ])('%o', (options, message) => {
    expect(() => createWorkerSimulation(sim, options as WorkerSimulationOptions)).toThrow(message);
  });

  it("'shared' on a page that is not cross-origin isolated", () => {
    vi.stubGlobal('crossOriginIsolated', false);
    try {
      expect(() => createWorkerSimulation(sim, { step: 1 / 60, transport: 'shared' })).toThrow(/createWorkerSimulation: option `transport` is 'shared', but this page is not cross-origin isolated/);
      // 'auto' falls back to messages.
      const auto = createWorkerSimulation(sim, { step: 1 / 60 });
      vi.advanceTimersByTime(10);
      expect(auto.transport).toBe('message');
      auto.terminate();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a simulation without update, or with a bad stateLength', () => {
    expect(() => defineSimulation({ stateLength: 2 } as never)).toThrow('defineSimulation: option `update` must be a function, got undefined');
    expect(() => defineSimulation({ stateLength: 1.5, update() {} })).toThrow('defineSimulation: option `stateLength` must be a whole number >= 0, got 1.5');
  });
});
