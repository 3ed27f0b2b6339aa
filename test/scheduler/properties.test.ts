import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FrameLoopMode, FramePhase } from '../../src/scheduler/types.js';
import { setup } from './helpers.js';

const PHASES: readonly FramePhase[] = ['input', 'update', 'render', 'after'];
const RANK: Record<FramePhase, number> = { input: 0, update: 1, render: 2, after: 3 };

type Op =
  | { kind: 'subscribe'; phase: FramePhase; priority: number }
  | { kind: 'unsubscribe'; pick: number }
  | { kind: 'tick'; stepMs: number }
  | { kind: 'advance'; stepMs: number }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'setTimeScale'; timeScale: number }
  | { kind: 'invalidate' }
  | { kind: 'setFrameloop'; mode: FrameLoopMode };

// Steps include repeats (0), big gaps (beyond maxDelta), backwards jumps and NaN.
const stepArb = fc.oneof(
  fc.integer({ min: 0, max: 40 }),
  fc.integer({ min: 200, max: 2000 }),
  fc.constant(-30),
  fc.constant(Number.NaN),
);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('subscribe' as const), phase: fc.constantFrom(...PHASES), priority: fc.integer({ min: -2, max: 2 }) }), weight: 3 },
  fc.record({ kind: fc.constant('unsubscribe' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('tick' as const), stepMs: stepArb }),
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), stepMs: stepArb }), weight: 2 },
  fc.constant({ kind: 'pause' as const }),
  fc.constant({ kind: 'resume' as const }),
  fc.record({ kind: fc.constant('setTimeScale' as const), timeScale: fc.constantFrom(0, 0.5, 1, 2, 3.7) }),
  fc.constant({ kind: 'invalidate' as const }),
  fc.record({ kind: fc.constant('setFrameloop' as const), mode: fc.constantFrom<FrameLoopMode>('always', 'demand', 'manual') }),
);

interface ModelSub {
  id: number;
  rank: number;
  priority: number;
  off: () => void;
}

