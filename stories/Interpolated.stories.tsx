import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FixedClockProvider, useFixedRender, useFixedUpdate, useInterpolated } from '../src/index.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';
import { buttonStyle } from './components/transport.js';

/** Controls of the teleport demo. */
interface TeleportProps {
  /** Update rate of the shared fixed clock, Hz. Low, so the blend between two states shows. */
  updateRate: number;
  /** Blend the previous and current state (true), or draw the current state as it is (false). */
  interpolate: boolean;
  /** How the teleport button moves the body: `teleport()` (no streak) or by writing `current` only (streaks). */
  teleportWith: 'teleport()' | 'current only';
  /** Show the previous and current states as rings. */
  ghosts: boolean;
  /** Teleport by itself every two seconds of game time (a scripted event that keeps coming back). */
  autoTeleport: boolean;
}

/** Seconds of game time between two scripted teleports. */
const AUTO_TELEPORT_SECONDS = 2;

const SIZE = 320;
const CENTER = SIZE / 2;
const RADIUS = 110;
/** Radians per second around the circle. */
const ANGULAR_SPEED = 1.6;
/**
 * A picture nearer the centre than this is a streak: the body only ever stands on the circle, and
 * blending between two points on it stays outside this radius unless they are far apart (a jump).
 */
const STREAK_RADIUS = RADIUS * 0.6;

/** The body: its position (vector) and heading (angle), moved one step at a time, drawn blended. */
function Body({ interpolate, teleportWith, ghosts, autoTeleport, values, teleportRef }: Omit<TeleportProps, 'updateRate'> & {
  values: Record<string, number>;
  teleportRef: { current: (() => void) | null };
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const position = useInterpolated({ kind: 'vector', size: 2, initial: [CENTER + RADIUS, CENTER], interpolate });
  const heading = useInterpolated({ kind: 'angle', initial: Math.PI / 2, interpolate });
  const phase = useMemo(() => new Float64Array(1), []);
  const drawn = useMemo(() => ({ x: 0, y: 0 }), []);

  // Jump half a turn round the circle (from a click, between frames).
  teleportRef.current = () => {
    phase[0] = phase[0]! + Math.PI;
    const x = CENTER + RADIUS * Math.cos(phase[0]!);
    const y = CENTER + RADIUS * Math.sin(phase[0]!);
    if (teleportWith === 'teleport()') {
      position.teleport([x, y]);
      heading.teleport(phase[0]! + Math.PI / 2);
    } else {
      position.set([x, y]);
      heading.set(phase[0]! + Math.PI / 2);
    }
    values.teleports = (values.teleports ?? 0) + 1;
  };

  // Each step of the shared clock begins with snapshot() (previous ← current); the update only moves.
  useFixedUpdate((dt) => {
    phase[0] = phase[0]! + ANGULAR_SPEED * dt;
    position.current[0] = CENTER + RADIUS * Math.cos(phase[0]!);
    position.current[1] = CENTER + RADIUS * Math.sin(phase[0]!);
    heading.current = phase[0]! + Math.PI / 2;
    values.steps = (values.steps ?? 0) + 1;
    // The scripted teleport, at the end of a step: as a click between frames would.
    values.gameSeconds = (values.gameSeconds ?? 0) + dt;
    if (autoTeleport && values.gameSeconds >= AUTO_TELEPORT_SECONDS) {
      values.gameSeconds -= AUTO_TELEPORT_SECONDS;
      teleportRef.current?.();
    }
  });

  // Sharp at any devicePixelRatio: the backing store in device pixels, the drawing in CSS pixels.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(SIZE * dpr);
    c.height = Math.round(SIZE * dpr);
  }, []);

  useFixedRender((alpha) => {
    const ctx = canvas.current?.getContext('2d');
    ctx?.setTransform(canvas.current!.width / SIZE, 0, 0, canvas.current!.width / SIZE, 0, 0);
    position.blend(alpha, drawn);
    const angle = heading.blend(alpha);
    values.frames = (values.frames ?? 0) + 1;
    if (Math.hypot(drawn.x - CENTER, drawn.y - CENTER) < STREAK_RADIUS) values.streaks = (values.streaks ?? 0) + 1;
    if (!ctx) return;
    ctx.fillStyle = '#10141c';
    ctx.fillRect(0, 0, SIZE, SIZE);
    ctx.strokeStyle = '#2c3445';
    ctx.beginPath();
    ctx.arc(CENTER, CENTER, RADIUS, 0, Math.PI * 2);
    ctx.stroke();
    if (ghosts) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#7f8c8d';
      ctx.beginPath();
      ctx.arc(position.previous[0]!, position.previous[1]!, 14, 0, Math.PI * 2);
      ctx.stroke();
      ctx.strokeStyle = '#5dade2';
      ctx.beginPath();
      ctx.arc(position.current[0]!, position.current[1]!, 14, 0, Math.PI * 2);
      ctx.stroke();
      ctx.lineWidth = 1;
    }
    ctx.fillStyle = '#f5b041';
    ctx.beginPath();
    ctx.arc(drawn.x, drawn.y, 10, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#f5b041';
    ctx.beginPath();
    ctx.moveTo(drawn.x, drawn.y);
    ctx.lineTo(drawn.x + 22 * Math.cos(angle), drawn.y + 22 * Math.sin(angle));
    ctx.stroke();
  });

  return <canvas ref={canvas} width={SIZE} height={SIZE} data-testid="scene" style={{ borderRadius: 4, width: SIZE, height: SIZE, maxWidth: '100%', aspectRatio: '1' }} />;
}

