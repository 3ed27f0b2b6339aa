import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { docs, range } from '../kit/controls.js';
import { count, formatter } from '../kit/format.js';
import { laneLegend } from '../kit/Legend.js';
import { readValue, waitForValue } from '../kit/play.js';
import { SimulatedLanes } from '../kit/SimulatedLanes.js';
import { fieldsOf } from '../kit/Readout.js';

/** Controls of the vblank demo. */
interface VblankProps { workMs: number }

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
/** Work of each picture of the lower lane, ms: well inside one refresh interval. */
const QUICK_MS = 8;
const LAP_MS = 2000;

/** One lane's painter: the vblank from which it may hand in its next picture, and what it has shown. */
interface Painter {
  readyMs: number;
  lastVblank: number;
  pictures: number;
  minVblanks: number;
  maxVblanks: number;
}
const painter = (): Painter => ({ readyMs: 0, lastVblank: 0, pictures: 0, minVblanks: Infinity, maxVblanks: 0 });

function VblankDemo({ workMs }: VblankProps) {
  const lanes = [
    { label: `${workMs} ms of work a picture`, color: '#f06a6a' },
    { label: `${QUICK_MS} ms of work a picture`, color: '#58d68d' },
  ];
  return (
    <SimulatedLanes
      lanes={lanes}
      bars={{ label: 'vblanks/picture', max: 4 }}
      display={{ refreshRate: REFRESH_RATE }}
      init={() => [painter(), painter()]}
      frame={({ vsync, lanes: picture, values: v, state: painters }) => {
        const work = [workMs, QUICK_MS];
        for (let lane = 0; lane < 2; lane += 1) {
          const p = painters[lane]!;
          // The display shows a new picture only at a vblank, and only if the picture is done.
          if (vsync.vblankMs + 1e-9 < p.readyMs) continue;
          const vblank = Math.round(vsync.vblankMs / INTERVAL_MS);
          const gap = vblank - p.lastVblank;
          if (p.pictures > 0) {
            p.minVblanks = Math.min(p.minVblanks, gap);
            p.maxVblanks = Math.max(p.maxVblanks, gap);
          }
          p.lastVblank = vblank;
          p.pictures += 1;
          p.readyMs = vsync.vblankMs + work[lane]!;
          picture.picture(lane, vsync.vblankMs / LAP_MS, p.pictures > 1 ? gap : 1);
        }
        const seconds = vsync.vblankMs / 1000;
        if (seconds > 0) {
          v.slowRate = (painters[0]!.pictures - 1) / seconds;
          v.quickRate = (painters[1]!.pictures - 1) / seconds;
        }
        v.slowMin = painters[0]!.minVblanks;
        v.slowMax = painters[0]!.maxVblanks;
        v.quickMin = painters[1]!.minVblanks;
        v.quickMax = painters[1]!.maxVblanks;
      }}
      values={() => ({ slowRate: Number.NaN, quickRate: Number.NaN, slowMin: Number.NaN, slowMax: Number.NaN, quickMin: Number.NaN, quickMax: Number.NaN })}
      legend={laneLegend('vblanks each picture stayed on screen (1 is every vblank)')}
      keyNumbers={[
        { key: 'slowRate', label: `${workMs} ms of work: pictures a second`, format: formatter(1), color: lanes[0]!.color },
        { key: 'quickRate', label: `${QUICK_MS} ms of work: pictures a second`, format: formatter(1), color: lanes[1]!.color },
      ]}
      more={[
        ...fieldsOf(count, {
          slowMin: 'upper lane: fewest vblanks between pictures', slowMax: 'upper lane: most vblanks between pictures',
          quickMin: 'lower lane: fewest vblanks between pictures', quickMax: 'lower lane: most vblanks between pictures',
        }),
      ]}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** 20 ms of work misses every other vblank: 30 pictures a second instead of 60. */
export const MissedVblanks: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 40);
    await waitForValue(canvasElement, 'quickMax', Number.isFinite);
    await expect(readValue(canvasElement, 'quickMin')).toBe(1);
    await expect(readValue(canvasElement, 'quickMax')).toBe(1);
    await expect(readValue(canvasElement, 'slowMin')).toBe(2);
    await expect(readValue(canvasElement, 'slowMax')).toBe(2);
    await expect(readValue(canvasElement, 'quickRate')).toBeCloseTo(60, 0);
    await expect(Math.abs(readValue(canvasElement, 'slowRate') - 30)).toBeLessThan(1);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
A display shows a new picture only at a **vblank**: 60 times a second on a 60 Hz display, every
16.7 ms. A picture that is not ready at a vblank waits for the next one. The lower lane takes 8 ms
per picture and is ready for every vblank: 60 pictures a second, one vblank each. The upper lane
takes 20 ms, misses every other vblank and shows 30 pictures a second, two vblanks each (the bars).
Both dots move at the same speed; the upper one in steps twice as long.

The display is simulated (one vblank per real animation frame), so the story shows the same thing
on any screen.
`;

const meta = {
  title: 'Start here/1 · A vblank',
  component: VblankDemo,
  args: { workMs: 20 },
  argTypes: {
    workMs: range('work per picture, upper lane (ms)', 'How long the upper lane takes to make each picture. Past one refresh interval (16.7 ms) it misses a vblank.', 2, 60, 1),
  },
  parameters: docs(ABOUT),
} satisfies Meta<typeof VblankDemo>;
export default meta;
