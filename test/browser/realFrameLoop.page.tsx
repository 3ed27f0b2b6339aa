// The real-frame-loop checks of realFrameLoop.test.tsx as a plain page, for browsers Vitest cannot
// drive here (Firefox: test/browser/realFrameLoop.firefox.mjs bundles and opens it). Results go to
// window.__results; only "frames advanced" is asserted about time, never durations.
import { createRoot } from 'react-dom/client';
import { FrameProvider, GameCanvas, useFixedTimestep, useRefreshRate } from '../../src/index.js';
import type { RefreshRateSnapshot } from '../../src/react/useRefreshRate.js';

interface Results {
  canvas?: { updates: number; renders: number; minAlpha: number; maxAlpha: number; green: number };
  rate?: { refreshRate: number; confidence: number; state: string; steps: number };
  errors: string[];
  done: boolean;
}
const results: Results = { errors: [], done: false };
(window as unknown as { __results: Results }).__results = results;
window.addEventListener('error', (event) => results.errors.push(String(event.message)));
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  results.errors.push(args.map(String).join(' '));
  consoleError(...args);
};

/** Resolve once `predicate` holds, checking on real animation frames; reject after `frames` frames. */
function untilFrames(predicate: () => boolean, frames = 600): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = frames;
    const tick = () => {
      if (predicate()) return resolve();
      if ((left -= 1) <= 0) return reject(new Error('condition not met on real frames'));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function mount(element: React.ReactElement): { host: HTMLElement; unmount: () => void } {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  root.render(element);
  return { host, unmount: () => root.unmount() };
}

async function canvasCheck(): Promise<void> {
  const seen = { updates: 0, renders: 0, minAlpha: Infinity, maxAlpha: -Infinity, x: 0 };
  const { host, unmount } = mount(
    <FrameProvider>
      <GameCanvas
        width={120}
        height={60}
        step={1 / 30}
        update={(dt) => {
          seen.updates += 1;
          seen.x = (seen.x + 100 * dt) % 100;
        }}
        render={(ctx, alpha) => {
          seen.renders += 1;
          seen.minAlpha = Math.min(seen.minAlpha, alpha);
          seen.maxAlpha = Math.max(seen.maxAlpha, alpha);
          ctx.fillStyle = '#000';
          ctx.fillRect(0, 0, 120, 60);
          ctx.fillStyle = '#0f0';
          ctx.fillRect(seen.x, 20, 20, 20);
        }}
      />
    </FrameProvider>,
  );
  await untilFrames(() => seen.renders >= 20 && seen.updates >= 5);
  const canvas = host.querySelector('canvas')!;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let green = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i + 1] ?? 0) > 200 && (data[i] ?? 0) < 50) green += 1;
  results.canvas = { updates: seen.updates, renders: seen.renders, minAlpha: seen.minAlpha, maxAlpha: seen.maxAlpha, green };
  unmount();
}

async function rateCheck(): Promise<void> {
  const latest: { rate: RefreshRateSnapshot | null; steps: number } = { rate: null, steps: 0 };
  function Probe() {
    latest.rate = useRefreshRate();
    useFixedTimestep({ step: 1 / 60, update: () => void (latest.steps += 1) });
    return null;
  }
  const { unmount } = mount(
    <FrameProvider>
      <Probe />
    </FrameProvider>,
  );
  await untilFrames(() => latest.steps >= 10 && latest.rate !== null && latest.rate.state !== 'measuring');
  const rate = latest.rate!;
  results.rate = { refreshRate: rate.refreshRate, confidence: rate.confidence, state: rate.state, steps: latest.steps };
  unmount();
}

canvasCheck()
  .then(rateCheck)
  .catch((error: unknown) => results.errors.push(String(error)))
  .finally(() => {
    results.done = true;
  });
