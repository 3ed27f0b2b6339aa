// Controls an app calls from a button (outside frames, outside the recorded input's handlers) are
// recorded with their frame and step and called again by the replay at the same point.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useEffect, useState } from 'react';
import { recordTiming } from '../../src/devtools/index.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { createFrameScheduler, FrameProvider, useFixedClock } from '../../src/index.js';
import type { FixedClock, FrameScheduler } from '../../src/index.js';
import { createManualFrameSource, replayTiming } from '../../src/testing/index.js';
import { cleanupMounted, render } from '../react/helpers.js';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';
import type { GameLog } from '../devtools/timingGame.js';

afterEach(() => cleanupMounted());

const STEP = 1 / 60;

/** Hands the game's clock out, and pauses or resumes it on `KeyP` (a handler of recorded input). */
function Controls({ into }: { into: { clock?: FixedClock } }) {
  const clock = useFixedClock();
  into.clock = clock;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'KeyP') return;
      if (clock.paused) clock.resume();
      else clock.pause();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [clock]);
  return null;
}

function key(code: string, stampMs: number): void {
  const event = new KeyboardEvent('keydown', { code, key: code, bubbles: true });
  Object.defineProperty(event, 'timeStamp', { value: stampMs });
  act(() => void window.dispatchEvent(event));
}

/** What "buttons" do between frames: index of the frame before which they act. */
type Buttons = Record<number, (clock: FixedClock, scheduler: FrameScheduler) => void>;

function recordSession(buttons: Buttons, frames: number): { log: GameLog; recording: TimingRecording } {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = createFrameScheduler({ source });
  const now = vi.spyOn(performance, 'now').mockImplementation(() => source.now());
  const recorder = recordTiming({ scheduler });
  const log = createGameLog();
  const into: { clock?: FixedClock } = {};
  const view = render(
    <FrameProvider scheduler={scheduler}>
      <TimingGame log={log} step={STEP}>
        <Controls into={into} />
      </TimingGame>
    </FrameProvider>,
  );
  for (let k = 1; k <= frames; k++) {
    const t = 100 + (k * 1000) / 60 + ((k * 7) % 5) * 0.2;
    source.setNow(t - 5);
    if (k === 12 || k === 16) key('KeyP', t - 5);
    act(() => buttons[k]?.(into.clock!, scheduler));
    act(() => source.tick(t));
  }
  const recording = recorder.stop();
  view.unmount();
  scheduler.destroy();
  now.mockRestore();
  return { log, recording };
}

function replay(recording: TimingRecording): GameLog {
  const log = createGameLog();
  const into: { clock?: FixedClock } = {};
  const replayed = replayTiming(JSON.parse(JSON.stringify(recording)) as TimingRecording, (
    <TimingGame log={log} step={STEP}>
      <Controls into={into} />
    </TimingGame>
  ));
  replayed.finish();
  replayed.unmount();
  return log;
}

const SESSION: Buttons = {
  5: (clock) => clock.pause(),
  8: (clock) => void clock.stepOnce(),
  10: (clock) => {
    clock.resume();
    clock.setTimeScale(0.5);
  },
  25: (_clock, scheduler) => scheduler.setTimeScale(0.25),
  30: (_clock, scheduler) => scheduler.pause(),
  34: (_clock, scheduler) => {
    scheduler.resume();
    scheduler.setTimeScale(1);
  },
  40: (clock) => clock.setOptions({ step: 1 / 30, timeScale: 1 }),
  50: (clock) => clock.reset(),
};

