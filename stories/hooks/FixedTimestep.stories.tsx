import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { useFixedTimestep } from '../../src/index.js';
import type { FrameInfo } from '../../src/index.js';
import { docs, lapArg, range, toggle } from '../kit/controls.js';
import { count, formatter, yesNo } from '../kit/format.js';
import type { LanesHandle } from '../kit/Lanes.js';
import { laneLegend } from '../kit/Legend.js';
import { LivePlot } from '../kit/LivePlot.js';
import { useLiveArg } from '../kit/loop.js';
import { clickButton, expectFramesAdvance, readValue, updateArgs, waitForValue } from '../kit/play.js';
import { LanesPanel } from '../kit/Panel.js';
import { RingBuffer } from '../kit/ringBuffer.js';
import { Buttons } from '../kit/transport.js';

/** Controls of the useFixedTimestep demo. */
interface FixedTimestepProps { updateRate: number; timeScale: number; lapSeconds: number; autoScript: boolean }

/** Frames over which the game speed readouts are measured. */
const SPEED_WINDOW = 30;
const LANES = [
  { label: 'useFixedTimestep, left alone', color: '#9aa4b5' },
  { label: 'useFixedTimestep, driven by its controls', color: '#f5b041' },
] as const;
/** Frames the game-time plot keeps (15 s at 60 fps). */
const PLOT_FRAMES = 900;
/** The scripted cycle, in real seconds from its start: pause, three single steps, resume (then again). */
const SCRIPT = [
  { at: 1, act: 'pause' },
  { at: 1.5, act: 'step' },
  { at: 2, act: 'step' },
  { at: 2.5, act: 'step' },
  { at: 3, act: 'resume' },
] as const;

interface Shared {
  lanes: { current: LanesHandle | null };
  values: Record<string, number>;
  lapSeconds: number;
  /** Game time against real time, both loops: x is real seconds since the first frame. */
  plot: { realSeconds: RingBuffer; reference: RingBuffer; driven: RingBuffer; startMs: number };
}

/** A game speed over the last {@link SPEED_WINDOW} frames: a ring of (timestamp, game seconds). */
function speedMeter() {
  const times = new Float64Array(SPEED_WINDOW);
  const games = new Float64Array(SPEED_WINDOW);
  let frames = 0;
  return (timestampMs: number, gameSeconds: number): number => {
    const slot = frames % SPEED_WINDOW;
    const speed = frames >= SPEED_WINDOW && timestampMs > times[slot]! ? ((gameSeconds - games[slot]!) * 1000) / (timestampMs - times[slot]!) : Number.NaN;
    times[slot] = timestampMs;
    games[slot] = gameSeconds;
    frames += 1;
    return speed;
  };
}

/** One loop: a dot moved by exactly `step` per update, drawn blended by alpha, its speed measured. */
function useDot(lane: number, updateRate: number, shared: Shared, afterRender?: (frame: FrameInfo) => void) {
  const [state] = useState(() => ({ body: new Float64Array(3), speed: speedMeter() }));
  const loop = useFixedTimestep({
    step: 1 / updateRate,
    update: (dt) => {
      // [0] previous position, [1] latest (in laps), [2] updates since the last picture.
      const body = state.body;
      body[0] = body[1]!;
      body[1] = body[1]! + dt / shared.lapSeconds;
      body[2] = body[2]! + 1;
    },
    render: (alpha, frame) => {
      const body = state.body;
      shared.lanes.current?.picture(lane, body[0]! + (body[1]! - body[0]!) * alpha, body[2]!);
      shared.values[lane === 0 ? 'referenceSpeed' : 'gameSpeed'] = state.speed(frame.timestampMs, loop.stats.elapsedGameSeconds);
      shared.values[lane === 0 ? 'referenceGame' : 'drivenGame'] = loop.stats.elapsedGameSeconds;
      if (lane === 0) shared.values.referenceSteps = body[2]!;
      else shared.values.stepsLastFrame = body[2]!;
      body[2] = 0;
      afterRender?.(frame);
    },
  });
  const reset = () => {
    loop.reset();
    state.body.fill(0);
  };
  return { loop, reset };
}

/** The loop left alone (mounted first, so its render runs first in each frame). */
function Reference({ updateRate, shared }: { updateRate: number; shared: Shared }) {
  useDot(0, updateRate, shared);
  return null;
}

