import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LiveViewer } from '../components/liveViewer.js';
import { readValue, waitForValue } from '../components/playHelpers.js';
import { TwoLanes, ms2 } from './TwoLanes.js';

/** Controls of the judder demo. */
interface JudderProps {
  /** Each simulated timestamp moves by a random amount within ± this many ms. */
  jitterMs: number;
}

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const LAP_MS = 2000;

function JudderDemo({ jitterMs }: JudderProps) {
  return (
    <TwoLanes
      lanes={[
        { label: 'moved by the measured time', color: '#f06a6a' },
        { label: 'moved by whole vblanks', color: '#58d68d' },
      ]}
      countLabel="ms off"
      countMax={4}
      vsync={{ refreshRate: REFRESH_RATE, jitterMs, quantizationMs: 0 }}
      init={() => ({ viewers: [new LiveViewer({ refreshIntervalMs: INTERVAL_MS }), new LiveViewer({ refreshIntervalMs: INTERVAL_MS })], firstMs: Number.NaN })}
      step={(vsync, s, trail, v) => {
        vsync.options.jitterMs = jitterMs;
        if (!Number.isFinite(s.firstMs)) s.firstMs = vsync.timestampMs;
        // The same picture time two ways: from the timestamp the loop measured (jittered), or
        // counted in whole vblanks (what the display really did).
        const measured = vsync.timestampMs - s.firstMs;
        const counted = vsync.vblankMs;
        for (let lane = 0; lane < 2; lane += 1) {
          const pictureMs = lane === 0 ? measured : counted;
          trail.picture(lane, pictureMs / LAP_MS, Math.abs(pictureMs - counted));
          const viewer = s.viewers[lane]!;
          viewer.frame.presentMs = counted;
          viewer.frame.pictureMs = pictureMs;
          viewer.frame.updates = 1;
          viewer.frame.vblanks = Number.NaN;
          viewer.add();
          const total = viewer.total;
          if (total) v[lane === 0 ? 'measuredJudder' : 'countedJudder'] = total.judderMs;
        }
      }}
      values={() => ({ frames: 0, measuredJudder: Number.NaN, countedJudder: Number.NaN })}
      keyNumbers={[
        { key: 'measuredJudder', label: 'measured time: judder (RMS)', format: ms2 },
        { key: 'countedJudder', label: 'whole vblanks: judder (RMS)', format: ms2 },
      ]}
      more={[]}
    />
  );
}

const meta = {
  title: 'Start here/2 · Judder',
  component: JudderDemo,
  args: { jitterMs: 2 },
  argTypes: {
    jitterMs: {
      name: 'timestamp jitter (± ms)',
      description: 'How far each frame timestamp of the simulated 60 Hz display strays from its vblank, ± ms.',
      control: { type: 'range', min: 0, max: 4, step: 0.1 },
    },
  },
  parameters: {
    docs: {
      description: {
        component: `
**Judder** is a picture that moves unevenly although the object moves evenly: each picture is
shown at a vblank, exactly 16.7 ms after the one before, but the game time it shows advanced by
more or less than that. A browser's frame timestamps stray from the vblanks by a millisecond or
two. The upper dot is moved by the measured time between timestamps: its trail's ghosts are
unevenly spaced and the bars show how far each picture is off. The lower dot is moved by whole
vblanks: evenly spaced ghosts, no bars, 0 judder. The key numbers are the root mean square of
each picture's advance minus 16.7 ms (the package's viewer model, \`createViewerMeter\`).

The display is simulated (one vblank per real animation frame, timestamps ± \`jitterMs\`), so the
story shows the same thing on any screen.
`,
      },
    },
  },
} satisfies Meta<typeof JudderDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ± 2 ms of timestamp jitter: the measured-time dot judders, the vblank-counted one does not. */
export const JitteredTimestamps: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'countedJudder', Number.isFinite);
    await expect(readValue(canvasElement, 'countedJudder')).toBeLessThan(1e-6);
    await expect(readValue(canvasElement, 'measuredJudder')).toBeGreaterThan(0.5);
  },
};
