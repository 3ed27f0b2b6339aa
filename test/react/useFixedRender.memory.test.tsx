// Removed fixed-clock jobs hold no memory: a background tab (no frames) that mounts and unmounts
// components for a long time, and a game whose last drawing component went away, keep a few KB at
// most. (Before the jobs freed their slots, 100,000 add/remove cycles held 14 MB and 600 frames
// after the last render job was removed held 7 MB.)
import { describe, expect, it } from 'vitest';
import { createFixedClock, createFrameScheduler } from '../../src/index.js';
import { createManualFrameSource } from '../../src/testing/index.js';
import { exposeGc, retainedHeapBytes } from '../alloc/gc.js';

/**
 * Well under what the defect held (14 MB and 7 MB), and above what the heap moves by between two
 * full collections for reasons of its own: 2–74 KB measured, the most with both cores busy.
 */
const FEW_KB = 256 * 1024;
const CYCLES = 100_000;

describe('removed fixed-clock jobs', { timeout: 60_000 }, () => {
  it(`${CYCLES.toLocaleString('en')} add/remove cycles with no frame hold no more than a few KB`, () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    const scheduler = createFrameScheduler({ source: createManualFrameSource() });
    const clock = createFixedClock(scheduler, { step: 1 / 60 });
    // One job stays, so the clock stays subscribed (as a game's long-lived component would).
    clock.addUpdate(() => undefined);
    const cycle = (k: number): void => {
      // Each job holds its own closure, as a component's callback does.
      const removeUpdate = clock.addUpdate(() => void k);
      const removeRender = clock.addRender(() => void k);
      removeUpdate();
      removeRender();
    };
    for (let k = 0; k < 1000; k++) cycle(k);
    const before = retainedHeapBytes(gc!);
    for (let k = 0; k < CYCLES; k++) cycle(k);
    const held = retainedHeapBytes(gc!) - before;
    console.info(`held after ${CYCLES} add/remove cycles with no frame: ${held} B`);
    expect(clock.updateCount).toBe(1);
    expect(clock.renderCount).toBe(0);
    expect(held).toBeLessThan(FEW_KB);
    scheduler.destroy();
  });

  it('render jobs removed once none is left hold no more than a few KB over 600 frames', () => {
    const gc = exposeGc();
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source });
    const clock = createFixedClock(scheduler, { step: 1 / 60 });
    clock.addUpdate(() => undefined);
    const run = (frames: number, jobsPerFrame: number): void => {
      for (let f = 0; f < frames; f++) {
        const removes: Array<() => void> = [];
        // Each render holds 1 KB, so one kept by mistake shows.
        for (let j = 0; j < jobsPerFrame; j++) {
          const payload = new Uint8Array(1024);
          removes.push(clock.addRender(() => void payload));
        }
        source.advanceFrames(1);
        for (const remove of removes) remove();
      }
    };
    run(60, 20);
    const before = retainedHeapBytes(gc!);
    run(600, 20);
    source.advanceFrames(10);
    const held = retainedHeapBytes(gc!) - before;
    console.info(`held after 600 frames of 20 render jobs added and removed: ${held} B`);
    expect(clock.renderCount).toBe(0);
    expect(held).toBeLessThan(FEW_KB);
    scheduler.destroy();
  });
});
