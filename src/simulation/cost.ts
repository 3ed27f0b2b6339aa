// Compiled once into a closure, so the per-call path allocates nothing and reads no options.
import type { SeededRandom } from '../core/index.js';
import { integerAtLeast, nonNegativeNumber } from '../core/internal.js';
import type { CostModel } from './types.js';

/** Cost in ms of one call made at simulated time `atMs`. Counts its own calls (spikes, sequences). */
export type CostFunction = (atMs: number) => number;

const OWNER = 'simulate';

const free: CostFunction = () => 0;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Compile a cost model; `name` is the option's path (`cost.update`) for error messages. */
export function compileCost(model: CostModel | undefined, random: SeededRandom, name: string): CostFunction {
  if (model === undefined) return free;
  if (typeof model === 'number') {
    const ms = nonNegativeNumber(OWNER, name, model);
    return () => ms;
  }
  if (!isObject(model)) {
    throw new RangeError(`${OWNER}: option \`${name}\` must be a number of ms or a cost model object, got ${typeof model}`);
  }
  if ('sequence' in model) {
    const list = model.sequence;
    if (!Array.isArray(list) || list.length === 0) {
      throw new RangeError(`${OWNER}: option \`${name}.sequence\` must be a non-empty array of ms`);
    }
    const costs = Float64Array.from(list, (v, i) => nonNegativeNumber(OWNER, `${name}.sequence[${i}]`, v));
    let i = 0;
    return () => {
      const ms = costs[i] as number;
      i = i + 1 === costs.length ? 0 : i + 1;
      return ms;
    };
  }
  if ('min' in model || 'max' in model) {
    const min = nonNegativeNumber(OWNER, `${name}.min`, model.min);
    const max = nonNegativeNumber(OWNER, `${name}.max`, model.max);
    if (max < min) throw new RangeError(`${OWNER}: option \`${name}.max\` must be >= \`${name}.min\` (${min}), got ${max}`);
    return () => random.range(min, max);
  }
  if ('spikeEvery' in model) {
    const every = integerAtLeast(OWNER, `${name}.spikeEvery`, model.spikeEvery, 1);
    const spikeMs = nonNegativeNumber(OWNER, `${name}.spikeMs`, model.spikeMs);
    const base = compileCost(model.base as CostModel | undefined, random, `${name}.base`);
    let calls = 0;
    return (atMs) => {
      calls = calls + 1 === every ? 0 : calls + 1;
      return calls === 0 ? base(atMs) + spikeMs : base(atMs);
    };
  }
  if ('stretches' in model) {
    const list = model.stretches;
    if (!Array.isArray(list)) throw new RangeError(`${OWNER}: option \`${name}.stretches\` must be an array`);
    const base = compileCost(model.base as CostModel | undefined, random, `${name}.base`);
    const fromMs = new Float64Array(list.length);
    const toMs = new Float64Array(list.length);
    const costs: CostFunction[] = [];
    list.forEach((stretch: unknown, i: number) => {
      const path = `${name}.stretches[${i}]`;
      if (!isObject(stretch)) throw new RangeError(`${OWNER}: option \`${path}\` must be an object`);
      const from = nonNegativeNumber(OWNER, `${path}.fromSeconds`, stretch.fromSeconds);
      const to = nonNegativeNumber(OWNER, `${path}.toSeconds`, stretch.toSeconds);
      if (to < from) throw new RangeError(`${OWNER}: option \`${path}.toSeconds\` must be >= fromSeconds (${from}), got ${to}`);
      fromMs[i] = from * 1000;
      toMs[i] = to * 1000;
      if (stretch.cost === undefined) throw new RangeError(`${OWNER}: option \`${path}.cost\` is required`);
      costs.push(compileCost(stretch.cost as CostModel, random, `${path}.cost`));
    });
    return (atMs) => {
      for (let i = 0; i < costs.length; i += 1) {
        if (atMs >= (fromMs[i] as number) && atMs < (toMs[i] as number)) return (costs[i] as CostFunction)(atMs);
      }
      return base(atMs);
    };
  }
  throw new RangeError(
    `${OWNER}: option \`${name}\` must have one of the fields min/max, spikeEvery, stretches or sequence`,
  );
}
