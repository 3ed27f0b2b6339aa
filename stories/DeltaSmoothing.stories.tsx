import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createDeltaSmoother } from '../src/core/index.js';
import { choice, docs, jitterArg, lapArg, range, resolutionArg } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { laneLegend } from './kit/Legend.js';
import { HandOutLanes } from './kit/handOut.js';
import { keyMetric, metricFields, metricValues } from './kit/metrics.js';
import { expectFramesAdvance, readValue, waitForValue } from './kit/play.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';

/** Controls of the delta-smoothing demo. */
interface DeltaSmoothingProps { refreshRate: number; quantizationMs: number; jitterMs: number; heartbeatMs: number; dropEvery: number; run: number; lapSeconds: number }

const PREFIXES = ['raw', 'up', 'nearest'] as const;
const LANES = lanesOf('measured delta', "smoothed, rounding 'up' (the article)", "smoothed, rounding 'nearest' (default)");

/** The two smoothers and the three lanes, for one display. */
function engine(refreshRate: number) {
  return { smoothers: [createDeltaSmoother({ refreshRate, rounding: 'up' }), createDeltaSmoother({ refreshRate })], lanes: new HandOutLanes(PREFIXES, refreshRate) };
}

function DeltaSmoothingDemo({ refreshRate, quantizationMs, jitterMs, heartbeatMs, dropEvery, run, lapSeconds }: DeltaSmoothingProps) {
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'refresh intervals handed out', max: 3 }}
      display={{ refreshRate, quantizationMs, jitterMs, heartbeatMs, missEvery: dropEvery, seed: run }}
      init={() => engine(refreshRate)}
      frame={({ vsync, lanes, values, state: s }) => {
        const raw = s.lanes.delta(vsync);
        if (!Number.isFinite(raw)) return;
        // The first frame takes the one-interval lead on purpose (both roundings): not a flap.
        const vblanks = vsync.frames === 2 ? Number.NaN : vsync.vblanks;
        s.lanes.handOut(0, raw, vsync, Number.NaN, 0, lanes, values, lapSeconds);
        for (let i = 0; i < 2; i += 1) s.lanes.handOut(i + 1, s.smoothers[i]!.smooth(raw), vsync, vblanks, 0, lanes, values, lapSeconds);
      }}
      values={() => metricValues(PREFIXES)}
      legend={laneLegend('refresh intervals of game time each frame handed out (1 is right while one vblank passed)', [
        { mark: 'flap', text: 'a flap: the intervals handed out differ from the vblanks that passed' },
        { mark: 'ring', text: 'the display’s time when the picture appears' },
      ])}
      // With dropped vblanks the lesson is the two roundings' flaps; without, the judder smoothing removes.
      keyNumbers={
        dropEvery > 0
          ? [keyMetric('up', "smoothed 'up'", 'Flaps', LANES[1]!.color), keyMetric('nearest', "smoothed 'nearest'", 'Flaps', LANES[2]!.color)]
          : [keyMetric('raw', 'measured delta', 'JudderMs', LANES[0]!.color), keyMetric('nearest', "smoothed 'nearest'", 'JudderMs', LANES[2]!.color)]
      }
      more={PREFIXES.flatMap((prefix, i) => metricFields(prefix, LANES[i]!.label, prefix === 'raw' ? ['JudderMs', 'LagMs'] : ['Flaps', 'Scored', 'JudderMs', 'Repeated', 'LagMs']))}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** Jitter and a heartbeat: the smoothed delta advances exactly with the display, the measured one does not. */
export const Heartbeat: Story = {
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 30);
    await waitForValue(root, 'nearestScored', (n) => n >= 60);
    await expect(readValue(root, 'rawJudderMs')).toBeGreaterThan(1);
    await expect(readValue(root, 'nearestJudderMs')).toBeLessThan(1e-6);
    await expect(readValue(root, 'nearestFlaps')).toBe(0);
    // The one-interval lead: each picture shows the game time of its own present.
    await expect(Math.abs(readValue(root, 'nearestLagMs'))).toBeLessThan(0.5);
  },
};

