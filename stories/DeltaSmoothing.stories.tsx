import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createDeltaSmoother, createSeededRandom } from '../src/core/index.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { rms } from './components/fixedStepProbe.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, waitForValue } from './components/playHelpers.js';

/** Controls of the delta-smoothing demo. */
interface DeltaSmoothingProps {
  /** The simulated display's refresh rate, Hz. */
  refreshRate: number;
  /** Random timing noise added to each measured timestamp, ± ms. */
  jitterMs: number;
  /** The heartbeat: every other timestamp arrives this many ms late (long/short deltas). */
  heartbeatMs: number;
  /** Miss a vblank every N frames (0: never), as a slow frame would. */
  dropEvery: number;
  /** Seconds for the object to cross the track and back. */
  periodSeconds: number;
}

const PLOT_SAMPLES = 240;
const LANES = [
  { label: 'measured delta', color: '#f06a6a' },
  { label: 'smoothed delta', color: '#58d68d' },
] as const;

function DeltaSmoothingDemo({ refreshRate, jitterMs, heartbeatMs, dropEvery, periodSeconds }: DeltaSmoothingProps) {
  const lanes = useRef<LaneCanvasHandle>(null);
  // Everything the loop touches is created once per mount (the story remounts when a control changes).
  const state = useMemo(() => {
    const random = createSeededRandom(3);
    return {
      smoother: createDeltaSmoother({ refreshRate }),
      random,
      vblank: 0,
      frame: 0,
      lastMeasuredMs: Number.NaN,
      rawGameSeconds: 0,
      smoothGameSeconds: 0,
      trueGameSeconds: 0,
      rawDelta: new RingBuffer(PLOT_SAMPLES),
      smoothDelta: new RingBuffer(PLOT_SAMPLES),
      trueDelta: new RingBuffer(PLOT_SAMPLES),
      rawError: new RingBuffer(PLOT_SAMPLES),
      smoothError: new RingBuffer(PLOT_SAMPLES),
      positions: new Float64Array(2),
      values: { frames: 0, leadMs: 0, rawJudderMs: Number.NaN, smoothJudderMs: Number.NaN, offGrid: 0, carryMs: 0, resyncs: 0 },
    };
  }, [refreshRate]);

  useRafLoop(() => {
    const s = state;
    const intervalMs = 1000 / refreshRate;
    // The real rAF only sets the pace; the clock is simulated so the injected timing is exact and repeatable.
    const missed = dropEvery > 0 && s.frame > 0 && s.frame % dropEvery === 0 ? 1 : 0;
    const previousVblank = s.vblank;
    s.vblank += 1 + missed;
    s.frame += 1;
    const noise = (s.random.next() * 2 - 1) * jitterMs + (s.frame % 2 === 0 ? heartbeatMs : 0);
    const measuredMs = s.vblank * intervalMs + noise;
    if (Number.isFinite(s.lastMeasuredMs)) {
      const raw = (measuredMs - s.lastMeasuredMs) / 1000;
      const smooth = s.smoother.smooth(raw);
      const truth = (s.vblank - previousVblank) / refreshRate;
      s.rawGameSeconds += raw;
      s.smoothGameSeconds += smooth;
      s.rawDelta.push(raw * 1000);
      s.smoothDelta.push(smooth * 1000);
      s.trueDelta.push(truth * 1000);
      s.trueGameSeconds += truth;
      // How far this frame's step of game time is from the step the display really took. The
      // smoother's very first frame leads by one interval on purpose; that is not judder.
      s.rawError.push((raw - truth) * 1000);
      if (s.frame > 2) s.smoothError.push((smooth - truth) * 1000);
      const v = s.values;
      v.frames = s.frame;
      v.rawJudderMs = rms(s.rawError);
      v.smoothJudderMs = rms(s.smoothError);
      v.offGrid = Math.max(v.offGrid, Math.abs(smooth * refreshRate - Math.round(smooth * refreshRate)));
      v.carryMs = s.smoother.carry * 1000;
      v.resyncs = s.smoother.resyncs;
      v.leadMs = (s.smoothGameSeconds - s.trueGameSeconds) * 1000;
    }
    s.lastMeasuredMs = measuredMs;
    s.positions[0] = pingPong(s.rawGameSeconds, periodSeconds);
    s.positions[1] = pingPong(s.smoothGameSeconds, periodSeconds);
    lanes.current?.draw(s.positions, pingPong((s.vblank - 1) / refreshRate, periodSeconds));
  });

  return (
    <div>
      <LaneCanvas ref={lanes} lanes={LANES} testId="lanes" />
      <Readout
        values={state.values}
        fields={[
          { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
          { key: 'rawJudderMs', label: 'judder, measured (RMS ms)' },
          { key: 'smoothJudderMs', label: 'judder, smoothed (RMS ms)' },
          { key: 'offGrid', label: 'smoothed off the vblank grid (intervals)', format: (n) => n.toExponential(1) },
          { key: 'carryMs', label: 'carry (ms)' },
          { key: 'leadMs', label: 'smoothed game time − display time (ms)' },
          { key: 'resyncs', label: 'resyncs', format: (n) => n.toFixed(0) },
        ]}
      />
      <LivePlot
        title="Delta handed to the game (ms)"
        yLabel="ms"
        series={[
          { label: 'measured', stroke: '#f06a6a', buffer: state.rawDelta },
          { label: 'smoothed', stroke: '#1e9e55', buffer: state.smoothDelta, stepped: true, width: 2 },
          { label: 'display', stroke: '#888', buffer: state.trueDelta, stepped: true, width: 1 },
        ]}
      />
      <LivePlot
        title="Game step minus display step (ms): what the eye sees as judder"
        yLabel="ms"
        series={[
          { label: 'measured', stroke: '#f06a6a', buffer: state.rawError },
          { label: 'smoothed', stroke: '#1e9e55', buffer: state.smoothError, width: 2 },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Algorithms/5 · Delta smoothing',
  component: DeltaSmoothingDemo,
  render: (args) => <DeltaSmoothingDemo key={JSON.stringify(args)} {...args} />,
  args: { refreshRate: 60, jitterMs: 1.5, heartbeatMs: 3, dropEvery: 0, periodSeconds: 2 },
  argTypes: {
    refreshRate: { control: { type: 'select' }, options: [30, 59.94, 60, 75, 120, 144] },
    jitterMs: { control: { type: 'range', min: 0, max: 6, step: 0.1 } },
    heartbeatMs: { control: { type: 'range', min: 0, max: 6, step: 0.1 } },
    dropEvery: { control: { type: 'range', min: 0, max: 120, step: 1 } },
    periodSeconds: { control: { type: 'range', min: 0.5, max: 6, step: 0.1 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
A vsynced picture is on screen for a whole number of refresh intervals, but the time measured
between two frame callbacks wobbles around that: the OS wakes the loop a little early or late
after each vblank, and some machines alternate long and short (the "heartbeat"). Feeding that
wobble to the game makes motion uneven even at a perfect 60 fps.

\`createDeltaSmoother\` rounds each delta (plus what it carried from before) **up** to whole
refresh intervals and carries the difference. The game then moves by exactly the time that will
have passed when the picture appears; over any run the total is the measured total.

**The clock here is simulated**: each real animation frame advances a virtual display by one
vblank (two when a drop is injected) and the "measured" timestamp is that vblank's time plus the
injected jitter and heartbeat. This makes the effect repeatable on any screen. The red dot moves
by the measured delta, the green one by the smoothed delta; the ring is the display's true time.
`,
      },
    },
  },
} satisfies Meta<typeof DeltaSmoothingDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jitter and a heartbeat: the smoothed delta sits on the vblank grid, the measured one does not. */
export const Heartbeat: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 30);
    const smooth = await waitForValue(canvasElement, 'smoothJudderMs', (v) => Number.isFinite(v));
    const raw = await waitForValue(canvasElement, 'rawJudderMs', (v) => Number.isFinite(v));
    await expect(raw).toBeGreaterThan(1);
    await expect(smooth).toBeLessThan(raw / 4);
    await waitForValue(canvasElement, 'offGrid', (v) => v < 1e-6);
  },
};

/** A vblank missed every 20 frames: the smoothed delta is exactly two intervals for those frames. */
export const DroppedFrames: Story = {
  args: { jitterMs: 0.5, heartbeatMs: 0, dropEvery: 20 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 45);
    await waitForValue(canvasElement, 'offGrid', (v) => v < 1e-6);
    // Time is conserved: the smoothed clock never strays more than about an interval from the display's.
    await waitForValue(canvasElement, 'leadMs', (v) => Math.abs(v) <= 1000 / 60 + 1);
  },
};
