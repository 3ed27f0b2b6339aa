import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import type { FixedStep } from '../src/core/index.js';
import { docs, range, updateRateArg } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { count, formatNumber, formatter } from './kit/format.js';
import { laneLegend, overLegend } from './kit/Legend.js';
import { expectFramesAdvance, readValue, waitForValue } from './kit/play.js';
import { RingBuffer } from './kit/ringBuffer.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';
import { fieldsOf } from './kit/Readout.js';

/** Controls of the variable-vs-fixed demo. */
interface VariableVsFixedProps { updateRate: number; loadMs: number; launchSpeed: number }

const GRAVITY = 9.81;
const REFRESH_RATE = 60;
/**
 * Steps a frame may run. The slow PC's frames are two of the fast PC's, up to four vblanks with the
 * heaviest load: 16 steps at 240 Hz. A cap below that would drop time on the slow PC only and the
 * two would part; 64 never binds here, so nothing is dropped.
 */
const MAX_STEPS = 64;
const LANES = lanesOf('variable dt: ball height →', 'fixed step: ball height →');

/** A ball thrown up, falling back and bouncing perfectly: the simplest physics that drifts with dt. */
class Ball {
  height = 0;
  velocity: number;
  apex = 0;
  /** The highest point of each finished hop, m. */
  readonly apexes = new RingBuffer(64);

