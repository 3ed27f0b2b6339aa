import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FrameProvider, useFrame, useSmoothedDelta } from '../../src/index.js';
import { LivePlot } from '../components/LivePlot.js';
import { LiveViewer } from '../components/liveViewer.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import { RingBuffer } from '../components/ringBuffer.js';
import { expectFramesAdvance, readValue, waitForValue } from '../components/playHelpers.js';
import { FollowTransport } from './components/FollowTransport.js';
import { createSimulatedDisplay } from './components/simulatedDisplay.js';
import type { SimulatedDisplay } from './components/simulatedDisplay.js';
import { TrailCanvas } from './components/TrailCanvas.js';
import { expectPauseAndSingleStep } from './components/transportPlay.js';
import type { TrailCanvasHandle } from './components/TrailCanvas.js';

/** Controls of the useSmoothedDelta demo. */
interface SmoothedDeltaProps {
  /** Each simulated timestamp moves by a random amount within ± this many ms. */
  jitterMs: number;
  /** Timer resolution of the simulated timestamps, ms (0: exact). */
  quantizationMs: number;
  /** Game seconds a dot takes to cross the track, s. */
  lapSeconds: number;
}

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const SAMPLES = 240;
const LANES = [
  { label: 'useFrame: raw dt', color: '#f06a6a' },
  { label: 'useSmoothedDelta', color: '#58d68d' },
] as const;

