import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import type { Interpolation } from '../src/core/types.js';
import { useLiveArgs, useOnArgChange } from './components/liveArgs.js';
import { SimulatedFrames } from './components/simulatedFrames.js';
import { FixedStepProbe, rms } from './components/fixedStepProbe.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import type { ReadoutField } from './components/Readout.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the interpolation demo. */
interface InterpolationProps {
  /** Update rate of the fixed step, Hz (the step is its inverse). */
  updateRate: number;
  /** Extra work per frame, ms (a random share of it, so frame times vary). */
  loadMs: number;
  /** Seconds for the object to cross the track and back. */
  periodSeconds: number;
}

const MODES: readonly { mode: Interpolation; color: string }[] = [
  { mode: 'none', color: '#f06a6a' },
  { mode: 'previous', color: '#f5b041' },
  { mode: 'ahead', color: '#58d68d' },
  { mode: 'predicted', color: '#5dade2' },
];
const SAMPLES = 240;
/** The simulated display's rate, Hz: one of its frames per real animation frame. */
const REFRESH_RATE = 60;

// Never "-0.00": a lag that rounds to zero reads 0.00.
const ms = (n: number) => (Number.isFinite(n) ? `${(Math.abs(n) < 0.005 ? 0 : n).toFixed(2)} ms` : '–');

function InterpolationDemo(props: InterpolationProps) {
  const { updateRate, periodSeconds } = props;
  const args = useLiveArgs(props);
  const lanes = useRef<LaneCanvasHandle>(null);
  // Built once from the first args; later control changes are pushed into it (no remount).
  const [state] = useState(() => {
    const probes = MODES.map(
      ({ mode }) => new FixedStepProbe(createFixedStep({ step: 1 / updateRate, interpolation: mode }), periodSeconds, SAMPLES),
    );
    const values: Record<string, number> = { frames: 0, minAlpha: Number.NaN, maxAlpha: Number.NaN };
    return { probes, values, positions: new Float64Array(MODES.length), startMs: Number.NaN, frame: 0, display: new SimulatedFrames(REFRESH_RATE, 1), workMs: 0 };
  });
  // A new step size needs a new accumulator: each probe carries on from the game time reached.
  useOnArgChange(() => {
    state.probes.forEach((probe, i) => probe.replace(createFixedStep({ step: 1 / updateRate, interpolation: MODES[i]!.mode })));
    lanes.current?.clearTrail();
  }, [updateRate]);

  useRafLoop(() => {
    const s = state;
    // The simulated display: the previous frame's work (0 to loadMs, at random) decides when this
    // frame comes, so every mode sees the same timestamps at any real frame rate.
    const nowMs = s.display.next(s.workMs);
    s.workMs = args.current.loadMs * s.display.draw();
    if (!Number.isFinite(s.startMs)) s.startMs = nowMs;
    s.frame += 1;
    let minAlpha = Number.POSITIVE_INFINITY;
    let maxAlpha = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < s.probes.length; i += 1) {
      const probe = s.probes[i]!;
      probe.periodSeconds = args.current.periodSeconds;
      probe.frame(nowMs);
      s.positions[i] = probe.position;
      minAlpha = Math.min(minAlpha, probe.minAlpha);
      maxAlpha = Math.max(maxAlpha, probe.maxAlpha);
      const mode = MODES[i]?.mode ?? 'none';
      s.values[`lag-${mode}`] = probe.lagMs.mean();
      s.values[`judder-${mode}`] = rms(probe.judderMs);
    }
    s.values.frames = s.frame;
    s.values.minAlpha = minAlpha;
    s.values.maxAlpha = maxAlpha;
    lanes.current?.draw(s.positions, pingPong((nowMs - s.startMs) / 1000, args.current.periodSeconds));
  });

  // Beside the picture: how far behind (+) or ahead (−) of the clock each mode's picture is.
  const keyFields: ReadoutField[] = MODES.map(({ mode }) => ({ key: `lag-${mode}`, label: `'${mode}' lag`, format: ms }));
  const fields: ReadoutField[] = [
    { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
    { key: 'minAlpha', label: 'alpha, lowest seen', format: (n) => n.toFixed(3) },
    { key: 'maxAlpha', label: 'alpha, highest seen', format: (n) => n.toFixed(3) },
    ...MODES.flatMap(({ mode }) => [
      { key: `judder-${mode}`, label: `${mode}: judder (RMS)`, format: ms },
    ]),
  ];
  const stepMs = 1000 / updateRate;

  return (
    <div>
      <LaneCanvas ref={lanes} lanes={LANE_LIST} testId="lanes" />
      <Readout keyNumbers values={state.values} fields={keyFields} />
      <MoreReadouts summary="All readouts and plots">
        <Readout values={state.values} fields={fields} />
        <LivePlot
          title="Lag behind the clock (ms): how old the game time on screen is; updates per frame on the right"
          yLabel="ms"
          rightLabel="steps"
          rightRange={[0, 4]}
          references={[
            { value: stepMs, label: `one step (${stepMs.toFixed(1)} ms)`, color: '#f5b041' },
            { value: 0, label: 'no lag', color: '#58d68d' },
          ]}
          series={[
            ...MODES.map(({ mode, color }, i) => ({ label: mode, stroke: color, buffer: state.probes[i]!.lagMs })),
            { label: 'steps per frame', stroke: '#9aa4b5', buffer: state.probes[0]!.steps, stepped: true, axis: 'right' as const, digits: 0 },
          ]}
        />
        <LivePlot
          title="Judder (ms): picture advance minus clock advance, per frame"
          yLabel="ms"
          references={[{ value: 0, label: 'smooth', color: '#58d68d' }]}
          series={MODES.map(({ mode, color }, i) => ({ label: mode, stroke: color, buffer: state.probes[i]!.judderMs }))}
        />
      </MoreReadouts>
    </div>
  );
}

