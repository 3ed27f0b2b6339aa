import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { choice, docs, lapArg, range, updateRateArg } from './kit/controls.js';
import { count, formatter, yesNo } from './kit/format.js';
import { lanesOf } from './kit/Lanes.js';
import { laneLegend, overLegend } from './kit/Legend.js';
import { LivePlot } from './kit/LivePlot.js';
import { OverloadLoop } from './kit/overloadLoop.js';
import type { OverloadPolicy } from './kit/overloadLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './kit/play.js';
import { RingBuffer } from './kit/ringBuffer.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';

/** Controls of the overload demo. */
interface OverloadProps { updateCostMs: number; pattern: 'spikes' | 'constant' | 'hitch'; hitchMs: number; updateRate: number; maxSteps: number; lapSeconds: number }

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const PERIOD_SECONDS = 3;
/** The load comes on this many seconds into each period (for one second), or the hitch happens. */
const LOAD_AT_SECONDS = 0.5;
const SAMPLES = 300;
const POLICIES: readonly OverloadPolicy[] = ['slow-motion', 'variable', 'catch-up'];
const NAMES = ['slow', 'variable', 'catchUp'] as const;
const LANES = lanesOf("'slow-motion': drops the excess", 'variable: one giant update', "'catch-up': keeps the debt, pays it off");
/**
 * Seconds into each period at which the key numbers are read: 0.7 s after a spike's load (catch-up
 * has paid its debt by 1.95 s with the default cost and bound), 1.7 s after a hitch.
 */
const SETTLED_AT_SECONDS = 2.2;
/** Vblanks in one load period: the key numbers' window holds exactly one load and its aftermath. */
const WINDOW_VBLANKS = PERIOD_SECONDS * REFRESH_RATE;
/** Top of the bar scale, in steps a frame: the variable loop's giant update goes past it. */
const BARS_MAX = 6;

/** Per lane: the worst it got, the lowest and highest game speed, the lag before any load. */
const initialValues = () => ({
  loadOn: 0,
  ...Object.fromEntries(
    NAMES.flatMap((n) => [
      [`${n}BehindMs`, Number.NaN],
      [`${n}MostBehindMs`, Number.NaN],
      [`${n}WorstRecentMs`, Number.NaN],
      [`${n}SettledMs`, Number.NaN],
      [`${n}LagMs`, Number.NaN],
      [`${n}QuietLagMs`, Number.NaN],
      [`${n}DroppedMs`, 0],
      [`${n}Speed`, Number.NaN],
      [`${n}MinSpeed`, Number.NaN],
      [`${n}MaxSpeed`, Number.NaN],
      [`${n}MaxSteps`, 0],
      [`${n}MaxDtMs`, 0],
    ]),
  ),
});

/** Keep the lowest (or highest) value seen in `v[key]`; NaN until the first. */
function keep(v: Record<string, number>, key: string, value: number, pick: (a: number, b: number) => number): void {
  v[key] = Number.isFinite(v[key]!) ? pick(v[key]!, value) : value;
}

/** How far each lane was behind at each of the last {@link WINDOW_VBLANKS} vblanks, and its largest. */
function recentWorst() {
  const behind = POLICIES.map(() => new Float64Array(WINDOW_VBLANKS).fill(Number.NaN));
  return (lane: number, vblank: number, ms: number): number => {
    const ring = behind[lane]!;
    ring[vblank % WINDOW_VBLANKS] = ms;
    let worst = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < WINDOW_VBLANKS; k += 1) if (ring[k]! > worst) worst = ring[k]!;
    return Number.isFinite(worst) ? worst : Number.NaN;
  };
}

function loops(updateRate: number, maxSteps: number, startMs: number) {
  return POLICIES.map((policy) => new OverloadLoop(policy, 1 / updateRate, maxSteps, INTERVAL_MS, startMs));
}

