// Story 28, "Three ways": one lane per way of reading a worker's steps (the article's three), each
// lane its own worker running the same dots simulation at the same step.
import { useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useFrame } from '../../src/index.js';
import { useWorkerSimulation, type ReadMode } from '../../src/worker/index.js';
import { count, percent, yesNo } from '../kit/format.js';
import { COLORS, FLAP_COLOR } from '../kit/Lanes.js';
import type { LanesHandle } from '../kit/Lanes.js';
import { laneLegend } from '../kit/Legend.js';
import { LanesPanel } from '../kit/Panel.js';
import { fieldsOf } from '../kit/Readout.js';
import { DOTS, TRACK, isTorn, type DotsProps } from './dots.simulation.js';

export const startDots = () => new Worker(new URL('./dots.worker.ts', import.meta.url), { type: 'module' });

/** Shared memory needs a cross-origin isolated page; 'auto' picks messages everywhere else. */
export const ISOLATED = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;

const WAYS = [
  { read: 'latest', label: "'latest': the last completed step — moves in stairs", color: COLORS.between },
  { read: 'interpolated', label: "'interpolated': the two latest blended — smooth", color: COLORS.right },
  {
    read: 'live',
    label: ISOLATED ? "'live': the state being written — torn pictures in red" : "'live' over messages: always a whole state, so the same stairs as 'latest'",
    color: COLORS.fourth,
  },
] as const satisfies readonly { read: ReadMode; label: string; color: string }[];

/** The bars' top: a torn picture's red bar reaches it. */
const TORN_BAR = 2;
/** Pictures a torn picture's ring stays. */
const RING_PICTURES = 30;

/** Where a picture's dots stand, in laps of the track (1.25: a quarter of the way along). */
function lapsOf(x: number): number {
  return x / TRACK;
}

/**
 * One way to read: its own worker, and per frame one picture on lane `lane` (the first dot; with a
 * torn 'live' state, a ring where the last dot stands), counted: pictures, pictures that did not
 * move, torn ones.
 */
function Way({ lane, read, updateRate, writeMs, values, lanes }: { lane: number; read: ReadMode; updateRate: number; writeMs: number; values: Record<string, number>; lanes: RefObject<LanesHandle | null> }) {
  // Props reach the worker when they change by identity: one object per cost.
  const props = useMemo<DotsProps>(() => ({ report: false, writeMs }), [writeMs]);
  const sim = useWorkerSimulation(startDots, { step: 1 / updateRate, read, props });
  const [last] = useState(() => ({ position: Number.NaN, stepIndex: Number.NaN, pictures: 0, steps: 0, still: 0, late: 0, ring: Number.NaN, ringPictures: 0 }));
  useFrame(
    (frame) => {
      if (!sim.ready || frame.paused || sim.current.length !== DOTS) return;
      values.shared = sim.transport === 'shared' ? 1 : 0;
      const to = sim.current[0]!;
      let position = lapsOf(to);
      if (read === 'interpolated' && sim.previous.length === DOTS) {
        // Across the wrap the blend runs on to the next lap, not back across the track.
        const from = sim.previous[0]!;
        position = lapsOf(from + ((to < from ? to + TRACK : to) - from) * sim.alpha);
      }
      const torn = isTorn(sim.current) || (read === 'interpolated' && isTorn(sim.previous));
      if (torn) values[`${read}Torn`]! += 1;
      const newSteps = Number.isFinite(last.stepIndex) ? sim.step.index - last.stepIndex : 0;
      // Counted from the second step on: before it there is nothing to move to, whatever the way.
      if (sim.step.index >= 1) {
        last.pictures += 1;
        last.steps += newSteps;
        if (position === last.position) {
          last.still += 1;
          // alpha clamped: the worker's next state is late (1) or came ahead of the frame's time (0), as
          // on a machine that starves the worker and then lets it run in a burst: nothing to blend.
          if (read === 'interpolated' && (sim.alpha === 1 || sim.alpha === 0)) last.late += 1;
        }
        values[`${read}Still`] = last.still / last.pictures;
        if (read === 'interpolated') values.interpolatedLate = last.late / last.pictures;
        values[`${read}Pictures`] = last.pictures;
        values[`${read}Steps`] = last.steps;
      }
      last.position = position;
      last.stepIndex = sim.step.index;
      // A torn picture's bar is drawn full height in red: one frame of it must be seen at a glance.
      lanes.current?.picture(lane, position, torn ? TORN_BAR : newSteps, torn);
      // The ring stays half a second (at 60 fps) where the last torn picture's old dots stood.
      if (torn) {
        last.ring = lapsOf(sim.current[DOTS - 1]!);
        last.ringPictures = RING_PICTURES;
      } else if (last.ringPictures > 0 && (last.ringPictures -= 1) === 0) last.ring = Number.NaN;
      lanes.current?.ring(lane, last.ring);
    },
    { phase: 'render' },
  );
  return null;
}

