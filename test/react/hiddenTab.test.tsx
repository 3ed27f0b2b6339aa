// A hidden tab: the browser stops delivering requestAnimationFrame callbacks (here: the fake
// browser simply delivers none) and fires `visibilitychange`; when the tab comes back the next
// frame arrives after a long gap. The loop must resume with at most one clamped frame and no
// catch-up spiral: steps in that frame ≤ maxSteps, then back to one a frame.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FixedStepOverload } from '../../src/core/types.js';
import { FrameProvider, GameCanvas, useFixedTimestep, useFrame } from '../../src/index.js';
import type { FixedClock } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { installFakeBrowser } from './fakeBrowser.js';
import type { FakeBrowser } from './fakeBrowser.js';
import { act, mount, strict, unmountAll } from '../helpers/react.js';

const INTERVAL_MS = 1000 / 60;
const HIDDEN_MS = 30 * 60 * 1000; // half an hour in another tab

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** 60 Hz frames from the fake browser, each inside act. */
function run(browser: FakeBrowser, clock: { t: number }, n: number): void {
  for (let i = 0; i < n; i++) act(() => browser.frame((clock.t += INTERVAL_MS)));
}

describe.each<FixedStepOverload>(['slow-motion', 'catch-up'])("hidden tab, overload '%s'", (overload) => {
  it('resumes with one clamped frame reported to onGap, at most maxSteps in it, then one step a frame', () => {
    const browser = installFakeBrowser(1000);
    const steps: number[] = [];
    const controls: { loop: FixedClock | null } = { loop: null };
    let inFrame = 0;
    function Game() {
      controls.loop = useFixedTimestep({
        step: 1 / 60,
        overload,
        update: () => void inFrame++,
        render: () => {
          steps.push(inFrame);
          inFrame = 0;
        },
      });
      return null;
    }
    // Browser source (no `source` prop): requestAnimationFrame and performance.now from globalThis.
    mount(strict(<FrameProvider><Game /></FrameProvider>));
    const clock = { t: 1000 };
    run(browser, clock, 61);
    expect(steps.slice(1).every((s) => s === 1)).toBe(true);
    const before = controls.loop!.stats.totalSteps;

    setHidden(true);
    // No frames while hidden. The loop still has exactly one request outstanding: nothing piles up.
    browser.setNow(clock.t + HIDDEN_MS);
    expect(browser.pendingCount).toBe(1);
    clock.t += HIDDEN_MS;
    setHidden(false);

    steps.length = 0;
    run(browser, clock, 10);
    // maxDelta 0.25 s: 15 steps due in the first frame back.
    if (overload === 'slow-motion') {
      expect(steps).toEqual([5, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
      expect(controls.loop!.stats.totalDroppedSeconds).toBeCloseTo(10 / 60, 12);
    } else {
      // The 10 owed steps are run off at 5 a frame while one more falls due each frame.
      expect(steps).toEqual([5, 5, 5, 3, 1, 1, 1, 1, 1, 1]);
      expect(controls.loop!.stats.totalDroppedSeconds).toBe(0);
    }
    expect(Math.max(...steps)).toBeLessThanOrEqual(5);
    expect(controls.loop!.stats.totalSteps - before).toBe(steps.reduce((a, b) => a + b, 0));
  });
});

describe('hidden tab through the scheduler options', () => {
  it('one frame is clamped, with the real length and 0.25 s given; the frames around it are ordinary', () => {
    const browser = installFakeBrowser(0);
    const gaps: Array<{ raw: number; clamped: number }> = [];
    const deltas: number[] = [];
    function Game() {
      useFixedTimestep({ step: 1 / 60, update: () => undefined, render: (_a, frame) => void deltas.push(frame.deltaSeconds) });
      return null;
    }
    mount(
      strict(
        <FrameProvider maxDelta={0.25}>
          <GapProbe onGap={(g) => gaps.push(g)} />
          <Game />
        </FrameProvider>,
      ),
    );
    const clock = { t: 0 };
    run(browser, clock, 5);
    setHidden(true);
    clock.t += HIDDEN_MS;
    setHidden(false);
    run(browser, clock, 5);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.raw).toBeCloseTo((HIDDEN_MS + INTERVAL_MS) / 1000, 9);
    expect(gaps[0]!.clamped).toBe(0.25);
    expect(deltas[5]).toBe(0.25);
    for (const i of [1, 2, 3, 4, 6, 7, 8, 9]) expect(deltas[i]).toBeCloseTo(1 / 60, 9);
  });

  it('<GameCanvas> on the default scheduler: same resume, no spiral, and the loop stops with the last canvas', () => {
    const browser = installFakeBrowser(0);
    const steps: number[] = [];
    let inFrame = 0;
    mount(
      strict(
        <GameCanvas
          width={10}
          height={10}
          update={() => void inFrame++}
          render={() => undefined}
          controlsRef={{ current: null }}
        />,
      ),
    );
    // happy-dom has no 2d context, so GameCanvas skips drawing: count steps per frame here instead.
    const clock = { t: 0 };
    const frame = () => {
      act(() => browser.frame((clock.t += INTERVAL_MS)));
      steps.push(inFrame);
      inFrame = 0;
    };
    for (let i = 0; i < 10; i++) frame();
    setHidden(true);
    clock.t += HIDDEN_MS;
    setHidden(false);
    for (let i = 0; i < 5; i++) frame();
    expect(steps).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1]);
    unmountAll();
    expect(getDefaultScheduler().subscriberCount).toBe(0);
    expect(browser.pendingCount).toBe(0);
  });
});

/**
 * Reports clamped frames as onGap would: <FrameProvider> has no onGap prop, and a frame whose real
 * delta exceeds its game delta (time scale 1, not paused) is exactly a clamped one.
 */
function GapProbe({ onGap }: { onGap: (gap: { raw: number; clamped: number }) => void }) {
  useFrame(
    (frame) => {
      if (frame.rawDeltaSeconds > frame.deltaSeconds) onGap({ raw: frame.rawDeltaSeconds, clamped: frame.deltaSeconds });
    },
    { phase: 'input' },
  );
  return null;
}
