import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FixedClockProvider, useFixedUpdate, useFrame, useStepInput } from '../src/index.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { useStoryTransport } from './components/transport.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the input timeline. */
interface StepInputProps {
  /** Update rate of the shared fixed clock, Hz: below the display rate some frames run no step, far above it a frame runs several. */
  updateRate: number;
  /** Milliseconds of history on the timeline. */
  windowMs: number;
  /** Press and release keys by itself on a loop (besides the viewer's own keys). */
  autoKeys: boolean;
}

const WIDTH = 720;
const HEIGHT = 190;
const ROWS = { frames: 30, steps: 70, events: 120, held: 160 };
/**
 * The scripted keys, one round, in ms after the previous entry: Space pressed for 80 ms every
 * 0.7 s, ArrowUp held for 400 ms, and a 20 ms tap of ArrowDown (shorter than a step at 5–30 Hz).
 */
const KEY_SCRIPT = [
  { after: 100, type: 'keydown', code: 'Space', key: ' ' },
  { after: 80, type: 'keyup', code: 'Space', key: ' ' },
  { after: 170, type: 'keydown', code: 'ArrowUp', key: 'ArrowUp' },
  { after: 400, type: 'keyup', code: 'ArrowUp', key: 'ArrowUp' },
  { after: 50, type: 'keydown', code: 'Space', key: ' ' },
  { after: 80, type: 'keyup', code: 'Space', key: ' ' },
  { after: 170, type: 'keydown', code: 'ArrowDown', key: 'ArrowDown' },
  { after: 20, type: 'keyup', code: 'ArrowDown', key: 'ArrowDown' },
] as const;
/** The round is 1.4 s long: the next round's first press comes this long after the last release. */
const ROUND_REST_MS = 330;

/**
 * Plays {@link KEY_SCRIPT} on a loop as real KeyboardEvents on window, as a user's keys arrive
 * (between frames, stamped by the browser). It waits while the transport bar pauses the story, and
 * releases whatever it holds when it stops.
 */
function KeyScript({ values }: { values: Record<string, number> }) {
  const transport = useStoryTransport();
  const paused = useRef(transport.paused);
  paused.current = transport.paused;
  useEffect(() => {
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const held = new Set<string>();
    const send = (type: string, code: string, key: string) => window.dispatchEvent(new KeyboardEvent(type, { code, key, bubbles: true }));
    const tick = () => {
      if (paused.current) {
        timer = setTimeout(tick, 100);
        return;
      }
      const entry = KEY_SCRIPT[next]!;
      send(entry.type, entry.code, entry.key);
      if (entry.type === 'keydown') held.add(entry.code);
      else held.delete(entry.code);
      values.scripted = (values.scripted ?? 0) + 1;
      next += 1;
      if (next === KEY_SCRIPT.length) {
        next = 0;
        values.scriptRounds = (values.scriptRounds ?? 0) + 1;
      }
      timer = setTimeout(tick, next === 0 ? ROUND_REST_MS + KEY_SCRIPT[0].after : KEY_SCRIPT[next]!.after);
    };
    timer = setTimeout(tick, KEY_SCRIPT[0].after);
    return () => {
      clearTimeout(timer);
      for (const code of held) send('keyup', code, code === 'Space' ? ' ' : code);
    };
  }, [values]);
  return null;
}

interface Tick {
  /** ms on the frame clock */
  t: number;
  /** the step end it was delivered to (events), or NaN */
  deliveredTo: number;
  down: boolean;
}

/** Everything the timeline draws, kept for `windowMs`; story code, so plain arrays. */
interface Timeline {
  frames: number[];
  stepEnds: number[];
  held: { start: number; end: number }[];
  events: Tick[];
  /** events delivered, by identity, to find one delivered twice */
  seen: Set<string>;
  /** steps run by the frame being run */
  stepsThisFrame: number;
}

