// <FrameProvider maxFrameRate>: the subtree's frames run on every d-th vblank; the prop changes
// live (same scheduler, no remount); bad values throw naming the component and the prop.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useEffect } from 'react';
import type { ReactNode } from 'react';
import { FrameProvider, useFrame, useFrameScheduler } from '../../src/index.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { FrameScheduler } from '../../src/scheduler/types.js';
import { createVsyncStream } from '../../src/simulation/vsyncStream.js';
import { CatchError, mount, strict, unmountAll, withListenerErrorsReported } from '../helpers/react.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

const seen = { schedulers: new Set<FrameScheduler>(), mounts: 0, vblanks: [] as number[] };

/** Records the vblank number of every frame it runs in, the scheduler it ran on, and its mounts. */
function Probe(props: { intervalMs: number }): ReactNode {
  seen.schedulers.add(useFrameScheduler());
  useEffect(() => {
    seen.mounts++;
  }, []);
  useFrame((frame) => seen.vblanks.push(Math.round(frame.timestampMs / props.intervalMs)));
  return null;
}

function tree(source: ManualFrameSource, maxFrameRate: number | undefined): ReactNode {
  return strict(
    <FrameProvider source={source} refreshRate={120} {...(maxFrameRate === undefined ? {} : { maxFrameRate })}>
      <Probe intervalMs={1000 / 120} />
    </FrameProvider>,
  );
}

describe('<FrameProvider maxFrameRate>', () => {
  it('60 on a 120 Hz display runs every 2nd vblank; 30 every 4th; removing the prop every vblank; all without a remount', () => {
    seen.schedulers.clear();
    seen.mounts = 0;
    seen.vblanks = [];
    const source = createManualFrameSource();
    const view = mount(tree(source, 60));
    const mountsAfterMount = seen.mounts;
    let vblank = 0;
    const run = (count: number): void => {
      for (let k = 0; k < count; k++, vblank++) act(() => source.tick((vblank * 1000) / 120));
    };
    run(8);
    expect(seen.vblanks).toEqual([0, 2, 4, 6]);

    view.rerender(tree(source, 30));
    seen.vblanks = [];
    run(12); // vblanks 8 … 19
    expect(seen.vblanks).toEqual([10, 14, 18]);

    view.rerender(tree(source, undefined));
    seen.vblanks = [];
    run(3);
    expect(seen.vblanks).toEqual([20, 21, 22]);
    expect(seen.schedulers.size).toBe(1);
    expect(seen.mounts).toBe(mountsAfterMount);
  });

  it('on a detected 144 Hz display (±1 ms jitter) a cap of 60 holds every 2nd vblank: 72 Hz, reported by the divisor', () => {
    const source = createManualFrameSource();
    let scheduler: FrameScheduler | undefined;
    const runs: number[] = [];
    let current = 0;
    function Grab(): ReactNode {
      scheduler = useFrameScheduler();
      useFrame(() => runs.push(current));
      return null;
    }
    mount(
      strict(
        <FrameProvider source={source} maxFrameRate={60}>
          <Grab />
        </FrameProvider>,
      ),
    );
    const stream = createVsyncStream({ refreshRate: 144, frames: 600, jitterMs: 1, quantizationMs: 0.1 });
    stream.timestampsMs.forEach((t, i) => {
      current = i;
      act(() => source.tick(t));
    });
    expect(scheduler?.divisor).toBe(2);
    expect(scheduler!.refreshRate.refreshRate / scheduler!.divisor).toBe(72);
    const last = runs.slice(-200);
    expect(new Set(last.slice(1).map((r, k) => r - last[k]!))).toEqual(new Set([2]));
  });

  it.each([
    [0, '0'],
    [-30, '-30'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    ['60', '60'],
  ])('maxFrameRate=%s: RangeError at mount and on a change, naming FrameProvider and the prop', (bad, shown) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const phase of ['mount', 'change'] as const) {
      let caught: unknown;
      const wrap = (value: unknown) =>
        strict(
          <CatchError onError={(e) => (caught ??= e)}>
            <FrameProvider source={createManualFrameSource()} {...({ maxFrameRate: value } as object)}>
              x
            </FrameProvider>
          </CatchError>,
        );
      withListenerErrorsReported(() => {
        const view = mount(wrap(phase === 'mount' ? bad : 60));
        if (phase === 'change') view.rerender(wrap(bad));
      });
      expect(caught).toBeInstanceOf(RangeError);
      expect((caught as Error).message).toContain('FrameProvider');
      expect((caught as Error).message).toContain('`maxFrameRate`');
      expect((caught as Error).message).toContain(shown);
      unmountAll();
    }
  });
});

describe('<FrameProvider scheduler maxFrameRate>', () => {
  it('leaves a given scheduler uncapped and names maxFrameRate in the development warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 120 });
    mount(
      <FrameProvider scheduler={scheduler} maxFrameRate={60}>
        x
      </FrameProvider>,
    );
    expect(scheduler.divisor).toBe(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/maxFrameRate ignored because `scheduler` is given/);
    scheduler.destroy();
  });
});
