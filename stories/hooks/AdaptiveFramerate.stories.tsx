import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FrameProvider, useAdaptiveFramerate, useFrame } from '../../src/index.js';
import { choice, docs, lapArg, range, toggle } from '../kit/controls.js';
import { lanesOf } from '../kit/Lanes.js';
import { FollowTransport, useSimulatedDisplays } from '../kit/display.js';
import type { SimulatedDisplay } from '../kit/display.js';
import { count, formatter } from '../kit/format.js';
import type { LanesHandle } from '../kit/Lanes.js';
import { laneLegend } from '../kit/Legend.js';
import { busyWait } from '../kit/loop.js';
import { expectFramesAdvance, expectPauseAndSingleStep, frames, readValue, refreshed, waitForValue } from '../kit/play.js';
import { LivePlot } from '../kit/LivePlot.js';
import { LanesPanel } from '../kit/Panel.js';
import { Readout } from '../kit/Readout.js';
import { RingBuffer } from '../kit/ringBuffer.js';
import { useStoryTransport } from '../kit/transport.js';
import type { StoryTransport } from '../kit/transport.js';

/** Controls of the adaptive frame-rate demo. */
interface AdaptiveProps { profile: 'cycle' | 'steady'; loadMs: number; noiseMs: number; phaseSeconds: number; realLoad: boolean; lapSeconds: number }

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
/** Work per phase of the cycle, ms: light, around one vblank, around two, then light for three phases. */
const CYCLE_MS = [4, 17, 34, 4, 4, 4];
const PREFIXES = ['plain', 'hook', 'provider'] as const;
const LANES = lanesOf('<FrameProvider>, no adaptive rate', 'useAdaptiveFramerate({ maxDivisor: 3 })', '<FrameProvider adaptive={{ maxDivisor: 3 }}>');

/** Samples the rate plot keeps: about ten seconds of the plain lane's pictures. */
const PLOT_SAMPLES = 600;

interface Shared {
  lanes: { current: LanesHandle | null };
  /** Per lane, the rate of its latest picture (Hz: 60 / vblanks held), sampled at each of the plain lane's pictures. */
  rates: readonly RingBuffer[];
  /** The plot's x: the plain lane's display time, s. */
  seconds: RingBuffer;
  transport: StoryTransport;
  settings: AdaptiveProps;
  values: Record<string, number>;
}

/** The work at display time `ms`: the profile plus a noise that is the same for every lane at the same moment. */
function loadAt(settings: AdaptiveProps, ms: number): number {
  const base = settings.profile === 'steady' ? settings.loadMs : CYCLE_MS[Math.floor(ms / 1000 / settings.phaseSeconds) % CYCLE_MS.length]!;
  const vblank = Math.round(ms / INTERVAL_MS);
  const noise = ((Math.imul(vblank, 2654435761) >>> 0) / 2 ** 32) * 2 - 1;
  return Math.max(0, base + noise * settings.noiseMs);
}

/** One lane's game: spends (or burns) the load, moves its dot by game time, records the divisor it runs at. */
function LaneLoop({ lane, display, shared }: { lane: number; display: SimulatedDisplay | null; shared: Shared }) {
  const [start] = useState(() => new Float64Array([Number.NaN, 0]));
  useFrame((frame) => {
    // Paused by the transport bar: no work, no picture (the real busy-wait would still freeze the page).
    if (frame.paused) return;
    const { settings, values: v } = shared;
    const p = PREFIXES[lane]!;
    if (!Number.isFinite(start[0]!)) start[0] = frame.timestampMs;
    const loadMs = loadAt(settings, frame.timestampMs - start[0]!);
    if (display && !settings.realLoad) display.spend(loadMs);
    else busyWait(loadMs);
    // Vblanks since this lane's previous picture (a divisor skips frames of the display).
    const held = frame.frameIndex === 0 ? 1 : Math.max(1, Math.round((frame.rawDeltaSeconds * 1000) / INTERVAL_MS));
    shared.lanes.current?.picture(lane, frame.elapsedSeconds / settings.lapSeconds, held);
    v[`${p}Held`] = held;
    if (frame.frameIndex > 1 && held !== start[1]) v[`${p}Changes`] = v[`${p}Changes`]! + 1;
    start[1] = held;
    const previous = v[`${p}Divisor`]!;
    v[`${p}Divisor`] = frame.divisor;
    v[`${p}Rate`] = frame.refreshRate / frame.divisor;
    v[`${p}MaxDivisor`] = Math.max(v[`${p}MaxDivisor`]!, frame.divisor);
    // After the peak (3), the divisors passed on the way back, as digits: 21 = 3 → 2 → 1.
    if (v[`${p}MaxDivisor`]! >= 3 && frame.divisor !== previous && frame.divisor < 3 && v[`${p}AfterPeak`]! < 100) v[`${p}AfterPeak`] = v[`${p}AfterPeak`]! * 10 + frame.divisor;
    if (lane !== 0) return;
    v.frames = frame.frameIndex;
    // Frames that ran while the transport bar paused the story: one per single step.
    if (shared.transport.paused) v.pausedFrames = v.pausedFrames! + 1;
    shared.seconds.push((frame.timestampMs - start[0]!) / 1000);
    for (let k = 0; k < PREFIXES.length; k += 1) shared.rates[k]!.push(REFRESH_RATE / v[`${PREFIXES[k]}Held`]!);
    v.loadMs = loadMs;
    shared.lanes.current?.draw();
  });
  return null;
}

