import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FixedClockProvider, useFixedRender, useFixedUpdate, useInterpolated } from '../src/index.js';
import { docs, toggle, updateRateArg } from './kit/controls.js';
import { count } from './kit/format.js';
import { clickButton, expectFramesAdvance, readValue, updateArgs, waitForValue } from './kit/play.js';
import { Findings, SideBySide } from './kit/Panel.js';
import { Buttons } from './kit/transport.js';
import { fieldsOf } from './kit/Readout.js';

/** Controls of the teleport demo. */
interface TeleportProps { updateRate: number; interpolate: boolean; autoTeleport: boolean }

const AUTO_TELEPORT_SECONDS = 2;
/** The first teleport comes after half a second of game time, so a streak is on screen from the start. */
const FIRST_TELEPORT_CREDIT = AUTO_TELEPORT_SECONDS - 0.5;
const SIZE = 300;
const CENTER = SIZE / 2;
const RADIUS = 105;
/** Radians per second around the circle. */
const ANGULAR_SPEED = 1.6;
/** A picture nearer the centre than this is a streak: the body only ever stands on the circle. */
const STREAK_RADIUS = RADIUS * 0.6;
const TRAIL = 12;
const WAYS = [
  { key: 'current', label: "writing current only", color: '#f06a6a' },
  { key: 'teleport', label: 'teleport()', color: '#58d68d' },
] as const;

type Way = (typeof WAYS)[number]['key'];
/** The kept streak: pictures drawn across the circle, where the body never is. */
const STREAK_COLOR = '#ff3b3b';

/** Pictures of the last teleport's streak kept on screen. */
const STREAK_KEPT = 32;
/** Game seconds a kept streak takes to fade to its floor (the script teleports every two). */
const STREAK_FADE_SECONDS = 2;
const STREAK_FLOOR = 0.6;

/** What one body keeps between frames: its phase, the picture, its trail, the streak of its last teleport. */
interface BodyState {
  phase: number;
  gameSeconds: number;
  drawn: { x: number; y: number };
  trail: Float64Array;
  head: number;
  /** x, y, game seconds of each picture drawn across the circle since the last teleport. */
  streak: Float64Array;
  streakLength: number;
}

/** The body of one circle: its position (vector) and heading (angle), moved a step at a time, drawn blended with a trail. */
function Body({ way, color, interpolate, values, jumps }: { way: Way; color: string; interpolate: boolean; values: Record<string, number>; jumps: { current: (() => void)[] } }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const position = useInterpolated({ kind: 'vector', size: 2, initial: [CENTER + RADIUS, CENTER], interpolate });
  const heading = useInterpolated({ kind: 'angle', initial: Math.PI / 2, interpolate });
  const [s] = useState<BodyState>(() => ({ phase: 0, gameSeconds: 0, drawn: { x: 0, y: 0 }, trail: new Float64Array(2 * TRAIL).fill(Number.NaN), head: 0, streak: new Float64Array(3 * STREAK_KEPT), streakLength: 0 }));
  // Jump half a turn round the circle: with teleport() both states jump, otherwise only `current`.
  useEffect(() => {
    const jump = () => {
      s.phase += Math.PI;
      s.streakLength = 0;
      const target = [CENTER + RADIUS * Math.cos(s.phase), CENTER + RADIUS * Math.sin(s.phase)];
      if (way === 'teleport') {
        position.teleport(target);
        heading.teleport(s.phase + Math.PI / 2);
      } else {
        position.set(target);
        heading.set(s.phase + Math.PI / 2);
      }
    };
    const list = jumps.current;
    list.push(jump);
    return () => void list.splice(list.indexOf(jump), 1);
  }, [way, position, heading, s, jumps]);
  // Each step of the shared clock begins with snapshot() (previous ← current); the update only moves.
  useFixedUpdate((dt) => {
    s.phase += ANGULAR_SPEED * dt;
    s.gameSeconds += dt;
    position.current[0] = CENTER + RADIUS * Math.cos(s.phase);
    position.current[1] = CENTER + RADIUS * Math.sin(s.phase);
    heading.current = s.phase + Math.PI / 2;
  });
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(SIZE * dpr);
    c.height = Math.round(SIZE * dpr);
  }, []);
  useFixedRender((alpha) => {
    const d = s.drawn;
    position.blend(alpha, d);
    const angle = heading.blend(alpha);
    if (Math.hypot(d.x - CENTER, d.y - CENTER) < STREAK_RADIUS) {
      values[`${way}Streaks`] = values[`${way}Streaks`]! + 1;
      keepStreak(s, d.x, d.y);
    }
    values[`${way}StreakKept`] = s.streakLength;
    // A picture that did not move (paused) adds no trail point: the trail, and the picture, stand still.
    const last = (s.head + TRAIL - 1) % TRAIL;
    if (s.trail[2 * last] !== d.x || s.trail[2 * last + 1] !== d.y) {
      values[`${way}Moves`] = values[`${way}Moves`]! + 1;
      s.trail[2 * s.head] = d.x;
      s.trail[2 * s.head + 1] = d.y;
      s.head = (s.head + 1) % TRAIL;
    }
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(canvas.current!.width / SIZE, 0, 0, canvas.current!.width / SIZE, 0, 0);
    drawScene(ctx, s, color, angle, position.previous, position.current);
  });
  return <canvas ref={canvas} data-testid={`scene-${way}`} style={{ borderRadius: 4, width: SIZE, maxWidth: '100%', aspectRatio: '1', display: 'block' }} />;
}

