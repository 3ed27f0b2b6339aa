/**
 * useSyncedUpdate on frames that fit no vblank grid (docs/browsers.md, "No grid"): under the
 * detector's `'variable'`, and while it is still `'measuring'`, each frame's time is handed out as it
 * came, not in whole intervals of a rate no display has; on a grid, whole intervals as before.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSyncedUpdate } from '../../src/index.js';
import type { UseSyncedUpdateOptions } from '../../src/react/useSyncedUpdate.js';
import { simulate } from '../../src/simulation/index.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted } from './helpers.js';

interface Seen {
  slices: number[];
  delta: number;
  state: string;
  rate: number;
}

function Sliced(props: UseSyncedUpdateOptions & { seen: Map<number, Seen>; read: () => { state: string; refreshRate: number } }) {
  const { seen, read, ...options } = props;
  useSyncedUpdate((dt, frame) => {
    let entry = seen.get(frame.frameIndex);
    if (entry === undefined) {
      const estimate = read();
      entry = { slices: [], delta: frame.deltaSeconds, state: estimate.state, rate: estimate.refreshRate };
      seen.set(frame.frameIndex, entry);
    }
    entry.slices.push(dt);
  }, options);
  return null;
}

afterEach(() => cleanupMounted());

/** Frames of a 48–144 Hz variable-refresh panel under a varying load (the simulation's model), `stallMs` added at frame 300. */
function feedVariable(view: ReturnType<typeof renderWithFrames>, seed: number, stallMs = 0): void {
  const { frames } = simulate({
    display: { refreshRate: 144, minRefreshRate: 48, jitterMs: 0.2, quantizationMs: 0.1 },
    cost: { update: { min: 0.2, max: 0.6 }, draw: { min: 7, max: 16 } },
    algorithm: { kind: 'variable' },
    durationSeconds: 5,
    seed,
  });
  act(() => {
    for (let i = 0; i < frames.count; i++) view.source.tick(1000 + frames.sampleMs[i]! + (i >= 300 ? stallMs : 0));
  });
}

describe("useSyncedUpdate under 'variable'", () => {
  it('hands each frame its own time while the detector measures or reads variable, and whole intervals while it reads a grid', () => {
    for (const seed of [1, 2, 3]) {
      const seen = new Map<number, Seen>();
      const view = renderWithFrames(<Sliced seen={seen} read={() => view.scheduler.refreshRate} />, { strictMode: true });
      feedVariable(view, seed);
      const frames = [...seen.values()];
      const variable = frames.filter((f) => f.state === 'variable');
      expect(variable.length).toBeGreaterThan(300);
      // While measuring (up to half a second on frames that fit no grid) no grid is known either.
      const measuring = frames.filter((f) => f.state === 'measuring' && f.delta > 0);
      expect(measuring.length).toBeGreaterThan(8);
      // One slice, the frame's own delta (9–14 ms is under the default 1 / minFrameRate).
      for (const f of [...variable, ...measuring]) {
        expect(f.slices).toHaveLength(1);
        expect(f.slices[0]).toBeCloseTo(f.delta, 12);
      }
      // Elsewhere (a chance grid before the first verdict) slices are whole intervals.
      for (const f of frames.filter((g) => g.state !== 'variable' && g.state !== 'measuring')) {
        for (const dt of f.slices) expect(Math.abs(dt * f.rate - Math.round(dt * f.rate))).toBeLessThan(1e-9);
      }
      view.unmount();
    }
  });

  it('still splits a long frame at 1 / minFrameRate (a 100 ms stall, catch-up)', () => {
    const seen = new Map<number, Seen>();
    const view = renderWithFrames(<Sliced seen={seen} overload="catch-up" read={() => view.scheduler.refreshRate} />, {});
    feedVariable(view, 5, 100);
    const variable = [...seen.values()].filter((f) => f.state === 'variable');
    expect(variable.length).toBeGreaterThan(300);
    // The default minimum is a quarter of the rate the estimate holds (60 Hz before any grid).
    for (const f of variable) {
      expect(Math.max(...f.slices)).toBeLessThanOrEqual(4 / f.rate + 1e-12);
      expect(f.slices.reduce((a, b) => a + b, 0)).toBeCloseTo(f.delta, 12);
    }
    expect(variable.some((f) => f.slices.length > 1)).toBe(true);
    view.unmount();
  });

  it('a given refreshRate is trusted: whole intervals of it even without a grid', () => {
    const seen = new Map<number, Seen>();
    const view = renderWithFrames(<Sliced seen={seen} refreshRate={144} read={() => view.scheduler.refreshRate} />, {});
    feedVariable(view, 6);
    const frames = [...seen.values()];
    expect(frames.some((f) => f.state === 'variable')).toBe(true);
    for (const f of frames) for (const dt of f.slices) expect(Math.abs(dt * 144 - Math.round(dt * 144))).toBeLessThan(1e-9);
    view.unmount();
  });
});
