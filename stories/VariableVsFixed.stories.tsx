import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import type { FixedStep } from '../src/core/index.js';
import { LoadGate, realLoadArgType, useLiveArgs, useOnArgChange } from './components/liveArgs.js';
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
  /** Burn the load as a real busy-wait instead of simulating it. */
  realLoad: boolean;
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

/** Lowest and highest bounce heights of two balls, and the worst distance of one from the exact answer. */
class Bounces {
  lo = Infinity;
  hi = -Infinity;
  worstErrorM = 0;
  count = 0;

  measure(a: Ball, b: Ball, exactM: number): void {
    this.lo = Infinity;
    this.hi = -Infinity;
    this.worstErrorM = 0;
    this.count = Math.max(a.apexes.length, b.apexes.length);
    this.scan(a, exactM);
    this.scan(b, exactM);
  }

  /** hi − lo, NaN until two bounces were measured. */
  spread(): number {
    return this.count >= 2 ? this.hi - this.lo : Number.NaN;
  }

  private scan(ball: Ball, exactM: number): void {
    for (let k = 0; k < ball.apexes.length; k += 1) {
      const apex = ball.apexes.at(k);
      if (apex < this.lo) this.lo = apex;
      if (apex > this.hi) this.hi = apex;
      const error = Math.abs(apex - exactM);
      if (error > this.worstErrorM) this.worstErrorM = error;
    }
  }
}

function machines(updateRate: number, launchSpeed: number) {
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
  return [machine(1, false), machine(2, false), machine(1, true), machine(2, true)] as const;
}

