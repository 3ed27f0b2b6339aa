import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createFixedStep } from '../src/core/index.js';
import { useLiveArgs, useOnArgChange } from './components/liveArgs.js';
import { SimulatedFrames } from './components/simulatedFrames.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { LiveViewer } from './components/liveViewer.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

type Policy = 'slow-motion' | 'catch-up' | 'variable';

/** Controls of the overload demo. */
interface OverloadProps {
  /** What the loop does when updates cost more than real time allows. */
  policy: Policy;
  /** Main-thread time one update costs while the load is on, ms (busy-wait). */
  updateCostMs: number;
  /**
   * `'spikes'`: the update cost applies 1 s out of every 3 s; `'constant'`: always; `'hitch'`: no
   * update cost, but one frame every 3 s stalls for `hitchMs` (a garbage collection, a level load).
   */
  pattern: 'spikes' | 'constant' | 'hitch';
  /** With `'hitch'`: how long the stalled frame takes, ms. */
  hitchMs: number;
  /** Fixed update rate, Hz. */
  updateRate: number;
  /** Most updates in one frame. */
  maxSteps: number;
}

const SAMPLES = 300;
const PERIOD_SECONDS = 3;
/** The load comes on this many seconds into each period (for one second), or the hitch happens. */
const LOAD_AT_SECONDS = 0.5;
/** The simulated display's rate, Hz: one of its frames per real animation frame. */
const REFRESH_RATE = 60;
/** Lag is back to normal when it is within this many ms of the lag before any load (rAF timestamps wobble). */
const LAG_TOLERANCE_MS = 2;

const ms0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const ms1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const ratio = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

/** The three policies side by side, on the frames of the display the selected policy's work paces. */
const SIDE_LANES = [
  { label: "'slow-motion': drops the excess", color: '#f06a6a' },
  { label: "'catch-up': keeps the debt, pays it off", color: '#58d68d' },
  { label: 'variable: one giant update', color: '#f5b041' },
] as const;

function sideBySide(updateRate: number, maxSteps: number) {
  return [
    createFixedStep({ step: 1 / updateRate, maxSteps, overload: 'slow-motion', interpolation: 'previous' }),
    createFixedStep({ step: 1 / updateRate, maxSteps, overload: 'catch-up', interpolation: 'previous' }),
  ];
}

function fixedFor(policy: Policy, updateRate: number, maxSteps: number) {
  return policy === 'variable' ? null : createFixedStep({ step: 1 / updateRate, maxSteps, overload: policy, interpolation: 'previous' });
}

