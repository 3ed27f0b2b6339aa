// The threads benchmark's page (bench/threads/run.mjs): the same 120 Hz fixed step in a worker and
// on the main thread (<FixedClockProvider>) while the main thread busy-waits STALL_MS once a second
// for RUN_S seconds; and each frame, the main-thread cost of reading the worker's states and
// blending OBJECTS objects (x, y, angle), timed over REPEATS repetitions. Results in window.__bench.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FixedClockProvider, useFixedUpdate, useFrame, useStepInput } from '../../src/index.js';
import { useWorkerSimulation } from '../../src/worker/index.js';
import { OBJECTS } from './simulation.js';

const params = new URLSearchParams(location.search);
const RUN_S = Number(params.get('seconds') ?? 30);
const STALL_MS = Number(params.get('stallMs') ?? 40);
const STEP = 1 / 120;
const REPEATS = 20;
const WARMUP_MS = 2000;

const out = { transport: null as string | null, worker: [] as number[][], mainLateMs: [] as number[], mainInputMs: [] as number[], blendMs: [] as number[], stalls: 0, done: false };
(window as unknown as { __bench: typeof out }).__bench = out;
const blended = new Float64Array(OBJECTS * 3);
let startMs = -1;
const recording = () => startMs >= 0 && performance.now() - startMs >= WARMUP_MS;

function MainSteps() {
  const input = useStepInput();
  useFixedUpdate((_dt, step) => {
    if (!recording()) return;
    const now = performance.now();
    out.mainLateMs.push(now - step.stepEndTimestampMs);
    // Input-to-step latency: from the event to the step that takes it running.
    for (let i = 0; i < input.step.count; i++) out.mainInputMs.push(now - input.step.event(i).timestampMs);
  });
  return null;
}

function Bench() {
  const sim = useWorkerSimulation('/threads-bench-worker.js', {
    step: STEP,
    overload: 'catch-up',
    maxSteps: 1000,
    input: true,
    onMessage: (m) => {
      if (recording()) out.worker.push(m as number[]);
    },
  });
  let lastStallMs = 0;
  useFrame(
    (frame) => {
      if (!sim.ready) return;
      if (startMs < 0) startMs = performance.now();
      out.transport = sim.transport;
      const elapsed = performance.now() - startMs;
      if (elapsed > WARMUP_MS + RUN_S * 1000) return void (out.done = true);
      if (!recording()) return;
      const t0 = performance.now();
      for (let r = 0; r < REPEATS; r++) {
        sim.readAt(frame);
        const { previous, current, alpha } = sim;
        for (let i = 0; i < OBJECTS * 3; i++) blended[i] = previous[i]! + (current[i]! - previous[i]!) * alpha;
      }
      out.blendMs.push((performance.now() - t0) / REPEATS);
      if (STALL_MS > 0 && frame.timestampMs - lastStallMs >= 1000) {
        lastStallMs = frame.timestampMs;
        const s = performance.now();
        while (performance.now() - s < STALL_MS) {
          // The main thread is stalled: no frame, no message, no step of the main-thread clock.
        }
        out.stalls++;
      }
    },
    { phase: 'render' },
  );
  return (
    <FixedClockProvider step={STEP} overload="catch-up" maxSteps={1000}>
      <MainSteps />
    </FixedClockProvider>
  );
}

// A key pressed or released every 97 ms (out of step with the 120 Hz grid and the frames).
let keyDown = false;
setInterval(() => {
  keyDown = !keyDown;
  window.dispatchEvent(new KeyboardEvent(keyDown ? 'keydown' : 'keyup', { code: 'KeyA' }));
}, 97);

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <StrictMode>
    <Bench />
  </StrictMode>,
);
