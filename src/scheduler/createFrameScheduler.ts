import { optionsObject, positiveNumber } from '../core/validate.js';
import { installAdaptiveFramerate } from './adaptiveFeature.js';
import { createLoop, FRAME_SCHEDULER_OPTION_KEYS } from './createFrameLoop.js';
import { installFrameRateCap } from './frameRateCap.js';
import { installNamedOrdering } from './namedOrder.js';
import type { FrameScheduler, FrameSchedulerOptions, SchedulerAdaptiveOptions } from './types.js';

export { FRAME_SCHEDULER_OPTION_KEYS } from './createFrameLoop.js';

const OWNER = 'createFrameScheduler';

/**
 * Create the frame loop: one {@link FrameSource} feeding ordered subscribers, with refresh-rate
 * detection, the adaptive frame rate and ordering by name (`id` / `before` / `after`) built in
 * ({@link createFrameLoop} is the same loop without them, for a smaller bundle and a cheaper frame).
 *
 * Per frame: the real delta since the previous frame (0 on the first frame, and 0 for a missing,
 * repeated or backwards timestamp; a backwards timestamp becomes the new reference, since it means
 * the clock was swapped, e.g. by fake timers), clamped to `maxDelta` (reported to `onGap`), times
 * `timeScale`, or 0 while paused. Pausing keeps frames running so renders continue; `resume()`
 * never produces a catch-up frame. A loop that restarts after more than `maxDelta` idle starts
 * fresh: its first frame has delta 0.
 *
 * Background throttling (a long gap, above `maxDelta` and 0.5 s, right after another one: the page
 * is visible but the browser runs rAF about once a second) is treated like a hidden tab: such frames
 * get delta 0 and are reported to `onGap` with `clampedSeconds` 0; only the first long gap is
 * clamped to `maxDelta`. `elapsedSeconds` is a compensated sum: no drift over days of frames.
 *
 * Subscriber errors go to `onError`; without it the first error (an `AggregateError` when several
 * threw) is rethrown after the whole frame ran and the next frame was requested, so the loop lives
 * on. A throwing `onError` adds its error to the one it handled (both are thrown). Unknown option
 * names are a RangeError naming them.
 *
 * With the adaptive frame rate on (Peter Sundqvist, "Timestepping") each frame's work time feeds
 * {@link createAdaptiveFramerate}; at divisor d subscribers only run on vblanks where about d refresh
 * intervals passed since the last run, and that run gets the whole elapsed time as its delta.
 *
 * `maxFrameRate` caps the rate on whole vblanks ({@link installFrameRateCap}): every d-th vblank,
 * d the whole number nearest to refresh rate / `maxFrameRate` (60 on a 144 Hz display: every 2nd,
 * 72 Hz). With the adaptive rate on too, the larger divisor wins.
 */
export function createFrameScheduler(options?: FrameSchedulerOptions): FrameScheduler {
  const o = optionsObject(OWNER, options, false, FRAME_SCHEDULER_OPTION_KEYS);
  const loopOnly = o.adaptive === undefined && o.maxFrameRate === undefined;
  const maxFrameRate = o.maxFrameRate === undefined ? undefined : positiveNumber(OWNER, 'maxFrameRate', o.maxFrameRate);
  const scheduler = createLoop(OWNER, loopOnly ? (options as FrameSchedulerOptions | undefined) : { ...o, adaptive: undefined, maxFrameRate: undefined });
  installNamedOrdering(scheduler);
  // Installs refresh-rate detection too. The adaptive rate stays off until setAdaptive.
  installAdaptiveFramerate(scheduler);
  // setAdaptive checks the option (naming this factory: it is the loop's owner); `false` leaves
  // the rate off.
  if (o.adaptive !== undefined) scheduler.setAdaptive(o.adaptive as boolean | SchedulerAdaptiveOptions);
  if (maxFrameRate !== undefined) installFrameRateCap(scheduler, maxFrameRate);
  return scheduler;
}
