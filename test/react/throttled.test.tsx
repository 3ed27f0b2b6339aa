// Background throttling and hidden subtrees, with React and a fixed step in the loop: rAF at about
// 1 Hz while the page stays 'visible' (another tab in front), and React 19's <Activity
// mode="hidden">. Both are treated like a hidden tab: at most one clamped frame, no catch-up burst.
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import type { FixedStepOverload } from '../../src/core/types.js';
import { FrameProvider, useFixedTimestep, useFrame } from '../../src/index.js';
import type { FrameGap } from '../../src/scheduler/types.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { act, mount, strict, unmountAll } from '../helpers/react.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

const INTERVAL_MS = 1000 / 60;

describe.each<FixedStepOverload>(['slow-motion', 'catch-up'])("rAF throttled to 1 Hz while visible, overload '%s'", (overload) => {
  it('one frame with maxSteps (the first throttled one), then no steps while throttled, then one a frame: no burst', () => {
    const source = createManualFrameSource();
    const gaps: number[] = [];
    const perFrame: number[] = [];
    let steps = 0;
    function Game() {
      useFixedTimestep({
        step: 1 / 60,
        overload,
        update: () => void steps++,
        render: () => {
          perFrame.push(steps);
          steps = 0;
        },
      });
      return null;
    }
    mount(strict(<FrameProvider source={source} refreshRate={60} onGap={(g: FrameGap) => void gaps.push(g.clampedSeconds)}><Game /></FrameProvider>));
    let t = 0;
    for (let i = 0; i < 60; i++) act(() => source.tick((t += INTERVAL_MS)));
    perFrame.length = 0;
    for (let i = 0; i < 8; i++) act(() => source.tick((t += 1000)));
    for (let i = 0; i < 10; i++) act(() => source.tick((t += INTERVAL_MS)));
    expect(perFrame.slice(0, 8)).toEqual([5, 0, 0, 0, 0, 0, 0, 0]);
    // Back in front: one step a frame ('catch-up' owes the 10 steps the clamp left over from the
    // first frame, 0.25 s = 15 steps against maxSteps 5: paid off 5 a frame, never more).
    const after = perFrame.slice(8);
    expect(Math.max(...after)).toBeLessThanOrEqual(5);
    if (overload === 'slow-motion') expect(after).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(perFrame.filter((n) => n === 5).length).toBeLessThanOrEqual(overload === 'catch-up' ? 3 : 1);
    expect(gaps).toEqual([0.25, 0, 0, 0, 0, 0, 0, 0]);
  });
});

type ActivityType = (props: { mode: 'visible' | 'hidden'; children?: ReactNode }) => ReactNode;
const Activity = (React as unknown as { Activity?: ActivityType }).Activity;

describe("React 19 <Activity mode=\"hidden\"> for 10 s, 'catch-up'", () => {
  it('after it shows again: one step a frame, no fast-forward of the hidden time', () => {
    if (!Activity) {
      // React 18 has no <Activity>; the react18 project runs this file too.
      expect(React.version.startsWith('18.')).toBe(true);
      return;
    }
    const source = createManualFrameSource();
    const perFrame: number[] = [];
    let steps = 0;
    function Game() {
      useFixedTimestep({
        step: 1 / 60,
        overload: 'catch-up',
        update: () => void steps++,
        render: () => {
          perFrame.push(steps);
          steps = 0;
        },
      });
      return null;
    }
    function Other() {
      useFrame(() => undefined); // the rest of the page keeps the loop running
      return null;
    }
    const tree = (mode: 'visible' | 'hidden'): ReactNode =>
      strict(
        <FrameProvider source={source} refreshRate={60}>
          <Activity mode={mode}>
            <Game />
          </Activity>
          <Other />
        </FrameProvider>,
      );
    const view = mount(tree('visible'));
    let t = 0;
    for (let i = 0; i < 60; i++) act(() => source.tick((t += INTERVAL_MS)));
    view.rerender(tree('hidden'));
    perFrame.length = 0;
    for (let i = 0; i < 600; i++) act(() => source.tick((t += INTERVAL_MS)));
    expect(perFrame).toEqual([]); // hidden: its effects are gone, nothing runs
    view.rerender(tree('visible'));
    for (let i = 0; i < 120; i++) act(() => source.tick((t += INTERVAL_MS)));
    const total = perFrame.reduce((a, b) => a + b, 0);
    expect(Math.max(...perFrame)).toBeLessThanOrEqual(1);
    expect(total).toBeGreaterThanOrEqual(119);
    expect(total).toBeLessThanOrEqual(121);
  });
});
