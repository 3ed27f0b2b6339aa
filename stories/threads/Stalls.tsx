// Story 28, "Main thread stalls": the page busy-waits once a second; a timeline shows the worker's
// steps going on through each stall while the page's frames and a main-thread clock's steps stop.
import { useState } from 'react';
import { FixedClockProvider, useFixedUpdate, useFrame } from '../../src/index.js';
import { useWorkerSimulation } from '../../src/worker/index.js';
import { useFrameCanvas } from '../kit/canvasSize.js';
import { count, ms1 } from '../kit/format.js';
import { COLORS } from '../kit/Lanes.js';
import { busyWait } from '../kit/loop.js';
import { Findings } from '../kit/Panel.js';
import { fieldsOf } from '../kit/Readout.js';
import { RingBuffer } from '../kit/ringBuffer.js';
import type { DotsProps } from './dots.simulation.js';
import { startDots } from './ThreeWays.js';

const REPORTING: DotsProps = { report: true };
/** Real ms the timeline shows at its widest, the newest on the right; narrower, it shows less (the same ms per px). */
const WINDOW_MS = 2500;
const MAX_WIDTH = 720;
const LABEL = 15;
const ROW = 16;
const ROWS = [
  { label: "the page's frames", color: '#9aa4b5' },
  { label: 'main-thread clock: when each step ran', color: COLORS.wrong },
  { label: 'worker: when each step ran', color: COLORS.right },
] as const;
const HEIGHT = ROWS.length * (LABEL + ROW + 4) + 4;
const STALL_COLOR = '#f06a6a55';

/** The times the timeline draws, page ms: rings of frames, steps and stalls (start, end). */
interface Timeline {
  frames: RingBuffer;
  mainSteps: RingBuffer;
  workerSteps: RingBuffer;
  stallStarts: RingBuffer;
  stallEnds: RingBuffer;
  nowMs: number;
}

function newTimeline(): Timeline {
  return { frames: new RingBuffer(400), mainSteps: new RingBuffer(1200), workerSteps: new RingBuffer(1200), stallStarts: new RingBuffer(8), stallEnds: new RingBuffer(8), nowMs: 0 };
}

/** The timeline canvas: stalls shaded across every row, a tick per frame or step. */
function StallTimeline({ data }: { data: Timeline }) {
  const canvas = useFrameCanvas(MAX_WIDTH, HEIGHT, (ctx, width) => {
    const windowMs = (WINDOW_MS * width) / MAX_WIDTH;
    const oldest = data.nowMs - windowMs;
    const x = (t: number) => ((t - oldest) / windowMs) * width;
    ctx.fillStyle = STALL_COLOR;
    for (let i = 0; i < data.stallStarts.length; i += 1) {
      const start = data.stallStarts.at(i);
      ctx.fillRect(x(start), 0, Math.max(2, x(data.stallEnds.at(i)) - x(start)), HEIGHT);
    }
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    const rings = [data.frames, data.mainSteps, data.workerSteps];
    for (let r = 0; r < ROWS.length; r += 1) {
      const top = 4 + r * (LABEL + ROW + 4);
      ctx.fillStyle = '#c9d1dc';
      ctx.fillText(ROWS[r]!.label, 6, top + LABEL / 2);
      ctx.fillStyle = ROWS[r]!.color;
      const ring = rings[r]!;
      for (let i = 0; i < ring.length; i += 1) {
        const t = ring.at(i);
        if (t >= oldest) ctx.fillRect(x(t) - 1, top + LABEL, 2, ROW);
      }
    }
  });
  return (
    <div style={{ width: '100%', maxWidth: MAX_WIDTH }}>
      <canvas ref={canvas} data-testid="timeline" style={{ borderRadius: 4, display: 'block' }} />
    </div>
  );
}

/** The same step on the main thread: when each step ran, how late against its span's end, and how many ran in a stall. */
function MainThreadSteps({ values, timeline, stall }: { values: Record<string, number>; timeline: Timeline; stall: Stall }) {
  useFixedUpdate((_dt, step) => {
    const now = performance.now();
    timeline.mainSteps.push(now);
    values.mainStepsThisFrame! += 1;
    if (values.mainStepsThisFrame! > values.mainBurst!) values.mainBurst = values.mainStepsThisFrame!;
    if (now >= stall.startMs && now <= stall.endMs) values.mainStepsInStall! += 1;
    const lateMs = now - step.stepEndTimestampMs;
    if (lateMs > values.mainMaxLateMs!) values.mainMaxLateMs = lateMs;
  });
  return null;
}