function Game({ windowMs, values }: { windowMs: number; values: Record<string, number> }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const input = useStepInput({ preventDefault: ['Space', 'ArrowUp', 'ArrowDown'] });
  const timeline = useMemo<Timeline>(() => ({ frames: [], stepEnds: [], held: [], events: [], seen: new Set(), stepsThisFrame: 0 }), []);

  // Count what the page itself receives, to compare with what the steps are handed.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat) return;
      values.received = (values.received ?? 0) + 1;
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [values]);

  // The clock has already taken this step's input (useStepInput runs first in every step).
  useFixedUpdate((_dt, clockStep) => {
    const step = input.step;
    timeline.stepsThisFrame++;
    timeline.stepEnds.push(clockStep.stepEndTimestampMs);
    for (let i = 0; i < step.count; i++) {
      const event = step.event(i);
      if (event.repeat) continue;
      const id = `${event.kind}:${event.code}:${event.timestampMs}`;
      if (timeline.seen.has(id)) values.twice = (values.twice ?? 0) + 1;
      timeline.seen.add(id);
      values.delivered = (values.delivered ?? 0) + 1;
      if (event.timestampMs <= step.startMs) values.late = (values.late ?? 0) + 1;
      timeline.events.push({ t: event.timestampMs, deliveredTo: step.endMs, down: event.kind === 'keydown' });
    }
    if (step.heldCodes().length > 0) values.heldSteps = (values.heldSteps ?? 0) + 1;
    if (step.heldCodes().length > 0) timeline.held.push({ start: clockStep.stepStartTimestampMs, end: clockStep.stepEndTimestampMs });
  });

  // The CSS width the timeline is drawn at: its container's, up to WIDTH (text stays 11 px on a phone).
  const size = useMemo(() => new Float64Array([WIDTH]), []);
  const lastNow = useMemo(() => new Float64Array(1), []);
  // Sharp at any devicePixelRatio: the backing store in device pixels, the drawing in CSS pixels.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const resize = () => {
      const w = Math.max(240, Math.min(WIDTH, c.parentElement?.clientWidth || WIDTH));
      const dpr = window.devicePixelRatio || 1;
      size[0] = w;
      c.width = Math.round(w * dpr);
      c.height = Math.round(HEIGHT * dpr);
      c.style.width = `${w}px`;
      c.style.height = `${HEIGHT}px`;
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    if (observer && c.parentElement) observer.observe(c.parentElement);
    return () => observer?.disconnect();
  }, [size]);

  useFrame(
    (frame) => {
      // Paused by the transport bar: nothing new, but the picture is drawn again (a resize clears it).
      if (!frame.paused) {
        values.frames = (values.frames ?? 0) + 1;
        if (timeline.stepsThisFrame === 0) values.zeroStepFrames = (values.zeroStepFrames ?? 0) + 1;
        values.maxStepsInFrame = Math.max(values.maxStepsInFrame ?? 0, timeline.stepsThisFrame);
        timeline.stepsThisFrame = 0;
        lastNow[0] = frame.timestampMs;
        const now = frame.timestampMs;
        timeline.frames.push(now);
        const oldest = now - windowMs;
        while (timeline.frames.length > 0 && timeline.frames[0]! < oldest) timeline.frames.shift();
        while (timeline.stepEnds.length > 0 && timeline.stepEnds[0]! < oldest) timeline.stepEnds.shift();
        while (timeline.held.length > 0 && timeline.held[0]!.end < oldest) timeline.held.shift();
        while (timeline.events.length > 0 && timeline.events[0]!.t < oldest) timeline.events.shift();
      }
      const oldest = lastNow[0]! - windowMs;
      const ctx = canvas.current?.getContext('2d');
      if (!ctx) return;
      const width = size[0]!;
      const scale = canvas.current!.width / width;
      ctx.setTransform(scale, 0, 0, scale, 0, 0);
      const x = (t: number) => ((t - oldest) / windowMs) * width;
      ctx.fillStyle = '#10141c';
      ctx.fillRect(0, 0, width, HEIGHT);
      ctx.fillStyle = '#8a93a6';
      ctx.font = '11px ui-monospace, monospace';
      ctx.fillText('frames', 4, ROWS.frames - 14);
      ctx.fillText('fixed steps (span ends)', 4, ROWS.steps - 24);
      ctx.fillText('key events → the step that got them', 4, ROWS.events - 24);
      ctx.fillText('held at the step', 4, ROWS.held - 14);
      ctx.strokeStyle = '#5d6d7e';
      for (const t of timeline.frames) {
        ctx.beginPath();
        ctx.moveTo(x(t), ROWS.frames - 8);
        ctx.lineTo(x(t), ROWS.frames + 8);
        ctx.stroke();
      }
      ctx.strokeStyle = '#f5b041';
      for (const t of timeline.stepEnds) {
        ctx.beginPath();
        ctx.moveTo(x(t), ROWS.steps - 14);
        ctx.lineTo(x(t), ROWS.events + 14);
        ctx.stroke();
      }
      for (const event of timeline.events) {
        ctx.strokeStyle = event.down ? '#58d68d' : '#f06a6a';
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(x(event.t), ROWS.events + (event.down ? -12 : 12));
        ctx.lineTo(x(event.t), ROWS.events);
        ctx.lineTo(x(event.deliveredTo), ROWS.events);
        ctx.stroke();
        ctx.lineWidth = 1;
      }
      ctx.fillStyle = '#5dade2';
      for (const span of timeline.held) ctx.fillRect(x(span.start), ROWS.held - 6, Math.max(1, x(span.end) - x(span.start) - 1), 12);
    },
    { phase: 'after' },
  );

  return (
    <div style={{ width: '100%', maxWidth: WIDTH }}>
      <canvas ref={canvas} width={WIDTH} height={HEIGHT} data-testid="timeline" style={{ borderRadius: 4, display: 'block', maxWidth: '100%' }} />
    </div>
  );
}

