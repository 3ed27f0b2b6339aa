// The order of a fixed clock's jobs with many of them: priority, then the order added; a job
// removed during a step does not run again; a job added during one joins at the next frame.
// (How long adding takes is measured by bench/clockjobs, not asserted here.)
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createFixedClock } from '../../src/scheduler/fixedClock.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

function clockAt60() {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = createFrameScheduler({ source, refreshRate: 60 });
  const clock = createFixedClock(scheduler, { step: 1 / 60 });
  let k = 0;
  return { clock, frame: () => source.tick((++k * 1000) / 60) };
}

/** The model: live jobs sorted by priority, ties in the order added. */
function expected(jobs: Array<{ id: number; priority: number; live: boolean }>): number[] {
  return jobs
    .filter((j) => j.live)
    .map((j, order) => ({ ...j, order }))
    .sort((a, b) => a.priority - b.priority || a.order - b.order)
    .map((j) => j.id);
}

describe('fixed clock jobs in order, many of them', () => {
  it('5,000 updates and renders with mixed priorities run by priority, then the order added; removals and additions between frames keep it', () => {
    const { clock, frame } = clockAt60();
    const jobs: Array<{ id: number; priority: number; live: boolean; off: () => void }> = [];
    let ranUpdates: number[] = [];
    let ranRenders: number[] = [];
    const addJob = (id: number, priority: number) => {
      const offU = clock.addUpdate(() => void ranUpdates.push(id), { priority });
      const offR = clock.addRender(() => void ranRenders.push(id), { priority });
      jobs.push({ id, priority, live: true, off: () => (offU(), offR()) });
    };
    for (let i = 0; i < 5000; i++) addJob(i, ((i * 7919) % 13) - 6 + (i % 3 === 0 ? 0.5 : 0));
    frame(); // time zero: no step
    ranUpdates = [];
    ranRenders = [];
    frame(); // one step
    expect(ranUpdates).toEqual(expected(jobs));
    expect(ranRenders).toEqual(expected(jobs));
    // Remove every third job and two thousand more with priorities that land in between.
    for (let i = 0; i < jobs.length; i += 3) {
      jobs[i]!.off();
      jobs[i]!.live = false;
    }
    for (let i = 5000; i < 7000; i++) addJob(i, ((i * 31) % 17) - 8);
    ranUpdates = [];
    ranRenders = [];
    frame();
    expect(ranUpdates).toEqual(expected(jobs));
    expect(ranRenders).toEqual(expected(jobs));
    expect(clock.updateCount).toBe(jobs.filter((j) => j.live).length);
  });

  it('a job removed during a step does not run again, even later in that step; one added during a step runs from the next frame (many jobs)', () => {
    const { clock, frame } = clockAt60();
    const log: number[] = [];
    const offs: Array<() => void> = [];
    for (let i = 0; i < 3000; i++) {
      offs.push(
        clock.addUpdate(
          () => {
            log.push(i);
            if (i === 10) {
              for (let j = 11; j < 3000; j += 2) offs[j]!(); // odd jobs after this one, same step
              clock.addUpdate(() => void log.push(-1), { priority: -100 }); // would run first
            }
          },
        ),
      );
    }
    frame();
    frame();
    const firstStep = [...log];
    expect(firstStep.slice(0, 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    expect(firstStep.filter((id) => id > 10 && id % 2 === 1)).toEqual([]);
    expect(firstStep).not.toContain(-1);
    log.length = 0;
    frame();
    expect(log[0]).toBe(-1);
    expect(log.slice(1)).toEqual(Array.from({ length: 3000 }, (_, i) => i).filter((i) => i <= 10 || i % 2 === 0));
  });

  it('random adds and removes of renders between frames keep priority-then-insertion order (property)', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant<'add'>('add'), priority: fc.integer({ min: -3, max: 3 }) }),
      fc.record({ kind: fc.constant<'remove'>('remove'), pick: fc.nat() }),
      fc.record({ kind: fc.constant<'frame'>('frame') }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const { clock, frame } = clockAt60();
        const jobs: Array<{ id: number; priority: number; live: boolean; off: () => void }> = [];
        let ran: number[] = [];
        let framesRun = 0;
        const check = () => {
          ran = [];
          frame();
          framesRun++;
          if (framesRun > 1) expect(ran).toEqual(expected(jobs));
        };
        for (const o of ops) {
          if (o.kind === 'add') {
            const id = jobs.length;
            jobs.push({ id, priority: o.priority, live: true, off: clock.addRender(() => void ran.push(id), { priority: o.priority }) });
          } else if (o.kind === 'remove') {
            const live = jobs.filter((j) => j.live);
            if (live.length === 0) continue;
            const job = live[o.pick % live.length]!;
            job.off();
            job.live = false;
          } else {
            check();
          }
        }
        check();
        check();
      }),
      { numRuns: 200 },
    );
  });
});
