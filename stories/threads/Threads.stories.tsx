import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { docs, range, updateRateArg } from '../kit/controls.js';
import { expectFramesAdvance, readValue, waitForValue } from '../kit/play.js';
import { StallDemo } from './Stalls.js';
import { ISOLATED, ThreeWaysDemo } from './ThreeWays.js';

/** Controls of the threads stories. */
interface ThreadsProps {
  /** Update rate of the worker's fixed step, Hz. */
  updateRate: number;
  /** Main-thread stall, ms, once a second (0: none). */
  stallMs: number;
  /** Real ms each worker step takes to write its dots (the three ways). */
  writeMs: number;
}

function ThreadsDemo({ updateRate, writeMs }: ThreadsProps) {
  return <ThreeWaysDemo updateRate={updateRate} writeMs={writeMs} />;
}

/** What the docs page says above the stories. */
const ABOUT = `
\`react-timestep/worker\` runs the fixed step in a Web Worker on the worker's own clock: the threads
loop of Peter Sundqvist, "Timestepping" (Turborilla). The page reads the states each frame in one of
the article's three ways (docs/threads.md); each lane here runs its own worker, the same dots at the
same step, stepped only 8 times a second so the difference is easy to see; each step takes 10 ms to
write its 24 dots, one after another, as a heavy update would.

**'latest'** draws the last completed step: the dot stands still between steps and jumps at each
one, stairs (its trail piles up in clumps, and at 15 frames a second or more at least a third of its
pictures do not move). **'interpolated'** blends the two latest steps by alpha: an even trail, and
under a quarter as many pictures stand still (on a machine so busy that the worker's states come
late or in bursts, its alpha clamps and it holds its picture too: "All readouts" counts those). Neither is ever handed a torn state. **'live'** reads
the state the worker is still writing: over shared memory (a cross-origin isolated page) a frame
that comes while a step is writing holds dots of two steps: its bar is red, a ring marks the dots
left behind, and the big number counts them. Over messages, which is what this Storybook uses (it is
not served with the COOP and COEP headers), every state arrives whole, so 'live' cannot tear and
shows the same stairs as 'latest'. The page says which one runs.

**Main thread stalls**: once a second the page busy-waits. The timeline shows the worker's steps
going on through each stall (green ticks inside the red band) while the page's frames and a fixed
clock on the main thread stop; that clock's steps then run in a burst (every step the stall owed, in
one frame), late by about the stall.
`;

const CODE = `import { useWorkerSimulation } from 'react-timestep/worker';

const sim = useWorkerSimulation(() => new Worker(new URL('./dots.worker.ts', import.meta.url), { type: 'module' }), {
  step: 1 / 8,
  read: 'interpolated', // or 'latest', or 'live'
});
// Each frame: draw sim.previous blended to sim.current by sim.alpha.`;

const meta = {
  title: 'A game/28 · Threads: a fixed step in a worker',
  component: ThreadsDemo,
  args: { updateRate: 8, stallMs: 150, writeMs: 10 },
  argTypes: {
    updateRate: updateRateArg([4, 8, 15, 30, 60, 120], "Steps per second of the workers' fixed step."),
    writeMs: range('step cost (ms)', 'Real ms each worker step takes to write its 24 dots, one after another, as a heavy update would (the three ways). The longer, the likelier a \'live\' read over shared memory catches a step half written.', 0, 60, 5),
    stallMs: range('stall (ms)', 'Main-thread stall, ms, once a second (the stall story).', 0, 300, 10),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof ThreadsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Stairs: a way that shows whole steps moves only on a picture with a new step, so at least
 * 1 − steps / pictures of its pictures stand still (at 8 steps a second and 15 fps or more: over a
 * third). Judged on the steps and pictures counted, at whatever frame rate the page runs.
 */
async function expectStairs(root: HTMLElement, way: 'latest' | 'live'): Promise<void> {
  const pictures = readValue(root, `${way}Pictures`);
  const steps = readValue(root, `${way}Steps`);
  await expect(readValue(root, `${way}Still`) * pictures).toBeGreaterThanOrEqual(pictures - steps - 1);
}

/** The three ways side by side: 'latest' stairs, 'interpolated' smooth, 'live' torn only over shared memory. */
export const ThreeWays: Story = {
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'latestPictures', (n) => n >= 60);
    await waitForValue(root, 'interpolatedPictures', (n) => n >= 60);
    await expectFramesAdvance(root, 'frames', 10);
    // The page says which transport runs, and it is the one that runs.
    await expect(readValue(root, 'shared')).toBe(ISOLATED ? 1 : 0);
    await expect(within(root).getByTestId('transport-note').textContent).toMatch(ISOLATED ? /^Shared memory/ : /^Messages, not shared memory/);
    // 'latest' stands still between steps (8 a second).
    await expectStairs(root, 'latest');
    // 'interpolated' moves on nearly every picture it can blend: under a quarter of what 'latest' holds
    // still. A picture with alpha clamped (the worker's states late or in a burst, on a busy machine)
    // has nothing to blend, so it is left out of the comparison, not of the count shown.
    await expect(readValue(root, 'interpolatedStill') - readValue(root, 'interpolatedLate')).toBeLessThan(readValue(root, 'latestStill') / 4);
    await expect(readValue(root, 'latestTorn')).toBe(0);
    await expect(readValue(root, 'interpolatedTorn')).toBe(0);
    // Over messages 'live' gets whole states: no torn picture, and stairs like 'latest'.
    if (!ISOLATED) {
      await expect(readValue(root, 'liveTorn')).toBe(0);
      await expectStairs(root, 'live');
    }
  },
};

/** The main thread stalls once a second: the worker steps on through it, the main-thread clock's steps wait for it. */
export const MainThreadStalls: Story = {
  render: (args) => <StallDemo {...args} />,
  args: { updateRate: 60 },
  play: async ({ canvasElement: root, args }) => {
    await waitForValue(root, 'stalls', (n) => n >= 2);
    await expectFramesAdvance(root, 'frames', 5);
    // The worker runs steps during a stall (at 60 a second, a 150 ms stall holds ~9).
    await waitForValue(root, 'workerMostInStall', (n) => n >= 1);
    // The page's frames and the main-thread clock's steps do not.
    await expect(readValue(root, 'framesInStall')).toBe(0);
    await expect(readValue(root, 'mainStepsInStall')).toBe(0);
    // The burst: the frame after a stall runs every step the stall owed (a frame spans at least the stall).
    await expect(readValue(root, 'mainBurst')).toBeGreaterThanOrEqual(Math.floor((args.stallMs / 1000) * args.updateRate) - 1);
    // A step whose span ended in the stall's first step-length ran after the stall: late by the rest of it.
    await expect(readValue(root, 'mainMaxLateMs')).toBeGreaterThanOrEqual(args.stallMs - 1000 / args.updateRate);
  },
};
