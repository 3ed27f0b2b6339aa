import { useMemo, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { FixedClockProvider, FrameProvider, useFixedRender, useFixedUpdate, useFrame } from '../src/index.js';
import { createFrameStats } from '../src/core/index.js';
import type { FrameStats } from '../src/core/index.js';
import type { FixedClockOptions } from '../src/index.js';
import { FrameTimingOverlay } from '../src/devtools/index.js';
import { choice, docs, range } from './kit/controls.js';
import { count } from './kit/format.js';
import { useElementWidth, useFrameCanvas } from './kit/canvasSize.js';
import { busyWait } from './kit/loop.js';
import { expectFramesAdvance, readValue, until, waitForValue } from './kit/play.js';
import { Findings } from './kit/Panel.js';

type Interpolation = NonNullable<FixedClockOptions['interpolation']>;

/** Controls of the stuttering scene. */
interface OverlayStoryProps { stallEvery: number; stallMs: number; interpolation: Interpolation }

const OVERLAY_WIDTH = 280;
const OVERLAY_HEIGHT = 150;
const COLORS = { frame: '#4caf50', dropped: '#f44336', flap: '#ffb300', steps: '#64b5f6' };

/** The overlay's bar width, CSS px (its default): one frame a bar, newest at the right. */
const BAR_PX = 2;
const MARKS_HEIGHT = 22;
/** How often the overlay repaints its figures, ms of frame time: the story's own count follows the same beat. */
const TEXT_EVERY_MS = 250;

/** The frames the overlay's strip holds, and what the story knows about them: which followed a stall, and their vblanks missed. */
interface Track {
  /** 1 for a frame whose interval held a stall, newest at `head - 1`. */
  stalled: Uint8Array;
  head: number;
  held: number;
  stallPending: boolean;
  /** The overlay's own counting (missed vblanks over its strip), on the overlay's beat. */
  stats: FrameStats;
  lastCountMs: number;
}

const newTrack = (frames: number): Track => ({ stalled: new Uint8Array(frames), head: 0, held: 0, stallPending: false, stats: createFrameStats({ windowSize: frames }), lastCountMs: -Infinity });

/** Record one frame in the track; on the overlay's beat, count the stalls and missed vblanks its strip holds. */
function recordFrame(track: Track, frame: { timestampMs: number; refreshRate: number }, values: Record<string, number>): void {
  const frames = track.stalled.length;
  // The stall is spent inside a frame: the next frame's interval is the long one the overlay draws red.
  track.stalled[track.head] = track.stallPending ? 1 : 0;
  track.stallPending = false;
  track.head = (track.head + 1) % frames;
  if (track.held < frames) track.held += 1;
  track.stats.sample(frame.timestampMs);
  const sinceMs = frame.timestampMs - track.lastCountMs;
  if (sinceMs >= 0 && sinceMs < TEXT_EVERY_MS) return;
  track.lastCountMs = frame.timestampMs;
  if (Number.isFinite(frame.refreshRate) && frame.refreshRate > 0) track.stats.setRefreshRate(frame.refreshRate);
  let stalls = 0;
  for (let i = 0; i < frames; i += 1) stalls += track.stalled[i]!;
  values.stallsInView = stalls;
  values.missedInView = track.stats.snapshot().missedVblanks;
}

/** A red mark above each frame that followed a stall, at the overlay's pitch: its red bars line up under them. */
function drawMarks(ctx: CanvasRenderingContext2D, track: Track, width: number): void {
  const frames = track.stalled.length;
  ctx.fillStyle = COLORS.dropped;
  for (let k = 0; k < track.held; k += 1) {
    const slot = (track.head - 1 - k + frames) % frames;
    if (track.stalled[slot] !== 1) continue;
    const x = width - (k + 1) * BAR_PX;
    if (x < 0) break;
    ctx.beginPath();
    ctx.moveTo(x - 5, 3);
    ctx.lineTo(x + BAR_PX + 5, 3);
    ctx.lineTo(x + BAR_PX / 2, MARKS_HEIGHT - 2);
    ctx.fill();
  }
}

/** A box crossing the stage at a steady speed on a fixed step, drawn with the clock's alpha; now and then a frame stalls. */
function Scene({ stallEvery, stallMs, values, track }: { stallEvery: number; stallMs: number; values: Record<string, number>; track: Track }) {
  const box = useRef<HTMLDivElement>(null);
  const [state] = useState(() => ({ x: 0, previous: 0 }));
  useFixedUpdate((dt) => {
    state.previous = state.x;
    state.x = (state.x + 0.4 * dt) % 1;
    if (state.x < state.previous) state.previous = state.x;
  });
  useFixedRender((alpha) => {
    const x = state.previous + (state.x - state.previous) * alpha;
    if (box.current) box.current.style.left = `calc((100% - 30px) * ${x.toFixed(4)})`;
  });
  // The stutter: a frame now and then that takes far longer than a vblank.
  useFrame((frame) => {
    values.frames = frame.frameIndex;
    if (frame.paused) return;
    recordFrame(track, frame, values);
    if (stallEvery > 0 && frame.frameIndex % stallEvery === 0) {
      busyWait(stallMs);
      values.stalls = values.stalls! + 1;
      track.stallPending = true;
    }
  });
  return (
    <div style={{ position: 'relative', width: '100%', maxWidth: 640, height: 60, background: '#1b1f27', borderRadius: 4 }}>
      <div ref={box} style={{ position: 'absolute', top: 15, width: 30, height: 30, background: '#5dade2', borderRadius: 4 }} />
    </div>
  );
}

/** The stall marks, as wide as the overlay under them. */
function StallMarks({ track, width }: { track: Track; width: number }) {
  const canvas = useFrameCanvas(width, MARKS_HEIGHT, (ctx, w) => drawMarks(ctx, track, w));
  return <canvas ref={canvas} data-testid="stall-marks" style={{ display: 'block', borderRadius: '4px 4px 0 0' }} />;
}

function OverlayDemo({ stallEvery, stallMs, interpolation }: OverlayStoryProps) {
  const [values] = useState<Record<string, number>>(() => ({ frames: 0, stalls: 0, stallsInView: Number.NaN, missedInView: Number.NaN }));
  // On a phone's docs page the story's column is narrower than the overlay's usual 280 px.
  const column = useRef<HTMLDivElement>(null);
  const width = Math.min(OVERLAY_WIDTH, useElementWidth(column, OVERLAY_WIDTH));
  // As many frames as the overlay's strip shows (and counts its figures over).
  const frames = Math.max(1, Math.floor(width / BAR_PX));
  const track = useMemo(() => newTrack(frames), [frames]);
  return (
    <FrameProvider>
      <FixedClockProvider step={1 / 60} interpolation={interpolation}>
        <p style={{ font: '600 13px system-ui', margin: '0 0 4px' }}>The scene: a box at a steady speed; now and then a frame stalls</p>
        <Scene stallEvery={stallEvery} stallMs={stallMs} values={values} track={track} />
        <p style={{ font: '600 13px system-ui', margin: '10px 0 4px' }}>{'<FrameTimingOverlay>: what those frames were (backquote ` hides and shows it)'}</p>
        <div ref={column}>
          <div style={{ width }}>
            <StallMarks track={track} width={width} />
          </div>
          {/* A transformed box is the containing block of the overlay's fixed position: it stays in the story, off the buttons. */}
          <div data-testid="overlay-box" style={{ position: 'relative', transform: 'translateZ(0)', width, height: OVERLAY_HEIGHT + 26, overflow: 'hidden', borderRadius: '0 0 4px 4px' }}>
            <FrameTimingOverlay position="top-left" width={width} />
          </div>
        </div>
      </FixedClockProvider>
      <Findings
        legend={[
          { mark: 'swatch', color: COLORS.dropped, text: 'a red triangle ▼ above the overlay: the frame after a stall the scene made (drawn by the story)' },
          { mark: 'bar', color: COLORS.frame, text: 'a frame, as tall as its interval; the lines are 1, 2 and 3 vblanks' },
          { mark: 'bar', color: COLORS.dropped, text: 'a frame that spanned more vblanks than it should: under each triangle' },
          { mark: 'bar', color: COLORS.flap, text: 'a flap: the picture moved by another amount than the display advanced' },
          { mark: 'bar', color: COLORS.steps, text: 'the fixed steps each frame ran' },
        ]}
        values={values}
        keyNumbers={[
          { key: 'stallsInView', label: 'stalls in the strip (red triangles)', format: count, color: '#9aa4b5' },
          { key: 'missedInView', label: "vblanks missed in the strip: the overlay's 'missed' (a stall misses one or more)", format: count, color: COLORS.dropped },
        ]}
        more={[
          { key: 'frames', label: 'frames', format: count },
          { key: 'stalls', label: 'stalls the scene made since it started', format: count },
        ]}
      />
    </FrameProvider>
  );
}

type Story = StoryObj<typeof meta>;

/** The overlay over a scene that stalls now and then: drawn at the device's pixels, inside its box, and the toggle key hides and shows it. */
export const StutteringScene: Story = {
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 5);
    const overlay = () => root.querySelector('[data-testid="frame-timing-overlay"]');
    await until(() => overlay()?.querySelector('canvas') != null, () => 'the overlay drew its canvas');
    const canvas = overlay()!.querySelector('canvas')!;
    const box = root.querySelector('[data-testid="overlay-box"]')!.getBoundingClientRect();
    await expect(canvas.width).toBe(Math.round(Math.min(OVERLAY_WIDTH, box.width) * (window.devicePixelRatio || 1)));
    // Inside its box: it covers nothing of the story above it.
    const drawn = overlay()!.getBoundingClientRect();
    await expect(drawn.top).toBeGreaterThanOrEqual(box.top - 0.5);
    await expect(drawn.left).toBeGreaterThanOrEqual(box.left - 0.5);
    // The marks are as wide as the overlay's strip, so its red bars line up under them.
    await expect(root.querySelector('[data-testid="stall-marks"]')!.getBoundingClientRect().width).toBeCloseTo(drawn.width, 0);
    // The stalls are seen: each one misses one vblank or more, what the overlay's 'missed' counts.
    await waitForValue(root, 'stallsInView', (n) => n >= 2);
    await waitForValue(root, 'missedInView', (n) => n >= readValue(root, 'stallsInView') && n > 0);
    await userEvent.keyboard('[Backquote]');
    await until(() => overlay() === null, () => 'the overlay hid');
    await userEvent.keyboard('[Backquote]');
    await until(() => overlay() !== null, () => 'the overlay came back');
  },
};

