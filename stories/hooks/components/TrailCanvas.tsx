import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { resizeKeepingPicture } from '../../components/resizeCanvas.js';

/** One lane of a {@link TrailCanvas}. */
export interface TrailLane {
  label: string;
  /** CSS colour of the object and its trail. */
  color: string;
}

/** Imperative handle of {@link TrailCanvas}: called from the frame loop, never through React state. */
export interface TrailCanvasHandle {
  /**
   * Record a new picture of lane `lane`: the object's `position` (wraps around the track: 1.25 is a
   * quarter of the way along) and the `count` of steps (slices, vblanks…) behind this picture;
   * `flap` draws its bar red (a picture whose count differs from the vblanks that passed).
   */
  picture(lane: number, position: number, count: number, flap?: boolean): void;
  /** Redraw every lane from what was recorded. Call once per frame, after the lanes' pictures. */
  draw(): void;
  /** Forget every trail and count (a reset). */
  clear(): void;
}

/** Props of {@link TrailCanvas}. */
export interface TrailCanvasProps {
  lanes: readonly TrailLane[];
  /** What the small axis under each lane counts, e.g. "steps/frame". */
  countLabel: string;
  /** Top of the small axis (counts above it are drawn clipped, with a mark). Default 3. */
  countMax?: number;
  /** Widest the canvas grows, CSS px. It shrinks with its container down to 320 px. */
  maxWidth?: number;
  testId?: string;
}

/** Bars of flapped pictures. */
const FLAP_COLOR = '#ff3b3b';
/** Pictures kept in the onion-skin trail. */
export const TRAIL_PICTURES = 12;
/** Pictures shown on the small count axis. */
const COUNT_HISTORY = 120;
const TRACK_HEIGHT = 40;
const COUNT_HEIGHT = 40;
const LANE_GAP = 10;
const LANE_HEIGHT = TRACK_HEIGHT + COUNT_HEIGHT + LANE_GAP;
const RADIUS = 8;
const LABEL_FONT = '12px system-ui, sans-serif';
/** Axis labels made once (String(n) in the draw loop would allocate a string per frame). */
const DIGITS = Array.from({ length: 21 }, (_, n) => String(n));
/** Below this CSS width the labels are drawn above the tracks. */
const NARROW_PX = 480;

/**
 * Objects moving along lanes, each followed by an onion-skin trail of its last twelve pictures: an
 * even motion leaves evenly spaced ghosts, a stutter leaves gaps and pile-ups, a frozen picture one
 * dot. Under each lane a small axis shows, per picture, how many steps (or slices, or vblanks) were
 * behind it, so a 0/2 alternation reads as a barcode. Everything is preallocated: drawing a frame
 * allocates nothing. The backing store follows the device pixel ratio, so lines stay sharp.
 */
