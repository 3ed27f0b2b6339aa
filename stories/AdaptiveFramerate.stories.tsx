import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createAdaptiveFramerate, createSeededRandom } from '../src/core/index.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the adaptive frame-rate demo. */
interface AdaptiveProps {
  /** `'cycle'`: light → around one vblank → around two → light for a while, repeating. `'manual'`: `loadMs`. */
  profile: 'cycle' | 'manual';
  /** Work per frame with the manual profile, ms. */
  loadMs: number;
  /** Random spread of the work, ± ms: what makes a naive loop alternate. */
  noiseMs: number;
  /** Seconds per phase of the cycle. */
  phaseSeconds: number;
}

const REFRESH_RATE = 60;
const T_MS = 1000 / REFRESH_RATE;
const SAMPLES = 480;
/** Base work of the cycle's phases, ms: light, about one vblank, about two, then light again (long). */
const CYCLE_MS = [10, 17, 34, 10, 10, 10];
const LANES = [
  { label: 'naive: next free vblank', color: '#f06a6a' },
  { label: 'adaptive divisor', color: '#58d68d' },
] as const;

/** One simulated loop on the 60 Hz display: when its current frame is due, and what it shows. */
interface Loop {
  nextVblank: number;
  /** Vblanks the current picture is held. */
  hold: number;
  /** Game time (s) of the picture on screen. */
  shown: number;
  /** Times the hold changed from one picture to the next. */
  changes: number;
}

