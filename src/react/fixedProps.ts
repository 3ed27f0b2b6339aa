/**
 * The clock options of `<FixedClockProvider>`, `useFixedTimestep` and `<GameCanvas>` (one type,
 * `FixedClockOptions`): their one check per render, and the one binding of them to a clock of the
 * caller's own. Errors are in the user's words: the component or hook, and the prop or option as
 * written, never an internal factory's name.
 * @internal
 */
import { useEffect, useRef } from 'react';
import { INTERPOLATIONS, OVERLOADS } from '../core/fixedStep.js';
import type { FixedStepOverload, Interpolation } from '../core/types.js';
import { booleanValue, finiteNumber, integerAtLeast, oneOf, optionsObject, positiveNumber, timeScaleValue, withDefault } from '../core/validate.js';
import { createFixedClock } from '../scheduler/fixedClock.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
import { isDevelopment } from '../scheduler/devMode.js';
import { renameOwner } from './renameOwner.js';
import { useFrameScheduler } from './useFrameScheduler.js';

/** How the caller calls what it was given: a component's `prop`, a hook's `option`. */
export type Noun = 'prop' | 'option';

/** The names of `FixedClockOptions`. */
export const CLOCK_OPTIONS: readonly string[] = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'paused', 'priority', 'snapToDisplay'];

/** Checked, with defaults; `timeScale` undefined: left as it is. */
export interface ClockSettings {
  step: number;
  maxSteps: number;
  overload: FixedStepOverload;
  interpolation: Interpolation;
  timeScale: number | undefined;
  paused: boolean;
  priority: number;
  snapToDisplay: boolean;
}

/**
 * Check `o`, the clock options of `owner` (with `extra` names of its own), once: a name that is
 * not known (development only: names cost nothing in production; with `loose`, only a near miss
 * of a known name, as the rest go to a DOM element) and every value given. `step` is required
 * unless `defaultStep` is given. Throws a RangeError saying `noun`.
 */
export function checkClockOptions(owner: string, noun: Noun, o: Record<string, unknown>, extra: readonly string[], defaultStep?: number, loose = false): ClockSettings {
  return renameOwner(`${owner}: option`, `${owner}: ${noun}`, () => {
    if (/* @__PURE__ */ isDevelopment()) checkNames(owner, noun, o, [...CLOCK_OPTIONS, ...extra], loose);
    const timeScale = o.timeScale;
    return {
      step: positiveNumber(owner, 'step', withDefault(o.step, defaultStep)),
      maxSteps: integerAtLeast(owner, 'maxSteps', withDefault(o.maxSteps, 5), 1),
      overload: oneOf(owner, 'overload', withDefault(o.overload, 'slow-motion'), OVERLOADS),
      interpolation: oneOf(owner, 'interpolation', withDefault(o.interpolation, 'previous'), INTERPOLATIONS),
      timeScale: timeScale === undefined ? undefined : timeScaleValue(owner, 'timeScale', timeScale, false),
      paused: booleanValue(owner, 'paused', withDefault(o.paused, false)),
      priority: finiteNumber(owner, 'priority', withDefault(o.priority, 0)),
      snapToDisplay: booleanValue(owner, 'snapToDisplay', withDefault(o.snapToDisplay, true)),
    };
  });
}

/** The `{ priority }` of `useFixedUpdate` / `useFixedRender`, checked like the clock options. */
export function jobPriority(owner: string, options: unknown): number {
  const o = optionsObject(owner, options, false);
  if (/* @__PURE__ */ isDevelopment()) checkNames(owner, 'option', o, PRIORITY_ONLY);
  return finiteNumber(owner, 'priority', withDefault(o.priority, 0));
}
const PRIORITY_ONLY = ['priority'];

/**
 * Throw a RangeError naming the first key of `o` not in `known` (with `loose`: the first that is a
 * near miss of one), with its value and the known name it most likely misspells.
 */
function checkNames(owner: string, noun: Noun, o: Record<string, unknown>, known: readonly string[], loose = false): void {
  for (const key in o) {
    if (!Object.prototype.hasOwnProperty.call(o, key) || known.includes(key)) continue;
    // aria-*, data-* and event handlers belong to the element.
    if (loose && (key.includes('-') || /^on[A-Z]/.test(key))) continue;
    const near = nearest(key, known);
    if (loose && near === undefined) continue;
    const hint = near === undefined ? `known: ${known.join(', ')}` : `did you mean \`${near}\`?`;
    throw new RangeError(`${owner}: unknown ${noun} \`${key}\` (got ${describe(o[key])}; ${hint})`);
  }
}

/** The known name `key` most likely misspells: the same letters but case, a typo or two, or a cut-off word. */
function nearest(key: string, known: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  return known.find((name) => {
    const n = name.toLowerCase();
    return distance(k, n) <= 2 || (k.length >= 5 && (n.startsWith(k.slice(0, -1)) || k.startsWith(n)));
  });
}

/** Edit distance; runs only on a mistake. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'function' ? 'a function' : typeof value === 'object' && value !== null ? 'an object' : String(value);
}

/**
 * A clock of the caller's own on the nearest scheduler, made in the first render (no side effect:
 * it subscribes only once a job is added) so that children see it at once, and following `s` at
 * commit (never during render: a render may be thrown away). Game time, `pause()` and a time
 * scale set through the clock survive every change; `paused` is a hold; a given `timeScale` is
 * applied when it changes (left out, `setTimeScale` alone sets it).
 */
export function useOwnClock(s: ClockSettings): FixedClock {
  const scheduler = useFrameScheduler();
  const { step, maxSteps, overload, interpolation, timeScale, paused, priority } = s;
  const made = useRef<FixedClock | null>(null);
  made.current ??= createFixedClock(scheduler, { step, maxSteps, overload, interpolation, priority, timeScale: timeScale ?? 1, snapToDisplay: s.snapToDisplay });
  const clock = made.current;
  useEffect(() => clock.setScheduler(scheduler), [clock, scheduler]);
  useEffect(() => clock.setOptions({ step, maxSteps, overload }), [clock, step, maxSteps, overload]);
  useEffect(() => clock.setInterpolation(interpolation), [clock, interpolation]);
  useEffect(() => clock.setPriority(priority), [clock, priority]);
  useEffect(() => (timeScale === undefined ? undefined : clock.setTimeScale(timeScale)), [clock, timeScale]);
  useEffect(() => (paused ? clock.hold() : undefined), [clock, paused]);
  return clock;
}
