import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GameCanvas, useFixedRender, useFixedUpdate } from '../src/index.js';
import { docs, updateRateArg } from './kit/controls.js';
import { count, formatter } from './kit/format.js';
import { readValue, waitForValue } from './kit/play.js';
import { Findings, SideBySide } from './kit/Panel.js';

const WIDTH = 480;
const HEIGHT = 160;
const SIZE = 22;
const SQUARES = [
  { name: 'A', y: 40, speed: 180, color: '#2f9bd6' },
  { name: 'B', y: 100, speed: -260, color: '#e0603a' },
] as const;

/** What one canvas's renders write (mutated by the frame loop, never React state). */
interface Canvas {
  /** Renders in the last frame, and the priority and alpha of the last render this frame. */
  frame: { index: number; count: number; lastPriority: number; alpha: number };
  values: Record<string, number>;
  prefix: string;
}

/** Record one render: out of priority order (the sky after a square), a second alpha, renders per frame. */
function note(c: Canvas, frameIndex: number, priority: number, alpha: number): void {
  const f = c.frame;
  const v = c.values;
  if (frameIndex !== f.index) {
    if (f.index >= 0) v[`${c.prefix}Renders`] = f.count;
    v[`${c.prefix}Frames`] = v[`${c.prefix}Frames`]! + 1;
    Object.assign(f, { index: frameIndex, count: 0, lastPriority: -Infinity, alpha });
  }
  if (priority < f.lastPriority) v[`${c.prefix}OutOfOrder`] = v[`${c.prefix}OutOfOrder`]! + 1;
  if (alpha !== f.alpha) v[`${c.prefix}TwoAlphas`] = v[`${c.prefix}TwoAlphas`]! + 1;
  f.lastPriority = priority;
  f.count += 1;
  v[`${c.prefix}Alpha`] = alpha;
}

/** Draw a label in world units, top left of `x, y`. */
function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number): void {
  ctx.fillStyle = '#ffffffcc';
  ctx.font = '600 13px system-ui, sans-serif';
  ctx.fillText(text, x, y);
}

/** The sky: fills the canvas, and says which component it is. */
function Sky({ canvas, priority }: { canvas: Canvas; priority?: number }) {
  useFixedRender(
    (alpha, info, { ctx, size }) => {
      note(canvas, info.frameIndex, -1, alpha);
      ctx.fillStyle = '#132235';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.scale(size.width / WIDTH, size.height / HEIGHT);
      label(ctx, `<Sky> priority ${priority ?? 0}`, 8, 16);
    },
    priority === undefined ? undefined : { priority },
  );
  return null;
}

/** A square that bounces across the canvas: moved in fixed steps, drawn blended by alpha, labelled. */
function Square({ index, canvas, priority }: { index: number; canvas: Canvas; priority?: number }) {
  const spec = SQUARES[index]!;
  const [body] = useState(() => ({ prevX: 0, x: 0, v: spec.speed as number }));
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
      note(canvas, info.frameIndex, index, alpha);
      // World units scaled to the canvas's CSS width (the canvas follows the page's width).
      ctx.scale(size.width / WIDTH, size.height / HEIGHT);
      const x = body.prevX + (body.x - body.prevX) * alpha;
      ctx.fillStyle = spec.color;
      ctx.fillRect(x, spec.y, SIZE, SIZE);
      label(ctx, `<Square ${spec.name}> priority ${priority ?? 0}`, Math.min(x, WIDTH - 190), spec.y - 6);
    },
    priority === undefined ? undefined : { priority },
  );
  return null;
}

const PREFIXES = ['mount', 'priority'] as const;

