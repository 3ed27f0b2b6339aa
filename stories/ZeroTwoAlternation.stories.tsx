import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import { docs, jitterArg, lapArg, resolutionArg } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { count } from './kit/format.js';
import { laneLegend } from './kit/Legend.js';
import { keyMetric, metricFields, metricValues, writeMetrics } from './kit/metrics.js';
import { readValue, waitForValue } from './kit/play.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';
import { LiveViewer } from './kit/viewer.js';

/** Controls of the 0/2 alternation demo. */
interface ZeroTwoProps { jitterMs: number; quantizationMs: number; lapSeconds: number }

const REFRESH_RATE = 60;
const PREFIXES = ['raw', 'snapped'] as const;
const LANES = lanesOf('plain floor (boundaryTolerance: 0)', 'createFixedStep({ refreshRate: 60 })');

function ZeroTwoDemo({ jitterMs, quantizationMs, lapSeconds }: ZeroTwoProps) {
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'steps/frame', max: 2 }}
      display={{ refreshRate: REFRESH_RATE, jitterMs, quantizationMs, seed: 21 }}
      init={() => ({
        // The step equals the display interval: one step per vblank is the right answer.
        loops: [
          createFixedStep({ step: 1 / REFRESH_RATE, boundaryTolerance: 0, interpolation: 'none' }),
          createFixedStep({ step: 1 / REFRESH_RATE, refreshRate: REFRESH_RATE, interpolation: 'none' }),
        ],
        viewers: PREFIXES.map(() => new LiveViewer({ refreshIntervalMs: 1000 / REFRESH_RATE })),
      })}
      frame={({ vsync, lanes, values: v, state: s }) => {
        for (let lane = 0; lane < 2; lane += 1) {
          const f = s.loops[lane]!.advance(vsync.timestampMs);
          const prefix = PREFIXES[lane]!;
          // A flap (red bar): steps that differ from the vblanks that really passed.
          lanes.picture(lane, f.pictureTime / lapSeconds, f.steps, vsync.frames > 1 && f.steps !== vsync.vblanks);
          if (vsync.frames === 1) continue;
          if (f.steps === 0) v[`${prefix}ZeroSteps`] = v[`${prefix}ZeroSteps`]! + 1;
          if (f.steps === 2) v[`${prefix}TwoSteps`] = v[`${prefix}TwoSteps`]! + 1;
          const viewer = s.viewers[lane]!;
          if (viewer.score(vsync.vblankMs, f.pictureTime * 1000, f.steps, vsync.vblanks, f.totalDroppedSeconds * 1000)) writeMetrics(v, prefix, viewer.total);
        }
      }}
      values={() => ({ ...metricValues(PREFIXES), rawZeroSteps: 0, rawTwoSteps: 0, snappedZeroSteps: 0, snappedTwoSteps: 0 })}
      legend={laneLegend('steps run for each picture (1 is right: one vblank passed)', [{ mark: 'flap', text: 'a flap: 0 or 2 steps where one vblank passed' }])}
      keyNumbers={[keyMetric('raw', 'plain floor', 'Flaps', LANES[0]!.color), keyMetric('snapped', 'refreshRate', 'Flaps', LANES[1]!.color)]}
      more={PREFIXES.flatMap((prefix, i) => [
        ...metricFields(prefix, i === 0 ? 'plain floor' : 'refreshRate', ['FlapShare', 'JudderMs']),
        { key: `${prefix}ZeroSteps`, label: `${i === 0 ? 'plain floor' : 'refreshRate'}: frames with 0 steps`, format: count },
        { key: `${prefix}TwoSteps`, label: `${i === 0 ? 'plain floor' : 'refreshRate'}: frames with 2 steps`, format: count },
      ])}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** ± 1 ms of jitter: the plain floor flaps on about half the frames; the snapped step never does. */
export const JitteredTimestamps: Story = {
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'frames', (n) => n >= 120);
    await waitForValue(root, 'snappedFlaps', Number.isFinite);
    await expect(readValue(root, 'snappedFlaps')).toBe(0);
    await expect(readValue(root, 'snappedZeroSteps')).toBe(0);
    await expect(readValue(root, 'snappedTwoSteps')).toBe(0);
    const ratio = readValue(root, 'rawFlapShare');
    await expect(ratio).toBeGreaterThan(0.35);
    await expect(ratio).toBeLessThan(0.65);
    await expect(readValue(root, 'snappedJudderMs')).toBeLessThan(1e-6);
    await expect(readValue(root, 'rawZeroSteps')).toBeGreaterThan(0);
    await expect(readValue(root, 'rawTwoSteps')).toBeGreaterThan(0);
  },
};

/** No jitter but a 1 ms clock: the rounding of the timestamps alone makes the plain floor flap on about two thirds of the frames. */
export const CoarseClock: Story = {
  args: { jitterMs: 0, quantizationMs: 1 },
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'frames', (n) => n >= 120);
    await waitForValue(root, 'snappedFlaps', Number.isFinite);
    await expect(readValue(root, 'snappedFlaps')).toBe(0);
    const ratio = readValue(root, 'rawFlapShare');
    await expect(ratio).toBeGreaterThan(0.5);
    await expect(ratio).toBeLessThan(0.8);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
A fixed step of exactly one display interval (1/60 s on a 60 Hz display) should run one step per
vblank. Peter Sundqvist ("Timestepping") shows why a plain accumulator does not: time zero is the
first frame, so every later frame lands right on a step boundary, and a timestamp a fraction early
rounds down (0 steps, the picture stands still) while the next one catches up (2 steps, the picture
jumps). The bars turn into a barcode of 0s and 2s, and the trail shows doubled ghosts and gaps.
The viewer model (\`createViewerMeter\`) counts each frame whose steps differ from the vblanks that
really passed as a flap.

The fix (bottom lane): \`createFixedStep({ step, refreshRate })\` places each timestamp on the
display's vblank grid first, so jitter and timer resolution never decide the count: one step per
vblank, no flaps. Both lanes draw the latest state (\`interpolation: 'none'\`), which is all a
step at the display's own rate needs.

**The display is simulated** (each real animation frame is one vblank of a 60 Hz display with a
random phase, ± \`jitterMs\` and timer quantisation), so the effect shows on every machine.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { createFixedStep } from 'react-timestep/core';

// A step at the display's own rate: snap each timestamp to the vblank grid first,
// so jitter never turns one step per vblank into 0, 2, 0, 2 …
const loop = createFixedStep({ step: 1 / 60, refreshRate: 60, interpolation: 'none' });
const { steps } = loop.advance(timestampMs);
for (let i = 0; i < steps; i++) world.step(loop.step);`;

const meta = {
  title: 'Algorithms/11 · The 0-and-2 step alternation and its fix',
  component: ZeroTwoDemo,
  args: { jitterMs: 1, quantizationMs: 0.1, lapSeconds: 1 },
  argTypes: { jitterMs: jitterArg, quantizationMs: resolutionArg, lapSeconds: lapArg },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof ZeroTwoDemo>;
export default meta;
