// The table behind the option checks of each layer (test/*/options.test.*): out-of-range values
// per kind of option, one row per option, and the check that the RangeError names the option.
import { expect } from 'vitest';

/** Out-of-range values per kind of option. `null` stands for "given, but not a value". */
export const BAD = {
  positive: [Number.NaN, Infinity, -Infinity, -1, 0, '60', null],
  nonNegative: [Number.NaN, Infinity, -Infinity, -1e-9, '1', null],
  finite: [Number.NaN, Infinity, -Infinity, '1', null],
  negative: [Number.NaN, -Infinity, 0, 1, '−1', null],
  wholeAtLeast1: [0, -1, 1.5, Number.NaN, Infinity, '5', null],
  wholeAtLeast8: [7, 0, 8.5, Number.NaN, Infinity, null],
  word: ['nope', '', 1, null],
  boolean: ['yes', 1, null],
  fn: ['onError', 1, {}],
} as const;

export interface Row {
  /** The option as named in the message. */
  option: string;
  /** A value that is accepted. */
  good: unknown;
  bad: readonly unknown[];
  /** Build with this value of the option. */
  make: (value: unknown) => unknown;
}

export function rows(owner: string, base: Record<string, unknown>, build: (options: never) => unknown, spec: Record<string, [good: unknown, bad: readonly unknown[]]>): Array<Row & { owner: string }> {
  return Object.entries(spec).map(([option, [good, bad]]) => ({
    owner,
    option,
    good,
    bad,
    make: (value) => build({ ...base, [option]: value } as never),
  }));
}

/** The message must name the option in backticks, e.g. "option `maxDelta` must be …". */
export function expectNamed(fn: () => unknown, option: string): void {
  expect(fn).toThrow(RangeError);
  expect(fn).toThrow(`\`${option}`);
}
