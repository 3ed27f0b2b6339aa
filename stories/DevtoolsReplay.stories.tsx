import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { FixedClockProvider, useFixedRender, useFixedUpdate, useStepInput } from '../src/index.js';
import { FrameTimingOverlay } from '../src/devtools/index.js';
import type { TimingRecording } from '../src/devtools/index.js';
import { replayTiming } from '../src/testing/index.js';
import type { TimingReplay } from '../src/testing/index.js';
import session from '../test/devtools/fixtures/chromium-session.json';
import { Readout } from './components/Readout.js';
import { readValue } from './components/playHelpers.js';

/** A session recorded in headless Chromium by test/browser/devtoolsRecording.test.tsx, and what its game logged there. */
const fixture = session as { step: number; recording: TimingRecording; log: { steps: string[]; alphas: number[] } };

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

const stop = (event: { nativeEvent: Event }) => event.nativeEvent.stopPropagation();

function ReplayDemo() {
  const host = useRef<HTMLDivElement>(null);
  const replay = useRef<TimingReplay | null>(null);
  const log = useMemo(() => ({ steps: [] as string[], alphas: [] as number[] }), []);
  const values = useMemo<Record<string, number>>(() => ({ frame: 0, of: fixture.recording.frames.length, steps: 0, same: 0 }), []);

  // Mounted on the first click, outside React's own work: replayTiming renders a root of its own with `act`.
  const start = (): TimingReplay => {
    if (replay.current) return replay.current;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const ui = (
      <FixedClockProvider step={fixture.step} maxSteps={8}>
        <Game steps={log.steps} alphas={log.alphas} />
        <FrameTimingOverlay position="bottom-right" toggleKey={null} />
      </FixedClockProvider>
    );
    replay.current = replayTiming(fixture.recording, ui, { container: host.current! });
    return replay.current;
  };
  useEffect(
    () => () => {
      replay.current?.unmount();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    },
    [],
  );

  // From a task of its own, not inside this root's click handler: replayTiming's `act` must flush
  // the replayed root's effects before its first frame, which it cannot do nested in React's event.
  const advance = (n: number) => void setTimeout(() => advanceNow(n), 0);
  const advanceNow = (n: number) => {
    const r = start();
    if (n === Infinity) r.finish();
    else r.advanceFrames(n);
    values.frame = r.frameIndex;
    values.steps = log.steps.length;
    const expected = fixture.log.steps.slice(0, log.steps.length);
    values.same = log.steps.every((line, i) => line === expected[i]) && log.alphas.every((a, i) => a === fixture.log.alphas[i]) ? 1 : 0;
  };

  return (
    <div style={{ font: '13px system-ui, sans-serif' }}>
      <p style={{ margin: '0 0 8px' }}>
        A session recorded in headless Chromium ({fixture.recording.frames.length} frames, {fixture.recording.events.length} key and pointer
        events) replayed on the same game: each button delivers recorded frames, each after the input that arrived before it. The game logs
        the same steps, the same input in each step and the same alpha as it did in Chromium.
      </p>
      {/* The buttons' own pointer and key events stay here: the replayed game listens on the window. */}
      <span onPointerDown={stop} onPointerUp={stop} onPointerMove={stop} onPointerCancel={stop} onKeyDown={stop} onKeyUp={stop}>
        <button type="button" onClick={() => advance(1)}>next frame</button>{' '}
        <button type="button" onClick={() => advance(10)}>10 frames</button>{' '}
        <button type="button" onClick={() => advance(Infinity)}>to the end</button>
      </span>
      <div ref={host} />
      <Readout
        values={values}
        fields={[
          { key: 'frame', label: 'frames replayed', format: (n) => n.toFixed(0) },
          { key: 'of', label: 'frames recorded', format: (n) => n.toFixed(0) },
          { key: 'steps', label: 'steps run', format: (n) => n.toFixed(0) },
          { key: 'same', label: 'same as in Chromium (1 = yes)', format: (n) => n.toFixed(0) },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'A game/27 · A recording replayed',
  component: ReplayDemo,
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { replayTiming } from 'react-timestep/testing';
import recording from './bug-1234.timing.json';

const replay = replayTiming(recording, <Game />);
replay.finish();
expect(log.steps).toEqual(whatThePlayerSaw);
replay.unmount();`,
      },
    },
  },
} satisfies Meta<typeof ReplayDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Driven by the recording, not the display: the same result at any frame rate. */
export const ChromiumSession: Story = {
  play: async ({ canvasElement }) => {
    const button = (name: string) => [...canvasElement.querySelectorAll('button')].find((b) => b.textContent === name)!;
    await userEvent.click(button('10 frames'));
    await waitFor(() => expect(readValue(canvasElement, 'frame')).toBe(10));
    await userEvent.click(button('to the end'));
    await waitFor(() => expect(readValue(canvasElement, 'frame')).toBe(fixture.recording.frames.length));
    expect(readValue(canvasElement, 'steps')).toBe(fixture.log.steps.length);
    expect(readValue(canvasElement, 'same')).toBe(1);
  },
};
