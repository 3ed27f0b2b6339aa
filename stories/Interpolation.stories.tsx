import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import type { FixedStep } from '../src/core/index.js';
import { docs, lapArg, range, updateRateArg } from './kit/controls.js';
import { useFrameCanvas } from './kit/canvasSize.js';
import { lanesOf } from './kit/Lanes.js';
import type { LaneSpec } from './kit/Lanes.js';
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
/** Frames whose gap the gauge draws as ticks (and the spread readouts span). */
const GAP_FRAMES = 30;

/** The gauge's data: per mode, the mean gap (the key number) and the last {@link GAP_FRAMES} frames' gaps, ms. */
interface Gaps {
  mean: Float64Array;
  frames: Float64Array;
  head: number;
  held: number;
  /** Half the gauge's width, ms: past this a bar is cut (with a mark). */
  scaleMs: number;
}

const newGaps = (): Gaps => ({ mean: new Float64Array(MODES.length).fill(Number.NaN), frames: new Float64Array(MODES.length * GAP_FRAMES), head: 0, held: 0, scaleMs: 50 });

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

/** Largest minus smallest of mode `i`'s last frames' gaps, ms. */
function spread(frames: Float64Array, i: number): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = i * GAP_FRAMES; k < (i + 1) * GAP_FRAMES; k += 1) {
    lo = Math.min(lo, frames[k]!);
    hi = Math.max(hi, frames[k]!);
  }
  return hi - lo;
}

const GAUGE_ROW = 26;
const GAUGE_TOP = 20;
const GAUGE_LABEL = 92;

/**
 * The lanes' dot-to-ring gap, magnified: one row per mode around a white line (the ring), a bar
 * from it to the mean gap (left: behind, right: ahead), a tick per recent frame. The lanes show the
 * same gap at lap scale, a few pixels; here 40 ms is a third of the width.
 */
function LagGauge({ gaps, lanes }: { gaps: Gaps; lanes: readonly LaneSpec[] }) {
  const height = GAUGE_TOP + lanes.length * GAUGE_ROW + 16;
  const canvas = useFrameCanvas(720, height, (ctx, width) => {
    const zero = GAUGE_LABEL + (width - GAUGE_LABEL - 10) / 2;
    const perMs = (width - GAUGE_LABEL - 10) / 2 / gaps.scaleMs;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#9aa4b5';
    ctx.textAlign = 'right';
    ctx.fillText('← behind', zero - 6, 9);
    ctx.textAlign = 'left';
    ctx.fillText('ahead →', zero + 6, 9);
    // The scale under the rows: the gauge's ends.
    const bottom = height - 7;
    ctx.fillText(`${gaps.scaleMs} ms`, GAUGE_LABEL, bottom);
    ctx.textAlign = 'right';
    ctx.fillText(`${gaps.scaleMs} ms`, width - 10, bottom);
    ctx.textAlign = 'left';
    for (let i = 0; i < lanes.length; i += 1) {
      const y = GAUGE_TOP + i * GAUGE_ROW + GAUGE_ROW / 2;
      ctx.fillStyle = lanes[i]!.color;
      ctx.fillText(`'${MODES[i]}'`, 8, y);
      const mean = gaps.mean[i]!;
      if (Number.isFinite(mean)) {
        // Behind is a positive gap, drawn to the left of the ring as on the lanes; cut at the scale, with a mark.
        const x = zero - Math.max(-gaps.scaleMs, Math.min(gaps.scaleMs, mean)) * perMs;
        ctx.globalAlpha = 0.85;
        ctx.fillRect(Math.min(x, zero), y - 7, Math.max(2, Math.abs(x - zero)), 14);
        if (Math.abs(mean) > gaps.scaleMs) ctx.fillRect(x + (mean > 0 ? -4 : 2), y - 9, 2, 18);
      }
      ctx.globalAlpha = 1;
      ctx.fillStyle = '#ffffff';
      for (let k = 0; k < gaps.held; k += 1) {
        const g = gaps.frames[i * GAP_FRAMES + k]!;
        if (Math.abs(g) <= gaps.scaleMs) ctx.fillRect(zero - g * perMs - 0.5, y + 8, 1, 5);
      }
    }
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(zero - 1, GAUGE_TOP - 2, 2, lanes.length * GAUGE_ROW + 2);
  });
  return (
    <figure style={{ margin: '8px 0', maxWidth: 720 }}>
      <figcaption style={{ font: '600 13px system-ui', marginBottom: 4 }}>Dot to ring, magnified: which mode shows the object behind, on, or ahead</figcaption>
      <div style={{ width: '100%' }}>
        <canvas ref={canvas} data-testid="lag-gauge" style={{ display: 'block', borderRadius: 4 }} />
      </div>
    </figure>
  );
}

