import { useEffect, useRef, useState } from 'react';
import { useFrame } from '../../src/index.js';
import type { FrameInfo } from '../../src/index.js';
import { useStoryTransport } from './transport.js';

/**
 * The story time of the frame being run, seconds since the story started, paused time excluded.
 * {@link useRafLoop} sets it right before it calls a story's frame callback, so a plot sample pushed
 * from that callback is stamped with it. One module value serves several stories on a docs page:
 * each loop sets it before its own callback.
 */
export const storyClock = { seconds: 0 };

/**
 * Call `callback(storyMs, frame)` once per frame of the package's own loop (the story's
 * `<FrameProvider>` on the real requestAnimationFrame). While the transport bar pauses the story the
 * callback is not called, and the time spent paused is taken out of the timestamps it sees after,
 * so the algorithms under test see no gap; a single step is one frame of the usual length. A
 * callback that returns `false` did not run this frame (simulated work still running): a single
 * step then goes on to the next frame it does run.
 */
export function useRafLoop(callback: (storyMs: number, frame: FrameInfo) => boolean | void): void {
  const transport = useStoryTransport();
  // The loop's own clock: its first timestamp, the ms spent paused so far, the previous timestamp.
  const [clock] = useState(() => ({ firstMs: Number.NaN, pausedMs: 0, previousMs: Number.NaN }));
  useFrame((frame) => {
    const ts = frame.timestampMs;
    if (!Number.isFinite(clock.firstMs)) clock.firstMs = ts;
    if (frame.paused) {
      if (Number.isFinite(clock.previousMs)) clock.pausedMs += ts - clock.previousMs;
      clock.previousMs = ts;
      return;
    }
    clock.previousMs = ts;
    const storyMs = ts - clock.pausedMs;
    storyClock.seconds = (storyMs - clock.firstMs) / 1000;
    if (callback(storyMs, frame) === false) transport.holdStep = true;
  });
}

/**
 * The latest args of a story, read by its frame loop: a control change reaches the running demo
 * on the next frame, without a remount (the plots and trails keep their history).
 */
export function useLiveArgs<T extends object>(args: T): { readonly current: T } {
  const ref = useRef(args);
  ref.current = args;
  return ref;
}

/**
 * Run `apply` when one of `deps` changes after mount (not on mount): how a story pushes a control
 * into the running objects it cannot read per frame (a new step size into the fixed step …).
 */
export function useOnArgChange(apply: () => void, deps: readonly unknown[]): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    apply();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/**
 * A value that starts as a story arg, follows the arg when the Controls panel changes it, and can
 * also be changed from the demo's own buttons (which is how the play functions drive it). The demo
 * is never remounted: the running hooks see the new value, and their history is kept.
 */
export function useLiveArg<T>(arg: T): [T, (value: T) => void] {
  const [value, setValue] = useState(arg);
  useEffect(() => setValue(arg), [arg]);
  return [value, setValue];
}

/**
 * Burn `ms` milliseconds of main-thread time, the way an expensive update or draw would: a busy
 * loop, not a timer, because a timer would yield the thread and the frame would not get slower.
 * Only for the opt-in "real load" controls; stories simulate their load by default.
 */
export function busyWait(ms: number): number {
  if (!(ms > 0)) return 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) now = performance.now();
  return now - start;
}
