import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOverlayModel, DROPPED, FLAP } from '../../src/devtools/overlayModel.js';
import { createOverlayPainter, DEFAULT_COLORS } from '../../src/devtools/overlayPaint.js';
import type { FrameInfo } from '../../src/scheduler/types.js';
import { installCanvasStub } from '../../src/testing/canvasStub.js';
import type { RecordingContext2D } from '../../src/testing/canvasStub.js';

let restore: () => void = () => {};
beforeEach(() => {
  restore = installCanvasStub();
});
afterEach(() => restore());

function frameAt(timestampMs: number, divisor: number): FrameInfo {
  return { timestampMs, divisor, timeScale: 1, paused: false } as FrameInfo;
}

describe('overlay model', () => {
  it('keeps the display grid while the scheduler runs every second vblank, and counts drops against the divisor', () => {
    const model = createOverlayModel(120);
    const interval = 1000 / 60;
    let vblank = 0;
    // 100 frames at 60 Hz, then every second vblank (an adaptive step down), one of them late by a vblank.
    for (let i = 0; i < 100; i++) model.sample(frameAt(++vblank * interval + (i % 2 ? 0.2 : -0.2), 1), null);
    for (let i = 0; i < 60; i++) {
      vblank += i === 30 ? 3 : 2;
      model.sample(frameAt(vblank * interval + (i % 2 ? 0.2 : -0.2), 2), null);
    }
    expect(model.estimate.state).toBe('synced');
    expect(model.estimate.refreshRate).toBe(60);
    expect(model.divisor).toBe(2);
    expect(model.countFlag(DROPPED)).toBe(1);
    expect(model.countFlag(FLAP)).toBe(0);

    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d') as unknown as RecordingContext2D;
    createOverlayPainter(ctx as unknown as CanvasRenderingContext2D, 280, 150, 12, DEFAULT_COLORS, 2).paint(model, null, 0, true);
    const lines = ctx.calls.filter((c) => c.name === 'fillText').map((c) => String(c.args[0]));
    expect(lines[0]).toBe('60.00 Hz synced ÷2 → 30.0 Hz');
    expect(lines[2]).toMatch(/drops 1$/);
  });
});
