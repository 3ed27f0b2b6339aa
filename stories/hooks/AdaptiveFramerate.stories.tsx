import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FrameProvider, useAdaptiveFramerate, useFrame } from '../../src/index.js';
import { busyWait } from '../components/busyWait.js';
import { useStoryTransport } from '../components/transport.js';
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

/** Controls of the adaptive frame-rate demo. */
interface AdaptiveProps {
  /** `'cycle'`: light → past one vblank → past two → light, repeating. `'steady'`: `loadMs`. */
  profile: 'cycle' | 'steady';
  /** Work per frame with the steady profile, ms. */
  loadMs: number;
  /** Seconds per phase of the cycle. */
  phaseSeconds: number;
  /** Burn the work for real (a busy-wait on the main thread, on your real display) instead of simulating it. */
  realLoad: boolean;
  /** Game seconds a dot takes to cross the track, s. */
  lapSeconds: number;
}

const REFRESH_RATE = 60;
const INTERVAL_MS = 1000 / REFRESH_RATE;
const SAMPLES = 480;
/** Work per phase of the cycle, ms: light, past one vblank, past two, then light for three phases (the way back up is slower). */
const CYCLE_MS = [4, 22, 40, 4, 4, 4];
const LANES = [
  { label: 'useAdaptiveFramerate()', color: '#58d68d' },
  { label: '<FrameProvider adaptive>', color: '#af7ac5' },
] as const;

/** Readout keys of each lane (constants: no string is built per frame). */
const HOOK_KEYS = { divisor: 'hookDivisor', rate: 'hookRate', maxDivisor: 'hookMaxDivisor', afterPeak: 'hookAfterPeak' } as const;
const PROVIDER_KEYS = { divisor: 'providerDivisor', rate: 'providerRate', maxDivisor: 'providerMaxDivisor', afterPeak: 'providerAfterPeak' } as const;

interface Shared {
  trail: { current: TrailCanvasHandle | null };
  settings: { current: AdaptiveProps };
  values: Record<string, number>;
}

/** Work of this frame, ms, for the profile at `seconds` since the lane started. */
function loadAt(settings: AdaptiveProps, seconds: number): number {
  if (settings.profile === 'steady') return settings.loadMs;
  return CYCLE_MS[Math.floor(seconds / settings.phaseSeconds) % CYCLE_MS.length] ?? 0;
}

/** One lane's game: burns (or simulates) the load, moves its dot by game time, records the divisor. */
function LaneLoop({ lane, display, shared }: { lane: number; display: SimulatedDisplay | null; shared: Shared }) {
  const start = useMemo(() => new Float64Array([Number.NaN]), []);
  useFrame((frame) => {
    // Paused by the transport bar: no work, no picture (the real busy-wait would still freeze the page).
    if (frame.paused) return;
    const settings = shared.settings.current;
    const v = shared.values;
    if (!Number.isFinite(start[0]!)) start[0] = frame.timestampMs;
    const seconds = (frame.timestampMs - start[0]!) / 1000;
    const loadMs = loadAt(settings, seconds);
    if (display && !settings.realLoad) display.spend(loadMs);
    else busyWait(loadMs);
    const held = frame.frameIndex === 0 ? 1 : Math.round((frame.rawDeltaSeconds * 1000) / INTERVAL_MS);
    shared.trail.current?.picture(lane, frame.elapsedSeconds / settings.lapSeconds, held);
    const k = lane === 0 ? HOOK_KEYS : PROVIDER_KEYS;
    const previous = v[k.divisor]!;
    const divisor = frame.divisor;
    v[k.divisor] = divisor;
    v[k.rate] = frame.refreshRate / divisor;
    v.loadMs = loadMs;
    if (divisor > v[k.maxDivisor]!) v[k.maxDivisor] = divisor;
    // After the peak (3), the divisors passed on the way back, as digits: 21 = 3 → 2 → 1.
    if (v[k.maxDivisor]! >= 3 && divisor !== previous && divisor < 3 && v[k.afterPeak]! < 100) {
      v[k.afterPeak] = v[k.afterPeak]! * 10 + divisor;
    }
    if (lane === 0) v.frames = frame.frameIndex;
  });
  return null;
}

/** The lane that turns the adaptive rate on with the hook, and shows what the hook returns. */
function HookLane({ display, shared }: { display: SimulatedDisplay | null; shared: Shared }) {
  const { divisor, frameRate } = useAdaptiveFramerate({ maxDivisor: 3 });
  return (
    <>
      <LaneLoop lane={0} display={display} shared={shared} />
      <p style={{ font: '600 14px system-ui', margin: '4px 0' }} data-testid="hook-says">
        useAdaptiveFramerate(): divisor {divisor}, {frameRate.toFixed(0)} Hz
      </p>
    </>
  );
}

/** The digits recorded after the peak, as a path: 21 → "3 → 2 → 1". */
function backDown(digits: number): string {
  if (!(digits > 0)) return '–';
  return ['3', ...String(digits).split('')].join(' → ');
}