describe('scheduler invariants under random interleavings', () => {
  it('order, once per frame, elapsed = Σ delta, no NaN, running matches the mode', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 80, size: 'medium' }), fc.constantFrom<FrameLoopMode>('always', 'demand', 'manual'), (ops, initialMode) => {
        let framesSeen = 0;
        const { scheduler, source } = setup({ frameloop: initialMode, onFrame: () => framesSeen++ });
        let mode = initialMode;
        let invalidated = false;
        let paused = false;
        let clock = 0;
        let nextId = 0;
        let live: ModelSub[] = [];
        let sumDelta = 0;
        let log: number[] = [];

        const expectedOrder = (): number[] =>
          [...live].sort((a, b) => a.rank - b.rank || a.priority - b.priority || a.id - b.id).map((s) => s.id);

        const checkFrame = (run: () => void): void => {
          const expected = expectedOrder();
          const framesBefore = framesSeen;
          log = [];
          run();
          if (framesSeen === framesBefore) return; // no frame delivered (nothing pending)
          expect(log).toEqual(expected);
          const f = scheduler.frame;
          for (const value of [f.deltaSeconds, f.rawDeltaSeconds, f.elapsedSeconds, f.timestampMs]) expect(Number.isNaN(value)).toBe(false);
          expect(f.deltaSeconds).toBeGreaterThanOrEqual(0);
          expect(f.paused).toBe(paused);
          if (paused) expect(f.deltaSeconds).toBe(0);
          sumDelta += f.deltaSeconds;
          // elapsed is a compensated sum: equal to Σ delta up to the plain sum's own rounding.
          expect(Math.abs(f.elapsedSeconds - sumDelta)).toBeLessThanOrEqual(1e-12 * Math.max(1, sumDelta));
          invalidated = false;
        };

        for (const op of ops) {
          switch (op.kind) {
            case 'subscribe': {
              const id = nextId++;
              const off = scheduler.subscribe(() => log.push(id), { phase: op.phase, priority: op.priority });
              live.push({ id, rank: RANK[op.phase], priority: op.priority, off });
              break;
            }
            case 'unsubscribe': {
              if (live.length === 0) break;
              const victim = live[op.pick % live.length] as ModelSub;
              victim.off();
              victim.off();
              live = live.filter((s) => s !== victim);
              break;
            }
            case 'tick':
            case 'advance': {
              clock = Number.isNaN(op.stepMs) ? clock : clock + op.stepMs;
              const ts = Number.isNaN(op.stepMs) ? Number.NaN : clock;
              if (op.kind === 'tick') {
                if (source.pendingCount === 0) {
                  source.tick(ts);
                  break;
                }
                checkFrame(() => source.tick(ts));
              } else {
                checkFrame(() => scheduler.advance(ts));
              }
              break;
            }
            case 'pause':
              scheduler.pause();
              paused = true;
              break;
            case 'resume':
              scheduler.resume();
              paused = false;
              break;
            case 'setTimeScale':
              scheduler.setTimeScale(op.timeScale);
              break;
            case 'invalidate':
              scheduler.invalidate();
              if (mode === 'demand') invalidated = true;
              break;
            case 'setFrameloop':
              scheduler.setFrameloop(op.mode);
              if (op.mode !== 'demand') invalidated = false;
              mode = op.mode;
              break;
          }
          expect(scheduler.subscriberCount).toBe(live.length);
          const shouldRun = live.length > 0 && (mode === 'always' || (mode === 'demand' && invalidated));
          expect(scheduler.running).toBe(shouldRun);
          expect(source.pendingCount).toBe(shouldRun ? 1 : 0);
        }
      }),
      // 100 random interleavings of up to 80 operations: 300 took most of a second alone.
      { numRuns: 100 },
    );
  });

  it('every live subscriber runs exactly once per frame even when callbacks subscribe and unsubscribe mid-frame', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ phase: fc.constantFrom(...PHASES), priority: fc.integer({ min: -1, max: 1 }), action: fc.constantFrom('none', 'offSelf', 'offOther', 'addOne') }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 5 }),
        (specs, frames) => {
          const { scheduler } = setup({ frameloop: 'manual' });
          const runs = new Map<number, number>();
          const offs = new Map<number, () => void>();
          const liveAtFrameStart = new Set<number>();
          const removedThisFrame = new Set<number>();
          let nextId = 0;
          const add = (phase: FramePhase, priority: number, action: string): void => {
            const id = nextId++;
            runs.set(id, 0);
            offs.set(id, scheduler.subscribe(
              () => {
                expect(liveAtFrameStart.has(id)).toBe(true);
                expect(removedThisFrame.has(id)).toBe(false);
                runs.set(id, (runs.get(id) ?? 0) + 1);
                if (action === 'offSelf') {
                  removedThisFrame.add(id);
                  offs.get(id)?.();
                  offs.delete(id);
                } else if (action === 'offOther') {
                  const other = (id + 1) % nextId;
                  if (offs.has(other)) {
                    removedThisFrame.add(other);
                    offs.get(other)?.();
                    offs.delete(other);
                  }
                } else if (action === 'addOne' && nextId < 40) {
                  add(phase, priority, 'none');
                }
              },
              { phase, priority },
            ));
          };
          for (const s of specs) add(s.phase, s.priority, s.action);
          for (let frame = 0; frame < frames; frame++) {
            liveAtFrameStart.clear();
            removedThisFrame.clear();
            const before = new Map(runs);
            for (const [id] of offs) liveAtFrameStart.add(id);
            scheduler.advance(frame * 16);
            for (const id of liveAtFrameStart) {
              const ranTimes = (runs.get(id) ?? 0) - (before.get(id) ?? 0);
              // Each subscriber live at the start runs once, unless another removed it before its turn.
              expect(ranTimes === 1 || (ranTimes === 0 && removedThisFrame.has(id))).toBe(true);
            }
            expect(scheduler.subscriberCount).toBe(offs.size);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
