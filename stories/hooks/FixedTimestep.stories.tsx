import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useFixedTimestep } from '../../src/index.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import { expectFramesAdvance, readValue, waitForValue } from '../components/playHelpers.js';
import { TrailCanvas } from './components/TrailCanvas.js';
import type { TrailCanvasHandle } from './components/TrailCanvas.js';
import { updateArgs } from './components/transportPlay.js';
import { useLiveArg } from './components/useLiveArg.js';
import { buttonStyle } from '../components/transport.js';

/** Controls of the useFixedTimestep demo. */
interface FixedTimestepProps {
  /** Updates per second of game time, Hz (the hook's `step` is its inverse). */
  updateRate: number;
  /** Game seconds per real second for this loop (`setTimeScale`), ×. */
  timeScale: number;
  /** Game seconds the dot takes to cross the track, s. */
  lapSeconds: number;
  /** Pause, step once three times and resume by itself, every three seconds (besides the buttons). */
  autoScript: boolean;
}

/** Frames over which the game speed readout is measured. */
const SPEED_WINDOW = 30;
const LANES = [{ label: 'useFixedTimestep', color: '#f5b041' }] as const;
/** The scripted cycle, in real seconds from its start: pause, three single steps, resume (then again). */
const SCRIPT = [
  { at: 1, act: 'pause' },
  { at: 1.5, act: 'step' },
  { at: 2, act: 'step' },
  { at: 2.5, act: 'step' },
  { at: 3, act: 'resume' },
] as const;

