import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, Profiler } from 'react';
import { FrameTimingOverlay } from '../../src/devtools/FrameTimingOverlay.js';
import type { FrameTimingOverlayProps } from '../../src/devtools/FrameTimingOverlay.js';
import type { TimingRecording } from '../../src/devtools/format.js';
import { FixedClockProvider } from '../../src/react/FixedClockProvider.js';
import { useFixedUpdate } from '../../src/react/useFixedUpdate.js';
import { installCanvasStub } from '../../src/testing/canvasStub.js';
import type { RecordingContext2D } from '../../src/testing/canvasStub.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { replayTiming } from '../../src/testing/replayTiming.js';
import type { TimingReplay } from '../../src/testing/replayTiming.js';
import chromiumSession from './fixtures/chromium-session.json';
import { createGameLog, TimingGame } from './timingGame.js';
import type { GameLog } from './timingGame.js';

let restoreCanvas: () => void = () => {};
const open: Array<{ unmount(): void }> = [];
beforeEach(() => {
  restoreCanvas = installCanvasStub();
});
afterEach(() => {
  for (const view of open.splice(0)) view.unmount();
  restoreCanvas();
  vi.restoreAllMocks();
});

/** Unique colours, so a test can tell from the canvas calls which marks were painted. */
const colors = { frame: 'rgb(0, 200, 0)', dropped: 'rgb(201, 0, 0)', flap: 'rgb(202, 150, 0)', steps: 'rgb(0, 0, 203)' };

/** A recording of a display at `rateHz`: frame k comes `vblanks[k]` vblanks after the one before (± jitter). */
function stream(rateHz: number, vblanks: number[], jitterMs = 0.3): TimingRecording {
  const frames: number[] = [];
  let n = 0;
  vblanks.forEach((v, i) => {
    n += v;
    frames.push(1000 + (n * 1000) / rateHz + (i % 3 === 0 ? jitterMs : -jitterMs));
  });
  return { version: 1, startMs: 990, frames, frameEndMs: frames.map((t) => t + 1), events: [] };
}

/** A game's one job: a clock with no jobs does not run. */
function Job() {
  useFixedUpdate(() => {});
  return null;
}

function ctxOf(container: HTMLElement): RecordingContext2D {
  const canvas = container.querySelector('canvas');
  if (!canvas) throw new Error('no overlay canvas');
  return canvas.getContext('2d') as unknown as RecordingContext2D;
}

function fillStyles(ctx: RecordingContext2D): Set<unknown> {
  return new Set(ctx.calls.filter((c) => c.type === 'set' && c.name === 'fillStyle').map((c) => c.args[0]));
}

function texts(ctx: RecordingContext2D): string[] {
  return ctx.calls.filter((c) => c.name === 'fillText').map((c) => String(c.args[0]));
}

function play(recording: TimingRecording, ui: React.ReactNode): TimingReplay {
  const replay = replayTiming(recording, ui);
  open.push(replay);
  replay.finish();
  return replay;
}

