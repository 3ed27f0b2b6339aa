import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GameCanvas } from '../src/index.js';
import type { GameCanvasProps } from '../src/index.js';
import { createSeededRandom } from '../src/core/index.js';
import { choice, docs, range, toggle, updateRateArg } from './kit/controls.js';
import { count, formatter, percent } from './kit/format.js';
import { busyWait, useLiveArgs } from './kit/loop.js';
import { expectFramesAdvance, readValue, until } from './kit/play.js';
import { Findings, SideBySide } from './kit/Panel.js';
import { fieldsOf } from './kit/Readout.js';

/** Which game time a picture shows, and what happens past maxSteps (the props of `<GameCanvas>`). */
type Interpolation = NonNullable<GameCanvasProps['interpolation']>;
type FixedStepOverload = NonNullable<GameCanvasProps['overload']>;

/** Controls of the bouncing-balls game. */
interface BallsProps { updateRate: number; interpolation: Exclude<Interpolation, 'none'>; overload: FixedStepOverload; elasticity: number; balls: number; loadMs: number; ghosts: boolean }

/** The world's size in world units (drawn scaled to whatever width the canvas gets). */
const WIDTH = 640;
const HEIGHT = 320;
const GRAVITY = 900; // units/s²
const RADIUS = 10;
const MAX_BALLS = 200;

/** Flat arrays of ball state: the previous and latest step, so render can blend them. */
function createWorld(count: number, seed: number) {
  const random = createSeededRandom(seed);
  const world = {
    count,
    x: new Float64Array(MAX_BALLS),
    y: new Float64Array(MAX_BALLS),
    vx: new Float64Array(MAX_BALLS),
    vy: new Float64Array(MAX_BALLS),
    px: new Float64Array(MAX_BALLS),
    py: new Float64Array(MAX_BALLS),
    hue: new Float64Array(MAX_BALLS),
  };
  for (let i = 0; i < MAX_BALLS; i += 1) {
    world.x[i] = world.px[i] = RADIUS + random.next() * (WIDTH - 2 * RADIUS);
    world.y[i] = world.py[i] = RADIUS + random.next() * HEIGHT * 0.5;
    world.vx[i] = (random.next() * 2 - 1) * 220;
    world.vy[i] = (random.next() * 2 - 1) * 100;
    world.hue[i] = Math.floor(random.next() * 360);
  }
  return world;
}

type World = ReturnType<typeof createWorld>;

function stepWorld(w: World, dt: number, elasticity: number): void {
  for (let i = 0; i < w.count; i += 1) {
    w.px[i] = w.x[i] ?? 0;
    w.py[i] = w.y[i] ?? 0;
    let vx = w.vx[i] ?? 0;
    let vy = (w.vy[i] ?? 0) + GRAVITY * dt;
    let x = (w.x[i] ?? 0) + vx * dt;
    let y = (w.y[i] ?? 0) + vy * dt;
    if (y > HEIGHT - RADIUS) {
      y = HEIGHT - RADIUS - (y - (HEIGHT - RADIUS)) * elasticity;
      vy = -vy * elasticity;
      // A ball that has come to rest gets kicked again so the demo keeps moving.
      if (Math.abs(vy) < 60) vy = -620;
    }
    if (x < RADIUS || x > WIDTH - RADIUS) {
      vx = -vx;
      x = x < RADIUS ? 2 * RADIUS - x : 2 * (WIDTH - RADIUS) - x;
    }
    w.x[i] = x;
    w.y[i] = y;
    w.vx[i] = vx;
    w.vy[i] = vy;
  }
}

/** Where ball 0 was last drawn in each panel, and how many drawn pictures moved it. */
interface Motion {
  x: number;
  y: number;
  frames: number;
  moved: number;
}

/** Draw the world blended by `alpha`; counts in `motion` whether ball 0's picture moved. */
function drawWorld(ctx: CanvasRenderingContext2D, w: World, alpha: number, cssWidth: number, ghosts: boolean, motion: Motion): void {
  // GameCanvas set the devicePixelRatio transform; scale world units to this canvas's CSS width.
  const k = cssWidth / WIDTH;
  ctx.scale(k, k);
  ctx.fillStyle = '#10141c';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.lineWidth = 1.5 / k;
  for (let i = 0; i < w.count; i += 1) {
    const px = w.px[i] ?? 0;
    const py = w.py[i] ?? 0;
    const x = w.x[i] ?? 0;
    const y = w.y[i] ?? 0;
    if (ghosts) {
      // The two states the picture blends: previous (faint) and latest (outlined).
      ctx.strokeStyle = `hsl(${w.hue[i] ?? 0} 70% 60% / 0.35)`;
      ctx.beginPath();
      ctx.arc(px, py, RADIUS, 0, Math.PI * 2);
      ctx.stroke();
      ctx.strokeStyle = `hsl(${w.hue[i] ?? 0} 70% 75% / 0.8)`;
      ctx.beginPath();
      ctx.arc(x, y, RADIUS, 0, Math.PI * 2);
      ctx.stroke();
    }
    const bx = px + (x - px) * alpha;
    const by = py + (y - py) * alpha;
    ctx.fillStyle = `hsl(${w.hue[i] ?? 0} 70% 60%)`;
    ctx.beginPath();
    ctx.arc(bx, by, RADIUS * 0.8, 0, Math.PI * 2);
    ctx.fill();
    if (i === 0) {
      motion.frames += 1;
      if (bx !== motion.x || by !== motion.y) motion.moved += 1;
      motion.x = bx;
      motion.y = by;
    }
  }
}


