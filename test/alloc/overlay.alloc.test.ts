// The overlay's frame path allocates nothing: its model (the scheduler's refresh-rate estimate,
// frame stats, ring buffers) fed every frame and the strip painted every frame, on a scheduler
// with a fixed clock of one update, synced to a 60 Hz display, over 40,000 frames. (The text lines, redrawn four times a second, format numbers into strings:
// here the paint time stays put so they are not due.)
import { describe, expect, it } from 'vitest';
import { createOverlayModel } from '../../src/devtools/overlayModel.js';
import { createOverlayPainter, DEFAULT_COLORS } from '../../src/devtools/overlayPaint.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createFixedClock } from '../../src/scheduler/fixedClock.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL } from './gc.js';

const FRAMES = 100_000;
const WARMUP = 50_000;
const RUNS = 6;
const timestamps = boxedTimestamps(WARMUP + RUNS * FRAMES + 1, 1000 / 60);

/** A 2d context that draws nothing: what is measured is the overlay's own work. */
const noop = () => {};
const ctx = { fillRect: noop, fillText: noop, clearRect: noop, setTransform: noop, fillStyle: '', font: '', textBaseline: 'top' } as unknown as CanvasRenderingContext2D;

describe('overlay frame path', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it(`allocates less than ${NOTHING_PER_CALL} B a frame (model and strip)`, () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    const clock = createFixedClock(scheduler, { step: 1 / 60 });
    let updates = 0;
    clock.addUpdate(() => void updates++);
    const model = createOverlayModel(140, scheduler);
    const painter = createOverlayPainter(ctx, 280, 150, 12, DEFAULT_COLORS, 2);
    scheduler.subscribe(
      (frame) => {
        model.sample(frame, clock.stats);
        painter.paint(model, clock.stats, 0);
      },
      { phase: 'after', priority: Number.MAX_VALUE },
    );
    let i = 0;
    const bytes = leastBytesPerCall(gc!, WARMUP, FRAMES, RUNS, () => source.tick(timestamps[i++] as number), NOTHING_PER_CALL);
    console.info(`overlay: ${bytes.toFixed(2)} B/frame`);
    expect(updates).toBeGreaterThan(WARMUP);
    expect(model.count).toBe(140);
    expect(model.estimate).toBe(scheduler.refreshRate);
    expect(model.estimate.state).toBe('synced');
    expect(bytes).toBeLessThan(NOTHING_PER_CALL);
    scheduler.destroy();
  });
});