/** The lane that turns the adaptive rate on with the hook, and shows what the hook returns. */
function HookLane({ display, shared }: { display: SimulatedDisplay | null; shared: Shared }) {
  const { divisor, frameRate } = useAdaptiveFramerate({ maxDivisor: 3 });
  return (
    <>
      <LaneLoop lane={1} display={display} shared={shared} />
      <p style={{ font: '600 14px system-ui', margin: '4px 0' }} data-testid="hook-says">
        useAdaptiveFramerate() returns: divisor {divisor}, {frameRate.toFixed(0)} Hz
      </p>
    </>
  );
}

/** The digits recorded after the peak, as a path: 21 → "3 → 2 → 1". */
const backDown = (digits: number) => (digits > 0 ? ['3', ...String(digits).split('')].join(' → ') : '–');

function AdaptiveDemo(props: AdaptiveProps) {
  const { realLoad } = props;
  // With real load the providers run on the browser's frames: they follow the transport bar's pause here.
  const transport = useStoryTransport();
  const lanes = useRef<LanesHandle>(null);
  const displays = useSimulatedDisplays(3, { refreshRate: REFRESH_RATE, jitterMs: 0.3, quantizationMs: 0.1, seed: 11 });
  const [shared] = useState<Shared>(() => ({
    lanes,
    rates: PREFIXES.map(() => new RingBuffer(PLOT_SAMPLES)),
    seconds: new RingBuffer(PLOT_SAMPLES),
    transport,
    settings: props,
    values: { frames: 0, pausedFrames: 0, loadMs: Number.NaN, ...Object.fromEntries(PREFIXES.flatMap((p) => [[`${p}Held`, 1], [`${p}Divisor`, 1], [`${p}Rate`, Number.NaN], [`${p}MaxDivisor`, 1], [`${p}AfterPeak`, 0], [`${p}Changes`, 0]])) },
  }));
  shared.settings = props;
  shared.transport = transport;
  // Each pause counts its own frames (the steps taken in it).
  useEffect(() => {
    if (transport.paused) shared.values.pausedFrames = 0;
  }, [transport.paused, shared]);
  // A provider reads its source once: switching to real load gives every lane a new provider.
  const provider = (lane: number, children: React.ReactNode, adaptive?: { maxDivisor: number }) => (
    <FrameProvider
      key={`${lane}-${realLoad ? 'real' : 'simulated'}`}
      source={realLoad ? undefined : displays[lane]}
      refreshRate={realLoad ? undefined : REFRESH_RATE}
      paused={realLoad ? transport.paused : undefined}
      adaptive={adaptive}
    >
      {children}
    </FrameProvider>
  );
  const display = (lane: number) => (realLoad ? null : displays[lane]!);
  return (
    <div>
      <FollowTransport displays={displays} />
      {provider(0, <LaneLoop lane={0} display={display(0)} shared={shared} />)}
      {provider(1, <HookLane display={display(1)} shared={shared} />)}
      {provider(2, <LaneLoop lane={2} display={display(2)} shared={shared} />, { maxDivisor: 3 })}
      <LanesPanel
        ref={lanes}
        lanes={LANES}
        bars={{ label: 'vblanks/picture', max: 4 }}
        legend={laneLegend('vblanks each picture was held: ragged is a rate that flips, flat is a rate held', [
          { mark: 'line', color: LANES[0]!.color, text: 'plot, red: the plain provider\'s picture rate' },
          { mark: 'line', color: LANES[1]!.color, text: 'plot, wide amber: the hook\'s; thin green on it: the prop\'s (the same governor, so the same steps)' },
        ])}
        values={shared.values}
        keyNumbers={PREFIXES.map((p, i) => ({ key: `${p}Changes`, label: `${['no adaptive rate', 'the hook', 'the provider prop'][i]}: times the rate changed`, format: count, color: LANES[i]!.color }))}
        after={
          <>
          {/* Mounted with the pause, so its readout counts this pause's frames. */}
          {transport.paused ? <Readout keyNumbers values={shared.values} fields={[{ key: 'pausedFrames', label: 'paused: frames run since the pause (one per single step); the lanes and the plot stand still', format: count }]} /> : null}
          <LivePlot
            title="Picture rate over time (Hz): red flips with the noise; amber and green step 60 → 30 → 20 and hold each rate"
            series={PREFIXES.map((p, i) => ({ label: ['no adaptive rate', 'the hook', 'the provider prop'][i]!, stroke: LANES[i]!.color, buffer: shared.rates[i]!, stepped: true, width: [1.5, 6, 2][i]!, digits: 0 }))}
            x={shared.seconds}
            yRange={[0, 70]}
            yLabel="Hz"
            height={170}
            testId="rate-plot"
          />
          </>
        }
        more={[
          { key: 'frames', label: 'frames', format: count },
          { key: 'loadMs', label: `work per frame (ms; one vblank = ${INTERVAL_MS.toFixed(1)})`, format: formatter(1) },
          ...PREFIXES.slice(1).flatMap((p) => [
            { key: `${p}Rate`, label: `${p}: picture rate (Hz)`, format: formatter(1) },
            { key: `${p}Divisor`, label: `${p}: divisor`, format: count },
            { key: `${p}MaxDivisor`, label: `${p}: largest divisor so far`, format: count },
            { key: `${p}AfterPeak`, label: `${p}: divisors after reaching 3`, format: backDown },
          ]),
        ]}
      />
    </div>
  );
}

