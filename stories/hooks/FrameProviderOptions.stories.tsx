import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FrameProvider, useFrame } from '../../src/index.js';
import type { FrameGap } from '../../src/scheduler/types.js';
import { busyWait } from '../components/busyWait.js';
import { buttonStyle, useStoryTransport } from '../components/transport.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import { expectFramesAdvance, readValue, waitForValue } from '../components/playHelpers.js';
import { TrailCanvas } from './components/TrailCanvas.js';
import type { TrailCanvasHandle } from './components/TrailCanvas.js';
import { useLiveArg } from './components/useLiveArg.js';

/** Controls of the FrameProvider options demo. */
interface ProviderOptionsProps {
  /** `<FrameProvider paused>`: stop game time in the subtree. */
  paused: boolean;
  /** `<FrameProvider timeScale>`: game seconds per real second in the subtree, ×. */
  timeScale: number;
  /** `<FrameProvider maxDelta>`: the longest real gap a frame in the subtree is given, s. */
  maxDelta: number;
  /** How long the Hitch button blocks the main thread, ms. */
  hitchMs: number;
  /** Game seconds a dot takes to cross the track, s. */
  lapSeconds: number;
  /** Hitch by itself: after half a real second, then every HITCH_EVERY real seconds (besides the button). */
  autoHitch: boolean;
}

/** Frames over which each lane's game speed is measured. */
const WINDOW = 30;
/** A frame whose real gap exceeds this is the hitch, s. */
const HITCH_SECONDS = 0.09;
/** Real seconds between two scripted hitches (the first comes after half a second). */
const HITCH_EVERY = 3;
const LANES = [
  { label: 'outside (page loop)', color: '#5dade2' },
  { label: 'inside <FrameProvider>', color: '#f5b041' },
] as const;
const OUTSIDE = { game: 'outsideGame', speed: 'outsideSpeed', jump: 'outsideJumpMs' } as const;
const INSIDE = { game: 'insideGame', speed: 'insideSpeed', jump: 'insideJumpMs' } as const;

interface Live {
  trail: { current: TrailCanvasHandle | null };
  lap: { current: number };
  /** The scripted hitch: on or off, its length (ms), and real seconds until the next one. */
  script: { autoHitch: boolean; hitchMs: number; untilNext: number };
  /** Per lane (0 outside, 1 inside): [game s, then WINDOW game deltas, then WINDOW real deltas]. */
  lanes: Float64Array;
  values: Record<string, number>;
}

const STRIDE = 1 + 2 * WINDOW;

/** A dot moved by the scheduler's deltaSeconds, whichever scheduler is above it. */
function Mover({ lane, live }: { lane: number; live: Live }) {
  useFrame((frame) => {
    const base = lane * STRIDE;
    const a = live.lanes;
    const v = live.values;
    const k = lane === 0 ? OUTSIDE : INSIDE;
    a[base] = a[base]! + frame.deltaSeconds;
    const slot = frame.frameIndex % WINDOW;
    a[base + 1 + slot] = frame.deltaSeconds;
    a[base + 1 + WINDOW + slot] = frame.rawDeltaSeconds;
    if (frame.frameIndex >= WINDOW) {
      let game = 0;
      let real = 0;
      for (let i = 0; i < WINDOW; i += 1) {
        game += a[base + 1 + i]!;
        real += a[base + 1 + WINDOW + i]!;
      }
      v[k.speed] = real > 0 ? game / real : Number.NaN;
    }
    if (frame.rawDeltaSeconds > HITCH_SECONDS) v[k.jump] = frame.deltaSeconds * 1000;
    v[k.game] = a[base]!;
    if (lane === 1) v.insidePaused = frame.paused ? 1 : 0;
    live.trail.current?.picture(lane, a[base]! / live.lap.current, (frame.deltaSeconds * 1000) / (1000 / 60));
    if (lane === 0) {
      v.frames = frame.frameIndex;
      live.trail.current?.draw();
      // The scripted hitch keeps coming back: block this frame, so the next one sees the gap. Its
      // clock stands still while the transport bar pauses the page loop.
      const script = live.script;
      if (!frame.paused) script.untilNext -= frame.rawDeltaSeconds;
      if (script.autoHitch && script.untilNext <= 0) {
        script.untilNext = HITCH_EVERY;
        v.scriptedHitches = v.scriptedHitches! + 1;
        busyWait(script.hitchMs);
      }
    }
  });
  return null;
}

