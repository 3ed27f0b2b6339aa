import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createDeltaSmoother } from '../src/core/index.js';
import type { DeltaRounding } from '../src/core/types.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { LiveVsync } from './components/liveVsync.js';
import { LiveViewer } from './components/liveViewer.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { useLiveArgs, useOnArgChange } from './components/liveArgs.js';
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

/** The simulated display, the smoother and the two viewers: rebuilt when the display or the rounding changes. */
function engine({ refreshRate, rounding, quantizationMs, jitterMs, run }: DeltaSmoothingProps) {
  const intervalMs = 1000 / refreshRate;
  return {
    smoother: createDeltaSmoother({ refreshRate, rounding }),
    clock: new LiveVsync({ refreshRate, quantizationMs, jitterMs, seed: run }),
    raw: new LiveViewer({ refreshIntervalMs: intervalMs }),
    smooth: new LiveViewer({ refreshIntervalMs: intervalMs }),
    firstVblankMs: 0,
    rawGameMs: 0,
    smoothGameMs: 0,
  };
}

function DeltaSmoothingDemo(props: DeltaSmoothingProps) {
  const { refreshRate, rounding, quantizationMs, jitterMs, run } = props;
  const args = useLiveArgs(props);
  const lanes = useRef<LaneCanvasHandle>(null);
  // Created once; a control change is pushed into it below (no remount, the plots keep their history).
  const [state] = useState(() => ({
    ...engine(props),
    rawDelta: new RingBuffer(PLOT_SAMPLES),
    smoothDelta: new RingBuffer(PLOT_SAMPLES),
    trueDelta: new RingBuffer(PLOT_SAMPLES),
    carryMs: new RingBuffer(PLOT_SAMPLES),
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
  }));
  // Timer resolution and jitter change the running display in place.
  useOnArgChange(() => {
    state.clock.options.quantizationMs = quantizationMs;
    state.clock.options.jitterMs = jitterMs;
  }, [quantizationMs, jitterMs]);
  // A new display, rounding or random run starts a new measurement; the plots keep their history.
  useOnArgChange(() => {
    Object.assign(state, engine(args.current));
    const v = state.values;
    v.rawJudderMs = v.smoothJudderMs = v.scored = v.flaps = v.repeated = v.rawLagMs = v.smoothLagMs = Number.NaN;
    lanes.current?.clearTrail();
  }, [refreshRate, rounding, run]);

  useRafLoop(() => {
    const s = state;
    const { dropEvery, heartbeatMs, periodSeconds } = args.current;
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
      s.carryMs.push(s.smoother.carry * 1000);
      // The picture drawn this frame reaches the screen at the next vblank.
      const presentMs = clock.vblankMs - s.firstVblankMs + intervalMs;
      const r = s.raw.frame;
      r.presentMs = presentMs;
      r.pictureMs = s.rawGameMs;
      r.updates = raw * s.smoother.refreshRate;
      r.vblanks = Number.NaN;
      s.raw.add();
      const f = s.smooth.frame;
      f.presentMs = presentMs;
      f.pictureMs = s.smoothGameMs;
      f.updates = smooth * s.smoother.refreshRate;
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
        keyNumbers
        values={state.values}
        fields={[
          { key: 'rawJudderMs', label: 'judder, measured delta (RMS ms)', format: ms2 },
          { key: 'smoothJudderMs', label: 'judder, smoothed delta (RMS ms)', format: ms2 },
        ]}
      />
      <MoreReadouts summary="All readouts and plots">
        <Readout
          values={state.values}
          fields={[
            { key: 'frames', label: 'frames', format: count },
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
          references={[{ value: 1000 / refreshRate, label: `one refresh interval ${(1000 / refreshRate).toFixed(2)} ms`, color: '#888' }]}
          series={[
            { label: 'measured', stroke: '#f06a6a', buffer: state.rawDelta },
            { label: 'smoothed', stroke: '#1e9e55', buffer: state.smoothDelta, stepped: true, width: 2 },
            { label: 'display', stroke: '#888', buffer: state.trueDelta, stepped: true, width: 1 },
          ]}
        />
        <LivePlot
          title="Carried remainder: real time not yet handed out (ms); about −1 interval is the planned lead"
          yLabel="ms"
          height={140}
          references={[
            { value: 0, label: '0', color: '#888' },
            { value: -1000 / refreshRate, label: '−1 interval', color: '#1e9e55' },
          ]}
          series={[{ label: 'carry', stroke: '#1e9e55', buffer: state.carryMs }]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/10 · Delta smoothing',
  component: DeltaSmoothingDemo,
  args: { refreshRate: 60, rounding: 'nearest', quantizationMs: 0.1, jitterMs: 1.5, heartbeatMs: 3, dropEvery: 0, run: 10, periodSeconds: 2 },
  argTypes: {
    refreshRate: { name: 'display rate (Hz)', description: "The simulated display's refresh rate. Changing it starts a new measurement.", control: { type: 'select' }, options: [30, 59.94, 60, 75, 120, 144] },
    rounding: {
      name: 'rounding',
      description: "'nearest' (default): round to the nearest whole interval; 'up': the article's arithmetic (round up, at least one).",
      control: { type: 'inline-radio' },
      options: ['nearest', 'up'],
    },
    quantizationMs: { name: 'timer resolution (ms)', description: 'Each timestamp is rounded down to a multiple of this.', control: { type: 'inline-radio' }, options: [0, 0.1, 1] },
    jitterMs: { name: 'jitter (± ms)', description: 'Each timestamp moves by a random amount within ± this many ms.', control: { type: 'range', min: 0, max: 4, step: 0.1 } },
    heartbeatMs: { name: 'heartbeat (ms)', description: 'Every other timestamp arrives this many ms late: long and short deltas alternate.', control: { type: 'range', min: 0, max: 6, step: 0.1 } },
    dropEvery: { name: 'miss a vblank every N frames', description: 'A slow frame every N frames (0: never): that delta spans two vblanks.', control: { type: 'range', min: 0, max: 120, step: 1 } },
    run: { name: 'random run', description: 'Seed of the phase and the jitter draws. Changing it starts a new measurement.', control: { type: 'number', min: 1, step: 1 } },
    periodSeconds: { name: 'period (s)', description: 'Seconds for the object to cross the track and back.', control: { type: 'range', min: 0.5, max: 6, step: 0.1 } },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useSmoothedDelta } from 'react-timestep';

function Player() {
  // dt is a whole number of refresh intervals; the remainder is carried to the next frame.
  useSmoothedDelta((dt) => {
    player.x += player.speed * dt;
    draw(player);
  });
  return null;
}`,
      },
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
