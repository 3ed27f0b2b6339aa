import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import type { FixedStep } from '../src/core/index.js';
import { busyWait } from './components/busyWait.js';
import { LaneCanvas } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the variable-vs-fixed demo. */
interface VariableVsFixedProps {
  /** Fixed update rate, Hz. */
  updateRate: number;
  /** Extra work per frame, ms: a random share of it each frame, so deltas vary. */
  loadMs: number;
  /** Launch speed of the ball, m/s (its apex is v² / 2g). */
  launchSpeed: number;
}

const GRAVITY = 9.81;
const SAMPLES = 240;

/** A ball thrown up, falling back and bouncing perfectly: the simplest physics that drifts with dt. */
class Ball {
  height = 0;
  velocity = 0;
  apex = 0;
  /** The highest point of each finished hop, m. */
  readonly apexes = new RingBuffer(64);

  constructor(private readonly launchSpeed: number) {
    this.velocity = launchSpeed;
  }

  /** Semi-implicit Euler: velocity first, then position, as most game code does. */
  update(dt: number): void {
    this.velocity -= GRAVITY * dt;
    this.height += this.velocity * dt;
    this.apex = Math.max(this.apex, this.height);
    if (this.height < 0) {
      this.height = -this.height;
      this.velocity = -this.velocity;
      this.apexes.push(this.apex);
      this.apex = 0;
    }
  }

  /** Position on the lane, 0..1. */
  lane(): number {
    return Math.min(1, this.height / ((this.launchSpeed * this.launchSpeed) / GRAVITY));
  }
}

/** One "machine": a frame rate (every frame, or every other), a loop kind, a ball. */
interface Machine {
  ball: Ball;
  /** Only every `every`-th real frame reaches this machine (a slower computer). */
  every: number;
  fixed?: FixedStep;
  lastMs: number;
}

const LANES = [
  { label: 'variable dt, fast PC', color: '#f06a6a' },
  { label: 'variable dt, slow PC', color: '#f5b041' },
  { label: 'fixed step, fast PC', color: '#58d68d' },
  { label: 'fixed step, slow PC', color: '#5dade2' },
] as const;

