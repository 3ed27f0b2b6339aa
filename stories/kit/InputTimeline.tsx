import { useFrameCanvas } from './canvasSize.js';

/** One key event on the timeline: when it happened, and the end of the step it was handed to. */
export interface TimelineEvent {
  t: number;
  deliveredTo: number;
  down: boolean;
}

/** What the input timeline draws, kept by the story for its window (ms on the frame clock). */
export interface TimelineData {
  frames: number[];
  stepEnds: number[];
  events: TimelineEvent[];
  /** Step ends at which polling the held keys saw a press. */
  polled: number[];
  /** Step ends at which `useStepInput` saw a press. */
  stepped: number[];
  /** The latest frame's timestamp: the right edge. */
  nowMs: number;
}

const MAX_WIDTH = 720;
const LABEL = 15;
/** Rows, top to bottom: label, content height. No line crosses a label band. */
const ROWS = [
  { label: 'frames', height: 12 },
  { label: 'fixed steps: where each one ends', height: 12 },
  { label: 'key events → the step they were handed to', height: 26 },
  { label: 'presses seen by polling the held keys', height: 12 },
  { label: 'presses seen by useStepInput', height: 12 },
] as const;
const HEIGHT = ROWS.reduce((sum, row) => sum + LABEL + row.height + 4, 4);
/** Top of each row's content band. */
const TOPS = ROWS.map((_, i) => ROWS.slice(0, i).reduce((sum, row) => sum + LABEL + row.height + 4, 4) + LABEL);

/**
 * The input timeline of story 23: frames, step ends, key events with a line to the step that got
 * them, and the presses each way of reading keys saw. Labels sit in bands of their own, so no step
 * line crosses them; the canvas follows its container's width and the device pixel ratio.
 */
export function InputTimeline({ data, windowMs }: { data: TimelineData; windowMs: number }) {
  // Drawn every frame, paused or not.
  const canvas = useFrameCanvas(MAX_WIDTH, HEIGHT, (ctx, width) => {
    const oldest = data.nowMs - windowMs;
    const x = (t: number) => ((t - oldest) / windowMs) * width;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#8a93a6';
    for (let i = 0; i < ROWS.length; i += 1) ctx.fillText(ROWS[i]!.label, 4, TOPS[i]! - LABEL / 2);
    ticks(ctx, data.frames, x, TOPS[0]!, ROWS[0].height, '#5d6d7e');
    ticks(ctx, data.stepEnds, x, TOPS[1]!, ROWS[1].height, '#f5b041');
    ticks(ctx, data.stepEnds, x, TOPS[2]!, ROWS[2].height, '#f5b04155');
    const mid = TOPS[2]! + ROWS[2].height / 2;
    ctx.lineWidth = 2;
    for (const event of data.events) {
      ctx.strokeStyle = event.down ? '#58d68d' : '#f06a6a';
      ctx.beginPath();
      ctx.moveTo(x(event.t), mid + (event.down ? -10 : 10));
      ctx.lineTo(x(event.t), mid);
      ctx.lineTo(x(event.deliveredTo), mid);
      ctx.stroke();
    }
    ctx.lineWidth = 1;
    dots(ctx, data.polled, x, TOPS[3]! + ROWS[3].height / 2, '#f06a6a');
    dots(ctx, data.stepped, x, TOPS[4]! + ROWS[4].height / 2, '#58d68d');
  });

  return (
    <div style={{ width: '100%', maxWidth: MAX_WIDTH }}>
      <canvas ref={canvas} data-testid="timeline" style={{ borderRadius: 4, display: 'block' }} />
    </div>
  );
}

function ticks(ctx: CanvasRenderingContext2D, times: readonly number[], x: (t: number) => number, top: number, height: number, color: string): void {
  ctx.strokeStyle = color;
  for (const t of times) {
    ctx.beginPath();
    ctx.moveTo(x(t), top);
    ctx.lineTo(x(t), top + height);
    ctx.stroke();
  }
}

function dots(ctx: CanvasRenderingContext2D, times: readonly number[], x: (t: number) => number, y: number, color: string): void {
  ctx.fillStyle = color;
  for (const t of times) {
    ctx.beginPath();
    ctx.arc(x(t), y, 5, 0, Math.PI * 2);
    ctx.fill();
  }
}
