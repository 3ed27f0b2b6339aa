import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FixedClockProvider, useFixedUpdate, useFrame, useStepInput } from '../src/index.js';
import { docs, range, toggle, updateRateArg } from './kit/controls.js';
import { count, percent } from './kit/format.js';
import { expectFramesAdvance, readValue, updateArgs, waitForValue } from './kit/play.js';
import { Findings } from './kit/Panel.js';
import { buttonStyle, useStoryTransport } from './kit/transport.js';
import { InputTimeline } from './kit/InputTimeline.js';
import type { TimelineData } from './kit/InputTimeline.js';
import { fieldsOf } from './kit/Readout.js';

/** Controls of the input timeline. */
interface StepInputProps { updateRate: number; windowMs: number; autoKeys: boolean }

const CODES = ['Space', 'ArrowUp', 'ArrowDown'] as const;
const KEY_OF: Record<string, string> = { Space: ' ', ArrowUp: 'ArrowUp', ArrowDown: 'ArrowDown' };
/**
 * The scripted keys, one round (1.4 s), in ms after the previous entry: Space pressed for 80 ms
 * every 0.7 s, ArrowUp held for 400 ms, and a quick tap of ArrowDown whose down and up arrive
 * together, between two frames (a 'tap' sends both): no step can see it held, at any frame rate.
 */
const KEY_SCRIPT = [
  { after: 100, type: 'keydown', code: 'Space' },
  { after: 80, type: 'keyup', code: 'Space' },
  { after: 170, type: 'keydown', code: 'ArrowUp' },
  { after: 400, type: 'keyup', code: 'ArrowUp' },
  { after: 50, type: 'keydown', code: 'Space' },
  { after: 80, type: 'keyup', code: 'Space' },
  { after: 170, type: 'tap', code: 'ArrowDown' },
] as const;
const ROUND_REST_MS = 350;
/** Key events one round of the script dispatches (a tap is two). */
const EVENTS_PER_ROUND = KEY_SCRIPT.reduce((sum, entry) => sum + (entry.type === 'tap' ? 2 : 1), 0);

/**
 * A key press as a user's would arrive: a real KeyboardEvent, dispatched on an element (here the
 * page's body or an on-screen key) so it bubbles to the window like a real one. Storybook's own
 * preview reads the target of every keydown as an element: one dispatched on the window itself
 * would throw there.
 */
function sendKey(target: Element, type: string, code: string): void {
  target.dispatchEvent(new KeyboardEvent(type, { code, key: KEY_OF[code] ?? code, bubbles: true }));
}

/** Plays {@link KEY_SCRIPT} on a loop; it waits while the story is paused and releases what it holds when it stops. */
function KeyScript({ values }: { values: Record<string, number> }) {
  const transport = useStoryTransport();
  const paused = useRef(transport.paused);
  paused.current = transport.paused;
  useEffect(() => {
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const held = new Set<string>();
    const tick = () => {
      if (paused.current) {
        timer = setTimeout(tick, 100);
        return;
      }
      const entry = KEY_SCRIPT[next]!;
      if (entry.type === 'tap') {
        sendKey(document.body, 'keydown', entry.code);
        sendKey(document.body, 'keyup', entry.code);
      } else sendKey(document.body, entry.type, entry.code);
      if (entry.type === 'keydown') held.add(entry.code);
      if (entry.type === 'keyup') held.delete(entry.code);
      else values.scriptedPresses = values.scriptedPresses! + 1;
      values.scripted = values.scripted! + (entry.type === 'tap' ? 2 : 1);
      next = (next + 1) % KEY_SCRIPT.length;
      if (next === 0) values.scriptRounds = values.scriptRounds! + 1;
      timer = setTimeout(tick, next === 0 ? ROUND_REST_MS + KEY_SCRIPT[0].after : KEY_SCRIPT[next]!.after);
    };
    timer = setTimeout(tick, KEY_SCRIPT[0].after);
    return () => {
      clearTimeout(timer);
      for (const code of held) sendKey(document.body, 'keyup', code);
    };
  }, [values]);
  return null;
}

