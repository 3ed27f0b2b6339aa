import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { LiveVsync } from './display.js';
import type { LaneBars, LaneSpec, LanesHandle } from './Lanes.js';
import type { LegendItem } from './Legend.js';
import { useRafLoop } from './loop.js';
import { LanesPanel } from './Panel.js';
import type { ReadoutField } from './Readout.js';
import { count } from './format.js';

/** The simulated display of a {@link SimulatedLanes}: jitter, resolution and drops are read live. */
export interface LanesDisplay {
  refreshRate: number;
  jitterMs?: number;
  quantizationMs?: number;
  dropChance?: number;
  seed?: number;
  /** Every other timestamp arrives this many ms late: long and short deltas alternate (a heartbeat). */
  heartbeatMs?: number;
  /** A vblank missed every this many frames (a slow frame; 0: never). */
  missEvery?: number;
  /** Every `stallEvery` frames one frame stalls `stallMs` (0: never). */
  stallMs?: number;
  stallEvery?: number;
}

/** What a story's frame callback gets: this vblank of the display, the lanes, its readouts and state. */
export interface LaneFrame<S> {
  vsync: LiveVsync;
  lanes: LanesHandle;
  values: Record<string, number>;
  state: S;
  /** Simulated work done in this frame, ms: the next frame waits for the first vblank after it, as vsync would. */
  spend(ms: number): void;
}

/** Props of {@link SimulatedLanes}. */
export interface SimulatedLanesProps<S> {
  /** The wrong way first, the right way last. */
  lanes: readonly LaneSpec[];
  bars?: LaneBars;
  display: LanesDisplay;
  /** Fresh per-story state; built again when the display's refresh rate or seed changes. */
  init: () => S;
  /** One frame of the display: advance the algorithms, record the lanes' pictures, write the readouts. */
  frame: (f: LaneFrame<S>) => void;
  /** The readouts' record (NaN: not measured yet); `frames` is added. */
  values: () => Record<string, number>;
  /** One or two big numbers under the picture. */
  keyNumbers: readonly ReadoutField[];
  /** The rest, folded under "All readouts". */
  more?: readonly ReadoutField[];
  legend: readonly LegendItem[];
  /** Shown under the key numbers: a plot the story is about, the story's own buttons. */
  after?: ReactNode;
  /** Plots and tables, folded with the readouts. */
  children?: ReactNode;
}

/**
 * The frame of every story that compares algorithms on one simulated display: lanes (the wrong way
 * on top, the right way below) on the same frames, with their trails and bars, a legend of every
 * mark, the key numbers, and the rest folded. One simulated vblank per real animation frame, so the
 * picture is the same on any machine, only slower on a slow one. Controls act on the running demo.
 */
export function SimulatedLanes<S>(props: SimulatedLanesProps<S>) {
  const { lanes, bars, display, keyNumbers, more = [], legend, after, children } = props;
  const handle = useRef<LanesHandle>(null);
  const latest = useRef(props);
  latest.current = props;
  const [live] = useState(() => ({ vsync: makeVsync(display), state: props.init(), values: { frames: 0, ...props.values() }, workMs: 0 }));
  useRafLoop(() => {
    const lanesHandle = handle.current;
    if (!lanesHandle) return;
    const p = latest.current;
    if (p.display.refreshRate !== live.vsync.options.refreshRate || (p.display.seed ?? 5) !== live.vsync.options.seed) {
      // Another display: a new measurement on it (no remount; the lanes start again).
      live.vsync = makeVsync(p.display);
      live.state = p.init();
      Object.assign(live.values, p.values());
      lanesHandle.clear();
    }
    const o = live.vsync.options;
    o.jitterMs = p.display.jitterMs ?? 0;
    o.quantizationMs = p.display.quantizationMs ?? 0;
    o.dropChance = p.display.dropChance ?? 0;
    nextFrame(live.vsync, p.display, live.workMs);
    live.workMs = 0;
    p.frame({ vsync: live.vsync, lanes: lanesHandle, values: live.values, state: live.state, spend });
    live.values.frames = live.vsync.frames;
    lanesHandle.draw();
  });
  function spend(ms: number): void {
    live.workMs += Math.max(0, ms);
  }
  return (
    <LanesPanel ref={handle} lanes={lanes} bars={bars} legend={legend} values={live.values} keyNumbers={keyNumbers} more={[{ key: 'frames', label: 'vblanks simulated', format: count }, ...more]} after={after}>
      {children}
    </LanesPanel>
  );
}

/** The display's next frame: after the last frame's work, a missed vblank, a stall or a heartbeat. */
function nextFrame(vsync: LiveVsync, d: LanesDisplay, workMs: number): void {
  const frames = vsync.frames;
  let extra = vsync.vblanksHeldBy(workMs);
  if ((d.missEvery ?? 0) > 0 && frames > 0 && frames % d.missEvery! === 0) extra += 1;
  if ((d.stallMs ?? 0) > 0 && (d.stallEvery ?? 0) > 0 && frames > 0 && frames % d.stallEvery! === 0) extra += Math.ceil(d.stallMs! / vsync.intervalMs);
  vsync.next(extra, frames % 2 === 1 ? (d.heartbeatMs ?? 0) : 0);
}

function makeVsync(display: LanesDisplay): LiveVsync {
  return new LiveVsync({
    refreshRate: display.refreshRate,
    jitterMs: display.jitterMs ?? 0,
    quantizationMs: display.quantizationMs ?? 0,
    dropChance: display.dropChance ?? 0,
    seed: display.seed ?? 5,
  });
}
