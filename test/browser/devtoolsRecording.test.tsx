// recordTiming in real Chromium: a game runs on the real requestAnimationFrame while real input
// (CDP key and pointer events) arrives; replayTiming then plays the recording on the same game
// and must produce the identical log: step indices, the events each step received, every alpha.
// Nothing about durations is asserted; the recording holds whatever frame rate the machine gave.
import { afterEach, describe, expect, it } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { recordTiming } from '../../src/devtools/index.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { replayTiming, resetDefaultScheduler } from '../../src/testing/index.js';
import { createFrameScheduler, FrameProvider } from '../../src/index.js';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';
import type { GameLog } from '../devtools/timingGame.js';
import { frames, recordRecipe, replayRecipe } from './docsRecipe.js';

const STEP = 1 / 75;

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

  it("the docs' recipe as written (recordTiming(), then createRoot().render(<App />)) replays with identical steps per frame, step indices, input and alpha", async () => {
    // The same recipe, game and comparison run in Firefox and WebKitGTK (runInEngine.mjs), with dispatched input.
    const { json, live } = await recordRecipe({
      press: (code) => userEvent.keyboard(`{${code}>}`),
      release: (code) => userEvent.keyboard(`{/${code}}`),
      hover: (id) => userEvent.hover(document.getElementById(id)!),
      click: (id) => userEvent.click(document.getElementById(id)!),
    });
    const outcome = replayRecipe(json, live);
    expect(outcome.problems).toEqual([]);
    // The recorder says how many frames ran before the game's clock existed: usually 1–3 here, 0 when
    // React committed the render before the first frame (seen once in a CI run); the replay is identical either way.
    expect(Number.isInteger(outcome.mountFrame) && outcome.mountFrame! >= 0).toBe(true);
  }, 60_000);
});