/** On-screen keys, for a phone: each sends its key down while pressed and up when let go. */
function ScreenKeys() {
  const key = (code: string, text: string) => {
    const up = (event: React.PointerEvent<HTMLButtonElement>) => sendKey(event.currentTarget, 'keyup', code);
    return (
      <button key={code} type="button" style={{ ...buttonStyle, minWidth: 64, padding: '8px 12px', touchAction: 'none' }} onPointerDown={(e) => sendKey(e.currentTarget, 'keydown', code)} onPointerUp={up} onPointerCancel={up} onPointerLeave={(e) => e.buttons > 0 && up(e)}>
        {text}
      </button>
    );
  };
  return (
    <div role="toolbar" aria-label="on-screen keys" style={{ display: 'flex', gap: 8, alignItems: 'center', margin: '8px 0', flexWrap: 'wrap' }}>
      <span style={{ font: '12px system-ui', opacity: 0.75 }}>Your keys (or these):</span>
      {key('Space', 'Space')}
      {key('ArrowUp', '↑')}
      {key('ArrowDown', '↓')}
    </div>
  );
}

/** The game: the same keys read two ways in every step, each press drawn to the step that saw it. */
function Game({ windowMs, values }: { windowMs: number; values: Record<string, number> }) {
  const input = useStepInput({ pointer: false, preventDefault: [...CODES] });
  const [data] = useState<TimelineData>(() => ({ frames: [], stepEnds: [], events: [], polled: [], stepped: [], nowMs: 0 }));
  // Polling: a key listener keeps what is held; each step asks "is it down now?".
  const [poll] = useState(() => ({ held: new Set<string>(), before: new Set<string>(), stepsThisFrame: 0, seen: new Set<string>() }));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || !(CODES as readonly string[]).includes(event.code)) return;
      values.received = values.received! + 1;
      if (event.type === 'keydown') {
        values.presses = values.presses! + 1;
        poll.held.add(event.code);
      } else poll.held.delete(event.code);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [values, poll]);

  // The clock has already taken this step's input (useStepInput runs first in every step).
  useFixedUpdate((_dt, clockStep) => {
    const step = input.step;
    poll.stepsThisFrame += 1;
    data.stepEnds.push(clockStep.stepEndTimestampMs);
    for (let i = 0; i < step.count; i++) {
      const event = step.event(i);
      const id = `${event.kind}:${event.code}:${event.timestampMs}`;
      if (poll.seen.has(id)) values.twice = values.twice! + 1;
      poll.seen.add(id);
      values.delivered = values.delivered! + 1;
      data.events.push({ t: event.timestampMs, deliveredTo: step.endMs, down: event.kind === 'keydown' });
      // Every press reaches its step as an event, however short (pressed(code) says the same, once a step).
      if (event.kind === 'keydown') {
        values.steppedPresses = values.steppedPresses! + 1;
        data.stepped.push(clockStep.stepEndTimestampMs);
        if (!step.pressed(event.code)) values.pressedFalse = values.pressedFalse! + 1;
      }
    }
    for (const code of CODES) {
      if (poll.held.has(code) && !poll.before.has(code)) {
        values.polledPresses = values.polledPresses! + 1;
        data.polled.push(clockStep.stepEndTimestampMs);
      }
    }
    poll.before.clear();
    for (const code of poll.held) poll.before.add(code);
  });

  useFrame(
    (frame) => {
      if (frame.paused) return;
      values.frames = values.frames! + 1;
      if (poll.stepsThisFrame === 0) values.zeroStepFrames = values.zeroStepFrames! + 1;
      values.maxStepsInFrame = Math.max(values.maxStepsInFrame!, poll.stepsThisFrame);
      poll.stepsThisFrame = 0;
      data.nowMs = frame.timestampMs;
      data.frames.push(frame.timestampMs);
      const presses = values.presses!;
      values.polledShare = presses > 0 ? values.polledPresses! / presses : Number.NaN;
      values.steppedShare = presses > 0 ? values.steppedPresses! / presses : Number.NaN;
      const oldest = frame.timestampMs - windowMs;
      for (const list of [data.frames, data.stepEnds, data.polled, data.stepped]) while (list.length > 0 && list[0]! < oldest) list.shift();
      while (data.events.length > 0 && data.events[0]!.t < oldest) data.events.shift();
    },
    { phase: 'after' },
  );
  return <InputTimeline data={data} windowMs={windowMs} />;
}