function AdaptiveDemo(props: AdaptiveProps) {
  const { realLoad } = props;
  // With real load the providers run on the browser's frames: they follow the transport bar's pause here.
  const transport = useStoryTransport();
  const realPaused = realLoad ? transport.paused : undefined;
  const trail = useRef<TrailCanvasHandle>(null);
  const settings = useRef(props);
  settings.current = props;
  const shared = useMemo<Shared>(
    () => ({
      trail,
      settings,
      values: {
        frames: 0,
        loadMs: Number.NaN,
        hookDivisor: 1,
        hookRate: Number.NaN,
        hookMaxDivisor: 1,
        hookAfterPeak: 0,
        providerDivisor: 1,
        providerRate: Number.NaN,
        providerMaxDivisor: 1,
        providerAfterPeak: 0,
      },
    }),
    [],
  );
  const displays = useMemo(
    () => [0, 1].map((seed) => createSimulatedDisplay({ refreshRate: REFRESH_RATE, jitterMs: 0.3, quantizationMs: 0.1, seed: 11 + seed })),
    [],
  );
  const plots = useMemo(
    () => ({ seconds: new RingBuffer(SAMPLES), hook: new RingBuffer(SAMPLES), provider: new RingBuffer(SAMPLES), load: new RingBuffer(SAMPLES), start: new Float64Array([Number.NaN]) }),
    [],
  );

  // Outside both providers (on the page's loop): draw both lanes and sample the plots once a frame.
  useFrame(
    (frame) => {
      trail.current?.draw();
      if (frame.paused) return;
      const v = shared.values;
      if (!Number.isFinite(plots.start[0]!)) plots.start[0] = frame.timestampMs;
      plots.seconds.push((frame.timestampMs - plots.start[0]!) / 1000);
      plots.hook.push(v.hookRate!);
      plots.provider.push(v.providerRate!);
      plots.load.push(v.loadMs!);
    },
    { phase: 'after' },
  );

  // The source is read once by a provider: switching to real load gives both lanes new providers.
  const mode = realLoad ? 'real' : 'simulated';
  const fixedRate = realLoad ? undefined : REFRESH_RATE;
  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="vblanks/picture" countMax={4} testId="trail" />
      <FollowTransport displays={displays} />
      <FrameProvider key={`hook-${mode}`} source={realLoad ? undefined : displays[0]} refreshRate={fixedRate} paused={realPaused}>
        <HookLane display={realLoad ? null : displays[0]!} shared={shared} />
      </FrameProvider>
      <FrameProvider key={`provider-${mode}`} source={realLoad ? undefined : displays[1]} refreshRate={fixedRate} paused={realPaused} adaptive={{ maxDivisor: 3 }}>
        <LaneLoop lane={1} display={realLoad ? null : displays[1]!} shared={shared} />
      </FrameProvider>
      <Readout
        keyNumbers
        values={shared.values}
        fields={[
          { key: 'hookRate', label: 'hook: picture rate (Hz)', format: (n) => (Number.isFinite(n) ? n.toFixed(1) : '–') },
          { key: 'providerRate', label: 'provider: picture rate (Hz)', format: (n) => (Number.isFinite(n) ? n.toFixed(1) : '–') },
        ]}
      />
      <MoreReadouts summary="All readouts and plots">
        <Readout
          values={shared.values}
          fields={[
            { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
            { key: 'loadMs', label: `work per frame (ms; one vblank = ${INTERVAL_MS.toFixed(1)})`, format: (n) => (Number.isFinite(n) ? n.toFixed(1) : '–') },
            { key: 'hookDivisor', label: 'hook: divisor', format: (n) => n.toFixed(0) },
            { key: 'hookMaxDivisor', label: 'hook: largest divisor so far', format: (n) => n.toFixed(0) },
            { key: 'providerDivisor', label: 'provider: divisor', format: (n) => n.toFixed(0) },
            { key: 'providerMaxDivisor', label: 'provider: largest divisor so far', format: (n) => n.toFixed(0) },
            { key: 'hookAfterPeak', label: 'hook: divisors after reaching 3', format: backDown },
            { key: 'providerAfterPeak', label: 'provider: divisors after reaching 3', format: backDown },
          ]}
        />
        <LivePlot
          title="Picture rate chosen (Hz) against time (s)"
          yLabel="Hz"
          yRange={[0, 65]}
          x={plots.seconds}
          references={[
            { value: 60, label: '60 Hz', color: '#888' },
            { value: 30, label: '30 Hz', color: '#888' },
            { value: 20, label: '20 Hz', color: '#888' },
          ]}
          series={[
            { label: 'useAdaptiveFramerate()', stroke: '#1e9e55', buffer: plots.hook, stepped: true, width: 2 },
            { label: '<FrameProvider adaptive>', stroke: '#8e44ad', buffer: plots.provider, stepped: true },
          ]}
        />
        <LivePlot
          title="Work per frame (ms) against time (s)"
          yLabel="ms"
          height={130}
          yRange={[0, 60]}
          references={[
            { value: INTERVAL_MS, label: 'one vblank', color: '#888' },
            { value: 2 * INTERVAL_MS, label: 'two vblanks', color: '#888' },
          ]}
          x={plots.seconds}
          series={[{ label: 'work', stroke: '#999', buffer: plots.load, stepped: true }]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Hooks/17 · useAdaptiveFramerate and <FrameProvider adaptive>',
  component: AdaptiveDemo,
  args: { profile: 'cycle', loadMs: 22, phaseSeconds: 1, realLoad: false, lapSeconds: 1 },
  argTypes: {
    profile: {
      name: 'load profile',
      description: "'cycle': 4 ms, then 22 ms (past one vblank), then 40 ms (past two), then 4 ms for three phases, repeating. 'steady': `loadMs` every frame.",
      control: { type: 'inline-radio' },
      options: ['cycle', 'steady'],
    },
    loadMs: {
      name: 'steady load (ms)',
      description: 'Work per frame with the steady profile, ms (one vblank at 60 Hz is 16.7 ms).',
      control: { type: 'range', min: 0, max: 60, step: 1 },
    },
    phaseSeconds: {
      name: 'cycle phase (s)',
      description: 'Length of each phase of the cycle, s.',
      control: { type: 'range', min: 0.5, max: 5, step: 0.5 },
    },
    realLoad: {
      name: 'real busy-wait (opt-in)',
      description:
        'Off (default): the work is simulated and the display is a simulated 60 Hz one, so nothing slows your page. On: the work is a real busy-wait on the main thread, on your real display (each lane burns it, so the page does twice the work and stutters; the lanes get new providers).',
      control: 'boolean',
    },
    lapSeconds: {
      name: 'lap (game s)',
      description: 'Game seconds a dot takes to cross the track, s.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.5 },
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { FrameProvider, useAdaptiveFramerate } from 'react-timestep';

// Either the hook, while a component is mounted …
function Hud() {
  const { divisor, frameRate } = useAdaptiveFramerate({ maxDivisor: 3 });
  return <span>{frameRate.toFixed(0)} Hz (every {divisor} vblanks)</span>;
}

// … or the provider prop, for a whole subtree.
<FrameProvider adaptive={{ maxDivisor: 3 }}>
  <Game />
</FrameProvider>`,
      },
      description: {
        component: `
The adaptive frame rate (Peter Sundqvist, "Timestepping"): when frames keep missing their vblank,
hold each picture one vblank more (60 → 30 → 20 Hz) and stay there, instead of alternating between
hitting and missing; step back up with hysteresis when frames would fit again. Two ways to turn it
on, side by side on the same load: the hook \`useAdaptiveFramerate({ maxDivisor: 3 })\` (top lane) and
the prop \`<FrameProvider adaptive={{ maxDivisor: 3 }}>\` (bottom lane). Both use the scheduler's own
rate governor; the hook also returns the divisor and the rate (the line above the readout).

The onion trail shows the pictures: at 30 Hz the ghosts are twice as far apart, at 20 Hz three
times. The small axis counts the vblanks each picture was held.

**Load and display are simulated by default**: each lane's provider gets a simulated 60 Hz display
(a \`<FrameProvider source>\` paced by the real animation frames) whose clock is told each frame's
work, so the scheduler measures it as if it had been spent, and work past a vblank delays the next
frame as vsync would. Turn on \`realLoad\` to burn the work for real on your own display instead.
`,
      },
    },
  },
} satisfies Meta<typeof AdaptiveDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The load cycle: both lanes step 1 → 2 → 3, and back 3 → 2 → 1 once the load is light. */
export const LoadCycle: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 10);
    for (const lane of ['hook', 'provider']) {
      await waitForValue(canvasElement, `${lane}MaxDivisor`, (d) => d >= 2, 4000);
      await waitForValue(canvasElement, `${lane}MaxDivisor`, (d) => d === 3, 4000);
    }
    for (const lane of ['hook', 'provider']) {
      await waitForValue(canvasElement, `${lane}AfterPeak`, (path) => path === 21, 8000);
      await expect(readValue(canvasElement, `${lane}Rate`)).toBe(REFRESH_RATE);
    }
  },
};

/** A steady 22 ms (past one vblank, within two): both settle at divisor 2, 30 Hz. */
export const SteadyPastOneVblank: Story = {
  args: { profile: 'steady', loadMs: 22 },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'hookDivisor', (d) => d === 2, 4000);
    await waitForValue(canvasElement, 'providerDivisor', (d) => d === 2, 4000);
    await expectFramesAdvance(canvasElement, 'frames', 30);
    await expect(readValue(canvasElement, 'hookRate')).toBe(30);
    await expect(readValue(canvasElement, 'providerRate')).toBe(30);
    await expect(readValue(canvasElement, 'hookMaxDivisor')).toBe(2);
  },
};

/** The transport bar stops both simulated displays: no frames while paused, exactly one per single step. */
export const PauseAndSingleStep: Story = {
  args: { profile: 'steady', loadMs: 4 },
  play: async ({ canvasElement }) => {
    await expectPauseAndSingleStep(canvasElement, 'frames');
  },
};
