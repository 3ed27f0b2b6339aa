// The overlay's frame path allocates a few heap numbers a frame at most (no buffer, string or
// object): its model (own refresh-rate detector, frame stats, ring buffers) fed every frame and
// the strip painted every frame, on a scheduler with a fixed clock of one update, over 40,000
// frames at 60 Hz. (The text lines, redrawn four times a second, format numbers into strings:
// here the paint time stays put so they are not due.)
import { describe, expect, it } from 'vitest';
import { createOverlayModel } from '../../src/devtools/overlayModel.js';
import { createOverlayPainter, DEFAULT_COLORS } from '../../src/devtools/overlayPaint.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createFixedClock } from '../../src/scheduler/fixedClock.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, ONE_BOXED_NUMBER } from './gc.js';

const FRAMES = 40_000;
const WARMUP = 30_000;
const RUNS = 6;
/**
 * Measured 64 B, all of it in the call to the core refresh-rate detector: without that call the
 * overlay's frame path measures under 1 B. The frame's timestamp, read from the frame info, is
 * boxed to be passed (16 B), and the detector, not inlined here, boxes a few of its own doubles.
 * Five heap numbers leave room for the measurement's noise (±1 B).
 */
const BOUND = 5 * ONE_BOXED_NUMBER;
const timestamps = boxedTimestamps(WARMUP + RUNS * FRAMES + 1, 1000 / 60);

/** A 2d context that draws nothing: what is measured is the overlay's own work. */
const noop = () => {};
const ctx = { fillRect: noop, fillText: noop, clearRect: noop, setTransform: noop, fillStyle: '', font: '', textBaseline: 'top' } as unknown as CanvasRenderingContext2D;

describe('overlay frame path', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it('allocates at most five heap numbers per frame (model and strip)', () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    const clock = createFixedClock(scheduler, { step: 1 / 60 });
    let updates = 0;
    clock.addUpdate(() => void updates++);
    const model = createOverlayModel(140);
    const painter = createOverlayPainter(ctx, 280, 150, 12, DEFAULT_COLORS, 2);
    scheduler.subscribe(
      (frame) => {
        model.sample(frame, clock.stats);
        painter.paint(model, clock.stats, 0);
      },
      { phase: 'after', priority: Number.MAX_VALUE },
    );
    let i = 0;
    const bytes = leastBytesPerCall(gc!, WARMUP, FRAMES, RUNS, () => source.tick(timestamps[i++] as number), BOUND);
    console.info(`overlay: ${bytes.toFixed(2)} B/frame`);
    expect(updates).toBeGreaterThan(WARMUP);
    expect(model.count).toBe(140);
    expect(model.estimate.state).toBe('synced');
    expect(bytes).toBeLessThan(BOUND);
    scheduler.destroy();
  });
});
