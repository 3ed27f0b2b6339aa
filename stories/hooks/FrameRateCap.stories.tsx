import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FrameProvider, useFrame } from '../../src/index.js';
import { frameRateCapDivisor } from '../../src/scheduler/frameRateCap.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import { expectFramesAdvance, readValue, waitForValue } from '../components/playHelpers.js';
import { FollowTransport } from './components/FollowTransport.js';
import { createSimulatedDisplay } from './components/simulatedDisplay.js';
import type { SimulatedDisplay } from './components/simulatedDisplay.js';
import { TrailCanvas } from './components/TrailCanvas.js';
import type { TrailCanvasHandle } from './components/TrailCanvas.js';
import { useLiveArg } from './components/useLiveArg.js';
import { buttonStyle } from '../components/transport.js';

/** Controls of the frame-rate cap demo. */
interface FrameRateCapProps {
  /** The simulated display's refresh rate, Hz (each real frame of your browser is one of its vblanks). */
  displayRate: number;
  /** `<FrameProvider maxFrameRate>`, Hz; 0: no cap. */
  maxFrameRate: number;
  /** Game seconds the dot takes to cross the track, s. */
  lapSeconds: number;
  /** Change the cap by itself on a loop (60 → 30 → 20 → none), besides the buttons. */
  autoCap: boolean;
}

const LANES = [{ label: '<FrameProvider maxFrameRate>', color: '#f5b041' }] as const;
/** The scripted caps, Hz (0: none): each follows the one in force, the first 1 s after mount, then every 2 s. */
const CAP_CYCLE = [60, 30, 20, 0] as const;
const FIRST_CAP_S = 1;
const CAP_EVERY_S = 2;

/** Vblanks per picture a cap gives on a display (0: no cap, every vblank). */
function expectedDivisor(displayRate: number, cap: number): number {
  return cap > 0 ? frameRateCapDivisor(displayRate, cap) : 1;
}

interface Live {
  trail: { current: TrailCanvasHandle | null };
  lap: { current: number };
  /** [0]: the vblank time of the last picture, ms (NaN before the first). */
  lastVblankMs: Float64Array;
  values: Record<string, number>;
  /** The divisor the cap in force should give, and whether a picture has reported it yet. */
  expected: { divisor: number; reached: boolean };
  /** The scripted cap changes: on or off, real seconds until the next one. */
  script: { on: boolean; untilNext: number; lastMs: number };
}

/**
 * The capped game: a dot moved by game time. Per picture it records the detected rate, the
 * divisor, the rate reached, and the vblanks that really passed since the previous picture (the
 * simulated display's ground truth), whose smallest and largest value since the divisor last
 * changed show whether the pacing is even.
 */
function CappedDot({ display, live }: { display: SimulatedDisplay; live: Live }) {
  useFrame((frame) => {
    const v = live.values;
    const vsync = display.vsync;
    const last = live.lastVblankMs[0]!;
    const gap = Number.isFinite(last) ? Math.round((vsync.vblankMs - last) / vsync.intervalMs) : Number.NaN;
    live.lastVblankMs[0] = vsync.vblankMs;
    if (frame.divisor !== v.divisor && v.divisor === v.divisor) v.divisorChanges! += 1;
    if (!live.expected.reached && frame.divisor === live.expected.divisor) {
      live.expected.reached = true;
      v.capsReached! += 1;
    }
    if (frame.divisor !== v.divisor) {
      // A new divisor: the pacing is judged from its second picture on.
      v.gapMin = Number.NaN;
      v.gapMax = Number.NaN;
      v.flaps = 0;
    } else if (gap === gap) {
      v.gapMin = gap < v.gapMin! || !(v.gapMin === v.gapMin) ? gap : v.gapMin!;
      v.gapMax = gap > v.gapMax! || !(v.gapMax === v.gapMax) ? gap : v.gapMax!;
      if (gap !== frame.divisor) v.flaps = v.flaps! + 1;
    }
    v.refreshRate = frame.refreshRate;
    v.divisor = frame.divisor;
    v.rate = frame.refreshRate / frame.divisor;
    v.gap = gap;
    v.frames = frame.frameIndex;
    live.trail.current?.picture(0, frame.elapsedSeconds / live.lap.current, gap === gap ? gap : 1);
    live.trail.current?.draw();
  });
  return null;
}

