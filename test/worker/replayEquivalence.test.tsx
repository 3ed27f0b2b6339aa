// Same steps on either thread: a recording (recordTiming's format) replayed on the main thread
// (replayTiming, <FixedClockProvider> + useStepInput + useFixedUpdate) and the same recording's input
// fed to the same simulation stepping in a worker on its own timer (an in-process worker on fake
// timers) give the same step indices, the same events in the same steps and the same state. The
// worker's time zero is moved onto the recording's first frame, and each event reaches the worker
// before the step whose span holds it runs (an in-process message takes 1 fake ms: it is sent 2 ms
// early, stamped when it happened). A real page's event reaches the worker a fraction of a ms after it
// happened, or later when the page is busy; one that arrives after its step ran goes to the next step.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { FixedClockProvider, useFixedUpdate, useStepInput } from '../../src/index.js';
import { createSeededRandom } from '../../src/core/index.js';
import type { InputEventInit } from '../../src/core/internal.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { replayTiming, resetDefaultScheduler } from '../../src/testing/index.js';
import { createInProcessWorker, defineSimulation, useWorkerSimulation, type WorkerSimulation } from '../../src/worker/index.js';
import { cleanupMounted, render } from '../react/helpers.js';
import chromiumSession from '../devtools/fixtures/chromium-session.json';

afterEach(() => {
  cleanupMounted();
  resetDefaultScheduler();
  vi.useRealTimers();
});

type Line = string;

/** Per step: its index, each event it received, what is held at its end; the state counts steps and presses. */
const logger = defineSimulation({
  stateLength: 3,
  update(state, step, input, context) {
    let line = `${step.index} |`;
    for (let i = 0; i < input.count; i++) {
      const e = input.event(i);
      line += ` ${e.kind}:${e.code || `${Math.round(e.x)},${Math.round(e.y)}`}`;
    }
    context.post(`${line} | ${input.isDown('Space') ? 'Space' : '-'}`);
    state[0] = state[0]! + 1;
    if (input.pressed('Space')) state[1] = state[1]! + 1;
    state[2] = state[2]! * 0.9 + step.index; // order-sensitive: any step run twice or out of order changes it
  },
});

function MainThread({ log, state }: { log: Line[]; state: Float64Array }): ReactNode {
  const input = useStepInput();
  const context = { props: undefined, post: (line: unknown) => void log.push(line as Line) };
  useFixedUpdate((_dt, s) => logger.update(state, s, input.step, context));
  return null;
}

function onMainThread(recording: TimingRecording, step: number): { log: Line[]; state: number[] } {
  const log: Line[] = [];
  const state = new Float64Array(3);
  const replay = replayTiming(
    JSON.parse(JSON.stringify(recording)) as TimingRecording,
    <FixedClockProvider step={step} maxSteps={8} snapToDisplay={false}>
      <MainThread log={log} state={state} />
    </FixedClockProvider>,
  );
  replay.finish();
  replay.unmount();
  return { log, state: Array.from(state) };
}

/** The input record useStepInput makes of a recorded event (code, or pointer position and buttons). */
function record(e: TimingRecording['events'][number], timestampMs: number): InputEventInit {
  if (e.type.startsWith('key')) return { kind: e.type as 'keydown' | 'keyup', timestampMs, code: e.code ?? '', key: e.key ?? '', repeat: !!e.repeat };
  return { kind: 'pointermove', timestampMs, code: '', x: e.clientX ?? 0, y: e.clientY ?? 0, button: e.button ?? -1, buttons: e.buttons ?? 0, pointerId: e.pointerId ?? 1 };
}

function inWorker(recording: TimingRecording, step: number): { log: Line[]; state: number[] } {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  const log: Line[] = [];
  let sim: WorkerSimulation | null = null;
  function Game(): ReactNode {
    sim = useWorkerSimulation(() => createInProcessWorker(logger), { step, maxSteps: 8, read: 'latest', onMessage: (line) => void log.push(line as Line) });
    return null;
  }
  const view = render(<Game />);
  act(() => vi.advanceTimersByTime(5));
  sim!.readAt({ timestampMs: performance.now() });
  // The worker's time zero is the recording's first frame, `shift` ms later.
  const shift = sim!.step.startMs - recording.frames[0]!;
  for (const e of recording.events) {
    const at = e.timeStamp + shift;
    act(() => vi.advanceTimersByTime(Math.max(0, at - 2 - performance.now())));
    sim!.input(record(e, at));
  }
  const endMs = recording.frames[recording.frames.length - 1]! + shift;
  act(() => vi.advanceTimersByTime(endMs - performance.now()));
  sim!.readAt({ timestampMs: performance.now() });
  const state = Array.from(sim!.current);
  view.unmount();
  return { log, state };
}

/** A session on a jittery 60 Hz display with a late frame now and then, and keys and pointer moves between frames. */
function syntheticSession(seed: number): TimingRecording {
  const random = createSeededRandom(seed);
  const frames: number[] = [];
  const events: TimingRecording['events'] = [];
  let t = 1000;
  let down = false;
  for (let frame = 0; frame < 300; frame++) {
    const previous = t;
    t += (random.next() < 0.05 ? 3 : 1) * (1000 / 60) + (random.next() - 0.5);
    frames.push(t);
    if (frame > 0 && random.next() < 0.3) {
      // Strictly between the frames: a frame's own timestamp is the step boundary the tolerance may move.
      const timeStamp = previous + 0.5 + random.next() * (t - previous - 1);
      const key = random.next() < 0.7;
      down = key ? !down : down;
      events.push(
        key
          ? { frame, type: down ? 'keydown' : 'keyup', target: 'window', timeStamp, receivedMs: timeStamp, code: random.next() < 0.8 ? 'Space' : 'KeyA', key: ' ', repeat: false, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false }
          : { frame, type: 'pointermove', target: 'element', timeStamp, receivedMs: timeStamp, clientX: random.next() * 300, clientY: 20, button: -1, buttons: 0, pointerId: 1, pointerType: 'mouse' },
      );
    }
  }
  return { version: 1, startMs: frames[0]! - 1, frames, frameStartMs: frames, frameEndMs: frames, events };
}

describe('the same steps on the main thread and in the worker', () => {
  const cases: Array<[string, TimingRecording, number]> = [
    ['the Chromium session (test/devtools/fixtures)', chromiumSession.recording as TimingRecording, chromiumSession.step],
    ['a synthetic session, seed 1', syntheticSession(1), 1 / 60],
    ['a synthetic session, seed 2, 1/120 s steps', syntheticSession(2), 1 / 120],
    ['a synthetic session, seed 3, 1/45 s steps', syntheticSession(3), 1 / 45],
  ];
  it.each(cases)('%s', (_name, recording, step) => {
    const main = onMainThread(recording, step);
    const worker = inWorker(recording, step);
    expect(main.log.length).toBeGreaterThan(40);
    expect(main.log.some((line) => line.includes('keydown'))).toBe(true);
    expect(worker.log).toEqual(main.log);
    expect(worker.state).toEqual(main.state);
    const common = main.log.length;
    // Every event seen once (a step run twice would see its events twice; none is lost).
    const seen = (log: Line[]) => log.slice(0, common).join(' ').match(/(keydown|keyup|pointermove):/g)?.length ?? 0;
    expect(seen(worker.log)).toBe(seen(main.log));
    expect(seen(main.log)).toBeGreaterThanOrEqual(recording.events.filter((e) => e.timeStamp <= recording.frames.at(-2)!).length);
  });
});
