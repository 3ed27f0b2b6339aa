import { ADAPTIVE_OPTION_KEYS, createAdaptiveFramerate } from '../core/adaptiveFramerate.js';
import { checkKnownKeys } from '../core/validate.js';
import { frameLoopHost } from './frameLoopHost.js';
import { pacedTiming } from './refreshDetection.js';
import type { FrameScheduler, SchedulerAdaptiveOptions } from './types.js';

/** The `adaptive` option's value checked: a boolean or an options object with known keys. */
function checkAdaptive(owner: string, value: unknown): boolean | SchedulerAdaptiveOptions {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    checkKnownKeys(`${owner} (adaptive)`, value as Record<string, unknown>, ADAPTIVE_OPTION_KEYS);
    return value as SchedulerAdaptiveOptions;
  }
  throw new RangeError(`${owner}: option \`adaptive\` must be a boolean or an options object, got ${typeof value}`);
}

/**
 * Make `scheduler.setAdaptive()` work on a loop made by {@link createFrameLoop} (a loop from
 * `createFrameScheduler` has it from the start). Installs refresh-rate detection too, since the
 * adaptive rate counts in refresh intervals of the detected display. The adaptive rate itself
 * stays off until `setAdaptive(true | options)`; with it on, each frame's work time feeds
 * {@link createAdaptiveFramerate} (Peter Sundqvist, "Timestepping": step 60 → 30 → 20 Hz when
 * frames keep missing their vblank) and at divisor d subscribers only run on vblanks where about
 * d refresh intervals passed since the last run, with the whole elapsed time as their delta.
 *
 * Idempotent; a no-op on a scheduler this package did not make. `useAdaptiveFramerate` calls it.
 *
 * @example
 * ```ts
 * const loop = installAdaptiveFramerate(createFrameLoop());
 * loop.setAdaptive({ maxDivisor: 3 });
 * ```
 */
export function installAdaptiveFramerate(scheduler: FrameScheduler): FrameScheduler {
  const host = frameLoopHost(scheduler);
  if (host === undefined || host.adaptive() !== null) return scheduler;
  const timing = pacedTiming(host);
  host.attachAdaptive((value) => {
    const checked = checkAdaptive(host.owner, value);
    // New options keep the divisor reached so far (clamped to a new maxDivisor): a second
    // component asking for the adaptive rate, or a changed option, must not reset it to 1.
    timing.adaptive =
      checked === false
        ? null
        : createAdaptiveFramerate({
            // Spreading `true` adds nothing: the defaults.
            ...(checked as SchedulerAdaptiveOptions),
            refreshRate: host.estimate().refreshRate,
            initialDivisor: timing.adaptive ? timing.adaptive.divisor : 1,
          });
    timing.retune();
  });
  return scheduler;
}
