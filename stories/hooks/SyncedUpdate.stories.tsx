import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FrameProvider, useFrame, useSyncedUpdate } from '../../src/index.js';
import { docs, jitterArg, lapArg, range, toggle } from '../kit/controls.js';
import { FollowTransport, useSimulatedDisplays } from '../kit/display.js';
import type { SimulatedDisplay } from '../kit/display.js';
import { count, formatter } from '../kit/format.js';
import { lanesOf } from '../kit/Lanes.js';
import type { LanesHandle } from '../kit/Lanes.js';
import { laneLegend } from '../kit/Legend.js';
import { clickButton, expectFramesAdvance, expectPauseAndSingleStep, readValue, waitForValue } from '../kit/play.js';
import { LanesPanel } from '../kit/Panel.js';
import { Buttons } from '../kit/transport.js';

type SlicerOverload = 'slow-motion' | 'catch-up' | 'variable';

/** Controls of the useSyncedUpdate demo. */
interface SyncedUpdateProps { stallMs: number; jitterMs: number; lapSeconds: number; autoStall: boolean }

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const POLICIES: readonly SlicerOverload[] = ['slow-motion', 'variable', 'catch-up'];
const PREFIXES = ['slow', 'variable', 'catchUp'] as const;
const LANES = lanesOf("overload 'slow-motion'", "overload 'variable'", "overload 'catch-up'");
const STALL_FIRST = 30;
const STALL_EVERY = 90;

interface Shared {
  lanes: { current: LanesHandle | null };
  values: Record<string, number>;
  displays: readonly SimulatedDisplay[];
  script: { autoStall: boolean; stallMs: number; lapSeconds: number };
}

/** One lane: `useSyncedUpdate` with one policy on its own copy of the display; it records each frame's slices. */
function SliceLane({ lane, shared }: { lane: number; shared: Shared }) {
  // Game s, real s, and this frame's slices, game ms and longest slice (typed: no boxing per frame).
  const [sum] = useState(() => new Float64Array(5));
  const prefix = PREFIXES[lane]!;
  useSyncedUpdate(
    (dt) => {
      sum[0] = sum[0]! + dt;
      sum[2] = sum[2]! + 1;
      sum[3] = sum[3]! + dt * 1000;
      sum[4] = Math.max(sum[4]!, dt * 1000);
    },
    { overload: POLICIES[lane]! },
  );
  useFrame(
    (frame) => {
      const { values: v, script } = shared;
      const vsync = shared.displays[lane]!.vsync;
      shared.lanes.current?.picture(lane, sum[0]! / script.lapSeconds, sum[2]!);
      shared.lanes.current?.ring(lane, vsync.vblankMs / 1000 / script.lapSeconds);
      if (frame.frameIndex > 0) {
        sum[1] = sum[1]! + frame.rawDeltaSeconds;
        // A stalled frame: the display held more than one vblank.
        if (vsync.vblanks > 1) {
          v[`${prefix}StallSlices`] = sum[2]!;
          v[`${prefix}StallGameMs`] = sum[3]!;
          v[`${prefix}StallLongestMs`] = sum[4]!;
          if (lane === 0) {
            v.stalls = v.stalls! + 1;
            v.stallRealMs = frame.rawDeltaSeconds * 1000;
          }
        }
        // Real time the game never got: slow motion's dropped time (plus up to one interval buffered).
        v[`${prefix}DroppedMs`] = (sum[1]! - sum[0]!) * 1000;
      }
      sum.fill(0, 2);
      if (lane !== 0) return;
      v.frames = frame.frameIndex;
      shared.lanes.current?.draw();
      // The scripted stall keeps coming back: every display's next frame arrives stallMs later.
      if (script.autoStall && frame.frameIndex >= STALL_FIRST && (frame.frameIndex - STALL_FIRST) % STALL_EVERY === 0) {
        for (const display of shared.displays) display.stall(script.stallMs);
      }
    },
    { phase: 'render' },
  );
  return null;
}

