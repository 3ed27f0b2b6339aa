// Provider changes keep every control state: a new `scheduler` prop does not freeze the game, a
// provider that stops being given a scheduler keeps its own `paused`, and two useAdaptiveFramerate
// hooks changing options keep the divisor reached.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { FrameProvider, useAdaptiveFramerate, useFixedTimestep, useFrame, useFrameScheduler } from '../../src/index.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import type { FrameScheduler } from '../../src/scheduler/types.js';
import type { ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { act, mount, strict, unmountAll } from '../helpers/react.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

function frames(source: ManualFrameSource, n: number): void {
  act(() => source.advanceFrames(n));
}

describe('<FrameProvider scheduler={a}> → scheduler={b}', () => {
  it('after 10 s on a, the game keeps stepping on b at once (no freeze until b’s clock passes a’s)', () => {
    const sourceA = createManualFrameSource();
    const sourceB = createManualFrameSource();
    const a = createFrameScheduler({ source: sourceA, refreshRate: 60 });
    const b = createFrameScheduler({ source: sourceB, refreshRate: 60 });
    const count = { updates: 0, frames: 0 };
    function Game() {
      useFixedTimestep({ step: 1 / 60, update: () => void count.updates++ });
      useFrame(() => void count.frames++);
      return null;
    }
    const view = mount(strict(<FrameProvider scheduler={a}><Game /></FrameProvider>));
    frames(sourceA, 601); // 10 s
    expect(count.updates).toBeGreaterThanOrEqual(599);
    view.rerender(strict(<FrameProvider scheduler={b}><Game /></FrameProvider>));
    expect(a.subscriberCount).toBe(0);
    count.updates = 0;
    count.frames = 0;
    frames(sourceB, 61); // 1 s on b
    expect(count.frames).toBe(61);
    // One step per 60 Hz frame, give or take the first frame on b (time zero of b's clock).
    expect(count.updates).toBeGreaterThanOrEqual(59);
    expect(count.updates).toBeLessThanOrEqual(61);
  });
});

describe('<FrameProvider scheduler={x} paused> → <FrameProvider paused>', () => {
  it('the subtree moves to the provider’s own scheduler, paused — not to the page-wide default, unpaused', () => {
    const sourceX = createManualFrameSource();
    const x = createFrameScheduler({ source: sourceX, refreshRate: 60 });
    const seen: { scheduler: FrameScheduler | null } = { scheduler: null };
    function Grab() {
      seen.scheduler = useFrameScheduler();
      return null;
    }
    const tree = (props: { scheduler?: FrameScheduler; paused: boolean }): ReactNode => strict(<FrameProvider {...props}><Grab /></FrameProvider>);
    const view = mount(tree({ scheduler: x, paused: true }));
    expect(seen.scheduler).toBe(x);
    view.rerender(tree({ paused: true }));
    expect(seen.scheduler).not.toBe(x);
    expect(seen.scheduler).not.toBe(getDefaultScheduler());
    expect(seen.scheduler!.paused).toBe(true);
    const own = seen.scheduler;
    view.rerender(tree({ paused: false }));
    expect(seen.scheduler).toBe(own);
    expect(own!.paused).toBe(false);
  });

  it('its own scheduler, created after mount, takes the current timeScale and frameloop too', () => {
    const x = createFrameScheduler({ source: createManualFrameSource() });
    const seen: { scheduler: FrameScheduler | null } = { scheduler: null };
    function Grab() {
      seen.scheduler = useFrameScheduler();
      return null;
    }
    const view = mount(strict(<FrameProvider scheduler={x} timeScale={0.5} frameloop="demand"><Grab /></FrameProvider>));
    view.rerender(strict(<FrameProvider timeScale={0.5} frameloop="demand" source={createManualFrameSource()}><Grab /></FrameProvider>));
    expect(seen.scheduler).not.toBe(x);
    expect(seen.scheduler!.timeScale).toBe(0.5);
    expect(seen.scheduler!.frameloop).toBe('demand');
  });
});

describe('two useAdaptiveFramerate at divisor 2, one changes maxDivisor', () => {
  it('the divisor stays 2 (it is not reset to 1)', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 60 });
    const shown: number[] = [];
    function Hud({ maxDivisor }: { maxDivisor: number }) {
      shown.push(useAdaptiveFramerate({ maxDivisor }).divisor);
      return null;
    }
    function Load() {
      // 25 ms of work a frame: misses every 16.7 ms vblank.
      useFrame(() => source.setNow(source.now() + 25));
      return null;
    }
    const tree = (max: number): ReactNode => strict(<FrameProvider scheduler={scheduler}><Hud maxDivisor={4} /><Hud maxDivisor={max} /><Load /></FrameProvider>);
    const view = mount(tree(4));
    for (let k = 0; k < 10; k++) act(() => source.tick((k * 1000) / 60));
    expect(scheduler.divisor).toBe(2);
    view.rerender(tree(3));
    expect(scheduler.divisor).toBe(2);
    expect(shown[shown.length - 1]).toBe(2);
  });

  it('one hook alone changing maxDivisor 4 → 3 keeps divisor 2 too; unmounting it turns the adaptive rate off', () => {
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 60 });
    function Hud({ maxDivisor }: { maxDivisor: number }) {
      useAdaptiveFramerate({ maxDivisor });
      useFrame(() => source.setNow(source.now() + 25));
      return null;
    }
    const view = mount(strict(<FrameProvider scheduler={scheduler}><Hud maxDivisor={4} /></FrameProvider>));
    for (let k = 0; k < 10; k++) act(() => source.tick((k * 1000) / 60));
    expect(scheduler.divisor).toBe(2);
    view.rerender(strict(<FrameProvider scheduler={scheduler}><Hud maxDivisor={3} /></FrameProvider>));
    expect(scheduler.divisor).toBe(2);
    view.rerender(strict(<FrameProvider scheduler={scheduler}>{null}</FrameProvider>));
    expect(scheduler.divisor).toBe(1);
  });
});
