import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createDeltaSmoother } from '../src/core/index.js';
import type { DeltaRounding } from '../src/core/index.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { LiveVsync } from './components/liveVsync.js';
import { LiveViewer } from './components/liveViewer.js';
import { Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the delta-smoothing demo. */
interface DeltaSmoothingProps {
  /** The simulated display's refresh rate, Hz. */
  refreshRate: number;
  /** `'nearest'` (the default) or `'up'` (the article's arithmetic). */
  rounding: DeltaRounding;
  /** Timer resolution of the simulated timestamps, ms. */
  quantizationMs: number;
  /** Each timestamp moves by a random amount within ± this many ms. */
  jitterMs: number;
  /** The heartbeat: every other timestamp arrives this many ms late (long/short deltas). */
  heartbeatMs: number;
  /** Miss a vblank every N frames (0: never), as a slow frame would. */
  dropEvery: number;
  /** Which random run: the phase and the jitter are drawn from it. */
  run: number;
  /** Seconds for the object to cross the track and back. */
  periodSeconds: number;
}

const PLOT_SAMPLES = 240;
const LANES = [
  { label: 'measured delta', color: '#f06a6a' },
  { label: 'smoothed delta', color: '#58d68d' },
] as const;

const ms2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const count = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');

function DeltaSmoothingDemo({ refreshRate, rounding, quantizationMs, jitterMs, heartbeatMs, dropEvery, run, periodSeconds }: DeltaSmoothingProps) {
  const lanes = useRef<LaneCanvasHandle>(null);
  // Everything the loop touches is created once per mount (the story remounts when a control changes).
  const state = useMemo(() => {
    const intervalMs = 1000 / refreshRate;
    return {
      smoother: createDeltaSmoother({ refreshRate, rounding }),
      clock: new LiveVsync({ refreshRate, quantizationMs, jitterMs, seed: run }),
      raw: new LiveViewer({ refreshIntervalMs: intervalMs }),
      smooth: new LiveViewer({ refreshIntervalMs: intervalMs }),
      firstVblankMs: 0,
      rawGameMs: 0,
      smoothGameMs: 0,
      rawDelta: new RingBuffer(PLOT_SAMPLES),
      smoothDelta: new RingBuffer(PLOT_SAMPLES),
      trueDelta: new RingBuffer(PLOT_SAMPLES),
      positions: new Float64Array(2),
      values: {
        frames: 0,
        rawJudderMs: Number.NaN,
        smoothJudderMs: Number.NaN,
        scored: Number.NaN,
        flaps: Number.NaN,
        repeated: Number.NaN,
        rawLagMs: Number.NaN,
        smoothLagMs: Number.NaN,
      },
    };
  }, [refreshRate, rounding, quantizationMs, jitterMs, run]);

  useRafLoop(() => {
    const s = state;
    const clock = s.clock;
    const intervalMs = clock.intervalMs;
    // The real rAF only sets the pace: each frame is the next frame of a simulated vsynced display,
    // so the injected timing is exact and repeatable, and the true vblank counts are known.
    const missed = dropEvery > 0 && clock.frames > 0 && clock.frames % dropEvery === 0 ? 1 : 0;
    const previousMs = clock.timestampMs;
    clock.next(missed, clock.frames % 2 === 1 ? heartbeatMs : 0);
    if (clock.frames === 1) {
      s.firstVblankMs = clock.vblankMs;
    } else {
      const raw = (clock.timestampMs - previousMs) / 1000;
      const smooth = s.smoother.smooth(raw);
      s.rawGameMs += raw * 1000;
      s.smoothGameMs += smooth * 1000;
      s.rawDelta.push(raw * 1000);
      s.smoothDelta.push(smooth * 1000);
      s.trueDelta.push(clock.vblanks * intervalMs);
      // The picture drawn this frame reaches the screen at the next vblank.
      const presentMs = clock.vblankMs - s.firstVblankMs + intervalMs;
      const r = s.raw.frame;
      r.presentMs = presentMs;
      r.pictureMs = s.rawGameMs;
      r.updates = raw * refreshRate;
      r.vblanks = Number.NaN;
      s.raw.add();
      const f = s.smooth.frame;
      f.presentMs = presentMs;
      f.pictureMs = s.smoothGameMs;
      f.updates = smooth * refreshRate;
      // The first frame takes the one-interval lead on purpose (both roundings): not a flap.
      f.vblanks = clock.frames === 2 ? Number.NaN : clock.vblanks;
      if (s.smooth.add()) {
        const v = s.values;
        const m = s.smooth.total;
        const mr = s.raw.total;
        v.smoothJudderMs = m?.judderMs ?? Number.NaN;
        v.scored = m?.flapsCounted ?? Number.NaN;
        v.flaps = m?.flaps ?? Number.NaN;
        v.repeated = m?.repeatedPictures ?? Number.NaN;
        v.smoothLagMs = m?.lagMeanMs ?? Number.NaN;
        v.rawJudderMs = mr?.judderMs ?? Number.NaN;
        v.rawLagMs = mr?.lagMeanMs ?? Number.NaN;
      }
    }
    s.values.frames = clock.frames;
    s.positions[0] = pingPong(s.rawGameMs / 1000, periodSeconds);
    s.positions[1] = pingPong(s.smoothGameMs / 1000, periodSeconds);
    lanes.current?.draw(s.positions, pingPong((clock.vblankMs - s.firstVblankMs + intervalMs) / 1000, periodSeconds));
  });

  return (
    <div>
      <LaneCanvas ref={lanes} lanes={LANES} testId="lanes" />
      <Readout
        values={state.values}
        fields={[
          { key: 'frames', label: 'frames', format: count },
          { key: 'rawJudderMs', label: 'judder, measured delta (RMS ms)', format: ms2 },
          { key: 'smoothJudderMs', label: 'judder, smoothed delta (RMS ms)', format: ms2 },
          { key: 'scored', label: 'frames scored for flaps', format: count },
          { key: 'flaps', label: 'smoothed flaps: intervals handed out ≠ vblanks elapsed', format: count },
          { key: 'repeated', label: 'smoothed: repeated pictures', format: count },
          { key: 'rawLagMs', label: 'mean lag, measured delta (ms)', format: ms2 },
          { key: 'smoothLagMs', label: 'mean lag, smoothed delta (ms)', format: ms2 },
        ]}
      />
      <LivePlot
        title="Delta handed to the game, and the display's vblanks (ms)"
        yLabel="ms"
        series={[
          { label: 'measured', stroke: '#f06a6a', buffer: state.rawDelta },
          { label: 'smoothed', stroke: '#1e9e55', buffer: state.smoothDelta, stepped: true, width: 2 },
          { label: 'display', stroke: '#888', buffer: state.trueDelta, stepped: true, width: 1 },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Algorithms/5 · Delta smoothing',
  component: DeltaSmoothingDemo,
  render: (args) => <DeltaSmoothingDemo key={JSON.stringify(args)} {...args} />,
  args: { refreshRate: 60, rounding: 'nearest', quantizationMs: 0.1, jitterMs: 1.5, heartbeatMs: 3, dropEvery: 0, run: 10, periodSeconds: 2 },
  argTypes: {
    refreshRate: { control: { type: 'select' }, options: [30, 59.94, 60, 75, 120, 144] },
    rounding: { control: { type: 'inline-radio' }, options: ['nearest', 'up'] },
    quantizationMs: { control: { type: 'inline-radio' }, options: [0, 0.1, 1] },
    jitterMs: { control: { type: 'range', min: 0, max: 4, step: 0.1 } },
    heartbeatMs: { control: { type: 'range', min: 0, max: 6, step: 0.1 } },
    dropEvery: { control: { type: 'range', min: 0, max: 120, step: 1 } },
    run: { control: { type: 'number', min: 1, step: 1 } },
    periodSeconds: { control: { type: 'range', min: 0.5, max: 6, step: 0.1 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
A vsynced picture is on screen for a whole number of refresh intervals, but the time measured
between two frame callbacks wobbles around that: the timer's resolution, the OS waking the loop a
little early or late, and on some machines a "heartbeat" of long and short deltas. Feeding that
wobble to the game makes motion uneven even at a steady frame rate.

\`createDeltaSmoother\` (Frank Force, "Time Delta Smoothing") hands the game whole refresh
intervals and carries the difference to the next frame. Both roundings take a one-interval lead on
the first frame (the picture drawn now is shown one vblank later, so while every vblank is counted
right each picture shows the game time of its own present: a lag of 0), which is why that frame is
not scored as a flap.

- \`rounding: 'nearest'\` (the default) rounds to the nearest whole interval, centred on the
  stream's own phase, so a dropped frame (two vblanks in one delta) is made up in the frame where it
  is seen. In these stories its flaps readout stays 0 and its judder 0.00 ms.
- \`rounding: 'up'\` is the article's arithmetic: round up, at least one interval. Its carry sits on
  an interval boundary, so where the first timestamps fell in their jitter decides whether a dropped
  frame is made up at once or in a later frame (the picture stalls, then jumps). The "article
  rounding" story shows a run where it is late; change \`run\` to see others.

**The clock is simulated**: each real animation frame is the next frame of a virtual vsynced display
(a random phase, ± jitter, the timer's resolution, the heartbeat, a missed vblank every
\`dropEvery\` frames). Every readout is the package's viewer model (\`createViewerMeter\`) scoring the
pictures against the display's true vblanks: judder is the RMS of how much more or less each
picture advanced than the display did. The red dot moves by the measured delta, the green one by the
smoothed delta; the ring is the display's time when the picture appears.
`,
      },
    },
  },
} satisfies Meta<typeof DeltaSmoothingDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jitter and a heartbeat: the smoothed delta advances exactly with the display, the measured one does not. */
export const Heartbeat: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 30);
    await waitForValue(canvasElement, 'scored', (n) => n >= 60, 6000);
    await expect(readValue(canvasElement, 'rawJudderMs')).toBeGreaterThan(1);
    await expect(readValue(canvasElement, 'smoothJudderMs')).toBeLessThan(1e-6);
    await expect(readValue(canvasElement, 'flaps')).toBe(0);
    // The one-interval lead: each picture shows the game time of its own present.
    await expect(Math.abs(readValue(canvasElement, 'smoothLagMs'))).toBeLessThan(0.5);
  },
};

/** A vblank missed every 20 frames: the default rounding makes each one up in the frame where it is seen. */
export const DroppedFrames: Story = {
  args: { jitterMs: 0.5, heartbeatMs: 0, dropEvery: 20 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 45);
    await waitForValue(canvasElement, 'scored', (n) => n >= 120, 8000);
    await expect(readValue(canvasElement, 'flaps')).toBe(0);
    await expect(readValue(canvasElement, 'smoothJudderMs')).toBeLessThan(1e-6);
    await expect(readValue(canvasElement, 'rawJudderMs')).toBeGreaterThan(0.1);
    await expect(Math.abs(readValue(canvasElement, 'smoothLagMs'))).toBeLessThan(0.5);
  },
};

/** The same drops with the article's rounding up: in this run each drop is made up a frame or more late. */
export const DroppedFramesArticleRounding: Story = {
  args: { jitterMs: 0.5, heartbeatMs: 0, dropEvery: 20, rounding: 'up' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 45);
    await waitForValue(canvasElement, 'scored', (n) => n >= 120, 8000);
    await expect(readValue(canvasElement, 'flaps')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'smoothJudderMs')).toBeGreaterThan(readValue(canvasElement, 'rawJudderMs'));
  },
};