/** A vblank missed every 20 frames: 'nearest' makes each one up in the frame where it is seen; in this run 'up' makes them up a frame or more late. */
export const DroppedFrames: Story = {
  args: { jitterMs: 0.5, heartbeatMs: 0, dropEvery: 20 },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 45);
    await waitForValue(root, 'nearestScored', (n) => n >= 120);
    await expect(readValue(root, 'nearestFlaps')).toBe(0);
    await expect(readValue(root, 'nearestJudderMs')).toBeLessThan(1e-6);
    await expect(readValue(root, 'rawJudderMs')).toBeGreaterThan(0.1);
    await expect(Math.abs(readValue(root, 'nearestLagMs'))).toBeLessThan(0.5);
    await expect(readValue(root, 'upFlaps')).toBeGreaterThan(0);
    await expect(readValue(root, 'upJudderMs')).toBeGreaterThan(readValue(root, 'rawJudderMs'));
  },
};

/** What the docs page says above the story. */
const ABOUT = `
A vsynced picture is on screen for a whole number of refresh intervals, but the time measured
between two frame callbacks wobbles around that: the timer's resolution, the OS waking the loop a
little early or late, and on some machines a "heartbeat" of long and short deltas. Feeding that
wobble to the game (top lane) makes motion uneven even at a steady frame rate: ragged bars, judder.

\`createDeltaSmoother\` (Frank Force, "Time Delta Smoothing") hands the game whole refresh
intervals and carries the difference to the next frame: one interval a frame, even bars. Both
roundings take a one-interval lead on the first frame (the picture drawn now is shown one vblank
later, so each picture shows the game time of its own present: a lag of 0), which is why that
frame is not scored as a flap.

- \`rounding: 'nearest'\` (the default, bottom lane) rounds to the nearest whole interval, centred
  on the stream's own phase, so a dropped frame (two vblanks in one delta) is made up in the frame
  where it is seen: no flap, judder 0.00 ms.
- \`rounding: 'up'\` (the article's arithmetic, middle lane): round up, at least one interval. Its
  carry sits on an interval boundary, so where the first timestamps fell in their jitter decides
  whether a dropped frame is made up at once or in a later frame (the picture stalls, then jumps:
  a red flap). The "dropped frames" story shows a run where it is late; change \`run\` for others.

**The clock is simulated**: each real animation frame is the next frame of a virtual vsynced display
(a random phase, ± jitter, the timer's resolution, the heartbeat, a missed vblank every
\`dropEvery\` frames). Every number is the package's viewer model (\`createViewerMeter\`) scoring the
pictures against the display's true vblanks: judder is the RMS of how much more or less each
picture advanced than the display did.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useSmoothedDelta } from 'react-timestep';

function Player() {
  // dt is a whole number of refresh intervals; the remainder is carried to the next frame.
  useSmoothedDelta((dt) => {
    player.x += player.speed * dt;
    draw(player);
  });
  return null;
}`;

const meta = {
  title: 'Algorithms/10 · Delta smoothing',
  component: DeltaSmoothingDemo,
  args: { refreshRate: 60, quantizationMs: 0.1, jitterMs: 1.5, heartbeatMs: 3, dropEvery: 0, run: 10, lapSeconds: 2 },
  argTypes: {
    refreshRate: choice('display rate (Hz)', "The simulated display's refresh rate. Changing it starts a new measurement.", [30, 59.94, 60, 75, 120, 144], 'select'),
    quantizationMs: resolutionArg,
    jitterMs: jitterArg,
    heartbeatMs: range('heartbeat (ms)', 'Every other timestamp arrives this many ms late: long and short deltas alternate.', 0, 6, 0.1),
    dropEvery: range('miss a vblank every N frames', 'A slow frame every N frames (0: never): that delta spans two vblanks.', 0, 120, 1),
    run: { name: 'random run', description: 'Seed of the phase and the jitter draws. Changing it starts a new measurement.', control: { type: 'number', min: 1, step: 1 } },
    lapSeconds: lapArg,
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof DeltaSmoothingDemo>;
export default meta;
