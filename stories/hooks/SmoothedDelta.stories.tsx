import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FrameProvider, useFrame, useSmoothedDelta } from '../../src/index.js';
import { docs, jitterArg, lapArg, resolutionArg } from '../kit/controls.js';
import { lanesOf } from '../kit/Lanes.js';
import { FollowTransport, useSimulatedDisplays } from '../kit/display.js';
import type { SimulatedDisplay } from '../kit/display.js';
import { count, formatter } from '../kit/format.js';
import type { LanesHandle } from '../kit/Lanes.js';
import { laneLegend } from '../kit/Legend.js';
import { keyMetric, metricValues, writeMetrics } from '../kit/metrics.js';
import { expectFramesAdvance, expectPauseAndSingleStep, readValue, waitForValue } from '../kit/play.js';
import { LanesPanel } from '../kit/Panel.js';
import { LiveViewer } from '../kit/viewer.js';

/** Controls of the useSmoothedDelta demo. */
interface SmoothedDeltaProps { jitterMs: number; quantizationMs: number; lapSeconds: number }

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const PREFIXES = ['raw', 'smooth'] as const;
const LANES = lanesOf('useFrame: the measured delta', 'useSmoothedDelta: whole refresh intervals');

/** The game: the same frames moved two ways; per picture, the viewer model scores both against the display's vblanks. */
function Dots({ display, lapSeconds, lanes, values }: { display: SimulatedDisplay; lapSeconds: number; lanes: { current: LanesHandle | null }; values: Record<string, number> }) {
  const [live] = useState(() => ({ gameS: new Float64Array(2), dtS: new Float64Array(2), viewers: PREFIXES.map(() => new LiveViewer({ refreshIntervalMs: INTERVAL_MS })) }));
  useFrame((frame) => {
    live.dtS[0] = frame.deltaSeconds;
    live.gameS[0] = live.gameS[0]! + frame.deltaSeconds;
  });
  useSmoothedDelta((dt) => {
    live.dtS[1] = dt;
    live.gameS[1] = live.gameS[1]! + dt;
  });
  useFrame(
    (frame) => {
      const vsync = display.vsync;
      values.frames = frame.frameIndex;
      for (let lane = 0; lane < 2; lane += 1) {
        const updates = (live.dtS[lane]! * 1000) / INTERVAL_MS;
        lanes.current?.picture(lane, live.gameS[lane]! / lapSeconds, updates);
        // Each picture appears at its vblank (the simulated display's ground truth).
        if (frame.frameIndex > 0 && live.viewers[lane]!.score(vsync.vblankMs, live.gameS[lane]! * 1000, updates, vsync.vblanks)) writeMetrics(values, PREFIXES[lane]!, live.viewers[lane]!.total);
      }
      values.smoothDtMs = live.dtS[1]! * 1000;
      lanes.current?.draw();
    },
    { phase: 'render' },
  );
  return null;
}

function SmoothedDeltaDemo({ jitterMs, quantizationMs, lapSeconds }: SmoothedDeltaProps) {
  const displays = useSimulatedDisplays(1, { refreshRate: REFRESH_RATE, jitterMs, quantizationMs, seed: 7 });
  const lanes = useRef<LanesHandle>(null);
  const [values] = useState(() => ({ frames: 0, smoothDtMs: Number.NaN, ...metricValues(PREFIXES) }));
  return (
    <>
      <FollowTransport displays={displays} />
      <FrameProvider source={displays[0]} refreshRate={REFRESH_RATE}>
        <Dots display={displays[0]!} lapSeconds={lapSeconds} lanes={lanes} values={values} />
      </FrameProvider>
      <LanesPanel
        ref={lanes}
        lanes={LANES}
        bars={{ label: 'refresh intervals handed out', max: 2 }}
        legend={laneLegend('refresh intervals of game time each frame handed to the game (1 is right: one vblank passed)')}
        values={values}
        keyNumbers={[keyMetric('raw', 'useFrame delta', 'JudderMs', LANES[0]!.color), keyMetric('smooth', 'useSmoothedDelta', 'JudderMs', LANES[1]!.color)]}
        more={[
          { key: 'frames', label: 'frames', format: count },
          { key: 'smoothDtMs', label: 'smoothed dt, last frame (ms)', format: formatter(3) },
          { key: 'smoothFlaps', label: 'useSmoothedDelta: flaps', format: count },
        ]}
      />
    </>
  );
}

type Story = StoryObj<typeof meta>;

/** With ± 1.5 ms of jitter the raw delta judders by about a millisecond; the smoothed one does not judder at all. */
export const JitteryTimestamps: Story = {
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 10);
    await waitForValue(root, 'smoothJudderMs', Number.isFinite);
    await waitForValue(root, 'frames', (n) => n >= 60);
    await expect(readValue(root, 'smoothJudderMs')).toBeLessThan(0.001);
    // Uniform ± 1.5 ms on each timestamp: the RMS of the difference of two is √1.5 ≈ 1.2 ms.
    const raw = readValue(root, 'rawJudderMs');
    await expect(raw).toBeGreaterThan(0.8);
    await expect(raw).toBeLessThan(1.6);
    await expect(readValue(root, 'smoothDtMs')).toBeCloseTo(INTERVAL_MS, 9);
  },
};

/** No jitter, exact timestamps: both deltas are one interval, both judders 0. */
export const ExactTimestamps: Story = {
  args: { jitterMs: 0, quantizationMs: 0 },
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'smoothJudderMs', Number.isFinite);
    await expect(readValue(root, 'smoothJudderMs')).toBeLessThan(0.001);
    await expect(readValue(root, 'rawJudderMs')).toBeLessThan(0.001);
  },
};

/** The transport bar stops the simulated display: no frames while paused, exactly one per single step. */
export const PauseAndSingleStep: Story = {
  play: async ({ canvasElement }) => {
    await expectPauseAndSingleStep(canvasElement, 'frames');
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Two dots on the same frames. The red one moves by the delta \`useFrame\` measures between
timestamps; the green one by the delta \`useSmoothedDelta\` hands out: the measured delta plus the
carried remainder, rounded to a whole number of refresh intervals (Frank Force, "Time Delta
Smoothing"). The display presents on its vblanks, evenly, whatever the timestamps say, so the green
dot, which moves by whole intervals, advances exactly as much as the screen does: its trail is
evenly spaced and its bars show 1 interval every frame. The red dot carries the timestamp jitter
onto the screen: ragged bars, uneven trail.

**The display is simulated** (a \`<FrameProvider source>\` paced by the real animation frames: each
real frame is one vblank of a 60 Hz display with a random phase, ± \`jitterMs\` and timer
quantisation), so the effect is the same on every machine. Judder is the viewer model's
(\`createViewerMeter\`): the RMS change, from one picture to the next, of the shown game time minus
the vblank it appears at.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useSmoothedDelta } from 'react-timestep';

function Ship() {
  // dt is a whole number of refresh intervals (1/60, 1/60, 2/60 … on a 60 Hz display);
  // the rounding remainder is carried, so game time still follows real time.
  useSmoothedDelta((dt) => {
    ship.x += ship.vx * dt;
  });
  return null;
}`;

const meta = {
  title: 'Hooks/15 · useSmoothedDelta vs the raw delta',
  component: SmoothedDeltaDemo,
  args: { jitterMs: 1.5, quantizationMs: 0.1, lapSeconds: 1 },
  argTypes: { jitterMs: jitterArg, quantizationMs: resolutionArg, lapSeconds: lapArg },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof SmoothedDeltaDemo>;
export default meta;