function StepInputDemo({ updateRate, windowMs, autoKeys }: StepInputProps) {
  const values = useMemo<Record<string, number>>(
    () => ({ frames: 0, received: 0, delivered: 0, twice: 0, late: 0, zeroStepFrames: 0, maxStepsInFrame: 0, heldSteps: 0, scripted: 0, scriptRounds: 0 }),
    [],
  );
  return (
    <div>
      <p style={{ font: '13px system-ui, sans-serif', margin: '0 0 8px' }}>
        {autoKeys
          ? 'The story presses keys by itself (Space every 0.7 s, ↑ held, a quick ↓ tap); press and hold your own too (click the page first).'
          : 'Press and hold keys (click the page first so it has focus).'}
      </p>
      {autoKeys && <KeyScript values={values} />}
      <FixedClockProvider step={1 / updateRate} maxSteps={8}>
        <Game windowMs={windowMs} values={values} />
      </FixedClockProvider>
      <Readout
        keyNumbers
        values={values}
        fields={[
          { key: 'delivered', label: 'handed to a step', format: (n) => n.toFixed(0) },
          { key: 'twice', label: 'handed to more than one step', format: (n) => n.toFixed(0) },
        ]}
      />
      <MoreReadouts>
        <Readout
          values={values}
          fields={[
            { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
            { key: 'zeroStepFrames', label: 'frames that ran no step', format: (n) => n.toFixed(0) },
            { key: 'maxStepsInFrame', label: 'most steps in one frame', format: (n) => n.toFixed(0) },
            { key: 'received', label: 'key presses and releases the page received', format: (n) => n.toFixed(0) },
            { key: 'scripted', label: 'of which the script dispatched', format: (n) => n.toFixed(0) },
            { key: 'scriptRounds', label: 'scripted rounds', format: (n) => n.toFixed(0) },
            { key: 'heldSteps', label: 'steps that saw a key held', format: (n) => n.toFixed(0) },
            { key: 'late', label: 'stamped before their step began (dispatched late)', format: (n) => n.toFixed(0) },
          ]}
        />
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'A game/23 · Input per step',
  component: StepInputDemo,
  args: { updateRate: 10, windowMs: 1500, autoKeys: true },
  argTypes: {
    updateRate: { name: 'update rate (Hz)', description: 'Steps per second of the shared clock: at 10 most frames run no step, at 300 a frame runs about five.', control: { type: 'select' }, options: [5, 10, 30, 60, 120, 300] },
    windowMs: { name: 'timeline window (ms)', description: 'How much real time the timeline shows.', control: { type: 'range', min: 500, max: 4000, step: 100 } },
    autoKeys: {
      name: 'scripted keys',
      description:
        'By itself, every 1.4 s: Space pressed for 80 ms (twice, 0.7 s apart), ArrowUp held for 400 ms and ArrowDown tapped for 20 ms, as real KeyboardEvents on window; besides your own keys.',
      control: 'boolean',
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { FixedClockProvider, useFixedUpdate, useStepInput } from 'react-timestep';

function Ship() {
  const input = useStepInput({ preventDefault: ['Space'] });
  useFixedUpdate((dt) => {
    // Only the key events that belong to this step's span of real time, each handed out once.
    if (input.step.pressed('Space')) ship.fire();
    if (input.step.isDown('ArrowUp')) ship.thrust(dt);
  });
  return null;
}

<FixedClockProvider step={1 / 60}>
  <Ship />
</FixedClockProvider>;`,
      },
      description: {
        component: `
Keyboard input handed to fixed steps by \`useStepInput\` under a \`<FixedClockProvider>\`. Each
fixed step stands for a span of real time, ending at its \`stepEndTimestampMs\` (orange lines);
a key event (green: down, red: up) is stamped with \`event.timeStamp\` and handed to the one step
whose span holds it: the horizontal line runs from the event to that step's end. The blue bars are
the steps that saw a key held at their end.

By itself the story presses keys as a user would, on a loop (Space every 0.7 s, ArrowUp held for
400 ms, a 20 ms tap of ArrowDown, shorter than a step at 10 updates a second), so the timeline
always shows presses landing in steps; the "scripted keys" control turns it off, your own keys
work either way.

At 10 updates a second most frames run no step: the events wait, none is lost. At 300 a second a
frame runs about five steps: each event still goes to one of them, the one it belongs to, and the
held state changes at the right step inside the frame. "handed to more than one step" stays 0.
`,
      },
    },
  },
} satisfies Meta<typeof StepInputDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Dispatch `presses` presses and releases of Space on the window, a few frames apart. */
async function press(presses: number): Promise<void> {
  for (let i = 0; i < presses; i++) {
    window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Space', key: ' ', bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    window.dispatchEvent(new KeyboardEvent('keyup', { code: 'Space', key: ' ', bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 45));
  }
}

/** With no key pressed by the viewer: the scripted presses arrive, each is handed to one step, held keys are seen by steps, and the script comes round again. */
export const ScriptedKeys: Story = {
  play: async ({ canvasElement }) => {
    const perRound = KEY_SCRIPT.length;
    await waitForValue(canvasElement, 'scriptRounds', (n) => n >= 1);
    await waitForValue(canvasElement, 'delivered', (n) => n >= perRound);
    await waitForValue(canvasElement, 'heldSteps', (n) => n > 0);
    await waitForValue(canvasElement, 'scriptRounds', (n) => n >= 2);
    // Both rounds' events (and nothing else was pressed) reached a step, none of them twice.
    await waitForValue(canvasElement, 'delivered', (n) => n >= 2 * perRound);
    await expect(readValue(canvasElement, 'received')).toBe(readValue(canvasElement, 'scripted'));
    await expect(readValue(canvasElement, 'delivered')).toBeLessThanOrEqual(readValue(canvasElement, 'received'));
    await expect(readValue(canvasElement, 'twice')).toBe(0);
  },
};

/** 10 steps a second: most frames run no step; every press still reaches exactly one step. */
export const FewStepsPerFrame: Story = {
  // Only the presses below, so the counts are exactly theirs.
  args: { autoKeys: false },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 10);
    await press(6);
    await waitForValue(canvasElement, 'delivered', (n) => n === 12);
    await expect(readValue(canvasElement, 'received')).toBe(12);
    await expect(readValue(canvasElement, 'twice')).toBe(0);
    await expect(readValue(canvasElement, 'zeroStepFrames')).toBeGreaterThan(0);
  },
};

/** 300 steps a second: several steps per frame; no press is seen twice. */
export const ManyStepsPerFrame: Story = {
  args: { updateRate: 300, autoKeys: false },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 10);
    await press(6);
    await waitForValue(canvasElement, 'delivered', (n) => n === 12);
    await expect(readValue(canvasElement, 'received')).toBe(12);
    await expect(readValue(canvasElement, 'twice')).toBe(0);
    await expect(readValue(canvasElement, 'maxStepsInFrame')).toBeGreaterThan(1);
  },
};