function TeleportDemo({ updateRate, interpolate, teleportWith, ghosts, autoTeleport }: TeleportProps) {
  const values = useMemo<Record<string, number>>(() => ({ frames: 0, steps: 0, teleports: 0, streaks: 0, gameSeconds: 0 }), []);
  const teleportRef = useRef<(() => void) | null>(null);
  return (
    <div>
      <FixedClockProvider step={1 / updateRate}>
        <Body interpolate={interpolate} teleportWith={teleportWith} ghosts={ghosts} autoTeleport={autoTeleport} values={values} teleportRef={teleportRef} />
      </FixedClockProvider>
      <div>
        <button type="button" style={buttonStyle} onClick={() => teleportRef.current?.()}>
          Teleport half a turn
        </button>
      </div>
      <Readout
        keyNumbers
        values={values}
        fields={[
          { key: 'teleports', label: 'teleports', format: (n) => n.toFixed(0) },
          { key: 'streaks', label: 'pictures drawn inside the circle (a streak)', format: (n) => n.toFixed(0) },
        ]}
      />
      <MoreReadouts>
        <Readout
          values={values}
          fields={[
            { key: 'frames', label: 'frames drawn', format: (n) => n.toFixed(0) },
            { key: 'steps', label: 'fixed steps run', format: (n) => n.toFixed(0) },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'A game/22 · Interpolation per object: teleport',
  component: TeleportDemo,
  args: { updateRate: 8, interpolate: true, teleportWith: 'teleport()', ghosts: true, autoTeleport: true },
  argTypes: {
    updateRate: { name: 'update rate (Hz)', description: 'Steps per second of the shared clock: low, so the blend is easy to see.', control: { type: 'select' }, options: [4, 8, 15, 30, 60] },
    interpolate: { name: 'interpolate', description: 'Blend between the previous and the current state (off: draw the current state).', control: 'boolean' },
    teleportWith: {
      name: 'teleport with',
      description: "How the button moves the body: teleport() (previous and current both jump: no streak) or by writing current only (one blended streak across the circle).",
      control: { type: 'inline-radio' },
      options: ['teleport()', 'current only'],
    },
    ghosts: { name: 'ghosts of the two states', description: 'Draw the previous state (grey ring) and the current state (blue ring).', control: 'boolean' },
    autoTeleport: { name: 'teleport every 2 s', description: 'Teleport by itself every two seconds of game time, besides the button.', control: 'boolean' },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useFixedRender, useFixedUpdate, useInterpolated } from 'react-timestep';

function Body() {
  const position = useInterpolated({ kind: 'vector', size: 2, initial: [0, 0] });
  const target = { x: 0, y: 0 };
  useFixedUpdate((dt) => {
    position.current[0] += vx * dt; // each step starts with previous ← current
  });
  useFixedRender((alpha) => draw(position.blend(alpha, target)));
  const jump = (x: number, y: number) => position.teleport([x, y]); // no streak across the screen
  return <button onClick={() => jump(0, 0)}>Teleport</button>;
}`,
      },
      description: {
        component: `
A body going round a circle on a shared fixed clock (\`<FixedClockProvider>\`), stepped only a few
times a second so the blend is easy to see. Its position is a \`useInterpolated({ kind: 'vector' })\`
and its heading a \`useInterpolated({ kind: 'angle' })\`: every step of the clock begins with
\`snapshot()\` (previous ← current), the update writes \`current\`, and the render draws
\`blend(alpha, target)\`. The grey ring is the previous state, the blue ring the current one, the
filled dot the picture in between. The heading crosses ±π without spinning the long way round.

**Teleport** (the button, and by itself every two seconds of game time) moves the body half a turn. With \`teleport()\` the previous state is set to the new
place too, so the next picture is already there: no picture is ever drawn inside the circle. Writing
\`current\` only (\`teleportWith: 'current only'\`) keeps the old previous state, and the pictures
until the next step slide straight across the circle: the streak counter goes up. With
\`interpolate\` off the picture is the current state (a stepped motion, no streak either).
`,
      },
    },
  },
} satisfies Meta<typeof TeleportDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Press Teleport: the body jumps with no streak across the circle. */
export const Teleport: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 20);
    const button = within(canvasElement).getByRole('button', { name: /teleport/i });
    for (let i = 0; i < 4; i++) {
      await userEvent.click(button);
      await expectFramesAdvance(canvasElement, 'frames', 15);
    }
    // The four clicks, and any scripted teleports meanwhile.
    await waitForValue(canvasElement, 'teleports', (n) => n >= 4);
    await expect(readValue(canvasElement, 'steps')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'streaks')).toBe(0);
  },
};

/** Writing `current` alone instead of `teleport()`: the pictures until the next step streak across. */
export const StreakWithoutTeleport: Story = {
  args: { teleportWith: 'current only' },
  play: async ({ canvasElement }) => {
    // The scripted teleport alone streaks (no click needed), every two game seconds.
    await waitForValue(canvasElement, 'streaks', (n) => n > 0, 12000);
    await expectFramesAdvance(canvasElement, 'frames', 20);
    const button = within(canvasElement).getByRole('button', { name: /teleport/i });
    for (let i = 0; i < 4; i++) {
      await userEvent.click(button);
      await expectFramesAdvance(canvasElement, 'frames', 15);
    }
    // At 8 steps a second a picture drawn between two steps falls on the chord through the centre.
    await waitForValue(canvasElement, 'teleports', (n) => n >= 5);
    await expect(readValue(canvasElement, 'streaks')).toBeGreaterThan(0);
  },
};

/** Interpolation off for the object: the picture is the current state, in steps. */
export const InterpolationOff: Story = {
  args: { interpolate: false, teleportWith: 'current only' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 20);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /teleport/i }));
    await expectFramesAdvance(canvasElement, 'frames', 15);
    await expect(readValue(canvasElement, 'streaks')).toBe(0);
  },
};