/** Counts mounts of the provider's subtree: stays 1 while its props change. */
function MountCounter({ live }: { live: Live }) {
  useEffect(() => {
    live.values.providerMounts! += 1;
  }, [live]);
  return null;
}

function ProviderOptionsDemo({ paused: pausedArg, timeScale: timeScaleArg, maxDelta: maxDeltaArg, hitchMs, lapSeconds, autoHitch }: ProviderOptionsProps) {
  const [paused, setPaused] = useLiveArg(pausedArg);
  const [timeScale, setTimeScale] = useLiveArg(timeScaleArg);
  const [maxDelta, setMaxDelta] = useLiveArg(maxDeltaArg);
  // The transport bar pauses the page loop (the decorator's provider); the inner one follows it.
  const transport = useStoryTransport();
  const trail = useRef<TrailCanvasHandle>(null);
  const lap = useRef(lapSeconds);
  lap.current = lapSeconds;
  const live = useMemo<Live>(
    () => ({
      trail,
      lap,
      script: { autoHitch, hitchMs, untilNext: 0.5 },
      lanes: new Float64Array(2 * STRIDE),
      values: {
        frames: 0,
        outsideGame: 0,
        insideGame: 0,
        outsideSpeed: Number.NaN,
        insideSpeed: Number.NaN,
        insidePaused: 0,
        outsideJumpMs: Number.NaN,
        insideJumpMs: Number.NaN,
        gapRawMs: Number.NaN,
        gapClampedMs: Number.NaN,
        providerMounts: 0,
        scriptedHitches: 0,
      },
    }),
    // Created once; the script's options are written in below on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  live.script.autoHitch = autoHitch;
  live.script.hitchMs = hitchMs;
  const onGap = (gap: FrameGap) => {
    live.values.gapRawMs = gap.rawDeltaSeconds * 1000;
    live.values.gapClampedMs = gap.clampedSeconds * 1000;
  };

  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const speed = (n: number) => (Number.isFinite(n) ? n.toFixed(3) : '–');
  return (
    <div>
      <TrailCanvas ref={trail} lanes={LANES} countLabel="intervals/frame" countMax={2} testId="trail" />
      <Readout
        keyNumbers
        values={live.values}
        fields={[
          { key: 'outsideJumpMs', label: 'hitch: outside advanced (game ms)', format: ms },
          { key: 'insideJumpMs', label: 'hitch: inside advanced (game ms)', format: ms },
          { key: 'insideSpeed', label: `inside: game s per real s (${WINDOW} frames)`, format: speed },
        ]}
      />
      <Mover lane={0} live={live} />
      <FrameProvider paused={paused || transport.paused} timeScale={timeScale} maxDelta={maxDelta} onGap={onGap}>
        <MountCounter live={live} />
        <Mover lane={1} live={live} />
      </FrameProvider>
      <div role="toolbar" aria-label="provider props" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, margin: '8px 0' }}>
        <button type="button" style={buttonStyle} onClick={() => setPaused(!paused)}>
          {paused ? 'Resume subtree' : 'Pause subtree'}
        </button>
        <button type="button" style={buttonStyle} onClick={() => setTimeScale(0.5)}>
          0.5×
        </button>
        <button type="button" style={buttonStyle} onClick={() => setTimeScale(1)}>
          1×
        </button>
        <button type="button" style={buttonStyle} onClick={() => setMaxDelta(0.1)}>
          max delta 0.1 s
        </button>
        <button type="button" style={buttonStyle} onClick={() => setMaxDelta(0.25)}>
          max delta 0.25 s
        </button>
        <button type="button" style={buttonStyle} onClick={() => busyWait(hitchMs)}>
          Hitch: block the main thread {hitchMs} ms
        </button>
      </div>
      <MoreReadouts>
        <Readout
          values={live.values}
          fields={[
            { key: 'frames', label: 'frames (outside)', format: (n) => n.toFixed(0) },
            { key: 'outsideGame', label: 'outside: game time (s)', format: (n) => n.toFixed(3) },
            { key: 'insideGame', label: 'inside: game time (s)', format: (n) => n.toFixed(3) },
            { key: 'outsideSpeed', label: `outside: game s per real s (${WINDOW} frames)`, format: speed },
            { key: 'insidePaused', label: 'inside: frame.paused', format: (n) => (n ? 'yes' : 'no') },
            { key: 'gapRawMs', label: 'onGap: real gap (ms)', format: ms },
            { key: 'gapClampedMs', label: 'onGap: given instead (ms)', format: ms },
            { key: 'scriptedHitches', label: 'scripted hitches', format: (n) => n.toFixed(0) },
            { key: 'providerMounts', label: 'provider mounts', format: (n) => n.toFixed(0) },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Hooks/18 · <FrameProvider paused, timeScale, maxDelta>',
  component: ProviderOptionsDemo,
  args: { paused: false, timeScale: 0.5, maxDelta: 0.1, hitchMs: 400, lapSeconds: 1, autoHitch: true },
  argTypes: {
    paused: {
      name: 'paused',
      description: 'The `paused` prop of the inner provider: game time stops in the subtree, frames keep running. Applied live (pause/resume), no remount.',
      control: 'boolean',
    },
    timeScale: {
      name: 'time scale (×)',
      description: 'The `timeScale` prop of the inner provider: game seconds per real second, × (0 = frozen). Applied live (setTimeScale), no remount.',
      control: { type: 'range', min: 0, max: 2, step: 0.05 },
    },
    maxDelta: {
      name: 'max delta (s)',
      description:
        'The `maxDelta` prop of the inner provider: the longest real gap one frame is given, s. Applied live from the next frame, no remount (the mount counter stays 1).',
      control: { type: 'inline-radio' },
      options: [0.05, 0.1, 0.25, 1],
    },
    hitchMs: {
      name: 'hitch (ms)',
      description: 'How long the Hitch button blocks the main thread, ms: a real freeze of the page, like a long garbage collection.',
      control: { type: 'range', min: 100, max: 1000, step: 50 },
    },
    lapSeconds: {
      name: 'lap (game s)',
      description: 'Game seconds a dot takes to cross the track, s.',
      control: { type: 'range', min: 0.5, max: 6, step: 0.5 },
    },
    autoHitch: { name: 'hitch every 3 s', description: 'Block the main thread for hitchMs by itself after half a second and every three seconds after, besides the button.', control: 'boolean' },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { FrameProvider } from 'react-timestep';

<FrameProvider paused={menuOpen} timeScale={slowMotion ? 0.5 : 1} maxDelta={0.1} onGap={(gap) => log(gap)}>
  <Game />
</FrameProvider>`,
      },
      description: {
        component: `
Two dots moved by \`useFrame\`'s \`deltaSeconds\`: the blue one on the page's loop, the orange one
under a \`<FrameProvider paused={…} timeScale={…} maxDelta={…}>\`. The provider's props act on its
subtree only:

- \`paused\`: the orange dot stops (its trail shrinks to one dot) while frames go on; the blue dot runs.
- \`timeScale\`: game seconds per real second in the subtree; at 0.5 the orange ghosts are half as far
  apart. Both props change the running provider: nothing is remounted (the mount counter stays 1).
- \`maxDelta\`: a hitch blocks the main thread (for real) for \`hitchMs\`: by itself after half a second
  and every three seconds after, and on the **Hitch** button. The next frame's gap is
  clamped: the blue dot (page loop, default 0.25 s) jumps 250 ms of game time, the orange one
  \`maxDelta\` × \`timeScale\` (50 ms at the start: 0.1 s at 0.5×; both numbers are under the picture); \`onGap\` reports the real gap and what was given instead. A new
  \`maxDelta\` applies from the next frame, on the same provider.
`,
      },
    },
  },
} satisfies Meta<typeof ProviderOptionsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With no click: the scripted hitch comes back every three seconds; each time the page loop jumps 250 ms of game time, the subtree maxDelta × timeScale = 50 ms. */
export const HitchRepeats: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'scriptedHitches', (n) => n >= 1);
    await waitForValue(canvasElement, 'gapRawMs', (ms) => ms > 300);
    await expect(readValue(canvasElement, 'gapClampedMs')).toBeCloseTo(100, 9);
    await waitForValue(canvasElement, 'insideJumpMs', (ms) => Math.abs(ms - 50) < 1e-9);
    await waitForValue(canvasElement, 'outsideJumpMs', (ms) => Math.abs(ms - 250) < 1e-9);
    await waitForValue(canvasElement, 'scriptedHitches', (n) => n >= 2);
  },
};