/** What the docs page says above the story. */
const ABOUT = `
\`<FrameTimingOverlay>\` from \`react-timestep/devtools\` draws your own app's frames as it runs: one
bar per frame against lines at one, two and three vblanks, red where a frame spanned more vblanks
than it should, amber where the picture moved by another amount than the display advanced, blue
marks for the fixed steps each frame ran, and the figures on top (rate, fps, p99, missed vblanks,
judder, flaps, alpha, steps, dropped game time). Over a scene that burns 40 ms of main-thread time
in one frame out of 45 (real load), each stall shows as a red bar, right under the red triangle the
story draws above the overlay at the frame after each stall (the frame whose interval held it). The
two big numbers count over the frames the overlay's strip holds: the stalls in it, and the vblanks
they missed, which is the overlay's own "missed" (one stall misses one vblank or more, so "missed"
is the larger). Its canvas is drawn at the
device's pixel size, the backquote key hides and shows it, and its button records the session for
\`replayTiming\` (story 27).

The overlay sits in a corner of the viewport (\`position\`); here it sits in a box of its own, whose
CSS transform makes it the overlay's containing block, so it never covers the story.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { FixedClockProvider } from 'react-timestep';
import { FrameTimingOverlay } from 'react-timestep/devtools';

<FixedClockProvider step={1 / 60}>
  <Game />
  {import.meta.env.DEV && <FrameTimingOverlay position="top-right" />}
</FixedClockProvider>;`;

const meta = {
  title: 'A game/26 · The frame timing overlay',
  component: OverlayDemo,
  args: { stallEvery: 45, stallMs: 40, interpolation: 'previous' },
  argTypes: {
    stallEvery: range('stall every (frames)', 'One frame in this many burns main-thread time; 0: none.', 0, 120, 5),
    stallMs: range('stall (ms)', 'How long a stalled frame works.', 0, 120, 5),
    interpolation: choice('interpolation', "Which game time the scene's picture shows: 'none' makes its steps show as flaps in the overlay.", ['none', 'previous', 'ahead', 'predicted'], 'select'),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof OverlayDemo>;
export default meta;
