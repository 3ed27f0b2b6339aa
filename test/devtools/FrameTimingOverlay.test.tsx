import { describe, expect, it } from 'vitest';
import { act, Profiler } from 'react';
import { FrameTimingOverlay } from '../../src/devtools/index.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { FixedClockProvider, useFixedUpdate } from '../../src/index.js';
import { renderWithFrames, replayTiming } from '../../src/testing/index.js';
import type { RecordingContext2D, TimingReplay } from '../../src/testing/index.js';
import chromiumSession from './fixtures/chromium-session.json';
import { createGameLog, TimingGame } from './timingGame.js';
import { captureDownloads, lines, newestCtx, newestOverlay, overlayTestSetup } from './overlayHelpers.js';
import type { GameLog } from './timingGame.js';

const { keep } = overlayTestSetup();

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

function fillStyles(ctx: RecordingContext2D): Set<unknown> {
  return new Set(ctx.calls.filter((c) => c.type === 'set' && c.name === 'fillStyle').map((c) => c.args[0]));
}

/** Replay `recording` on `ui` (an overlay in it); returns the overlay's context. */
function play(recording: TimingRecording, ui: React.ReactNode): RecordingContext2D {
  const replay: TimingReplay = replayTiming(recording, ui);
  keep(replay);
  const ctx = newestCtx();
  replay.finish();
  return ctx;
}

describe('<FrameTimingOverlay>', () => {
  it('paints every frame from a frame callback and never re-renders', () => {
    let commits = 0;
    const view = renderWithFrames(
      <Profiler id="overlay" onRender={() => void commits++}>
        <FrameTimingOverlay colors={colors} />
      </Profiler>,
    );
    keep(view);
    const ctx = newestCtx();
    view.advanceFrames(5);
    const after5 = ctx.calls.filter((c) => c.name === 'fillRect').length;
    view.advanceFrames(120);
    const bars = ctx.calls.filter((c) => c.name === 'fillRect').length - after5;
    expect(bars).toBeGreaterThan(120 * 5);
    expect(commits).toBe(1);
  });

  it('reads the detected rate and state, and the nearest fixed clock', () => {
    const withClock = lines(
      play(
        stream(60, Array(200).fill(1)),
        <FixedClockProvider step={1 / 60}>
          <Job />
          <FrameTimingOverlay />
        </FixedClockProvider>,
      ),
    );
    expect(withClock.rate).toMatch(/^60\.00 Hz synced$/);
    expect(withClock.clock).toMatch(/^α \d\.\d\d {2}steps 1 {2}lost 0\.000 s$/);
    const bare = lines(play(stream(144, Array(300).fill(1), 0.1), <FrameTimingOverlay />));
    expect(bare.rate).toMatch(/^144\.00 Hz synced$/);
    expect(bare.clock).toBe('no fixed clock');
    // A loop at 30 Hz on no display grid (power saving): throttled, and no frame marked as dropped.
    const ctx = play(stream(30, Array(120).fill(1), 0.1), <FrameTimingOverlay colors={colors} />);
    expect(lines(ctx).rate).toMatch(/ Hz throttled 30 Hz$/);
    expect(fillStyles(ctx).has(colors.dropped)).toBe(false);
  });

  it('marks frames that span more vblanks than asked in the dropped colour, and only those', () => {
    const steady = play(stream(60, Array(60).fill(1)), <FrameTimingOverlay colors={colors} />);
    expect(fillStyles(steady).has(colors.dropped)).toBe(false);
    const ctx = play(stream(60, [...Array(40).fill(1), 2, ...Array(20).fill(1)]), <FrameTimingOverlay colors={colors} />);
    expect(fillStyles(ctx).has(colors.dropped)).toBe(true);
    expect(lines(ctx).judder).toMatch(/drops 1$/);
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
    expect(fillStyles(smooth).has(colors.flap)).toBe(false);
    expect(fillStyles(smooth).has(colors.steps)).toBe(true);
    // 'none': the picture jumps a whole 60 Hz step on some vblanks and stands still on others.
    const jumpy = play(
      stream(144, frames, 0.1),
      <FixedClockProvider step={1 / 60} interpolation="none">
        <Job />
        <FrameTimingOverlay colors={colors} />
      </FixedClockProvider>,
    );
    expect(fillStyles(jumpy).has(colors.flap)).toBe(true);
    const judderOf = (ctx: RecordingContext2D) => Number(/judder ([\d.]+) ms/.exec(lines(ctx).judder)?.[1]);
    expect(judderOf(jumpy)).toBeGreaterThan(3);
    expect(judderOf(smooth)).toBeLessThan(0.5);
  });

  it('changes nothing in the game it watches: a session replays to the same log with the overlay on its clock', () => {
    const { step, recording, log } = chromiumSession as { step: number; recording: TimingRecording; log: GameLog };
    const watched = createGameLog();
    const ctx = play(
      recording,
      <TimingGame log={watched} step={step}>
        <FrameTimingOverlay />
      </TimingGame>,
    );
    expect(lines(ctx).clock).toMatch(/^α /);
    expect(watched).toEqual(log);
  });

  it('the toggle key hides it (no subscription) and shows it again; unmounted it leaves no subscription', () => {
    const view = renderWithFrames(<FrameTimingOverlay toggleKey="F9" />, { strictMode: true });
    keep(view);
    const shown = view.scheduler.subscriberCount;
    view.rerender(null);
    // One subscription under StrictMode's double effects.
    expect(view.scheduler.subscriberCount).toBe(shown - 1);
    expect(document.querySelector('[data-testid="frame-timing-overlay"]')).toBeNull();
    view.rerender(<FrameTimingOverlay toggleKey="F9" />);
    const press = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { code: 'F9' })));
    press();
    expect(document.querySelector('[data-testid="frame-timing-overlay"]')).toBeNull();
    expect(view.scheduler.subscriberCount).toBe(shown - 1);
    press();
    expect(newestOverlay().querySelector('canvas')).not.toBeNull();
    expect(view.scheduler.subscriberCount).toBe(shown);
    view.rerender(null);
    expect(view.scheduler.subscriberCount).toBe(shown - 1);
  });

  it('records the session and downloads it as a version 1 recording', async () => {
    const blobs = captureDownloads();
    const view = renderWithFrames(<FrameTimingOverlay />);
    keep(view);
    view.advanceFrames(3);
    const button = newestOverlay().querySelector('button')!;
    act(() => button.click());
    view.advanceFrames(30);
    act(() => button.click());
    expect(blobs).toHaveLength(1);
    const recording = JSON.parse(await blobs[0]!.text()) as TimingRecording;
    expect(recording.version).toBe(1);
    expect(recording.frames).toHaveLength(30);
    expect(recording.frames[1]! - recording.frames[0]!).toBeCloseTo(1000 / 60, 9);
  });
});
