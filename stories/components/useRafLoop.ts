import { useRef } from 'react';
import { useStoryTransport } from './transport.js';
import { useFrame } from '../../src/index.js';
import type { FrameInfo } from '../../src/index.js';
import { storyClock } from './storyClock.js';

/**
 * Call `callback(timestampMs)` once per frame of the package's own loop (the shared scheduler on the
 * real requestAnimationFrame). The stories that compare several core algorithms side by side drive
 * them all from this one subscription, so each sees the very same timestamps. The raw timestamp
 * is used (not the scheduler's clamped delta) because the algorithms under test do their own
 * clamping and accounting.
 *
 * Transport: while the story's scheduler is paused (the transport bar's pause) the callback is not
 * called and the time spent paused is taken out of the timestamps it sees afterwards, so the
 * algorithms see no gap; a single step is one frame of the usual length. Before each call the
 * story time (seconds since start, paused time excluded) is published in {@link storyClock}.
 * A callback that returns `false` did not run this frame (simulated work still running): a single
 * step then goes on to the next frame it does run.
 */
export function useRafLoop(callback: (timestampMs: number, frame: FrameInfo) => boolean | void): void {
  const transport = useStoryTransport();
  // A Float64Array: fractional doubles in closure lets would be boxed on every store (a per-frame allocation).
  const box = useRef<Float64Array | null>(null);
  if (box.current === null) box.current = new Float64Array([Number.NaN, 0, Number.NaN]);
  useFrame((frame) => {
    const b = box.current!;
    // b[0]: first timestamp, b[1]: paused ms so far, b[2]: previous timestamp.
    const ts = frame.timestampMs;
    if (!Number.isFinite(b[0]!)) b[0] = ts;
    if (frame.paused) {
      if (Number.isFinite(b[2]!)) b[1] = b[1]! + (ts - b[2]!);
      b[2] = ts;
      return;
    }
    b[2] = ts;
    const storyMs = ts - b[1]!;
    storyClock.seconds = (storyMs - b[0]!) / 1000;
    if (callback(storyMs, frame) === false) transport.holdStep = true;
  });
}
