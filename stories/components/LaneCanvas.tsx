import { forwardRef, useImperativeHandle, useRef } from 'react';

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
}

/** Props of {@link LaneCanvas}. */
export interface LaneCanvasProps {
  lanes: readonly Lane[];
  width?: number;
  laneHeight?: number;
  testId?: string;
}

const RADIUS = 9;
const LABEL_WIDTH = 150;

/**
 * Objects racing along parallel lanes: the eye judges smoothness far better than a number does.
 * The hollow ring marks the position for the true time, so lag shows as a gap and judder as a
 * dot that jiggles against the ring.
 */
export const LaneCanvas = forwardRef<LaneCanvasHandle, LaneCanvasProps>(function LaneCanvas(
  { lanes, width = 640, laneHeight = 34, testId },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const height = lanes.length * laneHeight;

  useImperativeHandle(
    ref,
    () => ({
      draw(positions, ideal) {
        const ctx = canvas.current?.getContext('2d');
        if (!ctx) return;
        ctx.fillStyle = '#10141c';
        ctx.fillRect(0, 0, width, height);
        const track = width - LABEL_WIDTH - 2 * RADIUS;
        // An index loop, not forEach: no closure is created per frame.
        for (let i = 0; i < lanes.length; i += 1) {
          const lane = lanes[i]!;
          const y = i * laneHeight + laneHeight / 2;
          ctx.fillStyle = '#9aa4b5';
          ctx.font = '12px system-ui';
          ctx.textBaseline = 'middle';
          ctx.fillText(lane.label, 8, y);
          ctx.strokeStyle = '#2a3242';
          ctx.beginPath();
          ctx.moveTo(LABEL_WIDTH, y);
          ctx.lineTo(width - RADIUS, y);
          ctx.stroke();
          if (ideal !== undefined && Number.isFinite(ideal)) {
            ctx.strokeStyle = '#ffffff88';
            ctx.beginPath();
            ctx.arc(LABEL_WIDTH + RADIUS + ideal * track, y, RADIUS + 3, 0, Math.PI * 2);
            ctx.stroke();
          }
          const p = positions[i] ?? Number.NaN;
          if (Number.isFinite(p)) {
            ctx.fillStyle = lane.color;
            ctx.beginPath();
            ctx.arc(LABEL_WIDTH + RADIUS + p * track, y, RADIUS, 0, Math.PI * 2);
            ctx.fill();
          }
        }
      },
    }),
    [lanes, width, height, laneHeight],
  );

  return <canvas ref={canvas} width={width} height={height} data-testid={testId} style={{ display: 'block', borderRadius: 4 }} />;
});

/**
 * Where an object moving back and forth at constant speed is at `seconds`: a triangle wave with
 * the given period, in [0, 1]. Used as the "true" position for a time.
 */
export function pingPong(seconds: number, periodSeconds: number): number {
  const phase = (((seconds / periodSeconds) % 1) + 1) % 1;
  return phase < 0.5 ? phase * 2 : 2 - phase * 2;
}