function FixedTimestepDemo({ updateRate, timeScale: timeScaleArg, lapSeconds, autoScript }: FixedTimestepProps) {
  const lanes = useRef<LanesHandle>(null);
  const [timeScale, setTimeScale] = useLiveArg(timeScaleArg);
  const [shared] = useState<Shared>(() => ({
    lanes,
    lapSeconds,
    values: { frames: 0, totalSteps: 0, paused: 0, timeScale: 1, gameSpeed: Number.NaN, referenceSpeed: Number.NaN, referenceSteps: 0, pictureTime: Number.NaN, stepsLastFrame: 0, scriptedPauses: 0, stepsWhilePaused: Number.NaN, pauseSeconds: Number.NaN, pauseLost: Number.NaN, referenceGame: 0, drivenGame: 0, gameBehind: Number.NaN },
    plot: { realSeconds: new RingBuffer(PLOT_FRAMES), reference: new RingBuffer(PLOT_FRAMES), driven: new RingBuffer(PLOT_FRAMES), startMs: Number.NaN },
  }));
  shared.lapSeconds = lapSeconds;
  // The script: real seconds into its cycle, the next event, updates run in its paused phase.
  const [script] = useState(() => ({ seconds: 0, next: 0, lastMs: Number.NaN, stepsAtPause: 0, pausedAtMs: 0, behindAtPause: 0 }));
  const { loop, reset } = useDot(1, updateRate, shared, (frame) => {
    const v = shared.values;
    const stats = loop.stats;
    v.frames = v.frames! + 1;
    v.totalSteps = stats.totalSteps;
    v.paused = stats.paused ? 1 : 0;
    v.timeScale = stats.timeScale;
    v.pictureTime = stats.pictureTime;
    v.gameBehind = v.referenceGame! - v.drivenGame!;
    const plot = shared.plot;
    if (!Number.isFinite(plot.startMs)) plot.startMs = frame.timestampMs;
    plot.realSeconds.push((frame.timestampMs - plot.startMs) / 1000);
    plot.reference.push(v.referenceGame!);
    plot.driven.push(v.drivenGame!);
    runScript(frame);
    shared.lanes.current?.draw();
  });
  useEffect(() => loop.setTimeScale(timeScale), [loop, timeScale]);

  // One scripted event at most per frame, so each single step has a frame of its own. Its clock
  // stands still while the transport bar pauses the story.
  function runScript(frame: FrameInfo): void {
    const dt = Number.isFinite(script.lastMs) ? (frame.timestampMs - script.lastMs) / 1000 : 0;
    script.lastMs = frame.timestampMs;
    if (!autoScript || frame.paused) return;
    script.seconds += dt;
    const event = SCRIPT[script.next]!;
    if (script.seconds < event.at) return;
    if (event.act === 'pause') {
      loop.pause();
      script.stepsAtPause = loop.stats.totalSteps;
      script.pausedAtMs = frame.timestampMs;
      script.behindAtPause = shared.values.gameBehind!;
      shared.values.scriptedPauses! += 1;
    } else if (event.act === 'step') loop.stepOnce();
    else {
      shared.values.stepsWhilePaused = loop.stats.totalSteps - script.stepsAtPause;
      shared.values.pauseSeconds = (frame.timestampMs - script.pausedAtMs) / 1000;
      shared.values.pauseLost = shared.values.gameBehind! - script.behindAtPause;
      loop.resume();
      script.seconds = 0;
    }
    script.next = (script.next + 1) % SCRIPT.length;
  }

  return (
    <>
      <Reference updateRate={updateRate} shared={shared} />
      <LanesPanel
        ref={lanes}
        lanes={LANES}
        bars={{ label: 'updates/frame', max: 2 }}
        legend={laneLegend('updates run for each picture: none while paused, one per stepOnce()')}
        values={shared.values}
        keyNumbers={[
          { key: 'gameBehind', label: 'driven: game s behind the loop left alone', format: formatter(2), color: LANES[1].color },
          { key: 'gameSpeed', label: `driven: game s per real s (last ${SPEED_WINDOW} frames)`, format: formatter(3), color: LANES[1].color },
          ...(autoScript ? [{ key: 'stepsWhilePaused', label: 'updates in the last scripted pause (3 stepOnce)', format: count, color: LANES[1].color }] : []),
        ]}
        after={
          <>
            <LivePlot
              title="Game time against real time: flat while paused, a step per stepOnce(), shallow at 0.25×"
              x={shared.plot.realSeconds}
              yLabel="game s"
              height={150}
              labelLines
              series={[
                { label: 'left alone', stroke: '#7d8797', buffer: shared.plot.reference, width: 2 },
                { label: 'driven', stroke: '#e08e0b', buffer: shared.plot.driven, width: 2.5 },
              ]}
            />
            <Buttons
              label="The driven loop"
              buttons={[
                { text: 'loop.pause()', onClick: () => loop.pause() },
                { text: 'loop.resume()', onClick: () => loop.resume() },
                { text: 'loop.stepOnce()', onClick: () => loop.stepOnce() },
                { text: 'loop.reset()', onClick: reset },
                { text: 'loop.setTimeScale(0.25)', onClick: () => setTimeScale(0.25), pressed: timeScale === 0.25 },
                { text: 'loop.setTimeScale(1)', onClick: () => setTimeScale(1), pressed: timeScale === 1 },
              ]}
            />
          </>
        }
        more={[
          { key: 'referenceSpeed', label: `left alone: game s per real s (last ${SPEED_WINDOW} frames)`, format: formatter(3) },
          { key: 'frames', label: 'frames drawn', format: count },
          { key: 'paused', label: 'driven: stats.paused', format: yesNo },
          { key: 'totalSteps', label: 'driven: stats.totalSteps', format: count },
          { key: 'stepsLastFrame', label: 'driven: steps in the last frame', format: count },
          { key: 'timeScale', label: 'driven: stats.timeScale (×)', format: formatter(2) },
          { key: 'pictureTime', label: 'driven: stats.pictureTime (game s)', format: formatter(3) },
          { key: 'scriptedPauses', label: 'scripted pauses', format: count },
          { key: 'pauseSeconds', label: 'driven: real s of the last scripted pause', format: formatter(2) },
          { key: 'pauseLost', label: 'driven: game s it fell behind in that pause', format: formatter(2) },
        ]}
      />
    </>
  );
}

