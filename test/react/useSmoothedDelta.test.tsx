import { afterEach, describe, expect, it } from 'vitest';
import { useSmoothedDelta } from '../../src/index.js';
import type { UseSmoothedDeltaOptions } from '../../src/react/useSmoothedDelta.js';
import { createDeltaSmoother } from '../../src/core/deltaSmoother.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import type { FrameInfo } from '../../src/scheduler/types.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, createCommitCounter } from './helpers.js';

interface Seen {
  dt: number;
  delta: number;
  synced: boolean;
}

function Smoothed(props: UseSmoothedDeltaOptions & { seen: Seen[]; synced?: () => boolean }) {
  const { seen, synced, ...options } = props;
  useSmoothedDelta((dt: number, frame: FrameInfo) => {
    seen.push({ dt, delta: frame.deltaSeconds, synced: synced ? synced() : true });
  }, options);
  return null;
}

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

describe('useSmoothedDelta', () => {
  it('hands the callback exactly what the core smoother makes of each frame delta (given rate, jittered display)', () => {
    const seen: Seen[] = [];
    const view = renderWithFrames(<Smoothed seen={seen} refreshRate={60} />, { strictMode: true, refreshRate: 60, jitterMs: 3, seed: 7 });
    expect(view.scheduler.subscriberCount).toBe(1);
    view.advanceFrames(120);
    const reference = createDeltaSmoother({ refreshRate: 60 });
    expect(seen).toHaveLength(120);
    expect(seen[0]!.dt).toBe(0); // the first frame has no delta: nothing to smooth
    for (const s of seen.slice(1)) expect(s.dt).toBe(reference.smooth(s.delta));
    // Every smoothed delta is a whole number of 60 Hz intervals.
    for (const s of seen.slice(1)) expect(Math.abs(s.dt * 60 - Math.round(s.dt * 60))).toBeLessThan(1e-9);
    view.unmount();
  });

  it('passes the raw delta through while the detected rate is not synced, smooths once it is', () => {
    const seen: Seen[] = [];
    const view = renderWithFrames(<Smoothed seen={seen} synced={() => view.scheduler.refreshRate.synced} />, {
      strictMode: true,
      refreshRate: 60,
      jitterMs: 1,
      seed: 3,
    });
    view.advanceFrames(200);
    // `synced` was sampled inside the callback, i.e. after the scheduler saw the frame.
    const unsynced = seen.slice(1).filter((s) => !s.synced);
    const synced = seen.slice(1).filter((s) => s.synced);
    expect(unsynced.length).toBeGreaterThan(0); // measuring at first
    expect(synced.length).toBeGreaterThan(0); // a steady 60 Hz display is detected
    for (const s of unsynced) expect(s.dt).toBe(s.delta);
    for (const s of synced) expect(Math.abs(s.dt * 60 - Math.round(s.dt * 60))).toBeLessThan(1e-9);
    view.unmount();
  });

  it('snaps real time and then applies the scheduler time scale', () => {
    const seen: Seen[] = [];
    const view = renderWithFrames(<Smoothed seen={seen} refreshRate={60} />, { strictMode: true, refreshRate: 60, timeScale: 0.5 });
    view.advanceFrames(11);
    const reference = createDeltaSmoother({ refreshRate: 60 });
    for (const s of seen.slice(1)) expect(s.dt).toBe(reference.smooth(s.delta / 0.5) * 0.5);
    // Seed 003 hands the first frame two intervals (it leads by one), then one per vblank: 1/120 s of game time at 0.5×.
    expect(seen.slice(1).map((s) => Math.round(s.dt * 120))).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    view.scheduler.pause();
    view.advanceFrames(3);
    expect(seen.slice(-3).map((s) => s.dt)).toEqual([0, 0, 0]);
    view.unmount();
  });

  it('never re-renders: zero commits over 100 frames', () => {
    const counter = createCommitCounter();
    const seen: Seen[] = [];
    const view = renderWithFrames(
      <counter.Counted>
        <Smoothed seen={seen} />
      </counter.Counted>,
      { strictMode: true },
    );
    const afterMount = counter.count;
    for (let i = 0; i < 100; i++) view.advanceFrames(1);
    expect(seen).toHaveLength(100);
    expect(counter.count).toBe(afterMount);
    view.unmount();
  });
});