function StepInputDemo({ updateRate, windowMs, autoKeys }: StepInputProps) {
  const [values] = useState<Record<string, number>>(() => ({
    frames: 0, received: 0, delivered: 0, twice: 0, zeroStepFrames: 0, maxStepsInFrame: 0, scripted: 0, scriptRounds: 0,
    scriptedPresses: 0, presses: 0, pressedFalse: 0, polledPresses: 0, steppedPresses: 0, polledShare: Number.NaN, steppedShare: Number.NaN,
  }));
  return (
    <div>
      {autoKeys && <KeyScript values={values} />}
      <FixedClockProvider step={1 / updateRate} maxSteps={8}>
        <Game windowMs={windowMs} values={values} />
      </FixedClockProvider>
      <Findings
        legend={[
          { mark: 'bar', color: '#5d6d7e', text: 'a frame' },
          { mark: 'bar', color: '#f5b041', text: 'the end of a fixed step' },
          { mark: 'line', color: '#58d68d', text: 'a key going down, and the line to the step useStepInput handed it to (red: going up)' },
          { mark: 'dot', color: '#f06a6a', text: 'a press seen by polling the held keys at each step' },
          { mark: 'dot', color: '#58d68d', text: 'a press handed by useStepInput to its step' },
        ]}
        values={values}
        keyNumbers={[
          { key: 'polledShare', label: 'presses seen by polling the held keys', format: percent, color: '#f06a6a' },
          { key: 'steppedShare', label: 'presses seen by useStepInput', format: percent, color: '#58d68d' },
        ]}
        after={<ScreenKeys />}
        more={[
          ...fieldsOf(count, {
            frames: 'frames', delivered: 'key events handed to a step', twice: 'handed to more than one step',
            received: 'key events the page received', scripted: 'of which the script dispatched', scriptRounds: 'scripted rounds',
            presses: 'key presses the page received', polledPresses: 'presses seen by polling', steppedPresses: 'presses seen by useStepInput',
            pressedFalse: 'steps handed a press where pressed() was false', zeroStepFrames: 'frames that ran no step',
            maxStepsInFrame: 'most steps in one frame',
          }),
        ]}
      />
    </div>
  );
}

type Story = StoryObj<typeof meta>;

/** Press and release Space `presses` times with the on-screen key, a few frames apart. */
async function press(root: HTMLElement, presses: number): Promise<void> {
  const space = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Space')!;
  for (let i = 0; i < presses; i++) {
    space.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, buttons: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    space.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 45));
  }
}

/**
 * After the counted presses, the scripted keys come on (as the control would), so the timeline keeps
 * showing presses landing in steps instead of scrolling empty; each event still goes to one step.
 */
async function keepPressing(root: HTMLElement): Promise<void> {
  updateArgs({ autoKeys: true });
  await waitForValue(root, 'scriptRounds', (n) => n >= 1);
  await waitForValue(root, 'steppedPresses', (n) => n > 6);
  await expect(readValue(root, 'twice')).toBe(0);
}

/** With no key pressed by the viewer: the scripted presses arrive, each goes to one step, useStepInput sees every press and polling misses some. */
export const ScriptedKeys: Story = {
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'scriptRounds', (n) => n >= 2);
    await waitForValue(root, 'delivered', (n) => n >= 2 * EVENTS_PER_ROUND);
    // Both rounds' events (and nothing else was pressed) reached a step, none of them twice.
    await expect(readValue(root, 'received')).toBe(readValue(root, 'scripted'));
    await expect(readValue(root, 'delivered')).toBeLessThanOrEqual(readValue(root, 'received'));
    await expect(readValue(root, 'twice')).toBe(0);
    // Every press the script made has been seen by a step of useStepInput (the last may still wait for its step).
    await waitForValue(root, 'steppedPresses', (n) => n >= readValue(root, 'presses') - 1);
    // Polling never sees a tap held, one a round: it misses at least one press a round, at any frame rate.
    await expect(readValue(root, 'polledPresses')).toBeLessThanOrEqual(readValue(root, 'presses') - readValue(root, 'scriptRounds'));
    await expect(readValue(root, 'pressedFalse')).toBe(0);
  },
};

