import { useEffect, useState } from 'react';
import { optionsArgument } from '../core/internal.js';
import { useFrameLoop, useLatest } from '../react/internal.js';
import { startWorker, WorkerSimulationHandle, type WorkerSimulationError, type WorkerSource } from './host.js';
import { checkSimulationOptions } from './options.js';
import type { WorkerSimulation, WorkerSimulationOptions } from './types.js';

const OWNER = 'useWorkerSimulation';
/** Before every other subscriber: renders and updates of this frame see this frame's states. */
const FIRST = -Number.MAX_VALUE;

/**
 * Run a simulation in a Web Worker on its own clock and read its states on the page each frame:
 * `sim.alpha`, `sim.previous` and `sim.current` in any render (`useFixedRender`, `<GameCanvas
 * render>`, `useFrame`). The worker starts after mount and is terminated on unmount; options that
 * change reach it. See docs/threads.md.
 *
 * @example
 * ```tsx
 * const sim = useWorkerSimulation(() => new Worker(new URL('./balls.worker.ts', import.meta.url), { type: 'module' }), { step: 1 / 120 });
 * useFrame(() => draw(sim.previous, sim.current, sim.alpha), { phase: 'render' });
 * ```
 */
export function useWorkerSimulation<Props = unknown>(worker: WorkerSource, options: WorkerSimulationOptions<Props>): WorkerSimulation {
  const o = optionsArgument(OWNER, options, true);
  const settings = checkSimulationOptions(OWNER, o);
  if (typeof worker !== 'function' && typeof worker !== 'string' && !(worker instanceof URL)) {
    throw new RangeError(`${OWNER}: \`worker\` must be a module URL (a URL or a string) or a function that returns a Worker, got ${worker === null ? 'null' : typeof worker}`);
  }
  const latest = useLatest({ worker, settings, onError: settings.onError, onMessage: settings.onMessage });
  const [thrown, setThrown] = useState<WorkerSimulationError | null>(null);
  // Made in the first render, touching no browser global (server rendering); the worker starts in an effect.
  const [handle] = useState(
    () =>
      new WorkerSimulationHandle(
        OWNER,
        {
          ...settings,
          onMessage: (data) => latest.current.onMessage?.(data),
          // An error with no onError goes to the nearest error boundary, through a render.
          onError: (error) => {
            const onError = latest.current.onError;
            if (onError) onError(error);
            else setThrown(error as WorkerSimulationError);
          },
        },
        o.props,
      ),
  );
  if (thrown) throw thrown;
  const scheduler = useFrameLoop();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the worker is read at mount
  useEffect(() => handle.connect(startWorker(OWNER, latest.current.worker)), [handle]);
  useEffect(() => scheduler.subscribe((frame) => handle.readAt(frame), { phase: 'input', priority: FIRST }), [scheduler, handle]);
  const { step, maxSteps, overload, timeScale, paused, read } = settings;
  useEffect(() => handle.setOptions({ step, maxSteps, overload, timeScale, paused, read }), [handle, step, maxSteps, overload, timeScale, paused, read]);
  const props = o.props;
  useEffect(() => handle.setProps(props), [handle, props]);
  return handle;
}