const LANE_LIST = MODES.map(({ mode, color }) => ({ label: `interpolation '${mode}'`, color }));

const meta = {
  title: 'Algorithms/6 · Interpolation modes',
  component: InterpolationDemo,
  args: { updateRate: 25, loadMs: 0, periodSeconds: 2 },
  argTypes: {
    updateRate: {
      name: 'update rate (Hz)',
      description: 'Fixed updates per second; the step is its inverse. A rate that does not divide the display rate shows the stutter of `none`.',
      control: { type: 'select' },
      options: [10, 25, 30, 50, 60, 100, 120],
    },
    loadMs: {
      name: 'frame load (ms)',
      description: 'Simulated work per frame: a random share of this many ms; past the 16.7 ms refresh interval the next frame waits a vblank more, so frame intervals vary.',
      control: { type: 'range', min: 0, max: 30, step: 1 },
    },
    periodSeconds: {
      name: 'period (s)',
      description: 'Seconds for the object to cross the track and back.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.1 },
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useFixedTimestep } from 'react-timestep';

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
}`,
      },
      description: {
        component: `
Four fixed-step accumulators, one per \`interpolation\` mode, fed the same timestamps of a
simulated 60 Hz display (one of its frames per real animation frame, so every machine shows the
same thing, only slower when it is slow). The game state advances in whole steps; what differs is **which game time the picture
shows** and how each mode blends the two latest states to get there:

- \`'none'\` draws the latest state as is. With an update rate that does not divide the display
  rate the object visibly stutters: some frames get two steps, some none.
- \`'previous'\` (the classic accumulator) blends toward the latest state by the leftover time: smooth,
  but always one step behind.
- \`'ahead'\` simulates one step past the clock and blends back to *now*: smooth and no lag.
- \`'predicted'\` aims at the moment the picture will be presented (now plus the last frame interval),
  so it runs ahead of the clock by one frame interval: what the viewer sees when the frame appears.

The hollow ring is where the object belongs at the frame's timestamp. *Lag* is clock time minus the
game time on screen; *judder* is how much the picture's advance differs from the clock's from one
frame to the next. A low update rate (25 Hz by default) makes the differences obvious.
`,
      },
    },
  },
} satisfies Meta<typeof InterpolationDemo>;

export default meta;
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