function Dots({ display, lapSeconds }: { display: SimulatedDisplay; lapSeconds: number }) {
  const trail = useRef<TrailCanvasHandle>(null);
  const lap = useRef(lapSeconds);
  lap.current = lapSeconds;
  const live = useMemo(
    () => ({
      // [0] raw game s, [1] smoothed game s, [2] raw dt this frame, [3] smoothed dt this frame
      game: new Float64Array(4),
      raw: new LiveViewer({ refreshIntervalMs: INTERVAL_MS }),
      smooth: new LiveViewer({ refreshIntervalMs: INTERVAL_MS }),
      seconds: new RingBuffer(SAMPLES),
      rawDt: new RingBuffer(SAMPLES),
      smoothDt: new RingBuffer(SAMPLES),
      values: { frames: 0, windows: 0, rawJudderMs: Number.NaN, smoothJudderMs: Number.NaN, rawDtMs: Number.NaN, smoothDtMs: Number.NaN },
    }),
    [],
  );

  // The same frames, two deltas: the scheduler's measured one and the smoothed one.
  useFrame((frame) => {
    live.game[2] = frame.deltaSeconds;
    live.game[0] = live.game[0]! + frame.deltaSeconds;
  });
  useSmoothedDelta((dt) => {
    live.game[3] = dt;
    live.game[1] = live.game[1]! + dt;
  });

  useFrame(
    (frame) => {
      const g = live.game;
      const v = live.values;
      const vsync = display.vsync;
      trail.current?.picture(0, g[0]! / lap.current, (g[2]! * 1000) / INTERVAL_MS);
      trail.current?.picture(1, g[1]! / lap.current, (g[3]! * 1000) / INTERVAL_MS);
      trail.current?.draw();
      v.frames = frame.frameIndex;
      if (frame.frameIndex === 0) return;
      // The viewer model: each picture appears at its vblank (the simulated display's ground truth).
      for (let lane = 0; lane < 2; lane += 1) {
        const viewer = lane === 0 ? live.raw : live.smooth;
        const f = viewer.frame;
        f.presentMs = vsync.vblankMs;
        f.pictureMs = g[lane]! * 1000;
        f.droppedMs = 0;
        f.updates = (g[lane + 2]! * 1000) / INTERVAL_MS;
        f.vblanks = vsync.vblanks;
        viewer.add();
      }
      live.seconds.push(vsync.vblankMs / 1000);
      live.rawDt.push(g[2]! * 1000);
      live.smoothDt.push(g[3]! * 1000);
      v.rawDtMs = g[2]! * 1000;
      v.smoothDtMs = g[3]! * 1000;
      v.windows = live.smooth.windows;
      v.rawJudderMs = live.raw.total?.judderMs ?? Number.NaN;
      v.smoothJudderMs = live.smooth.total?.judderMs ?? Number.NaN;
    },
    { phase: 'render' },
  );

  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(3) : '–');
  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="intervals/frame" countMax={2} testId="trail" />
      <Readout
        keyNumbers
        values={live.values}
        fields={[
          { key: 'rawJudderMs', label: 'judder, raw dt (ms RMS)', format: ms },
          { key: 'smoothJudderMs', label: 'judder, smoothed dt (ms RMS)', format: ms },
        ]}
      />
      <MoreReadouts summary="All readouts and plots">
        <Readout
          values={live.values}
          fields={[
            { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
            { key: 'rawDtMs', label: 'raw dt, last frame (ms)', format: ms },
            { key: 'smoothDtMs', label: 'smoothed dt, last frame (ms)', format: ms },
          ]}
        />
        <LivePlot
          title="dt handed to the game each frame (ms) against simulated display time (s)"
          yLabel="ms"
          x={live.seconds}
          series={[
            { label: 'useFrame: raw dt', stroke: '#f06a6a', buffer: live.rawDt },
            { label: 'useSmoothedDelta', stroke: '#1e9e55', buffer: live.smoothDt, stepped: true, width: 2 },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

function SmoothedDeltaDemo({ jitterMs, quantizationMs, lapSeconds }: SmoothedDeltaProps) {
  // Created once with the first args; later changes are written into its live options below.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const display = useMemo(() => createSimulatedDisplay({ refreshRate: REFRESH_RATE, jitterMs, quantizationMs, seed: 7 }), []);
  // Live: the next simulated timestamp uses the new values (no remount, history kept).
  useEffect(() => {
    display.options.jitterMs = jitterMs;
    display.options.quantizationMs = quantizationMs;
  }, [display, jitterMs, quantizationMs]);
  const displays = useMemo(() => [display], [display]);
  return (
    <>
      <FollowTransport displays={displays} />
      <FrameProvider source={display} refreshRate={REFRESH_RATE}>
        <Dots display={display} lapSeconds={lapSeconds} />
      </FrameProvider>
    </>
  );
}

const meta = {
  title: 'Hooks/15 · useSmoothedDelta vs the raw delta',
  component: SmoothedDeltaDemo,
  args: { jitterMs: 1.5, quantizationMs: 0.1, lapSeconds: 1 },
  argTypes: {
    jitterMs: {
      name: 'timestamp jitter (± ms)',
      description: 'Timestamp jitter of the simulated 60 Hz display, ± ms (uniform). Firefox shows about ± 0.8 ms.',
      control: { type: 'range', min: 0, max: 4, step: 0.1 },
    },
    quantizationMs: {
      name: 'timer resolution (ms)',
      description: 'Timer resolution of the simulated timestamps, ms (0.1 as in Chromium, 1 as in a coarse clock; 0 = exact).',
      control: { type: 'inline-radio' },
      options: [0, 0.1, 1],
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
        code: `import { useSmoothedDelta } from 'react-timestep';

function Ship() {
  // dt is a whole number of refresh intervals (1/60, 1/60, 2/60 … on a 60 Hz display);
  // the rounding remainder is carried, so game time still follows real time.
  useSmoothedDelta((dt) => {
    ship.x += ship.vx * dt;
  });
  return null;
}`,
      },
      description: {
        component: `
Two dots on the same frames. The red one moves by the delta \`useFrame\` measures between
timestamps; the green one by the delta \`useSmoothedDelta\` hands out: the measured delta plus the
carried remainder, rounded to a whole number of refresh intervals (Frank Force, "Time Delta
Smoothing"). The display presents on its vblanks, evenly, whatever the timestamps say, so the green
dot, which moves by whole intervals, advances exactly as much as the screen does: its trail is
evenly spaced and its small axis shows 1 interval every frame. The red dot carries the timestamp
jitter onto the screen.

**The display is simulated** (a \`<FrameProvider source>\` paced by the real animation frames: each
real frame is one vblank of a 60 Hz display with a random phase, ± \`jitterMs\` and timer
quantisation), so the effect is the same on every machine. Judder is the viewer model's
(\`createViewerMeter\`): the RMS change, from one picture to the next, of the shown game time minus
the vblank it appears at.
`,
      },
    },
  },
} satisfies Meta<typeof SmoothedDeltaDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With ± 1.5 ms of jitter the raw delta judders by about a millisecond; the smoothed one does not judder at all. */
export const JitteryTimestamps: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 10);
    await waitForValue(canvasElement, 'smoothJudderMs', (n) => Number.isFinite(n));
    await waitForValue(canvasElement, 'frames', (n) => n >= 60);
    await expect(readValue(canvasElement, 'smoothJudderMs')).toBeLessThan(0.001);
    // Uniform ± 1.5 ms on each timestamp: the RMS of the difference of two is √1.5 ≈ 1.2 ms.
    const raw = readValue(canvasElement, 'rawJudderMs');
    await expect(raw).toBeGreaterThan(0.8);
    await expect(raw).toBeLessThan(1.6);
    await expect(readValue(canvasElement, 'smoothDtMs')).toBeCloseTo(INTERVAL_MS, 9);
  },
};

/** No jitter, exact timestamps: both deltas are one interval, both judders 0. */
export const ExactTimestamps: Story = {
  args: { jitterMs: 0, quantizationMs: 0 },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'smoothJudderMs', (n) => Number.isFinite(n));
    await expect(readValue(canvasElement, 'smoothJudderMs')).toBeLessThan(0.001);
    await expect(readValue(canvasElement, 'rawJudderMs')).toBeLessThan(0.001);
  },
};

/** The transport bar stops the simulated display: no frames while paused, exactly one per single step. */
export const PauseAndSingleStep: Story = {
  play: async ({ canvasElement }) => {
    await expectPauseAndSingleStep(canvasElement, 'frames');
  },
};
