import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { docs, lapArg, range } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { count, formatter } from './kit/format.js';
import { laneLegend, overLegend } from './kit/Legend.js';
import { LivePlot } from './kit/LivePlot.js';
import { OverloadLoop } from './kit/overloadLoop.js';
import { readValue, updateArgs, waitForValue } from './kit/play.js';
import type { ReadoutField } from './kit/Readout.js';
import { RingBuffer } from './kit/ringBuffer.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';

/** Controls of the well-of-despair demo. */
interface WellProps { stepCostMs: number; renderCostMs: number; maxSteps: number; lapSeconds: number }

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const STEP_SECONDS = 1 / REFRESH_RATE;
const SAMPLES = 600;
/** As good as no bound: every step that is due runs. */
const UNBOUNDED = 1_000_000_000;
const LANES = lanesOf("'catch-up', no bound", "'slow-motion', maxSteps", "'catch-up', maxSteps");
/** Top of the bar scale, in steps a frame: the unbounded lane climbs past it. */
const BARS_MAX = 8;
/** Readout key prefix of each lane. */
const NAMES = ['unbounded', 'slow', 'catch'] as const;
const READOUTS = ['FrameMs', 'Steps', 'Fps', 'Growing', 'Speed', 'DroppedS', 'PendingS'] as const;
const secs = formatter(2);

const bounded = (maxSteps: number, startMs: number) => [
  new OverloadLoop('slow-motion', STEP_SECONDS, maxSteps, INTERVAL_MS, startMs),
  new OverloadLoop('catch-up', STEP_SECONDS, maxSteps, INTERVAL_MS, startMs),
];

function WellDemo({ stepCostMs, renderCostMs, maxSteps, lapSeconds }: WellProps) {
  const [plot] = useState(() => ({ seconds: new RingBuffer(SAMPLES), frameMs: LANES.map(() => new RingBuffer(SAMPLES)) }));
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'steps/frame', max: BARS_MAX }}
      display={{ refreshRate: REFRESH_RATE }}
      init={() => ({ maxSteps, loops: [new OverloadLoop('catch-up', STEP_SECONDS, UNBOUNDED, INTERVAL_MS), ...bounded(maxSteps, 0)] })}
      frame={({ vsync, lanes, values: v, state: s }) => {
        const vblank = vsync.frames - 1;
        if (s.maxSteps !== maxSteps) {
          // The core step has no setter for maxSteps: the bounded lanes restart from this vblank; the unbounded one runs on.
          s.maxSteps = maxSteps;
          s.loops.splice(1, 2, ...bounded(maxSteps, vsync.vblankMs));
          for (const loop of s.loops.slice(1)) loop.nextVblank = vblank;
        }
        s.loops.forEach((loop, i) => {
          lanes.ring(i, (vsync.vblankMs - loop.startMs) / 1000 / lapSeconds);
          if (!loop.frame(vblank, vsync.vblankMs, INTERVAL_MS, (steps) => steps * stepCostMs + renderCostMs)) return;
          lanes.picture(i, loop.pictureMs / 1000 / lapSeconds, loop.steps);
          const total = loop.viewer.total;
          Object.assign(v, {
            [`${NAMES[i]}FrameMs`]: loop.frameMs,
            [`${NAMES[i]}Steps`]: loop.steps,
            [`${NAMES[i]}Fps`]: 1000 / loop.frameMs,
            [`${NAMES[i]}Growing`]: loop.growing,
            [`${NAMES[i]}Speed`]: total ? total.speed : Number.NaN,
            [`${NAMES[i]}DroppedS`]: loop.droppedMs / 1000,
            [`${NAMES[i]}PendingS`]: loop.pendingMs / 1000,
          });
        });
        plot.seconds.push(vsync.vblankMs / 1000);
        s.loops.forEach((loop, i) => plot.frameMs[i]!.push(loop.frameMs));
      }}
      values={() => Object.fromEntries(NAMES.flatMap((name) => READOUTS.map((r) => [`${name}${r}`, r === 'Growing' || r.endsWith('S') ? 0 : Number.NaN])))}
      legend={laneLegend('updates run in each frame', [{ mark: 'ring', text: 'where real time is: the picture should be near it' }, overLegend(BARS_MAX)])}
      keyNumbers={NAMES.map<ReadoutField>((name, i) => ({ key: `${name}Fps`, label: `${LANES[i]!.label}: pictures a second`, format: formatter(2), color: LANES[i]!.color }))}
      after={
        <LivePlot
          title="Each lane's frame time (ms) against display time (s): without a bound it climbs for ever"
          yLabel="ms"
          x={plot.seconds}
          references={[{ value: INTERVAL_MS, label: 'one vblank', color: '#888' }]}
          series={LANES.map((lane, i) => ({ label: lane.label, stroke: lane.color, buffer: plot.frameMs[i]!, stepped: true, width: i === 0 ? 2 : 1.5 }))}
        />
      }
      more={NAMES.flatMap((name, i) => [
        { key: `${name}FrameMs`, label: `${LANES[i]!.label}: last frame (ms)`, format: formatter(1) },
        { key: `${name}Steps`, label: `${LANES[i]!.label}: steps in it`, format: count },
        { key: `${name}Growing`, label: `${LANES[i]!.label}: frames in a row that grew`, format: count },
        { key: `${name}Speed`, label: `${LANES[i]!.label}: game s per display s`, format: formatter(3) },
        { key: `${name}DroppedS`, label: `${LANES[i]!.label}: dropped (game s)`, format: secs },
        { key: `${name}PendingS`, label: `${LANES[i]!.label}: owed (game s)`, format: secs },
      ])}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** 20 ms per 16.7 ms step: the unbounded frame time grows every frame; both bounded lanes hold at 7 vblanks. */