function BallsGame(props: BallsProps) {
  const { updateRate, interpolation, overload, balls } = props;
  const args = useLiveArgs(props);
  // Two identical worlds (same seed), one per panel: only the picture differs.
  const [worlds] = useState(() => ({ off: createWorld(balls, 42), on: createWorld(balls, 42) }));
  worlds.off.count = worlds.on.count = Math.min(MAX_BALLS, balls);
  const values = useMemo(
    () => ({ frames: 0, updates: 0, minAlpha: Number.NaN, maxAlpha: Number.NaN, offMinAlpha: Number.NaN, offMoved: 0, onMoved: 0, offShare: Number.NaN, onShare: Number.NaN }),
    [],
  );
  const motion = useMemo(() => ({ off: { x: Number.NaN, y: Number.NaN, frames: 0, moved: 0 }, on: { x: Number.NaN, y: Number.NaN, frames: 0, moved: 0 } }), []);
  const share = (m: Motion) => (m.frames > 0 ? m.moved / m.frames : Number.NaN);
  const common = {
    step: 1 / updateRate,
    overload,
    style: { borderRadius: 4, display: 'block' },
  } as const;

  return (
    <div>
      <SideBySide
        panels={[
          {
            caption: `wrong: interpolation 'none', the latest state (jumps ${updateRate} times a second)`,
            aspect: `${WIDTH} / ${HEIGHT}`,
            children: (
              <GameCanvas
                {...common}
                interpolation="none"
                aria-label="Bouncing balls without interpolation"
                data-testid="game-off"
                update={(dt) => stepWorld(worlds.off, dt, args.current.elasticity)}
                render={(alpha, _frame, { ctx, size }) => {
                  values.offMinAlpha = Number.isFinite(values.offMinAlpha) ? Math.min(values.offMinAlpha, alpha) : alpha;
                  drawWorld(ctx, worlds.off, alpha, size.width, args.current.ghosts, motion.off);
                  values.offMoved = motion.off.moved;
                  values.offShare = share(motion.off);
                }}
              >
                Balls bouncing under gravity, drawn at their latest state.
              </GameCanvas>
            ),
          },
          {
            caption: `right: interpolation '${interpolation}', blended by alpha (moves every frame)`,
            aspect: `${WIDTH} / ${HEIGHT}`,
            children: (
              <GameCanvas
                {...common}
                interpolation={interpolation}
                aria-label="Bouncing balls with interpolation"
                data-testid="game"
                update={(dt) => {
                  values.updates += 1;
                  stepWorld(worlds.on, dt, args.current.elasticity);
                }}
                render={(alpha, _frame, { ctx, size }) => {
                  busyWait(args.current.loadMs);
                  values.frames += 1;
                  values.minAlpha = Number.isFinite(values.minAlpha) ? Math.min(values.minAlpha, alpha) : alpha;
                  values.maxAlpha = Number.isFinite(values.maxAlpha) ? Math.max(values.maxAlpha, alpha) : alpha;
                  drawWorld(ctx, worlds.on, alpha, size.width, args.current.ghosts, motion.on);
                  values.onMoved = motion.on.moved;
                  values.onShare = share(motion.on);
                }}
              >
                Balls bouncing under gravity, blended between their previous and latest states.
              </GameCanvas>
            ),
          },
        ]}
      />
      <Findings
        legend={[
          { mark: 'dot', color: '#e0a040', text: 'a ball as the picture shows it' },
          { mark: 'ring', text: 'faint ring: its previous state; bright ring: its latest state. The picture lies between them, at alpha' },
        ]}
        values={values}
        keyNumbers={[
          { key: 'offShare', label: "wrong ('none'): pictures in which a ball moved", format: percent, color: '#f06a6a' },
          { key: 'onShare', label: 'right (blended): pictures in which a ball moved', format: percent, color: '#58d68d' },
        ]}
        more={[
          ...fieldsOf(count, {
            frames: 'frames drawn (right panel)', updates: 'updates run (right panel)', offMoved: 'left: pictures that moved ball 0',
            onMoved: 'right: pictures that moved ball 0',
          }),
          ...fieldsOf(formatter(3), {
            offMinAlpha: 'alpha, lowest seen (left panel)', minAlpha: 'alpha, lowest seen (right panel)',
            maxAlpha: 'alpha, highest seen (right panel)',
          }),
        ]}
      />
    </div>
  );
}

