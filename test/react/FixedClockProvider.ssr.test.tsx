// @vitest-environment node
// Server rendering of the shared clock: <FixedClockProvider> with useFixedUpdate, useFixedRender,
// useFixedClock, useFixedTimestep and <GameCanvas> under it renders to a string with no window,
// touches no frame API and subscribes nothing (the clock subscribes only from effects).
import { afterEach, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StrictMode } from 'react';
import { FixedClockProvider, GameCanvas, useFixedClock, useFixedRender, useFixedTimestep, useFixedUpdate } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Job() {
  useFixedUpdate(() => undefined);
  useFixedRender(() => undefined);
  const clock = useFixedClock();
  const loop = useFixedTimestep({ step: 0.05, update: () => undefined });
  return <p>{`step ${clock.step} · own ${loop.step} · ${loop.stats.totalSteps} steps · paused ${String(clock.paused)}`}</p>;
}

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