function InterpolationDemo({ updateRate, loadMs, lapSeconds }: InterpolationProps) {
  const [gaps] = useState(newGaps);
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
          gaps.held = 0;
          gaps.head = 0;
        }
        gaps.scaleMs = Math.max(50, Math.ceil((1.25 * 1000) / updateRate / 10) * 10);
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
          // The gap the lane shows, dot to ring: the gauge's tick for this frame.
          gaps.frames[i * GAP_FRAMES + gaps.head] = (nowS - pictureS) * 1000;
          if (l.viewer.score(nowS * 1000, pictureS * 1000, f.steps, Number.NaN) && l.viewer.recent) {
            v[`lag-${MODES[i]!}`] = l.viewer.recent.lagMeanMs;
            v[`judder-${MODES[i]!}`] = l.viewer.recent.judderMs;
            gaps.mean[i] = l.viewer.recent.lagMeanMs;
          }
        }
        gaps.head = (gaps.head + 1) % GAP_FRAMES;
        gaps.held = Math.min(GAP_FRAMES, gaps.held + 1);
        for (let i = 0; i < MODES.length; i += 1) v[`spread-${MODES[i]!}`] = gaps.held === GAP_FRAMES ? spread(gaps.frames, i) : Number.NaN;
        v.minAlpha = s.minAlpha;
        v.maxAlpha = s.maxAlpha;
      }}
      values={() => ({ minAlpha: Number.NaN, maxAlpha: Number.NaN, ...Object.fromEntries(MODES.flatMap((m) => [[`lag-${m}`, Number.NaN], [`judder-${m}`, Number.NaN], [`spread-${m}`, Number.NaN]])) })}
      legend={laneLegend(undefined, [
        { mark: 'ring', text: 'where the object really is at this frame’s timestamp: a dot behind the ring lags, one ahead of it runs ahead' },
        { mark: 'swatch', text: 'gauge bar: the mean gap from dot to ring over the last ¼ s, to scale; left of the white line (the ring) is behind, right of it ahead' },
        { mark: 'bar', text: `gauge ticks: the gap at each of the last ${GAP_FRAMES} frames; spread out is a stutter, bunched is smooth` },
      ])}
      after={<LagGauge gaps={gaps} lanes={LANES} />}
      keyNumbers={MODES.map<ReadoutField>((mode, i) => ({ key: `lag-${mode}`, label: `'${mode}': ms behind the ring (−: ahead)`, format: formatter(1), color: LANES[i]!.color }))}
      more={[
        { key: 'minAlpha', label: 'alpha, lowest seen', format: formatter(3) },
        { key: 'maxAlpha', label: 'alpha, highest seen', format: formatter(3) },
        ...MODES.map((mode) => ({ key: `judder-${mode}`, label: `'${mode}': judder, last ¼ s (RMS)`, format: ms1 })),
        ...MODES.map((mode) => ({ key: `spread-${mode}`, label: `'${mode}': gap dot to ring, last ${GAP_FRAMES} frames, largest − smallest`, format: ms1 })),
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
    // The gauge: 'none''s ticks spread over most of a step, the blended modes' stay bunched.
    await waitForValue(canvasElement, 'spread-none', (ms) => ms > 20);
    await expect(readValue(canvasElement, 'spread-previous')).toBeLessThan(2);
    await expect(readValue(canvasElement, 'spread-ahead')).toBeLessThan(2);
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
clock time minus the game time on screen. The gauge under them magnifies the gap from each dot to
its ring: a bar to the left of the white line is behind, to the right ahead, and a tick per recent
frame shows whether the gap holds still (smooth) or jumps about (the stutter of \`'none'\`). A low update rate (25 Hz by default) makes the
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
