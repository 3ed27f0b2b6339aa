// recordTiming in real Chromium: a game runs on the real requestAnimationFrame while real input
// (CDP key and pointer events) arrives; replayTiming then plays the recording on the same game
// and must produce the identical log: step indices, the events each step received, every alpha.
// Nothing about durations is asserted; the recording holds whatever frame rate the machine gave.
import { afterEach, describe, expect, it } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { recordTiming } from '../../src/devtools/recordTiming.js';
import { recordTiming as recordTimingPublic } from '../../src/devtools/index.js';
import { replayTiming as replayTimingPublic, resetDefaultScheduler } from '../../src/testing/index.js';
import type { TimingRecording } from '../../src/devtools/format.js';
import { FrameProvider } from '../../src/react/FrameProvider.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { replayTiming } from '../../src/testing/replayTiming.js';
import { useFixedClock } from '../../src/index.js';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';
import type { GameLog } from '../devtools/timingGame.js';

const STEP = 1 / 75;

/** Resolve after `n` real animation frames. */
function frames(n: number): Promise<void> {
  return new Promise((resolve) => {
    let left = n;
    const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

afterEach(() => {
  // The recipe runs on the page's default scheduler: each test starts on a fresh one, as a page load does
  // (a warm one would carry its refresh detector's history, which a recording does not hold).
  resetDefaultScheduler();
  document.body.innerHTML = '';
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe('recordTiming in Chromium, replayTiming after', () => {
  it('a recording made on real frames with real input replays with identical step indices, input-to-step assignment and alpha', async () => {
    const live = createGameLog();
    const scheduler = createFrameScheduler();
    const host = document.body.appendChild(document.createElement('div'));
    const pad = document.body.appendChild(document.createElement('div'));
    pad.id = 'pad';
    pad.style.cssText = 'position:fixed;left:0;top:0;width:200px;height:200px';
    const root = createRoot(host);
    // Mount and start recording in one task: the game's clock and the recording share the first frame.
    flushSync(() =>
      root.render(
        <FrameProvider scheduler={scheduler}>
          <TimingGame log={live} step={STEP} />
        </FrameProvider>,
      ),
    );
    const recorder = recordTiming({ scheduler });

    await frames(10);
    await userEvent.keyboard('{Space>}');
    await frames(5);
    await userEvent.hover(pad, { position: { x: 20, y: 30 } });
    await frames(3);
    await userEvent.keyboard('{/Space}');
    await userEvent.hover(pad, { position: { x: 120, y: 90 } });
    await frames(4);
    await userEvent.keyboard('{Space}');
    await frames(10);

    // Stop and unmount in one task: the live log ends on the last recorded frame.
    const recording = recorder.stop();
    root.unmount();
    scheduler.destroy();

    expect(recording.frames.length).toBeGreaterThan(30);
    expect(live.alphas).toHaveLength(recording.frames.length);
    const kinds = recording.events.map((e) => e.type);
    expect(kinds).toContain('keydown');
    expect(kinds).toContain('keyup');
    expect(kinds).toContain('pointermove');
    // Real input reached the live game's steps (three presses and releases of Space, pointer moves).
    expect(live.steps.filter((line) => line.includes('keydown:Space'))).toHaveLength(2);
    expect(live.steps.some((line) => line.includes('pointermove:'))).toBe(true);

    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const replayed: GameLog = createGameLog();
    const replay = replayTiming(JSON.parse(JSON.stringify(recording)) as TimingRecording, <TimingGame log={replayed} step={STEP} />);
    replay.finish();
    replay.unmount();

    expect(replayed.steps).toEqual(live.steps);
    expect(replayed.alphas).toEqual(live.alphas);

    // Kept for the jsdom test that replays a Chromium session (set VITE_WRITE_TIMING_FIXTURE=1 to refresh it).
    if (import.meta.env.VITE_WRITE_TIMING_FIXTURE) {
      await commands.writeFile('test/devtools/fixtures/chromium-session.json', `${JSON.stringify({ step: STEP, recording, log: live }, null, 1)}\n`);
    }
  }, 60_000);

  it("the docs' recipe as written (recordTiming(), then createRoot().render(<App />)) replays with identical steps, input and alpha", async () => {
    const live = createGameLog();
    const App = () => <TimingGame log={live} step={STEP} />;
    const host = document.body.appendChild(document.createElement('div'));
    host.id = 'root';

    // docs/devtools.md, "Recording a session", verbatim: the render lands a frame or two later.
    const recorder = recordTimingPublic();
    const root = createRoot(document.getElementById('root')!);
    root.render(<App />);

    await frames(8);
    await userEvent.keyboard('{Space>}');
    await frames(4);
    await userEvent.keyboard('{/Space}');
    await frames(4);
    await userEvent.keyboard('{Space}');
    await frames(8);
    const recording = JSON.parse(JSON.stringify(recorder.stop())) as TimingRecording;
    root.unmount();

    // The recorder saw the frames before the game's clock existed, and says how many.
    expect(recording.mountFrame).toBeTypeOf('number');
    expect(live.alphas).toHaveLength(recording.frames.length - recording.mountFrame!);
    expect(live.steps.filter((line) => line.includes('keydown:Space'))).toHaveLength(2);

    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const replayed = createGameLog();
    const replay = replayTimingPublic(recording, <TimingGame log={replayed} step={STEP} />);
    replay.finish();
    replay.unmount();
    expect(replayed.steps).toEqual(live.steps);
    expect(replayed.alphas).toEqual(live.alphas);
  }, 60_000);

  it('pause and slow motion from buttons (real clicks) are recorded and the replay runs the same steps', async () => {
    function Buttons() {
      const clock = useFixedClock();
      return (
        <>
          <button id="pause" onClick={() => (clock.paused ? clock.resume() : clock.pause())}>pause</button>
          <button id="slow" onClick={() => clock.setTimeScale(clock.timeScale === 1 ? 0.25 : 1)}>slow</button>
        </>
      );
    }
    const live = createGameLog();
    const host = document.body.appendChild(document.createElement('div'));
    host.id = 'root';
    const recorder = recordTimingPublic();
    const root = createRoot(document.getElementById('root')!);
    root.render(
      <TimingGame log={live} step={STEP}>
        <Buttons />
      </TimingGame>,
    );
    await frames(6);
    await userEvent.click(document.getElementById('pause')!);
    await frames(6);
    await userEvent.click(document.getElementById('pause')!);
    await userEvent.click(document.getElementById('slow')!);
    await frames(12);
    await userEvent.click(document.getElementById('slow')!);
    await frames(6);
    const recording = JSON.parse(JSON.stringify(recorder.stop())) as TimingRecording;
    root.unmount();

    // Four clicks, each kept with its frame (the provider's mount-time setOptions comes first).
    expect(recording.controls!.filter((c) => c.name !== 'setOptions').map((c) => c.name)).toEqual(['pause', 'resume', 'setTimeScale', 'setTimeScale']);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const replayed = createGameLog();
    const replay = replayTimingPublic(
      recording,
      <TimingGame log={replayed} step={STEP}>
        <Buttons />
      </TimingGame>,
    );
    replay.finish();
    replay.unmount();
    expect(replayed.steps.length).toBe(live.steps.length);
    expect(replayed.steps).toEqual(live.steps);
    expect(replayed.alphas).toEqual(live.alphas);
    // Without the controls the same frames would run more steps: the clicks mattered.
    const uncontrolled = createGameLog();
    const plain = replayTimingPublic({ ...recording, controls: undefined }, <TimingGame log={uncontrolled} step={STEP} />);
    plain.finish();
    plain.unmount();
    expect(uncontrolled.steps.length).toBeGreaterThan(live.steps.length);
  }, 60_000);
});