function OverloadDemo(props: OverloadProps) {
  const { policy, updateRate, maxSteps } = props;
  const args = useLiveArgs(props);
  const lanes = useRef<LaneCanvasHandle>(null);
  const side = useRef<LaneCanvasHandle>(null);
  // Built once; a new policy, rate or bound swaps the loop below and keeps the history.
  const [state] = useState(() => {
    const step = 1 / updateRate;
    return {
      fixed: fixedFor(policy, updateRate, maxSteps),
      // Game time and dropped time of the loops used before the current one.
      gameOffsetSeconds: 0,
      droppedOffsetMs: 0,
      display: new SimulatedFrames(REFRESH_RATE, 3),
      workMs: 0,
      // The refresh interval only sets the unit of "in steps" figures here; presents are measured.
      viewer: new LiveViewer({ refreshIntervalMs: 1000 / 60, stepMs: step * 1000 }),
      step,
      startMs: Number.NaN,
      lastMs: Number.NaN,
      lastHitchPeriod: 0,
      loadSeen: false,
      gameSeconds: 0,
      steps: new RingBuffer(SAMPLES),
      speed: new RingBuffer(SAMPLES),
      frameMs: new RingBuffer(SAMPLES),
      lagMs: new RingBuffer(SAMPLES),
      droppedMs: new RingBuffer(SAMPLES),
      positions: new Float64Array(1),
      // Side by side: the two fixed-step policies, each's game time before the current loop and its last picture (s), the variable loop's game time.
      side: sideBySide(updateRate, maxSteps),
      sideOffsets: new Float64Array(2),
      sidePictures: new Float64Array(2),
      sideVariable: 0,
      sidePositions: new Float64Array(3),
      values: {
        behindSlowMs: Number.NaN,
        behindCatchUpMs: Number.NaN,
        behindVariableMs: Number.NaN,
        mostBehindCatchUpMs: 0,
        mostOffVariableMs: 0,
        frames: 0,
        loadOn: 0,
        lagMs: Number.NaN,
        quietLagMs: Number.NaN,
        quietFrameMs: Number.NaN,
        droppedMs: Number.NaN,
        speed: Number.NaN,
        netSpeed: Number.NaN,
        minSpeed: Number.NaN,
        maxSpeed: Number.NaN,
        maxSteps: 0,
        maxDtMs: 0,
      },
    };
  });
  // The new loop starts from the game time and dropped time reached: the picture does not jump.
  useOnArgChange(() => {
    const s = state;
    if (s.fixed) {
      s.gameOffsetSeconds += s.fixed.frame.elapsedGameSeconds;
      s.droppedOffsetMs += s.fixed.frame.totalDroppedSeconds * 1000;
    } else {
      s.gameOffsetSeconds = s.gameSeconds;
    }
    s.fixed = fixedFor(policy, updateRate, maxSteps);
    s.sideOffsets[0] = s.sideOffsets[0]! + s.sidePictures[0]!;
    s.sideOffsets[1] = s.sideOffsets[1]! + s.sidePictures[1]!;
    s.side = sideBySide(updateRate, maxSteps);
    s.step = 1 / updateRate;
    s.values.maxSteps = 0;
  }, [policy, updateRate, maxSteps]);

  useRafLoop(() => {
    const s = state;
    // The simulated display: the previous frame's work decides how many vblanks later this frame
    // comes (the frames vsync would skip are skipped), the same at any real frame rate.
    const nowMs = s.display.next(s.workMs);
    s.workMs = 0;
    const { pattern, updateCostMs, hitchMs } = args.current;
    const v = s.values;
    const viewer = s.viewer;
    const f = viewer.frame;
    if (!Number.isFinite(s.startMs)) s.startMs = nowMs;
    const realMs = nowMs - s.startMs;
    // The picture drawn in the previous frame is on screen by the time the browser hands out the
    // next one: score it now, presented at this frame's timestamp (a long frame shows it late).
    if (Number.isFinite(s.lastMs)) {
      f.presentMs = realMs;
      s.lagMs.push(f.presentMs - f.droppedMs - f.pictureMs);
      if (viewer.add()) {
        const recent = viewer.recent;
        const total = viewer.total;
        if (recent && total) {
          v.lagMs = recent.lagMeanMs;
          v.speed = recent.speed;
          v.netSpeed = recent.netSpeed;
          v.droppedMs = total.droppedSeconds * 1000;
          v.minSpeed = Number.isFinite(v.minSpeed) ? Math.min(v.minSpeed, recent.speed) : recent.speed;
          v.maxSpeed = Number.isFinite(v.maxSpeed) ? Math.max(v.maxSpeed, recent.speed) : recent.speed;
          // The lag of a loop on time: the last quarter second before any load came on.
          if (!s.loadSeen) {
            v.quietLagMs = recent.lagMeanMs;
            v.quietFrameMs = recent.fps > 0 ? 1000 / recent.fps : Number.NaN;
          }
        }
      }
      // No sample before the first measurement: the plot starts when the speed is known.
      if (Number.isFinite(v.speed)) s.speed.push(v.speed);
    }

    // The three policies on this same frame: how far each picture is behind real time.
    for (let i = 0; i < 2; i += 1) {
      s.sidePictures[i] = s.side[i]!.advance(nowMs).pictureTime;
      s.sidePositions[i] = pingPong(s.sideOffsets[i]! + s.sidePictures[i]!, PERIOD_SECONDS);
    }
    if (Number.isFinite(s.lastMs)) s.sideVariable += (nowMs - s.lastMs) / 1000;
    s.sidePositions[2] = pingPong(s.sideVariable, PERIOD_SECONDS);
    v.behindSlowMs = realMs - (s.sideOffsets[0]! + s.sidePictures[0]!) * 1000;
    v.behindCatchUpMs = realMs - (s.sideOffsets[1]! + s.sidePictures[1]!) * 1000;
    v.behindVariableMs = realMs - s.sideVariable * 1000;
    v.mostBehindCatchUpMs = Math.max(v.mostBehindCatchUpMs, v.behindCatchUpMs);
    v.mostOffVariableMs = Math.max(v.mostOffVariableMs, Math.abs(v.behindVariableMs));
    side.current?.draw(s.sidePositions, pingPong(realMs / 1000, PERIOD_SECONDS));

    const t = realMs / 1000;
    const inSpike = t % PERIOD_SECONDS >= LOAD_AT_SECONDS && t % PERIOD_SECONDS < LOAD_AT_SECONDS + 1;
    const period = Math.floor((t - LOAD_AT_SECONDS) / PERIOD_SECONDS) + 1;
    const hitch = pattern === 'hitch' && t >= LOAD_AT_SECONDS && period > s.lastHitchPeriod;
    if (hitch) s.lastHitchPeriod = period;
    const loadOn = pattern === 'constant' || (pattern === 'spikes' && inSpike) || hitch;
    if (loadOn) s.loadSeen = true;
    const cost = loadOn && pattern !== 'hitch' ? updateCostMs : 0;
    let steps = 1;
    if (s.fixed) {
      const frame = s.fixed.advance(nowMs);
      s.workMs += frame.steps * cost;
      steps = frame.steps;
      s.gameSeconds = s.gameOffsetSeconds + frame.totalSteps * s.step;
      f.pictureMs = (s.gameOffsetSeconds + frame.pictureTime) * 1000;
      f.droppedMs = s.droppedOffsetMs + frame.totalDroppedSeconds * 1000;
    } else {
      // The naive loop: one update with whatever time passed. It keeps real speed by taking huge steps.
      const dt = Number.isFinite(s.lastMs) ? (nowMs - s.lastMs) / 1000 : 0;
      s.workMs += cost;
      s.gameSeconds += dt;
      f.pictureMs = s.gameSeconds * 1000;
      f.droppedMs = s.droppedOffsetMs;
      // Only updates made while the load is on count: start-up hiccups must not pass for the effect.
      if (s.loadSeen) v.maxDtMs = Math.max(v.maxDtMs, dt * 1000);
    }
    f.updates = steps;
    f.vblanks = Number.NaN;
    if (hitch) s.workMs += hitchMs;
    s.steps.push(steps);
    s.frameMs.push(Number.isFinite(s.lastMs) ? nowMs - s.lastMs : 0);
    s.droppedMs.push(f.droppedMs);
    s.lastMs = nowMs;
    v.frames += 1;
    v.maxSteps = Math.max(v.maxSteps, steps);
    v.loadOn = loadOn ? 1 : 0;
    s.positions[0] = pingPong(f.pictureMs / 1000, PERIOD_SECONDS);
    // The ring is the game clock: real time minus what slow-motion dropped on purpose.
    lanes.current?.draw(s.positions, pingPong((realMs - f.droppedMs) / 1000, PERIOD_SECONDS));
  });

  return (
    <div>
      <LaneCanvas ref={side} lanes={SIDE_LANES} testId="side-lanes" />
      <Readout
        keyNumbers
        values={state.values}
        fields={[
          { key: 'behindSlowMs', label: "'slow-motion': behind real time (ms)", format: ms0 },
          { key: 'behindCatchUpMs', label: "'catch-up': behind real time (ms)", format: ms0 },
          { key: 'behindVariableMs', label: 'variable: behind real time (ms)', format: ms0 },
        ]}
      />
      <MoreReadouts summary="All readouts and plots">
        <LaneCanvas ref={lanes} lanes={[{ label: `${policy}: dot = picture, ring = game clock`, color: '#5dade2' }]} testId="lanes" />
        <Readout
          values={state.values}
          fields={[
            { key: 'droppedMs', label: 'game time dropped, total (ms)', format: ms0 },
            { key: 'speed', label: 'game speed, last ¼ s (1 = real time)', format: ratio },
            { key: 'lagMs', label: 'lag, last ¼ s, net of dropped (ms)', format: ms1 },
          ]}
        />
        <Readout
          values={state.values}
          fields={[
            { key: 'frames', label: 'frames', format: ms0 },
            { key: 'mostBehindCatchUpMs', label: "'catch-up': most behind real time (ms)", format: ms0 },
            { key: 'mostOffVariableMs', label: 'variable: most off real time (ms)', format: ms1 },
            { key: 'loadOn', label: 'load on', format: (n) => (n ? 'yes' : 'no') },
            { key: 'quietLagMs', label: 'lag before any load (ms)', format: ms1 },
            { key: 'quietFrameMs', label: 'mean frame interval before any load (ms)', format: ms1 },
            { key: 'netSpeed', label: 'game speed counting dropped time', format: ratio },
            { key: 'minSpeed', label: 'lowest game speed seen', format: ratio },
            { key: 'maxSpeed', label: 'highest game speed seen', format: ratio },
            { key: 'maxSteps', label: 'most updates in one frame', format: ms0 },
            { key: 'maxDtMs', label: 'largest update dt under load (ms)', format: ms1 },
          ]}
        />
        <LivePlot
          title="Updates per frame"
          yLabel="steps"
          references={policy === 'variable' ? [] : [{ value: maxSteps, label: `maxSteps ${maxSteps}`, color: '#f06a6a' }]}
          series={[{ label: 'steps', stroke: '#5dade2', buffer: state.steps, stepped: true, digits: 0 }]}
          height={120}
        />
        <LivePlot
          title="Game speed over the last ¼ s (1 = real time)"
          yLabel="game s / s"
          references={[{ value: 1, label: 'real time', color: '#1e9e55' }]}
          series={[{ label: 'speed', stroke: '#1e9e55', buffer: state.speed }]}
          height={120}
        />
        <LivePlot
          title="Frame time and lag of each picture (ms, left); game time dropped so far (ms, right)"
          yLabel="ms"
          rightLabel="dropped ms"
          references={[{ value: 1000 / updateRate, label: `one step ${(1000 / updateRate).toFixed(1)} ms`, color: '#f5b041' }]}
          series={[
            { label: 'frame time', stroke: '#999', buffer: state.frameMs },
            { label: 'lag (net of dropped)', stroke: '#5dade2', buffer: state.lagMs },
            { label: 'dropped (total)', stroke: '#f06a6a', buffer: state.droppedMs, axis: 'right' },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/8 · Overload policies: slow motion, catch-up, variable',
  component: OverloadDemo,
  args: { policy: 'slow-motion', updateCostMs: 25, pattern: 'spikes', hitchMs: 500, updateRate: 60, maxSteps: 5 },
  argTypes: {
    policy: {
      name: 'overload policy',
      description: "What the loop does when updates cost more than real time allows: drop time ('slow-motion'), keep the debt ('catch-up'), or one giant update ('variable', the naive loop).",
      control: { type: 'inline-radio' },
      options: ['slow-motion', 'catch-up', 'variable'],
    },
    updateCostMs: {
      name: 'update cost (ms)',
      description: 'Simulated time one update costs while the load is on, ms.',
      control: { type: 'range', min: 0, max: 40, step: 1 },
    },
    pattern: {
      name: 'load pattern',
      description: "'spikes': the cost applies 1 s out of every 3 s; 'constant': always; 'hitch': no update cost, but one frame every 3 s stalls.",
      control: { type: 'inline-radio' },
      options: ['spikes', 'constant', 'hitch'],
    },
    hitchMs: {
      name: 'hitch (ms)',
      description: "With 'hitch': how long the stalled frame takes.",
      control: { type: 'range', min: 50, max: 1000, step: 50 },
    },
    updateRate: { name: 'update rate (Hz)', description: 'Fixed updates per second (the step is its inverse).', control: { type: 'select' }, options: [30, 60, 120] },
    maxSteps: { name: 'maxSteps (updates / frame)', description: 'Most updates run in one frame.', control: { type: 'range', min: 1, max: 10, step: 1 } },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useFixedTimestep } from 'react-timestep';

useFixedTimestep({
  step: 1 / 60,
  maxSteps: 5,
  // 'slow-motion': drop the excess and report it; 'catch-up': keep the debt and run it off.
  overload: 'slow-motion',
  interpolation: 'previous',
  update: (dt) => world.step(dt),
  render: (alpha) => draw(world, alpha),
});`,
      },
      description: {
        component: `
When one update costs more real time than the game time it simulates, a fixed-step loop falls
behind; running more updates to catch up makes the next frame even longer. Left alone, the loop
sinks ever deeper: the "well of despair" ("Setting up a game update loop in-sync with rendering",
April 2013). Every way out gives something up. On top, the three side by side on the same frames
(those of the display the selected policy's work paces), the ring at real time: the number under
each is how far its picture is behind real time.

- \`overload: 'slow-motion'\`: at most \`maxSteps\` updates per frame; the excess game time is dropped
  and reported (\`droppedSeconds\`). The game runs slower than real time while overloaded.
- \`overload: 'catch-up'\`: at most \`maxSteps\` updates per frame, but the debt is kept and paid off
  at \`maxSteps\` per frame once there is room, so game time ends up on the clock again (Peter
  Sundqvist, "Timestepping"). While it pays, the game runs faster than real time.
- **variable** (the naive loop, for contrast): one update with the whole elapsed time. It keeps
  real speed by taking giant steps, which is where physics tunnels and explodes.

Each update costs \`updateCostMs\` (with \`'spikes'\`, during one second out of every three), or
with \`'hitch'\` one frame every three seconds stalls for \`hitchMs\`. The display and the load
are simulated: each real animation frame is one frame of a 60 Hz display, and a frame's work makes
the next one wait for the vblank after it, as vsync would. So the story shows the same on every
machine, and the page stays responsive. The readouts are the package's viewer model (\`createViewerMeter\`) scoring each picture
when the browser hands out the next frame. **Dropped time is not lag:** lag is how old the shown game
moment is against the game clock net of the time slow-motion dropped on purpose, and the dropped
time is shown on its own. With \`interpolation: 'previous'\` a loop on time lags one update step
plus the wait for the next frame; after the load goes, the lag readout returns to its value before
the load, however much was dropped. Game speed is game time advanced per real second over the last
quarter second ("–" until a quarter second has been measured). The ring marks the game clock (real
time minus dropped time); the dot is the picture.
`,
      },
    },
  },
} satisfies Meta<typeof OverloadDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Wait until the load is off and the lag is back within a few ms of the lag before any load. */
async function expectLagRecovers(canvasElement: HTMLElement, timeout: number): Promise<void> {
  const quiet = await waitForValue(canvasElement, 'quietLagMs', Number.isFinite);
  // On time, 'previous' shows the state one 1/60 s step old, seen when the next frame comes.
  await expect(Math.abs(quiet - (1000 / 60 + readValue(canvasElement, 'quietFrameMs')))).toBeLessThan(LAG_TOLERANCE_MS);
  await waitForValue(
    canvasElement,
    'lagMs',
    (lag) => readValue(canvasElement, 'loadOn') === 0 && Math.abs(lag - quiet) <= LAG_TOLERANCE_MS,
    timeout,
  );
}

/** Updates cost 25 ms but simulate 16.7: at most five a frame, the rest dropped; lag recovers. Side by side: slow-motion stays behind real time, catch-up comes back to it, variable never leaves it. */
export const SlowMotion: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'behindSlowMs', (ms) => ms > 100, 6000);
    await waitForValue(canvasElement, 'mostBehindCatchUpMs', (ms) => ms > 100, 6000);
    await waitForValue(canvasElement, 'behindCatchUpMs', (ms) => readValue(canvasElement, 'loadOn') === 0 && ms < 50, 6000);
    await expect(readValue(canvasElement, 'behindSlowMs')).toBeGreaterThan(100);
    await expect(readValue(canvasElement, 'mostOffVariableMs')).toBeLessThan(1e-6);
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'speed', Number.isFinite, 3000);
    await waitForValue(canvasElement, 'droppedMs', (ms) => ms > 0, 6000);
    await waitForValue(canvasElement, 'minSpeed', (speed) => speed < 0.95, 6000);
    await expect(readValue(canvasElement, 'maxSteps')).toBeLessThanOrEqual(5);
    await expectLagRecovers(canvasElement, 6000);
    // The dropped time stays dropped and is shown apart from the lag.
    await expect(readValue(canvasElement, 'droppedMs')).toBeGreaterThan(100);
  },
};

/** A 500 ms hitch every three seconds with slow-motion: most of it is dropped, and the lag comes back. */
export const Hitch: Story = {
  args: { pattern: 'hitch' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'droppedMs', (ms) => ms > 300, 6000);
    await expectLagRecovers(canvasElement, 4000);
    await expect(readValue(canvasElement, 'lagMs')).toBeLessThan(100);
  },
};

/** The same load with catch-up: nothing dropped, the debt paid off at five updates a frame. */
export const CatchUp: Story = {
  args: { policy: 'catch-up' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'maxSteps', (steps) => steps === 5, 6000);
    await waitForValue(canvasElement, 'maxSpeed', (speed) => speed > 1.05, 6000);
    await expectLagRecovers(canvasElement, 6000);
    await expect(readValue(canvasElement, 'droppedMs')).toBe(0);
  },
};

/** The naive loop under the same load: real speed, giant steps. */
export const Variable: Story = {
  args: { policy: 'variable' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'maxDtMs', (dt) => dt >= 25, 6000);
    await expect(readValue(canvasElement, 'minSpeed')).toBeGreaterThan(0.9);
    await expect(readValue(canvasElement, 'droppedMs')).toBe(0);
  },
};