function SharedCanvasDemo({ updateRate }: { updateRate: number }) {
  const [values] = useState(() => Object.fromEntries(PREFIXES.flatMap((p) => [[`${p}Frames`, 0], [`${p}Renders`, Number.NaN], [`${p}OutOfOrder`, 0], [`${p}TwoAlphas`, 0], [`${p}Alpha`, Number.NaN]])));
  const [canvases] = useState(() => PREFIXES.map<Canvas>((prefix) => ({ prefix, values, frame: { index: -1, count: 0, lastPriority: -Infinity, alpha: Number.NaN } })));
  return (
    <div>
      <SideBySide
        panels={[
          {
            caption: 'wrong: no priorities, renders in mount order (the sky mounts last)',
            aspect: `${WIDTH} / ${HEIGHT}`,
            children: (
              <GameCanvas step={1 / updateRate} aria-label="Two squares and a sky, drawn in mount order: the sky covers the squares" data-testid="canvas-mount">
                <Square index={0} canvas={canvases[0]!} />
                <Square index={1} canvas={canvases[0]!} />
                <Sky canvas={canvases[0]!} />
              </GameCanvas>
            ),
          },
          {
            caption: 'right: priority −1, 0, 1: the sky first, then the squares',
            aspect: `${WIDTH} / ${HEIGHT}`,
            children: (
              <GameCanvas step={1 / updateRate} aria-label="A sky and two squares drawn by three components in priority order" data-testid="shared-canvas">
                <Square index={0} canvas={canvases[1]!} priority={0} />
                <Square index={1} canvas={canvases[1]!} priority={1} />
                <Sky canvas={canvases[1]!} priority={-1} />
              </GameCanvas>
            ),
          },
        ]}
      />
      <Findings
        legend={[
          { mark: 'swatch', color: '#132235', text: '<Sky>: one component, a useFixedRender that fills the canvas' },
          { mark: 'swatch', color: SQUARES[0].color, text: '<Square A>: a useFixedUpdate that moves it, a useFixedRender that draws it' },
          { mark: 'swatch', color: SQUARES[1].color, text: '<Square B>: the same, another speed' },
        ]}
        values={values}
        keyNumbers={[
          { key: 'mountOutOfOrder', label: 'mount order: frames with the sky drawn after a square', format: count, color: '#f06a6a' },
          { key: 'priorityOutOfOrder', label: 'priorities: frames drawn out of order', format: count, color: '#58d68d' },
        ]}
        more={PREFIXES.flatMap((p) => {
          const name = p === 'mount' ? 'mount order' : 'priorities';
          return [
            { key: `${p}Frames`, label: `${name}: frames drawn`, format: count },
            { key: `${p}Renders`, label: `${name}: renders per frame`, format: count },
            { key: `${p}TwoAlphas`, label: `${name}: frames with two alphas`, format: count },
            { key: `${p}Alpha`, label: `${name}: alpha (shared)`, format: formatter(3) },
          ];
        })}
      />
    </div>
  );
}

type Story = StoryObj<typeof meta>;

/** Three renders a frame with one alpha; in mount order the sky covers the squares, by priority it does not. */
export const ThreeComponents: Story = {
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'priorityFrames', (n) => n >= 10);
    await expect(readValue(root, 'priorityRenders')).toBe(3);
    await expect(readValue(root, 'priorityOutOfOrder')).toBe(0);
    await expect(readValue(root, 'priorityTwoAlphas')).toBe(0);
    await expect(readValue(root, 'mountOutOfOrder')).toBeGreaterThan(0);
    await expect(readValue(root, 'mountTwoAlphas')).toBe(0);
    const alpha = readValue(root, 'priorityAlpha');
    await expect(alpha).toBeGreaterThanOrEqual(0);
    await expect(alpha).toBeLessThanOrEqual(1);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Three components draw on one \`<GameCanvas>\`: a sky and two squares, each labelled by itself. The
canvas is a \`<FixedClockProvider>\` with a canvas, so its children join its clock with
\`useFixedUpdate\` and draw on it with \`useFixedRender\`, whose third argument is \`{ ctx, size }\`.
Once a frame the canvas is cleared, then the renders run in priority order, each between \`save()\`
and \`restore()\`, all with the frame's one alpha.

Side by side, the same three components mounted in the same order (the sky last). On the left
nobody gives a priority, so the renders run in mount order and the sky paints over the squares every
frame. On the right the sky says \`priority: -1\` and the squares 0 and 1: the sky is drawn first and
both squares show. The numbers count the frames drawn out of order; frames whose renders saw two
alphas stay at 0 on both. Real \`requestAnimationFrame\`.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { GameCanvas, useFixedRender, useFixedUpdate } from 'react-timestep';

function Square({ y, priority }) {
  useFixedUpdate((dt) => square.step(dt));
  useFixedRender((alpha, _frame, { ctx }) => square.draw(ctx, alpha), { priority });
  return null;
}

<GameCanvas step={1 / 20}>
  <Square y={40} priority={0} />
  <Square y={100} priority={1} />
  <Sky />                    {/* priority -1: drawn first */}
</GameCanvas>;`;

const meta = {
  title: 'A game/25 · One canvas, three components',
  component: SharedCanvasDemo,
  args: { updateRate: 20 },
  argTypes: { updateRate: updateRateArg([10, 20, 30, 60, 120], 'Steps per second of the canvases’ clocks; a change applies to the running clocks.') },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof SharedCanvasDemo>;
export default meta;
