import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../../src/core/index.js';
import { readValue, waitForValue } from '../components/playHelpers.js';
import { TwoLanes, count } from './TwoLanes.js';

/** Controls of the flap demo. */
interface FlapProps {
  /** Each simulated timestamp moves by a random amount within ± this many ms. */
  jitterMs: number;
}

const REFRESH_RATE = 60;

function FlapDemo({ jitterMs }: FlapProps) {
  return (
    <TwoLanes
      lanes={[
        { label: 'steps counted from the timestamp', color: '#f5b041' },
        { label: 'steps counted in vblanks', color: '#58d68d' },
      ]}
      countLabel="steps/picture"
      countMax={2}
      vsync={{ refreshRate: REFRESH_RATE, jitterMs, quantizationMs: 0.1 }}
      init={() => ({
        // A step of one refresh interval: one step per vblank is the right answer.
        loops: [
          createFixedStep({ step: 1 / REFRESH_RATE, boundaryTolerance: 0, interpolation: 'none' }),
          createFixedStep({ step: 1 / REFRESH_RATE, refreshRate: REFRESH_RATE, interpolation: 'none' }),
        ],
        flaps: [0, 0],
      })}
      step={(vsync, s, trail, v) => {
        vsync.options.jitterMs = jitterMs;
        for (let lane = 0; lane < 2; lane += 1) {
          const f = s.loops[lane]!.advance(vsync.timestampMs);
          // A flap: this picture's steps differ from the vblanks that really passed.
          const flap = vsync.frames > 1 && f.steps !== vsync.vblanks;
          if (flap) s.flaps[lane] = s.flaps[lane]! + 1;
          trail.picture(lane, f.pictureTime / 2, f.steps, flap);
        }
        v.rawFlaps = s.flaps[0]!;
        v.snappedFlaps = s.flaps[1]!;
        v.rawShare = vsync.frames > 1 ? s.flaps[0]! / (vsync.frames - 1) : Number.NaN;
      }}
      values={() => ({ frames: 0, rawFlaps: 0, snappedFlaps: 0, rawShare: Number.NaN })}
      keyNumbers={[
        { key: 'rawFlaps', label: 'from the timestamp: flaps', format: count },
        { key: 'snappedFlaps', label: 'in vblanks: flaps', format: count },
      ]}
      more={[{ key: 'rawShare', label: 'from the timestamp: share of pictures that flap', format: (n) => `${(n * 100).toFixed(0)} %` }]}
    />
  );
}

const meta = {
  title: 'Start here/3 · A flap',
  component: FlapDemo,
  args: { jitterMs: 1 },
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
A **flap** is a picture whose game advanced by a different number of steps than the vblanks that
passed: 0 steps (the picture stands still) followed by 2 (it jumps). Both lanes run a fixed step of
exactly one refresh interval (1/60 s on a 60 Hz display), so one step per vblank is right. The
upper lane counts steps from the frame timestamp: every timestamp lands on a step boundary, and
a millisecond of jitter decides between 0 and 2; its bars turn red on each flap. The lower lane
first places the timestamp on the vblank grid (\`createFixedStep({ step, refreshRate })\`): one
step every picture, no flaps.

The display is simulated (one vblank per real animation frame, timestamps ± \`jitterMs\`), so the
story shows the same thing on any screen.
`,
      },
    },
  },
} satisfies Meta<typeof FlapDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ± 1 ms of jitter: the timestamp count flaps, the vblank count never does. */
export const JitteredTimestamps: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 60);
    await waitForValue(canvasElement, 'rawFlaps', (n) => n > 0);
    await expect(readValue(canvasElement, 'snappedFlaps')).toBe(0);
  },
};
