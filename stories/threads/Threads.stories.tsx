import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FixedClockProvider, useFixedUpdate, useFrame } from '../../src/index.js';
import { useWorkerSimulation, type ReadMode, type WorkerSimulation } from '../../src/worker/index.js';
import { busyWait } from '../kit/loop.js';
import { Readout } from '../kit/Readout.js';
import { expectFramesAdvance, readValue, waitForValue } from '../kit/play.js';
import { DOTS, TRACK, isTorn, type DotsProps } from './dots.simulation.js';

/** Controls of the threads stories. */
interface ThreadsProps {
  /** Update rate of the worker's fixed step, Hz. */
  updateRate: number;
  /** Main-thread stall, ms, once a second (0: none). */
  stallMs: number;
}

const HEIGHT = 60;
const startDots = () => new Worker(new URL('./dots.worker.ts', import.meta.url), { type: 'module' });
const QUIET: DotsProps = { report: false };
const REPORTING: DotsProps = { report: true };

/** The dots of one state, or of two blended by alpha. */
function drawDots(canvas: HTMLCanvasElement | null, sim: WorkerSimulation, color: string): void {
  const ctx = canvas?.getContext('2d');
  if (!ctx || !sim.ready) return;
  ctx.clearRect(0, 0, TRACK, HEIGHT);
  ctx.fillStyle = color;
  for (let i = 0; i < DOTS; i++) {
    const from = sim.previous.length === DOTS ? sim.previous[i]! : sim.current[i]!;
    const to = sim.current[i]!;
    // Across the wrap, no blend: the dot jumps back to the start.
    const x = to >= from ? from + (to - from) * sim.alpha : to;
    ctx.fillRect(x, 4 + (i % 12) * 4.5, 4, 4);
  }
}

/** One way to read the worker: its canvas, and counts of the torn states it was handed. */
function Lane({ read, color, values, updateRate }: { read: ReadMode; color: string; values: Record<string, number>; updateRate: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const sim = useWorkerSimulation(startDots, { step: 1 / updateRate, read, props: QUIET });
  useFrame(
    () => {
      if (!sim.ready) return;
      values[`${read}Reads`] = (values[`${read}Reads`] ?? 0) + 1;
      if (isTorn(sim.current) || (read === 'interpolated' && isTorn(sim.previous))) values[`${read}Torn`] = (values[`${read}Torn`] ?? 0) + 1;
      values.shared = sim.transport === 'shared' ? 1 : 0;
      drawDots(canvas.current, sim, color);
    },
    { phase: 'render' },
  );
  return (
    <div>
      <div style={{ font: '12px sans-serif' }}>'{read}'</div>
      <canvas ref={canvas} width={TRACK} height={HEIGHT} data-testid={`lane-${read}`} style={{ background: '#1113', borderRadius: 4, display: 'block', maxWidth: '100%', height: 'auto' }} />
    </div>
  );
}

function ThreeWaysDemo({ updateRate }: ThreadsProps) {
  const [values] = useState<Record<string, number>>(() => ({ frames: 0, shared: 0, latestReads: 0, latestTorn: 0, interpolatedReads: 0, interpolatedTorn: 0, liveReads: 0, liveTorn: 0 }));
  useFrame(() => void (values.frames! += 1));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Lane read="latest" color="#f5b041" values={values} updateRate={updateRate} />
      <Lane read="interpolated" color="#58d68d" values={values} updateRate={updateRate} />
      <Lane read="live" color="#f06a6a" values={values} updateRate={updateRate} />
      <Readout
        values={values}
        fields={[
          { key: 'frames', label: 'frames', format: String },
          { key: 'shared', label: 'shared memory (1) or messages (0)', format: String },
          { key: 'latestTorn', label: "torn states read 'latest'", format: String },
          { key: 'interpolatedTorn', label: "torn states read 'interpolated'", format: String },
          { key: 'liveTorn', label: "torn states read 'live'", format: String },
        ]}
      />
    </div>
  );
}

/** The same step on the main thread: when each step ran, against the end of its span. */
function MainThreadSteps({ values }: { values: Record<string, number> }) {
  useFixedUpdate((_dt, step) => {
    const lateMs = performance.now() - step.stepEndTimestampMs;
    if (lateMs > values.mainMaxLateMs!) values.mainMaxLateMs = lateMs;
  });
  return null;
}

