// scheduler.advance() per frame, as a loop the app drives itself calls it (frameloop 'manual' under a
// WebXR session's requestAnimationFrame, a test's fake clock), also on a page's second scheduler: a
// provider that remounts makes a new one. With the first scheduler's frames run, the second's
// advance() once boxed 96 B a frame, which a measurement of one scheduler alone never sees.
import { describe, expect, it } from 'vitest';
import { createFrameScheduler, type FrameScheduler } from '../../src/index.js';
import { createManualFrameSource } from '../../src/testing/index.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL } from './gc.js';

const FRAMES = 20_000;

/** A scheduler detecting the rate, with one subscriber, driven only by advance(). */
function drivenScheduler(): FrameScheduler {
  const scheduler = createFrameScheduler({ source: createManualFrameSource({ startMs: 0 }), frameloop: 'manual' });
  const seconds = new Float64Array(1);
  scheduler.subscribe((frame) => {
    seconds[0]! += frame.deltaSeconds;
  });
  expect(scheduler.refreshRate.state).toBe('measuring');
  return scheduler;
}

/** Bytes a frame of advance() on `scheduler`, the least of three windows after a warm-up. */
function bytesPerAdvance(scheduler: FrameScheduler): number {
  const stamps = boxedTimestamps(5 * FRAMES, 1000 / 60) as number[];
  let i = 0;
  return leastBytesPerCall(exposeGc()!, FRAMES, FRAMES, 3, () => scheduler.advance(stamps[i++]), NOTHING_PER_CALL);
}

describe('scheduler.advance(): nothing a frame', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it('on the first scheduler, and on a second one after the first ran its frames', () => {
    const first = drivenScheduler();
    const bytes = [bytesPerAdvance(first)];
    const second = drivenScheduler();
    bytes.push(bytesPerAdvance(second));
    console.info(`bytes a frame: first ${bytes[0]!.toFixed(2)}, second ${bytes[1]!.toFixed(2)}`);
    expect(first.refreshRate.state).toBe('synced');
    expect(second.refreshRate.state).toBe('synced');
    expect(bytes[0]).toBeLessThan(NOTHING_PER_CALL);
    expect(bytes[1]).toBeLessThan(NOTHING_PER_CALL);
  });
});