export const ConstantOverload: Story = {
  play: async ({ canvasElement }) => {
    // The unbounded lane's frames: 1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 21, 26, 32, 39 … vblanks.
    await waitForValue(canvasElement, 'unboundedGrowing', (n) => n >= 10, 2400);
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
    await waitForValue(canvasElement, 'frames', (n) => n >= 60);
    for (const lane of NAMES) {
      await expect(readValue(canvasElement, `${lane}FrameMs`)).toBeCloseTo(INTERVAL_MS, 9);
      await expect(readValue(canvasElement, `${lane}Steps`)).toBe(1);
    }
    await expect(readValue(canvasElement, 'slowDroppedS')).toBe(0);
  },
};

/** The maxSteps control acts on the running story: the bounded lanes restart at 3 steps a frame (4 vblanks), the unbounded lane runs on. */
export const LiveMaxSteps: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'slowFrameMs', (ms) => Math.abs(ms - 7 * INTERVAL_MS) < 1e-9);
    const frames = readValue(canvasElement, 'frames');
    updateArgs({ maxSteps: 3 });
    // 3 steps × 20 ms + 2 ms = 62 ms of work: 4 vblanks.
    await waitForValue(canvasElement, 'slowFrameMs', (ms) => Math.abs(ms - 4 * INTERVAL_MS) < 1e-9);
    await waitForValue(canvasElement, 'catchFrameMs', (ms) => Math.abs(ms - 4 * INTERVAL_MS) < 1e-9);
    await expect(readValue(canvasElement, 'slowSteps')).toBe(3);
    // Not remounted: the display's vblank count went on from where it was.
    await expect(readValue(canvasElement, 'frames')).toBeGreaterThan(frames);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
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
- **'slow-motion', maxSteps** (amber): at most \`maxSteps\` steps a frame, the excess dropped: the
  frame time stays put and the game runs slower than real time (it falls behind the ring).
- **'catch-up', maxSteps** (green): at most \`maxSteps\` a frame, the excess kept as a debt to run off
  later: the frame time stays put too, but under a load that never lifts the debt only grows. Both
  bounded lanes hold the same frame time, so in the plot the green line covers the amber one.

Load and display are simulated, so the unbounded lane never freezes your page.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFixedTimestep } from 'react-timestep';

// Bounded: at most 5 steps a frame. 'slow-motion' drops the rest (the game slows down),
// 'catch-up' owes it and runs it off later; without a bound the frame time grows without end.
useFixedTimestep({ step: 1 / 60, maxSteps: 5, overload: 'slow-motion', update: (dt) => world.step(dt) });`;

const meta = {
  title: 'Algorithms/7 · The well of despair: unbounded catch-up',
  component: WellDemo,
  args: { stepCostMs: 20, renderCostMs: 2, maxSteps: 5, lapSeconds: 4 },
  argTypes: {
    stepCostMs: range('cost per step (ms)', 'Simulated cost of one update step, ms. The step simulates 16.7 ms: above that, each step costs more than it simulates. Applied live.', 2, 40, 1),
    renderCostMs: range('cost per picture (ms)', 'Simulated cost of drawing one picture, ms. Applied live.', 0, 10, 0.5),
    maxSteps: range('maxSteps (bounded lanes)', '`maxSteps` of the two bounded lanes: most steps one frame runs. A change restarts those two lanes from game time zero.', 1, 10, 1),
    lapSeconds: lapArg,
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof WellDemo>;
export default meta;