function StallDemo({ updateRate, stallMs }: ThreadsProps) {
  const [values] = useState<Record<string, number>>(() => ({ frames: 0, stalls: 0, workerStepsInStall: 0, workerMostInStall: 0, mainMaxLateMs: 0 }));
  const stall = useRef({ lastMs: -Infinity, startEpochMs: 0, endEpochMs: 0, counted: 0 });
  const onMessage = (data: unknown) => {
    const s = stall.current;
    const at = (data as { ranAtEpochMs: number }).ranAtEpochMs;
    if (at >= s.startEpochMs && at <= s.endEpochMs) s.counted += 1;
  };
  useWorkerSimulation(startDots, { step: 1 / updateRate, read: 'latest', props: REPORTING, onMessage });
  useFrame(
    (frame) => {
      values.frames! += 1;
      const s = stall.current;
      // The previous stall's steps have all arrived by now (messages wait while the thread is blocked).
      values.workerStepsInStall = s.counted;
      if (s.counted > values.workerMostInStall!) values.workerMostInStall = s.counted;
      if (stallMs <= 0 || frame.timestampMs - s.lastMs < 1000) return;
      s.lastMs = frame.timestampMs;
      s.counted = 0;
      s.startEpochMs = performance.timeOrigin + performance.now();
      busyWait(stallMs);
      s.endEpochMs = performance.timeOrigin + performance.now();
      values.stalls! += 1;
    },
    { phase: 'update' },
  );
  return (
    <FixedClockProvider step={1 / updateRate}>
      <MainThreadSteps values={values} />
      <Readout
        values={values}
        fields={[
          { key: 'frames', label: 'frames', format: String },
          { key: 'stalls', label: 'main-thread stalls', format: String },
          { key: 'workerStepsInStall', label: 'worker steps run during the last stall', format: String },
          { key: 'workerMostInStall', label: 'most worker steps in one stall', format: String },
          { key: 'mainMaxLateMs', label: 'main-thread clock: latest step, ms after its span ended', format: (v) => v.toFixed(1) },
        ]}
      />
    </FixedClockProvider>
  );
}

const meta = {
  title: 'A game/28 · Threads: a fixed step in a worker',
  component: ThreeWaysDemo,
  args: { updateRate: 60, stallMs: 40 },
  argTypes: {
    updateRate: { description: "Update rate of the worker's fixed step, Hz.", control: { type: 'range', min: 10, max: 240, step: 10 } },
    stallMs: { description: 'Main-thread stall, ms, once a second (the stall story).', control: { type: 'range', min: 0, max: 200, step: 10 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
\`react-timestep/worker\` runs the fixed step in a Web Worker on the worker's own clock, the threads
loop of Peter Sundqvist, "Timestepping" (Turborilla); the page reads the states each frame in one of
the article's three ways (docs/threads.md). Each lane here runs its own worker. 'latest' draws the
last completed step, 'interpolated' blends the two latest by alpha, and neither is ever handed a
torn state. 'live' reads the state the worker is writing: on a cross-origin isolated page (shared
memory) a picture may show dots out of line, parts of two steps; over messages it only ever gets
whole states, like 'latest'.
`,
      },
    },
  },
} satisfies Meta<typeof ThreeWaysDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The three ways side by side: 'latest' and 'interpolated' are never torn. */
export const ThreeWays: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 30);
    await expect(readValue(canvasElement, 'latestTorn')).toBe(0);
    await expect(readValue(canvasElement, 'interpolatedTorn')).toBe(0);
  },
};

/** The main thread stalls 40 ms once a second: the worker steps on through it, the main-thread clock's steps wait for it. */
export const MainThreadStalls: Story = {
  render: (args) => <StallDemo {...args} />,
  parameters: {
    docs: {
      description: {
        story:
          'Every second the main thread busy-waits `stallMs`. The worker keeps its grid: its steps run during the stall (counted by the time each ran). The same step on the main thread (`<FixedClockProvider>`) cannot run until the stall ends, so its steps run late by about the stall.',
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    await waitForValue(canvasElement, 'stalls', (n) => n >= 2);
    await waitForValue(canvasElement, 'workerMostInStall', (n) => n >= 1);
    // A step whose span ended in the stall's first step-length ran after the stall: late by the rest of it.
    await expect(readValue(canvasElement, 'mainMaxLateMs')).toBeGreaterThanOrEqual(args.stallMs - 1000 / args.updateRate);
  },
};
