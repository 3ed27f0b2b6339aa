import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import { useCanvasSize } from './canvasSize.js';

/** One lane of {@link Lanes}. */
export interface LaneSpec {
  label: string;
  /** CSS colour of the object, its trail and its bars. */
  color: string;
}

/** The small bar axis under every lane: what it counts, and its top. */
export interface LaneBars {
  /** E.g. "steps/picture": written at the right end of each lane's label line. */
  label: string;
  /** Counts above it are clipped, with a mark. */
  max: number;
}

/** Imperative handle of {@link Lanes}: called from the frame loop, never through React state. */
export interface LanesHandle {
  /**
   * Record a new picture of lane `lane`: the object's `position` (wraps around the track: 1.25 is a
   * quarter of the way along) and, with bars, the `count` behind this picture; `flap` draws its bar
   * red (a picture whose count differs from the vblanks that passed).
   */
  picture(lane: number, position: number, count?: number, flap?: boolean): void;
  /** A hollow ring on lane `lane` at `position` from now on (NaN: none); what it means, the legend says. */
  ring(lane: number, position: number): void;
  /** Redraw every lane. Call once per frame, after the lanes' pictures. */
  draw(): void;
  /** Forget every trail, ring and count (a reset, a jump). */
  clear(): void;
}

/** Props of {@link Lanes}. */
export interface LanesProps {
  lanes: readonly LaneSpec[];
  /** The bar axis under each lane; none without it. */
  bars?: LaneBars;
  /** Widest the canvas grows, CSS px. It follows its container down to 200 px (a phone's docs page). */
  maxWidth?: number;
  testId?: string;
}

/** The lanes' colours: the wrong way red, a way between amber, the right way green, a fourth blue. */
export const COLORS = { wrong: '#f06a6a', between: '#f5b041', right: '#58d68d', fourth: '#5dade2' } as const;
const PALETTES: Record<number, readonly string[]> = {
  1: [COLORS.right],
  2: [COLORS.wrong, COLORS.right],
  3: [COLORS.wrong, COLORS.between, COLORS.right],
  4: [COLORS.wrong, COLORS.between, COLORS.right, COLORS.fourth],
};

/** Lanes from their labels, wrong way first: coloured red, (amber,) green (, blue). */
export function lanesOf(...labels: readonly string[]): LaneSpec[] {
  const palette = PALETTES[labels.length] ?? PALETTES[4]!;
  return labels.map((label, i) => ({ label, color: palette[i % palette.length]! }));
}

/** Bars of flapped pictures. */
export const FLAP_COLOR = '#ff3b3b';
/** Pictures kept in the onion-skin trail. */
export const TRAIL_PICTURES = 12;
/** Pictures kept for the bar axis (as many as fit are drawn). */
const BAR_HISTORY = 120;
const LABEL_HEIGHT = 18;
const TRACK_HEIGHT = 24;
const BARS_HEIGHT = 34;
const LANE_GAP = 8;
const RADIUS = 7;
const PAD = 10;
/** Left gutter of the bar axis, for its digits. */
const GUTTER = 16;
const FONT = '12px system-ui, sans-serif';
const SMALL_FONT = '11px system-ui, sans-serif';
const BACKGROUND = '#10141c';
/** Axis digits made once (String(n) in the draw loop would allocate a string per frame). */
const DIGITS = Array.from({ length: 21 }, (_, n) => String(n));

/**
 * Objects moving along lanes, each followed by an onion-skin trail of its last twelve pictures: an
 * even motion leaves evenly spaced ghosts, a stutter leaves gaps and pile-ups, a frozen picture one
 * dot. A hollow ring can mark where the object should be (or a second object). Under each lane a
 * bar per picture counts what was behind it (steps, slices, vblanks), so a 0/2 alternation reads
 * as a barcode. Everything is preallocated: drawing a frame allocates nothing. The backing store
 * follows the device pixel ratio and the width follows the container.
 */
