import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { LiveVsync } from '../components/liveVsync.js';
import { MoreReadouts, Readout } from '../components/Readout.js';
import type { ReadoutField } from '../components/Readout.js';
import { useRafLoop } from '../components/useRafLoop.js';
import { TrailCanvas } from '../hooks/components/TrailCanvas.js';
import type { TrailCanvasHandle, TrailLane } from '../hooks/components/TrailCanvas.js';

/** What a "Start here" demo does in one vblank of its simulated display. */
export interface LaneStep<S> {
  /** Record the lanes' pictures (`trail.picture`) and write the readouts into `values`. */
  (vsync: LiveVsync, state: S, trail: TrailCanvasHandle, values: Record<string, number>): void;
}

/** Props of {@link TwoLanes}. */
export interface TwoLanesProps<S> {
  /** The wrong way first, the right way second. */
  lanes: readonly [TrailLane, TrailLane];
  countLabel: string;
  countMax: number;
  /** The simulated display: one of its vblanks per real animation frame. */
  vsync: { refreshRate: number; jitterMs: number; quantizationMs: number };
  /** Fresh per-story state (built once). */
  init: () => S;
  step: LaneStep<S>;
  keyNumbers: readonly ReadoutField[];
  more: readonly ReadoutField[];
  values: () => Record<string, number>;
  children?: ReactNode;
}

/**
 * The frame of every "Start here" story: two lanes on the same simulated display (wrong way on
 * top, right way below), each with its onion-skin trail and its per-picture bars, two or three key
 * numbers beside them and the rest collapsed. One simulated vblank per real animation frame, so the
 * picture is the same on any machine, only slower on a slow one.
 */
export function TwoLanes<S>({ lanes, countLabel, countMax, vsync, init, step, keyNumbers, more, values, children }: TwoLanesProps<S>) {
  const trail = useRef<TrailCanvasHandle>(null);
  const [live] = useState(() => ({ vsync: new LiveVsync({ ...vsync, seed: 5 }), state: init(), values: values() }));
  useRafLoop(() => {
    const handle = trail.current;
    if (!handle) return;
    live.vsync.next();
    step(live.vsync, live.state, handle, live.values);
    live.values.frames = live.vsync.frames;
    handle.draw();
  });
  return (
    <div>
      <TrailCanvas ref={trail} lanes={lanes} countLabel={countLabel} countMax={countMax} testId="trail" />
      <Readout keyNumbers values={live.values} fields={keyNumbers} />
      {children}
      <MoreReadouts>
        <Readout values={live.values} fields={[{ key: 'frames', label: 'vblanks simulated', format: (n) => n.toFixed(0) }, ...more]} />
      </MoreReadouts>
    </div>
  );
}

export const count = (n: number) => n.toFixed(0);
export const ms2 = (n: number) => `${n.toFixed(2)} ms`;
