// Per-frame allocation of the hooks other than useFixedTimestep (see useFixedTimestep.alloc.test.tsx),
// mounted in React on a manual source at 60 Hz, after warm-up: what a game pays every frame for
// using them. Nothing, except a number the hook hands to your function: a new fraction passed to a
// call V8 does not inline is a 16-byte heap number (useSyncedUpdate's slice dt; the fixed clock's
// alpha; useSmoothedDelta hands on the smoother's own number at time scale 1), and a hook that shows a value pays for its re-render when the value is published.
//
// The harness allocates nothing itself: timestamps are boxed before measuring.
import { afterEach, describe, expect, it } from 'vitest';
import { FrameProvider, useAdaptiveFramerate, useFrame, useFrameStats, useRefreshRate, useSmoothedDelta, useSyncedUpdate } from '../../src/index.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL, ONE_BOXED_NUMBER } from './gc.js';
import { cleanupMounted, render } from '../react/helpers.js';

const FRAMES = 40_000;
const WARMUP = 30_000;
// Up to 10 runs, stopping at the first under the bound: on a loaded machine V8's optimiser
// thread can take seconds to tier the hooks up (useAdaptiveFramerate read 2.5 B a frame there, 0.02 alone).
const RUNS = 10;
const timestamps = boxedTimestamps(WARMUP + RUNS * FRAMES + 1, 1000 / 60);

afterEach(() => cleanupMounted());

const sink = new Float64Array(8);

/**
 * A callback too big for V8 ever to inline (over its 460-byte bytecode limit), as a game's update
 * usually is: a number handed to it is boxed (16 bytes) unless it already is a heap number. It
 * adds `dt` to `sink[slot]`; the rest never runs.
 */
function notInlined(slot: number): (dt: number) => void {
  const unused = Array.from({ length: 120 }, (_, i) => `sink[7] = sink[7] * ${i + 2} + Math.sin(sink[${i % 7}]);`).join(' ');
  return new Function('sink', `return (dt) => { sink[${slot}] += dt; if (sink[7] > 1e300) { ${unused} } };`)(sink) as (dt: number) => void;
}
const bigSmoothedCallback = notInlined(1);

const hooks: Record<string, () => null> = {
  useFrame() {
    useFrame((frame) => void (sink[0] = sink[0]! + frame.deltaSeconds));
    return null;
  },
  useSmoothedDelta() {
    useSmoothedDelta((dt) => void (sink[1] = sink[1]! + dt));
    return null;
  },
  // useSmoothedDelta with a callback V8 does not inline: at time scale 1 the hook hands on the
  // smoother's own number, so nothing a frame even then.
  useSmoothedDeltaNotInlined() {
    useSmoothedDelta(bigSmoothedCallback);
    return null;
  },
  useSyncedUpdate() {
    useSyncedUpdate((dt) => void (sink[2] = sink[2]! + dt));
    return null;
  },
  useRefreshRate() {
    sink[3] = useRefreshRate().refreshRate;
    return null;
  },
  useAdaptiveFramerate() {
    // The adaptive rate runs inside the loop's frames: a subscriber keeps the frames coming.
    sink[4] = useAdaptiveFramerate().divisor;
    useFrame(() => void (sink[6] = sink[6]! + 1));
    return null;
  },
  useFrameStats() {
    // Published (a copy and a re-render) once, at the first frame: what is left is the per-frame part.
    sink[5] = useFrameStats({ intervalMs: 1e12 }).fps;
    return null;
  },
};

/** Bytes a frame each hook may allocate: nothing, or one heap number per slice (one slice a frame here). */
const BOUNDS: Record<string, number> = {
  useFrame: NOTHING_PER_CALL,
  useSmoothedDelta: NOTHING_PER_CALL,
  useSmoothedDeltaNotInlined: NOTHING_PER_CALL,
  useSyncedUpdate: ONE_BOXED_NUMBER + NOTHING_PER_CALL,
  useRefreshRate: NOTHING_PER_CALL,
  useAdaptiveFramerate: NOTHING_PER_CALL, // with one useFrame
  useFrameStats: NOTHING_PER_CALL,
};

/** The hooks that call a callback of the test's every frame. */
const CALLBACK_HOOKS = ['useFrame', 'useSmoothedDelta', 'useSmoothedDeltaNotInlined', 'useSyncedUpdate'];

function measure(gc: () => void, Hook: () => null, bound: number): { bytes: number; subscribers: number; frames: number } {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ source });
  render(
    <FrameProvider scheduler={scheduler}>
      <Hook />
    </FrameProvider>,
  );
  let i = 0;
  const bytes = leastBytesPerCall(gc, WARMUP, FRAMES, RUNS, () => source.tick(timestamps[i++] as number), bound);
  const subscribers = scheduler.subscriberCount;
  cleanupMounted();
  return { bytes, subscribers, frames: i };
}

describe('per-frame allocation of the hooks in React', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  for (const [name, Hook] of Object.entries(hooks)) {
    const bound = BOUNDS[name] as number;
    it(`${name}: less than ${bound} B a frame`, () => {
      const gc = exposeGc();
      expect(typeof gc).toBe('function');
      sink.fill(0);
      const { bytes, subscribers, frames } = measure(gc!, Hook, bound);
      console.info(`${name}: ${bytes.toFixed(2)} B/frame`);
      // The hook was on the loop for every frame measured (and a callback hook's callback ran).
      expect(subscribers).toBeGreaterThan(0);
      expect(frames).toBeGreaterThan(WARMUP);
      if (CALLBACK_HOOKS.includes(name)) expect(sink.some((value) => value > 0)).toBe(true);
      expect(bytes).toBeLessThan(bound);
    });
  }
});
