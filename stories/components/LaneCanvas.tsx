import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { resizeKeepingPicture } from './resizeCanvas.js';

/** One lane: an object at `position` (0..1 across the track), and optionally where it should be. */
export interface Lane {
  label: string;
  color: string;
}

/** Imperative drawing handle of {@link LaneCanvas}: called from the frame loop, never via React state. */
export interface LaneCanvasHandle {
  /**
   * Draw every lane's object this frame. `positions[i]` is lane i's position in [0, 1];
   * `ideal` (same scale) is where a perfect loop would show it, drawn as a hollow ring.
   */
  draw(positions: ArrayLike<number>, ideal?: number): void;
  /** Forget the onion-skin trail (after a reset or a jump). */
  clearTrail(): void;
}

/** Props of {@link LaneCanvas}. */
export interface LaneCanvasProps {
  lanes: readonly Lane[];
  /** Largest width, CSS px; the canvas follows its container's width below that. Default 640. */
  width?: number;
  /** Height of one lane, CSS px (label above, track below). Default 40. */
  laneHeight?: number;
  /**
   * Onion skin: how many earlier pictures stay visible as fading ghosts. Even spacing between them
   * is smooth motion; uneven spacing, a gap or two ghosts on one spot is stutter or a repeated
   * picture, visible in a still frame. Default 6 (0: none).
   */
  trail?: number;
  testId?: string;
}

const RADIUS = 8;
const PAD = 10;

/**
 * Objects moving along parallel lanes: the eye judges smoothness far better than a number does.
 * The hollow ring marks the position for the true time, so lag shows as a gap and judder as a
 * dot that jiggles against the ring. The backing store is sized by devicePixelRatio (sharp at
 * 2×) and the width follows the container (down to a phone's 360 px).
 */
export const LaneCanvas = forwardRef<LaneCanvasHandle, LaneCanvasProps>(function LaneCanvas(
  { lanes, width = 640, laneHeight = 40, trail = 6, testId },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const height = lanes.length * laneHeight;
  // [cssWidth, dpr] of the backing store; ghosts: per lane `trail` earlier positions (NaN = none).
  const size = useRef(new Float64Array([Math.min(width, 640), 1]));
  const ghosts = useRef({ positions: new Float64Array(Math.max(1, lanes.length * trail)).fill(Number.NaN), head: 0 });

  useEffect(() => {
    const element = host.current;
    const c = canvas.current;
    if (!element || !c) return;
    const fit = () => {
      const cssWidth = Math.max(200, Math.min(width, element.clientWidth || width));
      const dpr = window.devicePixelRatio || 1;
      size.current[0] = cssWidth;
      size.current[1] = dpr;
      resizeKeepingPicture(c, Math.round(cssWidth * dpr), Math.round(height * dpr));
      c.style.width = `${cssWidth}px`;
      c.style.height = `${height}px`;
    };
    fit();
    // Refit on the next frame, not inside the observer's callback (a resize there would loop).
    let pending = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => {
        if (Math.max(200, Math.min(width, element.clientWidth || width)) !== size.current[0]) fit();
      });
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(pending);
      observer.disconnect();
    };
  }, [width, height]);

  useImperativeHandle(
    ref,
    () => ({
      clearTrail() {
        ghosts.current.positions.fill(Number.NaN);
      },
      draw(positions, ideal) {
        const ctx = canvas.current?.getContext('2d');
        if (!ctx) return;
        const cssWidth = size.current[0]!;
        const dpr = size.current[1]!;
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.fillStyle = '#10141c';
        ctx.fillRect(0, 0, cssWidth, height);
        const left = PAD + RADIUS;
        const track = cssWidth - 2 * left;
        const g = ghosts.current;
        // An index loop, not forEach: no closure is created per frame.
        for (let i = 0; i < lanes.length; i += 1) {
          const lane = lanes[i]!;
          const top = i * laneHeight;
          const y = top + laneHeight - RADIUS - 5;
          ctx.fillStyle = '#aab4c5';
          ctx.font = '11px system-ui';
          ctx.textBaseline = 'top';
          ctx.fillText(lane.label, PAD, top + 3);
          ctx.strokeStyle = '#2a3242';
          ctx.lineWidth = 1;
          ctx.beginPath();
          ctx.moveTo(left, y);
          ctx.lineTo(left + track, y);
          ctx.stroke();
          if (ideal !== undefined && Number.isFinite(ideal)) {
            ctx.strokeStyle = '#ffffffaa';
            ctx.beginPath();
            ctx.arc(left + ideal * track, y, RADIUS + 3, 0, Math.PI * 2);
            ctx.stroke();
          }
          // Onion skin: oldest ghost faintest.
          ctx.fillStyle = lane.color;
          for (let k = 1; k <= trail; k += 1) {
            const slot = (g.head - k + trail) % trail;
            const p = g.positions[i * trail + slot]!;
            if (!Number.isFinite(p)) continue;
            ctx.globalAlpha = 0.45 * (1 - (k - 1) / trail);
            ctx.beginPath();
            ctx.arc(left + p * track, y, RADIUS * 0.7, 0, Math.PI * 2);
            ctx.fill();
          }
          ctx.globalAlpha = 1;
          const p = positions[i] ?? Number.NaN;
          if (Number.isFinite(p)) {
            ctx.beginPath();
            ctx.arc(left + p * track, y, RADIUS, 0, Math.PI * 2);
            ctx.fill();
          }
          if (trail > 0) g.positions[i * trail + g.head] = p;
        }
        if (trail > 0) g.head = (g.head + 1) % trail;
      },
    }),
    [lanes, height, laneHeight, trail],
  );

  return (
    <div ref={host} style={{ width: '100%', maxWidth: width }}>
      <canvas ref={canvas} width={width} height={height} data-testid={testId} style={{ display: 'block', borderRadius: 4, maxWidth: '100%' }} />
    </div>
  );
});

/**
 * Where an object moving back and forth at constant speed is at `seconds`: a triangle wave with
 * the given period, in [0, 1]. Used as the "true" position for a time.
 */
export function pingPong(seconds: number, periodSeconds: number): number {
  const phase = (((seconds / periodSeconds) % 1) + 1) % 1;
  return phase < 0.5 ? phase * 2 : 2 - phase * 2;
}