type Story = StoryObj<typeof meta>;

/** With no click: the loop pauses by itself, runs exactly one update per scripted stepOnce (3), resumes, and the cycle comes back. */
export const ScriptRepeats: Story = {
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'paused', (p) => p === 1);
    await waitForValue(root, 'paused', (p) => p === 0);
    await waitForValue(root, 'stepsWhilePaused', Number.isFinite);
    await expect(readValue(root, 'stepsWhilePaused')).toBe(3);
    // The pause cost the driven loop the real time it lasted (2 s here, more on a loaded machine)
    // less its three steps of 1/30 s: about 1.9 game s. Never more (a step either way, and a frame:
    // the accumulator's remainder, the snapped deltas); less only where long frames were clamped
    // in the loop left alone. Both read from the same frames, so it holds under any load.
    const paused = readValue(root, 'pauseSeconds');
    const lost = readValue(root, 'pauseLost');
    await expect(paused).toBeGreaterThan(1);
    await expect(lost).toBeGreaterThan(0);
    await expect(lost).toBeLessThanOrEqual(paused - 3 / 30 + 1 / 30 + 1 / 60);
    await waitForValue(root, 'scriptedPauses', (n) => n >= 2);
  },
};

/** Pause freezes the picture while frames go on; each Step once runs one update; 0.25× runs a quarter as fast, beside the loop left alone at 1×. */
export const PauseStepTimeScale: Story = {
  // The buttons alone: the script would pause and resume in the middle of this sequence.
  args: { autoScript: false },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 10);
    await waitForValue(root, 'totalSteps', (n) => n > 0);
    await clickButton(root, 'loop.pause()');
    await waitForValue(root, 'paused', (p) => p === 1);
    await expectFramesAdvance(root, 'frames', 3);
    const steps = readValue(root, 'totalSteps');
    const picture = readValue(root, 'pictureTime');
    const behind = readValue(root, 'gameBehind');
    await expectFramesAdvance(root, 'frames', 40);
    // Frames went on; game time and the picture did not (the plot's flat stretch), while the other loop's did.
    await expect(readValue(root, 'totalSteps')).toBe(steps);
    await expect(readValue(root, 'pictureTime')).toBe(picture);
    await expect(readValue(root, 'gameBehind')).toBeGreaterThan(behind + 0.1);
    for (let click = 1; click <= 2; click += 1) {
      await clickButton(root, 'loop.stepOnce()');
      await waitForValue(root, 'totalSteps', (n) => n === steps + click);
      await expectFramesAdvance(root, 'frames', 10);
      await expect(readValue(root, 'totalSteps')).toBe(steps + click);
    }
    await clickButton(root, 'loop.resume()');
    await clickButton(root, 'loop.setTimeScale(0.25)');
    await waitForValue(root, 'timeScale', (s) => s === 0.25);
    // Once the window holds only quarter-speed frames, game time runs at 0.25 of real time; the other loop at 1.
    await waitForValue(root, 'gameSpeed', (s) => Math.abs(s - 0.25) < 0.005);
    // Waited for too: the window of a loaded page (WebKitGTK beside another browser read 1.0064) can hold an uneven frame.
    await waitForValue(root, 'referenceSpeed', (s) => Math.abs(s - 1) < 0.005);
    const slowed = readValue(root, 'gameBehind');
    await clickButton(root, 'loop.setTimeScale(1)');
    await waitForValue(root, 'gameSpeed', (s) => Math.abs(s - 1) < 0.005);
    // Back at 1×: the lines run parallel, the time lost stays lost (within a step either way).
    const lost = readValue(root, 'gameBehind');
    await expect(lost).toBeGreaterThan(slowed - 1 / 30);
    await expectFramesAdvance(root, 'frames', 20);
    await expect(Math.abs(readValue(root, 'gameBehind') - lost)).toBeLessThan(1 / 30 + 1e-9);
  },
};

