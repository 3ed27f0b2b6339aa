// @vitest-environment node
// Server rendering: no window, no document, no requestAnimationFrame. Importing the package and
// rendering every hook and <GameCanvas> to a string must not throw, and must start no frame loop.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import {
  FrameProvider,
  GameCanvas,
  useAdaptiveFramerate,
  useFixedTimestep,
  useFrame,
  useFrameScheduler,
  useFrameStats,
  useRefreshRate,
  useSmoothedDelta,
  useSyncedUpdate,
} from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';

function AllHooks() {
  useFrameScheduler();
  useFrame(() => undefined);
  const loop = useFixedTimestep({ step: 1 / 60, update: () => undefined, render: () => undefined });
  useSmoothedDelta(() => undefined);
  useSyncedUpdate(() => undefined);
  const { divisor, frameRate } = useAdaptiveFramerate();
  const rate = useRefreshRate();
  const stats = useFrameStats();
  return <p>{`steps ${loop.stats.totalSteps} · ÷${divisor} ${frameRate} fps · ${rate.refreshRate} Hz ${rate.state} · ${stats.frames} frames`}</p>;
}

const serverRender = (node: ReactNode) => renderToString(<StrictMode>{node}</StrictMode>);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('server rendering', () => {
  it('runs where there is no window', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders every hook without a provider, starting no loop', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const html = serverRender(<AllHooks />);
    expect(html).toBe('<p>steps 0 · ÷1 60 fps · 60 Hz measuring · 0 frames</p>');
    expect(getDefaultScheduler().subscriberCount).toBe(0);
    expect(getDefaultScheduler().running).toBe(false);
  });

  it('renders every hook under a provider', () => {
    const html = serverRender(
      <FrameProvider paused timeScale={0.5} adaptive>
        <AllHooks />
      </FrameProvider>,
    );
    expect(html).toContain('60 Hz measuring');
  });

  it('renders <GameCanvas> as an accessible canvas with its size and fallback content', () => {
    const html = serverRender(
      <GameCanvas width={320} height={180} className="game" update={() => undefined} render={() => undefined}>
        A bouncing ball
      </GameCanvas>,
    );
    expect(html).toContain('<canvas role="img" aria-label="Game canvas"');
    expect(html).toContain('width:320px;height:180px');
    expect(html).toContain('class="game"');
    expect(html).toContain('A bouncing ball</canvas>');
    const filling = serverRender(<GameCanvas aria-label="Pong" update={() => undefined} render={() => undefined} />);
    expect(filling).toContain('aria-label="Pong"');
    expect(filling).toContain('width:100%;height:100%');
  });
});
