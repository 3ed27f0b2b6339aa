import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GameCanvas, useFixedRender, useFixedUpdate } from '../src/index.js';
import { Readout } from './components/Readout.js';
import { readValue, waitForValue } from './components/playHelpers.js';

const WIDTH = 480;
const HEIGHT = 160;
const SIZE = 18;

/** What the renders write and the readout shows (mutated by the frame loop, never React state). */
interface Values extends Record<string, number> {
  frames: number;
  /** Renders in the last frame. */
  rendersPerFrame: number;
  /** Frames whose renders ran out of priority order. */
  outOfOrder: number;
  /** Frames in which two renders saw different alphas. */
  alphaMismatches: number;
  alpha: number;
}

/** Per frame: which priority drew last and with which alpha. */
interface Frame {
  index: number;
  lastPriority: number;
  alpha: number;
  count: number;
}

/** Record one render of priority `priority` in frame `frameIndex`. */
function note(values: Values, f: Frame, frameIndex: number, priority: number, alpha: number): void {
  if (frameIndex !== f.index) {
    if (f.index >= 0) values.rendersPerFrame = f.count;
    values.frames += 1;
    f.index = frameIndex;
    f.count = 0;
    f.lastPriority = -Infinity;
    f.alpha = alpha;
  }
  if (priority < f.lastPriority) values.outOfOrder += 1;
  if (alpha !== f.alpha) values.alphaMismatches += 1;
  f.lastPriority = priority;
  f.count += 1;
  values.alpha = alpha;
}

function Sky({ values, frame }: { values: Values; frame: Frame }) {
  useFixedRender(
    (alpha, info, { ctx, size }) => {
      note(values, frame, info.frameIndex, -1, alpha);
      ctx.fillStyle = '#132235';
      ctx.fillRect(0, 0, size.width, size.height);
    },
    { priority: -1 },
  );
  return null;
}

/** A square that bounces across the canvas: moved in fixed steps, drawn blended by alpha. */
function Ball({ y, speed, color, priority, values, frame }: { y: number; speed: number; color: string; priority: number; values: Values; frame: Frame }) {
  const body = useRef({ prevX: 0, x: 0, v: speed }).current;
  useFixedUpdate((dt) => {
    body.prevX = body.x;
    body.x += body.v * dt;
    if (body.x < 0 || body.x > WIDTH - SIZE) {
      body.v = -body.v;
      body.x = Math.max(0, Math.min(WIDTH - SIZE, body.x));
    }
  });
  useFixedRender(
    (alpha, info, { ctx, size }) => {
      note(values, frame, info.frameIndex, priority, alpha);
      // Drawn in world units scaled to the canvas's CSS width (the canvas follows the page's width).
      ctx.scale(size.width / WIDTH, size.height / HEIGHT);
      ctx.fillStyle = color;
      ctx.fillRect(body.prevX + (body.x - body.prevX) * alpha, y, SIZE, SIZE);
    },
    { priority },
  );
  return null;
}

interface SharedCanvasProps {
  /** Steps per second of the canvas's clock. */
  updateRate: number;
}

function SharedCanvasDemo({ updateRate }: SharedCanvasProps) {
  const values = useMemo<Values>(() => ({ frames: 0, rendersPerFrame: Number.NaN, outOfOrder: 0, alphaMismatches: 0, alpha: Number.NaN }), []);
  const frame = useMemo<Frame>(() => ({ index: -1, lastPriority: -Infinity, alpha: Number.NaN, count: 0 }), []);
  return (
    <div>
      <div style={{ width: '100%', maxWidth: WIDTH, aspectRatio: `${WIDTH} / ${HEIGHT}` }}>
        <GameCanvas step={1 / updateRate} aria-label="A sky and two squares drawn by three components on one canvas" data-testid="shared-canvas">
          <Sky values={values} frame={frame} />
          <Ball y={40} speed={180} color="#2f9bd6" priority={0} values={values} frame={frame} />
          <Ball y={100} speed={-260} color="#e0603a" priority={1} values={values} frame={frame} />
        </GameCanvas>
      </div>
      <Readout
        values={values}
        fields={[
          { key: 'frames', label: 'frames drawn', format: (n) => n.toFixed(0) },
          { key: 'rendersPerFrame', label: 'renders per frame', format: (n) => n.toFixed(0) },
          { key: 'outOfOrder', label: 'frames drawn out of order', format: (n) => n.toFixed(0) },
          { key: 'alphaMismatches', label: 'frames with two alphas', format: (n) => n.toFixed(0) },
          { key: 'alpha', label: 'alpha (shared)', format: (n) => n.toFixed(3) },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'A game/25 · One canvas, three components',
  component: SharedCanvasDemo,
  args: { updateRate: 20 },
  argTypes: {
    updateRate: { name: 'update rate (Hz)', description: 'Steps per second of the canvas’s clock; a change applies to the running clock.', control: { type: 'select' }, options: [10, 20, 30, 60, 120] },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { GameCanvas, useFixedRender, useFixedUpdate } from 'react-timestep';

function Ball({ y, priority }) {
  useFixedUpdate((dt) => ball.step(dt));
  useFixedRender((alpha, _frame, { ctx }) => ball.draw(ctx, alpha), { priority });
  return null;
}

<GameCanvas step={1 / 20}>
  <Sky />                    {/* priority -1: drawn first */}
  <Ball y={40} priority={0} />
  <Ball y={100} priority={1} />
</GameCanvas>;`,
      },
      description: {
        component: `
Three components draw on one \`<GameCanvas>\`: a sky and two squares. The canvas is a
\`<FixedClockProvider>\` with a canvas, so its children join its clock with \`useFixedUpdate\` and draw
on it with \`useFixedRender\`, whose third argument is \`{ ctx, size }\`. Once a frame the canvas is
cleared, then the renders run in priority order (sky, blue, orange), each between \`save()\` and
\`restore()\`, all with the frame's one alpha. The readout counts frames drawn out of order and
frames whose renders saw two alphas: both stay at 0. Real \`requestAnimationFrame\`.
`,
      },
    },
  },
} satisfies Meta<typeof SharedCanvasDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three renders a frame, in priority order, with one alpha. */
export const ThreeComponents: Story = {
  play: async ({ canvasElement }) => {
    await waitForValue(canvasElement, 'frames', (n) => n >= 10, 6000);
    await expect(readValue(canvasElement, 'rendersPerFrame')).toBe(3);
    await expect(readValue(canvasElement, 'outOfOrder')).toBe(0);
    await expect(readValue(canvasElement, 'alphaMismatches')).toBe(0);
    const alpha = readValue(canvasElement, 'alpha');
    await expect(alpha).toBeGreaterThanOrEqual(0);
    await expect(alpha).toBeLessThanOrEqual(1);
  },
};