  constructor(readonly launchSpeed: number) {
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

  /** Position on the lane: the apex (v²/2g) near the far end, never past it (the lane wraps at 1). */
  lane(): number {
    return Math.min(0.95, this.height / (1.05 * ((this.launchSpeed * this.launchSpeed) / (2 * GRAVITY))));
  }
}

/** One computer running one loop: every frame (fast) or every other frame (slow). */
interface Machine {
  ball: Ball;
  fixed: FixedStep | null;
  lastMs: number;
  /** Updates run in its last frame. */
  updates: number;
}

function machine(fixed: boolean, updateRate: number, launchSpeed: number): Machine {
  // boundaryTolerance 0: plain floor, so at the same timestamp both computers hold exactly the same
  // number of steps and can be compared state for state.
  const loop = fixed ? createFixedStep({ step: 1 / updateRate, interpolation: 'none', maxSteps: MAX_STEPS, boundaryTolerance: 0 }) : null;
  return { ball: new Ball(launchSpeed), fixed: loop, lastMs: Number.NaN, updates: 0 };
}

/** Run one computer's frame at `nowMs`: the naive loop integrates whatever time passed, the fixed step whole steps. */
function run(m: Machine, nowMs: number): number {
  if (m.fixed) {
    const f = m.fixed.advance(nowMs);
    for (let k = 0; k < f.steps; k += 1) m.ball.update(m.fixed.step);
    m.updates = f.steps;
    m.lastMs = nowMs;
    return f.totalDroppedSeconds;
  }
  const dt = Number.isFinite(m.lastMs) ? (nowMs - m.lastMs) / 1000 : 0;
  m.ball.update(Math.min(dt, 0.25));
  m.updates = 1;
  m.lastMs = nowMs;
  return 0;
}

/** Worst distance of any bounce height of `balls` from `exactM`, and the spread of the heights, m. */
function bounces(balls: readonly Ball[], exactM: number): { spread: number; error: number; count: number } {
  let lo = Infinity;
  let hi = -Infinity;
  let error = 0;
  let n = 0;
  for (const ball of balls) {
    n = Math.max(n, ball.apexes.length);
    for (let k = 0; k < ball.apexes.length; k += 1) {
      const apex = ball.apexes.at(k);
      lo = Math.min(lo, apex);
      hi = Math.max(hi, apex);
      error = Math.max(error, Math.abs(apex - exactM));
    }
  }
  return { spread: n >= 2 ? hi - lo : Number.NaN, error: n > 0 ? error : Number.NaN, count: n };
}

/** The four computers: variable fast, variable slow, fixed fast, fixed slow. */
const computers = (updateRate: number, launchSpeed: number) => [false, false, true, true].map((fixed) => machine(fixed, updateRate, launchSpeed));
/** Top of the bar scale: 240 updates a second run more in the slow PC's long frames. */
const BARS_MAX = 4;
const cm = (m: number) => formatNumber(m * 100, 2, 'cm');
/** The larger of a gap so far (NaN: none yet) and a new one. */
const worst = (sofar: number, gap: number) => (Number.isNaN(sofar) ? gap : Math.max(sofar, gap));

function VariableVsFixedDemo({ updateRate, loadMs, launchSpeed }: VariableVsFixedProps) {
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'updates in the slow PC’s frame', max: BARS_MAX }}
      display={{ refreshRate: REFRESH_RATE, jitterMs: 0.2, quantizationMs: 0.1, seed: 7 }}
      init={() => ({ rate: updateRate, speed: launchSpeed, machines: computers(updateRate, launchSpeed), frame: 0, updates: 0, slowFrames: 0, fastUpdates: 0, fastFrames: 0 })}
      frame={({ vsync, lanes, values: v, state: s, spend }) => {
        if (s.rate !== updateRate || s.speed !== launchSpeed) {
          // A new rate or speed: both computers throw again from the floor, on an even frame.
          Object.assign(s, { rate: updateRate, speed: launchSpeed, machines: computers(updateRate, launchSpeed), frame: 0 });
          v.variableGap = Number.NaN;
          v.fixedGap = Number.NaN;
          lanes.clear();
        }
        spend(loadMs * vsync.draw());
        const [vFast, vSlow, fFast, fSlow] = s.machines as [Machine, Machine, Machine, Machine];
        let dropped = run(vFast, vsync.timestampMs) + run(fFast, vsync.timestampMs);
        s.fastUpdates += fFast.updates;
        s.fastFrames += 1;
        // The slow PC sees every other frame; both start on the same first frame. Only there are
        // the two computers compared and drawn: dot the fast PC, ring the slow one.
        if (s.frame % 2 === 0) {
          dropped += run(vSlow, vsync.timestampMs) + run(fSlow, vsync.timestampMs);
          s.updates += fSlow.updates;
          s.slowFrames += 1;
          if (s.frame > 0) {
            v.variableGap = worst(v.variableGap!, Math.abs(vFast.ball.height - vSlow.ball.height));
            v.fixedGap = worst(v.fixedGap!, Math.abs(fFast.ball.height - fSlow.ball.height));
          }
          lanes.picture(0, vFast.ball.lane(), vSlow.updates);
          lanes.ring(0, vSlow.ball.lane());
          lanes.picture(1, fFast.ball.lane(), fSlow.updates);
          lanes.ring(1, fSlow.ball.lane());
        }
        s.frame += 1;
        const exact = (launchSpeed * launchSpeed) / (2 * GRAVITY);
        const variable = bounces([vFast.ball, vSlow.ball], exact);
        const fixed = bounces([fFast.ball, fSlow.ball], exact);
        Object.assign(v, {
          exactApex: exact,
          bounces: Math.min(variable.count, fixed.count),
          variableSpread: variable.spread,
          fixedSpread: fixed.spread,
          variableError: variable.error,
          fixedError: fixed.error,
          fixedDroppedMs: Math.max(v.fixedDroppedMs!, dropped * 1000),
          fastUpdatesPerFrame: s.fastUpdates / s.fastFrames,
          slowUpdatesPerFrame: s.slowFrames > 0 ? s.updates / s.slowFrames : Number.NaN,
        });
      }}
      values={() => ({
        exactApex: Number.NaN,
        bounces: 0,
        variableSpread: Number.NaN,
        fixedSpread: Number.NaN,
        variableError: Number.NaN,
        fixedError: Number.NaN,
        // Not measured ("–") until the two computers are first compared, not 0.00 cm.
        variableGap: Number.NaN,
        fixedGap: Number.NaN,
        fixedDroppedMs: 0,
        fastUpdatesPerFrame: Number.NaN,
        slowUpdatesPerFrame: Number.NaN,
      })}
      legend={laneLegend('updates the slow PC ran for its picture', [
        { mark: 'ring', text: 'the slow PC’s ball (it draws every other frame; the dot is the fast PC’s): on the dot, the two agree' },
        overLegend(BARS_MAX),
      ])}
      keyNumbers={[
        { key: 'variableGap', label: 'variable dt: fast vs slow PC, worst gap', format: cm, color: LANES[0]!.color },
        { key: 'fixedGap', label: 'fixed step: fast vs slow PC, worst gap', format: cm, color: LANES[1]!.color },
      ]}
      more={[
        { key: 'exactApex', label: 'exact bounce height v²/2g', format: cm },
        { key: 'bounces', label: 'bounces measured (last 64 kept)', format: count },
        ...fieldsOf(cm, {
          variableSpread: 'variable dt: spread of bounce heights, both PCs', fixedSpread: 'fixed step: spread of bounce heights, both PCs',
          variableError: 'variable dt: worst bounce height off v²/2g', fixedError: 'fixed step: worst bounce height off v²/2g',
        }),
        { key: 'fixedDroppedMs', label: 'fixed step: time dropped by the step cap (ms)', format: formatter(1) },
        { key: 'fastUpdatesPerFrame', label: 'fixed step: updates per frame, fast PC', format: formatter(2) },
        { key: 'slowUpdatesPerFrame', label: 'fixed step: updates per frame, slow PC', format: formatter(2) },
      ]}
    />
  );
}

