import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../../src/core/index.js';
import type { FixedStep } from '../../src/core/index.js';
import { useFrame } from '../../src/index.js';
import { LiveVsync } from '../components/liveVsync.js';
import { LiveViewer } from '../components/liveViewer.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import { readValue, waitForValue } from '../components/playHelpers.js';
import { TrailCanvas } from './components/TrailCanvas.js';
import type { TrailCanvasHandle } from './components/TrailCanvas.js';

/** Controls of the 0/2 alternation demo. */
interface ZeroTwoProps {
  /** Each simulated timestamp moves by a random amount within ± this many ms. */
  jitterMs: number;
  /** Timer resolution of the simulated timestamps, ms (0: exact). */
  quantizationMs: number;
  /** Game seconds a dot takes to cross the track, s. */
  lapSeconds: number;
}

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const LANES = [
  { label: 'plain floor (boundaryTolerance: 0)', color: '#f06a6a' },
  { label: 'createFixedStep({ refreshRate: 60 })', color: '#58d68d' },
] as const;
/** Readout keys per lane (constants: nothing is built per frame). */
const KEYS = [
  { flaps: 'rawFlaps', ratio: 'rawFlapRatio', judder: 'rawJudderMs', zero: 'rawZeroSteps', two: 'rawTwoSteps' },
  { flaps: 'snappedFlaps', ratio: 'snappedFlapRatio', judder: 'snappedJudderMs', zero: 'snappedZeroSteps', two: 'snappedTwoSteps' },
] as const;