/** Keep a picture drawn across the circle (the first {@link STREAK_KEPT} of a teleport). */
function keepStreak(s: BodyState, x: number, y: number): void {
  if (s.streakLength >= STREAK_KEPT) return;
  const i = 3 * s.streakLength;
  s.streak[i] = x;
  s.streak[i + 1] = y;
  s.streak[i + 2] = s.gameSeconds;
  s.streakLength += 1;
}

/** One frame of a circle: the track, the kept streak, the trail, both states' rings, the picture and its heading. */
function drawScene(ctx: CanvasRenderingContext2D, s: BodyState, color: string, angle: number, previous: ArrayLike<number>, current: ArrayLike<number>): void {
  const d = s.drawn;
  ctx.fillStyle = '#10141c';
  ctx.fillRect(0, 0, SIZE, SIZE);
  ctx.strokeStyle = '#2c3445';
  ctx.beginPath();
  ctx.arc(CENTER, CENTER, RADIUS, 0, Math.PI * 2);
  ctx.stroke();
  drawStreak(ctx, s);
  ctx.fillStyle = color;
  for (let k = 1; k < TRAIL; k += 1) {
    const i = (s.head + k) % TRAIL;
    if (!Number.isFinite(s.trail[2 * i]!)) continue;
    ctx.globalAlpha = 0.1 + (0.45 * k) / TRAIL;
    ctx.beginPath();
    ctx.arc(s.trail[2 * i]!, s.trail[2 * i + 1]!, 4, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  ring(ctx, previous[0]!, previous[1]!, '#7f8c8d');
  ring(ctx, current[0]!, current[1]!, '#5dade2');
  ctx.beginPath();
  ctx.arc(d.x, d.y, 9, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = color;
  ctx.beginPath();
  ctx.moveTo(d.x, d.y);
  ctx.lineTo(d.x + 22 * Math.cos(angle), d.y + 22 * Math.sin(angle));
  ctx.stroke();
}

/** The pictures the last teleport drew across the circle, joined: bright when new, then fading to a floor until the next teleport. */
function drawStreak(ctx: CanvasRenderingContext2D, s: BodyState): void {
  const n = s.streakLength;
  if (n === 0) return;
  const age = s.gameSeconds - s.streak[2]!;
  ctx.globalAlpha = Math.max(STREAK_FLOOR, 1 - age / STREAK_FADE_SECONDS);
  ctx.strokeStyle = STREAK_COLOR;
  ctx.fillStyle = STREAK_COLOR;
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (let k = 0; k < n; k += 1) {
    if (k === 0) ctx.moveTo(s.streak[0]!, s.streak[1]!);
    else ctx.lineTo(s.streak[3 * k]!, s.streak[3 * k + 1]!);
  }
  ctx.stroke();
  for (let k = 0; k < n; k += 1) {
    ctx.beginPath();
    ctx.arc(s.streak[3 * k]!, s.streak[3 * k + 1]!, 5, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.lineWidth = 1;
  ctx.globalAlpha = 1;
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, color: string): void {
  ctx.lineWidth = 2;
  ctx.strokeStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, 14, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = 1;
}

/** Counts steps and frames, and teleports both bodies every two seconds of game time. */
function Script({ autoTeleport, values, jump }: { autoTeleport: boolean; values: Record<string, number>; jump: () => void }) {
  useFixedUpdate((dt) => {
    values.steps = values.steps! + 1;
    values.gameSeconds = values.gameSeconds! + dt;
    if (autoTeleport && values.gameSeconds >= AUTO_TELEPORT_SECONDS) {
      values.gameSeconds -= AUTO_TELEPORT_SECONDS;
      jump();
    }
  }, { priority: 1 });
  useFixedRender(() => {
    values.frames = values.frames! + 1;
  });
  return null;
}

function TeleportDemo({ updateRate, interpolate, autoTeleport }: TeleportProps) {
  const [values] = useState<Record<string, number>>(() => ({ frames: 0, steps: 0, teleports: 0, currentStreaks: 0, teleportStreaks: 0, currentStreakKept: 0, teleportStreakKept: 0, currentMoves: 0, teleportMoves: 0, gameSeconds: FIRST_TELEPORT_CREDIT }));
  const jumps = useRef<(() => void)[]>([]);
  const jump = () => {
    for (const j of jumps.current) j();
    values.teleports = values.teleports! + 1;
  };
  return (
    <div>
      <FixedClockProvider step={1 / updateRate}>
        {interpolate ? null : (
          <p data-testid="why-alike" style={{ font: '600 13px system-ui', margin: '0 0 6px', color: '#f5b041' }}>
            interpolate off: each picture is the current state, so both bodies jump in one picture and neither streaks; both move in steps ({updateRate} a second, the gaps in the trails)
          </p>
        )}
        <SideBySide
          basis={SIZE}
          panels={WAYS.map((way) => ({
            caption: `${way.key === 'current' ? 'wrong' : 'right'}: ${way.label}`,
            children: <Body way={way.key} color={way.color} interpolate={interpolate} values={values} jumps={jumps} />,
          }))}
        />
        <Script autoTeleport={autoTeleport} values={values} jump={jump} />
      </FixedClockProvider>
      <Findings
        legend={[
          { mark: 'dot', text: 'the picture: previous and current state blended by alpha' },
          { mark: 'trail', text: 'the pictures before it' },
          { mark: 'ring', color: '#7f8c8d', text: 'grey ring: the previous state; blue ring: the current state' },
          { mark: 'line', color: STREAK_COLOR, text: 'red streak: the pictures the last teleport drew across the circle, where the body never is (kept, fading, until the next teleport)' },
        ]}
        values={values}
        keyNumbers={[
          { key: 'currentStreaks', label: 'current only: pictures drawn across the circle (the red streaks)', format: count, color: WAYS[0].color },
          { key: 'teleportStreaks', label: 'teleport(): pictures across the circle', format: count, color: WAYS[1].color },
        ]}
        after={<Buttons label="Both bodies" buttons={[{ text: 'Teleport half a turn', onClick: jump }]} />}
        more={[
          ...fieldsOf(count, {
            teleports: 'teleports', frames: 'frames drawn', steps: 'fixed steps run',
            currentStreakKept: 'current only: streak pictures on screen now', teleportStreakKept: 'teleport(): streak pictures on screen now',
            currentMoves: 'current only: pictures that moved', teleportMoves: 'teleport(): pictures that moved',
          }),
        ]}
      />
    </div>
  );
}

type Story = StoryObj<typeof meta>;

/** Teleports (the button and the script): writing current alone streaks across the circle; teleport() never does. */
export const Teleport: Story = {
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 20);
    for (let i = 0; i < 4; i++) {
      await clickButton(root, /teleport/i);
      await expectFramesAdvance(root, 'frames', 15);
    }
    await waitForValue(root, 'teleports', (n) => n >= 4);
    await expect(readValue(root, 'steps')).toBeGreaterThan(0);
    // At 8 steps a second a picture drawn between two steps falls on the chord through the centre.
    await waitForValue(root, 'currentStreaks', (n) => n > 0);
    await expect(readValue(root, 'teleportStreaks')).toBe(0);
    // The red streak stays on screen until the next teleport; the right side never has one. With the
    // script's teleports off no teleport comes between the two readings: on a busy machine's long
    // frames the next one (every two seconds of game time) could, and a streak needs a picture near
    // the middle of the step after a teleport, which a few frames a step can miss: teleport again.
    updateArgs({ autoTeleport: false });
    let kept = 0;
    for (let tries = 0; tries < 20 && kept === 0; tries++) {
      await clickButton(root, /teleport/i);
      await expectFramesAdvance(root, 'frames', 20);
      kept = readValue(root, 'currentStreakKept');
    }
    await expect(kept).toBeGreaterThan(0);
    const teleports = readValue(root, 'teleports');
    await expectFramesAdvance(root, 'frames', 20);
    await expect(readValue(root, 'teleports')).toBe(teleports);
    await expect(readValue(root, 'currentStreakKept')).toBeGreaterThan(0);
    await expect(readValue(root, 'teleportStreakKept')).toBe(0);
  },
};

/** Interpolation off: the picture is the current state, in steps; neither way streaks. */
export const InterpolationOff: Story = {
  args: { interpolate: false },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 20);
    await clickButton(root, /teleport/i);
    await expectFramesAdvance(root, 'frames', 15);
    await expect(readValue(root, 'currentStreaks')).toBe(0);
    await expect(readValue(root, 'teleportStreaks')).toBe(0);
    // In steps: a picture moves only when a step ran (or a teleport jumped it), never between two.
    for (const way of ['current', 'teleport']) {
      await expect(readValue(root, `${way}Moves`)).toBeLessThanOrEqual(readValue(root, 'steps') + readValue(root, 'teleports') + 1);
    }
    await expect(within(root).getByTestId('why-alike').textContent).toContain('neither streaks');
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Two bodies going round a circle on one shared fixed clock (\`<FixedClockProvider>\`), stepped only a
few times a second so the blend is easy to see. Each position is a
\`useInterpolated({ kind: 'vector' })\` and each heading a \`useInterpolated({ kind: 'angle' })\`:
every step of the clock begins with \`snapshot()\` (previous ← current), the update writes
\`current\`, and the render draws
\`blend(alpha, target)\`: the dot lies between the grey ring (previous state) and the blue ring
(current state). The heading crosses ±π without spinning the long way round.

**Teleport** (the button, and by itself after half a second and every two seconds of game time after) moves both bodies half a
turn. In the red panel ("wrong", first) only \`current\` is written: the previous state stays where it
was, and the pictures until the next step slide straight across the circle. They stay drawn as a
red streak through the middle until the next teleport, and the streak counter goes up. In the green
panel ("right") \`teleport()\` sets the previous state too, so the next picture is already there: no
picture is ever drawn inside the circle. With \`interpolate\` off the picture is the current state:
both bodies jump in one picture, neither streaks, and both move in steps.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFixedRender, useFixedUpdate, useInterpolated } from 'react-timestep';

function Body() {
  const position = useInterpolated({ kind: 'vector', size: 2, initial: [0, 0] });
  const target = { x: 0, y: 0 };
  useFixedUpdate((dt) => {
    position.current[0] += vx * dt; // each step starts with previous ← current
  });
  useFixedRender((alpha) => draw(position.blend(alpha, target)));
  const jump = (x: number, y: number) => position.teleport([x, y]); // no streak across the screen
  return <button onClick={() => jump(0, 0)}>Teleport</button>;
}`;

const meta = {
  title: 'A game/22 · Interpolation per object: teleport',
  component: TeleportDemo,
  args: { updateRate: 8, interpolate: true, autoTeleport: true },
  argTypes: {
    updateRate: updateRateArg([4, 8, 15, 30, 60], 'Steps per second of the shared clock: low, so the blend is easy to see.'),
    interpolate: toggle('interpolate', 'Blend between the previous and the current state (off: draw the current state).'),
    autoTeleport: toggle('teleport every 2 s', 'Teleport both bodies by itself every two seconds of game time, besides the button.'),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof TeleportDemo>;
export default meta;