/**
 * Changes the cap by itself on the story's own loop (so it waits while the transport bar pauses
 * the story): to the entry of {@link CAP_CYCLE} after the cap in force.
 */
function CapScript({ live, cap, setCap }: { live: Live; cap: number; setCap: (cap: number) => void }) {
  const current = useRef(cap);
  current.current = cap;
  useFrame((frame) => {
    const script = live.script;
    const dt = Number.isFinite(script.lastMs) ? (frame.timestampMs - script.lastMs) / 1000 : 0;
    script.lastMs = frame.timestampMs;
    if (!script.on || frame.paused) return;
    script.untilNext -= dt;
    if (script.untilNext > 0) return;
    script.untilNext = CAP_EVERY_S;
    const index = CAP_CYCLE.indexOf(current.current as (typeof CAP_CYCLE)[number]);
    live.values.scriptedCaps! += 1;
    setCap(CAP_CYCLE[(index + 1) % CAP_CYCLE.length]!);
  });
  return null;
}

function FrameRateCapDemo({ displayRate, maxFrameRate: capArg, lapSeconds, autoCap }: FrameRateCapProps) {
  const [cap, setCap] = useLiveArg(capArg);
  const trail = useRef<TrailCanvasHandle>(null);
  const lap = useRef(lapSeconds);
  lap.current = lapSeconds;
  const live = useMemo<Live>(
    () => ({
      trail,
      lap,
      lastVblankMs: new Float64Array([Number.NaN]),
      values: {
        frames: 0,
        refreshRate: Number.NaN,
        divisor: Number.NaN,
        rate: Number.NaN,
        gap: Number.NaN,
        gapMin: Number.NaN,
        gapMax: Number.NaN,
        flaps: 0,
        providerMounts: 0,
        cap: 0,
        divisorChanges: 0,
        scriptedCaps: 0,
        capsReached: 0,
      },
      expected: { divisor: Number.NaN, reached: false },
      script: { on: true, untilNext: FIRST_CAP_S, lastMs: Number.NaN },
    }),
    [],
  );
  live.script.on = autoCap;
  // After the provider's own effect has applied the cap (children's effects run first).
  useEffect(() => {
    live.values.cap = cap;
    live.expected.divisor = expectedDivisor(displayRate, cap);
    live.expected.reached = false;
  }, [live, cap, displayRate]);
  // The display is the provider's frame source, read once: another display is another provider.
  const display = useMemo(() => createSimulatedDisplay({ refreshRate: displayRate, jitterMs: 1, quantizationMs: 0.1, seed: 7 }), [displayRate]);
  const displays = useMemo(() => [display], [display]);
  useEffect(() => {
    live.values.providerMounts! += 1;
    live.lastVblankMs[0] = Number.NaN;
  }, [live, display]);

  const hz = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
  const whole = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="vblanks/picture" countMax={8} testId="trail" />
      <FollowTransport displays={displays} />
      <CapScript live={live} cap={cap} setCap={setCap} />
      <FrameProvider key={displayRate} source={display} {...(cap > 0 ? { maxFrameRate: cap } : {})}>
        <CappedDot display={display} live={live} />
      </FrameProvider>
      <div role="toolbar" aria-label="cap" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, margin: '8px 0' }}>
        {[20, 30, 60, 90].map((value) => (
          <button key={value} type="button" style={buttonStyle} aria-pressed={cap === value} onClick={() => setCap(value)}>
            cap {value}
          </button>
        ))}
        <button type="button" style={buttonStyle} aria-pressed={cap === 0} onClick={() => setCap(0)}>
          no cap
        </button>
      </div>
      <p style={{ font: '13px system-ui', margin: '4px 0' }} data-testid="rule">
        {cap > 0
          ? `maxFrameRate ${cap} on a ${displayRate} Hz display: one picture every ${frameRateCapDivisor(displayRate, cap)} vblanks = ${(displayRate / frameRateCapDivisor(displayRate, cap)).toFixed(2)} Hz`
          : `no cap: every vblank of the ${displayRate} Hz display`}
      </p>
      <Readout
        keyNumbers
        values={live.values}
        fields={[
          { key: 'rate', label: 'rate reached: refreshRate / divisor (Hz)', format: hz },
          { key: 'divisor', label: 'frame.divisor (vblanks per picture)', format: whole },
          { key: 'flaps', label: 'pictures not exactly divisor vblanks apart', format: whole },
        ]}
      />
      <MoreReadouts>
        <Readout
          values={live.values}
          fields={[
            { key: 'frames', label: 'pictures', format: whole },
            { key: 'refreshRate', label: 'detected refresh rate (Hz)', format: hz },
            { key: 'cap', label: 'maxFrameRate in force (Hz, 0: none)', format: whole },
            { key: 'scriptedCaps', label: 'scripted cap changes', format: whole },
            { key: 'capsReached', label: 'caps whose divisor a picture reported', format: whole },
            { key: 'divisorChanges', label: 'divisor changes', format: whole },
            { key: 'gap', label: 'vblanks since the previous picture', format: whole },
            { key: 'gapMin', label: 'fewest vblanks between pictures (this divisor)', format: whole },
            { key: 'gapMax', label: 'most vblanks between pictures (this divisor)', format: whole },
            { key: 'providerMounts', label: 'provider mounts', format: whole },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Hooks/19 · <FrameProvider maxFrameRate>: a cap on whole vblanks',
  component: FrameRateCapDemo,
  args: { displayRate: 144, maxFrameRate: 60, lapSeconds: 2, autoCap: true },
  argTypes: {
    displayRate: {
      name: 'display (Hz)',
      description:
        "The simulated display's refresh rate, Hz: each real frame of your browser is one of its vblanks (so a 144 Hz display runs slower than real time on a 60 Hz screen), its timestamps jittered by ±1 ms in 0.1 ms steps. A change gives the subtree a new provider (the frame source is read once).",
      control: { type: 'inline-radio' },
      options: [59.94, 60, 120, 144],
    },
    maxFrameRate: {
      name: 'max frame rate (Hz)',
      description: 'The `maxFrameRate` prop, Hz; 0 removes it. Applied live (setMaxFrameRate), no remount.',
      control: { type: 'inline-radio' },
      options: [0, 20, 30, 60, 90],
    },
    lapSeconds: {
      name: 'lap (game s)',
      description: 'Game seconds the dot takes to cross the track, s.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.5 },
    },
    autoCap: {
      name: 'cycle the cap',
      description: 'By itself, 1 s after the start and every 2 s after: the cap goes to the next of 60 → 30 → 20 → none → 60 Hz; besides the buttons.',
      control: 'boolean',
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { FrameProvider } from 'react-timestep';

<FrameProvider maxFrameRate={60}>
  <Game />
</FrameProvider>`,
      },
      description: {
        component: `
A dot under \`<FrameProvider maxFrameRate>\` on a simulated display. The cap holds every picture for
the same whole number of vblanks: the one nearest to refresh rate / \`maxFrameRate\`. 60 on a 144 Hz
display is every 2nd vblank, **72 Hz**, reported as such (every 3rd would be 48 Hz; exactly 60 would
need 2, 3, 2, 3 … vblanks). 60 on 120 Hz is every 2nd vblank, 60 Hz; on 60 or 59.94 Hz the cap
changes nothing.

The ghosts behind the dot are evenly spaced, and the vblanks between pictures (the display's
ground truth, under the track) are the divisor every time: fewest = most = \`frame.divisor\`, and no
picture comes a vblank early or late although the timestamps jitter by ±1 ms. The cap buttons
change the prop on the running provider: nothing remounts (the mount counter stays 1).

By itself the story cycles the cap, 1 s after the start and every 2 s after: 60 → 30 → 20 → none
(on 144 Hz: every 2nd, 5th, 7th vblank, then every one), so the picture rate visibly changes and
\`frame.divisor\` follows it; the "cycle the cap" control turns it off.
`,
      },
    },
  },
} satisfies Meta<typeof FrameRateCapDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Wait until the pacing readouts show `divisor` vblanks between every two pictures. */
async function expectEvenPacing(root: HTMLElement, divisor: number): Promise<void> {
  await waitForValue(root, 'divisor', (d) => d === divisor, 8000);
  await waitForValue(root, 'gapMin', (g) => g === divisor, 8000);
  await expectFramesAdvance(root, 'frames', 10);
  await expect(readValue(root, 'gapMin')).toBe(divisor);
  await expect(readValue(root, 'gapMax')).toBe(divisor);
  await expect(readValue(root, 'flaps')).toBe(0);
}

