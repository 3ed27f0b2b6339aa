/**
 * Unknown names of a component's props or a clock's options, in development: the likeliest known
 * name for a typo or two, a cut-off word or other letter case, and the value given.
 */
import { describe, type Noun } from './options.js';

/**
 * Throw a RangeError naming the first own key of `options` not in `known`, its value and the name
 * it most likely misspells. `loose`: only near misses count (the rest go to the element, as do
 * aria-*, data-* and event handlers).
 */
export function checkPropNames(owner: string, noun: Noun, options: Readonly<Record<string, unknown>>, known: readonly string[], loose = false): void {
  for (const key in options) {
    if (!Object.prototype.hasOwnProperty.call(options, key) || known.includes(key)) continue;
    if (loose && (key.includes('-') || /^on[A-Z]/.test(key))) continue;
    const near = nearest(key, known);
    if (loose && near === undefined) continue;
    const hint = near === undefined ? `known: ${known.join(', ')}` : `did you mean \`${near}\`?`;
    throw new RangeError(`${owner}: unknown ${noun} \`${key}\` (got ${typeof options[key] === 'object' && options[key] !== null ? 'an object' : describe(options[key])}; ${hint})`);
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