/** The latest stall, page ms, and the worker steps counted in it so far. */
interface Stall {
  lastMs: number;
  startMs: number;
  endMs: number;
  workerSteps: number;
}

export function StallDemo({ updateRate, stallMs }: { updateRate: number; stallMs: number }) {
  const [values] = useState<Record<string, number>>(() => ({ frames: 0, stalls: 0, workerStepsInStall: Number.NaN, workerMostInStall: 0, mainStepsInStall: 0, framesInStall: 0, mainStepsThisFrame: 0, mainBurst: 0, mainMaxLateMs: 0 }));
  const [timeline] = useState(newTimeline);
  const [stall] = useState<Stall>(() => ({ lastMs: -Infinity, startMs: Number.NaN, endMs: Number.NaN, workerSteps: 0 }));
  // A step's message waits while the page is blocked; its time says when it ran in the worker.
  const onMessage = (data: unknown) => {
    const at = (data as { ranAtEpochMs: number }).ranAtEpochMs - performance.timeOrigin;
    timeline.workerSteps.push(at);
    if (at >= stall.startMs && at <= stall.endMs) stall.workerSteps += 1;
  };
  useWorkerSimulation(startDots, { step: 1 / updateRate, read: 'latest', props: REPORTING, onMessage });
  useFrame(
    (frame) => {
      if (frame.paused) return;
      // When the frame ran: its timestamp is its vblank, which can fall inside the stall that delayed it.
      const ranMs = performance.now();
      values.frames! += 1;
      values.mainStepsThisFrame = 0;
      timeline.frames.push(ranMs);
      timeline.nowMs = ranMs;
      if (ranMs >= stall.startMs && ranMs <= stall.endMs) values.framesInStall! += 1;
      // By the frame after a stall, its steps' messages have all arrived.
      if (values.stalls! > 0) values.workerStepsInStall = stall.workerSteps;
      if (stall.workerSteps > values.workerMostInStall!) values.workerMostInStall = stall.workerSteps;
      if (stallMs <= 0 || ranMs - stall.lastMs < 1000) return;
      stall.lastMs = ranMs;
      stall.workerSteps = 0;
      stall.startMs = performance.now();
      busyWait(stallMs);
      stall.endMs = performance.now();
      timeline.stallStarts.push(stall.startMs);
      timeline.stallEnds.push(stall.endMs);
      values.stalls! += 1;
    },
    { phase: 'update' },
  );
  return (
    // Room for every step a stall owes in the frame after it: the burst, none dropped.
    <FixedClockProvider step={1 / updateRate} maxSteps={Math.max(5, Math.ceil((stallMs / 1000) * updateRate) + 2)}>
      <MainThreadSteps values={values} timeline={timeline} stall={stall} />
      <StallTimeline data={timeline} />
      <Findings
        legend={[
          { mark: 'swatch', color: STALL_COLOR, text: `a stall: the page's main thread busy for ${stallMs} ms, once a second` },
          { mark: 'bar', color: ROWS[0].color, text: 'a frame of the page, at the time it ran: none in a stall' },
          { mark: 'bar', color: ROWS[1].color, text: 'a step of a fixed clock on the main thread (<FixedClockProvider>): none in a stall, a burst after it' },
          { mark: 'bar', color: ROWS[2].color, text: 'a step of the worker, at the time it ran: they go on through the stall' },
        ]}
        values={values}
        keyNumbers={[
          { key: 'workerStepsInStall', label: `worker: steps run during the last ${stallMs} ms stall`, format: count, color: COLORS.right },
          { key: 'mainMaxLateMs', label: 'main-thread clock: its most late step, ms after its span ended', format: ms1, color: COLORS.wrong },
        ]}
        more={fieldsOf(count, {
          frames: 'frames',
          stalls: 'main-thread stalls',
          workerMostInStall: 'most worker steps in one stall',
          mainStepsInStall: 'main-thread clock steps run during a stall',
          mainBurst: 'main-thread clock: most steps in one frame (the burst after a stall)',
          framesInStall: 'frames that started during a stall',
        })}
      />
    </FixedClockProvider>
  );
}
