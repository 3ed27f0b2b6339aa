import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import { busyWait } from './components/busyWait.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

type Policy = 'slow-motion' | 'catch-up' | 'variable';

/** Controls of the overload demo. */
interface OverloadProps {
  /** What the loop does when updates cost more than real time allows. */
  policy: Policy;
  /** Main-thread time one update costs while the load is on, ms (busy-wait). */
  updateCostMs: number;
  /** `'spikes'`: the cost applies 1 s out of every 3 s; `'constant'`: always. */
  pattern: 'spikes' | 'constant';
  /** Fixed update rate, Hz. */
  updateRate: number;
  /** Most updates in one frame (seed 001 listing 5 bound). */
  maxSteps: number;
}

const SAMPLES = 300;
/** Frames over which the game speed is measured. */
const SPEED_WINDOW = 20;
const PERIOD_SECONDS = 3;

function OverloadDemo({ policy, updateCostMs, pattern, updateRate, maxSteps }: OverloadProps) {
  const lanes = useRef<LaneCanvasHandle>(null);
  const state = useMemo(() => {
    const step = 1 / updateRate;
    return {
      fixed: policy === 'variable' ? null : createFixedStep({ step, maxSteps, overload: policy, interpolation: 'previous' }),
      step,
      startMs: Number.NaN,
      lastMs: Number.NaN,
      gameSeconds: 0,
      frame: 0,
      history: { game: new RingBuffer(SPEED_WINDOW), real: new RingBuffer(SPEED_WINDOW) },
      steps: new RingBuffer(SAMPLES),
      speed: new RingBuffer(SAMPLES),
      frameMs: new RingBuffer(SAMPLES),
      droppedMs: new RingBuffer(SAMPLES),
      pendingMs: new RingBuffer(SAMPLES),
      positions: new Float64Array(1),
      values: { frames: 0, speed: Number.NaN, minSpeed: Number.NaN, maxSteps: 0, droppedMs: 0, pendingMs: 0, maxDtMs: 0, loadOn: 0 },
    };
  }, [policy, updateRate, maxSteps]);

  useRafLoop((nowMs) => {
    const s = state;
    if (!Number.isFinite(s.startMs)) s.startMs = nowMs;
    const t = (nowMs - s.startMs) / 1000;
    const loadOn = pattern === 'constant' || (t % 3 >= 1 && t % 3 < 2);
    const cost = loadOn ? updateCostMs : 0;
    let steps = 1;
    let picture: number;
    if (s.fixed) {
      const f = s.fixed.advance(nowMs);
      for (let k = 0; k < f.steps; k += 1) busyWait(cost);
      steps = f.steps;
      s.gameSeconds = f.totalSteps * s.step;
      picture = f.pictureTime;
      s.values.droppedMs = f.totalDroppedSeconds * 1000;
      s.values.pendingMs = f.pendingSeconds * 1000;
    } else {
      // The naive loop: one update with whatever time passed. It keeps real speed by taking huge steps.
      const dt = Number.isFinite(s.lastMs) ? (nowMs - s.lastMs) / 1000 : 0;
      busyWait(cost);
      s.gameSeconds += dt;
      picture = s.gameSeconds;
      // Only frames under load count: start-up hiccups must not pass for the effect.
      if (loadOn) s.values.maxDtMs = Math.max(s.values.maxDtMs, dt * 1000);
    }
    s.history.game.push(s.gameSeconds);
    s.history.real.push(nowMs / 1000);
    const n = s.history.game.length;
    const speed = n > 1 ? (s.gameSeconds - s.history.game.at(0)) / (nowMs / 1000 - s.history.real.at(0)) : Number.NaN;
    s.steps.push(steps);
    s.speed.push(speed);
    s.frameMs.push(Number.isFinite(s.lastMs) ? nowMs - s.lastMs : 0);
    s.droppedMs.push(s.values.droppedMs);
    s.pendingMs.push(s.values.pendingMs);
    s.lastMs = nowMs;
    s.frame += 1;
    const v = s.values;
    v.frames = s.frame;
    v.speed = speed;
    if (n === SPEED_WINDOW) v.minSpeed = Number.isFinite(v.minSpeed) ? Math.min(v.minSpeed, speed) : speed;
    v.maxSteps = Math.max(v.maxSteps, steps);
    v.loadOn = loadOn ? 1 : 0;
    s.positions[0] = pingPong(picture, PERIOD_SECONDS);
    lanes.current?.draw(s.positions, pingPong(t, PERIOD_SECONDS));
  });

  return (
    <div>
      <LaneCanvas ref={lanes} lanes={[{ label: policy, color: '#5dade2' }]} testId="lanes" />
      <Readout
        values={state.values}
        fields={[
          { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
          { key: 'loadOn', label: 'load on', format: (n) => (n ? 'yes' : 'no') },
          { key: 'speed', label: 'game speed (game s / real s)' },
          { key: 'minSpeed', label: 'lowest game speed seen' },
          { key: 'maxSteps', label: 'most updates in one frame', format: (n) => n.toFixed(0) },
          { key: 'droppedMs', label: 'game time dropped (ms)', format: (n) => n.toFixed(0) },
          { key: 'pendingMs', label: 'game time owed (ms)', format: (n) => n.toFixed(0) },
          { key: 'maxDtMs', label: 'largest update dt under load (ms)', format: (n) => n.toFixed(1) },
        ]}
      />
      <LivePlot
        title="Updates per frame"
        series={[{ label: 'steps', stroke: '#5dade2', buffer: state.steps, stepped: true }]}
        height={120}
      />
      <LivePlot title="Game speed (1 = real time)" series={[{ label: 'speed', stroke: '#1e9e55', buffer: state.speed }]} height={120} />
      <LivePlot
        title="Frame time, dropped and owed game time (ms)"
        yLabel="ms"
        series={[
          { label: 'frame time', stroke: '#999', buffer: state.frameMs },
          { label: 'dropped (total)', stroke: '#f06a6a', buffer: state.droppedMs },
          { label: 'owed', stroke: '#f5b041', buffer: state.pendingMs },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Algorithms/3 · Overload: the well of despair',
  component: OverloadDemo,
  render: (args) => <OverloadDemo key={JSON.stringify(args)} {...args} />,
  args: { policy: 'slow-motion', updateCostMs: 25, pattern: 'spikes', updateRate: 60, maxSteps: 5 },
  argTypes: {
    policy: { control: { type: 'inline-radio' }, options: ['slow-motion', 'catch-up', 'variable'] },
    updateCostMs: { control: { type: 'range', min: 0, max: 40, step: 1 } },
    pattern: { control: { type: 'inline-radio' }, options: ['spikes', 'constant'] },
    updateRate: { control: { type: 'select' }, options: [30, 60, 120] },
    maxSteps: { control: { type: 'range', min: 1, max: 10, step: 1 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
When one update costs more real time than the game time it simulates, a fixed-step loop falls
behind; running more updates to catch up makes the next frame even longer. Left alone, the loop
sinks ever deeper: the "well of despair" (seed 002). Every escape gives something up:

- \`overload: 'slow-motion'\`: at most \`maxSteps\` updates per frame; the excess game time is dropped
  and reported (\`droppedSeconds\`). The game runs slower than real time while overloaded, but
  recovers at once when the load goes.
- \`overload: 'catch-up'\`: at most \`maxSteps\` updates per frame, but the debt is kept and paid off
  at \`maxSteps\` per frame once there is room, so game time ends up exactly on the clock again
  (seed 001 listing 5). While it is paying, the game runs fast.
- **variable** (the naive loop, for contrast): one update with the whole elapsed time. It keeps
  real speed by taking giant steps, which is where physics tunnels and explodes.

The cost is real: each update busy-waits \`updateCostMs\` on the main thread (with \`'spikes'\`, during
one second out of every three). The ring marks real time; the dot is the game's picture.
`,
      },
    },
  },
} satisfies Meta<typeof OverloadDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Updates cost 25 ms but simulate 16.7: at most five a frame, the rest dropped and reported. */
export const SlowMotion: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'droppedMs', (ms) => ms > 0, 6000);
    await waitForValue(canvasElement, 'minSpeed', (speed) => speed < 0.95, 6000);
    await expect(readValue(canvasElement, 'maxSteps')).toBeLessThanOrEqual(5);
  },
};

/** The same load with catch-up: nothing dropped, the debt paid off at five updates a frame. */
export const CatchUp: Story = {
  args: { policy: 'catch-up' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'maxSteps', (steps) => steps === 5, 6000);
    await expect(readValue(canvasElement, 'droppedMs')).toBe(0);
  },
};

/** The naive loop under the same load: real speed, giant steps. */
export const Variable: Story = {
  args: { policy: 'variable' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'maxDtMs', (dt) => dt >= 25, 6000);
    await expect(readValue(canvasElement, 'minSpeed')).toBeGreaterThan(0.9);
    await expect(readValue(canvasElement, 'droppedMs')).toBe(0);
  },
};