export const Lanes = forwardRef<LanesHandle, LanesProps>(function Lanes({ lanes, bars, maxWidth = 720, testId }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const n = lanes.length;
  const laneHeight = LABEL_HEIGHT + TRACK_HEIGHT + (bars ? BARS_HEIGHT : 0) + LANE_GAP;
  const height = n * laneHeight;
  const store = useMemo(
    () => ({
      trail: new Float64Array(n * TRAIL_PICTURES),
      counts: new Float64Array(n * BAR_HISTORY),
      flaps: new Uint8Array(n * BAR_HISTORY),
      rings: new Float64Array(n).fill(Number.NaN),
      // Per lane: trail head, trail length, bars head, bars length.
      index: new Int32Array(n * 4),
      // CSS width, device pixel ratio of the backing store, whether the bar label fits beside the lane label.
      size: new Float64Array([Math.min(maxWidth, 640), 1, 1]),
    }),
    [n, maxWidth],
  );
  const redraw = useRef<(() => void) | null>(null);

  // The bar label goes beside the lane label only where it fits: measured on resize, not per frame.
  useCanvasSize(canvas, maxWidth, height, store.size, () => {
    const ctx = canvas.current?.getContext('2d');
    let widest = 0;
    if (ctx && bars) {
      ctx.font = FONT;
      for (const lane of lanes) widest = Math.max(widest, ctx.measureText(lane.label).width);
      ctx.font = SMALL_FONT;
      widest += ctx.measureText(bars.label).width + 2 * PAD + 12;
    }
    store.size[2] = widest <= store.size[0]! ? 1 : 0;
    redraw.current?.();
  });

  useImperativeHandle(
    ref,
    () => {
      const handle: LanesHandle = {
        picture(lane, position, count = 0, flap = false) {
          if (lane < 0 || lane >= n) return;
          const idx = store.index;
          const i = lane * 4;
          store.trail[lane * TRAIL_PICTURES + idx[i]!] = position;
          idx[i] = (idx[i]! + 1) % TRAIL_PICTURES;
          if (idx[i + 1]! < TRAIL_PICTURES) idx[i + 1] = idx[i + 1]! + 1;
          store.counts[lane * BAR_HISTORY + idx[i + 2]!] = count;
          store.flaps[lane * BAR_HISTORY + idx[i + 2]!] = flap ? 1 : 0;
          idx[i + 2] = (idx[i + 2]! + 1) % BAR_HISTORY;
          if (idx[i + 3]! < BAR_HISTORY) idx[i + 3] = idx[i + 3]! + 1;
        },
        ring(lane, position) {
          if (lane >= 0 && lane < n) store.rings[lane] = position;
        },
        clear() {
          store.index.fill(0);
          store.rings.fill(Number.NaN);
        },
        draw() {
          const ctx = canvas.current?.getContext('2d');
          if (!ctx) return;
          const width = store.size[0]!;
          ctx.setTransform(store.size[1]!, 0, 0, store.size[1]!, 0, 0);
          ctx.fillStyle = BACKGROUND;
          ctx.fillRect(0, 0, width, height);
          for (let lane = 0; lane < n; lane += 1) drawLane(ctx, store, lanes[lane]!, lane, lane * laneHeight, width, bars);
        },
      };
      redraw.current = () => handle.draw();
      return handle;
    },
    [store, lanes, n, bars, height, laneHeight],
  );

  return (
    <div style={{ width: '100%', maxWidth }}>
      <canvas ref={canvas} data-testid={testId} style={{ display: 'block', borderRadius: 4 }} />
    </div>
  );
});

type Store = {
  trail: Float64Array;
  counts: Float64Array;
  flaps: Uint8Array;
  rings: Float64Array;
  index: Int32Array;
  size: Float64Array;
};

/** One lane: its label line, the track with trail, ring and object, and its bars. */
function drawLane(ctx: CanvasRenderingContext2D, store: Store, spec: LaneSpec, lane: number, top: number, width: number, bars: LaneBars | undefined): void {
  const left = PAD + RADIUS;
  const track = width - 2 * left;
  ctx.textBaseline = 'middle';
  ctx.font = FONT;
  ctx.fillStyle = '#c9d1dc';
  ctx.textAlign = 'left';
  // On a phone a long label is drawn narrower rather than cut at the canvas edge.
  ctx.fillText(spec.label, PAD, top + LABEL_HEIGHT / 2 + 1, width - 2 * PAD);
  if (bars && store.size[2] === 1) {
    ctx.font = SMALL_FONT;
    ctx.fillStyle = '#7d8797';
    ctx.textAlign = 'right';
    ctx.fillText(bars.label, width - PAD, top + LABEL_HEIGHT / 2 + 1);
    ctx.textAlign = 'left';
  }
  const y = top + LABEL_HEIGHT + TRACK_HEIGHT / 2;
  ctx.strokeStyle = '#2a3242';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + track, y);
  ctx.stroke();
  const ring = store.rings[lane]!;
  if (Number.isFinite(ring)) {
    ctx.strokeStyle = '#ffffffcc';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(left + (ring - Math.floor(ring)) * track, y, RADIUS + 3, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = 1;
  }
  drawTrail(ctx, store, spec.color, lane, left, track, y);
  if (bars) drawBars(ctx, store, spec.color, lane, top + LABEL_HEIGHT + TRACK_HEIGHT, width, bars);
}

