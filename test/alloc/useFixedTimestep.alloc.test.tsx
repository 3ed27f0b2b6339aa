// useFixedTimestep allocates per frame nothing but the clock's one alpha: three mounted hooks (three
// clocks, each with an update and a render, 2–3 steps a frame) on a manual source cost at most one
// boxed number per clock a frame (the alpha the clock hands its renders, see
// fixedClock.alloc.test.ts); the hook's render wrapper adds none. Updates alone
// allocate nothing.
//
// The harness allocates nothing itself: timestamps are boxed before measuring (see
// fixedClock.alloc.test.ts).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FrameProvider, useFixedTimestep } from '../../src/index.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL, ONE_BOXED_NUMBER } from './gc.js';
import { cleanupMounted, render } from '../react/helpers.js';

const FRAMES = 50_000;
const WARMUP = 30_000;
/** Runs measured at most: the least counts, and measuring stops at the first within the bound (see leastBytesPerCall). */
const RUNS = 6;
const HOOKS = 3;
const timestamps = boxedTimestamps(WARMUP + RUNS * FRAMES + 1, 1000 / 144);

afterEach(() => cleanupMounted());

function Loop({ sink, k, withRender }: { sink: Float64Array; k: number; withRender: boolean }) {
  useFixedTimestep({
    step: 1 / 400,
    update: (dt) => void (sink[k] = sink[k]! + dt),
    render: withRender ? (alpha) => void (sink[HOOKS + k] = alpha) : undefined,
  });
  return null;
}

function measure(gc: () => void, withRender: boolean, bound: number): { bytes: number; sum: number } {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ source, refreshRate: 144 });
  const sink = new Float64Array(2 * HOOKS);
  render(
    <FrameProvider scheduler={scheduler}>
      {Array.from({ length: HOOKS }, (_, k) => (
        <Loop key={k} sink={sink} k={k} withRender={withRender} />
      ))}
    </FrameProvider>,
  );
  let i = 0;
  const bytes = leastBytesPerCall(gc, WARMUP, FRAMES, RUNS, () => source.tick(timestamps[i++] as number), bound);
  cleanupMounted();
  return { bytes, sum: sink[0]! };
}

describe('useFixedTimestep per-frame allocation', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  // The worker's first measurement overlaps its own start-up work: one run that does not count.
  beforeAll(() => {
    const gc = exposeGc();
    if (gc) measure(gc, false, NOTHING_PER_CALL);
  });

  it('three hooks with updates only: nothing per frame, nothing per step', () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    const { bytes, sum } = measure(gc!, false, NOTHING_PER_CALL);
    console.info(`bytes per frame, ${HOOKS} hooks, updates only: ${bytes.toFixed(2)}`);
    expect(sum).toBeGreaterThan((WARMUP + FRAMES) * (1 / 144) * 0.9); // the updates ran
    expect(bytes).toBeLessThan(NOTHING_PER_CALL);
  });

  it('three hooks with a render each: at most the one boxed alpha per clock a frame', () => {
    const gc = exposeGc();
    const { bytes } = measure(gc!, true, HOOKS * ONE_BOXED_NUMBER + NOTHING_PER_CALL);
    console.info(`bytes per frame, ${HOOKS} hooks with renders: ${bytes.toFixed(2)}`);
    expect(bytes).toBeLessThan(HOOKS * ONE_BOXED_NUMBER + NOTHING_PER_CALL);
  });
});