function OverloadDemo({ updateCostMs, pattern, hitchMs, updateRate, maxSteps, lapSeconds }: OverloadProps) {
  const [plot] = useState(() => ({ steps: POLICIES.map(() => new RingBuffer(SAMPLES)), behind: POLICIES.map(() => new RingBuffer(SAMPLES)) }));
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'game time run per frame, in steps', max: BARS_MAX }}
      display={{ refreshRate: REFRESH_RATE }}
      init={() => ({ made: `${updateRate}/${maxSteps}`, loops: loops(updateRate, maxSteps, 0), hitchPeriod: [0, 0, 0], loadSeen: false, worst: recentWorst(), settledCycle: -1 })}
      frame={({ vsync, lanes, values: v, state: s }) => {
        const vblank = vsync.frames - 1;
        const nowMs = vsync.vblankMs;
        if (s.made !== `${updateRate}/${maxSteps}`) {
          // A new rate or bound: three new loops from this vblank on, the readouts kept.
          s.made = `${updateRate}/${maxSteps}`;
          s.loops = loops(updateRate, maxSteps, nowMs);
          for (const loop of s.loops) loop.nextVblank = vblank;
          NAMES.forEach((n) => (v[`${n}MaxSteps`] = 0));
        }
        const t = nowMs / 1000;
        const inPeriod = t % PERIOD_SECONDS;
        const period = Math.floor((t - LOAD_AT_SECONDS) / PERIOD_SECONDS) + 1;
        const loadOn = pattern === 'constant' || (pattern === 'spikes' && inPeriod >= LOAD_AT_SECONDS && inPeriod < LOAD_AT_SECONDS + 1);
        s.loadSeen ||= loadOn || (pattern === 'hitch' && t >= LOAD_AT_SECONDS);
        v.loadOn = loadOn ? 1 : 0;
        s.loops.forEach((loop, i) => {
          const n = NAMES[i]!;
          lanes.ring(i, (nowMs - loop.startMs) / 1000 / lapSeconds);
          // A hitch stalls the first frame each loop begins after the hitch time of each period.
          const hitch = pattern === 'hitch' && t >= LOAD_AT_SECONDS && period > s.hitchPeriod[i]!;
          const ran = loop.frame(vblank, nowMs, INTERVAL_MS, (updates) => (loadOn ? updates * updateCostMs : 0) + (hitch ? hitchMs : 0));
          if (!ran) return;
          if (hitch) s.hitchPeriod[i] = period;
          lanes.picture(i, loop.pictureMs / 1000 / lapSeconds, loop.gameMsRun / (1000 * loop.stepSeconds));
          v[`${n}BehindMs`] = loop.behindMs;
          keep(v, `${n}MostBehindMs`, loop.behindMs, Math.max);
          v[`${n}DroppedMs`] = loop.droppedMs;
          v[`${n}MaxSteps`] = Math.max(v[`${n}MaxSteps`]!, loop.steps);
          if (s.loadSeen) v[`${n}MaxDtMs`] = loop.maxDtMs;
          const recent = loop.viewer.recent;
          if (!recent) return;
          v[`${n}LagMs`] = recent.lagMeanMs;
          v[`${n}Speed`] = recent.speed;
          keep(v, `${n}MinSpeed`, recent.speed, Math.min);
          keep(v, `${n}MaxSpeed`, recent.speed, Math.max);
          // The lag of a loop on time: the last quarter second before any load came on.
          if (!s.loadSeen) v[`${n}QuietLagMs`] = recent.lagMeanMs;
        });
        // Once a period, after its load has passed: where each lane settled (slow motion stays behind).
        const settled = inPeriod >= SETTLED_AT_SECONDS && s.settledCycle !== Math.floor(t / PERIOD_SECONDS);
        if (settled) s.settledCycle = Math.floor(t / PERIOD_SECONDS);
        s.loops.forEach((loop, i) => {
          v[`${NAMES[i]!}WorstRecentMs`] = s.worst(i, vblank, loop.behindMs);
          if (settled) v[`${NAMES[i]!}SettledMs`] = loop.behindMs;
          plot.steps[i]!.push(loop.steps);
          plot.behind[i]!.push(loop.behindMs);
        });
      }}
      values={initialValues}
      legend={laneLegend('game time each frame ran, in 1/60 s steps: the fixed steps stop at maxSteps, the variable loop runs it all at once', [
        { mark: 'ring', text: 'real time: slow motion falls behind it for good, catch-up comes back to it' },
        overLegend(BARS_MAX),
      ])}
      keyNumbers={NAMES.map((n, i) => ({ key: `${n}SettledMs`, label: `${LANES[i]!.label.split(':')[0]}: ms behind real time once the load has passed`, format: formatter(0), color: LANES[i]!.color }))}
      after={
        <LivePlot
          title="ms behind real time: slow motion stays behind, catch-up comes back"
          yLabel="ms"
          series={LANES.map((lane, i) => ({ label: lane.label.split(':')[0]!, stroke: lane.color, buffer: plot.behind[i]!, width: 2.5 }))}
          height={170}
          labelLines
        />
      }
      more={[
        { key: 'loadOn', label: 'load on', format: yesNo },
        ...NAMES.flatMap((n, i) => {
          const name = LANES[i]!.label.split(':')[0];
          return [
            { key: `${n}BehindMs`, label: `${name}: behind real time now (ms)`, format: formatter(0) },
            { key: `${n}WorstRecentMs`, label: `${name}: most behind real time, last ${PERIOD_SECONDS} s (ms)`, format: formatter(0) },
            { key: `${n}MostBehindMs`, label: `${name}: most behind real time, ever (ms)`, format: formatter(0) },
            { key: `${n}LagMs`, label: `${name}: lag, last ¼ s, net of dropped time (ms)`, format: formatter(1) },
            { key: `${n}QuietLagMs`, label: `${name}: lag before any load (ms)`, format: formatter(1) },
            { key: `${n}DroppedMs`, label: `${name}: game time dropped (ms)`, format: formatter(0) },
            { key: `${n}Speed`, label: `${name}: game speed, last ¼ s (1 = real time)`, format: formatter(2) },
            { key: `${n}MinSpeed`, label: `${name}: lowest game speed`, format: formatter(2) },
            { key: `${n}MaxSpeed`, label: `${name}: highest game speed`, format: formatter(2) },
            { key: `${n}MaxSteps`, label: `${name}: most updates in one frame`, format: count },
            { key: `${n}MaxDtMs`, label: `${name}: largest update under load (game ms)`, format: formatter(1) },
          ];
        }),
      ]}
    >
      <LivePlot
        title="Updates per frame"
        yLabel="updates"
        references={[{ value: maxSteps, label: `maxSteps ${maxSteps}`, color: '#f06a6a' }]}
        series={LANES.map((lane, i) => ({ label: lane.label.split(':')[0]!, stroke: lane.color, buffer: plot.steps[i]!, stepped: true, digits: 0 }))}
        height={130}
      />
    </SimulatedLanes>
  );
}

