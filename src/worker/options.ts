// The page's options of a worker simulation, checked once where they enter (the hook at each
// render, createWorkerSimulation once) by one table, with the owner's name in every error.
import { canShareMemory } from './protocol.js';
import { callback, CLOCK_TIME_SCALE_RULE, checkOptions, checkPropNames, flag, MAX_STEPS_RULE, OVERLOAD_RULE, stepRule, type FixedStepOverload, type Rule, type Rules } from '../core/internal.js';

/** How the page reads the worker's states (Peter Sundqvist, "Timestepping", the threads loop's three ways). */
export type ReadMode = 'latest' | 'interpolated' | 'live';

/** How states travel: `'auto'` picks shared memory when the page and the worker are cross-origin isolated. */
export type TransportOption = 'auto' | 'shared' | 'message';

/** Which input the page forwards to the worker's steps. */
export interface WorkerInputOptions {
  /** Where to listen. Default `window`. */
  target?: EventTarget | null;
  /** `keydown`/`keyup`. Default true. */
  keyboard?: boolean;
  /** `pointerdown`/`pointerup`/`pointercancel`/`pointermove`. Default true. */
  pointer?: boolean;
  /** Codes whose default action is prevented (e.g. `['Space']`). */
  preventDefault?: readonly string[];
}

/** Checked settings (what the handle keeps). */
export interface SimulationSettings {
  step: number;
  maxSteps: number;
  overload: FixedStepOverload;
  timeScale: number;
  paused: boolean;
  read: ReadMode;
  transport: TransportOption;
  input: boolean | WorkerInputOptions;
  onMessage: ((data: unknown) => void) | undefined;
  onError: ((error: Error) => void) | undefined;
}

function choice<T extends string>(values: readonly T[], fallback: T): Rule<T> {
  return { accepts: (v) => (values as readonly unknown[]).includes(v), expected: `one of '${values.join("', '")}'`, fallback };
}

export const READ_MODES: readonly ReadMode[] = ['latest', 'interpolated', 'live'];
const TRANSPORTS: readonly TransportOption[] = ['auto', 'shared', 'message'];

export const READ_RULE = choice(READ_MODES, 'interpolated');

const INPUT_RULE: Rule<boolean | WorkerInputOptions> = {
  accepts: (v) => typeof v === 'boolean' || (typeof v === 'object' && v !== null && !Array.isArray(v)),
  expected: 'a boolean or an object ({ target, keyboard, pointer, preventDefault })',
  fallback: false,
};

const RULES: Rules<SimulationSettings> = {
  step: stepRule(),
  maxSteps: MAX_STEPS_RULE,
  overload: OVERLOAD_RULE,
  timeScale: CLOCK_TIME_SCALE_RULE,
  paused: flag(false),
  read: READ_RULE,
  transport: choice(TRANSPORTS, 'auto'),
  input: INPUT_RULE,
  onMessage: callback(),
  onError: callback(),
};

/** `props` is passed through as it is (structured-cloned to the worker). */
const NAMES = [...Object.keys(RULES), 'props'];

/** The options checked: unknown names first (with the likeliest meant), then every value. */
export function checkSimulationOptions(owner: string, options: Readonly<Record<string, unknown>>): SimulationSettings {
  checkPropNames(owner, 'option', options, NAMES);
  const settings = checkOptions(owner, 'option', options, RULES);
  if (settings.transport === 'shared' && !canShareMemory()) {
    throw new RangeError(
      `${owner}: option \`transport\` is 'shared', but this page is not cross-origin isolated (serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp), got "shared"`,
    );
  }
  return settings;
}
