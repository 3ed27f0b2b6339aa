// fast-check with React in the loop (StrictMode): random sequences of mounting and unmounting hook
// components, rerendering them with new callbacks, changing the provider's paused / timeScale /
// frameloop props, and running frames. test/scheduler/properties.test.ts fuzzes the scheduler
// alone; this adds the React bindings on top.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { FrameProvider, useFixedTimestep, useFrame, useFrameScheduler } from '../../src/index.js';
import type { FrameLoopMode, FramePhase, FrameScheduler } from '../../src/scheduler/types.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { act, mount, strict, unmountAll } from '../helpers/react.js';

afterEach(() => unmountAll());

const PHASES: readonly FramePhase[] = ['input', 'update', 'render', 'after'];
const RANK: Record<FramePhase, number> = { input: 0, update: 1, render: 2, after: 3 };
const SLOTS = 5;

type Slot = { kind: 'frame'; phase: FramePhase; version: number } | { kind: 'fixed'; version: number };

type Op =
  | { op: 'mount'; slot: number; kind: 'frame' | 'fixed'; phase: FramePhase }
  | { op: 'unmount'; slot: number }
  | { op: 'rerender'; slot: number }
  | { op: 'paused'; value: boolean }
  | { op: 'timeScale'; value: number }
  | { op: 'frameloop'; value: FrameLoopMode }
  | { op: 'frames'; n: number };

const slotArb = fc.integer({ min: 0, max: SLOTS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('mount' as const), slot: slotArb, kind: fc.constantFrom('frame' as const, 'fixed' as const), phase: fc.constantFrom(...PHASES) }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('unmount' as const), slot: slotArb }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('rerender' as const), slot: slotArb }), weight: 2 },
  fc.record({ op: fc.constant('paused' as const), value: fc.boolean() }),
  fc.record({ op: fc.constant('timeScale' as const), value: fc.constantFrom(0, 0.5, 1, 2.5) }),
  fc.record({ op: fc.constant('frameloop' as const), value: fc.constantFrom<FrameLoopMode>('always', 'demand', 'manual') }),
  { arbitrary: fc.record({ op: fc.constant('frames' as const), n: fc.integer({ min: 1, max: 6 }) }), weight: 4 },
);

/** What the components report, frame by frame. */
interface Record_ {
  /** [slot, version, phase] of every run of a slot callback (fixed: its render). */
  runs: Array<[number, number, FramePhase]>;
  /** Runs of a slot that was not mounted when it ran. */
  ghostRuns: number;
  /** Frame indices the probe saw. */
  frames: number[];
  deltaSum: number;
  nonFinite: number;
  scheduler: FrameScheduler | null;
}

function FrameSlot({ slot, version, phase, rec, mounted }: { slot: number; version: number; phase: FramePhase; rec: Record_; mounted: (Slot | null)[] }) {
  useFrame(
    () => {
      if (mounted[slot] === null) rec.ghostRuns++;
      rec.runs.push([slot, version, phase]);
    },
    { phase },
  );
  return null;
}

function FixedSlot({ slot, version, rec, mounted }: { slot: number; version: number; rec: Record_; mounted: (Slot | null)[] }) {
  useFixedTimestep({
    step: 1 / 60,
    update: (dt) => {
      if (mounted[slot] === null) rec.ghostRuns++;
      if (dt !== 1 / 60) rec.nonFinite++;
    },
    render: (alpha) => {
      if (mounted[slot] === null) rec.ghostRuns++;
      if (!(alpha >= 0 && alpha <= 1)) rec.nonFinite++;
      rec.runs.push([slot, version, 'render']);
    },
  });
  return null;
}

function Probe({ rec }: { rec: Record_ }) {
  rec.scheduler = useFrameScheduler();
  useFrame(
    (frame) => {
      rec.frames.push(frame.frameIndex);
      rec.deltaSum += frame.deltaSeconds;
      if (!Number.isFinite(frame.deltaSeconds) || !Number.isFinite(frame.elapsedSeconds)) rec.nonFinite++;
    },
    { phase: 'input', priority: -1 },
  );
  return null;
}

