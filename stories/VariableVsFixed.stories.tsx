import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import type { FixedStep } from '../src/core/index.js';
import { useLiveArgs, useOnArgChange } from './components/liveArgs.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { SimulatedFrames } from './components/simulatedFrames.js';
import { useRafLoop } from './components/useRafLoop.js';
import { TrailCanvas } from './hooks/components/TrailCanvas.js';
import type { TrailCanvasHandle } from './hooks/components/TrailCanvas.js';
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
/** The simulated display's rate, Hz: one of its frames per real animation frame. */
const REFRESH_RATE = 60;

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
    // The apex (v²/2g) near the far end of the lane, never past it (the lane wraps at 1).
    return Math.min(0.95, this.height / (1.05 * ((this.launchSpeed * this.launchSpeed) / (2 * GRAVITY))));
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

/**
 * Steps a frame may run. The slow PC's frames are two of the fast PC's, up to four vblanks with the
 * heaviest load: 16 steps at 240 Hz. A cap below that would drop time on the slow PC only (the
 * fast one never reaches it) and the two would part; 64 never binds here, so nothing is dropped.
 */
const MAX_STEPS = 64;

function machines(updateRate: number, launchSpeed: number) {
  const machine = (every: number, fixed: boolean): Machine => ({
    ball: new Ball(launchSpeed),
    every,
    // boundaryTolerance 0: plain floor, so at the same timestamp both machines hold exactly the
    // same number of steps and can be compared state for state.
    fixed: fixed ? createFixedStep({ step: 1 / updateRate, interpolation: 'none', maxSteps: MAX_STEPS, boundaryTolerance: 0 }) : undefined,
    lastMs: Number.NaN,
  });
  return [machine(1, false), machine(2, false), machine(1, true), machine(2, true)] as const;
}

