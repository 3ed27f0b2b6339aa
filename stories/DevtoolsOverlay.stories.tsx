import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { FixedClockProvider, FrameProvider, useFixedRender, useFixedUpdate, useFrame } from '../src/index.js';
import type { FixedClockOptions } from '../src/index.js';

type Interpolation = NonNullable<FixedClockOptions['interpolation']>;
import { FrameTimingOverlay } from '../src/devtools/index.js';
import { busyWait } from './components/busyWait.js';
import { Readout } from './components/Readout.js';
import { expectFramesAdvance } from './components/playHelpers.js';

/** Controls of the stuttering scene. */
interface OverlayStoryProps {
  /** Every this many frames, one frame burns `stallMs` of main-thread time. */
  stallEvery: number;
  /** Milliseconds a stalled frame burns. */
  stallMs: number;
  /** Which game time the picture shows: `'none'` makes the steps visible as flaps. */
  interpolation: Interpolation;
}

/** A box crossing the stage at a steady speed on a fixed step, drawn with the clock's alpha. */
function Scene({ stallEvery, stallMs, values }: { stallEvery: number; stallMs: number; values: Record<string, number> }) {
  const box = useRef<HTMLDivElement>(null);
  const state = useMemo(() => ({ x: 0, previous: 0 }), []);
  useFixedUpdate((dt) => {
    state.previous = state.x;
    state.x = (state.x + 240 * dt) % 600;
    if (state.x < state.previous) state.previous = state.x;
  });
  useFixedRender((alpha) => {
    const x = state.previous + (state.x - state.previous) * alpha;
    if (box.current) box.current.style.transform = `translateX(${x.toFixed(1)}px)`;
  });
  // The stutter: a frame now and then that takes far longer than a vblank.
  useFrame((frame) => {
    values.frames = frame.frameIndex;
    if (stallEvery > 0 && frame.frameIndex % stallEvery === 0) busyWait(stallMs);
  });
  return (
    <div style={{ position: 'relative', width: 640, maxWidth: '100%', height: 60, background: '#1b1f27', borderRadius: 4 }}>
      <div ref={box} style={{ position: 'absolute', top: 15, width: 30, height: 30, background: '#5dade2', borderRadius: 4 }} />
    </div>
  );
}

function OverlayDemo({ stallEvery, stallMs, interpolation }: OverlayStoryProps) {
  const values = useMemo<Record<string, number>>(() => ({ frames: 0 }), []);
  return (
    <FrameProvider>
      <FixedClockProvider step={1 / 60} interpolation={interpolation}>
        <p style={{ font: '13px system-ui, sans-serif', margin: '0 0 8px' }}>
          The overlay (top right) shows each frame as a bar against lines at one, two and three vblanks: red bars spanned more vblanks than
          asked for, amber bars moved the picture by another amount than the display advanced, blue marks are the steps each frame ran. Press
          the backquote key (`) to hide it.
        </p>
        <Scene stallEvery={stallEvery} stallMs={stallMs} values={values} />
        <FrameTimingOverlay />
      </FixedClockProvider>
      <Readout values={values} fields={[{ key: 'frames', label: 'frames', format: (n) => n.toFixed(0) }]} />
    </FrameProvider>
  );
}

const meta = {
  title: 'A game/26 · The frame timing overlay',
  component: OverlayDemo,
  args: { stallEvery: 45, stallMs: 40, interpolation: 'previous' },
  argTypes: {
    stallEvery: { name: 'stall every (frames)', description: 'One frame in this many burns main-thread time; 0: none.', control: { type: 'range', min: 0, max: 120, step: 5 } },
    stallMs: { name: 'stall (ms)', description: 'How long a stalled frame works.', control: { type: 'range', min: 0, max: 120, step: 5 } },
    interpolation: { name: 'interpolation', control: { type: 'select' }, options: ['none', 'previous', 'ahead', 'predicted'] },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { FixedClockProvider } from 'react-timestep';
import { FrameTimingOverlay } from 'react-timestep/devtools';

<FixedClockProvider step={1 / 60}>
  <Game />
  {import.meta.env.DEV && <FrameTimingOverlay position="top-right" />}
</FixedClockProvider>;`,
      },
    },
  },
} satisfies Meta<typeof OverlayDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The overlay over a scene that stalls now and then. Whatever the frame rate, it is drawn and the toggle key hides and shows it. */
export const StutteringScene: Story = {
  play: async ({ canvasElement }) => {
    const root = canvasElement.ownerDocument.body;
    await expectFramesAdvance(canvasElement, 'frames', 5);
    const overlay = () => root.querySelector('[data-testid="frame-timing-overlay"]');
    await waitFor(() => expect(overlay()?.querySelector('canvas')).toBeTruthy());
    const canvas = overlay()!.querySelector('canvas')!;
    // Sized for the device's pixels: 280 × 150 CSS px.
    expect(canvas.width).toBe(Math.round(280 * (window.devicePixelRatio || 1)));
    await userEvent.keyboard('[Backquote]');
    await waitFor(() => expect(overlay()).toBeNull());
    await userEvent.keyboard('[Backquote]');
    await waitFor(() => expect(overlay()).toBeTruthy());
  },
};
