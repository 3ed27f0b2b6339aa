import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FixedClockProvider, useFixedRender, useFixedTimestep, useFixedUpdate, useFrame } from '../src/index.js';
import { docs, range, updateRateArg } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { count, formatter } from './kit/format.js';
import type { LanesHandle } from './kit/Lanes.js';
import { laneLegend } from './kit/Legend.js';
import { readValue, waitForValue } from './kit/play.js';
import { LanesPanel } from './kit/Panel.js';
import { fieldsOf } from './kit/Readout.js';

/** Controls of the many-components demo. */
interface GameClockProps { updateRate: number; enemyAfterMs: number; cameraAfterMs: number }

/** World units of the track; the player bounces across it. */
const WIDTH = 480;
const LANES = lanesOf('a clock per component (useFixedTimestep each)', 'one <FixedClockProvider> for all');
const WAYS = ['own', 'one'] as const;
/** Frames over which the camera's worst distance from its player is kept. */
const WINDOW = 60;

/** One moving body: previous and latest x, blended at render; `drawn` is its last picture (NaN before its first step). */
interface Body {
  prevX: number;
  x: number;
  v: number;
  drawn: number;
  steps: number;
}
const body = (v: number): Body => ({ prevX: 0, x: 0, v, drawn: Number.NaN, steps: 0 });

/** A step of a body: the player bounces, the camera (with `follow`) takes the player's position. */
function move(b: Body, dt: number, follow?: Body): void {
  b.prevX = b.x;
  b.steps += 1;
  if (follow) {
    // On its first step the camera starts where the player is (no slide in from 0).
    if (b.steps === 1) b.prevX = follow.prevX;
    b.x = follow.x;
    return;
  }
  b.x += b.v * dt;
  if (b.x < 0 || b.x > WIDTH) {
    b.v = -b.v;
    b.x = Math.max(0, Math.min(WIDTH, b.x));
  }
}
function draw(b: Body, alpha: number): void {
  if (b.steps > 0) b.drawn = b.prevX + (b.x - b.prevX) * alpha;
}

interface World {
  bodies: Record<string, Body>;
  values: Record<string, number>;
  /** Per frame: the alphas the renders saw. */
  alphas: Record<string, number[]>;
  /** The alpha of the player's own clock at its last render. */
  playerAlpha: number;
  /** The alpha the camera's own clock last rendered with (NaN until its first frame). */
  cameraAlpha: number;
}

/** A component of the one-clock game: joins the provider's clock with useFixedUpdate, draws with useFixedRender. */
function Shared({ name, priority, world, follow }: { name: string; priority: number; world: World; follow?: string }) {
  const b = world.bodies[`one-${name}`]!;
  useFixedUpdate(
    (dt, step) => {
      if (!Number.isFinite(world.values[`${name}First`]!)) world.values[`${name}First`] = step.index;
      world.values.lastStep = step.index;
      // The camera runs after the player in every step (a higher priority number): it takes the player's position of this very step.
      move(b, dt, follow ? world.bodies[`one-${follow}`] : undefined);
      world.values.outOfOrder = world.values.outOfOrder! + (follow && world.bodies[`one-${follow}`]!.x !== b.x ? 1 : 0);
    },
    { priority },
  );
  useFixedRender((alpha) => {
    draw(b, alpha);
    world.alphas.one!.push(alpha);
  });
  return null;
}

/** A component with a clock of its own, started when it mounts. */
function Own({ name, world, updateRate, follow }: { name: string; world: World; updateRate: number; follow?: string }) {
  const b = world.bodies[`own-${name}`]!;
  useFixedTimestep({
    step: 1 / updateRate,
    update: (dt) => move(b, dt, follow ? world.bodies[`own-${follow}`] : undefined),
    render: (alpha) => {
      draw(b, alpha);
      world.alphas.own!.push(alpha);
      if (name === 'player') world.playerAlpha = alpha;
      if (name === 'camera') world.cameraAlpha = alpha;
    },
  });
  return null;
}