function AdaptiveDemo({ profile, loadMs, noiseMs, phaseSeconds }: AdaptiveProps) {
  const lanes = useRef<LaneCanvasHandle>(null);
  // Created once; the loop reads the controls each frame, so a change acts at once (no remount).
  const state = useMemo(
    () => ({
      adaptive: createAdaptiveFramerate({ refreshRate: REFRESH_RATE }),
      random: createSeededRandom(5),
      vblank: 0,
      naive: { nextVblank: 0, hold: 1, shown: 0, changes: 0 } as Loop,
      smart: { nextVblank: 0, hold: 1, shown: 0, changes: 0 } as Loop,
      naiveRate: new RingBuffer(SAMPLES),
      smartRate: new RingBuffer(SAMPLES),
      work: new RingBuffer(SAMPLES),
      positions: new Float64Array(2),
      values: { frames: 0, workMs: 0, divisor: 1, maxDivisor: 1, steppedBackUp: 0, naiveChanges: 0, adaptiveChanges: 0 },
    }),
    [],
  );

  useRafLoop(() => {
    const s = state;
    const v = s.vblank;
    const seconds = v / REFRESH_RATE;
    const phase = Math.floor(seconds / phaseSeconds) % CYCLE_MS.length;
    const base = profile === 'cycle' ? (CYCLE_MS[phase] ?? 10) : loadMs;
    // The simulated display: every real animation frame is one 60 Hz vblank. Work is simulated too,
    // so the effect does not depend on the viewer's machine.
    const work = () => Math.max(0, base + (s.random.next() * 2 - 1) * noiseMs);
    const start = (loop: Loop, hold: number) => {
      if (hold !== loop.hold) loop.changes += 1;
      loop.hold = hold;
      loop.nextVblank = v + hold;
      // The picture started now appears `hold` vblanks later and should show that moment.
      loop.shown = (v + hold) / REFRESH_RATE;
    };
    if (v === s.naive.nextVblank) {
      // The naive loop waits for the first vblank after its work: it holds as many as the work took.
      start(s.naive, Math.max(1, Math.ceil(work() / T_MS - 1e-9)));
    }
    if (v === s.smart.nextVblank) {
      const w = work();
      const divisor = s.adaptive.divisor;
      // A picture that overruns its divisor still misses the vblank; then the lag counter hears of it.
      start(s.smart, Math.max(divisor, Math.ceil(w / T_MS - 1e-9)));
      s.adaptive.record(w / 1000);
    }
    s.naiveRate.push(REFRESH_RATE / s.naive.hold);
    s.smartRate.push(REFRESH_RATE / s.smart.hold);
    s.work.push(base);
    const values = s.values;
    values.frames = v;
    values.workMs = base;
    values.divisor = s.adaptive.divisor;
    if (values.divisor > values.maxDivisor) values.maxDivisor = values.divisor;
    if (values.maxDivisor >= 2 && values.divisor === 1) values.steppedBackUp = 1;
    values.naiveChanges = s.naive.changes;
    values.adaptiveChanges = s.smart.changes;
    s.positions[0] = pingPong(s.naive.shown, 2);
    s.positions[1] = pingPong(s.smart.shown, 2);
    lanes.current?.draw(s.positions, pingPong(seconds, 2));
    s.vblank += 1;
  });

  return (
    <div>
      <LaneCanvas ref={lanes} lanes={LANES} testId="lanes" />
      <Readout
        keyNumbers
        values={state.values}
        fields={[
          { key: 'divisor', label: 'adaptive divisor', format: (n) => `${n.toFixed(0)} (${(REFRESH_RATE / n).toFixed(0)} Hz)` },
          { key: 'naiveChanges', label: 'naive: rate changes', format: (n) => n.toFixed(0) },
          { key: 'adaptiveChanges', label: 'adaptive: rate changes', format: (n) => n.toFixed(0) },
        ]}
      />
      <MoreReadouts summary="All readouts and plots">
        <Readout
          values={state.values}
          fields={[
            { key: 'frames', label: 'vblanks', format: (n) => n.toFixed(0) },
            { key: 'workMs', label: 'base work per frame (ms)', format: (n) => n.toFixed(1) },
            { key: 'maxDivisor', label: 'largest divisor so far', format: (n) => n.toFixed(0) },
            { key: 'steppedBackUp', label: 'stepped back up to 60 Hz', format: (n) => (n ? 'yes' : 'not yet') },
          ]}
        />
        <LivePlot
          title="Picture rate (Hz): naive loop vs adaptive divisor"
          yLabel="Hz"
          yRange={[0, 65]}
          references={[
            { value: 60, label: '60 Hz', color: '#888' },
            { value: 30, label: '30 Hz', color: '#888' },
            { value: 20, label: '20 Hz', color: '#888' },
          ]}
          series={[
            { label: 'naive', stroke: '#f06a6a', buffer: state.naiveRate, stepped: true },
            { label: 'adaptive', stroke: '#1e9e55', buffer: state.smartRate, stepped: true, width: 2 },
          ]}
        />
        <LivePlot
          title="Base work per frame (ms) against the frame budget: one vblank, two vblanks"
          yLabel="ms"
          height={130}
          references={[
            { value: T_MS, label: `budget at 60 Hz: ${T_MS.toFixed(1)} ms`, color: '#1e9e55' },
            { value: 2 * T_MS, label: `at 30 Hz: ${(2 * T_MS).toFixed(1)} ms`, color: '#f5b041' },
          ]}
          series={[{ label: 'work', stroke: '#999', buffer: state.work, stepped: true }]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/12 · Adaptive frame rate',
  component: AdaptiveDemo,
  args: { profile: 'cycle', loadMs: 17, noiseMs: 3, phaseSeconds: 3 },
  argTypes: {
    profile: {
      name: 'load profile',
      description: "'cycle': light, about one vblank, about two, then light for a while, repeating; 'manual': the frame load below.",
      control: { type: 'inline-radio' },
      options: ['cycle', 'manual'],
    },
    loadMs: { name: 'frame load (ms)', description: "Simulated work per frame with the 'manual' profile.", control: { type: 'range', min: 0, max: 60, step: 0.5 } },
    noiseMs: { name: 'noise (± ms)', description: 'Random spread of the work per frame: what makes a naive loop alternate.', control: { type: 'range', min: 0, max: 8, step: 0.5 } },
    phaseSeconds: { name: 'phase length (s)', description: "Seconds per phase of the 'cycle' profile.", control: { type: 'range', min: 1, max: 8, step: 0.5 } },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { FrameProvider, useAdaptiveFramerate } from 'react-timestep';

function Hud() {
  // 1 = every vblank, 2 = every other (30 Hz on 60 Hz) …; re-renders only when it changes.
  const { divisor } = useAdaptiveFramerate();
  return <span>{60 / divisor} Hz</span>;
}

<FrameProvider adaptive>
  <Game />
  <Hud />
</FrameProvider>;`,
      },
      description: {
        component: `
With vsync on, a frame that takes slightly longer than one refresh interval waits for the next
vblank. When the work hovers around the interval, a loop that simply presents as soon as it can
hits some vblanks and misses others, so the picture rate flips between 60 and 30 Hz: motion looks
worse than a steady 30. \`createAdaptiveFramerate\` (after Peter Sundqvist, "Timestepping") keeps a lag counter: slow
frames push it up by \`upStep\`, fast frames pull it down by \`downStep\`, and only when it crosses a
threshold does the divisor change (60 → 30 → 20 → 15 Hz), then the counter starts again. Stepping
up needs many more fast frames than stepping down needs slow ones: that is the hysteresis.

**Display and load are simulated**: every real animation frame is one vblank of a 60 Hz display,
and the work time per frame is drawn from the profile plus ± \`noiseMs\`. The red loop presents at
the first vblank after its work; the green one holds each picture for the adaptive divisor.
`,
      },
    },
  },
} satisfies Meta<typeof AdaptiveDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The load cycle at one second per phase: 60 → 30 → 20, then back up to 60 with hysteresis. */
export const LoadCycle: Story = {
  args: { phaseSeconds: 1 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 10);
    await waitForValue(canvasElement, 'maxDivisor', (d) => d >= 2, 4000);
    await waitForValue(canvasElement, 'maxDivisor', (d) => d >= 3, 4000);
    await waitForValue(canvasElement, 'steppedBackUp', (up) => up === 1, 6000);
    // The naive loop flips rate far more often than the governed one.
    await expect(readValue(canvasElement, 'naiveChanges')).toBeGreaterThan(2 * readValue(canvasElement, 'adaptiveChanges'));
  },
};

/** A steady load right at one vblank: the naive loop alternates, the adaptive one settles at 30 Hz. */
export const OnTheEdge: Story = {
  args: { profile: 'manual', loadMs: 17, noiseMs: 3 },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'divisor', (d) => d === 2, 4000);
    await expectFramesAdvance(canvasElement, 'frames', 30);
    await expect(readValue(canvasElement, 'naiveChanges')).toBeGreaterThan(10);
  },
};
