import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import type { FixedStep } from '../src/core/index.js';
import { docs, lapArg, range, updateRateArg } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { formatter, ms1 } from './kit/format.js';
import { laneLegend } from './kit/Legend.js';
import { expectFramesAdvance, readValue, waitForValue } from './kit/play.js';
import type { ReadoutField } from './kit/Readout.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';
import { LiveViewer } from './kit/viewer.js';

/** Which game time a fixed step's picture shows (the option of `createFixedStep`). */
type Interpolation = NonNullable<NonNullable<Parameters<typeof createFixedStep>[0]>['interpolation']>;

/** Controls of the interpolation demo. */
interface InterpolationProps { updateRate: number; loadMs: number; lapSeconds: number }

const MODES: readonly Interpolation[] = ['none', 'previous', 'ahead', 'predicted'];
const LANES = lanesOf("interpolation 'none'", "interpolation 'previous'", "interpolation 'ahead'", "interpolation 'predicted'");
const REFRESH_RATE = 60;

/** One mode's loop: its fixed step, and the game time run by the loops it replaced (a new step size). */
interface ModeLoop {
  fixed: FixedStep;
  offsetSeconds: number;
  viewer: LiveViewer;
}

const loop = (mode: Interpolation, updateRate: number, offsetSeconds = 0): ModeLoop => ({
  fixed: createFixedStep({ step: 1 / updateRate, interpolation: mode }),
  offsetSeconds,
  viewer: new LiveViewer({ refreshIntervalMs: 1000 / REFRESH_RATE }),
});

function InterpolationDemo({ updateRate, loadMs, lapSeconds }: InterpolationProps) {
  return (
    <SimulatedLanes
      lanes={LANES}
      display={{ refreshRate: REFRESH_RATE, jitterMs: 0.2, quantizationMs: 0.1, seed: 1 }}
      init={() => ({ rate: updateRate, loops: MODES.map((mode) => loop(mode, updateRate)), minAlpha: 1, maxAlpha: 0 })}
      frame={({ vsync, lanes, values: v, state: s, spend }) => {
        if (s.rate !== updateRate) {
          // A new step size needs a new accumulator: each mode carries on from the game time reached.
          s.rate = updateRate;
          s.loops = s.loops.map((l, i) => loop(MODES[i]!, updateRate, l.offsetSeconds + l.fixed.frame.elapsedGameSeconds));
          lanes.clear();
        }
        spend(loadMs * vsync.draw());
        for (let i = 0; i < s.loops.length; i += 1) {
          const l = s.loops[i]!;
          const f = l.fixed.advance(vsync.timestampMs);
          s.minAlpha = Math.min(s.minAlpha, f.alpha);
          s.maxAlpha = Math.max(s.maxAlpha, f.alpha);
          // Real time and the game time on screen, both on this loop's own clock.
          const nowS = l.offsetSeconds + f.elapsedGameSeconds;
          const pictureS = l.offsetSeconds + f.pictureTime;
          lanes.picture(i, pictureS / lapSeconds);
          lanes.ring(i, nowS / lapSeconds);
          if (l.viewer.score(nowS * 1000, pictureS * 1000, f.steps, Number.NaN) && l.viewer.recent) {
            v[`lag-${MODES[i]!}`] = l.viewer.recent.lagMeanMs;
            v[`judder-${MODES[i]!}`] = l.viewer.recent.judderMs;
          }
        }
        v.minAlpha = s.minAlpha;
        v.maxAlpha = s.maxAlpha;
      }}
      values={() => ({ minAlpha: Number.NaN, maxAlpha: Number.NaN, ...Object.fromEntries(MODES.flatMap((m) => [[`lag-${m}`, Number.NaN], [`judder-${m}`, Number.NaN]])) })}
      legend={laneLegend(undefined, [
        { mark: 'ring', text: 'where the object really is at this frame’s timestamp: a dot behind the ring lags, one ahead of it runs ahead' },
      ])}
      keyNumbers={MODES.map<ReadoutField>((mode, i) => ({ key: `lag-${mode}`, label: `'${mode}': ms behind the ring (−: ahead)`, format: formatter(1), color: LANES[i]!.color }))}
      more={[
        { key: 'minAlpha', label: 'alpha, lowest seen', format: formatter(3) },
        { key: 'maxAlpha', label: 'alpha, highest seen', format: formatter(3) },
        ...MODES.map((mode) => ({ key: `judder-${mode}`, label: `'${mode}': judder, last ¼ s (RMS)`, format: ms1 })),
      ]}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** Mean lag of each mode, once measured. */
async function lags(root: HTMLElement) {
  const lag = (mode: string) => waitForValue(root, `lag-${mode}`, Number.isFinite);
  return { none: await lag('none'), previous: await lag('previous'), ahead: await lag('ahead'), predicted: await lag('predicted') };
}

/** 25 Hz updates on a 60 Hz display: compare the four lanes. */
export const AllModes: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 30);
    await expect(readValue(canvasElement, 'minAlpha')).toBeGreaterThanOrEqual(0);
    await expect(readValue(canvasElement, 'maxAlpha')).toBeLessThanOrEqual(1);
    const lag = await lags(canvasElement);
    // 'previous' is one step (40 ms) behind, 'ahead' shows the clock, 'predicted' is one 16.7 ms
    // frame interval ahead of it.
    await expect(lag.previous).toBeCloseTo(40, 0);
    await expect(Math.abs(lag.ahead)).toBeLessThan(1);
    await expect(lag.predicted).toBeLessThan(-15);
    await expect(lag.predicted).toBeGreaterThan(-18.5);
    // 'none' stutters (0 or 1 steps a frame, drawn as is); the blended modes advance with the clock.
    await waitForValue(canvasElement, 'judder-none', (n) => n > 5);
    await expect(readValue(canvasElement, 'judder-previous')).toBeLessThan(0.5);
    await expect(readValue(canvasElement, 'judder-ahead')).toBeLessThan(0.5);
  },
};

