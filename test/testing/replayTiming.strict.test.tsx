// replayTiming checks the whole recording before it mounts anything: a field it could not replay
// as recorded is a RangeError naming replayTiming, the field and the frame or event index.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as fc from 'fast-check';
import { act } from 'react';
import { createFrameScheduler, FrameProvider } from '../../src/index.js';
import { recordTiming } from '../../src/devtools/index.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { createManualFrameSource, replayTiming } from '../../src/testing/index.js';
import { cleanupMounted, render } from '../react/helpers.js';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';

afterEach(() => {
  cleanupMounted();
  vi.restoreAllMocks();
});

type Recorded = TimingRecording['events'][number];

/** A recording with one event of every kind, as recordTiming writes them. */
function validRecording(): TimingRecording {
  const keys = { code: 'Space', key: ' ', repeat: false, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
  const pointer = { clientX: 10, clientY: 20.5, button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse' };
  const events: Recorded[] = [
    { frame: 0, type: 'keydown', target: 'window', timeStamp: 10, receivedMs: 10.5, ...keys },
    { frame: 1, type: 'pointerdown', target: 'element', id: 'pad', timeStamp: 20, receivedMs: 20.2, ...pointer },
    { frame: 1, type: 'pointermove', target: 'element', timeStamp: 22, receivedMs: 22.2, ...pointer, button: -1 },
    { frame: 2, type: 'pointerup', target: 'element', timeStamp: 40, receivedMs: 40.1, ...pointer, buttons: 0 },
    { frame: 2, type: 'pointercancel', target: 'element', timeStamp: 41, receivedMs: 41.1, ...pointer, buttons: 0 },
    { frame: 3, type: 'keyup', target: 'window', timeStamp: 55, receivedMs: 55.3, ...keys },
    { frame: 3, type: 'blur', target: 'window', timeStamp: 56, receivedMs: 56 },
    { frame: 4, type: 'visibilitychange', target: 'document', timeStamp: 70, receivedMs: 70, visibility: 'hidden' },
  ];
  const frames = [16, 32, 48, 64, 80, 96];
  return { version: 1, startMs: 0, frames, frameStartMs: frames.map((t) => t + 0.5), frameEndMs: frames.map((t) => t + 2), events };
}

/** Renders counted: a recording rejected before mounting never renders the game. */
function counted(): { ui: React.ReactElement; renders: () => number } {
  let renders = 0;
  function Game() {
    renders++;
    return null;
  }
  return { ui: <Game />, renders: () => renders };
}

function edit(change: (r: Record<string, unknown> & { events: Array<Record<string, unknown>> }) => void): TimingRecording {
  const r = JSON.parse(JSON.stringify(validRecording())) as Record<string, unknown> & { events: Array<Record<string, unknown>> };
  change(r);
  return r as unknown as TimingRecording;
}

describe('replayTiming: strict recordings', () => {
  it('a recording started while a key was held replays with the key up: its keyup arrives with no keydown (docs/devtools.md)', () => {
    const held = validRecording();
    held.events = held.events.filter((e) => e.type === 'keyup');
    const log = createGameLog();
    const replay = replayTiming(held, <TimingGame log={log} />);
    replay.finish();
    replay.unmount();
    expect(log.steps.length).toBeGreaterThan(3);
    expect(log.steps.filter((line) => line.endsWith('| Space'))).toEqual([]);
    expect(log.steps.some((line) => line.includes('up:Space'))).toBe(true);
  });

  it('replays the valid recording (every kind of event) to the end', () => {
    const replay = replayTiming(validRecording(), <TimingGame log={createGameLog()} />);
    replay.finish();
    expect(replay.frameIndex).toBe(6);
    replay.unmount();
  });

  it('rejects before mounting what it would not replay faithfully, naming the field and the frame or event index', () => {
    const bad: Array<[string, TimingRecording, RegExp]> = [
      ['an event without receivedMs', edit((r) => delete r.events[1]!.receivedMs), /^replayTiming: `recording\.events\[1\]\.receivedMs` must be a finite number, got undefined$/],
      ['a string timeStamp', edit((r) => (r.events[3]!.timeStamp = '40')), /^replayTiming: `recording\.events\[3\]\.timeStamp` must be a finite number, got "40"$/],
      ['an event without timeStamp', edit((r) => delete r.events[0]!.timeStamp), /`recording\.events\[0\]\.timeStamp` must be a finite number, got undefined/],
      ['an unknown event type', edit((r) => (r.events[2]!.type = 'click')), /`recording\.events\[2\]\.type` must be one of 'keydown'.*'visibilitychange', got "click"/],
      ['frames out of order', edit((r) => ((r.frames as number[])[3] = 20)), /`recording\.frames\[3\]` must be no earlier than `recording\.frames\[2\]` \(48\), got 20/],
      ['a NaN frame', edit((r) => ((r.frames as number[])[2] = Number.NaN)), /`recording\.frames\[2\]` must be a finite time \(ms\), got NaN/],
      ['a null frame (NaN through JSON)', edit((r) => ((r.frames as unknown[])[0] = null)), /`recording\.frames\[0\]` must be a finite time \(ms\), got null/],
      ['another version', edit((r) => (r.version = 2)), /`recording\.version` must be 1 .*got 2/],
      ['no startMs', edit((r) => delete r.startMs), /`recording\.startMs` must be a finite time \(ms\), got undefined/],
      ['a work time missing', edit((r) => (r.frameEndMs as number[]).pop()), /`recording\.frameEndMs\.length` must be 6, one time per frame, got 5/],
      ['a string work time', edit((r) => ((r.frameStartMs as unknown[])[4] = '80')), /`recording\.frameStartMs\[4\]` must be a finite time \(ms\), got "80"/],
      ['skipped vblanks out of order', edit((r) => (r.skipped = [40, 30])), /`recording\.skipped\[1\]` must be no earlier/],
      ['an event after a frame that does not exist', edit((r) => (r.events[7]!.frame = 9)), /`recording\.events\[7\]\.frame` must be at most the number of frames \(6\), got 9/],
      ['events out of order', edit((r) => (r.events[2]!.frame = 0)), /`recording\.events\[2\]\.frame` must be no earlier than the event before's \(1\), got 0/],
      ['a key without its code', edit((r) => delete r.events[5]!.code), /`recording\.events\[5\]\.code` must be a string, got undefined/],
      ['a pointer without its buttons', edit((r) => delete r.events[1]!.buttons), /`recording\.events\[1\]\.buttons` must be a whole number >= 0, got undefined/],
      ['a visibility change without the state', edit((r) => delete r.events[7]!.visibility), /`recording\.events\[7\]\.visibility` must be one of 'visible', 'hidden', got undefined/],
      ['a visibility change on the window', edit((r) => (r.events[7]!.target = 'window')), /`recording\.events\[7\]\.target` must be 'document' for a visibilitychange, got "window"/],
      ['a field of another kind of event', edit((r) => (r.events[0]!.clientX = 3)), /`recording\.events\[0\]` has a field this version does not replay: `clientX`/],
      ['a field of a later format', edit((r) => ((r as unknown as Record<string, unknown>).gameState = {})), /`recording` has a field this version does not replay: `gameState`/],
      ['a control on a clock without its index', edit((r) => (r.controls = [{ frame: 1, event: 0, target: 'clock', name: 'pause' }])), /`recording\.controls\[0\]\.clock` must be the clock index/],
      ['an event that is not an object', edit((r) => (r.events[4] = 'keydown' as never)), /`recording\.events\[4\]` must be an object, got "keydown"/],
      ['a malformed long frame', edit((r) => (r.longFrames = [{ startMs: 1, durationMs: 60, blockingMs: 10, scripts: [{ sourceURL: 5 }] }])), /`recording\.longFrames\[0\]\.scripts\[0\]\.sourceURL` must be a string, got 5/],
      ['a malformed event timing', edit((r) => (r.eventTimings = [{ type: 'keydown', startMs: 1, inputDelayMs: 'x', processingMs: 1, durationMs: 8 }])), /`recording\.eventTimings\[0\]\.inputDelayMs` must be a finite number, got "x"/],
    ];
    for (const [what, recording, message] of bad) {
      const game = counted();
      const children = document.body.childElementCount;
      expect(() => replayTiming(recording, game.ui), what).toThrow(message);
      expect(game.renders(), what).toBe(0);
      expect(document.body.childElementCount, what).toBe(children);
    }
  });

  it('any one field of any event made missing, mistyped or non-finite is rejected, naming that event and field', () => {
    const recording = validRecording();
    const picks = recording.events.flatMap((event, i) => Object.keys(event).filter((name) => name !== 'id').map((name) => [i, name] as const));
    fc.assert(
      fc.property(fc.constantFrom(...picks), fc.constantFrom(undefined, null, Number.NaN, Infinity, 'text', { x: 1 }, [1]), ([i, name], value) => {
        const broken = edit((r) => {
          if (value === undefined) delete r.events[i]![name];
          else r.events[i]![name] = value;
        });
        // A string is a fine code, key or pointerType: those fields take any string.
        fc.pre(!(typeof value === 'string' && ['code', 'key', 'pointerType'].includes(name)));
        const game = counted();
        expect(() => replayTiming(broken, game.ui)).toThrow(new RegExp(`^replayTiming: \`recording\\.events\\[${i}\\]\\.${name}\` must be `));
        expect(game.renders()).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('a window blur recorded in happy-dom replays on the window: the key held before it is released in the replay too', () => {
    const live = createGameLog();
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source });
    vi.spyOn(performance, 'now').mockImplementation(() => source.now());
    const view = render(
      <FrameProvider scheduler={scheduler}>
        <TimingGame log={live} />
      </FrameProvider>,
    );
    const recorder = recordTiming({ scheduler });
    const at = (t: number, target: EventTarget, event: Event): void => {
      source.setNow(t);
      Object.defineProperty(event, 'timeStamp', { value: t });
      act(() => void target.dispatchEvent(event));
    };
    for (let k = 1; k <= 30; k++) {
      if (k === 5) at(70, window, new KeyboardEvent('keydown', { code: 'Space', key: ' ' }));
      if (k === 15) at(240, window, new FocusEvent('blur'));
      act(() => source.tick(k * 16));
    }
    const recording = recorder.stop();
    view.unmount();
    scheduler.destroy();
    vi.restoreAllMocks();
    // Live: Space is held from the press until the blur, then released.
    expect(live.steps.at(-1)).toMatch(/\| -$/);
    expect(live.steps.some((line) => line.endsWith('| Space'))).toBe(true);
    const replayed = createGameLog();
    const replay = replayTiming(JSON.parse(JSON.stringify(recording)) as TimingRecording, <TimingGame log={replayed} />);
    replay.finish();
    replay.unmount();
    expect(replayed).toEqual(live);
    expect(recording.events.map((e) => `${e.type}@${e.target}`)).toEqual(['keydown@window', 'blur@window']);
  });
});
