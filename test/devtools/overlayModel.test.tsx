import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOverlayModel, DROPPED, FLAP } from '../../src/devtools/overlayModel.js';
import type { OverlayModel } from '../../src/devtools/overlayModel.js';
import { createOverlayPainter, DEFAULT_COLORS } from '../../src/devtools/overlayPaint.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import type { FrameSchedulerOptions } from '../../src/scheduler/types.js';
import { installCanvasStub } from '../../src/testing/canvasStub.js';
import type { RecordingContext2D } from '../../src/testing/canvasStub.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

let restore: () => void = () => {};
beforeEach(() => {
  restore = installCanvasStub();
});
afterEach(() => restore());

/** A scheduler on a 60 Hz display (±0.2 ms), the model fed from its frame callback as the overlay does. */
function watch(options: FrameSchedulerOptions) {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ ...options, source });
  const model = createOverlayModel(120, scheduler);
  scheduler.subscribe((frame) => model.sample(frame, null), { phase: 'after' });
  let vblank = 0;
  /** Tick the next `count` vblanks, leaving out those `skip` returns true for (a frame the browser missed). */
  const vblanks = (count: number, skip: (i: number) => boolean = () => false) => {
    for (let i = 0; i < count; i++) {
      vblank++;
      if (!skip(i)) source.tick((vblank * 1000) / 60 + (vblank % 2 ? 0.2 : -0.2));
    }
  };
  return { scheduler, model, vblanks };
}

function textLines(model: OverlayModel): string[] {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d') as unknown as RecordingContext2D;
  createOverlayPainter(ctx as unknown as CanvasRenderingContext2D, 280, 150, 12, DEFAULT_COLORS, 2).paint(model, null, 0, true);
  return ctx.calls.filter((c) => c.name === 'fillText').map((c) => String(c.args[0]));
}

describe('overlay model', () => {
  it('shows 60 Hz ÷2 for a 60 Hz loop capped to every second vblank (not "throttled 30 Hz"), and counts drops against the divisor', () => {
    const { scheduler, model, vblanks } = watch({ maxFrameRate: 30 });
    vblanks(200);
    // One vblank the browser never delivered: that picture spans three vblanks instead of two.
    vblanks(40, (i) => i === 20);
    expect(scheduler.divisor).toBe(2);
    expect(model.estimate.state).toBe('synced');
    expect(model.estimate.refreshRate).toBe(60);
    expect(model.gridMs[0]).toBeCloseTo(1000 / 60, 9);
    expect(model.divisor).toBe(2);
    expect(model.countFlag(DROPPED)).toBe(1);
    expect(model.countFlag(FLAP)).toBe(0);
    const lines = textLines(model);
    expect(lines[0]).toBe('60.00 Hz synced ÷2 → 30.0 Hz');
    expect(lines[2]).toMatch(/drops 1$/);
    expect(model.estimate).toBe(scheduler.refreshRate);
    scheduler.destroy();
  });

  it("reads the scheduler's estimate, so it cannot disagree with the app's timing", () => {
    // The app fixed the rate at 50 Hz: its timing runs on a 20 ms grid whatever the timestamps say.
    const { scheduler, model, vblanks } = watch({ refreshRate: 50 });
    vblanks(120);
    expect(model.estimate).toBe(scheduler.refreshRate);
    expect(model.gridMs[0]).toBe(20);
    expect(textLines(model)[0]).toBe('50.00 Hz synced');
    scheduler.destroy();
  });
});
