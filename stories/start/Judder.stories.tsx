import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { docs, jitterArg } from '../kit/controls.js';
import { lanesOf } from '../kit/Lanes.js';
import { ms2 } from '../kit/format.js';
import { laneLegend } from '../kit/Legend.js';
import { readValue, waitForValue } from '../kit/play.js';
import { SimulatedLanes } from '../kit/SimulatedLanes.js';
import { LiveViewer } from '../kit/viewer.js';

/** Controls of the judder demo. */
interface JudderProps { jitterMs: number }

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const LAP_MS = 2000;
const LANES = lanesOf('moved by the measured time', 'moved by whole vblanks');
const KEYS = ['measuredJudder', 'countedJudder'] as const;

function JudderDemo({ jitterMs }: JudderProps) {
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'ms off', max: 4 }}
      display={{ refreshRate: REFRESH_RATE, jitterMs }}
      init={() => ({ viewers: [new LiveViewer({ refreshIntervalMs: INTERVAL_MS }), new LiveViewer({ refreshIntervalMs: INTERVAL_MS })], firstMs: Number.NaN })}
      frame={({ vsync, lanes, values, state: s }) => {
        if (!Number.isFinite(s.firstMs)) s.firstMs = vsync.timestampMs;
        // The same picture time two ways: from the timestamp the loop measured (jittered), or
        // counted in whole vblanks (what the display really did).
        const measured = vsync.timestampMs - s.firstMs;
        for (let lane = 0; lane < 2; lane += 1) {
          const pictureMs = lane === 0 ? measured : vsync.vblankMs;
          lanes.picture(lane, pictureMs / LAP_MS, Math.abs(pictureMs - vsync.vblankMs));
          const viewer = s.viewers[lane]!;
          viewer.score(vsync.vblankMs, pictureMs, 1, Number.NaN);
          if (viewer.total) values[KEYS[lane]!] = viewer.total.judderMs;
        }
      }}
      values={() => ({ measuredJudder: Number.NaN, countedJudder: Number.NaN })}
      legend={laneLegend('how far each picture is off the time it is shown at, ms')}
      keyNumbers={[
        { key: 'measuredJudder', label: 'measured time: judder (RMS)', format: ms2, color: LANES[0]!.color },
        { key: 'countedJudder', label: 'whole vblanks: judder (RMS)', format: ms2, color: LANES[1]!.color },
      ]}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** ± 2 ms of timestamp jitter: the measured-time dot judders, the vblank-counted one does not. */
export const JitteredTimestamps: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'countedJudder', Number.isFinite);
    await expect(readValue(canvasElement, 'countedJudder')).toBeLessThan(1e-6);
    await expect(readValue(canvasElement, 'measuredJudder')).toBeGreaterThan(0.5);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
**Judder** is a picture that moves unevenly although the object moves evenly: each picture is
shown at a vblank, exactly 16.7 ms after the one before, but the game time it shows advanced by
more or less than that. A browser's frame timestamps stray from the vblanks by a millisecond or
two. The upper dot is moved by the measured time between timestamps: its trail's ghosts are
unevenly spaced and the bars show how far each picture is off. The lower dot is moved by whole
vblanks: evenly spaced ghosts, no bars, 0 judder. The key numbers are the root mean square of
each picture's advance minus 16.7 ms (the package's viewer model, \`createViewerMeter\`).

The display is simulated (one vblank per real animation frame, timestamps ± \`jitterMs\`), so the
story shows the same thing on any screen.
`;

const meta = {
  title: 'Start here/2 · Judder',
  component: JudderDemo,
  args: { jitterMs: 2 },
  argTypes: { jitterMs: jitterArg },
  parameters: docs(ABOUT),
} satisfies Meta<typeof JudderDemo>;
export default meta;
