import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../../src/core/index.js';
import type { FixedStep } from '../../src/core/index.js';
import { useFrame } from '../../src/index.js';
import { LivePlot } from '../components/LivePlot.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import type { ReadoutField } from '../components/Readout.js';
import { RingBuffer } from '../components/ringBuffer.js';
import { readValue, waitForValue } from '../components/playHelpers.js';
import { TrailCanvas } from './components/TrailCanvas.js';
import type { TrailCanvasHandle } from './components/TrailCanvas.js';
import { updateArgs } from './components/transportPlay.js';

/** Controls of the well-of-despair demo. */
interface WellProps {
  /** Simulated cost of one update step, ms. Above the step (16.7 ms) an update costs more than it simulates. */
  stepCostMs: number;
  /** Simulated cost of drawing one picture, ms. */
  renderCostMs: number;
  /** `maxSteps` of the two bounded lanes. */
  maxSteps: number;
  /** Game seconds a dot takes to cross the track, s. */
  lapSeconds: number;
}

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const STEP_SECONDS = 1 / REFRESH_RATE;
const SAMPLES = 600;
/** As good as no bound: every step that is due runs. */
const UNBOUNDED = 1_000_000_000;
const LANES = [
  { label: "'catch-up', no bound", color: '#f06a6a' },
  { label: "'slow-motion', maxSteps", color: '#58d68d' },
  { label: "'catch-up', maxSteps", color: '#5dade2' },
] as const;
/** Readout keys per lane (constants: nothing is built per frame). */
const KEYS = [
  { frameMs: 'unboundedFrameMs', steps: 'unboundedSteps', growing: 'unboundedGrowing', dropped: 'unboundedDroppedS', pending: 'unboundedPendingS', speed: 'unboundedSpeed', fps: 'unboundedFps' },
  { frameMs: 'slowFrameMs', steps: 'slowSteps', growing: 'slowGrowing', dropped: 'slowDroppedS', pending: 'slowPendingS', speed: 'slowSpeed', fps: 'slowFps' },
  { frameMs: 'catchFrameMs', steps: 'catchSteps', growing: 'catchGrowing', dropped: 'catchDroppedS', pending: 'catchPendingS', speed: 'catchSpeed', fps: 'catchFps' },
] as const;

/** One simulated game loop on the 60 Hz display: its frame starts on a vblank and takes as many as its work needs. */
interface Lane {
  fixed: FixedStep;
  /** The vblank on which this lane's current frame ends and the next begins. */
  nextVblank: number;
  /** Display time of the lane's game time zero, ms. */
  startMs: number;
}

