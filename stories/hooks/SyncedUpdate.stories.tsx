import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FrameProvider, useFrame, useSyncedUpdate } from '../../src/index.js';
import type { SlicerOverload } from '../../src/core/types.js';
import { LivePlot } from '../components/LivePlot.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import { RingBuffer } from '../components/ringBuffer.js';
import { expectFramesAdvance, readValue, waitForValue } from '../components/playHelpers.js';
import { FollowTransport } from './components/FollowTransport.js';
import { createSimulatedDisplay } from './components/simulatedDisplay.js';
import type { SimulatedDisplay } from './components/simulatedDisplay.js';
import { TrailCanvas } from './components/TrailCanvas.js';
import { expectPauseAndSingleStep } from './components/transportPlay.js';
import type { TrailCanvasHandle } from './components/TrailCanvas.js';
import { buttonStyle } from '../components/transport.js';

/** Controls of the useSyncedUpdate demo. */
interface SyncedUpdateProps {
  /** The hook's `overload` policy for a frame longer than `overloadThreshold` (six intervals, 0.1 s). */
  overload: SlicerOverload;
  /** How long the "Stall" button holds the simulated display, ms. */
  stallMs: number;
  /** Each simulated timestamp moves by a random amount within ± this many ms. */
  jitterMs: number;
  /** Game seconds the dot takes to cross the track, s. */
  lapSeconds: number;
  /** Stall by itself every STALL_EVERY frames (besides the button). */
  autoStall: boolean;
}

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const SAMPLES = 240;
const LANES = [{ label: 'useSyncedUpdate', color: '#5dade2' }] as const;
/** The scripted stall: first at frame STALL_FIRST, then every STALL_EVERY frames (1.5 s at 60 Hz). */
const STALL_FIRST = 30;
const STALL_EVERY = 90;

function Slices({ display, overload, lapSeconds, stallMs, autoStall }: { display: SimulatedDisplay; overload: SlicerOverload; lapSeconds: number; stallMs: number; autoStall: boolean }) {
  const trail = useRef<TrailCanvasHandle>(null);
  const lap = useRef(lapSeconds);
  lap.current = lapSeconds;
  const script = useRef({ autoStall, stallMs });
  script.current.autoStall = autoStall;
  script.current.stallMs = stallMs;
  const live = useMemo(
    () => ({
      // [0] game s, [1] slices this frame, [2] game ms this frame, [3] longest slice this frame (ms), [4] real s
      state: new Float64Array(5),
      seconds: new RingBuffer(SAMPLES),
      gameMs: new RingBuffer(SAMPLES),
      realMs: new RingBuffer(SAMPLES),
      values: {
        frames: 0,
        slicesLastFrame: 0,
        stalls: 0,
        stallRealMs: Number.NaN,
        stallSlices: Number.NaN,
        stallGameMs: Number.NaN,
        stallLongestMs: Number.NaN,
        droppedMs: 0,
      },
    }),
    [],
  );

  useSyncedUpdate(
    (dt) => {
      const s = live.state;
      s[0] = s[0]! + dt;
      s[1] = s[1]! + 1;
      s[2] = s[2]! + dt * 1000;
      if (dt * 1000 > s[3]!) s[3] = dt * 1000;
    },
    { overload },
  );

  useFrame(
    (frame) => {
      const s = live.state;
      const v = live.values;
      const vsync = display.vsync;
      trail.current?.picture(0, s[0]! / lap.current, s[1]!);
      trail.current?.draw();
      v.frames = frame.frameIndex;
      v.slicesLastFrame = s[1]!;
      if (frame.frameIndex > 0) {
        const realSeconds = frame.timeScale > 0 ? frame.deltaSeconds / frame.timeScale : 0;
        const realMs = realSeconds * 1000;
        s[4] = s[4]! + realSeconds;
        // A stalled frame: the display held more than one vblank.
        if (vsync.vblanks > 1) {
          v.stalls += 1;
          v.stallRealMs = realMs;
          v.stallSlices = s[1]!;
          v.stallGameMs = s[2]!;
          v.stallLongestMs = s[3]!;
        }
        live.seconds.push(vsync.vblankMs / 1000);
        live.gameMs.push(s[2]!);
        live.realMs.push(realMs);
        // Real time the game never got: slow motion's dropped time (plus up to one interval buffered).
        v.droppedMs = (s[4]! - s[0]!) * 1000;
      }
      s[1] = 0;
      s[2] = 0;
      s[3] = 0;
      // The scripted stall keeps coming back: the next frame arrives stallMs later.
      if (script.current.autoStall && frame.frameIndex >= STALL_FIRST && (frame.frameIndex - STALL_FIRST) % STALL_EVERY === 0) {
        display.stall(script.current.stallMs);
      }
    },
    { phase: 'render' },
  );

  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const count = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
  return (
    <>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="slices/frame" countMax={4} testId="trail" />
      <Readout
        keyNumbers
        values={live.values}
        fields={[
          { key: 'stallSlices', label: 'last stall: slices', format: count },
          { key: 'stallGameMs', label: 'last stall: game time run (ms)', format: ms },
          { key: 'droppedMs', label: 'real time not run as game time (ms)', format: ms },
        ]}
      />
      <button type="button" style={{ ...buttonStyle, margin: '8px 0' }} onClick={() => display.stall(stallMs)}>
        Stall the display for {stallMs} ms
      </button>
      <MoreReadouts summary="All readouts and plots">
        <Readout
          values={live.values}
          fields={[
            { key: 'frames', label: 'frames', format: count },
            { key: 'slicesLastFrame', label: 'slices in the last frame', format: count },
            { key: 'stalls', label: 'stalls seen', format: count },
            { key: 'stallRealMs', label: 'last stall: real time (ms)', format: ms },
            { key: 'stallLongestMs', label: 'last stall: longest slice (ms)', format: ms },
          ]}
        />
        <LivePlot
          title="Per frame: real time (ms) and the game time the slices ran (ms), against display time (s)"
          yLabel="ms"
          x={live.seconds}
          series={[
            { label: 'real time', stroke: '#999', buffer: live.realMs, stepped: true },
            { label: 'game time in slices', stroke: '#2e86c1', buffer: live.gameMs, stepped: true, width: 2 },
          ]}
        />
      </MoreReadouts>
    </>
  );
}