type Story = StoryObj<typeof meta>;

/** The load cycle: both adaptive lanes step 1 → 2 → 3 and back 3 → 2 → 1, and flip far less often than the plain one. */
export const LoadCycle: Story = {
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 10);
    for (const lane of ['hook', 'provider']) {
      await waitForValue(root, `${lane}MaxDivisor`, (d) => d >= 2);
      await waitForValue(root, `${lane}MaxDivisor`, (d) => d === 3);
    }
    for (const lane of ['hook', 'provider']) {
      await waitForValue(root, `${lane}AfterPeak`, (path) => path === 21);
      await expect(readValue(root, `${lane}Rate`)).toBe(REFRESH_RATE);
    }
    await expect(readValue(root, 'plainChanges')).toBeGreaterThan(2 * readValue(root, 'hookChanges'));
    await expect(readValue(root, 'plainChanges')).toBeGreaterThan(2 * readValue(root, 'providerChanges'));
  },
};

/** A steady 22 ms (past one vblank, within two): both settle at divisor 2, 30 Hz. */
export const SteadyPastOneVblank: Story = {
  args: { profile: 'steady', loadMs: 22, noiseMs: 0 },
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'hookDivisor', (d) => d === 2);
    await waitForValue(root, 'providerDivisor', (d) => d === 2);
    await expectFramesAdvance(root, 'frames', 30);
    await expect(readValue(root, 'hookRate')).toBe(30);
    await expect(readValue(root, 'providerRate')).toBe(30);
    await expect(readValue(root, 'hookMaxDivisor')).toBe(2);
  },
};

