// @vitest-environment node
// Server rendering, all of it in one file: no window, no document, no requestAnimationFrame.
// Importing the package and rendering every hook, <FrameProvider>, <FixedClockProvider> and
// <GameCanvas> to a string must not throw, must touch no timer API and must start no frame loop.
// The last block renders one tree per hook (so a failure names the hook) with
// requestAnimationFrame and cancelAnimationFrame as traps and performance.now counted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import {
  FixedClockProvider,
  FrameProvider,
  GameCanvas,
  useAdaptiveFramerate,
  useFixedClock,
  useFixedRender,
  useFixedTimestep,
  useFixedUpdate,
  useFrame,
  useFrameScheduler,
  useFrameStats,
  useInterpolated,
  useRefreshRate,
  useSmoothedDelta,
  useStepInput,
  useSyncedUpdate,
} from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

function Job() {
  useFixedUpdate(() => undefined);
  useFixedRender(() => undefined);
  const clock = useFixedClock();
  const loop = useFixedTimestep({ step: 0.05, update: () => undefined });
  return <p>{`step ${clock.step} · own ${loop.step} · ${loop.stats.totalSteps} steps · paused ${String(clock.paused)}`}</p>;
}

describe('<FixedClockProvider> on the server', () => {
  it('renders the provider and every fixed-clock user without a window, starting no loop', () => {
    expect(typeof window).toBe('undefined');
    const rAF = vi.fn();
    vi.stubGlobal('requestAnimationFrame', rAF);
    const html = renderToString(
      <StrictMode>
        <FixedClockProvider step={0.02} paused>
          <Job />
          <GameCanvas width={32} height={16} step={0.01} update={() => undefined} render={() => undefined}>
            <Job />
          </GameCanvas>
        </FixedClockProvider>
      </StrictMode>,
    );
    expect(html).toContain('<p>step 0.02 · own 0.05 · 0 steps · paused false</p>'); // `paused` is applied in an effect
    expect(html).toContain('<p>step 0.01 · own 0.05 · 0 steps · paused false</p>'); // under the canvas: its clock
    expect(html).toContain('<canvas');
    expect(rAF).not.toHaveBeenCalled();
    expect(getDefaultScheduler().subscriberCount).toBe(0);
    expect(getDefaultScheduler().running).toBe(false);
  });
});

function Game() {
  const position = useInterpolated({ kind: 'vector', size: 2, initial: [3, 4] });
  const input = useStepInput();
  return (
    <p>
      {position.blend(0.5)[0]} {input.pending} {String(input.state.isDown('Space'))}
    </p>
  );
}

describe('useInterpolated and useStepInput on the server', () => {
  it('render to a string without touching window', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const html = renderToString(
      <FixedClockProvider step={1 / 60}>
        <Game />
      </FixedClockProvider>,
    );
    expect(html).toBe('<p>3<!-- --> <!-- -->0<!-- --> <!-- -->false</p>');
  });
});

let timerCalls: string[] = [];

/** Where performance.now was called from, when the caller is this package's source (React 19's server renderer reads it itself). */
function callerInPackage(): string | null {
  const stack = new Error().stack ?? '';
  const line = stack.split('\n').find((l) => l.includes('/src/') && !l.includes('node_modules'));
  return line ?? null;
}

function trappedServerRender(node: ReactNode): string {
  const original = performance.now.bind(performance);
  const fromPackage: string[] = [];
  const now = vi.spyOn(performance, 'now').mockImplementation(() => {
    const caller = callerInPackage();
    if (caller) fromPackage.push(caller);
    return original();
  });
  const html = renderToString(<StrictMode>{node}</StrictMode>);
  now.mockRestore();
  expect(timerCalls).toEqual([]);
  expect(fromPackage).toEqual([]);
  return html;
}

function Show({ children }: { children: string }) {
  return <p>{children}</p>;
}

const HOOKS: Array<[name: string, Component: () => ReactNode, expected: string]> = [
  ['useFrameScheduler', () => <Show>{`${useFrameScheduler().subscriberCount} subscribers`}</Show>, '0 subscribers'],
  ['useFrame', () => (useFrame(() => undefined, { phase: 'render', priority: 2 }), <Show>frame</Show>), 'frame'],
  [
    'useFixedTimestep',
    () => <Show>{`${useFixedTimestep({ step: 1 / 60, interpolation: 'predicted', update: () => undefined, render: () => undefined }).stats.totalSteps} steps`}</Show>,
    '0 steps',
  ],
  ['useSmoothedDelta', () => (useSmoothedDelta(() => undefined), <Show>smoothed</Show>), 'smoothed'],
  ['useSyncedUpdate', () => (useSyncedUpdate(() => undefined, { overload: 'catch-up' }), <Show>synced</Show>), 'synced'],
  ['useAdaptiveFramerate', () => <Show>{`${useAdaptiveFramerate().frameRate} fps`}</Show>, '60 fps'],
  ['useRefreshRate', () => <Show>{`${useRefreshRate().refreshRate} Hz`}</Show>, '60 Hz'],
  ['useFrameStats', () => <Show>{`${useFrameStats().frames} frames`}</Show>, '0 frames'],
];

describe('renderToString (node, StrictMode): no timer API touched, no loop started', () => {
  beforeEach(() => {
    timerCalls = [];
    vi.stubGlobal('requestAnimationFrame', () => {
      timerCalls.push('requestAnimationFrame');
      throw new Error('requestAnimationFrame called during a server render');
    });
    vi.stubGlobal('cancelAnimationFrame', () => void timerCalls.push('cancelAnimationFrame'));
  });

  it.each(HOOKS)('%s without a provider', (_name, Component, expected) => {
    expect(trappedServerRender(<Component />)).toBe(`<p>${expected}</p>`);
    expect(getDefaultScheduler().subscriberCount).toBe(0);
    expect(getDefaultScheduler().running).toBe(false);
  });

  it.each(HOOKS)('%s under a <FrameProvider> with every prop', (_name, Component, expected) => {
    const source = createManualFrameSource();
    const html = trappedServerRender(
      <FrameProvider paused timeScale={0.5} frameloop="demand" maxDelta={0.1} refreshRate={120} adaptive={{ maxDivisor: 3 }} source={source} onError={() => undefined}>
        <Component />
      </FrameProvider>,
    );
    // With a fixed refreshRate the hooks that show a rate show it.
    expect(html).toBe(`<p>${expected.replace('60 fps', '120 fps').replace('60 Hz', '120 Hz')}</p>`);
    expect(source.pendingCount).toBe(0);
  });

  it('<GameCanvas> with every fixed-step prop renders the canvas and its fallback', () => {
    const html = trappedServerRender(
      <GameCanvas width={64} height={32} step={1 / 120} maxSteps={3} overload="catch-up" interpolation="ahead" maxPixelRatio={1} paused pauseWhenOffscreen aria-label="Level 1" update={() => undefined} render={() => undefined}>
        fallback
      </GameCanvas>,
    );
    expect(html).toContain('aria-label="Level 1"');
    expect(html).toContain('width:64px;height:32px');
    expect(html).toContain('fallback</canvas>');
    expect(getDefaultScheduler().subscriberCount).toBe(0);
  });
});
