// Controls that stay put: pause, time scale and game time survive a change of `step`; a pause()
// and resume() between frames cost nothing; pause() inside update stops the frame's stepping;
// stepOnce works under the scheduler's pause; bad options fail at mount in the hook's words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, forwardRef, useImperativeHandle } from 'react';
import { FrameProvider, useFixedTimestep } from '../../src/index.js';
import type { FixedClock } from '../../src/index.js';
import type { UseFixedTimestepOptions } from '../../src/react/useFixedTimestep.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import type { FrameScheduler } from '../../src/scheduler/types.js';
import { cleanupMounted, createDisplay, render, strict } from './helpers.js';

type LoopProps = Omit<UseFixedTimestepOptions, 'update'> & { update?: UseFixedTimestepOptions['update'] };
const Loop = forwardRef<FixedClock, LoopProps>(function Loop(props, ref) {
  const controls = useFixedTimestep({ ...props, update: props.update ?? (() => undefined) });
  useImperativeHandle(ref, () => controls, [controls]);
  return null;
});

afterEach(() => {
  cleanupMounted();
  vi.restoreAllMocks();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

function setup(initial: LoopProps, refreshRate = 60) {
  const ref: { current: FixedClock | null } = { current: null };
  let updates = 0;
  const update = () => void updates++;
  const view = renderWithFrames(<Loop ref={ref} update={update} {...initial} />, { strictMode: true, refreshRate });
  return {
    view,
    controls: () => ref.current!,
    updates: () => updates,
    rerender: (props: LoopProps) => view.rerender(<Loop ref={ref} update={update} {...props} />),
  };
}

describe('useFixedTimestep controls survive option changes', () => {
  it('pause() then a new step: stays paused (0 updates in 60 frames)', () => {
    const t = setup({ step: 1 / 60 });
    t.view.advanceFrames(11);
    expect(t.updates()).toBe(10);
    t.controls().pause();
    t.rerender({ step: 1 / 120 });
    t.view.advanceFrames(60);
    expect(t.updates()).toBe(10);
    expect(t.controls().stats.paused).toBe(true);
    t.view.unmount();
  });

  it('setTimeScale(0.25) then a new step: keeps 0.25', () => {
    const t = setup({ step: 1 / 60 });
    t.view.advanceFrames(1);
    t.controls().setTimeScale(0.25);
    t.rerender({ step: 1 / 30 });
    expect(t.controls().stats.timeScale).toBe(0.25);
    t.view.advanceFrames(120); // 2 s at a quarter speed = 0.5 s of game time = 15 steps of 1/30 s
    expect(t.updates()).toBe(15);
    t.view.unmount();
  });

  it('the timeScale option is applied when it changes; left out, a time scale set through the clock stays', () => {
    const t = setup({ step: 1 / 60, timeScale: 0.5 });
    t.view.advanceFrames(61); // time zero, then 1 s at half speed
    expect(t.updates()).toBe(30);
    t.rerender({ step: 1 / 60, timeScale: 1 });
    t.view.advanceFrames(60);
    expect(t.updates()).toBe(90);
    t.controls().setTimeScale(0.25);
    t.rerender({ step: 1 / 60 });
    t.view.advanceFrames(60);
    expect(t.updates()).toBe(105);
    t.view.unmount();
  });

  it('four changes of step in 5 s lose no game time: simulated + pending = elapsed, nothing dropped', () => {
    const dts: number[] = [];
    const t = setup({ step: 1 / 60, update: (dt) => void dts.push(dt) });
    t.view.advanceFrames(1); // time zero
    const steps = [1 / 50, 1 / 120, 1 / 30, 1 / 60];
    for (let i = 0; i < 4; i++) {
      t.view.advanceTime(1000 + 7);
      t.rerender({ step: steps[i]!, update: (dt) => void dts.push(dt) });
    }
    t.view.advanceTime(5000 - 4 * 1007 - 1000 / 60);
    const stats = t.controls().stats;
    const elapsed = t.view.source.timestampMs / 1000 - 1 / 60;
    expect(stats.elapsedGameSeconds).toBeCloseTo(elapsed, 9);
    expect(stats.totalDroppedSeconds).toBe(0);
    expect(dts.reduce((a, b) => a + b, 0) + stats.pendingSeconds).toBeCloseTo(elapsed, 9);
    t.view.unmount();
  });

  it('pause(); resume(); before every frame still runs an update every frame', () => {
    const t = setup({ step: 1 / 60 });
    t.view.advanceFrames(1);
    for (let i = 0; i < 60; i++) {
      t.controls().pause();
      t.controls().resume();
      t.view.advanceFrames(1);
    }
    expect(t.updates()).toBe(60);
    t.view.unmount();
  });

  it('paused prop toggled true → false between frames still runs every frame', () => {
    const t = setup({ step: 1 / 60 });
    t.view.advanceFrames(1);
    for (let i = 0; i < 30; i++) {
      t.rerender({ step: 1 / 60, paused: true });
      t.rerender({ step: 1 / 60, paused: false });
      t.view.advanceFrames(1);
    }
    expect(t.updates()).toBe(30);
    t.view.unmount();
  });

  it('the paused prop going false does not lift a pause() made through the controls', () => {
    const t = setup({ step: 1 / 60, paused: true });
    t.view.advanceFrames(5);
    t.controls().pause();
    t.rerender({ step: 1 / 60, paused: false });
    t.view.advanceFrames(30);
    expect(t.updates()).toBe(0);
    t.controls().resume();
    t.view.advanceFrames(3);
    expect(t.updates()).toBe(2);
    t.view.unmount();
  });

  it('pause() inside update: no further update in that frame (5 steps were due), none after', () => {
    let updates = 0;
    const ref: { current: FixedClock | null } = { current: null };
    const view = renderWithFrames(
      <Loop
        ref={ref}
        step={1 / 60}
        update={() => {
          updates++;
          if (updates === 7) ref.current!.pause();
        }}
      />,
      { strictMode: true, refreshRate: 12 }, // 83.3 ms frames: 5 steps each
    );
    view.advanceFrames(3); // time zero, 5 steps, then 2 of 5 (the second pauses)
    expect(updates).toBe(7);
    expect(ref.current!.stats.droppedSeconds).toBe(0); // the 3 steps not run stay due (they run after a resume)
    expect(ref.current!.stats.pendingSeconds).toBeCloseTo(3 / 60, 12);
    view.advanceFrames(10);
    expect(updates).toBe(7);
    view.unmount();
  });

  it('stepOnce under <FrameProvider paused> runs exactly one update; while running it does nothing and returns false', () => {
    const t = setup({ step: 1 / 60 });
    t.view.advanceFrames(3);
    expect(t.updates()).toBe(2);
    expect(t.controls().stepOnce()).toBe(false);
    t.view.advanceFrames(1);
    expect(t.updates()).toBe(3); // running: the frame's own step, no extra one
    t.view.scheduler.pause();
    t.view.advanceFrames(5);
    expect(t.updates()).toBe(3); // the scheduler is paused: no game time, no step
    expect(t.controls().stepOnce()).toBe(true);
    t.view.advanceFrames(5);
    expect(t.updates()).toBe(4);
    t.view.unmount();
  });
});

describe('useFixedTimestep across a change of scheduler', () => {
  it('<FrameProvider scheduler={a}> → scheduler={b} after 10 s: the loop goes on at once on b (no freeze until b’s clock passes a’s)', () => {
    const a = createDisplay(60, {}, act);
    const b = createDisplay(60, {}, act);
    let updates = 0;
    const tree = (scheduler: FrameScheduler) => strict(<FrameProvider scheduler={scheduler}><Loop step={1 / 60} update={() => void updates++} /></FrameProvider>);
    const view = render(tree(a.scheduler));
    a.run(601);
    expect(updates).toBe(600);
    view.rerender(tree(b.scheduler));
    expect(a.scheduler.subscriberCount).toBe(0);
    b.run(61); // the first frame on b joins its clock; 60 more are 60 steps
    expect(updates).toBe(660);
    view.unmount();
  });
});

describe('useFixedTimestep options checked at mount and on change, in the hook’s words', () => {
  function Bare(props: Record<string, unknown>) {
    useFixedTimestep(props as never);
    return null;
  }
  const noop = (): void => undefined;
  it.each<[Record<string, unknown>, RegExp]>([
    [{ step: 1 / 60 }, /useFixedTimestep: option `update` must be a function, got undefined/],
    [{ update: noop }, /useFixedTimestep: option `step` must be a finite number > 0, got undefined/],
    [{ step: 0, update: noop }, /useFixedTimestep: option `step` must be a finite number > 0, got 0/],
    [{ step: 1 / 60, update: noop, render: 5 }, /useFixedTimestep: option `render` must be a function, got 5/],
    [{ step: 1 / 60, update: noop, paused: 'yes' }, /useFixedTimestep: option `paused` must be a boolean, got "yes"/],
  ])('%j → %s', (props, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(strict(<FrameProvider><Bare {...props} /></FrameProvider>))).toThrow(message);
  });

  it('a misspelt option throws at mount, naming the hook, the option, its value and the likely name (it would be ignored silently otherwise)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(strict(<Bare step={1 / 60} update={() => undefined} timescale={2} />))).toThrow(
      /^useFixedTimestep: unknown option `timescale` \(got 2; did you mean `timeScale`\?\)$/,
    );
    expect(() => render(strict(<Bare step={1 / 60} update={() => undefined} maxStep={2} />))).toThrow(/useFixedTimestep: unknown option `maxStep` \(got 2; did you mean `maxSteps`\?\)/);
  });

  it('the clock options it shares with <FixedClockProvider>: timeScale, priority, snapToDisplay are checked too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(strict(<Bare step={1 / 60} update={() => undefined} timeScale={-1} />))).toThrow(/useFixedTimestep: option `timeScale` must be a finite number > 0/);
    expect(() => render(strict(<Bare step={1 / 60} update={() => undefined} priority="high" />))).toThrow(/useFixedTimestep: option `priority` must be a finite number, got "high"/);
    expect(() => render(strict(<Bare step={1 / 60} update={() => undefined} snapToDisplay={1} />))).toThrow(/useFixedTimestep: option `snapToDisplay` must be a boolean, got 1/);
  });

  it('checks each options object once per render: one read of each option', () => {
    const reads = new Map<string, number>();
    const options = { step: 1 / 60, update: () => undefined, maxSteps: 3 };
    const counted = new Proxy(options, {
      get(target, key, receiver) {
        if (typeof key === 'string') reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    function Once() {
      useFixedTimestep(counted);
      return null;
    }
    const view = render(<Once />);
    expect(reads.get('maxSteps')).toBe(1);
    expect(reads.get('step')).toBe(1);
    view.unmount();
  });

  it('a bad step given on a later render throws then, naming it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(strict(<Bare step={1 / 60} update={() => undefined} />));
    expect(() => view.rerender(strict(<Bare step={-1} update={() => undefined} />))).toThrow(/useFixedTimestep: option `step` must be a finite number > 0, got -1/);
  });
});