/** Reset: back to time zero, and the loop runs on from there. */
export const Reset: Story = {
  args: { autoScript: false },
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'totalSteps', (n) => n >= 20);
    await clickButton(root, 'loop.pause()');
    await clickButton(root, 'loop.reset()');
    await waitForValue(root, 'totalSteps', (n) => n === 0);
    // Back to game time zero: behind the other loop by all of its 20 and more steps (the plot's drop).
    await expect(readValue(root, 'gameBehind')).toBeGreaterThan(19 / 30);
    await clickButton(root, 'loop.resume()');
    await waitForValue(root, 'totalSteps', (n) => n > 0);
  },
};

/** The timeScale and updateRate controls act on the running loop: no remount, the step count goes on. */
export const LiveControls: Story = {
  args: { autoScript: false },
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'totalSteps', (n) => n >= 10);
    updateArgs({ timeScale: 0.5 });
    await waitForValue(root, 'timeScale', (s) => s === 0.5);
    await waitForValue(root, 'gameSpeed', (s) => Math.abs(s - 0.5) < 0.005);
    const steps = readValue(root, 'totalSteps');
    updateArgs({ updateRate: 60 });
    // A new step carries the game time into the new grid: the count goes on, it does not restart.
    await expectFramesAdvance(root, 'frames', 10);
    await expect(readValue(root, 'totalSteps')).toBeGreaterThan(steps);
    await expect(readValue(root, 'timeScale')).toBe(0.5);
    // At half speed the driven loop falls further behind every frame (its line is half as steep).
    const behind = readValue(root, 'gameBehind');
    await expectFramesAdvance(root, 'frames', 30);
    await expect(readValue(root, 'gameBehind')).toBeGreaterThan(behind);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Two \`useFixedTimestep\` loops on the real frame loop: the grey one left alone, the orange one
driven by its own controls. Each update moves a dot by exactly \`step\` seconds of game time; the
render blends the previous and the latest state by \`alpha\`.

- **Pause** (\`pause()\`): updates stop, frames keep drawing the frozen picture: the orange trail
  collapses to one dot while the grey one runs on.
- **Step once** (\`stepOnce()\`, while paused): exactly one update at the next frame per click.
- **0.25× / 1×** and the \`timeScale\` control (\`setTimeScale\`): game seconds per real second; the
  orange ghosts close up to a quarter of the grey spacing, and the numbers measure both over the
  last ${SPEED_WINDOW} frames.
- **Reset** (\`reset()\`): back to time zero.

By itself, every three seconds, the story pauses the orange loop after one second, steps it once
three times half a second apart and resumes it: a number counts the updates in the last scripted
pause (3: one per \`stepOnce()\`). The buttons do the same by hand. Every control acts on the
running loop: nothing is remounted and the trail is kept.

The plot under the numbers keeps what the controls did: game time against real time for both
loops. The grey line rises at one game second per second; the orange one is flat where it was
paused, climbs a step per \`stepOnce()\`, rises a quarter as steep at 0.25× and drops to zero at a
reset. The big number is how far it has fallen behind the grey one.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFixedTimestep } from 'react-timestep';

function Game() {
  const loop = useFixedTimestep({
    step: 1 / 30,
    update: (dt) => world.step(dt),            // exactly 1/30 s of game time per call
    render: (alpha) => draw(world, alpha),      // blend previous → latest state
  });
  return (
    <>
      <button onClick={loop.pause}>Pause</button>
      <button onClick={loop.stepOnce}>Step once</button>
      <button onClick={() => loop.setTimeScale(0.25)}>0.25×</button>
      <button onClick={loop.reset}>Reset</button>
    </>
  );
}`;

const meta = {
  title: 'Hooks/14 · useFixedTimestep: pause, single step, time scale',
  component: FixedTimestepDemo,
  args: { updateRate: 30, timeScale: 1, lapSeconds: 1, autoScript: true },
  argTypes: {
    updateRate: range('update rate (Hz)', 'Fixed updates per second of game time. The hooks are given `step: 1 / updateRate` s; a change carries the elapsed game time into the new grid.', 5, 120, 5),
    timeScale: range('time scale (×)', 'Game seconds per real second of the driven loop (applied with `setTimeScale`, no remount). 0.25 = quarter speed.', 0, 2, 0.05),
    lapSeconds: lapArg,
    autoScript: toggle('pause and step every 3 s', 'By itself, every three real seconds: pause() after 1 s, stepOnce() at 1.5, 2 and 2.5 s, resume() at 3 s; besides the buttons.'),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof FixedTimestepDemo>;
export default meta;
