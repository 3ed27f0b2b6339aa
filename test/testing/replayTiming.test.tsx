import { afterEach, describe, expect, it, vi } from 'vitest';
import * as fc from 'fast-check';
import { act, type ReactElement } from 'react';
import { useFrame } from '../../src/react/useFrame.js';
import { useFrameScheduler } from '../../src/react/useFrameScheduler.js';
import { recordTiming } from '../../src/devtools/recordTiming.js';
import type { TimingRecording } from '../../src/devtools/format.js';
import { FrameProvider } from '../../src/react/FrameProvider.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource, type ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { FrameInfo, FrameSchedulerOptions } from '../../src/scheduler/types.js';
import { replayTiming } from '../../src/testing/replayTiming.js';
import { cleanupMounted, render } from '../react/helpers.js';
import chromiumSession from '../devtools/fixtures/chromium-session.json';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';
import type { GameLog } from '../devtools/timingGame.js';

afterEach(() => cleanupMounted());

/** A frame of the synthetic session: vblanks since the previous one, timestamp jitter, and input before it. */
interface SessionFrame {
  vblanks: number;
  jitterMs: number;
  input: Array<{ type: 'keydown' | 'keyup' | 'pointermove'; fraction: number; lateMs: number }>;
}

/** Dispatch `event` as a browser would: its `timeStamp` is when it happened, not when it was made. */
function dispatchAt(target: EventTarget, event: Event, timeStamp: number): void {
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  act(() => void target.dispatchEvent(event));
}

/**
 * Play a session "live" on a hand-driven display of `refreshRate` Hz while `recordTiming` records
 * it: frames `vblanks` intervals apart with jitter, and input events stamped between frames (some
 * delivered late, stamped before the frame that ran just before them).
 */
function playLive(session: SessionFrame[], step: number, refreshRate = 60): { log: GameLog; recording: TimingRecording } {
  const log = createGameLog();
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = createFrameScheduler({ source });
  // The page's clock is the display's, as in a browser: useStepInput and the recorder read performance.now().
  const clock = vi.spyOn(performance, 'now').mockImplementation(() => source.now());
  const view = render(
    <FrameProvider scheduler={scheduler}>
      <TimingGame log={log} step={step} />
    </FrameProvider>,
  );
  const recorder = recordTiming({ scheduler });
  const intervalMs = 1000 / refreshRate;
  let vblank = 0;
  let previous = 0;
  for (const frame of session) {
    vblank += frame.vblanks;
    const t = 100 + vblank * intervalMs + frame.jitterMs;
    for (const input of frame.input) {
      const at = previous + (t - previous) * input.fraction - input.lateMs;
      const event =
        input.type === 'pointermove'
          ? new PointerEvent('pointermove', { clientX: at % 300, clientY: 7, bubbles: true })
          : new KeyboardEvent(input.type, { code: 'Space', key: ' ', bubbles: true });
      source.setNow(Math.max(source.now(), at + input.lateMs)); // it arrives lateMs after its stamp
      dispatchAt(input.type === 'pointermove' ? document.body : window, event, at);
    }
    act(() => source.tick(t));
    previous = t;
  }
  const recording = recorder.stop();
  view.unmount();
  scheduler.destroy();
  clock.mockRestore();
  return { log, recording };
}

function replay(recording: TimingRecording, step: number): GameLog {
  const log = createGameLog();
  // Through JSON, as a bug report's attachment would arrive.
  const replayed = replayTiming(JSON.parse(JSON.stringify(recording)) as TimingRecording, <TimingGame log={log} step={step} />);
  replayed.finish();
  replayed.unmount();
  return log;
}

const sessionFrame = fc.record({
  vblanks: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.integer({ min: 2, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 10, max: 40 }) }),
  jitterMs: fc.double({ min: -1, max: 1, noNaN: true }),
  input: fc.array(
    fc.record({
      type: fc.constantFrom('keydown' as const, 'keyup' as const, 'pointermove' as const),
      fraction: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      lateMs: fc.constantFrom(0, 0, 3),
    }),
    { maxLength: 2 },
  ),
});