/** The transport bar stops the simulated displays: no frames while paused, exactly one per single step; once the adaptive lanes have been to 20 Hz and back it ends paused after three steps. */
export const PauseAndSingleStep: Story = {
  play: async ({ canvasElement: root }) => {
    // Pause once the lanes differ (the adaptive ones went to 20 Hz and back), so the frozen picture shows it;
    // the light phase that follows holds no frame past a vblank, so each single step is one frame.
    await waitForValue(root, 'hookAfterPeak', (path) => path === 21);
    await waitForValue(root, 'providerAfterPeak', (path) => path === 21);
    await expectPauseAndSingleStep(root, 'frames');
    // Leave the picture paused, with what the steps did on show.
    await userEvent.click(within(root).getByTestId('transport-pause'));
    // The frame in flight, then a readout refresh.
    await frames(3);
    await refreshed();
    const before = await waitForValue(root, 'pausedFrames', Number.isFinite);
    const stopped = readValue(root, 'frames');
    for (let step = 1; step <= 3; step += 1) {
      await userEvent.click(within(root).getByTestId('transport-step'));
      await waitForValue(root, 'frames', (n) => n === stopped + step);
    }
    await frames(10);
    await waitForValue(root, 'pausedFrames', (n) => n === before + 3);
    await expect(readValue(root, 'frames')).toBe(stopped + 3);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
The adaptive frame rate (Peter Sundqvist, "Timestepping"): when frames keep missing their vblank,
hold each picture one vblank more (60 → 30 → 20 Hz) and stay there, instead of alternating between
hitting and missing; step back up with hysteresis when frames would fit again. Three lanes on the
same load: a plain \`<FrameProvider>\` (top), whose pictures follow the noise in the work, 1 vblank,
2, 1, 2 … (ragged bars: the rate flips); the hook \`useAdaptiveFramerate({ maxDivisor: 3 })\`; and
the prop \`<FrameProvider adaptive={{ maxDivisor: 3 }}>\`. Both use the scheduler's own rate
governor (flat bars, evenly spaced ghosts: twice as far apart at 30 Hz, three times at 20); the
hook also returns the divisor and the rate (the line above the lanes).

**Load and display are simulated by default**: each lane's provider gets a simulated 60 Hz display
(a \`<FrameProvider source>\` paced by the real animation frames) whose clock is told each frame's
work, so the scheduler measures it as if it had been spent, and work past a vblank delays the next
frame as vsync would. Turn on \`realLoad\` to burn the work for real on your own display instead.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { FrameProvider, useAdaptiveFramerate } from 'react-timestep';

// Either the hook, while a component is mounted …
function Hud() {
  const { divisor, frameRate } = useAdaptiveFramerate({ maxDivisor: 3 });
  return <span>{frameRate.toFixed(0)} Hz (every {divisor} vblanks)</span>;
}

// … or the provider prop, for a whole subtree.
<FrameProvider adaptive={{ maxDivisor: 3 }}>
  <Game />
</FrameProvider>`;

const meta = {
  title: 'Hooks/17 · useAdaptiveFramerate and <FrameProvider adaptive>',
  component: AdaptiveDemo,
  args: { profile: 'cycle', loadMs: 22, noiseMs: 4, phaseSeconds: 1.5, realLoad: false, lapSeconds: 1 },
  argTypes: {
    profile: choice('load profile', "'cycle': 4 ms, then about 17 ms (one vblank), then about 34 ms (two), then 4 ms for three phases, repeating. 'steady': `loadMs` every frame.", ['cycle', 'steady']),
    loadMs: range('steady load (ms)', 'Work per frame with the steady profile, ms (one vblank at 60 Hz is 16.7 ms).', 0, 60, 1),
    noiseMs: range('noise (± ms)', 'Spread of the work from one frame to the next, the same for every lane at the same moment.', 0, 8, 0.5),
    phaseSeconds: range('cycle phase (s)', 'Length of each phase of the cycle, s.', 0.5, 5, 0.5),
    realLoad: toggle(
      'real busy-wait (opt-in)',
      'Off (default): the work is simulated and the displays are simulated 60 Hz ones, so nothing slows your page. On: the work is a real busy-wait on the main thread, on your real display (each lane burns it, so the page does three times the work and stutters; the lanes get new providers).',
    ),
    lapSeconds: lapArg,
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof AdaptiveDemo>;
export default meta;
