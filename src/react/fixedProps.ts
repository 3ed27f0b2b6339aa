/**
 * The fixed-step settings of `<FixedClockProvider>`, `useFixedTimestep` and `<GameCanvas>`: their
 * checks, and the one binding of those settings to a fixed clock that all three use.
 *
 * Errors are in the user's words: the component or hook and the prop or option as written
 * (`<GameCanvas>: prop \`step\` must be …`), never an internal factory's name. Checks run during
 * render, so a bad value fails at mount and on every change.
 * @internal
 */
import { useEffect, useRef } from 'react';
import type { FixedStepOverload, Interpolation } from '../core/types.js';
import { INTERPOLATIONS } from '../core/fixedStep.js';
import { booleanValue, finiteNumber, oneOf, withDefault } from '../core/validate.js';
import { createFixedClock, gridOptions } from '../scheduler/fixedClock.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
import { renameOwner } from './renameOwner.js';
import { useFrameScheduler } from './useFrameScheduler.js';

/** How the caller calls what it was given: a component's `prop`, a hook's `option`. */
export type Noun = 'prop' | 'option';

/**
 * Run `check` (the shared option checks, which say `owner: option \`name\``) so that its
 * RangeError says `noun` instead: a component's props are props.
 */
export function inWords(owner: string, noun: Noun, check: () => void): void {
  renameOwner(`${owner}: option`, `${owner}: ${noun}`, check);
}

/**
 * The fixed-step settings of every caller, as given (undefined: the default). `timeScale` is the
 * provider's alone: it is checked and applied there (a hook's options may hold any key).
 */
export interface FixedSettings {
  step?: unknown;
  maxSteps?: unknown;
  overload?: unknown;
  interpolation?: unknown;
  paused?: unknown;
  priority?: unknown;
}

/**
 * Check every fixed-step setting that is given, in this order, as the clock itself checks it (with
 * the caller's name); `step` also when `stepRequired`. A setting left out is replaced by a valid
 * value, so only those given can fail. Says `option`: run it inside {@link inWords}.
 */
export function checkFixedSettings(owner: string, s: FixedSettings, stepRequired: boolean): void {
  gridOptions(owner, s as Record<string, unknown>, stepRequired ? undefined : 1);
  oneOf(owner, 'interpolation', withDefault(s.interpolation, 'previous'), INTERPOLATIONS);
  booleanValue(owner, 'paused', withDefault(s.paused, false));
  finiteNumber(owner, 'priority', withDefault(s.priority, 0));
}

/**
 * The clock checked `settings` describe: `shared` when there is one (a `<FixedClockProvider>`
 * above a hook), else a clock of the caller's own. An own clock is made in the first render (no
 * side effect: it subscribes only once a job is added), so children see it at once, and follows
 * the settings at commit (never during render: a render may be thrown away); game time, pause
 * and time scale survive every change. `paused` is a hold on it. `timeScale` (the provider's) is
 * the clock's at creation; the provider follows its prop itself (a hook's clock keeps the time
 * scale its controls set).
 * @internal
 */
export function useFixedClockFor(settings: FixedSettings, shared: FixedClock | null, defaultStep?: number, timeScale = 1): FixedClock {
  const scheduler = useFrameScheduler();
  const step = (settings.step ?? defaultStep) as number;
  const maxSteps = (settings.maxSteps ?? 5) as number;
  const overload = (settings.overload ?? 'slow-motion') as FixedStepOverload;
  const interpolation = (settings.interpolation ?? 'previous') as Interpolation;
  const priority = (settings.priority ?? 0) as number;
  const paused = settings.paused;
  const made = useRef<FixedClock | null>(null);
  if (shared === null) made.current ??= createFixedClock(scheduler, { step, maxSteps, overload, interpolation, priority, timeScale });
  const own = shared === null ? made.current : null;
  useEffect(() => own?.setScheduler(scheduler), [own, scheduler]);
  useEffect(() => own?.setOptions({ step, maxSteps, overload }), [own, step, maxSteps, overload]);
  useEffect(() => own?.setInterpolation(interpolation), [own, interpolation]);
  useEffect(() => own?.setPriority(priority), [own, priority]);
  useEffect(() => (paused === true ? own?.hold() : undefined), [own, paused]);
  return (shared ?? own) as FixedClock;
}