function SyncedUpdateDemo({ stallMs, jitterMs, lapSeconds, autoStall }: SyncedUpdateProps) {
  const displays = useSimulatedDisplays(3, { refreshRate: REFRESH_RATE, jitterMs, quantizationMs: 0.1, seed: 3 });
  const lanes = useRef<LanesHandle>(null);
  const [shared] = useState<Shared>(() => ({
    lanes,
    displays,
    script: { autoStall, stallMs, lapSeconds },
    values: {
      frames: 0,
      stalls: 0,
      stallRealMs: Number.NaN,
      ...Object.fromEntries(PREFIXES.flatMap((p) => [[`${p}StallSlices`, Number.NaN], [`${p}StallGameMs`, Number.NaN], [`${p}StallLongestMs`, Number.NaN], [`${p}DroppedMs`, 0]])),
    },
  }));
  Object.assign(shared.script, { autoStall, stallMs, lapSeconds });
  return (
    <>
      <FollowTransport displays={displays} />
      {displays.map((display, lane) => (
        <FrameProvider key={lane} source={display} refreshRate={REFRESH_RATE} maxDelta={1}>
          <SliceLane lane={lane} shared={shared} />
        </FrameProvider>
      ))}
      <LanesPanel
        ref={lanes}
        lanes={LANES}
        bars={{ label: 'slices/frame', max: 4 }}
        legend={laneLegend('update calls (slices) each frame: 1 in a steady run', [{ mark: 'ring', text: 'real time: after a stall, a dot behind it lost game time' }])}
        values={shared.values}
        keyNumbers={PREFIXES.map((p, i) => ({ key: `${p}StallGameMs`, label: `'${POLICIES[i]}': game ms run for the last ${stallMs} ms stall`, format: formatter(0), color: LANES[i]!.color }))}
        after={<Buttons label="The display" buttons={[{ text: `Stall it ${stallMs} ms`, onClick: () => displays.forEach((d) => d.stall(stallMs)) }]} />}
        more={[
          { key: 'frames', label: 'frames', format: count },
          { key: 'stalls', label: 'stalls seen', format: count },
          { key: 'stallRealMs', label: 'last stall: real time (ms)', format: formatter(1) },
          ...PREFIXES.flatMap((p, i) => [
            { key: `${p}StallSlices`, label: `'${POLICIES[i]}': slices in the last stall`, format: count },
            { key: `${p}StallLongestMs`, label: `'${POLICIES[i]}': its longest slice (ms)`, format: formatter(1) },
            { key: `${p}DroppedMs`, label: `'${POLICIES[i]}': real time not run as game time (ms)`, format: formatter(1) },
          ]),
        ]}
      />
    </>
  );
}

type Story = StoryObj<typeof meta>;

/** The first stall: scripted (at frame 30), or from the button when the script is off. */
async function stall(root: HTMLElement, click = false): Promise<void> {
  await expectFramesAdvance(root, 'frames', 10);
  if (click) await clickButton(root, /stall/i);
  await waitForValue(root, 'stalls', (n) => n === 1);
  // 200 ms = twelve vblanks, give or take the timestamps' jitter.
  await expect(Math.abs(readValue(root, 'stallRealMs') - 200)).toBeLessThan(1.5);
}

/** The three policies on a 200 ms stall, and the stall comes back by itself. */
export const ThreePolicies: Story = {
  play: async ({ canvasElement: root }) => {
    await stall(root);
    // 'slow-motion': 0.1 s run in two slices of 50 ms, the other 100 ms dropped.
    await expect(readValue(root, 'slowStallSlices')).toBe(2);
    await expect(readValue(root, 'slowStallLongestMs')).toBeCloseTo(50, 6);
    await expect(readValue(root, 'slowStallGameMs')).toBeCloseTo(100, 6);
    await waitForValue(root, 'slowDroppedMs', (n) => n >= 99);
    // 'catch-up': all 200 ms, in three slices of four intervals (66.7 ms).
    await expect(readValue(root, 'catchUpStallSlices')).toBe(3);
    await expect(readValue(root, 'catchUpStallLongestMs')).toBeCloseTo(4 * INTERVAL_MS, 6);
    await expect(readValue(root, 'catchUpStallGameMs')).toBeCloseTo(200, 6);
    await expect(readValue(root, 'catchUpDroppedMs')).toBeLessThan(INTERVAL_MS);
    // 'variable': all 200 ms in one slice.
    await expect(readValue(root, 'variableStallSlices')).toBe(1);
    await expect(readValue(root, 'variableStallGameMs')).toBeCloseTo(200, 6);
    // No click: the scripted stall repeats 90 frames later, the same again.
    await waitForValue(root, 'stalls', (n) => n >= 2);
    await expect(readValue(root, 'frames')).toBeGreaterThanOrEqual(STALL_FIRST + STALL_EVERY);
    await expect(readValue(root, 'slowStallSlices')).toBe(2);
    await expect(readValue(root, 'slowDroppedMs')).toBeGreaterThan(190);
  },
};