describe('<FrameTimingOverlay>', () => {
  it('paints every frame from a frame callback and never re-renders', () => {
    let commits = 0;
    const view = renderWithFrames(
      <Profiler id="overlay" onRender={() => void commits++}>
        <FrameTimingOverlay colors={colors} />
      </Profiler>,
    );
    open.push(view);
    const ctx = ctxOf(view.container);
    view.advanceFrames(5);
    const after5 = ctx.calls.filter((c) => c.name === 'fillRect').length;
    view.advanceFrames(120);
    const bars = ctx.calls.filter((c) => c.name === 'fillRect').length - after5;
    expect(bars).toBeGreaterThan(120 * 5);
    expect(commits).toBe(1);
  });

  it('reads the detected rate and state, and the nearest fixed clock', () => {
    const withClock = play(
      stream(60, Array(200).fill(1)),
      <FixedClockProvider step={1 / 60}>
        <Job />
        <FrameTimingOverlay />
      </FixedClockProvider>,
    );
    const lines = texts(ctxOf(withClock.container));
    expect(lines.at(-4)).toMatch(/^60\.00 Hz synced$/);
    expect(lines.at(-1)).toMatch(/^α \d\.\d\d {2}steps 1 {2}lost 0\.000 s$/);
    const bare = play(stream(144, Array(300).fill(1), 0.1), <FrameTimingOverlay />);
    const bareLines = texts(ctxOf(bare.container));
    expect(bareLines.at(-4)).toMatch(/^144\.00 Hz synced$/);
    expect(bareLines.at(-1)).toBe('no fixed clock');
    // A loop at 30 Hz on no display grid (power saving): throttled, and no frame marked as dropped.
    const throttled = play(stream(30, Array(120).fill(1), 0.1), <FrameTimingOverlay colors={colors} />);
    const ctx = ctxOf(throttled.container);
    expect(texts(ctx).at(-4)).toMatch(/ Hz throttled 30 Hz$/);
    expect(fillStyles(ctx).has(colors.dropped)).toBe(false);
  });

  it('marks frames that span more vblanks than asked in the dropped colour, and only those', () => {
    const steady = play(stream(60, Array(60).fill(1)), <FrameTimingOverlay colors={colors} />);
    expect(fillStyles(ctxOf(steady.container)).has(colors.dropped)).toBe(false);
    const dropping = play(stream(60, [...Array(40).fill(1), 2, ...Array(20).fill(1)]), <FrameTimingOverlay colors={colors} />);
    const ctx = ctxOf(dropping.container);
    expect(fillStyles(ctx).has(colors.dropped)).toBe(true);
    expect(texts(ctx).at(-2)).toMatch(/drops 1$/);
  });

  it('marks flaps: a picture that moves by another number of vblanks than the display showed', () => {
    const frames = Array(300).fill(1);
    // 'previous' interpolation on a 144 Hz display: the picture advances with the vblanks, no flap.
    const smooth = play(
      stream(144, frames, 0.1),
      <FixedClockProvider step={1 / 60}>
        <Job />
        <FrameTimingOverlay colors={colors} />
      </FixedClockProvider>,
    );
    expect(fillStyles(ctxOf(smooth.container)).has(colors.flap)).toBe(false);
    expect(fillStyles(ctxOf(smooth.container)).has(colors.steps)).toBe(true);
    // 'none': the picture jumps a whole 60 Hz step on some vblanks and stands still on others.
    const jumpy = play(
      stream(144, frames, 0.1),
      <FixedClockProvider step={1 / 60} interpolation="none">
        <Job />
        <FrameTimingOverlay colors={colors} />
      </FixedClockProvider>,
    );
    const ctx = ctxOf(jumpy.container);
    expect(fillStyles(ctx).has(colors.flap)).toBe(true);
    const judder = Number(/judder ([\d.]+) ms/.exec(texts(ctx).at(-2) ?? '')?.[1]);
    expect(judder).toBeGreaterThan(3);
    expect(Number(/judder ([\d.]+) ms/.exec(texts(ctxOf(smooth.container)).at(-2) ?? '')?.[1])).toBeLessThan(0.5);
  });

  it('changes nothing in the game it watches: a session replays to the same log with the overlay on its clock', () => {
    const { step, recording, log } = chromiumSession as { step: number; recording: TimingRecording; log: GameLog };
    const watched = createGameLog();
    const replay = play(
      recording,
      <TimingGame log={watched} step={step}>
        <FrameTimingOverlay />
      </TimingGame>,
    );
    expect(texts(ctxOf(replay.container)).at(-1)).toMatch(/^α /);
    expect(watched).toEqual(log);
  });

  it('the toggle key hides it (no subscription) and shows it again; unmounted it leaves no subscription', () => {
    const view = renderWithFrames(<FrameTimingOverlay toggleKey="F9" />, { strictMode: true });
    open.push(view);
    const shown = view.scheduler.subscriberCount;
    view.rerender(null);
    // One subscription under StrictMode's double effects.
    expect(view.scheduler.subscriberCount).toBe(shown - 1);
    view.rerender(<FrameTimingOverlay toggleKey="F9" />);
    const press = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { code: 'F9' })));
    press();
    expect(view.container.querySelector('canvas')).toBeNull();
    expect(view.scheduler.subscriberCount).toBe(shown - 1);
    press();
    expect(view.container.querySelector('canvas')).not.toBeNull();
    expect(view.scheduler.subscriberCount).toBe(shown);
    view.rerender(null);
    expect(view.scheduler.subscriberCount).toBe(shown - 1);
  });

  it('records the session and downloads it as a version 1 recording', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:timing';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const view = renderWithFrames(<FrameTimingOverlay />);
    open.push(view);
    view.advanceFrames(3);
    const button = view.container.querySelector('button')!;
    act(() => button.click());
    view.advanceFrames(30);
    act(() => button.click());
    expect(click).toHaveBeenCalledTimes(1);
    const recording = JSON.parse(await blobs[0]!.text()) as TimingRecording;
    expect(recording.version).toBe(1);
    expect(recording.frames).toHaveLength(30);
    expect(recording.frames[1]! - recording.frames[0]!).toBeCloseTo(1000 / 60, 9);
  });

  it('rejects bad props at mount, naming the component and the prop', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad: Array<[FrameTimingOverlayProps, RegExp]> = [
      [{ fontSize: 10 }, /FrameTimingOverlay.*fontSize.*at least 11.*10/],
      [{ width: -5 }, /FrameTimingOverlay.*width/],
      [{ position: 'middle' as never }, /FrameTimingOverlay.*position/],
      [{ colour: {} } as never, /FrameTimingOverlay.*colour/],
    ];
    for (const [props, message] of bad) expect(() => renderWithFrames(<FrameTimingOverlay {...props} />)).toThrow(message);
  });
});
