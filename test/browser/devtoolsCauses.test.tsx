// Long Animation Frames and Event Timing in real Chromium: a long task in a requestAnimationFrame
// callback shows up, with its script, in the overlay and in the recording; a slow key handler shows
// up as a timed input event. Nothing about durations beyond the browser's own thresholds is asserted.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FrameTimingOverlay, recordTiming } from '../../src/devtools/index.js';
import { createFrameScheduler, FrameProvider } from '../../src/index.js';

/** Resolve once `predicate` holds, checking on real animation frames; reject after `frames` frames. */
function untilFrames(what: () => string, predicate: () => boolean, frames = 600): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = frames;
    const tick = () => {
      if (predicate()) return resolve();
      if ((left -= 1) <= 0) return reject(new Error(`${what()}: not met in ${frames} real frames`));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Keep the main thread busy for `ms` (a game's too-long frame). */
function busyFor(ms: number): void {
  const start = performance.now();
  while (performance.now() - start < ms) {
    // spin
  }
}

/** The long task: a requestAnimationFrame callback of its own, so the browser can name it. */
function burnOneFrame(): void {
  busyFor(200);
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('long frames and input delay in Chromium', () => {
  it('a long task in a requestAnimationFrame callback shows up with its script in the overlay and the recording; a slow key handler as a timed input', async () => {
    const drawn: string[] = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    vi.spyOn(CanvasRenderingContext2D.prototype, 'fillText').mockImplementation(function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
      drawn.push(text);
      fillText.call(this, text, x, y, maxWidth);
    });
    const scheduler = createFrameScheduler();
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    flushSync(() =>
      root.render(
        <FrameProvider scheduler={scheduler}>
          <FrameTimingOverlay />
        </FrameProvider>,
      ),
    );
    const recorder = recordTiming({ scheduler });
    // Watching (the page may have had long frames of its own already).
    await untilFrames(() => 'the overlay drew its long frames line', () => drawn.some((line) => /^long frames \d+/.test(line)));
    requestAnimationFrame(burnOneFrame);
    // The page's own long frames (loading, a busy machine) may come and go: the burnt one is the worst.
    const named = /^long frames \d+, worst \d+ ms: FrameRequestCallback burnOneFrame \(devtoolsCauses\.test\.tsx\) \d+ ms$/;
    await untilFrames(() => `the overlay named burnOneFrame (last: ${drawn.filter((t) => t.startsWith('long frames')).at(-1)})`, () => drawn.some((line) => named.test(line)));

    // A key handler that keeps the page from painting for 40 ms: Event Timing reports the keydown.
    const slowKey = () => busyFor(40);
    window.addEventListener('keydown', slowKey);
    await userEvent.keyboard('{KeyA}');
    window.removeEventListener('keydown', slowKey);
    await untilFrames(() => `the overlay drew an input delay (last: ${drawn.at(-1)})`, () => drawn.some((text) => /^input delay p50 [\d.]+ {2}p95 [\d.]+ ms \(\d+\)$/.test(text)));

    const recording = recorder.stop();
    root.unmount();
    scheduler.destroy();
    const burnt = recording.longFrames!.flatMap((frame) => frame.scripts).find((s) => s.sourceFunctionName === 'burnOneFrame');
    expect(burnt).toMatchObject({ invoker: 'FrameRequestCallback', invokerType: 'user-callback' });
    expect(burnt!.sourceURL).toMatch(/devtoolsCauses\.test\.tsx/);
    expect(burnt!.durationMs).toBeGreaterThan(50);
    const keydown = recording.eventTimings!.find((e) => e.type === 'keydown');
    expect(keydown).toBeDefined();
    expect(keydown!.inputDelayMs).toBeGreaterThanOrEqual(0);
    expect(keydown!.durationMs).toBeGreaterThanOrEqual(16);
  }, 60_000);
});
