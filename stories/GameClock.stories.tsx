import { useEffect, useMemo, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FixedClockProvider, useFixedRender, useFixedUpdate } from '../src/index.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { readValue, waitForValue } from './components/playHelpers.js';

const WIDTH = 480;
const SIZE = 16;

/** What the three jobs write and the readout shows (mutated by the frame loop, never React state). */
interface Values extends Record<string, number> {
  frames: number;
  lastStep: number;
  playerFirst: number;
  enemyFirst: number;
  cameraFirst: number;
  /** Steps in which a job ran out of priority order, or a mounted job missed the step. */
  outOfOrder: number;
  /** Frames in which two renders saw different alphas. */
  alphaMismatches: number;
  alpha: number;
}

/** Bookkeeping shared by the jobs: which step is running and who ran in it. */
interface Checker {
  values: Values;
  mounted: Set<number>;
  step: number;
  ran: number[];
  /** The mounted ranks when the current step began, in order. */
  expected: string;
  renderFrame: number;
  renderAlpha: number;
}

function check(checker: Checker, rank: number, index: number): void {
  if (index !== checker.step) {
    // A new step: the previous one must have run every mounted job exactly once, in rank order.
    if (checker.step >= 0 && checker.ran.length > 0 && checker.ran.join() !== checker.expected) checker.values.outOfOrder += 1;
    checker.expected = [...checker.mounted].sort((a, b) => a - b).join();
    checker.step = index;
    checker.ran.length = 0;
  }
  checker.ran.push(rank);
  checker.values.lastStep = index;
}

function checkAlpha(checker: Checker, frameIndex: number, alpha: number): void {
  if (frameIndex === checker.renderFrame && alpha !== checker.renderAlpha) checker.values.alphaMismatches += 1;
  if (frameIndex !== checker.renderFrame) checker.values.frames += 1;
  checker.renderFrame = frameIndex;
  checker.renderAlpha = alpha;
  checker.values.alpha = alpha;
}

/** One moving body: previous and latest x, blended at render. */
interface Body {
  x: number;
  prevX: number;
  v: number;
}

/** A lane with a square that `update` moves and `render` draws blended by the clock's alpha. */
function Lane({ name, rank, color, speed, follow, checker, firstKey, bodies }: {
  name: string;
  rank: number;
  color: string;
  speed: number;
  /** Follow this body instead of bouncing (the camera). */
  follow?: Body;
  checker: Checker;
  firstKey: 'playerFirst' | 'enemyFirst' | 'cameraFirst';
  bodies: Record<string, Body>;
}) {
  const square = useRef<HTMLDivElement>(null);
  const label = useRef<HTMLSpanElement>(null);
  const body = useMemo<Body>(() => (bodies[name] ??= { x: 0, prevX: 0, v: speed }), [bodies, name, speed]);
  useEffect(() => {
    checker.mounted.add(rank);
    return () => void checker.mounted.delete(rank);
  }, [checker, rank]);

  useFixedUpdate(
    (dt, step) => {
      check(checker, rank, step.index);
      if (!Number.isFinite(checker.values[firstKey])) {
        checker.values[firstKey] = step.index;
        if (label.current) label.current.textContent = `${name}: joined at step ${step.index}`;
      }
      body.prevX = body.x;
      if (follow) {
        // The camera runs after the player in every step (higher priority number), so it follows
        // the player's position of this very step: no one-step lag, no jitter.
        body.x += (follow.x - body.x) * Math.min(1, 8 * dt);
        return;
      }
      body.x += body.v * dt;
      if (body.x < 0 || body.x > WIDTH - SIZE) {
        body.v = -body.v;
        body.x = Math.max(0, Math.min(WIDTH - SIZE, body.x));
      }
    },
    { priority: rank },
  );
  useFixedRender((alpha, frame) => {
    checkAlpha(checker, frame.frameIndex, alpha);
    const x = body.prevX + (body.x - body.prevX) * alpha;
    // The track follows the page's width (a phone's too): place the square by its share of the world.
    if (square.current) square.current.style.left = `calc((100% - ${SIZE}px) * ${x / (WIDTH - SIZE)})`;
  });

  return (
    <div style={{ margin: '6px 0' }}>
      <span ref={label} style={{ font: '12px ui-monospace, monospace' }} data-testid={`${name}-label`}>
        {name}: waiting for a step
      </span>
      <div style={{ position: 'relative', width: '100%', maxWidth: WIDTH, height: SIZE, background: '#eef1f5', borderRadius: 3 }}>
        <div ref={square} style={{ position: 'absolute', width: SIZE, height: SIZE, background: color, borderRadius: 3 }} />
      </div>
    </div>
  );
}

interface GameClockProps {
  /** Steps per second of the shared clock (the step is its inverse). */
  updateRate: number;
  /** When the enemy mounts, ms after the player. */
  enemyAfterMs: number;
  /** When the camera mounts, ms after the player. */
  cameraAfterMs: number;
}