/** After every render of the frame: the lanes, the camera's distance from its player, the alphas seen. */
function Judge({ world, lanes }: { world: World; lanes: { current: LanesHandle | null } }) {
  const [worst] = useState(() => ({ own: new Float64Array(WINDOW), one: new Float64Array(WINDOW), frame: 0 }));
  useFrame(
    (frame) => {
      if (frame.paused) return;
      const v = world.values;
      WAYS.forEach((way, lane) => {
        const player = world.bodies[`${way}-player`]!;
        const camera = world.bodies[`${way}-camera`]!;
        const gap = Number.isFinite(camera.drawn) ? Math.abs(camera.drawn - player.drawn) : 0;
        lanes.current?.picture(lane, player.drawn / WIDTH, gap);
        lanes.current?.ring(lane, camera.drawn / WIDTH);
        const gaps = worst[way];
        gaps[worst.frame % WINDOW] = gap;
        v[`${way}Gap`] = Math.max(...gaps);
        const alphas = world.alphas[way]!;
        if (alphas.some((a) => a !== alphas[0])) v[`${way}TwoAlphas`] = v[`${way}TwoAlphas`]! + 1;
        alphas.length = 0;
      });
      worst.frame += 1;
      v.frames = frame.frameIndex;
      lanes.current?.draw();
    },
    { phase: 'after' },
  );
  return null;
}

function GameClockDemo({ updateRate, enemyAfterMs, cameraAfterMs }: GameClockProps) {
  const lanes = useRef<LanesHandle>(null);
  const [mounted, setMounted] = useState(1);
  const [world] = useState<World>(() => ({
    bodies: Object.fromEntries(WAYS.flatMap((way) => [[`${way}-player`, body(180)], [`${way}-enemy`, body(-260)], [`${way}-camera`, body(0)]])),
    alphas: { own: [], one: [] },
    playerAlpha: Number.NaN,
    cameraAlpha: Number.NaN,
    values: { frames: 0, lastStep: Number.NaN, playerFirst: Number.NaN, enemyFirst: Number.NaN, cameraFirst: Number.NaN, outOfOrder: 0, ownGap: Number.NaN, oneGap: Number.NaN, ownTwoAlphas: 0, oneTwoAlphas: 0 },
  }));
  const enemyDue = useRef(false);
  const cameraDue = useRef(false);
  useEffect(() => {
    // Two state changes in the story's life, not per frame: the later components mount.
    const a = setTimeout(() => (enemyDue.current = true), enemyAfterMs);
    const b = setTimeout(() => (cameraDue.current = true), cameraAfterMs);
    return () => {
      clearTimeout(a);
      clearTimeout(b);
    };
  }, [enemyAfterMs, cameraAfterMs]);
  // Each joins a running clock, once due: the enemy after the one clock's first step (on a busy
  // machine the first frame once came after the enemy's timer, and it joined at step 0), the camera
  // after the enemy's, early in a step of the player's own clock, so its own grid is plainly another.
  // Its clock starts on its first frame after the mount commits, which can come frames after that
  // gate (a timer alone, and once the gate too, put the two grids 0.006 px apart): a camera clock
  // within a tenth of a step of the player's starts again, up to three times (at 60 steps a second
  // on a 60 Hz display every clock's grid is the frames', and stays so).
  const [cameraStart, setCameraStart] = useState(0);
  useFrame(
    () => {
      // After every render of the frame: both alphas are this frame's.
      const apart = Math.abs(world.cameraAlpha - world.playerAlpha);
      if (Math.min(apart, 1 - apart) < 0.1 && cameraStart < 3) {
        world.cameraAlpha = Number.NaN;
        setCameraStart(cameraStart + 1);
      }
    },
    { phase: 'after' },
  );
  useFrame(() => {
    if (enemyDue.current && Number.isFinite(world.values.playerFirst)) {
      enemyDue.current = false;
      setMounted(2);
    }
    if (cameraDue.current && Number.isFinite(world.values.enemyFirst) && world.playerAlpha > 0.2 && world.playerAlpha < 0.5) {
      cameraDue.current = false;
      setMounted(3);
    }
  });
  return (
    <>
      <Own name="player" world={world} updateRate={updateRate} />
      {mounted >= 2 && <Own name="enemy" world={world} updateRate={updateRate} />}
      {mounted >= 3 && <Own key={cameraStart} name="camera" world={world} updateRate={updateRate} follow="player" />}
      <FixedClockProvider step={1 / updateRate}>
        <Shared name="player" priority={0} world={world} />
        {mounted >= 2 && <Shared name="enemy" priority={1} world={world} />}
        {mounted >= 3 && <Shared name="camera" priority={2} world={world} follow="player" />}
      </FixedClockProvider>
      <Judge world={world} lanes={lanes} />
      <LanesPanel
        ref={lanes}
        lanes={LANES}
        bars={{ label: 'camera off the player (world px)', max: 20 }}
        legend={laneLegend('how far the camera’s picture is off the player’s, world px', [{ mark: 'ring', text: 'the camera, which follows the player: on the dot when both read one step and one alpha' }])}
        values={world.values}
        keyNumbers={[
          { key: 'ownGap', label: 'a clock each: camera off the player (world px, last second)', format: formatter(1), color: LANES[0]!.color },
          { key: 'oneGap', label: 'one clock: camera off the player', format: formatter(1), color: LANES[1]!.color },
        ]}
        more={[
          ...fieldsOf(count, {
            frames: 'frames drawn', ownTwoAlphas: 'a clock each: frames whose renders saw different alphas',
            oneTwoAlphas: 'one clock: frames whose renders saw different alphas', lastStep: 'one clock: last step index',
            playerFirst: 'one clock: player joined at step', enemyFirst: 'one clock: enemy joined at step',
            cameraFirst: 'one clock: camera joined at step', outOfOrder: 'one clock: steps where the camera missed the player’s position',
          }),
        ]}
      />
    </>
  );
}

