import type { InputType } from 'storybook/internal/types';

/** A slider control: every control says what it does and in which unit. */
export function range(name: string, description: string, min: number, max: number, step: number): InputType {
  return { name, description, control: { type: 'range', min, max, step } };
}

/** A choice among a few values. */
export function choice(name: string, description: string, options: readonly (string | number)[], type: 'inline-radio' | 'select' = 'inline-radio'): InputType {
  return { name, description, control: { type }, options: [...options] };
}

/** An on/off control. */
export function toggle(name: string, description: string): InputType {
  return { name, description, control: 'boolean' };
}

/** The simulated display's timestamp jitter. */
export const jitterArg = range('timestamp jitter (± ms)', 'How far each frame timestamp of the simulated display strays from its vblank, ± ms. Applied live.', 0, 4, 0.1);

/** The simulated display's timer resolution. */
export const resolutionArg = choice('timer resolution (ms)', 'Each timestamp is rounded down to a multiple of this many ms: 0.1 as in Chromium, 1 as a coarse clock, 0 exact. Applied live.', [0, 0.1, 1]);

/** How fast the objects cross their lanes. */
export const lapArg = range('lap (game s)', 'Game seconds an object takes to cross its lane.', 0.5, 6, 0.5);

/** A fixed update rate. */
export function updateRateArg(options: readonly number[], description = 'Fixed updates per second (the step is its inverse). Applied to the running demo.'): InputType {
  return choice('update rate (Hz)', description, options, 'select');
}

/** A story's docs parameters: what it shows (the docs page's text) and the code a user would write. */
export function docs(description: string, code?: string, language: 'tsx' | 'ts' = 'tsx') {
  return { docs: { description: { component: description }, ...(code === undefined ? {} : { source: { language, code } }) } };
}