function GameClockDemo({ updateRate, enemyAfterMs, cameraAfterMs }: GameClockProps) {
  const [mounted, setMounted] = useState(1);
  const values = useMemo<Values>(
    () => ({ frames: 0, lastStep: Number.NaN, playerFirst: Number.NaN, enemyFirst: Number.NaN, cameraFirst: Number.NaN, outOfOrder: 0, alphaMismatches: 0, alpha: Number.NaN }),
    [],
  );
  const checker = useMemo<Checker>(() => ({ values, mounted: new Set(), step: -1, ran: [], expected: '', renderFrame: -1, renderAlpha: Number.NaN }), [values]);
  const bodies = useMemo<Record<string, Body>>(() => ({}), []);
  useEffect(() => {
    // Two state changes in the story's life, not per frame: the later components mount.
    const a = setTimeout(() => setMounted(2), enemyAfterMs);
    const b = setTimeout(() => setMounted(3), cameraAfterMs);
    return () => {
      clearTimeout(a);
      clearTimeout(b);
    };
  }, [enemyAfterMs, cameraAfterMs]);

  return (
    <div>
      <FixedClockProvider step={1 / updateRate}>
        <Lane name="player" rank={0} color="#2f6fd6" speed={180} checker={checker} firstKey="playerFirst" bodies={bodies} />
        {mounted >= 2 && <Lane name="enemy" rank={1} color="#d6452f" speed={-260} checker={checker} firstKey="enemyFirst" bodies={bodies} />}
        {mounted >= 3 && <Lane name="camera" rank={2} color="#2fa36b" speed={0} follow={bodies.player} checker={checker} firstKey="cameraFirst" bodies={bodies} />}
      </FixedClockProvider>
      <Readout
        keyNumbers
        values={values}
        fields={[
          { key: 'outOfOrder', label: 'steps out of order', format: (n) => n.toFixed(0) },
          { key: 'alphaMismatches', label: 'frames with two alphas', format: (n) => n.toFixed(0) },
        ]}
      />
      <MoreReadouts>
        <Readout
          values={values}
          fields={[
            { key: 'frames', label: 'frames drawn', format: (n) => n.toFixed(0) },
            { key: 'lastStep', label: 'last step index', format: (n) => n.toFixed(0) },
            { key: 'playerFirst', label: 'player joined at step', format: (n) => (Number.isFinite(n) ? n.toFixed(0) : '–') },
            { key: 'enemyFirst', label: 'enemy joined at step', format: (n) => (Number.isFinite(n) ? n.toFixed(0) : '–') },
            { key: 'cameraFirst', label: 'camera joined at step', format: (n) => (Number.isFinite(n) ? n.toFixed(0) : '–') },
            { key: 'alpha', label: 'alpha (shared)', format: (n) => n.toFixed(3) },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'A game/21 · One fixed clock, many components',
  component: GameClockDemo,
  args: { updateRate: 20, enemyAfterMs: 700, cameraAfterMs: 1500 },
  argTypes: {
    updateRate: { name: 'update rate (Hz)', description: 'Steps per second of the shared clock (the step is its inverse); a change applies to the running clock.', control: { type: 'select' }, options: [10, 20, 30, 60, 120] },
    enemyAfterMs: { name: 'enemy mounts after (ms)', description: 'When the enemy component mounts, after the player (counted from when the story starts).', control: { type: 'range', min: 0, max: 3000, step: 50 } },
    cameraAfterMs: { name: 'camera mounts after (ms)', description: 'When the camera component mounts, after the player.', control: { type: 'range', min: 0, max: 3000, step: 50 } },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { FixedClockProvider, useFixedRender, useFixedUpdate } from 'react-timestep';

function Enemy() {
  useFixedUpdate((dt) => enemy.step(dt), { priority: 1 }); // after the player (priority 0) in every step
  useFixedRender((alpha) => drawEnemy(alpha)); // the same alpha as every other component
  return null;
}

<FixedClockProvider step={1 / 20}>
  <Player />
  <Enemy />
  <Camera />
</FixedClockProvider>;`,
      },
      description: {
        component: `
Three components on one \`<FixedClockProvider>\`: a player, an enemy that mounts later, and a camera
that mounts later still and follows the player. Each adds its update with \`useFixedUpdate\` (priority
0, 1, 2) and draws with \`useFixedRender\`. The readout shows the step grid: a component that mounts
later joins the running grid at the step then due (its first step index is not 0), every step runs
player, enemy, camera in that order before the next step begins, and every render of a frame reads
the same alpha. The camera runs after the player in each step, so it follows the player's position
of that very step. Real \`requestAnimationFrame\`, nothing simulated.
`,
      },
    },
  },
} satisfies Meta<typeof GameClockDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Player at once, enemy after 0.3 s, camera after 0.7 s: one grid, interleaved, one alpha. */
export const ThreeComponents: Story = {
  args: { enemyAfterMs: 300, cameraAfterMs: 700 },
  play: async ({ canvasElement }) => {
    const cameraFirst = await waitForValue(canvasElement, 'cameraFirst', (n) => Number.isFinite(n), 6000);
    await waitForValue(canvasElement, 'lastStep', (n) => n >= cameraFirst + 5, 6000);
    await expect(readValue(canvasElement, 'playerFirst')).toBe(0);
    const enemyFirst = readValue(canvasElement, 'enemyFirst');
    await expect(enemyFirst).toBeGreaterThan(0);
    await expect(cameraFirst).toBeGreaterThan(enemyFirst);
    await expect(readValue(canvasElement, 'outOfOrder')).toBe(0);
    await expect(readValue(canvasElement, 'alphaMismatches')).toBe(0);
    const alpha = readValue(canvasElement, 'alpha');
    await expect(alpha).toBeGreaterThanOrEqual(0);
    await expect(alpha).toBeLessThanOrEqual(1);
  },
};
