import { afterEach, describe, expect, it, vi } from 'vitest';
import * as fc from 'fast-check';
import { act, forwardRef, useImperativeHandle } from 'react';
import { FrameProvider, useFixedTimestep, useFrame, useInterpolated } from '../../src/index.js';
import type { FixedClock } from '../../src/index.js';
import type { UseFixedTimestepOptions } from '../../src/react/useFixedTimestep.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter, createDisplay, render, strict } from './helpers.js';

type LoopProps = Omit<UseFixedTimestepOptions, 'update'> & { update?: UseFixedTimestepOptions['update'] };
const Loop = forwardRef<FixedClock, LoopProps>(function Loop(props, ref) {
  const controls = useFixedTimestep({ ...props, update: props.update ?? (() => undefined) });
  useImperativeHandle(ref, () => controls, [controls]);
  return null;
});

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

function setup(props: LoopProps, options: Parameters<typeof renderWithFrames>[1] = {}) {
  const ref: { current: FixedClock | null } = { current: null };
  const view = renderWithFrames(<Loop ref={ref} {...props} />, { strictMode: true, ...options });
  return { view, controls: () => ref.current! };
}

describe('useFixedTimestep', () => {
  it('runs exactly 60 updates of 1/60 s in the 60 frames after time zero on a 60 Hz display', () => {
    const dts: number[] = [];
    const { view } = setup({ step: 1 / 60, update: (dt) => dts.push(dt) });
    expect(view.scheduler.subscriberCount).toBe(1); // no render callback: one subscription only
    view.advanceFrames(1); // time zero
    expect(dts).toHaveLength(0);
    view.advanceFrames(60); // one second later
    expect(dts).toHaveLength(60);
    expect(new Set(dts)).toEqual(new Set([1 / 60]));
    view.unmount();
  });

  it('runs floor(elapsed / step) updates for any display rate and step (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(30, 50, 60, 75, 120, 144), fc.constantFrom(1 / 30, 1 / 60, 1 / 100, 1 / 120), fc.integer({ min: 1, max: 120 }), (rate, step, frames) => {
        let updates = 0;
        const { view } = setup({ step, update: () => updates++, maxSteps: 1000 }, { refreshRate: rate });
        view.advanceFrames(frames + 1);
        const elapsedMs = frames * (1000 / rate);
        const expected = Math.floor(elapsedMs / (step * 1000) + 1e-7);
        view.unmount();
        expect(updates).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('hands render an alpha in [0, 1] once a frame, after the updates of every hook', () => {
    const log: string[] = [];
    const alphas: number[] = [];
    const view = renderWithFrames(
      <>
        <Loop step={1 / 60} update={() => log.push('A.update')} render={(alpha) => (alphas.push(alpha), log.push('A.render'))} />
        <Loop step={1 / 60} update={() => log.push('B.update')} render={() => log.push('B.render')} />
      </>,
      { strictMode: true, refreshRate: 60 },
    );
    expect(view.scheduler.subscriberCount).toBe(4); // update + render per hook, StrictMode or not
    view.advanceFrames(1);
    log.length = 0;
    view.advanceFrames(1);
    expect(log).toEqual(['A.update', 'B.update', 'A.render', 'B.render']);
    view.advanceFrames(50);
    expect(alphas).toHaveLength(52);
    for (const alpha of alphas) {
      expect(alpha).toBeGreaterThanOrEqual(0);
      expect(alpha).toBeLessThanOrEqual(1);
    }
    view.unmount();
  });

  it('gives alpha = leftover / step with "previous" interpolation (exact, 50 Hz display, 1/60 s step)', () => {
    const alphas: number[] = [];
    const { view } = setup({ step: 1 / 60, render: (alpha) => alphas.push(alpha) }, { refreshRate: 50 });
    view.advanceFrames(4); // game time 0, 20, 40, 60 ms
    // 20 ms = 1.2 steps → 1 step, alpha 0.2; 40 ms = 2.4 steps; 60 ms = 3.6 steps.
    expect(alphas.map((a) => Math.round(a * 1e9) / 1e9)).toEqual([0, 0.2, 0.4, 0.6]);
    view.unmount();
  });

  it('never re-renders: zero commits over 100 frames', () => {
    const counter = createCommitCounter();
    const view = renderWithFrames(
      <counter.Counted>
        <Loop step={1 / 60} render={() => undefined} />
      </counter.Counted>,
      { strictMode: true },
    );
    const afterMount = counter.count;
    for (let i = 0; i < 100; i++) view.advanceFrames(1);
    expect(counter.count).toBe(afterMount);
    view.unmount();
  });

  it('pause, stepOnce, resume and reset act on the loop with exact counts; controls are stable', () => {
    let updates = 0;
    const { view, controls } = setup({ step: 1 / 60, update: () => updates++ });
    const first = controls();
    view.advanceFrames(11); // time zero + 10 frames
    expect(updates).toBe(10);
    expect(first.stats.totalSteps).toBe(10);

    first.pause();
    view.advanceFrames(5);
    expect(updates).toBe(10);
    expect(first.stats.paused).toBe(true);

    first.stepOnce();
    view.advanceFrames(3);
    expect(updates).toBe(11); // exactly one step, then paused again

    first.resume();
    view.advanceFrames(6); // the paused time is skipped: resumes from the next frame on
    expect(updates).toBe(16);
    expect(first.stats.paused).toBe(false);

    first.reset();
    view.advanceFrames(1); // a new time zero
    const afterReset = updates;
    expect(first.stats.totalSteps).toBe(0);
    view.advanceFrames(4);
    expect(updates - afterReset).toBe(4);
    expect(first.stats.totalSteps).toBe(4);

    view.rerender(<Loop ref={{ current: null }} step={1 / 60} update={() => updates++} />);
    expect(view.scheduler.subscriberCount).toBe(1);
    view.unmount();
  });

  it('follows the paused option', () => {
    let updates = 0;
    const update = () => updates++;
    const { view } = setup({ step: 1 / 60, update });
    view.advanceFrames(3);
    expect(updates).toBe(2);
    view.rerender(<Loop step={1 / 60} update={update} paused />);
    view.advanceFrames(10);
    expect(updates).toBe(2);
    view.rerender(<Loop step={1 / 60} update={update} paused={false} />);
    view.advanceFrames(3);
    expect(updates).toBe(4); // the first frame after resume restarts the clock; two more steps
    view.unmount();
  });

  it('runs on the scheduler game clock: scheduler pause, time scale and maxDelta apply', () => {
    let updates = 0;
    const a = createDisplay(60, { maxDelta: 0.05 }, act);
    function Game() {
      useFixedTimestep({ step: 1 / 60, update: () => updates++, maxSteps: 100 });
      return null;
    }
    const { unmount } = render(strict(<FrameProvider scheduler={a.scheduler}><Game /></FrameProvider>));
    a.run(1);
    a.run(60);
    expect(updates).toBe(60);
    a.scheduler.setTimeScale(0.5);
    a.run(60); // half a second of game time
    expect(updates).toBe(90);
    a.scheduler.setTimeScale(1);
    a.scheduler.pause();
    a.run(30);
    expect(updates).toBe(90);
    a.scheduler.resume();
    // A 1 s hitch (the tab was hidden): the scheduler clamps it to maxDelta = 50 ms = 3 steps.
    a.source.setNow(a.source.now() + 1000);
    a.run(1);
    expect(updates).toBe(93);
    unmount();
  });

  it('a new step carries the game time into the new grid (nothing lost) and switches interpolation in place', () => {
    const dts: number[] = [];
    let alpha = -1;
    const update = (dt: number) => dts.push(dt);
    const render = (a: number) => {
      alpha = a;
    };
    const { view, controls } = setup({ step: 1 / 60, update, render, interpolation: 'previous' }, { refreshRate: 50 });
    const stable = controls();
    view.advanceFrames(2);
    expect(alpha).toBeCloseTo(0.2, 9);
    view.rerender(<Loop step={1 / 60} update={update} render={render} interpolation="none" />);
    view.advanceFrames(1);
    expect(alpha).toBe(1); // 'none' shows the latest state
    expect(stable.stats.totalSteps).toBe(2); // same accumulator: 40 ms = 2 whole steps
    view.rerender(<Loop ref={{ current: null }} step={1 / 100} update={update} render={render} interpolation="none" />);
    // 40 ms had run 2 steps of 1/60 s; the 6.67 ms left over is carried: 6.67 + 3 × 20 ms = 6 steps of 10 ms.
    view.advanceFrames(3);
    expect(dts).toHaveLength(8);
    expect(dts.slice(-6)).toEqual([0.01, 0.01, 0.01, 0.01, 0.01, 0.01]);
    expect(stable.stats.totalSteps).toBe(8); // the controls follow the clock; totals run across the change
    expect(stable.stats.elapsedGameSeconds).toBeCloseTo(0.1, 12);
    expect(stable.stats.pendingSeconds).toBeCloseTo(0.1 - 2 / 60 - 6 / 100, 12);
    expect(view.scheduler.subscriberCount).toBe(2);
    view.unmount();
  });

  it('returns its clock: useInterpolated given it as `clock` snapshots at the start of each of its steps', () => {
    const seen: Array<[number, number]> = [];
    function Game() {
      const loop = useFixedTimestep({ step: 1 / 60, update: () => void (x.current += 1), render: () => void seen.push([x.previous, x.current]) });
      const x = useInterpolated({ kind: 'number', clock: loop, initial: 0 });
      return null;
    }
    const view = renderWithFrames(<Game />, { strictMode: true, refreshRate: 60 });
    view.advanceFrames(4);
    expect(seen.slice(1)).toEqual([[0, 1], [1, 2], [2, 3]]); // previous = the state before each step
    view.unmount();
  });

  it('throws a RangeError naming the option for a bad step', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(strict(<Loop step={0} />))).toThrow(/step/);
    spy.mockRestore();
  });

  it('runs with useFrame subscribers in one order: fixed updates in the update phase', () => {
    const log: string[] = [];
    function Mixed() {
      useFrame(() => log.push('input'), { phase: 'input' });
      useFrame(() => log.push('after'), { phase: 'after' });
      useFixedTimestep({ step: 1 / 60, update: () => log.push('update'), render: () => log.push('render') });
      return null;
    }
    const view = renderWithFrames(<Mixed />, { strictMode: true });
    view.advanceFrames(2);
    expect(log).toEqual(['input', 'render', 'after', 'input', 'update', 'render', 'after']);
    view.unmount();
  });
});