function SyncedUpdateDemo({ overload, stallMs, jitterMs, lapSeconds, autoStall }: SyncedUpdateProps) {
  // Created once; jitter changes are written into its live options below.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const display = useMemo(() => createSimulatedDisplay({ refreshRate: REFRESH_RATE, jitterMs, quantizationMs: 0.1, seed: 3 }), []);
  useEffect(() => {
    display.options.jitterMs = jitterMs;
  }, [display, jitterMs]);
  const displays = useMemo(() => [display], [display]);
  return (
    <div>
      <FollowTransport displays={displays} />
      <FrameProvider source={display} refreshRate={REFRESH_RATE} maxDelta={1}>
        <Slices display={display} overload={overload} lapSeconds={lapSeconds} stallMs={stallMs} autoStall={autoStall} />
      </FrameProvider>
    </div>
  );
}

const meta = {
  title: 'Hooks/16 · useSyncedUpdate: slices per frame, overload',
  component: SyncedUpdateDemo,
  args: { overload: 'slow-motion', stallMs: 200, jitterMs: 0.5, lapSeconds: 1, autoStall: true },
  argTypes: {
    overload: {
      name: 'overload policy',
      description:
        "The hook's `overload` option for a frame longer than `overloadThreshold` (default six refresh intervals, 0.1 s at 60 Hz): 'slow-motion' runs 0.1 s in two slices and drops the rest, 'catch-up' runs all of it in slices of at most 1 / minFrameRate (default 4 intervals), 'variable' runs all of it in one slice. Applied without a remount.",
      control: { type: 'inline-radio' },
      options: ['slow-motion', 'catch-up', 'variable'],
    },
    stallMs: {
      name: 'stall (ms)',
      description: 'How long the Stall button holds the simulated display, ms (rounded up to whole vblanks).',
      control: { type: 'range', min: 50, max: 500, step: 50 },
    },
    jitterMs: {
      name: 'timestamp jitter (± ms)',
      description: 'Timestamp jitter of the simulated 60 Hz display, ± ms.',
      control: { type: 'range', min: 0, max: 4, step: 0.1 },
    },
    lapSeconds: {
      name: 'lap (game s)',
      description: 'Game seconds the dot takes to cross the track, s.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.5 },
    },
    autoStall: { name: 'stall every 90 frames', description: 'Stall the display by itself at frame 30 and every 90 frames after (1.5 s at 60 Hz), besides the button.', control: 'boolean' },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useSyncedUpdate } from 'react-timestep';

function World() {
  // Called once per slice: whole refresh intervals, none longer than 1 / minFrameRate.
  useSyncedUpdate((dt) => world.step(dt), { overload: 'slow-motion' });
  return null;
}`,
      },
      description: {
        component: `
\`useSyncedUpdate\` ("Setting up a game update loop in-sync with rendering", blog post, April 2013):
each frame the elapsed time leaves a buffer in whole refresh intervals only, cut into slices no
longer than \`1 / minFrameRate\`, and the callback runs once per slice. In a steady 60 Hz run that is
one slice of 1/60 s per frame: the trail is evenly spaced and the small axis shows 1 every frame.

A stall holds the simulated display for \`stallMs\` (by itself at frame 30 and every 90 frames
after, and on the button), and the next frame brings that much time at once. What happens to it is the \`overload\` control: \`'slow-motion'\` runs 0.1 s of it in two slices
and drops the rest (the dot resumes from where it was, a little behind), \`'catch-up'\` runs all of it
in slices of at most four intervals (the dot jumps to where it should be), \`'variable'\` in a single
long slice. The numbers under the picture are the last stall's slices, the game time they ran and
the real time never run as game time.

**The display is simulated** (a \`<FrameProvider source>\`: each real animation frame is one vblank of a
60 Hz display with a random phase, jitter and 0.1 ms timestamps), so a stall is the same on every
machine and does not freeze the page.
`,
      },
    },
  },
} satisfies Meta<typeof SyncedUpdateDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first stall: scripted (at frame 30), or from the button when the script is off. */
async function stall(canvasElement: HTMLElement, click = false): Promise<void> {
  await expectFramesAdvance(canvasElement, 'frames', 10);
  await waitForValue(canvasElement, 'slicesLastFrame', (n) => n === 1);
  if (click) await userEvent.click(within(canvasElement).getByRole('button', { name: /stall/i }));
  await waitForValue(canvasElement, 'stalls', (n) => n === 1);
  // 200 ms = twelve vblanks, give or take the timestamps' jitter.
  await expect(Math.abs(readValue(canvasElement, 'stallRealMs') - 200)).toBeLessThan(1.5);
}

