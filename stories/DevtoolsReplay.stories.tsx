import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { docs } from './kit/controls.js';
import { FixedClockProvider, useFixedRender, useFixedUpdate, useFrame, useStepInput } from '../src/index.js';
import type { TimingRecording } from '../src/devtools/index.js';
import { replayTiming } from '../src/testing/index.js';
import type { TimingReplay } from '../src/testing/index.js';
import session from '../test/devtools/fixtures/chromium-session.json';
import { count } from './kit/format.js';
import { clickButton, readValue, waitForValue } from './kit/play.js';
import { Findings } from './kit/Panel.js';
import { Buttons } from './kit/transport.js';
import { fieldsOf } from './kit/Readout.js';

/** A session recorded in headless Chromium by test/browser/devtoolsRecording.test.tsx, and what its game logged there. */
const fixture = session as { step: number; recording: TimingRecording; log: { steps: string[]; alphas: number[] } };
const RECORDED = fixture.log.steps;
/** Real frames between two replayed frames: a recorded frame every third real one, so the eye can follow. */
const FRAMES_PER_REPLAYED = 3;
/** Real frames the finished replay stays on screen before it starts again. */
const HOLD_FRAMES = 90;
const HEIGHT = 92;

/** The game of the recording: per step, its index, the input it was handed and whether Space is held. */
function Game({ steps, alphas }: { steps: string[]; alphas: number[] }) {
  const input = useStepInput();
  useFixedUpdate((_dt, step) => {
    const q = input.step;
    let line = `${step.index} |`;
    for (let i = 0; i < q.count; i++) {
      const e = q.event(i);
      line += ` ${e.kind}:${e.code || `${Math.round(e.x)},${Math.round(e.y)}`}`;
    }
    steps.push(`${line} | ${q.isDown('Space') ? 'Space' : '-'}`);
  });
  useFixedRender((alpha) => void alphas.push(alpha));
  return null;
}

/**
 * The same step: index, events and held keys alike, a pointer's position to within a pixel (WebKit
 * hands a replayed event whole-pixel coordinates: 19.998 arrives as 19, docs/browsers.md).
 */
function sameStep(recorded: string | undefined, replayed: string): boolean {
  if (recorded === undefined) return false;
  const a = recorded.split(' ');
  const b = replayed.split(' ');
  return a.length === b.length && a.every((token, i) => token === b[i] || nearPoint(token, b[i]!));
}

function nearPoint(a: string, b: string): boolean {
  const [kindA, at = ''] = a.split(':');
  const [kindB, bt = ''] = b.split(':');
  const pa = at.split(',').map(Number);
  const pb = bt.split(',').map(Number);
  return kindA === kindB && pa.length === 2 && pb.length === 2 && pa.every((v, i) => Math.abs(v - pb[i]!) <= 1);
}

/** Two rows of cells, one per step: the recording's log on top, the replay's below as it comes; a differing step is red. */
function drawSteps(canvas: HTMLCanvasElement, replayed: readonly string[]): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const width = canvas.clientWidth || 320;
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * dpr)) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(HEIGHT * dpr);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#10141c';
  ctx.fillRect(0, 0, width, HEIGHT);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#8a93a6';
  ctx.fillText('recorded in Chromium: one cell per step', 6, 12);
  ctx.fillText('replayed here, frame by frame', 6, 56);
  const cell = (width - 12) / RECORDED.length;
  const row = (lines: readonly string[], top: number, against?: readonly string[]) => {
    lines.forEach((line, i) => {
      const [, events = '', held = ''] = line.split('|');
      const wrong = against !== undefined && !sameStep(against[i], line);
      ctx.fillStyle = wrong ? '#ff3b3b' : held.trim() === 'Space' ? '#58d68d' : '#2a3242';
      ctx.fillRect(6 + i * cell, top, Math.max(1, cell - 1), 18);
      if (events.trim() !== '') {
        ctx.fillStyle = '#f5b041';
        ctx.fillRect(6 + i * cell, top + 20, Math.max(1, cell - 1), 5);
      }
    });
  };
  row(RECORDED, 18);
  row(replayed, 62, RECORDED);
}

/** Replays the recording on a loop, a recorded frame every few real frames; counts what came out the same. */
function useReplayLoop(host: { current: HTMLDivElement | null }, canvas: { current: HTMLCanvasElement | null }, values: Record<string, number>) {
  const [run] = useState(() => ({ replay: null as TimingReplay | null, steps: [] as string[], alphas: [] as number[], wait: 0, busy: false, manual: false }));
  // Mounted outside React's own work: replayTiming renders a root of its own with `act`.
  const start = () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    run.steps = [];
    run.alphas = [];
    run.replay = replayTiming(fixture.recording, <FixedClockProvider step={fixture.step} maxSteps={8}><Game steps={run.steps} alphas={run.alphas} /></FixedClockProvider>, { container: host.current! });
  };
  const advance = (n: number) => {
    if (!run.replay) start();
    const r = run.replay!;
    if (n === Infinity) r.finish();
    else r.advanceFrames(n);
    values.frame = r.frameIndex;
    values.steps = run.steps.length;
    values.same = run.steps.filter((line, i) => sameStep(RECORDED[i], line)).length;
    values.alphasSame = run.alphas.every((a, i) => a === fixture.log.alphas[i]) ? 1 : 0;
    if (r.frameIndex === r.frameCount && values.same === RECORDED.length) values.identical = values.identical! + 1;
    if (canvas.current) drawSteps(canvas.current, run.steps);
  };
  // From a task of its own, not inside a React event or frame: act must flush the replayed root's effects.
  const later = (fn: () => void) => {
    run.busy = true;
    setTimeout(() => {
      fn();
      run.busy = false;
    }, 0);
  };
  useFrame((frame) => {
    if (frame.paused || run.busy || run.manual) return;
    run.wait += 1;
    const r = run.replay;
    if (r && r.frameIndex === r.frameCount) {
      if (run.wait < HOLD_FRAMES) return;
      // Again from the start: the same steps, whatever this machine's frame rate.
      later(() => {
        r.unmount();
        run.replay = null;
        values.replays = values.replays! + 1;
        advance(0);
      });
    } else if (run.wait >= FRAMES_PER_REPLAYED) later(() => advance(1));
    else return;
    run.wait = 0;
  });
  useEffect(
    () => () => {
      run.replay?.unmount();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    },
    [run],
  );
  // The buttons take over from the loop.
  return (n: number) => {
    run.manual = true;
    later(() => advance(n));
  };
}