export const TrailCanvas = forwardRef<TrailCanvasHandle, TrailCanvasProps>(function TrailCanvas(
  { lanes, countLabel, countMax = 3, maxWidth = 720, testId },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const laneCount = lanes.length;
  // Per lane: a ring of positions and one of counts; heads and lengths in an Int32Array.
  const store = useMemo(
    () => ({
      trail: new Float64Array(laneCount * TRAIL_PICTURES),
      counts: new Float64Array(laneCount * COUNT_HISTORY),
      flaps: new Uint8Array(laneCount * COUNT_HISTORY),
      // [lane*4 + 0]: trail head, +1 trail length, +2 counts head, +3 counts length
      index: new Int32Array(laneCount * 4),
      // [0]: CSS width, [1]: device pixel ratio the backing store was sized for, [2]: label column width
      size: new Float64Array([Math.min(maxWidth, 640), 1, 150]),
    }),
    [laneCount, maxWidth],
  );
  const height = laneCount * LANE_HEIGHT;
  // The latest draw(), so a resize (a new backing store is blank) redraws even while paused.
  const redraw = useRef<(() => void) | null>(null);

  // Follow the container's width (responsive down to 320 px) and the pixel ratio (sharp lines).
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const resize = () => {
      const cssWidth = Math.max(320, Math.min(maxWidth, element.parentElement?.clientWidth ?? maxWidth));
      const ratio = globalThis.devicePixelRatio || 1;
      store.size[0] = cssWidth;
      store.size[1] = ratio;
      resizeKeepingPicture(element, Math.round(cssWidth * ratio), Math.round(height * ratio));
      element.style.width = `${cssWidth}px`;
      element.style.height = `${height}px`;
      // The label column fits the longest label (measured here, not per frame); on a narrow
      // canvas the labels go above the tracks instead.
      const ctx = element.getContext('2d');
      let widest = 0;
      if (ctx) {
        ctx.font = LABEL_FONT;
        for (const lane of lanes) widest = Math.max(widest, ctx.measureText(lane.label).width);
      }
      store.size[2] = cssWidth < NARROW_PX ? 28 : Math.min(cssWidth / 2, Math.max(110, widest + 24));
      redraw.current?.();
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    if (observer && element.parentElement) observer.observe(element.parentElement);
    return () => observer?.disconnect();
  }, [store, height, maxWidth, lanes]);

  useImperativeHandle(
    ref,
    () => {
      const handle: TrailCanvasHandle = {
        picture(lane, position, count, flap = false) {
          if (lane < 0 || lane >= laneCount) return;
          const i = lane * 4;
          const idx = store.index;
          store.trail[lane * TRAIL_PICTURES + idx[i]!] = position;
          idx[i] = (idx[i]! + 1) % TRAIL_PICTURES;
          if (idx[i + 1]! < TRAIL_PICTURES) idx[i + 1] = idx[i + 1]! + 1;
          store.counts[lane * COUNT_HISTORY + idx[i + 2]!] = count;
          store.flaps[lane * COUNT_HISTORY + idx[i + 2]!] = flap ? 1 : 0;
          idx[i + 2] = (idx[i + 2]! + 1) % COUNT_HISTORY;
          if (idx[i + 3]! < COUNT_HISTORY) idx[i + 3] = idx[i + 3]! + 1;
        },
        clear() {
          store.index.fill(0);
        },
        draw() {
          const element = canvas.current;
          const ctx = element?.getContext('2d');
          if (!element || !ctx) return;
          const width = store.size[0]!;
          const ratio = store.size[1]!;
          ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
          ctx.fillStyle = '#10141c';
          ctx.fillRect(0, 0, width, height);
          const narrow = width < NARROW_PX;
          const labelWidth = store.size[2]!;
          const trackLeft = labelWidth + RADIUS;
          const trackWidth = width - labelWidth - 2 * RADIUS;
          const idx = store.index;
          ctx.textBaseline = 'middle';
          for (let lane = 0; lane < laneCount; lane += 1) {
            const top = lane * LANE_HEIGHT;
            const y = top + TRACK_HEIGHT / 2 + (narrow ? 4 : 0);
            const color = lanes[lane]!.color;
            ctx.font = LABEL_FONT;
            ctx.fillStyle = '#c9d1dc';
            ctx.fillText(lanes[lane]!.label, 8, narrow ? top + 9 : y);
            ctx.strokeStyle = '#2a3242';
            ctx.lineWidth = 1;
            ctx.beginPath();
            ctx.moveTo(trackLeft, y);
            ctx.lineTo(trackLeft + trackWidth, y);
            ctx.stroke();
            // The trail, oldest first: fainter and smaller, newest full size.
            const n = idx[lane * 4 + 1]!;
            const head = idx[lane * 4]!;
            ctx.fillStyle = color;
            for (let k = 0; k < n; k += 1) {
              const slot = (head - n + k + TRAIL_PICTURES) % TRAIL_PICTURES;
              const p = store.trail[lane * TRAIL_PICTURES + slot]!;
              if (!Number.isFinite(p)) continue;
              const x = trackLeft + (p - Math.floor(p)) * trackWidth;
              const newest = k === n - 1;
              ctx.globalAlpha = newest ? 1 : 0.12 + (0.5 * (k + 1)) / n;
              ctx.beginPath();
              ctx.arc(x, y, newest ? RADIUS : 4, 0, Math.PI * 2);
              ctx.fill();
              // A tick per picture on the track line: the spacing reads even where dots overlap.
              ctx.fillRect(x - 0.5, y + RADIUS + 2, 1, 5);
            }
            ctx.globalAlpha = 1;
            // The count axis: one bar per picture, newest on the right; grid lines at whole counts.
            const stripTop = top + TRACK_HEIGHT;
            const stripHeight = COUNT_HEIGHT - 10;
            ctx.fillStyle = '#7d8797';
            ctx.font = '11px system-ui, sans-serif';
            if (narrow) {
              ctx.textAlign = 'right';
              // On the lane's label line, right-aligned: clear of the bars.
              ctx.fillText(countLabel, trackLeft + trackWidth, top + 9);
              ctx.textAlign = 'left';
            } else {
              ctx.fillText(countLabel, 8, stripTop + stripHeight / 2);
            }
            ctx.strokeStyle = '#232a37';
            for (let g = 0; g <= countMax; g += 1) {
              const gy = stripTop + stripHeight - (g / countMax) * stripHeight + 0.5;
              ctx.beginPath();
              ctx.moveTo(trackLeft, gy);
              ctx.lineTo(trackLeft + trackWidth, gy);
              ctx.stroke();
              if (g === 0 || g === countMax || countMax <= 2) ctx.fillText(DIGITS[g] ?? '', trackLeft - 14, gy);
            }
            const m = idx[lane * 4 + 3]!;
            const countHead = idx[lane * 4 + 2]!;
            const barWidth = trackWidth / COUNT_HISTORY;
            ctx.fillStyle = color;
            for (let k = 0; k < m; k += 1) {
              const slot = (countHead - m + k + COUNT_HISTORY) % COUNT_HISTORY;
              const c = store.counts[lane * COUNT_HISTORY + slot]!;
              const flapped = store.flaps[lane * COUNT_HISTORY + slot] === 1;
              // A flap with no bar (0 steps) still shows: a red tick on the axis.
              if (!(c > 0) && !flapped) continue;
              ctx.fillStyle = flapped ? FLAP_COLOR : color;
              const h = Math.max(flapped ? 3 : 0, (Math.min(c, countMax) / countMax) * stripHeight);
              const x = trackLeft + trackWidth - (m - k) * barWidth;
              ctx.fillRect(x, stripTop + stripHeight - h, Math.max(1, barWidth - 1), h);
              if (c > countMax) ctx.fillRect(x, stripTop - 3, Math.max(1, barWidth - 1), 2);
            }
          }
        },
      };
      redraw.current = () => handle.draw();
      return handle;
    },
    [store, lanes, laneCount, countLabel, countMax, height],
  );

  return (
    <div style={{ width: '100%', maxWidth }}>
      <canvas ref={canvas} data-testid={testId} style={{ display: 'block', borderRadius: 4 }} />
    </div>
  );
});
