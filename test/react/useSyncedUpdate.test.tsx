import { afterEach, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { useSyncedUpdate } from '../../src/index.js';
import type { UseSyncedUpdateOptions } from '../../src/react/useSyncedUpdate.js';
import { createSyncedSlicer } from '../../src/core/syncedSlicer.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter } from './helpers.js';

function Synced(props: UseSyncedUpdateOptions & { perFrame: Map<number, number[]> }) {
  const { perFrame, ...options } = props;
  useSyncedUpdate((dt, frame) => {
    const list = perFrame.get(frame.frameIndex) ?? [];
    list.push(dt);
    perFrame.set(frame.frameIndex, list);
  }, options);
  return null;
}

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

describe('useSyncedUpdate', () => {
  it('calls back once per slice the core slicer returns, frame by frame (property over displays and options)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(50, 60, 75, 144),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom<UseSyncedUpdateOptions['overload']>('catch-up', 'slow-motion', 'variable'),
        fc.integer({ min: 1, max: 1000 }),
        (rate, jitterTenths, overload, seed) => {
          const perFrame = new Map<number, number[]>();
          const jitterMs = (jitterTenths / 10) * (500 / rate) * 0.9; // below half an interval
          const view = renderWithFrames(<Synced perFrame={perFrame} refreshRate={rate} overload={overload} />, {
            strictMode: true,
            refreshRate: rate,
            jitterMs,
            seed,
          });
          const deltas: number[] = [];
          const unsubscribe = view.scheduler.subscribe((f) => deltas.push(f.deltaSeconds), { phase: 'after' });
          view.advanceFrames(40);
          unsubscribe();
          view.unmount();
          const reference = createSyncedSlicer({ refreshRate: rate, overload });
          deltas.forEach((delta, index) => {
            expect(perFrame.get(index) ?? []).toEqual([...reference.advance(delta)]);
          });
        },
      ),
      // Each run mounts React and plays a display: 15 runs keep it well inside the timeout when loaded.
      { numRuns: 15 },
    );
  });

  it('time scale 0 releases nothing, as a pause; at 0.5 each 60 Hz frame releases one 1/120 s slice', () => {
    const perFrame = new Map<number, number[]>();
    const view = renderWithFrames(<Synced perFrame={perFrame} refreshRate={60} />, { refreshRate: 60 });
    view.advanceFrames(3);
    view.scheduler.setTimeScale(0);
    perFrame.clear();
    view.advanceFrames(10);
    expect([...perFrame.values()].flat()).toEqual([]);
    view.scheduler.setTimeScale(0.5);
    view.advanceFrames(10);
    const slices = [...perFrame.values()].flat();
    expect(slices.length).toBeGreaterThanOrEqual(9);
    for (const dt of slices) expect(dt).toBeCloseTo(1 / 120, 12);
    view.unmount();
  });

  it('updates once per frame with dt = 1/60 on a steady 60 Hz display', () => {
    const perFrame = new Map<number, number[]>();
    const view = renderWithFrames(<Synced perFrame={perFrame} refreshRate={60} />, { strictMode: true, refreshRate: 60 });
    expect(view.scheduler.subscriberCount).toBe(1);
    view.advanceFrames(61);
    const all = [...perFrame.values()].flat();
    expect(all).toHaveLength(60);
    expect(all.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    view.unmount();
  });

  it('applies the time scale to each slice: 0.5× on 60 Hz is one 1/120 s slice every frame', () => {
    const perFrame = new Map<number, number[]>();
    const view = renderWithFrames(<Synced perFrame={perFrame} refreshRate={60} />, { strictMode: true, refreshRate: 60, timeScale: 0.5 });
    view.advanceFrames(61);
    const lists = [...perFrame.values()];
    expect(lists).toHaveLength(60);
    for (const list of lists) {
      expect(list).toHaveLength(1);
      expect(list[0]).toBeCloseTo(1 / 120, 12);
    }
    view.unmount();
  });

  it('never re-renders: zero commits over 100 frames', () => {
    const counter = createCommitCounter();
    const view = renderWithFrames(
      <counter.Counted>
        <Synced perFrame={new Map()} />
      </counter.Counted>,
      { strictMode: true },
    );
    const afterMount = counter.count;
    for (let i = 0; i < 100; i++) view.advanceFrames(1);
    expect(counter.count).toBe(afterMount);
    view.unmount();
  });
});
