import { ADAPTIVE_OPTION_KEYS, createAdaptiveFramerate } from '../core/internal.js';
import { checkKnownKeys } from '../core/internal.js';
import { FrameLoop } from './frameLoop.js';
import { listen, pacedTiming, type LoopView, type PacedTiming } from './refreshDetection.js';
import type { FrameScheduler, SchedulerAdaptiveOptions } from './types.js';

function checkAdaptive(owner: string, value: unknown): boolean | SchedulerAdaptiveOptions {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    checkKnownKeys(`${owner} (adaptive)`, value as Record<string, unknown>, ADAPTIVE_OPTION_KEYS);
    return value as SchedulerAdaptiveOptions;
  }
  throw new RangeError(`${owner}: option \`adaptive\` must be a boolean or an options object, got ${typeof value}`);
}

/** What `scheduler.setAdaptive` does on `loop` (`false` before it was ever on starts nothing). @internal */
export function setAdaptive(loop: FrameLoop, value: unknown): void {
  const checked = checkAdaptive(loop.owner, value);
  const existing = loop.timing;
  if (checked === false && !(existing !== null && 'adaptive' in existing)) return;
  const timing: PacedTiming = pacedTiming(loop);
  // New options keep the divisor reached so far: a second component must not reset it to 1.
  timing.adaptive =
    checked === false
      ? null
      : createAdaptiveFramerate({
          ...(checked as SchedulerAdaptiveOptions),
          refreshRate: loop.estimate.refreshRate,
          initialDivisor: timing.adaptive ? timing.adaptive.divisor : 1,
        });
  timing.retune();
}

/** `setAdaptive` on `view`: the lean page-wide loop or a scheduler. @internal */
export function setAdaptiveOn(view: LoopView, value: boolean | SchedulerAdaptiveOptions): void {
  if (view instanceof FrameLoop) setAdaptive(view, value);
  else (view as FrameScheduler).setAdaptive(value);
}

/** Vblanks per picture on `view` (1 while nothing paces it). @internal */
export function divisorOf(view: LoopView): number {
  return view instanceof FrameLoop ? (view.timing?.divisor ?? 1) : (view as FrameScheduler).divisor;
}

/** `onDivisorChange` of `view`; returns the unsubscribe. @internal */
export function onDivisorChange(view: LoopView, listener: (divisor: number) => void): () => void {
  if (!(view instanceof FrameLoop)) return (view as FrameScheduler).onDivisorChange(listener);
  return listen(view.divisorListeners, listener);
}