type Story = StoryObj<typeof meta>;

/** The same throw on a fast and a slow PC, with a naive loop and with a fixed step. */
export const SameThrowTwoComputers: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 40);
    await waitForValue(canvasElement, 'variableGap', (gap) => gap > 0);
    // Deterministic: identical states, not merely close ones, and no time dropped on either PC.
    await expect(readValue(canvasElement, 'fixedGap')).toBe(0);
    await expect(readValue(canvasElement, 'fixedDroppedMs')).toBe(0);
    // v²/2g for the default 4 m/s throw: 16 / 19.62 m.
    await expect(readValue(canvasElement, 'exactApex')).toBeCloseTo(16 / (2 * 9.81), 12);
    // Both loops' bounce heights spread, and neither loop hits v²/2g exactly.
    await waitForValue(canvasElement, 'bounces', (n) => n >= 2);
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

/** 240 updates a second: the slow PC's longest frames need 16 steps, past the default cap of 5. */
export const HighUpdateRate: Story = {
  args: { updateRate: 240, loadMs: 30 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 60);
    await waitForValue(canvasElement, 'variableGap', (gap) => gap > 0);
    await expect(readValue(canvasElement, 'fixedGap')).toBe(0);
    await expect(readValue(canvasElement, 'fixedDroppedMs')).toBe(0);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
The simplest game loop hands the update whatever time passed since the last frame (Peter
Sundqvist, "Timestepping"). The simulation then depends on the frame rate: a ball thrown with the
same speed follows a different path on a fast and a slow computer, because every integration step
has an error that depends on \`dt\`.

A fixed step (\`createFixedStep\`, here with \`interpolation: 'none'\`) always integrates in the same
\`step\`, running as many updates as the clock demands. Two "computers" see the same frames of a
simulated 60 Hz display: the slow one only every other frame. Each lane shows both balls, the fast
computer's as the dot and the slow one's as the ring. With a fixed step the ring sits on the dot:
both balls are **bit-for-bit identical** whenever both have drawn (worst gap 0); with a variable
delta they drift apart. The bars count the updates behind the slow computer's pictures: the
variable loop runs one update of any length, the fixed step two or more on its longer frames.

The comparison holds only while no time is dropped: with the default cap of 5 steps a frame, a
frame longer than the cap loses time on the slow computer alone and the two part. Here the cap is
64 and the readouts show that nothing was dropped.

A fixed step makes the result repeatable, not exact: with either loop the hops peak at slightly
different heights, off v²/2g (see "All readouts"). The display is simulated (each real animation
frame is one frame of a 60 Hz display; the load decides how many vblanks a frame lasts), so the
story shows the same thing on every machine, at any frame rate.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFixedTimestep } from 'react-timestep';

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
}`;

const meta = {
  title: 'Algorithms/5 · Variable delta vs fixed step',
  component: VariableVsFixedDemo,
  args: { updateRate: 60, loadMs: 24, launchSpeed: 4 },
  argTypes: {
    updateRate: updateRateArg([30, 50, 60, 120, 240], 'Fixed updates per second of the fixed-step loops (the step is its inverse). Changing it throws the balls again.'),
    loadMs: range('frame load (ms)', 'Simulated work per frame: a random share of this many ms; a frame whose work passes the 16.7 ms refresh interval makes the next one wait a vblank more, so the deltas vary.', 0, 30, 1),
    launchSpeed: range('launch speed (m/s)', 'Speed of the throw; the exact bounce height is v²/2g. Changing it throws the balls again.', 2, 12, 0.5),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof VariableVsFixedDemo>;
export default meta;
