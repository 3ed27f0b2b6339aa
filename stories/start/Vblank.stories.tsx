import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { readValue, waitForValue } from '../components/playHelpers.js';
import { TwoLanes, count } from './TwoLanes.js';

/** Controls of the vblank demo. */
interface VblankProps {
  /** Work each picture of the lower lane takes, ms. */
  workMs: number;
}

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
/** Work of each picture of the upper lane, ms: well inside one refresh interval. */
const QUICK_MS = 8;
const LAP_MS = 2000;

interface Painter {
  /** The vblank (ms) from which the painter may hand in its next picture. */
  readyMs: number;
  lastVblank: number;
  pictures: number;
  minVblanks: number;
  maxVblanks: number;
}
const painter = (): Painter => ({ readyMs: 0, lastVblank: 0, pictures: 0, minVblanks: Infinity, maxVblanks: 0 });

function VblankDemo({ workMs }: VblankProps) {
  return (
    <TwoLanes
      lanes={[
        { label: `${workMs} ms of work a picture`, color: '#f06a6a' },
        { label: `${QUICK_MS} ms of work a picture`, color: '#58d68d' },
      ]}
      countLabel="vblanks/picture"
      countMax={4}
      vsync={{ refreshRate: REFRESH_RATE, jitterMs: 0, quantizationMs: 0 }}
      init={() => ({ slow: painter(), quick: painter(), work: [workMs, QUICK_MS] })}
      step={(vsync, s, trail, v) => {
        s.work[0] = workMs;
        const painters = [s.slow, s.quick];
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
          p.readyMs = vsync.vblankMs + s.work[lane]!;
          trail.picture(lane, vsync.vblankMs / LAP_MS, p.pictures > 1 ? gap : 1);
        }
        const seconds = vsync.vblankMs / 1000;
        if (seconds > 0) {
          v.slowRate = (s.slow.pictures - 1) / seconds;
          v.quickRate = (s.quick.pictures - 1) / seconds;
        }
        v.slowMin = s.slow.minVblanks;
        v.slowMax = s.slow.maxVblanks;
        v.quickMin = s.quick.minVblanks;
        v.quickMax = s.quick.maxVblanks;
      }}
      values={() => ({ frames: 0, slowRate: Number.NaN, quickRate: Number.NaN, slowMin: Number.NaN, slowMax: Number.NaN, quickMin: Number.NaN, quickMax: Number.NaN })}
      keyNumbers={[
        { key: 'slowRate', label: `${workMs} ms of work: pictures a second`, format: (n) => n.toFixed(1) },
        { key: 'quickRate', label: `${QUICK_MS} ms of work: pictures a second`, format: (n) => n.toFixed(1) },
      ]}
      more={[
        { key: 'slowMin', label: 'slow lane: fewest vblanks between pictures', format: count },
        { key: 'slowMax', label: 'slow lane: most vblanks between pictures', format: count },
        { key: 'quickMin', label: 'quick lane: fewest vblanks between pictures', format: count },
        { key: 'quickMax', label: 'quick lane: most vblanks between pictures', format: count },
      ]}
    />
  );
}

const meta = {
  title: 'Start here/1 · A vblank',
  component: VblankDemo,
  args: { workMs: 20 },
  argTypes: {
    workMs: {
      name: 'work per picture, upper lane (ms)',
      description: 'How long the upper lane takes to make each picture. Past one refresh interval (16.7 ms) it misses a vblank.',
      control: { type: 'range', min: 2, max: 60, step: 1 },
    },
  },
  parameters: {
    docs: {
      description: {
        component: `
A display shows a new picture only at a **vblank**: 60 times a second on a 60 Hz display, every
16.7 ms. A picture that is not ready at a vblank waits for the next one. The lower lane takes 8 ms
per picture and is ready for every vblank: 60 pictures a second, one vblank each. The upper lane
takes 20 ms, misses every other vblank and shows 30 pictures a second, two vblanks each (the bars).
Both dots move at the same speed; the upper one in steps twice as long.

The display is simulated (one vblank per real animation frame), so the story shows the same thing
on any screen.
`,
      },
    },
  },
} satisfies Meta<typeof VblankDemo>;

export default meta;
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