describe('React bindings under random interleavings (fast-check, StrictMode)', () => {
  it('subscriptions match the mounted hooks, each mounted callback (the newest) runs once per frame in phase order, unmounted never, elapsed = Σ delta, no NaN', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), (ops) => {
        unmountAll();
        const source = createManualFrameSource({ refreshRate: 60, jitterMs: 2, seed: ops.length });
        const rec: Record_ = { runs: [], ghostRuns: 0, frames: [], deltaSum: 0, nonFinite: 0, scheduler: null };
        const slots: (Slot | null)[] = new Array<Slot | null>(SLOTS).fill(null);
        // What the frame callbacks consult: updated only after React committed the change.
        const mounted: (Slot | null)[] = new Array<Slot | null>(SLOTS).fill(null);
        let paused = false;
        let timeScale = 1;
        let frameloop: FrameLoopMode = 'always';

        const tree = () =>
          strict(
            <FrameProvider source={source} paused={paused} timeScale={timeScale} frameloop={frameloop}>
              <Probe rec={rec} />
              {slots.map((s, i) =>
                s === null ? null : s.kind === 'frame' ? (
                  <FrameSlot key={`${i}-frame-${s.phase}`} slot={i} version={s.version} phase={s.phase} rec={rec} mounted={mounted} />
                ) : (
                  <FixedSlot key={`${i}-fixed`} slot={i} version={s.version} rec={rec} mounted={mounted} />
                ),
              )}
            </FrameProvider>,
          );
        const view = mount(tree());
        const apply = () => {
          view.rerender(tree());
          for (let i = 0; i < SLOTS; i++) mounted[i] = slots[i]!;
        };

        for (const op of ops) {
          switch (op.op) {
            case 'mount':
              if (slots[op.slot] === null) slots[op.slot] = op.kind === 'frame' ? { kind: 'frame', phase: op.phase, version: 0 } : { kind: 'fixed', version: 0 };
              break;
            case 'unmount':
              // Mark it gone before React unmounts it: any later run is a ghost.
              slots[op.slot] = null;
              mounted[op.slot] = null;
              break;
            case 'rerender': {
              const s = slots[op.slot];
              if (s) slots[op.slot] = { ...s, version: s.version + 1 };
              break;
            }
            case 'paused':
              paused = op.value;
              break;
            case 'timeScale':
              timeScale = op.value;
              break;
            case 'frameloop':
              frameloop = op.value;
              break;
            case 'frames': {
              const runsBefore = rec.runs.length;
              const framesBefore = rec.frames.length;
              act(() => source.advanceFrames(op.n));
              const ran = rec.frames.length - framesBefore;
              // 'always' runs a frame per vblank (the probe always subscribes); 'demand' without
              // invalidate() and 'manual' run none.
              expect(ran).toBe(frameloop === 'always' ? op.n : 0);
              const live = slots.flatMap((s, i) => (s === null ? [] : [[i, s] as const]));
              const runs = rec.runs.slice(runsBefore);
              // every mounted callback exactly once per frame, with its newest version
              expect(runs.length).toBe(ran * live.length);
              for (let f = 0; f < ran; f++) {
                const frameRuns = runs.slice(f * live.length, (f + 1) * live.length);
                expect(frameRuns.map(([slot]) => slot).sort()).toEqual(live.map(([i]) => i).sort());
                for (const [slot, version] of frameRuns) expect(version).toBe(slots[slot]!.version);
                // phase order within the frame
                for (let k = 1; k < frameRuns.length; k++) expect(RANK[frameRuns[k]![2]]).toBeGreaterThanOrEqual(RANK[frameRuns[k - 1]![2]]);
              }
              if (paused && ran > 0) expect(rec.scheduler!.frame.deltaSeconds).toBe(0);
              break;
            }
          }
          if (op.op !== 'frames') apply();
          // one subscription per useFrame, two per useFixedTimestep (update + render), one probe
          const expected = 1 + slots.reduce((n, s) => n + (s === null ? 0 : s.kind === 'frame' ? 1 : 2), 0);
          expect(rec.scheduler!.subscriberCount).toBe(expected);
          expect(source.pendingCount).toBe(frameloop === 'always' ? 1 : 0);
        }
        expect(rec.ghostRuns).toBe(0);
        expect(rec.nonFinite).toBe(0);
        expect(rec.deltaSum).toBeCloseTo(rec.scheduler!.frame.elapsedSeconds, 9);
        for (let i = 1; i < rec.frames.length; i++) expect(rec.frames[i]).toBe(rec.frames[i - 1]! + 1);
        view.unmount();
        expect(source.pendingCount).toBe(0);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