function VariableVsFixedDemo({ updateRate, loadMs, launchSpeed }: VariableVsFixedProps) {
  const lanes = useRef<LaneCanvasHandle>(null);
  const state = useMemo(() => {
    const machine = (every: number, fixed: boolean): Machine => ({
      ball: new Ball(launchSpeed),
      every,
      // boundaryTolerance 0: plain floor, so at the same timestamp both machines hold exactly the
      // same number of steps and can be compared state for state. (With the default tolerance each
      // machine keeps its own side of a step boundary under jitter: their states are the same
      // sequence, but at one moment one of them may be a step ahead.)
      fixed: fixed ? createFixedStep({ step: 1 / updateRate, interpolation: 'none', maxSteps: 10, boundaryTolerance: 0 }) : undefined,
      lastMs: Number.NaN,
    });
    return {
      machines: [machine(1, false), machine(2, false), machine(1, true), machine(2, true)],
      frame: 0,
      seed: 7,
      dtFast: new RingBuffer(SAMPLES),
      stepsFast: new RingBuffer(SAMPLES),
      positions: new Float64Array(4),
      values: { frames: 0, variableGap: 0, fixedGap: 0, variableApexSpread: Number.NaN, fixedApex: Number.NaN },
    };
  }, [updateRate, launchSpeed]);

  useRafLoop((nowMs) => {
    const s = state;
    s.seed = (s.seed * 16807) % 2147483647;
    busyWait(loadMs * (s.seed / 2147483647));
    s.machines.forEach((m, i) => {
      // The slow PC sees every other frame; it starts on the same first frame as the fast one.
      if (s.frame % m.every !== 0) return;
      if (m.fixed) {
        const f = m.fixed.advance(nowMs);
        for (let k = 0; k < f.steps; k += 1) m.ball.update(m.fixed.step);
        if (i === 2) s.stepsFast.push(f.steps);
      } else {
        const dt = Number.isFinite(m.lastMs) ? (nowMs - m.lastMs) / 1000 : 0;
        // The naive loop: integrate whatever time passed, in one go.
        m.ball.update(Math.min(dt, 0.25));
        if (i === 0) s.dtFast.push(dt * 1000);
      }
      m.lastMs = nowMs;
      s.positions[i] = m.ball.lane();
    });
    const [vFast, vSlow, fFast, fSlow] = s.machines as [Machine, Machine, Machine, Machine];
    // Compare the two machines only where both just ran (every other frame).
    if (s.frame % 2 === 0 && s.frame > 0) {
      s.values.variableGap = Math.max(s.values.variableGap, Math.abs(vFast.ball.height - vSlow.ball.height));
      s.values.fixedGap = Math.max(s.values.fixedGap, Math.abs(fFast.ball.height - fSlow.ball.height));
    }
    s.values.frames = s.frame;
    s.values.fixedApex = fFast.ball.apexes.last();
    let lo = Infinity;
    let hi = -Infinity;
    for (const m of [vFast, vSlow]) {
      for (let k = 0; k < m.ball.apexes.length; k += 1) {
        lo = Math.min(lo, m.ball.apexes.at(k));
        hi = Math.max(hi, m.ball.apexes.at(k));
      }
    }
    s.values.variableApexSpread = hi >= lo ? hi - lo : Number.NaN;
    s.frame += 1;
    lanes.current?.draw(s.positions);
  });

  const m = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(2)} cm` : '–');
  return (
    <div>
      <LaneCanvas ref={lanes} lanes={LANES} testId="lanes" />
      <Readout
        values={state.values}
        fields={[
          { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
          { key: 'variableGap', label: 'variable dt: fast vs slow PC, worst gap', format: m },
          { key: 'fixedGap', label: 'fixed step: fast vs slow PC, worst gap', format: m },
          { key: 'variableApexSpread', label: 'variable dt: spread of bounce heights', format: m },
          { key: 'fixedApex', label: 'fixed step: last bounce height', format: m },
        ]}
      />
      <LivePlot
        title="Fast PC: variable dt (ms) and fixed-step updates per frame"
        series={[
          { label: 'dt (ms)', stroke: '#f06a6a', buffer: state.dtFast },
          { label: 'steps', stroke: '#1e9e55', buffer: state.stepsFast, stepped: true },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Algorithms/1 · Variable delta vs fixed step',
  component: VariableVsFixedDemo,
  render: (args) => <VariableVsFixedDemo key={JSON.stringify(args)} {...args} />,
  args: { updateRate: 60, loadMs: 8, launchSpeed: 6 },
  argTypes: {
    updateRate: { control: { type: 'select' }, options: [30, 50, 60, 120, 240] },
    loadMs: { control: { type: 'range', min: 0, max: 30, step: 1 } },
    launchSpeed: { control: { type: 'range', min: 2, max: 12, step: 0.5 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
The simplest game loop hands the update whatever time passed since the last frame (seed 001,
listing 1). It looks fine, but the simulation now depends on the frame rate: a ball thrown with the
same speed bounces to different heights on a fast and a slow computer, and differently from one run
to the next, because every integration step has an error that depends on \`dt\`.

A fixed step (\`createFixedStep\`, here with \`interpolation: 'none'\`) always integrates in the same
\`step\`, running as many updates as the clock demands. Two "computers" are simulated with the same
real animation frames: the slow one only sees every other frame. With a fixed step both balls are
**bit-for-bit identical** whenever both have drawn; with a variable delta they drift apart.
The load control adds a random amount of busy work per frame so the deltas vary. Updates per frame
are plotted ×1 (the axis is shared with the delta in ms).
`,
      },
    },
  },
} satisfies Meta<typeof VariableVsFixedDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The same throw on a fast and a slow PC, with a naive loop and with a fixed step. */
export const SameThrowTwoComputers: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 40);
    await waitForValue(canvasElement, 'variableGap', (gap) => gap > 0);
    // Deterministic: identical states, not merely close ones.
    await expect(readValue(canvasElement, 'fixedGap')).toBe(0);
  },
};
