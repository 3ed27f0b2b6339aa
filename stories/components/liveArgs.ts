import { useEffect, useRef } from 'react';
import { busyWait } from './busyWait.js';

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
 * Load for the live demos. Simulated (the default): a frame that "costs" `ms` holds the loop for
 * that long, so the frames that would arrive meanwhile are skipped and the next one the
 * algorithms see comes late, as after real work, but the main thread stays free (other stories
 * and Storybook's own UI keep their frame rate). Real (opt-in): a busy-wait that really burns
 * the main thread, for watching the browser itself under load.
 */
export class LoadGate {
  /** Story ms until which the simulated work runs. */
  private busyUntilMs = Number.NEGATIVE_INFINITY;
  private frameStartMs = 0;
  private spentMs = 0;

  /** Call first in each frame: true while simulated work still runs (skip this frame). */
  blocksFrame(nowMs: number): boolean {
    if (nowMs < this.busyUntilMs) return true;
    this.frameStartMs = nowMs;
    this.spentMs = 0;
    return false;
  }

  /** Spend `ms` of work in this frame: simulated, or a real busy-wait when `real`. */
  spend(ms: number, real: boolean): void {
    if (!(ms > 0)) return;
    if (real) {
      busyWait(ms);
      return;
    }
    this.spentMs += ms;
    this.busyUntilMs = this.frameStartMs + this.spentMs;
  }

  /** Forget pending simulated work. */
  reset(): void {
    this.busyUntilMs = Number.NEGATIVE_INFINITY;
  }
}

/** argTypes entry of the opt-in real busy-wait control shared by the stories with load. */
export const realLoadArgType = {
  name: 'real busy-wait (blocks the page)',
  description:
    'Off (default): the load is simulated, the frames it would delay are skipped, the page stays responsive. On: the load really burns main-thread time (busy-wait), which also slows Storybook itself.',
  control: { type: 'boolean' },
} as const;