type Story = StoryObj<typeof meta>;

/** Wait until the load is off and lane `n`'s lag is back within 2 ms of its lag before any load. */
async function expectLagRecovers(root: HTMLElement, n: string): Promise<void> {
  const quiet = await waitForValue(root, `${n}QuietLagMs`, Number.isFinite);
  // On time, 'previous' shows the state one 1/60 s step old, seen when the frame ends.
  await expect(Math.abs(quiet - 2 * INTERVAL_MS)).toBeLessThan(2);
  await waitForValue(root, `${n}LagMs`, (lag) => readValue(root, 'loadOn') === 0 && Math.abs(lag - quiet) <= 2);
}

/** Updates cost 25 ms but simulate 16.7: slow motion drops the excess and stays behind, catch-up comes back, variable never leaves real time. */
export const Spikes: Story = {
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'slowBehindMs', (ms) => ms > 100);
    await waitForValue(root, 'catchUpMostBehindMs', (ms) => ms > 100);
    await waitForValue(root, 'catchUpBehindMs', (ms) => readValue(root, 'loadOn') === 0 && ms < 50);
    await expect(readValue(root, 'slowBehindMs')).toBeGreaterThan(100);
    // The naive loop is never behind more than the frame it is in.
    await expect(readValue(root, 'variableMostBehindMs')).toBeLessThan(60);
    await waitForValue(root, 'slowMinSpeed', (speed) => speed < 0.95);
    await waitForValue(root, 'catchUpMaxSpeed', (speed) => speed > 1.05);
    await expect(readValue(root, 'slowMaxSteps')).toBeLessThanOrEqual(5);
    await expect(readValue(root, 'catchUpMaxSteps')).toBe(5);
    await expect(readValue(root, 'variableMaxDtMs')).toBeGreaterThanOrEqual(25);
    await expectLagRecovers(root, 'slow');
    await expectLagRecovers(root, 'catchUp');
    // The dropped time stays dropped and is shown apart from the lag.
    await expect(readValue(root, 'slowDroppedMs')).toBeGreaterThan(100);
    await expect(readValue(root, 'catchUpDroppedMs')).toBe(0);
    await expect(readValue(root, 'variableDroppedMs')).toBe(0);
    // The key numbers, read once the load has passed: slow motion stays behind, catch-up is back, variable never left.
    await waitForValue(root, 'slowSettledMs', (ms) => ms > 100);
    await expect(readValue(root, 'catchUpSettledMs')).toBeLessThan(50);
    await expect(readValue(root, 'variableSettledMs')).toBeLessThan(50);
    // Over one whole period both bounded loops were as far behind (the same load, the same bound); only catch-up came back.
    await expect(readValue(root, 'slowWorstRecentMs')).toBeGreaterThanOrEqual(readValue(root, 'catchUpWorstRecentMs'));
    await expect(readValue(root, 'catchUpWorstRecentMs')).toBeGreaterThan(100);
    await expect(readValue(root, 'variableWorstRecentMs')).toBeLessThan(60);
  },
};

