import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GameCanvas } from '../src/index.js';
import type { FixedStepOverload, Interpolation } from '../src/index.js';
import { createSeededRandom } from '../src/core/index.js';
import { busyWait } from './components/busyWait.js';
import { Readout } from './components/Readout.js';
import { expectFramesAdvance, readValue } from './components/playHelpers.js';

/** Controls of the bouncing-balls game. */
interface BallsProps {
  /** Update rate, Hz (the step is its inverse). */
  updateRate: number;
  interpolation: Interpolation;
  overload: FixedStepOverload;
  /** Share of speed kept at each bounce, 0..1. */
  elasticity: number;
  balls: number;
  /** Busy work per drawn frame, ms. */
  loadMs: number;
}

const WIDTH = 640;
const HEIGHT = 300;
const GRAVITY = 900; // px/s²
const RADIUS = 10;

/** Flat arrays of ball state: the previous and latest step, so render can blend them. */
function createWorld(count: number, seed: number) {
  const random = createSeededRandom(seed);
  const world = {
    count,
    x: new Float64Array(count),
    y: new Float64Array(count),
    vx: new Float64Array(count),
    vy: new Float64Array(count),
    px: new Float64Array(count),
    py: new Float64Array(count),
    hue: new Float64Array(count),
  };
  for (let i = 0; i < count; i += 1) {
    world.x[i] = world.px[i] = RADIUS + random.next() * (WIDTH - 2 * RADIUS);
    world.y[i] = world.py[i] = RADIUS + random.next() * HEIGHT * 0.5;
    world.vx[i] = (random.next() * 2 - 1) * 220;
    world.vy[i] = (random.next() * 2 - 1) * 100;
    world.hue[i] = Math.floor(random.next() * 360);
  }
  return world;
}

function BallsGame({ updateRate, interpolation, overload, elasticity, balls, loadMs }: BallsProps) {
  const world = useMemo(() => createWorld(balls, 42), [balls]);
  const values = useMemo(() => ({ frames: 0, updates: 0, minAlpha: Number.NaN, maxAlpha: Number.NaN }), []);

  return (
    <div>
      <GameCanvas
        width={WIDTH}
        height={HEIGHT}
        step={1 / updateRate}
        interpolation={interpolation}
        overload={overload}
        aria-label="Bouncing balls"
        data-testid="game"
        style={{ borderRadius: 4 }}
        update={(dt) => {
          const w = world;
          values.updates += 1;
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
        }}
        render={(ctx, alpha) => {
          busyWait(loadMs);
          values.frames += 1;
          values.minAlpha = Number.isFinite(values.minAlpha) ? Math.min(values.minAlpha, alpha) : alpha;
          values.maxAlpha = Number.isFinite(values.maxAlpha) ? Math.max(values.maxAlpha, alpha) : alpha;
          const w = world;
          ctx.fillStyle = '#10141c';
          ctx.fillRect(0, 0, WIDTH, HEIGHT);
          for (let i = 0; i < w.count; i += 1) {
            const px = w.px[i] ?? 0;
            const py = w.py[i] ?? 0;
            ctx.fillStyle = `hsl(${w.hue[i] ?? 0} 70% 60%)`;
            ctx.beginPath();
            ctx.arc(px + ((w.x[i] ?? 0) - px) * alpha, py + ((w.y[i] ?? 0) - py) * alpha, RADIUS, 0, Math.PI * 2);
            ctx.fill();
          }
        }}
      >
        Balls bouncing under gravity.
      </GameCanvas>
      <Readout
        values={values}
        fields={[
          { key: 'frames', label: 'frames drawn', format: (n) => n.toFixed(0) },
          { key: 'updates', label: 'updates run', format: (n) => n.toFixed(0) },
          { key: 'minAlpha', label: 'alpha, lowest seen', format: (n) => n.toFixed(3) },
          { key: 'maxAlpha', label: 'alpha, highest seen', format: (n) => n.toFixed(3) },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Components/8 · GameCanvas: bouncing balls',
  component: BallsGame,
  render: (args) => <BallsGame key={JSON.stringify(args)} {...args} />,
  args: { updateRate: 30, interpolation: 'previous', overload: 'slow-motion', elasticity: 0.85, balls: 24, loadMs: 0 },
  argTypes: {
    updateRate: { control: { type: 'select' }, options: [10, 20, 30, 60, 120] },
    interpolation: { control: { type: 'inline-radio' }, options: ['none', 'previous', 'ahead', 'predicted'] },
    overload: { control: { type: 'inline-radio' }, options: ['slow-motion', 'catch-up'] },
    elasticity: { control: { type: 'range', min: 0.3, max: 1, step: 0.01 } },
    balls: { control: { type: 'range', min: 1, max: 200, step: 1 } },
    loadMs: { control: { type: 'range', min: 0, max: 40, step: 1 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
A whole game in one component. \`<GameCanvas>\` runs a fixed step on the shared frame loop: \`update(dt)\`
advances the world by exactly \`step\` seconds as often as the clock demands, and \`render(ctx, alpha)\`
draws once per frame, blending each ball between its previous and latest position by \`alpha\`.
The physics therefore behaves the same at any frame rate, and the picture stays smooth even when
updates run far slower than the display (try 10 Hz with \`'none'\` and then with \`'previous'\`).

The balls fall under gravity and keep \`elasticity\` of their speed at each bounce. \`loadMs\` adds
busy work to every drawn frame; with enough of it the loop hits \`maxSteps\` and \`overload\` decides
whether game time slows down or catches up later. Real \`requestAnimationFrame\`, nothing simulated.
`,
      },
    },
  },
} satisfies Meta<typeof BallsGame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Thirty updates a second, drawn at the display rate with interpolation. */
export const Balls: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 20);
    await expect(readValue(canvasElement, 'updates')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'minAlpha')).toBeGreaterThanOrEqual(0);
    await expect(readValue(canvasElement, 'maxAlpha')).toBeLessThanOrEqual(1);
    const canvas = canvasElement.querySelector('canvas');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) throw new Error('no 2d canvas');
    // Some pixel differs from the background: balls were drawn.
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 60) coloured += 1;
    await expect(coloured).toBeGreaterThan(100);
  },
};

/** Ten updates a second without interpolation: see the stutter. */
export const TenHzNoInterpolation: Story = {
  args: { updateRate: 10, interpolation: 'none' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 20);
    // Without interpolation the picture is always the latest state.
    await expect(readValue(canvasElement, 'minAlpha')).toBe(1);
  },
};