function WellDemo({ stepCostMs, renderCostMs, maxSteps, lapSeconds }: WellProps) {
  const trail = useRef<TrailCanvasHandle>(null);
  const settings = useRef({ stepCostMs, renderCostMs, lapSeconds });
  settings.current = { stepCostMs, renderCostMs, lapSeconds };
  const live = useMemo(
    () => ({
      vblank: 0,
      lanes: [
        { fixed: createFixedStep({ step: STEP_SECONDS, maxSteps: UNBOUNDED, overload: 'catch-up' }), nextVblank: 0, startMs: 0 },
        { fixed: createFixedStep({ step: STEP_SECONDS, maxSteps, overload: 'slow-motion' }), nextVblank: 0, startMs: 0 },
        { fixed: createFixedStep({ step: STEP_SECONDS, maxSteps, overload: 'catch-up' }), nextVblank: 0, startMs: 0 },
      ] as Lane[],
      seconds: new RingBuffer(SAMPLES),
      frameMs: [new RingBuffer(SAMPLES), new RingBuffer(SAMPLES), new RingBuffer(SAMPLES)],
      values: {
        frames: 0,
        unboundedFrameMs: Number.NaN,
        unboundedSteps: Number.NaN,
        unboundedGrowing: 0,
        unboundedDroppedS: 0,
        unboundedPendingS: 0,
        unboundedSpeed: Number.NaN,
        unboundedFps: Number.NaN,
        slowFrameMs: Number.NaN,
        slowSteps: Number.NaN,
        slowGrowing: 0,
        slowDroppedS: 0,
        slowPendingS: 0,
        slowSpeed: Number.NaN,
        slowFps: Number.NaN,
        catchFrameMs: Number.NaN,
        catchSteps: Number.NaN,
        catchGrowing: 0,
        catchDroppedS: 0,
        catchPendingS: 0,
        catchSpeed: Number.NaN,
        catchFps: Number.NaN,
      } as Record<string, number>,
    }),
    // Made once with the first maxSteps (a change replaces the bounded lanes below); the costs are read live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // A new maxSteps restarts the two bounded lanes from this vblank (the core step has no setter
  // for it); the unbounded lane and the plot run on.
  const madeWith = useRef(maxSteps);
  useEffect(() => {
    if (madeWith.current === maxSteps) return;
    madeWith.current = maxSteps;
    live.lanes[1] = { fixed: createFixedStep({ step: STEP_SECONDS, maxSteps, overload: 'slow-motion' }), nextVblank: live.vblank, startMs: live.vblank * INTERVAL_MS };
    live.lanes[2] = { fixed: createFixedStep({ step: STEP_SECONDS, maxSteps, overload: 'catch-up' }), nextVblank: live.vblank, startMs: live.vblank * INTERVAL_MS };
  }, [live, maxSteps]);

  // One simulated vblank per real frame, on the story's loop (the transport bar pauses and steps it).
  useFrame((frame) => {
    if (frame.paused) {
      trail.current?.draw();
      return;
    }
    const s = settings.current;
    const v = live.values;
    const vblank = live.vblank;
    const nowMs = vblank * INTERVAL_MS;
    for (let i = 0; i < 3; i += 1) {
      const lane = live.lanes[i]!;
      if (vblank < lane.nextVblank) continue;
      // This lane's frame begins now: run the steps that are due, at their simulated cost.
      const f = lane.fixed.advance(nowMs);
      const workMs = f.steps * s.stepCostMs + s.renderCostMs;
      const held = Math.max(1, Math.ceil(workMs / INTERVAL_MS - 1e-9));
      lane.nextVblank = vblank + held;
      const k = KEYS[i]!;
      const frameMs = held * INTERVAL_MS;
      v[k.growing] = frameMs > v[k.frameMs]! ? v[k.growing]! + 1 : 0;
      v[k.frameMs] = frameMs;
      v[k.fps] = 1000 / frameMs;
      v[k.steps] = f.steps;
      v[k.dropped] = f.totalDroppedSeconds;
      v[k.pending] = f.pendingSeconds;
      v[k.speed] = nowMs > lane.startMs ? (f.totalSteps * STEP_SECONDS * 1000) / (nowMs - lane.startMs) : Number.NaN;
      trail.current?.picture(i, f.pictureTime / s.lapSeconds, f.steps);
    }
    live.seconds.push(nowMs / 1000);
    for (let i = 0; i < 3; i += 1) live.frameMs[i]!.push(v[KEYS[i]!.frameMs]!);
    v.frames = vblank;
    live.vblank = vblank + 1;
    trail.current?.draw();
  });

  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const count = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
  // Float rounding can leave a debt of −1e-17 s: shown as 0.00, not −0.00.
  const secs = (n: number) => (Number.isFinite(n) ? (Math.abs(n) < 0.005 ? 0 : n).toFixed(2) : '–');
  const fields = (i: number, name: string) => {
    const k = KEYS[i]!;
    return [
      { key: k.frameMs, label: `${name}: last frame (ms)`, format: ms },
      { key: k.steps, label: `${name}: steps in it`, format: count },
      { key: k.fps, label: `${name}: pictures per second`, format: (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–') },
      { key: k.growing, label: `${name}: frames in a row that grew`, format: count },
      { key: k.speed, label: `${name}: game s per display s`, format: (n: number) => (Number.isFinite(n) ? n.toFixed(3) : '–') },
      { key: k.dropped, label: `${name}: dropped (game s)`, format: secs },
      { key: k.pending, label: `${name}: owed (game s)`, format: secs },
    ];
  };
  const all = [...fields(0, 'no bound'), ...fields(1, 'slow-motion'), ...fields(2, 'catch-up')];
  // Beside the picture: how many pictures a second each lane still shows.
  const isFps = (field: ReadoutField) => field.label.endsWith('pictures per second');
  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="steps/frame" countMax={8} testId="trail" />
      <Readout keyNumbers values={live.values} fields={all.filter(isFps)} />
      <LivePlot
        title="Each lane's frame time (ms) against display time (s)"
        yLabel="ms"
        x={live.seconds}
        references={[{ value: INTERVAL_MS, label: 'one vblank', color: '#888' }]}
        series={[
          { label: LANES[0].label, stroke: '#e74c3c', buffer: live.frameMs[0]!, stepped: true, width: 2 },
          { label: LANES[1].label, stroke: '#1e9e55', buffer: live.frameMs[1]!, stepped: true },
          { label: LANES[2].label, stroke: '#2e86c1', buffer: live.frameMs[2]!, stepped: true },
        ]}
      />
      <MoreReadouts>
        <Readout values={live.values} fields={[{ key: 'frames', label: 'vblanks', format: count }, ...all.filter((field) => !isFps(field))]} />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/7 · The well of despair: unbounded catch-up',
  component: WellDemo,
  args: { stepCostMs: 20, renderCostMs: 2, maxSteps: 5, lapSeconds: 1 },
  argTypes: {
    stepCostMs: {
      name: 'cost per step (ms)',
      description: 'Simulated cost of one update step, ms. The step simulates 16.7 ms: above that, each step costs more than it simulates. Applied live.',
      control: { type: 'range', min: 2, max: 40, step: 1 },
    },
    renderCostMs: {
      name: 'cost per picture (ms)',
      description: 'Simulated cost of drawing one picture, ms. Applied live.',
      control: { type: 'range', min: 0, max: 10, step: 0.5 },
    },
    maxSteps: {
      name: 'maxSteps (bounded lanes)',
      description: '`maxSteps` of the two bounded lanes: most steps one frame runs. A change restarts those two lanes from game time zero.',
      control: { type: 'range', min: 1, max: 10, step: 1 },
    },
    lapSeconds: {
      name: 'lap (game s)',
      description: 'Game seconds a dot takes to cross the track, s.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.5 },
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useFixedTimestep } from 'react-timestep';

// Bounded: at most 5 steps a frame. 'slow-motion' drops the rest (the game slows down),
// 'catch-up' owes it and runs it off later; without a bound the frame time grows without end.
useFixedTimestep({ step: 1 / 60, maxSteps: 5, overload: 'slow-motion', update: (dt) => world.step(dt) });`,
      },
      description: {
        component: `
The well of despair ("Setting up a game update loop in-sync with rendering", blog post, April 2013;
Peter Sundqvist, "Timestepping"): when one update step costs more real time than the game time it
simulates, a loop that runs every step that is due makes each frame longer than the last. A longer
frame means more steps due in the next one, which makes it longer still: the frame time grows
frame after frame until the game freezes.

Three fixed-step loops (\`createFixedStep\`, 1/60 s steps) on the same simulated load, each on its
own simulated 60 Hz display (a frame starts on a vblank and holds the display for as many vblanks as
its work takes):

- **'catch-up', no bound** (red): every due step runs. Its frame time (plot) climbs without end and
  its pictures come further and further apart.
- **'slow-motion', maxSteps** (green): at most \`maxSteps\` steps a frame, the excess dropped: the
  frame time stays put and the game runs slower than real time (game s per display s below 1).
- **'catch-up', maxSteps** (blue): at most \`maxSteps\` a frame, the excess kept as a debt to run off
  later: the frame time stays put too, but under a load that never lifts the debt only grows.

Load and display are simulated, so the unbounded lane never freezes your page.
`,
      },
    },
  },
} satisfies Meta<typeof WellDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 20 ms per 16.7 ms step: the unbounded frame time grows every frame; both bounded lanes hold at 7 vblanks. */
export const ConstantOverload: Story = {
  play: async ({ canvasElement }) => {
    // The unbounded lane's frames: 1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 21, 26, 32, 39 … vblanks.
    await waitForValue(canvasElement, 'unboundedGrowing', (n) => n >= 10, 8000);
    await expect(readValue(canvasElement, 'unboundedFrameMs')).toBeGreaterThan(20 * INTERVAL_MS);
    await expect(readValue(canvasElement, 'unboundedDroppedS')).toBe(0);
    await expect(readValue(canvasElement, 'unboundedFps')).toBeLessThan(3);
    // Bounded: 5 steps × 20 ms + 2 ms = 102 ms of work, held for 7 vblanks, every frame.
    for (const lane of ['slow', 'catch']) {
      await expect(readValue(canvasElement, `${lane}FrameMs`)).toBeCloseTo(7 * INTERVAL_MS, 9);
      await expect(readValue(canvasElement, `${lane}Steps`)).toBe(5);
      await expect(readValue(canvasElement, `${lane}Growing`)).toBe(0);
      await expect(readValue(canvasElement, `${lane}Fps`)).toBeCloseTo(REFRESH_RATE / 7, 9);
    }
    // Slow motion drops the excess and runs at 5 steps per 7 vblanks; catch-up owes it instead.
    await expect(readValue(canvasElement, 'slowDroppedS')).toBeGreaterThan(0.1);
    await expect(readValue(canvasElement, 'slowPendingS')).toBeLessThan(STEP_SECONDS);
    await expect(readValue(canvasElement, 'catchDroppedS')).toBe(0);
    await expect(readValue(canvasElement, 'catchPendingS')).toBeGreaterThan(0.1);
    await expect(readValue(canvasElement, 'slowSpeed')).toBeLessThan(0.8);
  },
};

/** 10 ms per step (cheaper than it simulates): every lane keeps up with one step a vblank, nothing grows. */
export const AffordableLoad: Story = {
  args: { stepCostMs: 10 },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 60, 6000);
    for (const lane of ['unbounded', 'slow', 'catch']) {
      await expect(readValue(canvasElement, `${lane}FrameMs`)).toBeCloseTo(INTERVAL_MS, 9);
      await expect(readValue(canvasElement, `${lane}Steps`)).toBe(1);
    }
    await expect(readValue(canvasElement, 'slowDroppedS')).toBe(0);
  },
};

/** The maxSteps control acts on the running story: the bounded lanes restart at 3 steps a frame (4 vblanks), the unbounded lane runs on. */
export const LiveMaxSteps: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'slowFrameMs', (ms) => Math.abs(ms - 7 * INTERVAL_MS) < 1e-9, 6000);
    const frames = readValue(canvasElement, 'frames');
    updateArgs({ maxSteps: 3 });
    // 3 steps × 20 ms + 2 ms = 62 ms of work: 4 vblanks.
    await waitForValue(canvasElement, 'slowFrameMs', (ms) => Math.abs(ms - 4 * INTERVAL_MS) < 1e-9, 6000);
    await waitForValue(canvasElement, 'catchFrameMs', (ms) => Math.abs(ms - 4 * INTERVAL_MS) < 1e-9, 6000);
    await expect(readValue(canvasElement, 'slowSteps')).toBe(3);
    // Not remounted: the display's vblank count went on from where it was.
    await expect(readValue(canvasElement, 'frames')).toBeGreaterThan(frames);
  },
};