function ReplayDemo() {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [values] = useState<Record<string, number>>(() => ({ frame: 0, of: fixture.recording.frames.length, steps: 0, recorded: RECORDED.length, same: 0, alphasSame: Number.NaN, identical: 0, replays: 0 }));
  const step = useReplayLoop(host, canvas, values);
  return (
    <div style={{ font: '13px system-ui, sans-serif' }}>
      <div style={{ width: '100%', maxWidth: 720 }}>
        <canvas ref={canvas} data-testid="replay-steps" style={{ display: 'block', width: '100%', height: HEIGHT, borderRadius: 4 }} />
      </div>
      <Findings
        legend={[
          { mark: 'swatch', color: '#2a3242', text: 'a step' },
          { mark: 'swatch', color: '#58d68d', text: 'a step that saw Space held' },
          { mark: 'swatch', color: '#f5b041', text: 'a step that was handed input (a key or a pointer move)' },
          { mark: 'swatch', color: '#ff3b3b', text: 'a replayed step unlike the recorded one (none should be)' },
        ]}
        values={values}
        keyNumbers={[
          { key: 'same', label: `replayed steps identical to the recording (of ${RECORDED.length})`, format: count, color: '#58d68d' },
          { key: 'identical', label: 'whole replays identical so far', format: count, color: '#58d68d' },
        ]}
        after={
          <>
            {/* The buttons' own pointer and key events stay here: the replayed game listens on the window. */}
            <div onPointerDown={stop} onPointerUp={stop} onPointerMove={stop} onKeyDown={stop} onKeyUp={stop}>
              <Buttons label="By hand" buttons={[{ text: 'next frame', onClick: () => step(1) }, { text: '10 frames', onClick: () => step(10) }, { text: 'to the end', onClick: () => step(Infinity) }]} />
            </div>
            <div ref={host} />
          </>
        }
        more={[
          ...fieldsOf(count, {
            frame: 'frames replayed', of: 'frames recorded', steps: 'steps run', alphasSame: 'every alpha as recorded (1 = yes)',
            replays: 'replays started again',
          }),
        ]}
      />
    </div>
  );
}

const stop = (event: { nativeEvent: Event }) => event.nativeEvent.stopPropagation();

type Story = StoryObj<typeof meta>;

/** Driven by the recording, not the display: the same steps, the same input and the same alphas at any frame rate, replay after replay (the second played to the end with the button). */
export const ChromiumSession: Story = {
  play: async ({ canvasElement: root }) => {
    await waitForValue(root, 'frame', (n) => n >= 10);
    await waitForValue(root, 'identical', (n) => n >= 1, 4000);
    await expect(readValue(root, 'steps')).toBe(RECORDED.length);
    await expect(readValue(root, 'same')).toBe(RECORDED.length);
    await expect(readValue(root, 'alphasSame')).toBe(1);
    // It starts again by itself; played to the end by hand, it comes out the same again.
    await waitForValue(root, 'replays', (n) => n >= 1, 4000);
    await clickButton(root, 'to the end');
    await waitForValue(root, 'identical', (n) => n >= 2, 4000);
    await expect(readValue(root, 'same')).toBe(RECORDED.length);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
A session recorded with \`recordTiming\` in headless Chromium (${fixture.recording.frames.length} frames, ${fixture.recording.events.length} key and pointer events: Space pressed twice, the pointer moved) and the log its game wrote there: every
step's index, the input handed to it and whether Space was held. \`replayTiming\` plays the recording
on the same game, frame by frame, each frame after the input that arrived before it: the bottom row
fills in step by step and matches the top row cell for cell. The replay is driven by the recording,
not by this display, so it gives the same steps at any frame rate; when it ends it starts again.
The buttons replay by hand (one frame, ten, or to the end).
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { replayTiming } from 'react-timestep/testing';
import recording from './bug-1234.timing.json';

const replay = replayTiming(recording, <Game />);
replay.finish();
expect(log.steps).toEqual(whatThePlayerSaw);
replay.unmount();`;

const meta = {
  title: 'A game/27 · A recording replayed',
  component: ReplayDemo,
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof ReplayDemo>;
export default meta;
