import { useRef } from 'react';
import { GameCanvas, useFrame } from 'react-timestep';
import { useWorkerSimulation } from 'react-timestep/worker';
import { BALLS } from './balls.simulation.js';

const startWorker = () => new Worker(new URL('./balls.worker.js', import.meta.url), { type: 'module' });

export function App() {
  const sim = useWorkerSimulation(startWorker, { step: 1 / 60 });
  const shown = useRef({ transport: null, step: null });

  const render = (_alpha, _frame, { ctx }) => {
    ctx.clearRect(0, 0, 320, 200);
    if (!sim.ready) return;
    ctx.fillStyle = '#e8553a';
    for (let i = 0; i < BALLS; i++) {
      const from = sim.previous.length > 0 ? sim.previous[i * 2] : sim.current[i * 2];
      const y = from + (sim.current[i * 2] - from) * sim.alpha;
      ctx.beginPath();
      ctx.arc(20 + i * 38, y, 10, 0, Math.PI * 2);
      ctx.fill();
    }
  };

  // Plain DOM text, not React state: no render per frame.
  useFrame(() => {
    if (shown.current.transport) shown.current.transport.textContent = String(sim.transport);
    if (shown.current.step) shown.current.step.textContent = String(sim.step.index);
  });

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>
      <h1 style={{ fontSize: 18 }}>react-timestep/worker</h1>
      <GameCanvas width={320} height={200} render={render} aria-label="Balls stepped in a worker" style={{ background: '#f4f4f4' }} />
      <p>
        transport: <span data-testid="transport" ref={(el) => void (shown.current.transport = el)}>null</span> · cross-origin isolated:{' '}
        <span data-testid="isolated">{String(globalThis.crossOriginIsolated === true)}</span> · worker step: <span data-testid="step" ref={(el) => void (shown.current.step = el)}>-1</span>
      </p>
    </main>
  );
}