describe('replayTiming of the controls an app called between frames', () => {
  it('records pause, stepOnce, resume, time scales, setOptions and reset with their frame and step, and the replay runs the same steps', () => {
    const live = recordSession(SESSION, 70);
    const controls = live.recording.controls ?? [];
    expect(controls.map((c) => `${c.frame} ${c.target} ${c.name}`)).toEqual([
      '0 clock setOptions', // <FixedClockProvider>'s effects at mount: the replay's call them too, with the same values
      '0 clock setInterpolation',
      '4 clock pause',
      '7 clock stepOnce',
      '9 clock resume',
      '9 clock setTimeScale',
      '24 scheduler setTimeScale',
      '29 scheduler pause',
      '33 scheduler resume',
      '33 scheduler setTimeScale',
      '39 clock setOptions',
      '49 clock reset',
    ]);
    // The pause and resume by the recorded KeyP handler are not kept: the replayed key does them again.
    expect(controls.filter((c) => c.frame === 11 || c.frame === 15)).toEqual([]);
    expect(controls[3]!.totalSteps).toBe(controls[2]!.totalSteps);
    expect(controls[4]!.totalSteps).toBe(controls[2]!.totalSteps! + 1);
    expect(controls[10]!.value).toEqual({ step: 1 / 30, timeScale: 1 });

    const replayed = replay(live.recording);
    expect(replayed.steps.length).toBe(live.log.steps.length);
    expect(replayed).toEqual(live.log);
    // Without the controls the same frames run other steps: the session depends on them.
    expect(replay({ ...live.recording, controls: undefined }).steps.length).not.toBe(live.log.steps.length);
  });

  it("records a provider's paused and interpolation props set from a button, and the scheduler's cap, maxDelta and adaptive calls; the replay runs the same steps and alphas", () => {
    type Props = { paused: boolean; interpolation: 'none' | 'previous' };
    const setters: { set?: (next: Props) => void } = {};
    function PropsGame({ log }: { log: GameLog }) {
      const [props, setProps] = useState<Props>({ paused: false, interpolation: 'previous' });
      setters.set = setProps;
      return <TimingGame log={log} paused={props.paused} interpolation={props.interpolation} />;
    }
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source });
    const now = vi.spyOn(performance, 'now').mockImplementation(() => source.now());
    const recorder = recordTiming({ scheduler });
    const log = createGameLog();
    const view = render(<FrameProvider scheduler={scheduler}><PropsGame log={log} /></FrameProvider>);
    const buttons: Record<number, () => void> = {
      6: () => setters.set!({ paused: true, interpolation: 'previous' }),
      12: () => setters.set!({ paused: false, interpolation: 'none' }),
      18: () => scheduler.setMaxFrameRate(30),
      30: () => scheduler.setMaxDelta(0.02),
      36: () => scheduler.setMaxFrameRate(undefined),
      44: () => scheduler.setAdaptive({ maxDivisor: 3 }),
      46: () => scheduler.setAdaptive(false),
      50: () => setters.set!({ paused: false, interpolation: 'previous' }),
    };
    for (let k = 1; k <= 70; k++) {
      // A 60 ms hitch at frame 33: maxDelta 0.02 clamps it.
      const t = 100 + (k * 1000) / 60 + (k >= 33 ? 60 : 0) + ((k * 7) % 5) * 0.2;
      source.setNow(t - 5);
      act(() => buttons[k]?.());
      act(() => source.tick(t));
    }
    const recording = recorder.stop();
    view.unmount();
    scheduler.destroy();
    now.mockRestore();

    expect((recording.controls ?? []).map((c) => `${c.target} ${c.name}${c.value === undefined ? '' : ` ${JSON.stringify(c.value)}`}`)).toEqual([
      'clock setOptions {"step":0.016666666666666666,"maxSteps":8,"overload":"slow-motion"}',
      'clock setInterpolation "previous"',
      'clock hold 0',
      'clock release 0',
      'clock setInterpolation "none"',
      'scheduler setMaxFrameRate 30',
      'scheduler setMaxDelta 0.02',
      'scheduler setMaxFrameRate',
      'scheduler setAdaptive {"maxDivisor":3}',
      'scheduler setAdaptive false',
      'clock setInterpolation "previous"',
    ]);
    const replayLog = (r: TimingRecording) => {
      const out = createGameLog();
      const replayed = replayTiming(JSON.parse(JSON.stringify(r)) as TimingRecording, <TimingGame log={out} />);
      replayed.finish();
      replayed.unmount();
      return out;
    };
    // The cap was lifted after a skipped vblank: the replay delivers that vblank under the cap, then lifts it.
    expect(recording.controls!.find((c) => c.name === 'setMaxFrameRate' && c.value === undefined)!.skipped).toBeGreaterThan(0);
    expect(replayLog(recording)).toEqual(log);
    // Without them the same frames give other steps and alphas.
    expect(replayLog({ ...recording, controls: undefined })).not.toEqual(log);
  });

  it('rejects malformed controls by field and index before mounting', () => {
    const { recording } = recordSession(SESSION, 60);
    const withControl = (patch: object) => ({ ...recording, controls: [{ ...recording.controls![2]!, ...patch }] });
    expect(() => replayTiming(withControl({ name: 'jump' }), null)).toThrow(/`recording\.controls\[0\]\.name` must be one of/);
    expect(() => replayTiming(withControl({ frame: 61 }), null)).toThrow(/`recording\.controls\[0\]\.frame` must be at most/);
    expect(() => replayTiming(withControl({ name: 'setTimeScale', value: -1 }), null)).toThrow(/`recording\.controls\[0\]\.value` must be a time scale/);
    expect(() => replayTiming(withControl({ target: 'scheduler', name: 'reset', clock: undefined }), null)).toThrow(/`recording\.controls\[0\]\.name` must be one of 'pause', 'resume', 'setTimeScale', 'setMaxFrameRate', 'setAdaptive', 'setMaxDelta' on the scheduler/);
    expect(() => replayTiming(withControl({ name: 'setMaxDelta', value: 0.1 }), null)).toThrow(/`recording\.controls\[0\]\.target` must be 'scheduler' for setMaxDelta/);
    expect(() => replayTiming(withControl({ name: 'hold', value: 'x' }), null)).toThrow(/`recording\.controls\[0\]\.value` must be a whole number/);
    expect(() => replayTiming(withControl({ name: 'setInterpolation', value: 'cubic' }), null)).toThrow(/`recording\.controls\[0\]\.value` must be one of 'none', 'previous', 'ahead', 'predicted'/);
    expect(() => replayTiming(withControl({ clock: undefined }), null)).toThrow(/`recording\.controls\[0\]\.clock` must be the clock index/);
    expect(() => replayTiming(withControl({ extra: 1 }), null)).toThrow(/`recording\.controls\[0\]` has a field this version does not replay: `extra`/);
  });

  it('says which clock is missing when the replayed ui made fewer clocks than the recording names', () => {
    const { recording } = recordSession(SESSION, 20);
    const replayed = replayTiming(recording, null);
    expect(() => replayed.finish()).toThrow(/replayTiming: `recording\.controls\[0\]\.clock` is clock 0, but the replayed app made 0 fixed clock/);
    replayed.unmount();
  });
});
