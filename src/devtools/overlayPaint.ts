/**
 * Paints the overlay model on a 2d canvas: the strip of recent frames every frame (rectangles
 * only: nothing allocated), the text lines a few times a second (formatting numbers makes strings).
 */
import type { FixedClockStats } from '../scheduler/index.js';
import { DROPPED, FLAP, LOST_TIME } from './overlayModel.js';
import type { OverlayModel } from './overlayModel.js';

/** Colours of the overlay (any CSS colour). */
export interface OverlayColors {
  background: string;
  text: string;
  /** A frame that spans the vblanks it should. */
  frame: string;
  /** The vblank grid: one, two and three intervals. */
  grid: string;
  /** A frame that spans more vblanks than the frame rate asks for. */
  dropped: string;
  /** A frame whose picture moved by a different number of vblanks than the display showed. */
  flap: string;
  /** Steps the fixed clock ran in the frame. */
  steps: string;
}

export const DEFAULT_COLORS: OverlayColors = {
  background: 'rgba(16, 18, 24, 0.85)',
  text: '#e8e8e8',
  frame: '#4caf50',
  grid: 'rgba(255, 255, 255, 0.3)',
  dropped: '#f44336',
  flap: '#ffb300',
  steps: '#64b5f6',
};

/** Text lines are redrawn this often, ms of frame time: often enough to read, rarely enough to cost nothing. */
const TEXT_EVERY_MS = 250;
/** The strip's full height spans this many vblank intervals. */
const STRIP_VBLANKS = 4;
const STEP_ROW_PX = 8;

export interface OverlayPainter {
  /** Paint the strip; repaint the text when it is due (or `forceText`). */
  paint(model: OverlayModel, clock: FixedClockStats | null, timestampMs: number, forceText?: boolean): void;
}

/** Create a painter for a canvas of `width` × `height` CSS px (the context already scaled to them). */
export function createOverlayPainter(ctx: CanvasRenderingContext2D, width: number, height: number, fontSize: number, colors: OverlayColors, barPx: number): OverlayPainter {
  const lineHeight = Math.ceil(fontSize * 1.3);
  const textHeight = lineHeight * 4 + 4;
  const stripTop = textHeight;
  const stripHeight = Math.max(8, height - textHeight - STEP_ROW_PX);
  const stripBottom = stripTop + stripHeight;
  const font = `${fontSize}px ui-monospace, Menlo, Consolas, monospace`;
  // [0]: frame time of the last text paint (a typed array: no boxed double per store).
  const lastText = new Float64Array([-Infinity]);

  function paintText(model: OverlayModel, c: FixedClockStats | null): void {
    ctx.fillStyle = colors.background;
    ctx.fillRect(0, 0, width, textHeight);
    ctx.fillStyle = colors.text;
    ctx.font = font;
    ctx.textBaseline = 'top';
    const e = model.estimate;
    const d = model.divisor;
    const s = model.stats.snapshot();
    const rate = `${e.refreshRate.toFixed(2)} Hz ${e.state === 'throttled' ? `throttled ${e.throttledRate.toFixed(0)} Hz` : e.state}`;
    ctx.fillText(d > 1 ? `${rate} ÷${d} → ${(e.refreshRate / d).toFixed(1)} Hz` : rate, 4, 2);
    ctx.fillText(`${s.fps.toFixed(1)} fps  p99 ${s.p99Ms.toFixed(1)} ms  missed ${s.missedVblanks}`, 4, 2 + lineHeight);
    ctx.fillText(`judder ${model.judderMs().toFixed(2)} ms  flaps ${model.countFlag(FLAP)}  drops ${model.countFlag(DROPPED)}`, 4, 2 + 2 * lineHeight);
    if (c) {
      ctx.fillText(`α ${c.alpha.toFixed(2)}  steps ${c.steps}  lost ${c.totalDroppedSeconds.toFixed(3)} s`, 4, 2 + 3 * lineHeight);
    } else {
      ctx.fillText('no fixed clock', 4, 2 + 3 * lineHeight);
    }
  }

  function paintStrip(model: OverlayModel): void {
    ctx.fillStyle = colors.background;
    ctx.fillRect(0, stripTop, width, height - stripTop);
    const periodMs = model.gridMs[0]!;
    const pxPerMs = stripHeight / (STRIP_VBLANKS * periodMs);
    ctx.fillStyle = colors.grid;
    for (let k = 1; k < STRIP_VBLANKS; k++) ctx.fillRect(0, Math.round(stripBottom - k * periodMs * pxPerMs), width, 1);
    const n = model.count;
    for (let i = 0; i < n; i++) {
      const slot = model.at(i);
      const x = width - (n - i) * barPx;
      if (x + barPx <= 0) continue;
      const f = model.flags[slot]!;
      const h = Math.min(stripHeight, model.intervalMs[slot]! * pxPerMs);
      ctx.fillStyle = f & DROPPED ? colors.dropped : f & (FLAP | LOST_TIME) ? colors.flap : colors.frame;
      ctx.fillRect(x, stripBottom - h, Math.max(1, barPx - 1), h);
      const steps = model.steps[slot]!;
      if (steps > 0) {
        ctx.fillStyle = colors.steps;
        const stepH = Math.min(STEP_ROW_PX, steps * 2);
        ctx.fillRect(x, height - stepH, Math.max(1, barPx - 1), stepH);
      }
    }
  }

  return {
    paint(model, clock, timestampMs, forceText = false) {
      paintStrip(model);
      if (forceText || timestampMs - lastText[0]! >= TEXT_EVERY_MS || timestampMs < lastText[0]!) {
        lastText[0] = timestampMs;
        paintText(model, clock);
      }
    },
  };
}