function ZeroTwoDemo({ jitterMs, quantizationMs, lapSeconds }: ZeroTwoProps) {
  const trail = useRef<TrailCanvasHandle>(null);
  const lap = useRef(lapSeconds);
  lap.current = lapSeconds;
  const live = useMemo(() => {
    const vsyncOptions = { refreshRate: REFRESH_RATE, jitterMs, quantizationMs, seed: 21 };
    return {
      vsyncOptions,
      vsync: new LiveVsync(vsyncOptions),
      // The step equals the display interval: one step per vblank is the right answer.
      loops: [
        createFixedStep({ step: 1 / REFRESH_RATE, boundaryTolerance: 0, interpolation: 'none' }),
        createFixedStep({ step: 1 / REFRESH_RATE, refreshRate: REFRESH_RATE, interpolation: 'none' }),
      ] as readonly FixedStep[],
      viewers: [new LiveViewer({ refreshIntervalMs: INTERVAL_MS }), new LiveViewer({ refreshIntervalMs: INTERVAL_MS })],
      values: {
        frames: 0,
        rawFlaps: Number.NaN,
        rawFlapRatio: Number.NaN,
        rawJudderMs: Number.NaN,
        rawZeroSteps: 0,
        rawTwoSteps: 0,
        snappedFlaps: Number.NaN,
        snappedFlapRatio: Number.NaN,
        snappedJudderMs: Number.NaN,
        snappedZeroSteps: 0,
        snappedTwoSteps: 0,
      } as Record<string, number>,
    };
    // Created once; the jitter and resolution are written into the running clock below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    live.vsyncOptions.jitterMs = jitterMs;
    live.vsyncOptions.quantizationMs = quantizationMs;
  }, [live, jitterMs, quantizationMs]);

  // Paced by the real frames (the story's loop, so the transport bar pauses and steps it): one
  // simulated vblank per real frame.
  useFrame((frame) => {
    if (frame.paused) {
      trail.current?.draw();
      return;
    }
    const vsync = live.vsync;
    vsync.next();
    const v = live.values;
    for (let lane = 0; lane < 2; lane += 1) {
      const f = live.loops[lane]!.advance(vsync.timestampMs);
      const k = KEYS[lane]!;
      // A flap (red bar): steps that differ from the vblanks that really passed.
      trail.current?.picture(lane, f.pictureTime / lap.current, f.steps, vsync.frames > 1 && f.steps !== vsync.vblanks);
      if (vsync.frames === 1) continue;
      if (f.steps === 0) v[k.zero] = v[k.zero]! + 1;
      if (f.steps === 2) v[k.two] = v[k.two]! + 1;
      const viewer = live.viewers[lane]!;
      const p = viewer.frame;
      p.presentMs = vsync.vblankMs;
      p.pictureMs = f.pictureTime * 1000;
      p.droppedMs = f.totalDroppedSeconds * 1000;
      p.updates = f.steps;
      p.vblanks = vsync.vblanks;
      viewer.add();
      const total = viewer.total;
      if (total) {
        v[k.flaps] = total.flaps;
        v[k.ratio] = total.flapRatio;
        v[k.judder] = total.judderMs;
      }
    }
    v.frames = vsync.frames;
    trail.current?.draw();
  });

  const count = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
  const percent = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(1)} %` : '–');
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="steps/frame" countMax={2} testId="trail" />
      <Readout
        keyNumbers
        values={live.values}
        fields={[
          { key: 'rawFlaps', label: 'plain floor: flaps', format: count },
          { key: 'snappedFlaps', label: 'refreshRate: flaps', format: count },
        ]}
      />
      <MoreReadouts>
        <Readout
          values={live.values}
          fields={[
            { key: 'frames', label: 'vblanks', format: count },
            { key: 'rawFlapRatio', label: 'plain floor: flaps, share', format: percent },
            { key: 'rawZeroSteps', label: 'plain floor: frames with 0 steps', format: count },
            { key: 'rawTwoSteps', label: 'plain floor: frames with 2 steps', format: count },
            { key: 'rawJudderMs', label: 'plain floor: judder (ms RMS)', format: ms },
            { key: 'snappedFlapRatio', label: 'refreshRate: flaps, share', format: percent },
            { key: 'snappedZeroSteps', label: 'refreshRate: frames with 0 steps', format: count },
            { key: 'snappedTwoSteps', label: 'refreshRate: frames with 2 steps', format: count },
            { key: 'snappedJudderMs', label: 'refreshRate: judder (ms RMS)', format: ms },
          ]}
        />

      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/11 · The 0-and-2 step alternation and its fix',
  component: ZeroTwoDemo,
  args: { jitterMs: 1, quantizationMs: 0.1, lapSeconds: 1 },
  argTypes: {
    jitterMs: {
      name: 'timestamp jitter (± ms)',
      description: 'Timestamp jitter of the simulated 60 Hz display, ± ms (uniform). Applied live.',
      control: { type: 'range', min: 0, max: 4, step: 0.1 },
    },
    quantizationMs: {
      name: 'timer resolution (ms)',
      description: 'Timer resolution of the simulated timestamps, ms (0.1 as in Chromium, 1 as in a coarse clock; 0 = exact). Applied live.',
      control: { type: 'inline-radio' },
      options: [0, 0.1, 1],
    },
    lapSeconds: {
      name: 'lap (game s)',
      description: 'Game seconds a dot takes to cross the track, s.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.5 },
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { createFixedStep } from 'react-timestep/core';

// A step at the display's own rate: snap each timestamp to the vblank grid first,
// so jitter never turns one step per vblank into 0, 2, 0, 2 …
const loop = createFixedStep({ step: 1 / 60, refreshRate: 60, interpolation: 'none' });
const { steps } = loop.advance(timestampMs);
for (let i = 0; i < steps; i++) world.step(loop.step);`,
      },
      description: {
        component: `
A fixed step of exactly one display interval (1/60 s on a 60 Hz display) should run one step per
vblank. Peter Sundqvist ("Timestepping") shows why a plain accumulator does not: time zero is the
first frame, so every later frame lands right on a step boundary, and a timestamp a fraction early
rounds down (0 steps, the picture stands still) while the next one catches up (2 steps, the picture
jumps). The small axis turns into a barcode of 0s and 2s, and the trail shows doubled ghosts and
gaps. The viewer model (\`createViewerMeter\`) counts each frame whose steps differ from the vblanks
that really passed as a flap.

The fix (bottom lane): \`createFixedStep({ step, refreshRate })\` places each timestamp on the
display's vblank grid first, so jitter and timer resolution never decide the count: one step per
vblank, no flaps. Both lanes draw the latest state (\`interpolation: 'none'\`), which is all a
step at the display's own rate needs.

**The display is simulated** (each real animation frame is one vblank of a 60 Hz display with a
random phase, ± \`jitterMs\` and timer quantisation), so the effect shows on every machine.
`,
      },
    },
  },
} satisfies Meta<typeof ZeroTwoDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ± 1 ms of jitter: the plain floor flaps on about half the frames; the snapped step never does. */
export const JitteredTimestamps: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 120, 6000);
    await waitForValue(canvasElement, 'snappedFlaps', (n) => Number.isFinite(n));
    await expect(readValue(canvasElement, 'snappedFlaps')).toBe(0);
    await expect(readValue(canvasElement, 'snappedZeroSteps')).toBe(0);
    await expect(readValue(canvasElement, 'snappedTwoSteps')).toBe(0);
    const ratio = readValue(canvasElement, 'rawFlapRatio');
    await expect(ratio).toBeGreaterThan(0.35);
    await expect(ratio).toBeLessThan(0.65);
    await expect(readValue(canvasElement, 'snappedJudderMs')).toBeLessThan(1e-6);
    await expect(readValue(canvasElement, 'rawZeroSteps')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'rawTwoSteps')).toBeGreaterThan(0);
  },
};

/** No jitter but a 1 ms clock: the rounding of the timestamps alone makes the plain floor flap on about two thirds of the frames. */
export const CoarseClock: Story = {
  args: { jitterMs: 0, quantizationMs: 1 },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 120, 6000);
    await waitForValue(canvasElement, 'snappedFlaps', (n) => Number.isFinite(n));
    await expect(readValue(canvasElement, 'snappedFlaps')).toBe(0);
    const ratio = readValue(canvasElement, 'rawFlapRatio');
    await expect(ratio).toBeGreaterThan(0.5);
    await expect(ratio).toBeLessThan(0.8);
  },
};
