// useWorkerSimulation over an in-process worker, on fake timers (the worker's setTimeout and the
// page's requestAnimationFrame on one fake clock): drawing from it in <GameCanvas> and useFrame,
// StrictMode, server rendering, errors into an error boundary, props and messages, teardown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, Component, StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { GameCanvas, useFrame } from '../../src/index.js';
import { createInProcessWorker, defineSimulation, useWorkerSimulation, WorkerSimulationError, type WorkerSimulation, type WorkerSimulationOptions } from '../../src/worker/index.js';
import { installCanvasStub, resetDefaultScheduler, type RecordingContext2D } from '../../src/testing/index.js';
import { cleanupMounted, render } from '../react/helpers.js';
import { movers } from './simulations.js';

const STEP_MS = 10;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterEach(() => {
  cleanupMounted();
  resetDefaultScheduler();
  vi.useRealTimers();
});

/** In-process workers made and terminated, to see that none is left running. */
function countingWorkers(simulation: Parameters<typeof createInProcessWorker>[0]) {
  const counts = { made: 0, alive: 0 };
  const make = () => {
    const worker = createInProcessWorker(simulation);
    counts.made++;
    counts.alive++;
    const terminate = worker.terminate;
    worker.terminate = () => {
      counts.alive--;
      terminate();
    };
    return worker;
  };
  return { counts, make };
}

/** The worker's time zero on the page's clock: step k's span begins k steps after it. */
const timeZeroMs = (sim: WorkerSimulation): number => sim.step.startMs - STEP_MS * Math.max(sim.step.index, 0);

function Probe({ make, options, onFrame }: { make: () => ReturnType<typeof createInProcessWorker>; options: WorkerSimulationOptions; onFrame?: (sim: WorkerSimulation) => void }) {
  const sim = useWorkerSimulation(make, options);
  useFrame(() => onFrame?.(sim), { phase: 'render' });
  return null;
}

