// <FixedClockProvider>, useFixedUpdate, useFixedRender and useFixedClock: a whole game on one
// fixed-step clock. Components mounted at different times step on one grid, interleaved, with one
// alpha; one scheduler subscription per phase for the whole clock, StrictMode or not; no React
// commit per frame.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, forwardRef, useImperativeHandle } from 'react';
import type { ReactNode } from 'react';
import { FixedClockProvider, FrameProvider, GameCanvas, useFixedClock, useFixedRender, useFixedTimestep, useFixedUpdate } from '../../src/index.js';
import type { FixedClock, FixedClockStep } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter, render, strict } from './helpers.js';

afterEach(() => {
  cleanupMounted();
  vi.restoreAllMocks();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

interface Log {
  steps: string[];
  indices: Record<string, number[]>;
  /** frame index → alphas the renders saw */
  alphas: Map<number, number[]>;
}

function Job({ name, priority, log }: { name: string; priority: number; log: Log }) {
  useFixedUpdate(
    (dt, step: Readonly<FixedClockStep>) => {
      expect(dt).toBe(1 / 60);
      log.steps.push(`${name}${step.index}`);
      (log.indices[name] ??= []).push(step.index);
    },
    { priority },
  );
  useFixedRender((alpha, frame) => {
    const list = log.alphas.get(frame.frameIndex) ?? [];
    list.push(alpha);
    log.alphas.set(frame.frameIndex, list);
  });
  return null;
}

const Grab = forwardRef<FixedClock>(function Grab(_props, ref) {
  const clock = useFixedClock();
  useImperativeHandle(ref, () => clock, [clock]);
  return null;
});

describe('<FixedClockProvider>', () => {
  it('three components mounted 0, 137 and 500 ms apart step on one grid, interleaved, with one alpha; 2 subscriptions; no commit per frame', () => {
    const log: Log = { steps: [], indices: {}, alphas: new Map() };
    const counter = createCommitCounter();
    const tree = (mounted: number) => (
      <counter.Counted>
        <FixedClockProvider step={1 / 60}>
          <Job name="player" priority={0} log={log} />
          {mounted >= 2 && <Job name="enemy" priority={1} log={log} />}
          {mounted >= 3 && <Job name="camera" priority={2} log={log} />}
        </FixedClockProvider>
      </counter.Counted>
    );
    const view = renderWithFrames(tree(1), { strictMode: true, refreshRate: 60, jitterMs: 1 });
    expect(view.scheduler.subscriberCount).toBe(2); // one update + one render subscription, StrictMode or not
    view.advanceFrames(1); // time zero
    view.advanceTime(137);
    view.rerender(tree(2));
    view.advanceTime(500 - 137);
    view.rerender(tree(3));
    expect(view.scheduler.subscriberCount).toBe(2);
    const commitsAfterMount = counter.count;
    view.advanceTime(1000);
    expect(counter.count).toBe(commitsAfterMount); // zero commits over a second of frames

    const { player, enemy, camera } = log.indices as Record<string, number[]>;
    // One grid from the player's time zero: indices 0, 1, 2 … with nothing missing or repeated.
    expect(player).toEqual(player!.map((_, i) => i));
    // The later components join it: their indices are a tail of the player's, not a new 0.
    expect(enemy![0]).toBeGreaterThan(5);
    expect(camera![0]).toBeGreaterThan(enemy![0]!);
    expect(enemy).toEqual(player!.slice(enemy![0]));
    expect(camera).toEqual(player!.slice(camera![0]));
    // Interleaved per step, in priority order: player n, enemy n, camera n, player n + 1 …
    const tail = log.steps.slice(-9);
    const last = player![player!.length - 1]!;
    expect(tail).toEqual([last - 2, last - 1, last].flatMap((n) => [`player${n}`, `enemy${n}`, `camera${n}`]));
    // Every render of a frame saw the same alpha.
    for (const alphas of log.alphas.values()) expect(new Set(alphas).size).toBe(1);
    view.unmount();
  });

  it('useFixedTimestep under the provider runs a clock of its own; <GameCanvas> under it provides its own clock to its children', () => {
    const steps: string[] = [];
    const dts: Record<string, number[]> = {};
    const record = (name: string) => (dt: number) => void (steps.push(name), (dts[name] ??= []).push(dt));
    let hookClock: FixedClock | null = null;
    const providerRef: { current: FixedClock | null } = { current: null };
    const canvasRef: { current: FixedClock | null } = { current: null };
    function Hooked() {
      hookClock = useFixedTimestep({ step: 1 / 30, update: record('hook') });
      return null;
    }
    const view = renderWithFrames(
      <FixedClockProvider step={1 / 60}>
        <Grab ref={providerRef} />
        <Hooked />
        <GameCanvas width={10} height={10} step={1 / 120} update={record('canvas')}>
          <Grab ref={canvasRef} />
          <Updates onUpdate={record('canvasChild')} />
        </GameCanvas>
        <Updates onUpdate={record('providerChild')} />
      </FixedClockProvider>,
      { strictMode: true, refreshRate: 30 },
    );
    expect(view.scheduler.subscriberCount).toBe(4); // three clocks' update subscriptions, and the canvas's render (it prepares the canvas)
    view.advanceFrames(3); // time zero, then two frames of 1/30 s
    expect(hookClock).not.toBe(providerRef.current);
    expect(canvasRef.current).not.toBe(providerRef.current);
    expect(canvasRef.current!.step).toBe(1 / 120);
    expect(dts.hook).toEqual([1 / 30, 1 / 30]);
    expect(dts.providerChild).toEqual([1 / 60, 1 / 60, 1 / 60, 1 / 60]);
    // The canvas's child joined the canvas's clock: its steps interleave with the canvas's own update.
    expect(dts.canvasChild).toEqual(Array(8).fill(1 / 120));
    expect(steps.filter((n) => n.startsWith('canvas')).slice(0, 4)).toEqual(['canvasChild', 'canvas', 'canvasChild', 'canvas']);
    view.unmount();
  });

  it('the same new step given to a provider and to a useFixedTimestep below it in one render: no error, both step at it (issue 24)', () => {
    const hookDts: number[] = [];
    const jobDts: number[] = [];
    function Hooked({ step }: { step: number }) {
      useFixedTimestep({ step, maxSteps: 10, update: (dt) => void hookDts.push(dt) });
      return null;
    }
    const tree = (step: number) => (
      <FixedClockProvider step={step} maxSteps={10}>
        <Hooked step={step} />
        <Updates onUpdate={(dt) => void jobDts.push(dt)} />
      </FixedClockProvider>
    );
    const view = renderWithFrames(tree(1 / 60), { strictMode: true, refreshRate: 60 });
    view.advanceFrames(3);
    expect(() => view.rerender(tree(1 / 120))).not.toThrow();
    hookDts.length = 0;
    jobDts.length = 0;
    view.advanceFrames(5);
    expect(hookDts).toEqual(Array(10).fill(1 / 120));
    expect(jobDts).toEqual(Array(10).fill(1 / 120));
    // Different values in the two places are no mistake either: each clock has its own.
    expect(() => view.rerender(<FixedClockProvider step={1 / 60}><Hooked step={1 / 30} /></FixedClockProvider>)).not.toThrow();
    view.unmount();
  });

  it('unknown and mistyped props and options throw at mount, naming the component or hook, the name and the value', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loose = { maxStep: 3, interpolate: true } as unknown as object;
    expect(() => render(strict(<FixedClockProvider step={1 / 60} {...loose}>x</FixedClockProvider>))).toThrow(
      /^<FixedClockProvider>: unknown prop `maxStep` \(got 3; did you mean `maxSteps`\?\)$/,
    );
    const typo = { interpolate: true } as unknown as object;
    expect(() => render(strict(<FixedClockProvider step={1 / 60} {...typo}>x</FixedClockProvider>))).toThrow(/<FixedClockProvider>: unknown prop `interpolate` \(got true; did you mean `interpolation`\?\)/);
    expect(() => render(strict(<FixedClockProvider step={1 / 60} paused={1 as never}>x</FixedClockProvider>))).toThrow(/<FixedClockProvider>: prop `paused` must be a boolean, got 1/);
    expect(() => render(strict(<FixedClockProvider step={1 / 60} timeScale={Infinity}>x</FixedClockProvider>))).toThrow(/<FixedClockProvider>: prop `timeScale` must be a finite number/);
    function U({ options }: { options: unknown }) {
      useFixedUpdate(() => undefined, options as never);
      return null;
    }
    function R({ options }: { options: unknown }) {
      useFixedRender(() => undefined, options as never);
      return null;
    }
    const under = (node: ReactNode) => strict(<FixedClockProvider step={1 / 60}>{node}</FixedClockProvider>);
    expect(() => render(under(<U options={{ prority: 1 }} />))).toThrow(/^useFixedUpdate: unknown option `prority` \(got 1; did you mean `priority`\?\)$/);
    expect(() => render(under(<R options={{ order: 1 }} />))).toThrow(/^useFixedRender: unknown option `order` \(got 1; known: priority\)$/);
    expect(() => render(under(<U options={{ priority: '1' }} />))).toThrow(/useFixedUpdate: option `priority` must be a finite number, got "1"/);
    expect(() => render(under(<R options={5} />))).toThrow(/useFixedRender: options must be an object, got 5/);
  });

  it('useFixedUpdate, useFixedRender and useFixedClock without a provider: a clear error at mount', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function U() {
      useFixedUpdate(() => undefined);
      return null;
    }
    function R() {
      useFixedRender(() => undefined);
      return null;
    }
    function C() {
      useFixedClock();
      return null;
    }
    expect(() => render(<U />)).toThrow(/useFixedUpdate: no <FixedClockProvider> or <GameCanvas> above this component/);
    expect(() => render(<R />)).toThrow(/useFixedRender: no <FixedClockProvider>/);
    expect(() => render(<C />)).toThrow(/useFixedClock: no <FixedClockProvider>/);
    function Bad() {
      useFixedUpdate(undefined as never);
      return null;
    }
    expect(() => render(<FixedClockProvider step={1 / 60}><Bad /></FixedClockProvider>)).toThrow(/useFixedUpdate: option `update` must be a function/);
    expect(() => render(<FixedClockProvider step={0}>x</FixedClockProvider>)).toThrow(/<FixedClockProvider>: prop `step` must be a finite number > 0, got 0/);
    const view = render(<FixedClockProvider step={1 / 60}>x</FixedClockProvider>);
    expect(() => view.rerender(<FixedClockProvider step={1 / 60} maxSteps={0}>x</FixedClockProvider>)).toThrow(/<FixedClockProvider>: prop `maxSteps` must be a whole number >= 1, got 0/);
  });

  it('the paused prop and the clock’s pause() are independent; a new step keeps both pause and time scale', () => {
    const clockRef: { current: FixedClock | null } = { current: null };
    let updates = 0;
    const tree = (props: { paused?: boolean; step?: number }) => (
      <FixedClockProvider step={props.step ?? 1 / 60} paused={props.paused}>
        <Grab ref={clockRef} />
        <Updates onUpdate={() => void updates++} />
      </FixedClockProvider>
    );
    const view = renderWithFrames(tree({}), { strictMode: true });
    view.advanceFrames(11);
    expect(updates).toBe(10);
    clockRef.current!.pause();
    view.rerender(tree({ paused: true }));
    view.rerender(tree({ paused: false })); // lifting the prop does not lift pause()
    view.rerender(tree({ paused: false, step: 1 / 30 })); // nor does a new step
    view.advanceFrames(60);
    expect(updates).toBe(10);
    clockRef.current!.setTimeScale(0.5);
    view.rerender(tree({ paused: false, step: 1 / 60 }));
    clockRef.current!.resume();
    view.advanceFrames(61); // resume point, then 60 frames at half speed: 30 steps
    expect(updates).toBe(40);
    expect(clockRef.current!.timeScale).toBe(0.5);
    view.unmount();
  });

  it('under the provider, <GameCanvas paused> pauses its own clock and its children, useFixedTimestep paused its own; the provider runs on', () => {
    let canvasUpdates = 0;
    let canvasChildUpdates = 0;
    let hookUpdates = 0;
    let others = 0;
    const hookAlphas: number[] = [];
    function Hooked({ paused }: { paused: boolean }) {
      useFixedTimestep({ step: 1 / 60, update: () => void hookUpdates++, render: (alpha) => void hookAlphas.push(alpha), paused });
      return null;
    }
    const tree = (paused: boolean) => (
      <FixedClockProvider step={1 / 60}>
        <Hooked paused={paused} />
        <GameCanvas width={10} height={10} paused={paused} update={() => void canvasUpdates++}>
          <Updates onUpdate={() => void canvasChildUpdates++} />
        </GameCanvas>
        <Updates onUpdate={() => void others++} />
      </FixedClockProvider>
    );
    const view = renderWithFrames(tree(false), { strictMode: true, refreshRate: 50 });
    view.advanceFrames(3);
    expect([hookUpdates, canvasUpdates, canvasChildUpdates, others]).toEqual([2, 2, 2, 2]);
    view.rerender(tree(true));
    hookAlphas.length = 0;
    view.advanceFrames(5);
    expect([hookUpdates, canvasUpdates, canvasChildUpdates]).toEqual([2, 2, 2]);
    expect(others).toBe(8); // 160 ms at 50 Hz: 8 steps of 1/60 s in all
    expect(new Set(hookAlphas).size).toBe(1); // the picture it had when paused
    view.rerender(tree(false));
    view.advanceFrames(3); // the paused time is skipped: resumes from the next frame on
    expect(hookUpdates).toBe(2 + 2);
    expect(canvasChildUpdates).toBe(canvasUpdates);
    view.unmount();
  });

  it('useFixedRender under a provider (not a canvas): (alpha, frame) draws; a render that takes the canvas throws at mount, naming the fix', () => {
    const seen: number[] = [];
    function Draw() {
      useFixedRender((alpha, frame) => void seen.push(alpha, frame.frameIndex));
      return null;
    }
    const view = renderWithFrames(<FixedClockProvider step={1 / 60}><Draw /></FixedClockProvider>, { strictMode: true });
    view.advanceFrames(2);
    expect(seen).toHaveLength(4);
    view.unmount();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function ReadsCanvas() {
      useFixedRender((_alpha, _frame, { ctx }) => void ctx.fillRect(0, 0, 1, 1));
      return null;
    }
    expect(() => render(<FixedClockProvider step={1 / 60}><ReadsCanvas /></FixedClockProvider>)).toThrow(
      /^useFixedRender: render takes a third argument \(\{ ctx, size \}\), which only a <GameCanvas> hands over; this one is under a <FixedClockProvider>\. Draw inside a <GameCanvas>/,
    );
    // Under a <GameCanvas> the same render mounts and draws.
    expect(() => render(<GameCanvas width={10} height={10}><ReadsCanvas /></GameCanvas>)).not.toThrow();
  });

  it('stepOnce works under <FrameProvider paused> (the scheduler’s pause), not only the clock’s', () => {
    const clockRef: { current: FixedClock | null } = { current: null };
    let updates = 0;
    const source = createManualFrameSource();
    const tree = (paused: boolean) =>
      strict(
        <FrameProvider source={source} paused={paused}>
          <FixedClockProvider step={1 / 60}>
            <Grab ref={clockRef} />
            <Updates onUpdate={() => void updates++} />
          </FixedClockProvider>
        </FrameProvider>,
      );
    const view = render(tree(false));
    const frames = (n: number) => act(() => source.advanceFrames(n));
    frames(3);
    expect(updates).toBe(2);
    view.rerender(tree(true));
    frames(5);
    expect(updates).toBe(2);
    expect(clockRef.current!.stepOnce()).toBe(true);
    frames(5);
    expect(updates).toBe(3);
    view.unmount();
  });
});

function Updates({ onUpdate }: { onUpdate: (dt: number) => void }): ReactNode {
  useFixedUpdate(onUpdate);
  return null;
}