/** With the script off, the button stalls the display: the same three answers. */
export const ButtonStall: Story = {
  args: { autoStall: false },
  play: async ({ canvasElement: root }) => {
    await stall(root, true);
    await expect(readValue(root, 'slowStallSlices')).toBe(2);
    await expect(readValue(root, 'catchUpStallSlices')).toBe(3);
    await expect(readValue(root, 'variableStallSlices')).toBe(1);
  },
};

/**
 * The transport bar stops the simulated displays: no frames while paused, exactly one per single
 * step. The scripted stalls stay on, so the lanes keep showing the three policies afterwards.
 */
export const PauseAndSingleStep: Story = {
  play: async ({ canvasElement: root }) => {
    // Paused between two stalls: a single step while a stall holds the display would bring no frame.
    await stall(root);
    await waitForValue(root, 'frames', (n) => n >= STALL_FIRST + 5);
    await expectPauseAndSingleStep(root, 'frames');
    await waitForValue(root, 'stalls', (n) => n >= 2);
    await expect(readValue(root, 'slowStallGameMs')).toBeCloseTo(100, 6);
    await expect(readValue(root, 'catchUpStallGameMs')).toBeCloseTo(200, 6);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
\`useSyncedUpdate\` ("Setting up a game update loop in-sync with rendering", blog post, April 2013):
each frame the elapsed time leaves a buffer in whole refresh intervals only, cut into slices no
longer than \`1 / minFrameRate\`, and the callback runs once per slice. In a steady 60 Hz run that is
one slice of 1/60 s per frame: even trails, bars of 1.

A stall holds the display for \`stallMs\` (by itself at frame 30 and every 90 frames after, and on
the button), and the next frame brings that much time at once. The three lanes are the hook's
\`overload\` option on the same frames and the same stalls (the option acts on frames longer than
\`overloadThreshold\`, six refresh intervals, 0.1 s at 60 Hz):

- \`'slow-motion'\` runs 0.1 s of it in two slices and drops the rest: the dot resumes from where it
  was and stays behind the ring;
- \`'catch-up'\` runs all of it in slices of at most four intervals: three bars' worth, and the dot
  is back on the ring;
- \`'variable'\` runs all of it in a single long slice.

The numbers are the game time each policy ran for the last stall.

**The display is simulated** (a \`<FrameProvider source>\` per lane: each real animation frame is one
vblank of a 60 Hz display with a random phase, jitter and 0.1 ms timestamps), so a stall is the same
on every machine and does not freeze the page.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useSyncedUpdate } from 'react-timestep';

function World() {
  // Called once per slice: whole refresh intervals, none longer than 1 / minFrameRate.
  useSyncedUpdate((dt) => world.step(dt), { overload: 'slow-motion' });
  return null;
}`;

const meta = {
  title: 'Hooks/16 · useSyncedUpdate: slices per frame, overload',
  component: SyncedUpdateDemo,
  args: { stallMs: 200, jitterMs: 0.5, lapSeconds: 1, autoStall: true },
  argTypes: {
    stallMs: range('stall (ms)', 'How long a stall holds the simulated display, ms (rounded up to whole vblanks).', 50, 500, 50),
    jitterMs: jitterArg,
    lapSeconds: lapArg,
    autoStall: toggle('stall every 90 frames', 'Stall the display by itself at frame 30 and every 90 frames after (1.5 s at 60 Hz), besides the button.'),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof SyncedUpdateDemo>;
export default meta;
