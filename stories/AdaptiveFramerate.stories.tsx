import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createAdaptiveFramerate, createSeededRandom } from '../src/core/index.js';
import { choice, docs, range } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { count, formatter, yesNo } from './kit/format.js';
import { laneLegend } from './kit/Legend.js';
import { LivePlot } from './kit/LivePlot.js';
import { expectFramesAdvance, readValue, waitForValue } from './kit/play.js';
import { RingBuffer } from './kit/ringBuffer.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';

/** Controls of the adaptive frame-rate demo. */
interface AdaptiveProps { profile: 'cycle' | 'manual'; loadMs: number; noiseMs: number; phaseSeconds: number }

const REFRESH_RATE = 60;
const T_MS = 1000 / REFRESH_RATE;
const SAMPLES = 480;
const LAP_SECONDS = 2;
/** Base work of the cycle's phases, ms: light, about one vblank, about two, then light again (long). */
const CYCLE_MS = [10, 17, 34, 10, 10, 10];
const LANES = lanesOf('naive: the first vblank after the work', 'createAdaptiveFramerate: hold the divisor');

/** One simulated loop on the 60 Hz display: when its next picture is due and how long it is held. */
interface Loop {
  nextVblank: number;
  hold: number;
  changes: number;
}
const loop = (): Loop => ({ nextVblank: 0, hold: 1, changes: 0 });

/** Start `l`'s next picture at vblank `v`, held `hold` vblanks; returns the game time it will show, s. */
function start(l: Loop, v: number, hold: number): number {
  if (hold !== l.hold) l.changes += 1;
  l.hold = hold;
  l.nextVblank = v + hold;
  // The picture started now appears `hold` vblanks later and should show that moment.
  return (v + hold) / REFRESH_RATE;
}

/** The adaptive lane's green, darker: a plot line on white. */
const ADAPTIVE_LINE = '#1e9e55';
/** The rates a 60 Hz display can show at divisors 1, 2, 3. */
const RATE_LINES = [60, 30, 20].map((hz) => ({ value: hz, label: `${hz} Hz`, color: '#888' }));

/** One lane's picture rate over time, on the same scale as the other's: a flicker or a staircase. */
function RateStrip({ title, color, buffer, seconds, label }: { title: string; color: string; buffer: RingBuffer; seconds: RingBuffer; label: string }) {
  // x: the simulated display's seconds, shared by both strips (the same picture on a slow machine).
  return <LivePlot title={title} x={seconds} yLabel="Hz" yRange={[12, 64]} height={130} references={RATE_LINES} series={[{ label, stroke: color, buffer, stepped: true, width: 2 }]} />;
}

function AdaptiveDemo({ profile, loadMs, noiseMs, phaseSeconds }: AdaptiveProps) {
  const [plot] = useState(() => ({ naive: new RingBuffer(SAMPLES), adaptive: new RingBuffer(SAMPLES), work: new RingBuffer(SAMPLES), seconds: new RingBuffer(SAMPLES) }));
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'vblanks/picture', max: 4 }}
      display={{ refreshRate: REFRESH_RATE }}
      init={() => ({ adaptive: createAdaptiveFramerate({ refreshRate: REFRESH_RATE }), random: createSeededRandom(5), naive: loop(), smart: loop() })}
      frame={({ vsync, lanes, values: v, state: s }) => {
        const vblank = vsync.frames - 1;
        const seconds = vblank / REFRESH_RATE;
        const base = profile === 'cycle' ? CYCLE_MS[Math.floor(seconds / phaseSeconds) % CYCLE_MS.length]! : loadMs;
        // Work is simulated too (a seeded stream), so the effect does not depend on the machine.
        const work = () => Math.max(0, base + (s.random.next() * 2 - 1) * noiseMs);
        if (vblank === s.naive.nextVblank) {
          // The naive loop waits for the first vblank after its work: it holds as many as the work took.
          const shown = start(s.naive, vblank, Math.max(1, Math.ceil(work() / T_MS - 1e-9)));
          lanes.picture(0, shown / LAP_SECONDS, s.naive.hold);
        }
        if (vblank === s.smart.nextVblank) {
          const w = work();
          // A picture that overruns its divisor still misses the vblank; then the lag counter hears of it.
          const shown = start(s.smart, vblank, Math.max(s.adaptive.divisor, Math.ceil(w / T_MS - 1e-9)));
          s.adaptive.record(w / 1000);
          lanes.picture(1, shown / LAP_SECONDS, s.smart.hold);
        }
        lanes.ring(0, seconds / LAP_SECONDS);
        lanes.ring(1, seconds / LAP_SECONDS);
        plot.seconds.push(seconds);
        plot.naive.push(REFRESH_RATE / s.naive.hold);
        plot.adaptive.push(REFRESH_RATE / s.smart.hold);
        plot.work.push(base);
        v.workMs = base;
        v.divisor = s.adaptive.divisor;
        v.maxDivisor = Math.max(v.maxDivisor!, v.divisor);
        if (v.maxDivisor >= 2 && v.divisor === 1) v.steppedBackUp = 1;
        v.naiveChanges = s.naive.changes;
        v.adaptiveChanges = s.smart.changes;
      }}
      values={() => ({ workMs: 0, divisor: 1, maxDivisor: 1, steppedBackUp: 0, naiveChanges: 0, adaptiveChanges: 0 })}
      legend={laneLegend('vblanks each picture was held: ragged is a rate that flips, flat is a rate held', [{ mark: 'ring', text: 'real time on the display' }])}
      keyNumbers={[
        { key: 'naiveChanges', label: 'naive: times the rate changed', format: count, color: LANES[0]!.color },
        { key: 'adaptiveChanges', label: 'adaptive: times the rate changed', format: count, color: LANES[1]!.color },
      ]}
      more={[
        { key: 'divisor', label: 'adaptive divisor', format: (n) => `${n.toFixed(0)} (${(REFRESH_RATE / n).toFixed(0)} Hz)` },
        { key: 'workMs', label: 'base work per frame (ms)', format: formatter(1) },
        { key: 'maxDivisor', label: 'largest divisor so far', format: count },
        { key: 'steppedBackUp', label: 'stepped back up to 60 Hz', format: yesNo },
      ]}
      after={
        <>
          <RateStrip title="naive: picture rate (Hz): flips with the noise" color={LANES[0]!.color} buffer={plot.naive} seconds={plot.seconds} label="naive" />
          <RateStrip title="createAdaptiveFramerate: picture rate (Hz): steps down, holds, steps back up" color={ADAPTIVE_LINE} buffer={plot.adaptive} seconds={plot.seconds} label="adaptive" />
        </>
      }
    >
      <LivePlot
        title="Base work per frame (ms) against the frame budget: one vblank, two vblanks"
        yLabel="ms"
        height={130}
        references={[
          { value: T_MS, label: `budget at 60 Hz: ${T_MS.toFixed(1)} ms`, color: '#1e9e55' },
          { value: 2 * T_MS, label: `at 30 Hz: ${(2 * T_MS).toFixed(1)} ms`, color: '#f5b041' },
        ]}
        x={plot.seconds}
        series={[{ label: 'work', stroke: '#999', buffer: plot.work, stepped: true }]}
      />
    </SimulatedLanes>
  );
}