function FixedTimestepDemo({ updateRate, timeScale: timeScaleArg, lapSeconds, autoScript }: FixedTimestepProps) {
  const trail = useRef<TrailCanvasHandle>(null);
  const [timeScale, setTimeScale] = useLiveArg(timeScaleArg);
  const live = useMemo(
    () => ({
      // [0] previous position, [1] latest position (in laps), [2] steps since the last picture
      body: new Float64Array(3),
      // Ring of (frame timestamp, game seconds) pairs for the game speed over SPEED_WINDOW frames.
      times: new Float64Array(SPEED_WINDOW),
      games: new Float64Array(SPEED_WINDOW),
      values: { frames: 0, totalSteps: 0, paused: 0, timeScale: 1, gameSpeed: Number.NaN, pictureTime: Number.NaN, stepsLastFrame: 0, scriptedPauses: 0, stepsWhilePaused: Number.NaN },
      // The script: on or off, real seconds into its cycle, the next event, updates in its paused phase.
      script: { on: true, seconds: 0, next: 0, lastMs: Number.NaN, pausedSteps: 0 },
    }),
    [],
  );
  live.script.on = autoScript;
  const lap = useRef(lapSeconds);
  lap.current = lapSeconds;

  const loop = useFixedTimestep({
    step: 1 / updateRate,
    update: (dt) => {
      const body = live.body;
      body[0] = body[1]!;
      body[1] = body[1]! + dt / lap.current;
      body[2] = body[2]! + 1;
      if (live.script.next > 0) live.script.pausedSteps += 1;
    },
    render: (alpha, frame) => {
      const body = live.body;
      const v = live.values;
      const stats = loop.stats;
      trail.current?.picture(0, body[0]! + (body[1]! - body[0]!) * alpha, body[2]!);
      trail.current?.draw();
      v.stepsLastFrame = body[2]!;
      body[2] = 0;
      const slot = v.frames % SPEED_WINDOW;
      const oldT = live.times[slot]!;
      const oldG = live.games[slot]!;
      live.times[slot] = frame.timestampMs;
      live.games[slot] = stats.elapsedGameSeconds;
      if (v.frames >= SPEED_WINDOW && frame.timestampMs > oldT) v.gameSpeed = ((stats.elapsedGameSeconds - oldG) * 1000) / (frame.timestampMs - oldT);
      v.frames += 1;
      v.totalSteps = stats.totalSteps;
      v.paused = stats.paused ? 1 : 0;
      v.timeScale = stats.timeScale;
      v.pictureTime = stats.pictureTime;
      runScript(frame.timestampMs, frame.paused);
    },
  });

  useEffect(() => loop.setTimeScale(timeScale), [loop, timeScale]);

  // One scripted event at most per frame, so each single step has a frame of its own.
  // Its clock stands still while the transport bar pauses the page loop.
  function runScript(nowMs: number, transportPaused: boolean): void {
    const script = live.script;
    const dt = Number.isFinite(script.lastMs) ? (nowMs - script.lastMs) / 1000 : 0;
    script.lastMs = nowMs;
    if (!script.on || transportPaused) return;
    script.seconds += dt;
    const event = SCRIPT[script.next]!;
    if (script.seconds < event.at) return;
    if (event.act === 'pause') {
      loop.pause();
      script.pausedSteps = 0;
      live.values.scriptedPauses += 1;
    } else if (event.act === 'step') loop.stepOnce();
    else {
      live.values.stepsWhilePaused = script.pausedSteps;
      loop.resume();
      script.seconds = 0;
    }
    script.next = (script.next + 1) % SCRIPT.length;
  }

  const reset = () => {
    loop.reset();
    live.body.fill(0);
    trail.current?.clear();
  };

  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="steps/frame" countMax={2} testId="trail" />
      <div role="toolbar" aria-label="controls of the hook" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, margin: '8px 0', alignItems: 'center' }}>
        <span style={{ font: '12px system-ui', opacity: 0.75 }}>The hook's own controls:</span>
        <button type="button" style={buttonStyle} onClick={() => loop.pause()}>
          loop.pause()
        </button>
        <button type="button" style={buttonStyle} onClick={() => loop.resume()}>
          loop.resume()
        </button>
        <button type="button" style={buttonStyle} onClick={() => loop.stepOnce()}>
          loop.stepOnce()
        </button>
        <button type="button" style={buttonStyle} onClick={reset}>
          loop.reset()
        </button>
        <button type="button" style={buttonStyle} onClick={() => setTimeScale(0.25)}>
          loop.setTimeScale(0.25)
        </button>
        <button type="button" style={buttonStyle} onClick={() => setTimeScale(1)}>
          loop.setTimeScale(1)
        </button>
      </div>
      <Readout
        keyNumbers
        values={live.values}
        fields={[
          { key: 'paused', label: 'stats.paused', format: (n) => (n ? 'yes' : 'no') },
          { key: 'gameSpeed', label: `game s per real s, last ${SPEED_WINDOW} frames`, format: (n) => (Number.isFinite(n) ? n.toFixed(3) : '–') },
          { key: 'stepsWhilePaused', label: 'updates in the last scripted pause', format: (n) => (Number.isFinite(n) ? n.toFixed(0) : '–') },
        ]}
      />
      <MoreReadouts>
        <Readout
          values={live.values}
          fields={[
            { key: 'frames', label: 'frames drawn', format: (n) => n.toFixed(0) },
            { key: 'totalSteps', label: 'stats.totalSteps', format: (n) => n.toFixed(0) },
            { key: 'stepsLastFrame', label: 'steps in the last frame', format: (n) => n.toFixed(0) },
            { key: 'timeScale', label: 'stats.timeScale (×)', format: (n) => n.toFixed(2) },
            { key: 'pictureTime', label: 'stats.pictureTime (game s)', format: (n) => (Number.isFinite(n) ? n.toFixed(3) : '–') },
            { key: 'scriptedPauses', label: 'scripted pauses', format: (n) => n.toFixed(0) },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Hooks/14 · useFixedTimestep: pause, single step, time scale',
  component: FixedTimestepDemo,
  args: { updateRate: 30, timeScale: 1, lapSeconds: 1, autoScript: true },
  argTypes: {
    updateRate: {
      name: 'update rate (Hz)',
      description: 'Fixed updates per second of game time, Hz. The hook is given `step: 1 / updateRate` s; a change carries the elapsed game time into the new grid.',
      control: { type: 'range', min: 5, max: 120, step: 5 },
    },
    timeScale: {
      name: 'time scale (×)',
      description: 'Game seconds per real second for this loop, × (applied with `setTimeScale`, no remount). 0.25 = quarter speed.',
      control: { type: 'range', min: 0, max: 2, step: 0.05 },
    },
    lapSeconds: {
      name: 'lap (game s)',
      description: 'Game seconds the dot takes to cross the track once, s.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.5 },
    },
    autoScript: {
      name: 'pause and step every 3 s',
      description: 'By itself, every three real seconds: pause() after 1 s, stepOnce() at 1.5, 2 and 2.5 s, resume() at 3 s; besides the buttons.',
      control: 'boolean',
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useFixedTimestep } from 'react-timestep';

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
}`,
      },
      description: {
        component: `
\`useFixedTimestep\` on the real frame loop, driven by its own controls. The update moves the dot by
exactly \`step\` seconds of game time; the render blends the previous and the latest state by
\`alpha\`. The faded dots are the last twelve pictures: evenly spaced while the loop runs, a single dot
while it is paused. The small axis counts the updates behind each picture.

- **Pause** (\`pause()\`): updates stop, frames keep drawing the frozen picture.
- **Step once** (\`stepOnce()\`, while paused): exactly one update at the next frame per click.
- **0.25× / 1×** and the \`timeScale\` control (\`setTimeScale\`): game seconds per real second; the
  readout measures it over the last ${SPEED_WINDOW} frames.
- **Reset** (\`reset()\`): back to time zero.

By itself, every three seconds, the story pauses the loop after one second, steps it once three
times half a second apart and resumes it: the number beside the picture counts the updates in the
last scripted pause (3: one per \`stepOnce()\`). The buttons do the same by hand.

Every control acts on the running loop: nothing is remounted and the trail is kept.
`,
      },
    },
  },
} satisfies Meta<typeof FixedTimestepDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With no click: the loop pauses by itself, runs exactly one update per scripted stepOnce (3), resumes, and the cycle comes back. */
export const ScriptRepeats: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'paused', (p) => p === 1);
    await waitForValue(canvasElement, 'paused', (p) => p === 0);
    await waitForValue(canvasElement, 'stepsWhilePaused', (n) => Number.isFinite(n));
    await expect(readValue(canvasElement, 'stepsWhilePaused')).toBe(3);
    await waitForValue(canvasElement, 'scriptedPauses', (n) => n >= 2);
  },
};

