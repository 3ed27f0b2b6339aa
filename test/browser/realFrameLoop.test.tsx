// The hooks and <GameCanvas> on the REAL requestAnimationFrame in headless Chromium: no fake
// timers, no manual source. Only "frames advanced" is asserted about time, never durations.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { FrameProvider, GameCanvas, useFixedTimestep, useRefreshRate } from '../../src/index.js';
import type { RefreshRateSnapshot } from '../../src/react/useRefreshRate.js';
import { resizeBetweenFrames } from './canvasResize.js';

// No act(): this is the browser as users get it. React renders on its own schedule and the
// hooks re-render from real frames; the tests wait on real frames for what they expect.
const roots: Root[] = [];
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

function mount(element: React.ReactElement): HTMLElement {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  roots.push(root);
  root.render(element);
  return host;
}

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

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  // A React warning or a thrown frame callback reported to the console fails the test.
  expect(consoleErrors).toEqual([]);
});

describe('on the real requestAnimationFrame', () => {
  it('<GameCanvas> runs updates, hands alpha in [0, 1] to render and draws pixels', async () => {
    const seen = { updates: 0, renders: 0, minAlpha: Infinity, maxAlpha: -Infinity, x: 0 };
    const host = mount(
      <FrameProvider>
        <GameCanvas
          width={120}
          height={60}
          step={1 / 30}
          update={(dt) => {
            seen.updates += 1;
            seen.x = (seen.x + 100 * dt) % 100;
          }}
          render={(alpha, _frame, { ctx }) => {
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
    expect(seen.minAlpha).toBeGreaterThanOrEqual(0);
    expect(seen.maxAlpha).toBeLessThanOrEqual(1);
    const canvas = host.querySelector('canvas');
    expect(canvas).not.toBeNull();
    const data = (canvas as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, (canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height).data;
    let green = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i + 1] ?? 0) > 200 && (data[i] ?? 0) < 50) green += 1;
    expect(green).toBeGreaterThan(0);
  });

  it('<GameCanvas> resized between frames is drawn again before the paint, never blank (checked from a later ResizeObserver in the same update)', async () => {
    const seen = await resizeBetweenFrames(mount, (predicate) => untilFrames(predicate));
    expect(seen.width).toBe(seen.expectedWidth);
    expect(seen.green).toBe(true);
    expect(seen.rendersSince).toBeGreaterThan(0);
  });

  it('useRefreshRate measures the display as a positive rate and useFixedTimestep counts steps', async () => {
    const latest: { rate: RefreshRateSnapshot | null; steps: number } = { rate: null, steps: 0 };
    function Probe() {
      latest.rate = useRefreshRate();
      const stats = useRef(0);
      useFixedTimestep({
        step: 1 / 60,
        update: () => {
          stats.current += 1;
          latest.steps = stats.current;
        },
      });
      return null;
    }
    mount(
      <FrameProvider>
        <Probe />
      </FrameProvider>,
    );
    await untilFrames(() => latest.steps >= 10 && latest.rate !== null && latest.rate.state !== 'measuring');
    const rate = latest.rate as RefreshRateSnapshot;
    expect(rate.refreshRate).toBeGreaterThan(0);
    expect(Number.isFinite(rate.refreshRate)).toBe(true);
    expect(rate.confidence).toBeGreaterThanOrEqual(0);
    expect(rate.confidence).toBeLessThanOrEqual(1);
    expect(['synced', 'unsynced', 'throttled']).toContain(rate.state);
  });
});
