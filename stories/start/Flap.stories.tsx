import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../../src/core/index.js';
import { docs, jitterArg } from '../kit/controls.js';
import { lanesOf } from '../kit/Lanes.js';
import { count, percent } from '../kit/format.js';
import { laneLegend } from '../kit/Legend.js';
import { readValue, waitForValue } from '../kit/play.js';
import { SimulatedLanes } from '../kit/SimulatedLanes.js';

/** Controls of the flap demo. */
interface FlapProps { jitterMs: number }

const REFRESH_RATE = 60;
const LANES = lanesOf('steps counted from the timestamp', 'steps counted in vblanks');

function FlapDemo({ jitterMs }: FlapProps) {
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'steps/picture', max: 2 }}
      display={{ refreshRate: REFRESH_RATE, jitterMs, quantizationMs: 0.1 }}
      init={() => ({
        // A step of one refresh interval: one step per vblank is the right answer.
        loops: [
          createFixedStep({ step: 1 / REFRESH_RATE, boundaryTolerance: 0, interpolation: 'none' }),
          createFixedStep({ step: 1 / REFRESH_RATE, refreshRate: REFRESH_RATE, interpolation: 'none' }),
        ],
        flaps: [0, 0],
      })}
      frame={({ vsync, lanes, values: v, state: s }) => {
        for (let lane = 0; lane < 2; lane += 1) {
          const f = s.loops[lane]!.advance(vsync.timestampMs);
          // A flap: this picture's steps differ from the vblanks that really passed.
          const flap = vsync.frames > 1 && f.steps !== vsync.vblanks;
          if (flap) s.flaps[lane] = s.flaps[lane]! + 1;
          lanes.picture(lane, f.pictureTime / 2, f.steps, flap);
        }
        v.rawFlaps = s.flaps[0]!;
        v.snappedFlaps = s.flaps[1]!;
        v.rawShare = vsync.frames > 1 ? s.flaps[0]! / (vsync.frames - 1) : Number.NaN;
      }}
      values={() => ({ rawFlaps: 0, snappedFlaps: 0, rawShare: Number.NaN })}
      legend={laneLegend('steps run for each picture (1 is right: one vblank passed)', [{ mark: 'flap', text: 'a flap: 0 or 2 steps where one vblank passed' }])}
      keyNumbers={[
        { key: 'rawFlaps', label: 'from the timestamp: flaps', format: count, color: LANES[0]!.color },
        { key: 'snappedFlaps', label: 'in vblanks: flaps', format: count, color: LANES[1]!.color },
      ]}
      more={[{ key: 'rawShare', label: 'from the timestamp: share of pictures that flap', format: percent }]}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** ± 1 ms of jitter: the timestamp count flaps, the vblank count never does. */
export const JitteredTimestamps: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 60);
    await waitForValue(canvasElement, 'rawFlaps', (n) => n > 0);
    await expect(readValue(canvasElement, 'snappedFlaps')).toBe(0);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
A **flap** is a picture whose game advanced by a different number of steps than the vblanks that
passed: 0 steps (the picture stands still) followed by 2 (it jumps). Both lanes run a fixed step of
exactly one refresh interval (1/60 s on a 60 Hz display), so one step per vblank is right. The
upper lane counts steps from the frame timestamp: every timestamp lands on a step boundary, and
a millisecond of jitter decides between 0 and 2; its bars turn red on each flap. The lower lane
first places the timestamp on the vblank grid (\`createFixedStep({ step, refreshRate })\`): one
step every picture, no flaps.

The display is simulated (one vblank per real animation frame, timestamps ± \`jitterMs\`), so the
story shows the same thing on any screen.
`;

const meta = {
  title: 'Start here/3 · A flap',
  component: FlapDemo,
  args: { jitterMs: 1 },
  argTypes: { jitterMs: jitterArg },
  parameters: docs(ABOUT),
} satisfies Meta<typeof FlapDemo>;
export default meta;