type Story = StoryObj<typeof meta>;

/** The load cycle at one second per phase: 60 → 30 → 20, then back up to 60 with hysteresis. */
export const LoadCycle: Story = {
  args: { phaseSeconds: 1 },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 10);
    await waitForValue(root, 'maxDivisor', (d) => d >= 2);
    await waitForValue(root, 'maxDivisor', (d) => d >= 3);
    await waitForValue(root, 'steppedBackUp', (up) => up === 1);
    // The naive loop flips rate far more often than the governed one.
    await expect(readValue(root, 'naiveChanges')).toBeGreaterThan(2 * readValue(root, 'adaptiveChanges'));
  },
};

/** A steady load right at one vblank: the naive loop alternates, the adaptive one settles at 30 Hz. */
export const OnTheEdge: Story = {
  args: { profile: 'manual', loadMs: 17, noiseMs: 3 },
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'divisor', (d) => d === 2);
    await expectFramesAdvance(root, 'frames', 30);
    await expect(readValue(root, 'naiveChanges')).toBeGreaterThan(10);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
With vsync on, a frame that takes slightly longer than one refresh interval waits for the next
vblank. When the work hovers around the interval, a loop that simply presents as soon as it can
hits some vblanks and misses others, so the picture rate flips between 60 and 30 Hz (top lane: its
bars are ragged, its trail uneven): motion looks worse than a steady 30.
\`createAdaptiveFramerate\` (after Peter Sundqvist, "Timestepping") keeps a lag counter: slow frames
push it up by \`upStep\`, fast frames pull it down by \`downStep\`, and only when it crosses a
threshold does the divisor change (60 → 30 → 20 → 15 Hz), then the counter starts again (bottom
lane: flat bars, even trail). Stepping up needs many more fast frames than stepping down needs slow
ones: that is the hysteresis. Under the numbers, each lane's picture rate over the display's
seconds: the naive loop's flickers between 60, 30 and 20 Hz, the adaptive one's is a staircase.

**Display and load are simulated**: every real animation frame is one vblank of a 60 Hz display,
and the work time per frame is drawn from the profile plus ± \`noiseMs\`.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { FrameProvider, useAdaptiveFramerate } from 'react-timestep';

function Hud() {
  // 1 = every vblank, 2 = every other (30 Hz on 60 Hz) …; re-renders only when it changes.
  const { divisor } = useAdaptiveFramerate();
  return <span>{60 / divisor} Hz</span>;
}

<FrameProvider adaptive>
  <Game />
  <Hud />
</FrameProvider>;`;

const meta = {
  title: 'Algorithms/12 · Adaptive frame rate',
  component: AdaptiveDemo,
  args: { profile: 'cycle', loadMs: 17, noiseMs: 3, phaseSeconds: 3 },
  argTypes: {
    profile: choice('load profile', "'cycle': light, about one vblank, about two, then light for a while, repeating; 'manual': the frame load below.", ['cycle', 'manual']),
    loadMs: range('frame load (ms)', "Simulated work per frame with the 'manual' profile.", 0, 60, 0.5),
    noiseMs: range('noise (± ms)', 'Random spread of the work per frame: what makes a naive loop alternate.', 0, 8, 0.5),
    phaseSeconds: range('phase length (s)', "Seconds per phase of the 'cycle' profile.", 1, 8, 0.5),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof AdaptiveDemo>;
export default meta;