/** Pause freezes the picture while frames go on; each Step once runs one update; 0.25× runs a quarter as fast. */
export const PauseStepTimeScale: Story = {
  // The buttons alone: the script would pause and resume in the middle of this sequence.
  args: { autoScript: false },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement);
    await expectFramesAdvance(canvasElement, 'frames', 10);
    await waitForValue(canvasElement, 'totalSteps', (n) => n > 0);

    await userEvent.click(ui.getByRole('button', { name: 'loop.pause()' }));
    await waitForValue(canvasElement, 'paused', (p) => p === 1);
    await expectFramesAdvance(canvasElement, 'frames', 3);
    const steps = readValue(canvasElement, 'totalSteps');
    const picture = readValue(canvasElement, 'pictureTime');
    await expectFramesAdvance(canvasElement, 'frames', 20);
    // Frames went on; game time and the picture did not.
    await expect(readValue(canvasElement, 'totalSteps')).toBe(steps);
    await expect(readValue(canvasElement, 'pictureTime')).toBe(picture);

    for (let click = 1; click <= 2; click += 1) {
      await userEvent.click(ui.getByRole('button', { name: 'loop.stepOnce()' }));
      await waitForValue(canvasElement, 'totalSteps', (n) => n === steps + click);
      await expectFramesAdvance(canvasElement, 'frames', 10);
      await expect(readValue(canvasElement, 'totalSteps')).toBe(steps + click);
    }

    await userEvent.click(ui.getByRole('button', { name: 'loop.resume()' }));
    await userEvent.click(ui.getByRole('button', { name: 'loop.setTimeScale(0.25)' }));
    await waitForValue(canvasElement, 'timeScale', (s) => s === 0.25);
    // Once the window holds only quarter-speed frames, game time runs at 0.25 of real time.
    await waitForValue(canvasElement, 'gameSpeed', (s) => Math.abs(s - 0.25) < 0.005, 6000);
    await userEvent.click(ui.getByRole('button', { name: 'loop.setTimeScale(1)' }));
    await waitForValue(canvasElement, 'gameSpeed', (s) => Math.abs(s - 1) < 0.005, 6000);
  },
};

/** Reset: back to time zero, and the loop runs on from there. */
export const Reset: Story = {
  args: { autoScript: false },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement);
    await waitForValue(canvasElement, 'totalSteps', (n) => n >= 20);
    await userEvent.click(ui.getByRole('button', { name: 'loop.pause()' }));
    await userEvent.click(ui.getByRole('button', { name: 'loop.reset()' }));
    await waitForValue(canvasElement, 'totalSteps', (n) => n === 0);
    await userEvent.click(ui.getByRole('button', { name: 'loop.resume()' }));
    await waitForValue(canvasElement, 'totalSteps', (n) => n > 0);
  },
};

/** The timeScale and updateRate controls act on the running loop: no remount, the step count goes on. */
export const LiveControls: Story = {
  args: { autoScript: false },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'totalSteps', (n) => n >= 10);
    updateArgs({ timeScale: 0.5 });
    await waitForValue(canvasElement, 'timeScale', (s) => s === 0.5);
    await waitForValue(canvasElement, 'gameSpeed', (s) => Math.abs(s - 0.5) < 0.005, 6000);
    const steps = readValue(canvasElement, 'totalSteps');
    updateArgs({ updateRate: 60 });
    // A new step carries the game time into the new grid: the count goes on, it does not restart.
    await expectFramesAdvance(canvasElement, 'frames', 10);
    await expect(readValue(canvasElement, 'totalSteps')).toBeGreaterThan(steps);
    await expect(readValue(canvasElement, 'timeScale')).toBe(0.5);
  },
};