describe('recordTiming → replayTiming', () => {
  it('replays a recorded session with the same step indices, the same input in the same steps and the same alpha', () => {
    fc.assert(
      fc.property(fc.array(sessionFrame, { minLength: 20, maxLength: 80 }), fc.constantFrom(1 / 60, 1 / 50, 1 / 144), (session, step) => {
        const live = playLive(session, step);
        expect(live.recording.frames).toHaveLength(session.length);
        expect(replay(live.recording, step)).toEqual(live.log);
      }),
      { numRuns: 25 },
    );
  });

  it('is not trivially equal: the session has steps with input, frames with 0 and several steps, and varying alpha', () => {
    const session: SessionFrame[] = Array.from({ length: 60 }, (_, i) => ({
      vblanks: i === 30 ? 3 : 1,
      jitterMs: ((i * 7) % 5) * 0.3 - 0.6,
      input: i % 10 === 5 ? [{ type: i % 20 === 5 ? 'keydown' : 'keyup', fraction: 0.5, lateMs: 0 }] : [],
    }));
    const live = playLive(session, 1 / 75);
    const replayed = replay(live.recording, 1 / 75);
    expect(replayed).toEqual(live.log);
    expect(live.log.steps.filter((line) => line.includes('keydown:Space'))).toHaveLength(3);
    expect(live.log.steps.some((line) => line.endsWith('| Space'))).toBe(true);
    expect(new Set(live.log.alphas.map((a) => a.toFixed(3))).size).toBeGreaterThan(5);
    // The same stream replayed on a game of another step gives another log: the replay is not a copy.
    expect(replay(live.recording, 1 / 60)).not.toEqual(live.log);
  });

  it('replays a session recorded in Chromium (real frames, real CDP input) exactly as the game ran there', () => {
    // Written by test/browser/devtoolsRecording.test.tsx: the recording and the game's log in Chromium.
    const { step, recording, log } = chromiumSession as { step: number; recording: TimingRecording; log: GameLog };
    expect(log.steps.filter((line) => / key(down|up):Space/.test(line)).length).toBeGreaterThanOrEqual(4);
    expect(replay(recording, step)).toEqual(log);
  });

  /**
   * Record `ui` live on a manual source at `timestampMs(1 … frames)`, optionally doing `work` in
   * each frame's update phase. The page's clock is the display's, as in a browser: the recorder
   * reads performance.now().
   */
  function recordLive(
    options: FrameSchedulerOptions,
    ui: ReactElement,
    frames: number,
    timestampMs: (k: number) => number,
    work?: (frame: FrameInfo, source: ManualFrameSource) => void,
  ): TimingRecording {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ ...options, source });
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => source.now());
    const view = render(<FrameProvider scheduler={scheduler}>{ui}</FrameProvider>);
    const recorder = recordTiming({ scheduler });
    if (work) scheduler.subscribe((frame) => work(frame, source), { phase: 'update' });
    for (let k = 1; k <= frames; k++) act(() => source.tick(timestampMs(k)));
    const recording = recorder.stop();
    view.unmount();
    scheduler.destroy();
    clock.mockRestore();
    return recording;
  }

  it('replays the work time of each frame and the skipped vblanks: the adaptive rate steps down and back up at the same frames', () => {
    function Divisors({ log }: { log: number[] }) {
      useFrame((frame) => void log.push(frame.divisor));
      return null;
    }
    const live: number[] = [];
    // Frames 30 to 60 work 25 ms, longer than a vblank: the adaptive rate steps down to 30 Hz.
    const recording = recordLive({ adaptive: true }, <Divisors log={live} />, 400, (k) => 100 + (k * 1000) / 60, (frame, source) =>
      source.setNow(frame.timestampMs + (frame.frameIndex >= 30 && frame.frameIndex < 60 ? 25 : 3)),
    );
    const firstChange = live.findIndex((d) => d !== 1);
    expect(firstChange).toBeGreaterThan(30);
    // It stepped down, skipped vblanks (kept in the recording), and stepped up again.
    expect(live.slice(firstChange)).toContain(1);
    expect(recording.skipped!.length).toBeGreaterThan(5);
    expect(recording.frames.length + recording.skipped!.length).toBe(400);

    const replayed: number[] = [];
    const replay = replayTiming(recording, <Divisors log={replayed} />, { adaptive: true });
    replay.finish();
    replay.unmount();
    expect(replayed).toEqual(live);
    // Without the recorded work times the same frames never step down.
    const idle: number[] = [];
    const plain = replayTiming({ ...recording, frameStartMs: undefined, frameEndMs: recording.frames }, <Divisors log={idle} />, { adaptive: true });
    plain.advanceFrames(firstChange + 1);
    plain.unmount();
    expect(idle.every((d) => d === 1)).toBe(true);
  });

  it('replays the vblanks a maxFrameRate cap skipped: the replay detects the display, not the capped stream', () => {
    function Rates({ log }: { log: string[] }) {
      const scheduler = useFrameScheduler();
      useFrame((frame) => void log.push(`${scheduler.refreshRate.state} ${frame.refreshRate.toFixed(2)} ÷${frame.divisor}`));
      return null;
    }
    const live: string[] = [];
    const recording = recordLive({ maxFrameRate: 30 }, <Rates log={live} />, 240, (k) => 100 + (k * 1000) / 60 + ((k * 7) % 5) * 0.05);
    expect(live.at(-1)).toBe('synced 60.00 ÷2');
    expect(recording.skipped!.length).toBeGreaterThan(100);

    const replay = (r: TimingRecording): string[] => {
      const log: string[] = [];
      const run = replayTiming(r, <Rates log={log} />, { maxFrameRate: 30 });
      run.finish();
      run.unmount();
      return log;
    };
    expect(replay(recording)).toEqual(live);
    // Without them the replay's detector sees a 30 Hz stream: a throttled loop.
    expect(replay({ ...recording, skipped: undefined }).at(-1)).toBe('throttled 60.00 ÷2');
  });

  it('replays page visibility: the game sees document.visibilityState change before the same frame, and it is restored at unmount', () => {
    const seen: string[] = [];
    const recording: TimingRecording = {
      version: 1,
      startMs: 0,
      frames: [16, 32, 48],
      frameEndMs: [17, 33, 49],
      events: [{ frame: 2, type: 'visibilitychange', target: 'document', timeStamp: 40, receivedMs: 40, visibility: 'hidden' }],
    };
    const onChange = () => seen.push(document.visibilityState);
    document.addEventListener('visibilitychange', onChange);
    const replayed = replayTiming(recording, <TimingGame log={createGameLog()} />);
    replayed.advanceFrames(2);
    expect(seen).toEqual([]);
    replayed.advanceFrames(1);
    expect(seen).toEqual(['hidden']);
    expect(replayed.frameIndex).toBe(3);
    replayed.unmount();
    document.removeEventListener('visibilitychange', onChange);
    expect(document.visibilityState).toBe('visible');
  });

  it('rejects a recording of another version or with bad frames, naming replayTiming and the field', () => {
    const good: TimingRecording = { version: 1, startMs: 0, frames: [16, 32], frameEndMs: [16, 32], events: [] };
    expect(() => replayTiming({ ...good, version: 2 } as unknown as TimingRecording, null)).toThrow(/replayTiming: `recording.version` must be 1.*got 2/);
    expect(() => replayTiming({ ...good, frames: [32, 16] }, null)).toThrow(/replayTiming: `recording.frames\[1\]`/);
    expect(() => replayTiming(null as unknown as TimingRecording, null)).toThrow(/replayTiming: `recording`/);
  });
});