/** A 500 ms hitch every three seconds: slow motion drops most of it, catch-up runs it off, and both lags come back. */
export const Hitch: Story = {
  args: { pattern: 'hitch' },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 5);
    await waitForValue(root, 'slowDroppedMs', (ms) => ms > 300);
    await expectLagRecovers(root, 'slow');
    await expect(readValue(root, 'slowLagMs')).toBeLessThan(100);
    await waitForValue(root, 'catchUpMostBehindMs', (ms) => ms > 300);
    await expectLagRecovers(root, 'catchUp');
    // The key numbers: once the hitch has passed, slow motion is still most of it behind; the others are on time.
    await waitForValue(root, 'slowSettledMs', (ms) => ms > 300);
    await expect(readValue(root, 'catchUpSettledMs')).toBeLessThan(50);
    await expect(readValue(root, 'variableSettledMs')).toBeLessThan(50);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
When one update costs more real time than the game time it simulates, a fixed-step loop falls
behind; running more updates to catch up makes the next frame even longer. Left alone, the loop
sinks ever deeper: the "well of despair" ("Setting up a game update loop in-sync with rendering",
blog post, April 2013). Every way out gives something up. The three ways side by side, on the same
load, each on its own simulated 60 Hz display (a frame holds the display for as many vblanks as
its work takes, as vsync would):

- \`overload: 'slow-motion'\`: at most \`maxSteps\` updates per frame; the excess game time is dropped
  and reported (\`droppedSeconds\`). The game runs slower than real time while overloaded, and its
  picture stays behind real time afterwards: the dropped time is gone.
- \`overload: 'catch-up'\`: at most \`maxSteps\` updates per frame, but the debt is kept and paid off
  at \`maxSteps\` per frame once there is room, so the picture comes back to real time (Peter
  Sundqvist, "Timestepping"). While it pays, the game runs faster than real time.
- **variable** (the naive loop, for contrast): one update with the whole elapsed time. It keeps
  real speed by taking giant steps, which is where physics tunnels and explodes.

Each update costs \`updateCostMs\` (with \`'spikes'\`, during one second out of every three), or
with \`'hitch'\` one frame every three seconds stalls for \`hitchMs\`. Load and display are
simulated, so the page stays responsive. The ring on each lane is real time; the plot says how far
each picture is behind it when it reaches the screen, and the big numbers how far behind each lane
is once the load has passed (read ${SETTLED_AT_SECONDS} s into each ${PERIOD_SECONDS} s period, so they hold still
between loads: slow motion stays behind, catch-up is back on time), and the bars how much game time each
frame ran (the variable loop's tall bars are its giant steps). Under "All readouts", the package's
viewer model (\`createViewerMeter\`) scores each picture. **Dropped time is not lag:** lag is how old
the shown game moment is against the game clock net of the time slow motion dropped on purpose;
with \`interpolation: 'previous'\` a loop on time lags one update step plus the frame, and after the
load goes the lag returns to its value before the load however much was dropped.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFixedTimestep } from 'react-timestep';

useFixedTimestep({
  step: 1 / 60,
  maxSteps: 5,
  // 'slow-motion': drop the excess and report it; 'catch-up': keep the debt and run it off.
  overload: 'slow-motion',
  interpolation: 'previous',
  update: (dt) => world.step(dt),
  render: (alpha) => draw(world, alpha),
});`;

const meta = {
  title: 'Algorithms/8 · Overload policies: slow motion, catch-up, variable',
  component: OverloadDemo,
  args: { updateCostMs: 25, pattern: 'spikes', hitchMs: 500, updateRate: 60, maxSteps: 5, lapSeconds: 3 },
  argTypes: {
    updateCostMs: range('update cost (ms)', 'Simulated time one update costs while the load is on, ms.', 0, 40, 1),
    pattern: choice('load pattern', "'spikes': the cost applies 1 s out of every 3 s; 'constant': always; 'hitch': no update cost, but one frame every 3 s stalls.", ['spikes', 'constant', 'hitch']),
    hitchMs: range('hitch (ms)', "With 'hitch': how long the stalled frame takes.", 50, 1000, 50),
    updateRate: updateRateArg([30, 60, 120], 'Fixed updates per second (the step is its inverse); a change gives the three lanes new loops.'),
    maxSteps: range('maxSteps (updates / frame)', 'Most updates run in one frame; a change gives the three lanes new loops.', 1, 10, 1),
    lapSeconds: lapArg,
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof OverloadDemo>;
export default meta;