/** The trail, oldest first: fainter and smaller, the newest full size, a tick per picture. */
function drawTrail(ctx: CanvasRenderingContext2D, store: Store, color: string, lane: number, left: number, track: number, y: number): void {
  const length = store.index[lane * 4 + 1]!;
  const head = store.index[lane * 4]!;
  ctx.fillStyle = color;
  for (let k = 0; k < length; k += 1) {
    const p = store.trail[lane * TRAIL_PICTURES + ((head - length + k + TRAIL_PICTURES) % TRAIL_PICTURES)]!;
    if (!Number.isFinite(p)) continue;
    const x = left + (p - Math.floor(p)) * track;
    const newest = k === length - 1;
    ctx.globalAlpha = newest ? 1 : 0.12 + (0.5 * (k + 1)) / length;
    ctx.beginPath();
    ctx.arc(x, y, newest ? RADIUS : 3.5, 0, Math.PI * 2);
    ctx.fill();
    // A tick under the track: the spacing reads even where dots overlap.
    ctx.fillRect(x - 0.5, y + RADIUS + 2, 1, 4);
  }
  ctx.globalAlpha = 1;
}

/** One bar per picture, newest on the right, as many as fit; grid lines at 0 and the top. */
function drawBars(ctx: CanvasRenderingContext2D, store: Store, color: string, lane: number, top: number, width: number, bars: LaneBars): void {
  const stripHeight = BARS_HEIGHT - 10;
  const bottom = top + 4 + stripHeight;
  const left = PAD + GUTTER;
  const right = width - PAD;
  ctx.strokeStyle = '#232a37';
  ctx.fillStyle = '#7d8797';
  ctx.font = SMALL_FONT;
  ctx.textAlign = 'right';
  // A line at every whole count up to 8 (only 0 and the top above that): one a vblank is usually right, and it shows.
  const every = bars.max <= 8 ? 1 : bars.max;
  for (let g = 0; g <= bars.max; g += every) {
    const gy = bottom - (g / bars.max) * stripHeight + 0.5;
    ctx.beginPath();
    ctx.moveTo(left, gy);
    ctx.lineTo(right, gy);
    ctx.stroke();
    if (g === 0 || g === bars.max || (g === 1 && bars.max <= 2)) ctx.fillText(DIGITS[g] ?? '', left - 4, gy);
  }
  ctx.textAlign = 'left';
  const held = store.index[lane * 4 + 3]!;
  const head = store.index[lane * 4 + 2]!;
  const barWidth = Math.max(2, (right - left) / BAR_HISTORY);
  const shown = Math.min(held, Math.floor((right - left) / barWidth));
  for (let k = held - shown; k < held; k += 1) {
    const slot = lane * BAR_HISTORY + ((head - held + k + BAR_HISTORY) % BAR_HISTORY);
    const c = store.counts[slot]!;
    const flapped = store.flaps[slot] === 1;
    // A flap with no bar (0 steps) still shows: a red tick on the axis.
    if (!(c > 0) && !flapped) continue;
    ctx.fillStyle = flapped ? FLAP_COLOR : color;
    const h = Math.max(flapped ? 3 : 0, (Math.min(c, bars.max) / bars.max) * stripHeight);
    const x = right - (held - k) * barWidth;
    ctx.fillRect(x, bottom - h, Math.max(1, barWidth - 1), h);
    if (c > bars.max) ctx.fillRect(x, bottom - stripHeight - 3, Math.max(1, barWidth - 1), 2);
  }
}
