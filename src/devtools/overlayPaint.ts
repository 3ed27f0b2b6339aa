/**
 * Paints the overlay model on a 2d canvas: the strip of recent frames every frame (rectangles
 * only: nothing allocated), the text lines a few times a second (formatting numbers makes strings).
 */
import type { FixedClockStats } from '../scheduler/index.js';
import { DROPPED, FLAP, LOST_TIME } from './overlayModel.js';
import type { OverlayModel } from './overlayModel.js';
import type { OverlayCauses } from './overlayCauses.js';

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
const MIN_STRIP_PX = 16;
/** Text lines: rate; frames; judder; clock; long frames; input delay. */
export const TEXT_LINES = 6;
/** Left and right margin of the text, CSS px. */
const TEXT_MARGIN_PX = 4;

const lineHeightOf = (fontSize: number): number => Math.ceil(fontSize * 1.3);
const textHeightOf = (fontSize: number): number => lineHeightOf(fontSize) * TEXT_LINES + 4;

/** The least height that holds the text lines, the steps row and a strip, CSS px. */
export function minOverlayHeight(fontSize: number): number {
  return textHeightOf(fontSize) + STEP_ROW_PX + MIN_STRIP_PX;
}

/** Frames the strip holds: whole bars only, so none starts left of the canvas. */
export function stripCapacity(width: number, barPx: number): number {
  return Math.max(1, Math.floor(width / barPx));
}

export interface OverlayPainter {
  /** Paint the strip; repaint the text when it is due (or `forceText`). */
  paint(model: OverlayModel, clock: FixedClockStats | null, timestampMs: number, forceText?: boolean): void;
}

/**
 * Create a painter for a canvas of `width` × `height` CSS px (the context already scaled to them;
 * `height` at least {@link minOverlayHeight}): everything it draws lies inside. `causes`: long
 * frames and input delays to show (null: not watched).
 */
export function createOverlayPainter(ctx: CanvasRenderingContext2D, width: number, height: number, fontSize: number, colors: OverlayColors, barPx: number, causes: OverlayCauses | null = null): OverlayPainter {
  const lineHeight = lineHeightOf(fontSize);
  const textHeight = textHeightOf(fontSize);
  const stripTop = textHeight;
  const stripHeight = Math.max(1, height - textHeight - STEP_ROW_PX);
  const stripBottom = stripTop + stripHeight;
  // A bar keeps a 1 px gap to the next when it is wider than 1 px; never wider than its own slot.
  const barFill = barPx > 1 ? barPx - 1 : barPx;
  const textWidth = width - 2 * TEXT_MARGIN_PX;
  const font = `${fontSize}px ui-monospace, Menlo, Consolas, monospace`;
  // [0]: frame time of the last text paint (a typed array: no boxed double per store).
  const lastText = new Float64Array([-Infinity]);
  const percentiles = new Float64Array(2);
  // Squeezed to the width (fillText's maxWidth), so no line runs past the canvas.
  const line = (text: string, k: number): void => ctx.fillText(text, TEXT_MARGIN_PX, 2 + k * lineHeight, textWidth);

  function paintCauses(): void {
    if (!causes?.longFramesAvailable) line('long frames: not available', 4);
    else line(causes.longFrameCount === 0 ? 'long frames 0' : `long frames ${causes.longFrameCount}, worst ${causes.worstLongFrame}`, 4);
    if (!causes?.eventTimingAvailable) return line('input delay: not available', 5);
    causes.delayPercentiles(percentiles);
    const n = causes.eventCount;
    line(n === 0 ? 'input delay: no slow event yet' : `input delay p50 ${percentiles[0]!.toFixed(1)}  p95 ${percentiles[1]!.toFixed(1)} ms (${n})`, 5);
  }

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
    line(d > 1 ? `${rate} ÷${d} → ${(e.refreshRate / d).toFixed(1)} Hz` : rate, 0);
    line(`${s.fps.toFixed(1)} fps  p99 ${s.p99Ms.toFixed(1)} ms  missed ${s.missedVblanks}`, 1);
    line(`judder ${model.judderMs().toFixed(2)} ms  flaps ${model.countFlag(FLAP)}  drops ${model.countFlag(DROPPED)}`, 2);
    line(c ? `α ${c.alpha.toFixed(2)}  steps ${c.steps}  lost ${c.totalDroppedSeconds.toFixed(3)} s` : 'no fixed clock', 3);
    paintCauses();
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
      if (x < 0) continue;
      const f = model.flags[slot]!;
      const h = Math.min(stripHeight, model.intervalMs[slot]! * pxPerMs);
      ctx.fillStyle = f & DROPPED ? colors.dropped : f & (FLAP | LOST_TIME) ? colors.flap : colors.frame;
      ctx.fillRect(x, stripBottom - h, barFill, h);
      const steps = model.steps[slot]!;
      if (steps > 0) {
        ctx.fillStyle = colors.steps;
        const stepH = Math.min(STEP_ROW_PX, steps * 2);
        ctx.fillRect(x, height - stepH, barFill, stepH);
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
