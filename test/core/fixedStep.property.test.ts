import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFixedStep } from '../../src/core/fixedStep.js';
import type { FixedStepFrame, FixedStepOverload, Interpolation } from '../../src/core/types.js';

/**
 * Property tests against an independent model. Timestamps are whole microseconds and time scales
 * are quarters (0.25 … 4), so the model keeps game time as an exact integer G4 = 4 × game µs, and
 * boundary tolerances are twentieths of a step, so the position in steps, G4 × hz / 4e6 (+ single
 * steps − dropped steps), is held as an integer numerator over 20 × 4e6 and floored or ceiled,
 * compared with the tolerance and with last frame's offset in integer arithmetic: the expectation
 * carries no float error at all.
 */

type Event =
  | { kind: 'frame'; dtUs: number }
  | { kind: 'scale'; quarters: number }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'stepOnce' };

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('frame' as const), dtUs: fc.integer({ min: 0, max: 100_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('scale' as const), quarters: fc.constantFrom(1, 2, 3, 4, 6, 8, 16) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stepOnce' as const) }) },
);

const US_PER_S_X4 = 4_000_000;
/** Model units per step: positions are numerators over 20 × 4e6 (tolerances are twentieths). */
const UNITS = 20 * US_PER_S_X4;

/** floor(a / b) for safe integers (b > 0), exactly. */
const floorDiv = (a: number, b: number): number => (a - (((a % b) + b) % b)) / b;

function expectSane(f: FixedStepFrame, step: number): void {
  for (const value of Object.values(f)) expect(Number.isFinite(value)).toBe(true);
  expect(f.alpha).toBeGreaterThanOrEqual(0);
  expect(f.alpha).toBeLessThanOrEqual(1);
  expect(Number.isInteger(f.totalSteps)).toBe(true);
  expect(Math.abs(f.totalSteps * step + f.totalDroppedSeconds + f.pendingSeconds - f.elapsedGameSeconds)).toBeLessThan(1e-9);
  expect(f.pictureTime).toBeCloseTo((f.totalSteps - 1 + f.alpha) * step, 12);
}

/** Replays `events` on a fixed step and on the integer model; checks every frame. */
function replay(
  hz: number,
  maxSteps: number,
  overload: FixedStepOverload,
  interpolation: Exclude<Interpolation, 'predicted'>,
  /** Twentieths of a step; undefined = the default (1, i.e. 0.05). */
  tolerance20: number | undefined,
  startUs: number,
  events: readonly Event[],
): void {
  const step = 1 / hz;
  const fixed = createFixedStep(
    tolerance20 === undefined
      ? { step, maxSteps, overload, interpolation }
      : { step, maxSteps, overload, interpolation, boundaryTolerance: tolerance20 / 20 },
  );
  const ahead = interpolation === 'ahead';
  const toleranceUnits = (tolerance20 ?? 1) * US_PER_S_X4;
  // The model.
  let started = false;
  let halted = false;
  let resumePending = false;
  let stepPending = false;
  let quarters = 4;
  let g4 = 0; // 4 × game µs
  let singleSteps = 0;
  let total = 0;
  let dropped = 0;
  let lastPhase = Number.NaN; // position − count on the last frame, model units (NaN: none yet)
  let nowUs = startUs;

  for (const event of events) {
    switch (event.kind) {
      case 'scale':
        fixed.setTimeScale(event.quarters / 4);
        quarters = event.quarters;
        break;
      case 'pause':
        fixed.pause();
        if (resumePending) resumePending = false;
        else halted = true;
        break;
      case 'resume':
        fixed.resume();
        stepPending = false;
        if (halted && !resumePending) resumePending = true;
        break;
      case 'stepOnce':
        fixed.stepOnce();
        if (halted && !resumePending) stepPending = true;
        break;
      case 'frame': {
        nowUs += event.dtUs;
        const before = fixed.frame.totalSteps;
        const f = fixed.advance(nowUs / 1000);
        expect(f.totalSteps).toBeGreaterThanOrEqual(before);
        if (started && event.dtUs === 0 && !stepPending) {
          // No time passed: the previous frame with nothing to run.
          expect(f.steps).toBe(0);
          expect(f.droppedSeconds).toBe(0);
          expect(f.totalSteps).toBe(total);
          break;
        }
        const stepping = stepPending;
        stepPending = false;
        const starting = !started;
        if (starting) started = true;
        else if (resumePending) halted = false;
        else if (!halted) g4 += event.dtUs * quarters;
        if (resumePending) {
          halted = false;
          resumePending = false;
        }
        if (stepping) singleSteps += 1;

        // The rule: floor (ceil for ahead) of the position; the neighbouring count (one early or
        // late) instead when its offset (position − count) stays within the tolerance outside the
        // mode's range ([0, 1) floor, (−1, 0] ceil), is within twice the tolerance of last frame's
        // offset, and is strictly nearer it. Time zero leaves no offset (NaN).
        const position = g4 * hz * 20 + (singleSteps - dropped) * UNITS;
        const natural = ahead ? -floorDiv(-position, UNITS) : floorDiv(position, UNITS);
        let target = natural;
        if (toleranceUnits > 0 && !Number.isNaN(lastPhase)) {
          const lowest = ahead ? -UNITS - toleranceUnits : -toleranceUnits;
          const highest = ahead ? toleranceUnits : UNITS + toleranceUnits;
          let nearest = Math.abs(position - natural * UNITS - lastPhase);
          for (const candidate of [natural - 1, natural + 1]) {
            const offset = position - candidate * UNITS;
            const distance = Math.abs(offset - lastPhase);
            if (offset >= lowest && offset <= highest && distance <= 2 * toleranceUnits && distance < nearest) {
              target = candidate;
              nearest = distance;
            }
          }
        }
        lastPhase = starting ? Number.NaN : position - target * UNITS; // time zero leaves no side
        const dueSteps = target + dropped;
        const want = Math.max(0, target - total);
        const run = stepping ? Math.min(want, 1) : halted ? 0 : Math.min(want, maxSteps);
        const droppedNow = !stepping && !halted && overload === 'slow-motion' ? want - run : 0;
        total += run;
        dropped += droppedNow;

        expect(f.steps).toBe(run);
        expect(f.totalSteps).toBe(total);
        expect(f.droppedSeconds).toBeCloseTo(droppedNow * step, 12);
        expect(f.elapsedGameSeconds).toBeCloseTo(g4 / US_PER_S_X4 + singleSteps * step, 9);
        if (overload === 'slow-motion') expect(f.totalSteps + dropped).toBe(dueSteps);
        else expect(f.totalSteps).toBeLessThanOrEqual(dueSteps);
        if (interpolation === 'none') expect(f.alpha).toBe(1);
        expectSane(f, step);
        break;
      }
    }
  }
}

describe('createFixedStep: integer counting property', () => {
  it('totalSteps + droppedSteps = floor(G / step) (ceil for ahead) with the boundary rule, against an exact integer model', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(30, 50, 60, 75, 144),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<FixedStepOverload>('slow-motion', 'catch-up'),
        fc.constantFrom<Exclude<Interpolation, 'predicted'>>('none', 'previous', 'ahead'),
        fc.constantFrom<number | undefined>(undefined, 0, 1, 2, 5, 9),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.array(eventArb, { minLength: 1, maxLength: 300 }),
        (hz, maxSteps, overload, interpolation, tolerance20, startUs, events) => {
          replay(hz, maxSteps, overload, interpolation, tolerance20, startUs, events);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a display at the step rate with jitter inside the tolerance runs exactly one step a frame, at any phase', () => {
    // Offsets from time zero stay inside a band narrower than the tolerance, wherever that band
    // sits relative to the step boundaries: the count keeps to one side of the boundary.
    fc.assert(
      fc.property(
        fc.constantFrom<Interpolation>('none', 'previous', 'ahead', 'predicted'),
        fc.constantFrom(60, 50, 75),
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 10, maxLength: 400 }),
        (interpolation, hz, phasePpm, spreadPermille, jitterPermille) => {
          const tolerance = 0.1;
          const stepUs = 1e6 / hz;
          // A band of up to 0.999 × tolerance steps (spreadPermille ‰ of that), starting at the
          // phase phasePpm / 1e6 of a step; each frame lands somewhere in it.
          const band = (spreadPermille / 1000) * 0.999 * tolerance * stepUs;
          const phaseUs = (phasePpm / 1e6) * stepUs;
          const fixed = createFixedStep({ step: 1 / hz, interpolation, boundaryTolerance: tolerance });
          fixed.advance(0, stepUs / 1000);
          let odd = 0;
          jitterPermille.forEach((permille, i) => {
            const n = i + 1;
            const nowMs = (n * stepUs + phaseUs + (band * permille) / 1000) / 1000;
            const f = fixed.advance(nowMs, nowMs + stepUs / 1000);
            if (n > 1 && f.steps !== 1) odd++;
          });
          // Frame 1 picks a side of the boundary knowing only time zero's phase (0), and time zero
          // sits exactly on a boundary (for ceil, on the other side of it). If the band reaches
          // past the tolerance on the side taken, one later frame is forced across (one frame of
          // 0 or 2 steps); the band cannot reach back, so that is the only one.
          expect(odd).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("'predicted': sane frames, never behind the clock in slow-motion, with random presents", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(
          fc.record({
            event: eventArb,
            presentUs: fc.option(fc.integer({ min: -20_000, max: 60_000 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 300 },
        ),
        (maxSteps, events) => {
          const step = 1 / 60;
          const fixed = createFixedStep({ step, maxSteps, interpolation: 'predicted' });
          let nowUs = 1_000_000;
          let last = 0;
          for (const { event, presentUs } of events) {
            if (event.kind === 'pause') fixed.pause();
            else if (event.kind === 'resume') fixed.resume();
            else if (event.kind === 'stepOnce') fixed.stepOnce();
            else if (event.kind === 'scale') fixed.setTimeScale(event.quarters / 4);
            else {
              nowUs += event.dtUs;
              const present = presentUs === undefined ? undefined : (nowUs + presentUs) / 1000;
              const f = fixed.advance(nowUs / 1000, present);
              expect(f.totalSteps).toBeGreaterThanOrEqual(last);
              last = f.totalSteps;
              expectSane(f, step);
              // The state aims at the present, which is never before the clock; a step a hair
              // past due (within the default boundary tolerance, 0.05 step) may wait a frame.
              const clockSteps = Math.ceil(f.elapsedGameSeconds / step - 0.05 - 1e-7);
              expect(f.totalSteps + Math.round(f.totalDroppedSeconds / step)).toBeGreaterThanOrEqual(clockSteps);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