function VariableVsFixedDemo(props: VariableVsFixedProps) {
  const { updateRate, launchSpeed } = props;
  const args = useLiveArgs(props);
  const lanes = useRef<LaneCanvasHandle>(null);
  // Built once; a control change throws the balls again (below) but keeps the plots' history.
  const [state] = useState(() => {
    const exactApexM = (launchSpeed * launchSpeed) / (2 * GRAVITY);
    return {
      machines: machines(updateRate, launchSpeed) as readonly [Machine, Machine, Machine, Machine],
      exactApexM,
      variable: new Bounces(),
      fixedBounces: new Bounces(),
      frame: 0,
      seed: 7,
      load: new LoadGate(),
      dtFast: new RingBuffer(SAMPLES),
      stepsFast: new RingBuffer(SAMPLES),
      positions: new Float64Array(4),
      values: {
        frames: 0,
        exactApex: exactApexM,
        bounces: 0,
        variableSpread: Number.NaN,
        fixedSpread: Number.NaN,
        variableError: Number.NaN,
        fixedError: Number.NaN,
        variableGap: 0,
        fixedGap: 0,
      },
    };
  });
  // A new rate or speed: both computers throw again from the floor, on the same frame.
  useOnArgChange(() => {
    state.machines = machines(updateRate, launchSpeed);
    state.exactApexM = (launchSpeed * launchSpeed) / (2 * GRAVITY);
    const v = state.values;
    v.exactApex = state.exactApexM;
    v.variableGap = 0;
    v.fixedGap = 0;
    // Even frame: the slow computer runs on the next frame together with the fast one.
    state.frame += state.frame % 2;
    lanes.current?.clearTrail();
  }, [updateRate, launchSpeed]);

  useRafLoop((nowMs) => {
    const s = state;
    if (s.load.blocksFrame(nowMs)) return false;
    s.seed = (s.seed * 16807) % 2147483647;
    s.load.spend(args.current.loadMs * (s.seed / 2147483647), args.current.realLoad);
    for (let i = 0; i < s.machines.length; i += 1) {
      const m = s.machines[i]!;
      // The slow PC sees every other frame; it starts on the same first frame as the fast one.
      if (s.frame % m.every !== 0) continue;
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
    }
    // Indexed, not destructured: no iterator per frame.
    const vFast = s.machines[0];
    const vSlow = s.machines[1];
    const fFast = s.machines[2];
    const fSlow = s.machines[3];
    const v = s.values;
    // Compare the two machines only where both just ran (every other frame).
    if (s.frame % 2 === 0 && s.frame > 0) {
      v.variableGap = Math.max(v.variableGap, Math.abs(vFast.ball.height - vSlow.ball.height));
      v.fixedGap = Math.max(v.fixedGap, Math.abs(fFast.ball.height - fSlow.ball.height));
    }
    v.frames = s.frame;
    s.variable.measure(vFast.ball, vSlow.ball, s.exactApexM);
    s.fixedBounces.measure(fFast.ball, fSlow.ball, s.exactApexM);
    v.bounces = Math.min(s.variable.count, s.fixedBounces.count);
    v.variableSpread = s.variable.spread();
    v.fixedSpread = s.fixedBounces.spread();
    v.variableError = s.variable.count > 0 ? s.variable.worstErrorM : Number.NaN;
    v.fixedError = s.fixedBounces.count > 0 ? s.fixedBounces.worstErrorM : Number.NaN;
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
          { key: 'exactApex', label: 'exact bounce height v²/2g', format: m },
          { key: 'bounces', label: 'bounces measured (last 64 kept)', format: (n) => n.toFixed(0) },
          { key: 'variableSpread', label: 'variable dt: spread of bounce heights, both PCs', format: m },
          { key: 'fixedSpread', label: 'fixed step: spread of bounce heights, both PCs', format: m },
          { key: 'variableError', label: 'variable dt: worst bounce height off v²/2g', format: m },
          { key: 'fixedError', label: 'fixed step: worst bounce height off v²/2g', format: m },
          { key: 'variableGap', label: 'variable dt: fast vs slow PC, worst height gap', format: m },
          { key: 'fixedGap', label: 'fixed step: fast vs slow PC, worst height gap', format: m },
        ]}
      />
      <LivePlot
        title="Fast PC: the variable loop's dt (ms, left) and the fixed step's updates per frame (right)"
        yLabel="ms"
        rightLabel="steps"
        rightRange={[0, 4]}
        references={[{ value: 1000 / updateRate, label: `fixed step ${(1000 / updateRate).toFixed(1)} ms`, color: '#1e9e55' }]}
        series={[
          { label: 'dt (ms)', stroke: '#f06a6a', buffer: state.dtFast },
          { label: 'steps per frame', stroke: '#1e9e55', buffer: state.stepsFast, stepped: true, axis: 'right', digits: 0 },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Algorithms/1 · Variable delta vs fixed step',
  component: VariableVsFixedDemo,
  args: { updateRate: 60, loadMs: 24, launchSpeed: 6, realLoad: false },
  argTypes: {
    updateRate: {
      name: 'update rate (Hz)',
      description: 'Fixed updates per second of the fixed-step loops (the step is its inverse). Changing it throws the balls again.',
      control: { type: 'select' },
      options: [30, 50, 60, 120, 240],
    },
    loadMs: {
      name: 'frame load (ms)',
      description: 'Extra work per frame: a random share of this many ms; a frame whose work passes the refresh interval comes late, so the deltas vary.',
      control: { type: 'range', min: 0, max: 30, step: 1 },
    },
    launchSpeed: {
      name: 'launch speed (m/s)',
      description: 'Speed of the throw; the exact bounce height is v²/2g. Changing it throws the balls again.',
      control: { type: 'range', min: 2, max: 12, step: 0.5 },
    },
    realLoad: realLoadArgType,
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useFixedTimestep } from 'react-timestep';

function Ball() {
  // The same 60 updates per game second on every computer, however fast it draws.
  useFixedTimestep({
    step: 1 / 60,
    interpolation: 'none',
    update: (dt) => {
      ball.velocity -= 9.81 * dt;
      ball.height += ball.velocity * dt;
    },
    render: () => drawBall(ball.height),
  });
  return null;
}`,
      },
      description: {
        component: `
The simplest game loop hands the update whatever time passed since the last frame (Peter
Sundqvist, "Timestepping"). The simulation then depends on the frame rate: a ball thrown with the
same speed follows a different path on a fast and a slow computer, because every integration step
has an error that depends on \`dt\`.

A fixed step (\`createFixedStep\`, here with \`interpolation: 'none'\`) always integrates in the same
\`step\`, running as many updates as the clock demands. Two "computers" are simulated with the same
real animation frames: the slow one only sees every other frame. With a fixed step both balls are
**bit-for-bit identical** whenever both have drawn (worst height gap 0); with a variable delta they
drift apart.

A fixed step makes the result repeatable, not exact. The ball is integrated with semi-implicit
Euler and bounces when a step takes it below the floor, so with **either** loop the hops peak at
slightly different heights, off the answer of the continuous physics, v²/2g: the readouts show the spread of the last 64 bounce heights of each loop and their worst distance from
v²/2g. The fixed step's heights are the same on both computers; the variable loop's are not.
The load control adds a random amount of work per frame so the deltas vary (simulated by default:
the frames the work would delay are skipped; a real busy-wait is a control away). The plot shows the
variable loop's delta in ms and, on its own axis, how many fixed updates each frame ran.
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
    // v²/2g for the default 6 m/s throw: 36 / 19.62 m.
    await expect(readValue(canvasElement, 'exactApex')).toBeCloseTo(36 / (2 * 9.81), 12);
    // Both loops' bounce heights spread, and neither loop hits v²/2g exactly.
    await waitForValue(canvasElement, 'bounces', (n) => n >= 3, 8000);
    await expect(readValue(canvasElement, 'fixedSpread')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'variableSpread')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'fixedError')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'variableError')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'fixedGap')).toBe(0);
  },
};