function VariableVsFixedDemo(props: VariableVsFixedProps) {
  const { updateRate, launchSpeed } = props;
  const args = useLiveArgs(props);
  const trail = useRef<TrailCanvasHandle>(null);
  // Built once; a control change throws the balls again (below).
  const [state] = useState(() => {
    const exactApexM = (launchSpeed * launchSpeed) / (2 * GRAVITY);
    return {
      machines: machines(updateRate, launchSpeed) as readonly [Machine, Machine, Machine, Machine],
      exactApexM,
      variable: new Bounces(),
      fixedBounces: new Bounces(),
      frame: 0,
      display: new SimulatedFrames(REFRESH_RATE, 7),
      workMs: 0,
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
        fixedDroppedMs: 0,
        fastUpdatesPerFrame: Number.NaN,
        slowUpdatesPerFrame: Number.NaN,
      },
      // Fixed-step updates and frames of each PC (index 2: fast, 3: slow), for updates per frame.
      updates: new Float64Array(4),
      ran: new Float64Array(4),
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
    trail.current?.clear();
  }, [updateRate, launchSpeed]);

  useRafLoop(() => {
    const s = state;
    // The simulated display: the previous frame's work decides when this frame comes.
    const nowMs = s.display.next(s.workMs);
    s.workMs = args.current.loadMs * s.display.draw();
    let dropped = 0;
    for (let i = 0; i < s.machines.length; i += 1) {
      const m = s.machines[i]!;
      // The slow PC sees every other frame; it starts on the same first frame as the fast one.
      if (s.frame % m.every !== 0) continue;
      let count = 1;
      if (m.fixed) {
        const f = m.fixed.advance(nowMs);
        for (let k = 0; k < f.steps; k += 1) m.ball.update(m.fixed.step);
        count = f.steps;
        dropped += f.totalDroppedSeconds;
        s.updates[i] = s.updates[i]! + f.steps;
        s.ran[i] = s.ran[i]! + 1;
      } else {
        const dt = Number.isFinite(m.lastMs) ? (nowMs - m.lastMs) / 1000 : 0;
        // The naive loop: integrate whatever time passed, in one go.
        m.ball.update(Math.min(dt, 0.25));
      }
      m.lastMs = nowMs;
      trail.current?.picture(i, m.ball.lane(), count);
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
    v.fixedDroppedMs = Math.max(v.fixedDroppedMs, dropped * 1000);
    v.fastUpdatesPerFrame = s.ran[2]! > 0 ? s.updates[2]! / s.ran[2]! : Number.NaN;
    v.slowUpdatesPerFrame = s.ran[3]! > 0 ? s.updates[3]! / s.ran[3]! : Number.NaN;
    v.frames = s.frame;
    s.variable.measure(vFast.ball, vSlow.ball, s.exactApexM);
    s.fixedBounces.measure(fFast.ball, fSlow.ball, s.exactApexM);
    v.bounces = Math.min(s.variable.count, s.fixedBounces.count);
    v.variableSpread = s.variable.spread();
    v.fixedSpread = s.fixedBounces.spread();
    v.variableError = s.variable.count > 0 ? s.variable.worstErrorM : Number.NaN;
    v.fixedError = s.fixedBounces.count > 0 ? s.fixedBounces.worstErrorM : Number.NaN;
    s.frame += 1;
    trail.current?.draw();
  });

  const m = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(2)} cm` : '–');
  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="updates/frame" countMax={4} testId="lanes" />
      <Readout
        keyNumbers
        values={state.values}
        fields={[
          { key: 'variableGap', label: 'variable dt: fast vs slow PC, worst gap', format: m },
          { key: 'fixedGap', label: 'fixed step: fast vs slow PC, worst gap', format: m },
        ]}
      />
      <MoreReadouts>
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
            { key: 'fixedDroppedMs', label: 'fixed step: time dropped by the step cap (ms)', format: (n) => n.toFixed(1) },
            { key: 'fastUpdatesPerFrame', label: 'fixed step: updates per frame, fast PC', format: (n) => n.toFixed(2) },
            { key: 'slowUpdatesPerFrame', label: 'fixed step: updates per frame, slow PC', format: (n) => n.toFixed(2) },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/5 · Variable delta vs fixed step',
  component: VariableVsFixedDemo,
  args: { updateRate: 60, loadMs: 24, launchSpeed: 4 },
  argTypes: {
    updateRate: {
      name: 'update rate (Hz)',
      description: 'Fixed updates per second of the fixed-step loops (the step is its inverse). Changing it throws the balls again.',
      control: { type: 'select' },
      options: [30, 50, 60, 120, 240],
    },
    loadMs: {
      name: 'frame load (ms)',
      description: 'Simulated work per frame: a random share of this many ms; a frame whose work passes the 16.7 ms refresh interval makes the next one wait a vblank more, so the deltas vary.',
      control: { type: 'range', min: 0, max: 30, step: 1 },
    },
    launchSpeed: {
      name: 'launch speed (m/s)',
      description: 'Speed of the throw; the exact bounce height is v²/2g. Changing it throws the balls again.',
      control: { type: 'range', min: 2, max: 12, step: 0.5 },
    },
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
\`step\`, running as many updates as the clock demands. Two "computers" see the same frames of a
simulated 60 Hz display: the slow one only every other frame. With a fixed step both balls are
**bit-for-bit identical** whenever both have drawn (worst gap 0); with a variable delta they drift
apart. The bars under each lane count the updates behind each picture: the variable loop runs one
update of any length, the fixed step runs more updates on the slow computer's longer frames.

The comparison holds only while no time is dropped: with the default cap of 5 steps a frame (or
the 10 this story once used), a frame longer than the cap loses time on the slow computer alone
and the two part. Here the cap is 64 and the readouts show that nothing was dropped.

A fixed step makes the result repeatable, not exact: with either loop the hops peak at slightly
different heights, off v²/2g (see "All readouts"). The display is simulated (each real animation
frame is one frame of a 60 Hz display; the load decides how many vblanks a frame lasts), so the
story shows the same thing on every machine, at any frame rate.
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
    await waitForValue(canvasElement, 'variableGap', (gap) => gap > 0, 10000);
    // Deterministic: identical states, not merely close ones, and no time dropped on either PC.
    await expect(readValue(canvasElement, 'fixedGap')).toBe(0);
    await expect(readValue(canvasElement, 'fixedDroppedMs')).toBe(0);
    // v²/2g for the default 4 m/s throw: 16 / 19.62 m.
    await expect(readValue(canvasElement, 'exactApex')).toBeCloseTo(16 / (2 * 9.81), 12);
    // Both loops' bounce heights spread, and neither loop hits v²/2g exactly.
    await waitForValue(canvasElement, 'bounces', (n) => n >= 2, 12000);
    await expect(readValue(canvasElement, 'fixedSpread')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'variableSpread')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'fixedError')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'variableError')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'fixedGap')).toBe(0);
    await expect(readValue(canvasElement, 'fixedDroppedMs')).toBe(0);
    // The slow PC's frames are twice as long: its fixed step runs about twice the updates a frame.
    await expect(readValue(canvasElement, 'slowUpdatesPerFrame')).toBeGreaterThan(1.8 * readValue(canvasElement, 'fastUpdatesPerFrame'));
  },
};

/** 240 updates a second: the slow PC's longest frames need 16 steps, past the old cap of 10. */
export const HighUpdateRate: Story = {
  args: { updateRate: 240, loadMs: 30 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 60);
    await waitForValue(canvasElement, 'variableGap', (gap) => gap > 0, 10000);
    await expect(readValue(canvasElement, 'fixedGap')).toBe(0);
    await expect(readValue(canvasElement, 'fixedDroppedMs')).toBe(0);
  },
};