type Story = StoryObj<typeof meta>;

/**
 * What both stories assert: the left picture is always the latest state (alpha 1) and moves only
 * on frames with an update; the right one blends (alpha below 1) and moves on more pictures. The
 * right is ahead only by the frames that ran no update: a busy machine whose page runs near the
 * update rate (5 or 10 a second here) can go 30 frames with an update in each, so the count is
 * waited for; with the blend broken the two counts never part.
 */
async function leftJumpsRightGlides(root: HTMLElement): Promise<void> {
  await expectFramesAdvance(root, 'frames', 30);
  await expect(readValue(root, 'updates')).toBeGreaterThan(0);
  await expect(readValue(root, 'offMinAlpha')).toBe(1);
  await expect(readValue(root, 'minAlpha')).toBeGreaterThanOrEqual(0);
  await expect(readValue(root, 'minAlpha')).toBeLessThan(1);
  await expect(readValue(root, 'maxAlpha')).toBeLessThanOrEqual(1);
  await until(
    () => readValue(root, 'onMoved') > readValue(root, 'offMoved'),
    () => `right: ${readValue(root, 'onMoved')} pictures moved, left: ${readValue(root, 'offMoved')}`,
  );
}

/** Ten updates a second: the latest state (left) jumps, the blended picture (right) glides. */
export const Balls: Story = {
  play: async ({ canvasElement }) => {
    await leftJumpsRightGlides(canvasElement);
    const canvas = canvasElement.querySelector<HTMLCanvasElement>('[data-testid="game"]');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) throw new Error('no 2d canvas');
    // Some pixel differs from the background: balls were drawn.
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 60) coloured += 1;
    await expect(coloured).toBeGreaterThan(100);
  },
};

/** Five updates a second, 'ahead' on the right: the left panel jumps five times a second. */
export const FiveHzAhead: Story = {
  args: { updateRate: 5, interpolation: 'ahead' },
  play: async ({ canvasElement }) => leftJumpsRightGlides(canvasElement),
};

/** What the docs page says above the story. */
const ABOUT = `
A whole game in one component. \`<GameCanvas>\` runs a fixed step on the shared frame loop: \`update(dt)\`
advances the world by exactly \`step\` seconds as often as the clock demands, and \`render(alpha, frame, { ctx })\`
draws once per frame, blending each ball between its previous and latest position by \`alpha\`.
The physics therefore behaves the same at any frame rate, and the picture stays smooth even when
updates run far slower than the display. Both panels run the same world at 10 updates a second:
the left one draws the latest state (\`'none'\`) and jumps ten times a second, the right one blends
by \`alpha\` and glides: the key numbers count the pictures in which a ball moved. The outlines are the two states each picture blends between: on the
left the ball sits on the latest outline; on the right it moves from the faint (previous) outline
to the bright (latest) one.

The balls fall under gravity and keep \`elasticity\` of their speed at each bounce. \`loadMs\` (opt-in)
adds real busy work to every drawn frame; with enough of it the loop hits \`maxSteps\` and \`overload\` decides
whether game time slows down or catches up later. Real \`requestAnimationFrame\`, nothing simulated.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { GameCanvas } from 'react-timestep';

<GameCanvas
  step={1 / 10}
  interpolation="previous"
  update={(dt) => world.step(dt)} // exactly step seconds, as often as the clock demands
  render={(alpha, _frame, { ctx }) => {
    // blend each ball between its previous and latest state
    for (const b of world.balls) drawBall(ctx, b.px + (b.x - b.px) * alpha, b.py + (b.y - b.py) * alpha);
  }}
/>;`;

const meta = {
  title: 'A game/24 · One canvas: GameCanvas, bouncing balls',
  component: BallsGame,
  args: { updateRate: 10, interpolation: 'previous', overload: 'slow-motion', elasticity: 0.85, balls: 12, loadMs: 0, ghosts: true },
  argTypes: {
    updateRate: updateRateArg([5, 10, 20, 30, 60, 120], 'Fixed updates per second (the step is its inverse); changes apply to the running game.'),
    interpolation: choice('interpolation (right panel)', "Which game time the right-hand picture shows (an interpolating mode); the left one always draws the latest state ('none').", ['previous', 'ahead', 'predicted']),
    overload: choice('overload policy', "When more than maxSteps updates are due: drop the excess ('slow-motion') or run it off later ('catch-up').", ['slow-motion', 'catch-up']),
    elasticity: range('elasticity (0–1)', 'Share of speed a ball keeps at each bounce.', 0.3, 1, 0.01),
    balls: range('balls', 'How many balls (up to 200).', 1, MAX_BALLS, 1),
    loadMs: range('real busy-wait per frame (ms)', 'Opt-in: burns this much main-thread time in every drawn frame (blocks the page), enough of it hits maxSteps.', 0, 40, 1),
    ghosts: toggle('ghosts of the two states', 'Outline the previous state (faint) and the latest state around each ball: the picture lies between them.'),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof BallsGame>;
export default meta;
