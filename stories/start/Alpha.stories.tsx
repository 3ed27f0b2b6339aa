import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../../src/core/index.js';
import { docs, updateRateArg } from '../kit/controls.js';
import { lanesOf } from '../kit/Lanes.js';
import { count, formatter, percent } from '../kit/format.js';
import { laneLegend } from '../kit/Legend.js';
import { readValue, waitForValue } from '../kit/play.js';
import { SimulatedLanes } from '../kit/SimulatedLanes.js';
import { fieldsOf } from '../kit/Readout.js';

/** Controls of the alpha demo. */
interface AlphaProps { updateRate: number }

const REFRESH_RATE = 60;
const LANES = lanesOf('the latest state (alpha 1)', 'blended by alpha');
/** The two lanes' fixed steps: the latest state, and the state blended by alpha. */
const loops = (updateRate: number) => [
  createFixedStep({ step: 1 / updateRate, interpolation: 'none', refreshRate: REFRESH_RATE }),
  createFixedStep({ step: 1 / updateRate, interpolation: 'previous', refreshRate: REFRESH_RATE }),
];
const alpha = formatter(3);

function AlphaDemo({ updateRate }: AlphaProps) {
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'alpha', max: 1 }}
      display={{ refreshRate: REFRESH_RATE }}
      init={() => ({ rate: updateRate, loops: loops(updateRate), last: [Number.NaN, Number.NaN], moved: [0, 0], minAlpha: [1, 1], maxAlpha: [0, 0], pictures: 0 })}
      frame={({ vsync, lanes, values: v, state: s }) => {
        // A new rate: new fixed steps, counted from this frame (the dots start again at 0).
        if (s.rate !== updateRate) {
          s.rate = updateRate;
          s.loops = loops(updateRate);
        }
        v.updateRate = s.rate;
        for (let lane = 0; lane < 2; lane += 1) {
          const f = s.loops[lane]!.advance(vsync.timestampMs);
          // The picture: the previous state blended toward the latest by alpha, in game seconds.
          if (f.pictureTime !== s.last[lane]) s.moved[lane] = s.moved[lane]! + 1;
          s.last[lane] = f.pictureTime;
          s.minAlpha[lane] = Math.min(s.minAlpha[lane]!, f.alpha);
          s.maxAlpha[lane] = Math.max(s.maxAlpha[lane]!, f.alpha);
          lanes.picture(lane, f.pictureTime / 2, f.alpha);
        }
        s.pictures += 1;
        v.noneMoved = s.moved[0]! / s.pictures;
        v.blendMoved = s.moved[1]! / s.pictures;
        v.noneMinAlpha = s.minAlpha[0]!;
        v.blendMinAlpha = s.minAlpha[1]!;
        v.blendMaxAlpha = s.maxAlpha[1]!;
      }}
      values={() => ({ updateRate: Number.NaN, noneMoved: Number.NaN, blendMoved: Number.NaN, noneMinAlpha: Number.NaN, blendMinAlpha: Number.NaN, blendMaxAlpha: Number.NaN })}
      legend={laneLegend("each picture's alpha, from 0 (the previous state) to 1 (the latest)")}
      keyNumbers={[
        { key: 'noneMoved', label: 'latest state: pictures that moved', format: percent, color: LANES[0]!.color },
        { key: 'blendMoved', label: 'blended: pictures that moved', format: percent, color: LANES[1]!.color },
      ]}
      more={[
        { key: 'updateRate', label: 'updates a second', format: count },
        ...fieldsOf(alpha, {
          noneMinAlpha: 'latest state: lowest alpha', blendMinAlpha: 'blended: lowest alpha', blendMaxAlpha: 'blended: highest alpha',
        }),
      ]}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** Ten updates a second on 60 pictures a second: one picture in six moves without alpha, all of them with it. */
export const TenUpdatesASecond: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 60);
    await waitForValue(canvasElement, 'blendMoved', Number.isFinite);
    await expect(readValue(canvasElement, 'noneMinAlpha')).toBe(1);
    await expect(Math.abs(readValue(canvasElement, 'noneMoved') - 1 / 6)).toBeLessThan(0.03);
    // Every picture but the very first (nothing to move from) moves.
    await expect(readValue(canvasElement, 'blendMoved')).toBeGreaterThan(0.97);
    await expect(readValue(canvasElement, 'blendMinAlpha')).toBeLessThan(0.2);
    await expect(readValue(canvasElement, 'blendMaxAlpha')).toBeGreaterThan(0.8);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
A fixed step updates the game a set number of times a second (here 10) whatever the display does
(60 pictures a second). Between two updates the game has a **previous** and a **latest** state;
**alpha** says how far the clock has got from one to the other, from 0 to 1. The upper dot draws
the latest state: it moves in one picture out of six and stands still in the other five. The
lower dot draws previous + (latest − previous) × alpha: it moves in every picture, evenly. The bars
show each picture's alpha: always 1 above, a ramp from 0 to 1 below.

The display is simulated (one vblank per real animation frame), so the story shows the same thing
on any screen.
`;

const meta = {
  title: 'Start here/4 · Alpha',
  component: AlphaDemo,
  args: { updateRate: 10 },
  argTypes: { updateRate: updateRateArg([5, 10, 20, 30], 'Fixed updates per second on the simulated 60 Hz display.') },
  parameters: docs(ABOUT),
} satisfies Meta<typeof AlphaDemo>;
export default meta;