/** 10 steps a second: most frames run no step; every press of the on-screen key still reaches exactly one step. Then the scripted keys keep pressing. */
export const FewStepsPerFrame: Story = {
  // Only the presses below at first, so the counts are exactly theirs; then the scripted keys come on.
  args: { autoKeys: false },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 10);
    await press(root, 6);
    await waitForValue(root, 'delivered', (n) => n === 12);
    await expect(readValue(root, 'received')).toBe(12);
    await expect(readValue(root, 'twice')).toBe(0);
    await waitForValue(root, 'steppedPresses', (n) => n === 6);
    await expect(readValue(root, 'zeroStepFrames')).toBeGreaterThan(0);
    await keepPressing(root);
  },
};

/** 300 steps a second: several steps per frame; no press is seen twice. Then the scripted keys keep pressing. */
export const ManyStepsPerFrame: Story = {
  args: { updateRate: 300, autoKeys: false },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 10);
    await press(root, 6);
    await waitForValue(root, 'delivered', (n) => n === 12);
    await expect(readValue(root, 'received')).toBe(12);
    await expect(readValue(root, 'twice')).toBe(0);
    await expect(readValue(root, 'maxStepsInFrame')).toBeGreaterThan(1);
    await keepPressing(root);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Keyboard input handed to fixed steps by \`useStepInput\` under a \`<FixedClockProvider>\`. Each fixed
step stands for a span of real time, ending at its \`stepEndTimestampMs\` (orange); a key event
(green: down, red: up) is stamped with \`event.timeStamp\` and handed to the one step whose span
holds it: the line runs from the event to that step's end.

The same keys are also read the common way: a key listener keeps the set of held keys, and each
step polls it ("is Space down now?"). A key pressed and released between two steps is never seen
down: a quick tap of ↓ whose down and up arrive between two frames always slips through, and so
does an 80 ms press of Space whenever no step falls inside it (at 10 updates a second, a step every
100 ms). The two bottom rows mark the presses each way saw: polling (red) misses some of them, \`useStepInput\`
(green) hands every one to the step it belongs to (\`pressed()\` is true there).

By itself the story presses keys as a user would, on a loop (Space every 0.7 s, ArrowUp held for
400 ms, a quick tap of ArrowDown), so the timeline always shows presses landing in steps; the
"scripted keys" control turns it off. Your own keys work either way, and on a phone the on-screen
keys do the same. At 300 updates a second a frame runs about five steps: each event still goes to
one of them, the one it belongs to ("handed to more than one step" stays 0).
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { FixedClockProvider, useFixedUpdate, useStepInput } from 'react-timestep';

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
</FixedClockProvider>;`;

const meta = {
  title: 'A game/23 · Input per step',
  component: StepInputDemo,
  args: { updateRate: 10, windowMs: 1500, autoKeys: true },
  argTypes: {
    updateRate: updateRateArg([5, 10, 30, 60, 120, 300], 'Steps per second of the shared clock: at 10 most frames run no step, at 300 a frame runs about five.'),
    windowMs: range('timeline window (ms)', 'How much real time the timeline shows.', 500, 4000, 100),
    autoKeys: toggle('scripted keys', 'By itself, every 1.4 s: Space pressed for 80 ms (twice, 0.7 s apart), ArrowUp held for 400 ms and a quick tap of ArrowDown (down and up between two frames), as real KeyboardEvents; besides your own keys and the on-screen ones.'),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof StepInputDemo>;
export default meta;