/** 60 Hz updates, frames of one or two vblanks: the blended modes keep their lag, 'predicted' stays ahead. */
export const UnderLoad: Story = {
  args: { updateRate: 60, loadMs: 28 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 40);
    await expect(readValue(canvasElement, 'minAlpha')).toBeGreaterThanOrEqual(0);
    await expect(readValue(canvasElement, 'maxAlpha')).toBeLessThanOrEqual(1);
    const lag = await lags(canvasElement);
    await expect(lag.previous).toBeCloseTo(1000 / 60, 0);
    await expect(Math.abs(lag.ahead)).toBeLessThan(1);
    // Ahead by the last frame interval: one or two vblanks.
    await expect(lag.predicted).toBeLessThan(-15);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Four fixed-step accumulators, one per \`interpolation\` mode, fed the same timestamps of a
simulated 60 Hz display (one of its frames per real animation frame, so every machine shows the
same thing, only slower when it is slow). The game state advances in whole steps; what differs is
**which game time the picture shows** and how each mode blends the two latest states to get there.
The ring on each lane is where the object really is at the frame's timestamp:

- \`'none'\` draws the latest state as is. With an update rate that does not divide the display
  rate the object visibly stutters: its trail is unevenly spaced.
- \`'previous'\` (the classic accumulator) blends toward the latest state by the leftover time: smooth,
  but always one step behind the ring (40 ms at 25 Hz).
- \`'ahead'\` simulates one step past the clock and blends back to *now*: smooth and on the ring.
- \`'predicted'\` aims at the moment the picture will be presented (now plus the last frame interval),
  so it runs ahead of the ring by one frame interval: what the viewer sees when the frame appears.

The numbers are the viewer model's (\`createViewerMeter\`) mean lag over the last quarter second:
clock time minus the game time on screen. A low update rate (25 Hz by default) makes the
differences obvious.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFixedTimestep } from 'react-timestep';

function Game() {
  // 'previous': smooth, one step behind; 'ahead': simulate past now and blend back;
  // 'predicted': aim at the moment the picture is presented; 'none': the latest state.
  useFixedTimestep({
    step: 1 / 25,
    interpolation: 'ahead',
    update: (dt) => world.step(dt),
    render: (alpha) => draw(lerp(world.previous, world.current, alpha)),
  });
  return null;
}`;

const meta = {
  title: 'Algorithms/6 · Interpolation modes',
  component: InterpolationDemo,
  args: { updateRate: 25, loadMs: 0, lapSeconds: 2 },
  argTypes: {
    updateRate: updateRateArg([10, 25, 30, 50, 60, 100, 120], 'Fixed updates per second; the step is its inverse. A rate that does not divide the display rate shows the stutter of `none`.'),
    loadMs: range('frame load (ms)', 'Simulated work per frame: a random share of this many ms; past the 16.7 ms refresh interval the next frame waits a vblank more, so frame intervals vary.', 0, 30, 1),
    lapSeconds: lapArg,
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof InterpolationDemo>;
export default meta;