/** A 200 ms stall under 'slow-motion': 0.1 s run in two slices of 50 ms, the other 100 ms dropped; it comes back by itself. */
export const SlowMotion: Story = {
  play: async ({ canvasElement }) => {
    await stall(canvasElement);
    await expect(readValue(canvasElement, 'stallSlices')).toBe(2);
    await expect(readValue(canvasElement, 'stallLongestMs')).toBeCloseTo(50, 6);
    await expect(readValue(canvasElement, 'stallGameMs')).toBeCloseTo(100, 6);
    await waitForValue(canvasElement, 'droppedMs', (n) => n >= 99);
    // No click: the scripted stall repeats 90 frames later, the same again.
    await waitForValue(canvasElement, 'stalls', (n) => n >= 2, 20000);
    await expect(readValue(canvasElement, 'frames')).toBeGreaterThanOrEqual(STALL_FIRST + STALL_EVERY);
    await expect(readValue(canvasElement, 'stallSlices')).toBe(2);
    await expect(readValue(canvasElement, 'droppedMs')).toBeGreaterThan(190);
  },
};

/** The same stall under 'catch-up': all 200 ms run, in three slices of four intervals (66.7 ms). */
export const CatchUp: Story = {
  args: { overload: 'catch-up', autoStall: false },
  play: async ({ canvasElement }) => {
    // The button's stall (the script is off here).
    await stall(canvasElement, true);
    await expect(readValue(canvasElement, 'stallSlices')).toBe(3);
    await expect(readValue(canvasElement, 'stallLongestMs')).toBeCloseTo(4 * INTERVAL_MS, 6);
    await expect(readValue(canvasElement, 'stallGameMs')).toBeCloseTo(200, 6);
    await expect(readValue(canvasElement, 'droppedMs')).toBeLessThan(INTERVAL_MS);
  },
};

/** Under 'variable': all 200 ms in one slice. */
export const Variable: Story = {
  args: { overload: 'variable' },
  play: async ({ canvasElement }) => {
    await stall(canvasElement);
    await expect(readValue(canvasElement, 'stallSlices')).toBe(1);
    await expect(readValue(canvasElement, 'stallGameMs')).toBeCloseTo(200, 6);
  },
};

/** The transport bar stops the simulated display: no frames while paused, exactly one per single step. */
export const PauseAndSingleStep: Story = {
  args: { autoStall: false },
  play: async ({ canvasElement }) => {
    await expectPauseAndSingleStep(canvasElement, 'frames');
  },
};