/** With no click: the cap changes by itself, again and again, and each time the pictures report the divisor of the new cap. */
export const CapCycles: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'refreshRate', (r) => r === 144, 8000);
    // The starting cap (60: every 2nd vblank) and two scripted ones (30, then 20) reached.
    await waitForValue(canvasElement, 'scriptedCaps', (n) => n >= 2);
    await waitForValue(canvasElement, 'capsReached', (n) => n >= 3);
    // Every scripted cap so far (but perhaps the one just set) has been reached; the divisor changed each time.
    await expect(readValue(canvasElement, 'capsReached')).toBeGreaterThanOrEqual(readValue(canvasElement, 'scriptedCaps'));
    await expect(readValue(canvasElement, 'divisorChanges')).toBeGreaterThanOrEqual(2);
    const cap = readValue(canvasElement, 'cap');
    await expect(cap === 30 || cap === 20 || cap === 0).toBe(true);
    await expect(readValue(canvasElement, 'providerMounts')).toBe(1);
  },
};

/** 60 on a 144 Hz display: every 2nd vblank, 72 Hz; cap 30: every 5th (28.8 Hz); no cap: every vblank. All on one provider. */
export const Display144: Story = {
  // The buttons alone: a scripted cap would change the divisor being measured.
  args: { autoCap: false },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement);
    await waitForValue(canvasElement, 'refreshRate', (r) => r === 144, 8000);
    await expectEvenPacing(canvasElement, 2);
    await expect(readValue(canvasElement, 'rate')).toBe(72);

    await userEvent.click(ui.getByRole('button', { name: 'cap 30' }));
    await expectEvenPacing(canvasElement, 5);
    await expect(readValue(canvasElement, 'rate')).toBeCloseTo(28.8, 9);

    await userEvent.click(ui.getByRole('button', { name: 'no cap' }));
    await expectEvenPacing(canvasElement, 1);
    await expect(readValue(canvasElement, 'providerMounts')).toBe(1);
  },
};

/** 60 on a 120 Hz display: every 2nd vblank, exactly 60 Hz. */
export const Display120: Story = {
  args: { displayRate: 120, autoCap: false },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'refreshRate', (r) => r === 120, 8000);
    await expectEvenPacing(canvasElement, 2);
    await expect(readValue(canvasElement, 'rate')).toBe(60);
  },
};

/** 60 on a 59.94 Hz display: the nearest divisor is 1, the cap changes nothing. */
export const Display5994: Story = {
  args: { displayRate: 59.94, autoCap: false },
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'refreshRate', (r) => r === 59.94, 8000);
    await expectEvenPacing(canvasElement, 1);
  },
};
