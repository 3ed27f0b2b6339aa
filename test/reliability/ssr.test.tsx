// @vitest-environment node
// Server rendering with renderToString, in StrictMode, one tree per hook (so a failure names the
// hook), plus <FrameProvider> with every prop and <GameCanvas>. Any timer API touched during a
// server render is a bug: requestAnimationFrame and cancelAnimationFrame are traps here, and
// performance.now is counted. test/react/ssr.test.tsx renders all hooks in one tree.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

let timerCalls: string[] = [];

beforeEach(() => {
  timerCalls = [];
  vi.stubGlobal('requestAnimationFrame', () => {
    timerCalls.push('requestAnimationFrame');
    throw new Error('requestAnimationFrame called during a server render');
  });
  vi.stubGlobal('cancelAnimationFrame', () => void timerCalls.push('cancelAnimationFrame'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Where performance.now was called from, when the caller is this package's source (React 19's server renderer reads it itself). */
function callerInPackage(): string | null {
  const stack = new Error().stack ?? '';
  const line = stack.split('\n').find((l) => l.includes('/src/') && !l.includes('node_modules'));
  return line ?? null;
}

function serverRender(node: ReactNode): string {
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
  it.each(HOOKS)('%s without a provider', (_name, Component, expected) => {
    expect(serverRender(<Component />)).toBe(`<p>${expected}</p>`);
    expect(getDefaultScheduler().subscriberCount).toBe(0);
    expect(getDefaultScheduler().running).toBe(false);
  });

  it.each(HOOKS)('%s under a <FrameProvider> with every prop', (_name, Component, expected) => {
    const source = createManualFrameSource();
    const html = serverRender(
      <FrameProvider paused timeScale={0.5} frameloop="demand" maxDelta={0.1} refreshRate={120} adaptive={{ maxDivisor: 3 }} source={source} onError={() => undefined}>
        <Component />
      </FrameProvider>,
    );
    // With a fixed refreshRate the hooks that show a rate show it.
    expect(html).toBe(`<p>${expected.replace('60 fps', '120 fps').replace('60 Hz', '120 Hz')}</p>`);
    expect(source.pendingCount).toBe(0);
  });

  it('<GameCanvas> with every fixed-step prop renders the canvas and its fallback', () => {
    const html = serverRender(
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