/** timeScale 0.5 then 1, pause and resume, all on the running provider; then a hitch clamped to maxDelta 0.1 s, and one clamped to 0.25 s after maxDelta changed on the same provider. */
export const LiveProps: Story = {
  // The buttons' hitches only: a scripted one would land inside the speed windows measured here.
  args: { autoHitch: false },
  play: async ({ canvasElement }) => {
    const ui = within(canvasElement);
    await expectFramesAdvance(canvasElement, 'frames', 10);
    await waitForValue(canvasElement, 'insideSpeed', (s) => Math.abs(s - 0.5) < 1e-9);
    await expect(readValue(canvasElement, 'outsideSpeed')).toBeCloseTo(1, 9);

    await userEvent.click(ui.getByRole('button', { name: 'Pause subtree' }));
    await waitForValue(canvasElement, 'insidePaused', (p) => p === 1);
    const frozen = readValue(canvasElement, 'insideGame');
    const outside = readValue(canvasElement, 'outsideGame');
    await expectFramesAdvance(canvasElement, 'frames', 20);
    await expect(readValue(canvasElement, 'insideGame')).toBe(frozen);
    await expect(readValue(canvasElement, 'outsideGame')).toBeGreaterThan(outside);

    await userEvent.click(ui.getByRole('button', { name: 'Resume subtree' }));
    await userEvent.click(ui.getByRole('button', { name: '1×' }));
    await waitForValue(canvasElement, 'insideSpeed', (s) => Math.abs(s - 1) < 1e-9);
    await expect(readValue(canvasElement, 'providerMounts')).toBe(1);

    await userEvent.click(ui.getByRole('button', { name: /hitch/i }));
    // The frames' timestamps are their vblanks, so the gap seen can be up to a few intervals short of the block.
    await waitForValue(canvasElement, 'gapRawMs', (ms) => ms > 300);
    await expect(readValue(canvasElement, 'gapClampedMs')).toBeCloseTo(100, 9);
    await waitForValue(canvasElement, 'insideJumpMs', (ms) => Math.abs(ms - 100) < 1e-9);
    await waitForValue(canvasElement, 'outsideJumpMs', (ms) => Math.abs(ms - 250) < 1e-9);

    await userEvent.click(ui.getByRole('button', { name: 'max delta 0.25 s' }));
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await userEvent.click(ui.getByRole('button', { name: /hitch/i }));
    await waitForValue(canvasElement, 'gapClampedMs', (ms) => Math.abs(ms - 250) < 1e-9);
    await waitForValue(canvasElement, 'insideJumpMs', (ms) => Math.abs(ms - 250) < 1e-9);
    await expect(readValue(canvasElement, 'providerMounts')).toBe(1);
  },
};

/** Starts paused: the subtree's game time stays at 0 while the page loop runs. */
export const StartsPaused: Story = {
  args: { paused: true, autoHitch: false },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 20);
    await expect(readValue(canvasElement, 'insideGame')).toBe(0);
    await expect(readValue(canvasElement, 'outsideGame')).toBeGreaterThan(0);
  },
};