describe('useWorkerSimulation', () => {
  it('<GameCanvas> draws the interpolated state: one step behind the frame, exactly, once the worker runs', () => {
    const restore = installCanvasStub();
    try {
      const { make } = countingWorkers(movers(1));
      let sim: WorkerSimulation | null = null;
      function Game() {
        sim = useWorkerSimulation(make, { step: STEP_MS / 1000 });
        return (
          <GameCanvas
            width={100}
            height={10}
            render={(_alpha, _frame, { ctx }) => {
              const s = sim!;
              if (s.ready) ctx.fillRect(s.previous[0]! + (s.current[0]! - s.previous[0]!) * s.alpha, 0, 1, 1);
            }}
          />
        );
      }
      const view = render(
        <StrictMode>
          <Game />
        </StrictMode>,
      );
      act(() => vi.advanceTimersByTime(50));
      const zeroMs = timeZeroMs(sim!);
      const ctx = view.container.querySelector('canvas')!.getContext('2d') as unknown as RecordingContext2D;
      ctx.calls.length = 0;
      const drawn: Array<[number, number]> = [];
      for (let i = 0; i < 30; i++) {
        act(() => vi.advanceTimersToNextFrame());
        const rect = ctx.calls.filter((c) => c.name === 'fillRect').at(-1);
        drawn.push([performance.now(), (rect!.args as number[])[0]!]);
      }
      // x = game seconds × 1 px/s; the picture shows the game time one step before the frame.
      for (const [frameMs, x] of drawn) expect(x).toBeCloseTo((frameMs - zeroMs - STEP_MS) / 1000, 9);
    } finally {
      restore();
    }
  });

  it('StrictMode starts a second worker and terminates the first; unmount terminates the last', () => {
    const { counts, make } = countingWorkers(movers(2));
    const reads: number[] = [];
    const view = render(
      <StrictMode>
        <Probe make={make} options={{ step: 0.01 }} onFrame={(sim) => reads.push(sim.step.totalSteps)} />
      </StrictMode>,
    );
    expect(counts).toEqual({ made: 2, alive: 1 });
    act(() => vi.advanceTimersByTime(200));
    expect(reads.at(-1)).toBeGreaterThan(15);
    view.unmount();
    expect(counts.alive).toBe(0);
    // Nothing keeps stepping: no timer left after the last frame.
    act(() => vi.advanceTimersByTime(100));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders on a server without starting a worker or touching a browser global', () => {
    vi.useRealTimers();
    const factory = vi.fn(() => createInProcessWorker(movers(1)));
    const html = renderToString(<Probe make={factory} options={{ step: 0.01 }} />);
    expect(html).toBe('');
    expect(factory).not.toHaveBeenCalled();
  });

  it('options reach the worker: paused, time scale, step, read; props go and messages come back', () => {
    const messages: unknown[] = [];
    const echo = defineSimulation<{ gain: number }>({
      stateLength: 1,
      update(state, _step, _input, context) {
        state[0] = state[0]! + context.props.gain;
      },
      onMessage(data, _state, context) {
        context.post(`${String(data)} back`);
      },
    });
    let sim: WorkerSimulation | null = null;
    const Echo = ({ options }: { options: WorkerSimulationOptions<{ gain: number }> }) => {
      sim = useWorkerSimulation(() => createInProcessWorker(echo), options);
      return null;
    };
    const base = { step: 0.01, onMessage: (m: unknown) => void messages.push(m) };
    const view = render(<Echo options={{ ...base, props: { gain: 1 } }} />);
    act(() => vi.advanceTimersByTime(105));
    sim!.readAt({ timestampMs: performance.now() });
    const steps = sim!.step.totalSteps;
    expect(sim!.current[0]).toBe(steps);
    view.rerender(<Echo options={{ ...base, props: { gain: 1000 }, paused: true, read: 'latest' }} />);
    act(() => vi.advanceTimersByTime(100));
    sim!.readAt({ timestampMs: performance.now() });
    expect(sim!.paused).toBe(true);
    expect(sim!.read).toBe('latest');
    expect(sim!.step.paused).toBe(true);
    expect(sim!.step.totalSteps).toBe(steps);
    view.rerender(<Echo options={{ ...base, props: { gain: 1000 }, timeScale: 2 }} />);
    act(() => vi.advanceTimersByTime(100));
    sim!.readAt({ timestampMs: performance.now() });
    expect(sim!.step.timeScale).toBe(2);
    // About 20 steps of gain 1000 in 100 ms at twice the speed.
    expect(sim!.current[0]! - steps).toBeGreaterThanOrEqual(19_000);
    expect(sim!.current[0]! - steps).toBeLessThanOrEqual(21_000);
    sim!.post('ping');
    act(() => vi.advanceTimersByTime(5));
    expect(messages).toEqual(['ping back']);
  });

  it('an error thrown in the worker reaches the nearest error boundary, with its step index', () => {
    const failing = defineSimulation({
      stateLength: 1,
      update(_state, step) {
        if (step.index === 4) throw new RangeError('bad wheel');
      },
    });
    const caught: unknown[] = [];
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        caught.push(error);
      }
      override render() {
        return this.state.failed ? 'failed' : this.props.children;
      }
    }
    const { counts, make } = countingWorkers(failing);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const view = render(
        <Boundary>
          <Probe make={make} options={{ step: 0.01 }} />
        </Boundary>,
      );
      act(() => vi.advanceTimersByTime(100));
      expect(view.container.textContent).toBe('failed');
      expect(caught).toHaveLength(1);
      expect(caught[0]).toBeInstanceOf(WorkerSimulationError);
      expect((caught[0] as WorkerSimulationError).stepIndex).toBe(4);
      expect((caught[0] as Error).message).toBe('useWorkerSimulation: the simulation threw at step 4: RangeError: bad wheel');
      // The boundary unmounted the component: its worker is gone.
      expect(counts.alive).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('starts a module worker from a URL, and fails at mount naming the hook, the option and the value', () => {
    const made: Array<[unknown, unknown]> = [];
    class FakeWorker {
      constructor(url: unknown, options: unknown) {
        made.push([url, options]);
      }
      postMessage() {}
      addEventListener() {}
      removeEventListener() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    try {
      const view = render(<Probe make={'/sim.worker.js' as never} options={{ step: 0.01 }} />);
      expect(made).toEqual([['/sim.worker.js', { type: 'module' }]]);
      view.unmount();
    } finally {
      vi.unstubAllGlobals();
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<Probe make={() => createInProcessWorker(movers(1))} options={{ step: 0.01, read: 'newest' } as never} />)).toThrow(
        "useWorkerSimulation: option `read` must be one of 'latest', 'interpolated', 'live', got \"newest\"",
      );
      expect(() => render(<Probe make={() => createInProcessWorker(movers(1))} options={{ step: 0.01, intput: true } as never} />)).toThrow(
        'useWorkerSimulation: unknown option `intput` (got true; did you mean `input`?)',
      );
      expect(() => render(<Probe make={42 as never} options={{ step: 0.01 }} />)).toThrow('useWorkerSimulation: `worker` must be a module URL (a URL or a string) or a function that returns a Worker, got number');
    } finally {
      spy.mockRestore();
    }
  });

  it('forwards keyboard input from the page to the step whose span holds it', () => {
    const seen: Array<{ step: number; code: string }> = [];
    const keys = defineSimulation({
      stateLength: 1,
      update(_state, step, input, context) {
        for (let i = 0; i < input.count; i++) context.post({ step: step.index, code: input.event(i).code });
      },
    });
    let sim: WorkerSimulation | null = null;
    const Keys = () => {
      sim = useWorkerSimulation(() => createInProcessWorker(keys), { step: 0.01, input: true, onMessage: (m) => void seen.push(m as { step: number; code: string }) });
      return null;
    };
    render(<Keys />);
    act(() => vi.advanceTimersByTime(20));
    sim!.readAt({ timestampMs: performance.now() });
    const zeroMs = timeZeroMs(sim!);
    act(() => vi.advanceTimersByTime(zeroMs + 34.5 - performance.now())); // in step 3: (30, 40]
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyA' })));
    act(() => vi.advanceTimersByTime(30));
    expect(seen).toEqual([{ step: 3, code: 'KeyA' }]);
  });
});
