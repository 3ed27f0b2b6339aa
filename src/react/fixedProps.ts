/**
 * Checks of the fixed-step props and options given to `<FixedClockProvider>`, `useFixedTimestep`,
 * `useFixedUpdate` and `<GameCanvas>`, with errors in the user's words: the component or hook and
 * the prop or option as written (`<GameCanvas>: prop \`step\` must be …`), never an internal
 * factory's name. Run during render, so a bad value fails at mount and on every change.
 * @internal
 */
import type { FixedStepOverload, Interpolation } from '../core/types.js';

/** How the caller calls what it was given: a component's `prop`, a hook's `option`. */
export type Noun = 'prop' | 'option';

const INTERPOLATIONS: readonly Interpolation[] = ['none', 'previous', 'ahead', 'predicted'];
const OVERLOADS: readonly FixedStepOverload[] = ['slow-motion', 'catch-up'];

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return typeof value;
}

/** `owner: noun \`name\` must be expected, got value`, as a RangeError. */
export function propError(owner: string, noun: Noun, name: string, expected: string, value: unknown): RangeError {
  return new RangeError(`${owner}: ${noun} \`${name}\` must be ${expected}, got ${describe(value)}`);
}

/** A finite number > 0. */
export function checkPositive(owner: string, noun: Noun, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw propError(owner, noun, name, 'a finite number > 0', value);
  return value;
}

/** A finite number ≥ 0. */
export function checkNonNegative(owner: string, noun: Noun, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw propError(owner, noun, name, 'a finite number >= 0', value);
  return value;
}

/** Any finite number. */
export function checkFinite(owner: string, noun: Noun, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw propError(owner, noun, name, 'a finite number', value);
  return value;
}

/** One of the allowed strings. */
export function checkOneOf<T extends string>(owner: string, noun: Noun, name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw propError(owner, noun, name, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return value as T;
}

/** A function (`required`), or a function or undefined. */
export function checkFunction(owner: string, noun: Noun, name: string, value: unknown, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'function') throw propError(owner, noun, name, required ? 'a function (it is required)' : 'a function', value);
}

/** A boolean or undefined. */
export function checkBoolean(owner: string, noun: Noun, name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') throw propError(owner, noun, name, 'a boolean', value);
}

/** The fixed-step settings a clock is made of, each checked when given. */
export interface FixedSettings {
  step?: unknown;
  maxSteps?: unknown;
  overload?: unknown;
  interpolation?: unknown;
  timeScale?: unknown;
  paused?: unknown;
  priority?: unknown;
}

/** Check every fixed-step setting that is given (undefined means "the default"). */
export function checkFixedSettings(owner: string, noun: Noun, s: FixedSettings): void {
  if (s.step !== undefined) checkPositive(owner, noun, 'step', s.step);
  if (s.maxSteps !== undefined && (typeof s.maxSteps !== 'number' || !Number.isInteger(s.maxSteps) || s.maxSteps < 1)) {
    throw propError(owner, noun, 'maxSteps', 'a whole number >= 1', s.maxSteps);
  }
  if (s.overload !== undefined) checkOneOf(owner, noun, 'overload', s.overload, OVERLOADS);
  if (s.interpolation !== undefined) checkOneOf(owner, noun, 'interpolation', s.interpolation, INTERPOLATIONS);
  if (s.timeScale !== undefined) checkPositive(owner, noun, 'timeScale', s.timeScale);
  checkBoolean(owner, noun, 'paused', s.paused);
  if (s.priority !== undefined) checkFinite(owner, noun, 'priority', s.priority);
}