type Story = StoryObj<typeof meta>;

/** Player at once, enemy after 0.3 s, camera after 0.75 s: one grid, interleaved, one alpha; a clock each wobbles. */
export const ThreeComponents: Story = {
  // The camera is due at 0.75 s and mounts early in a step of the player's own clock (see
  // GameClockDemo), so its own clock's grid is plainly another.
  args: { enemyAfterMs: 300, cameraAfterMs: 750 },
  play: async ({ canvasElement: root }) => {
    const cameraFirst = await waitForValue(root, 'cameraFirst', Number.isFinite);
    await waitForValue(root, 'lastStep', (n) => n >= cameraFirst + 5);
    await expect(readValue(root, 'playerFirst')).toBe(0);
    const enemyFirst = readValue(root, 'enemyFirst');
    await expect(enemyFirst).toBeGreaterThan(0);
    await expect(cameraFirst).toBeGreaterThan(enemyFirst);
    await expect(readValue(root, 'outOfOrder')).toBe(0);
    await expect(readValue(root, 'oneTwoAlphas')).toBe(0);
    await expect(readValue(root, 'oneGap')).toBe(0);
    await waitForValue(root, 'ownTwoAlphas', (n) => n > 0);
    await waitForValue(root, 'ownGap', (px) => px > 1);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
A game is many components: here a player, an enemy that mounts later, and a camera that mounts
later still and follows the player (the ring on the player's dot). Twice, on the same frames:

- **A clock per component** (top): each calls \`useFixedTimestep\`, so each has its own step grid,
  started when it mounted, and its own alpha. The camera steps on its own schedule, reads the
  player's position of some other step and draws with another alpha: the ring wobbles off the dot.
- **One \`<FixedClockProvider>\`** (bottom): each adds its update with \`useFixedUpdate\` (priority
  0, 1, 2) and draws with \`useFixedRender\`. A component that mounts later joins the running grid at
  the step then due (its first step index is not 0); every step runs player, enemy, camera in that
  order, so the camera takes the player's position of that very step; every render of a frame reads
  the same alpha: the ring sits on the dot.

The numbers are the largest distance between the camera's picture and the player's over the last
second, in world pixels (the track is 480 wide). Real \`requestAnimationFrame\`, nothing simulated.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { FixedClockProvider, useFixedRender, useFixedUpdate } from 'react-timestep';

function Camera() {
  useFixedUpdate((dt) => camera.follow(player), { priority: 2 }); // after the player (priority 0) in every step
  useFixedRender((alpha) => drawCamera(alpha)); // the same alpha as every other component
  return null;
}

<FixedClockProvider step={1 / 20}>
  <Player />
  <Enemy />
  <Camera />
</FixedClockProvider>;`;

const meta = {
  title: 'A game/21 · One fixed clock, many components',
  component: GameClockDemo,
  args: { updateRate: 10, enemyAfterMs: 700, cameraAfterMs: 1550 },
  argTypes: {
    updateRate: updateRateArg([10, 20, 30, 60, 120], 'Steps per second of the clocks (the step is its inverse); a change applies to the running clocks.'),
    enemyAfterMs: range('enemy mounts after (ms)', 'When the enemy component mounts, after the player (counted from when the story starts; not before the clocks have run a step).', 0, 3000, 50),
    cameraAfterMs: range('camera mounts after (ms)', 'When the camera component mounts, after the player (and not before the enemy has run a step).', 0, 3000, 50),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof GameClockDemo>;
export default meta;