/** The three ways side by side on one lane picture, with the big numbers under it. */
export function ThreeWaysDemo({ updateRate, writeMs }: { updateRate: number; writeMs: number }) {
  const lanes = useRef<LanesHandle>(null);
  const [values] = useState<Record<string, number>>(() => ({
    frames: 0, shared: Number.NaN, latestTorn: 0, interpolatedTorn: 0, liveTorn: 0,
    latestStill: Number.NaN, interpolatedStill: Number.NaN, liveStill: Number.NaN, interpolatedLate: Number.NaN, latestPictures: 0, interpolatedPictures: 0, livePictures: 0, latestSteps: 0, interpolatedSteps: 0, liveSteps: 0,
  }));
  useFrame(
    (frame) => {
      if (frame.paused) return;
      values.frames! += 1;
      lanes.current?.draw();
    },
    { phase: 'after' },
  );
  return (
    <div>
      <p data-testid="transport-note" style={{ font: '13px system-ui, sans-serif', margin: '0 0 8px', padding: '6px 8px', borderLeft: `4px solid ${COLORS.fourth}`, background: '#5dade21a', maxWidth: 720 }}>
        {ISOLATED
          ? "Shared memory: this page is cross-origin isolated, so 'live' reads the state while the worker writes it, and a picture can hold dots of two steps (torn, drawn red)."
          : "Messages, not shared memory: this page is not cross-origin isolated, so each state arrives whole and 'live' cannot tear. It shows the latest whole state instead: the same stairs as 'latest'. With the COOP and COEP headers, torn pictures would show here in red."
        }
      </p>
      {WAYS.map((way, i) => (
        <Way key={way.read} lane={i} read={way.read} updateRate={updateRate} writeMs={writeMs} values={values} lanes={lanes} />
      ))}
      <LanesPanel
        ref={lanes}
        lanes={WAYS}
        bars={{ label: 'new steps/picture', max: TORN_BAR }}
        legend={laneLegend('worker steps new in this picture (a bar every few pictures: the steps are slower than the frames)', [
          { mark: 'flap', text: "red bar, full height: a torn picture, dots of two steps ('live' over shared memory only)" },
          { mark: 'ring', text: "ring: where the old dots of the last torn picture stood (shown for 30 pictures)" },
        ])}
        values={values}
        keyNumbers={[
          { key: 'latestStill', label: "'latest': pictures that did not move (stairs)", format: percent, color: WAYS[0].color },
          { key: 'interpolatedStill', label: "'interpolated': pictures that did not move", format: percent, color: WAYS[1].color },
          { key: 'liveTorn', label: ISOLATED ? "'live': torn pictures" : "'live' over messages: torn pictures (cannot tear)", format: count, color: FLAP_COLOR },
        ]}
        more={[
          { key: 'shared', label: 'shared memory (messages: no)', format: yesNo },
          { key: 'liveStill', label: "'live': pictures that did not move", format: percent },
          { key: 'interpolatedLate', label: "'interpolated': pictures that did not move with alpha clamped at 0 or 1 (the worker's states late, or in a burst)", format: percent },
          ...fieldsOf(count, {
            frames: 'frames drawn',
            latestTorn: "torn pictures, 'latest'",
            interpolatedTorn: "torn pictures, 'interpolated'",
            latestPictures: "pictures, 'latest'",
            interpolatedPictures: "pictures, 'interpolated'",
            livePictures: "pictures, 'live'",
            latestSteps: "worker steps seen, 'latest'",
            liveSteps: "worker steps seen, 'live'",
          }),
        ]}
      />
    </div>
  );
}
