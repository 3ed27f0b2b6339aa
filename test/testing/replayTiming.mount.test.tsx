// The docs' recipe: `recordTiming()` first, then the app mounts one or more frames later. The replay
// must mount the app at the same frame, or every step index, input assignment and alpha shifts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as fc from 'fast-check';
import { act } from 'react';
import { recordTiming } from '../../src/devtools/index.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { createFrameScheduler, FrameProvider } from '../../src/index.js';
import { createManualFrameSource, replayTiming } from '../../src/testing/index.js';
import { cleanupMounted, render } from '../react/helpers.js';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';
import type { GameLog } from '../devtools/timingGame.js';

afterEach(() => cleanupMounted());

const STEP = 1 / 60;

/** Dispatch a key as a browser would: stamped when it happened, received `lateMs` later. */
function press(type: 'keydown' | 'keyup', stampMs: number): void {
  const event = new KeyboardEvent(type, { code: 'Space', key: ' ', bubbles: true });
  Object.defineProperty(event, 'timeStamp', { value: stampMs });
  act(() => void window.dispatchEvent(event));
}

/**
 * Record as docs/devtools.md says: the recorder starts, `framesBefore` frames run with nothing else
 * subscribed, then the game mounts and plays `frames` frames with a key pressed and released.
 */
function recordRecipe(framesBefore: number, frames: number, jitter: (k: number) => number): { log: GameLog; recording: TimingRecording } {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = createFrameScheduler({ source });
  const clock = vi.spyOn(performance, 'now').mockImplementation(() => source.now());
  const recorder = recordTiming({ scheduler });
  const at = (k: number): number => 100 + (k * 1000) / 60 + jitter(k);
  let k = 1;
  for (; k <= framesBefore; k++) act(() => source.tick(at(k)));
  const log = createGameLog();
  const view = render(
    <FrameProvider scheduler={scheduler}>
      <TimingGame log={log} step={STEP} />
    </FrameProvider>,
  );
  for (let i = 0; i < frames; i++, k++) {
    if (i === 5 || i === 17) {
      const stamp = at(k - 1) + 0.4 * (at(k) - at(k - 1));
      source.setNow(stamp);
      press(i === 5 ? 'keydown' : 'keyup', stamp);
    }
    act(() => source.tick(at(k)));
  }
  const recording = recorder.stop();
  view.unmount();
  scheduler.destroy();
  clock.mockRestore();
  return { log, recording };
}

function replay(recording: TimingRecording): GameLog {
  const log = createGameLog();
  const replayed = replayTiming(JSON.parse(JSON.stringify(recording)) as TimingRecording, <TimingGame log={log} step={STEP} />);
  replayed.finish();
  replayed.unmount();
  return log;
}

describe('replayTiming of a recording started before the app mounted', () => {
  it('notes the frame the app mounted on and mounts the replay there: same step indices, input steps and alpha', () => {
    for (const framesBefore of [1, 2]) {
      const live = recordRecipe(framesBefore, 40, (k) => ((k * 7) % 5) * 0.3 - 0.6);
      expect(live.recording.mountFrame).toBe(framesBefore);
      expect(live.log.steps.filter((line) => line.includes('keydown:Space'))).toHaveLength(1);
      expect(live.log.steps[0]!.startsWith('0 |')).toBe(true);
      expect(replay(live.recording)).toEqual(live.log);
    }
  });

  it('replays exactly for any number of frames before the mount and any jitter (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 50, maxLength: 50 }), (framesBefore, jitters) => {
        const live = recordRecipe(framesBefore, 40, (k) => jitters[k % jitters.length]!);
        expect(replay(live.recording)).toEqual(live.log);
      }),
      { numRuns: 15 },
    );
  });

  it('mounting before the first frame instead (what a replay did before mountFrame) shifts the session', () => {
    const live = recordRecipe(2, 40, (k) => ((k * 3) % 4) * 0.4 - 0.6);
    const { mountFrame, ...withoutMount } = live.recording;
    expect(mountFrame).toBe(2);
    expect(replay(withoutMount)).not.toEqual(live.log);
  });

  it('leaves mountFrame out when the app was subscribed before recording started (a mid-game recording)', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source });
    const log = createGameLog();
    render(
      <FrameProvider scheduler={scheduler}>
        <TimingGame log={log} step={STEP} />
      </FrameProvider>,
    );
    const recorder = recordTiming({ scheduler });
    for (let k = 1; k <= 5; k++) act(() => source.tick(100 + (k * 1000) / 60));
    expect(recorder.stop().mountFrame).toBeUndefined();
    scheduler.destroy();
  });

  it('rejects a mountFrame that is not a whole number of recorded frames, by field', () => {
    const { recording } = recordRecipe(1, 5, () => 0);
    for (const bad of [-1, 1.5, recording.frames.length + 1, '1']) {
      expect(() => replayTiming({ ...recording, mountFrame: bad as number }, null)).toThrow(/replayTiming: `recording\.mountFrame` must be/);
    }
  });
});
