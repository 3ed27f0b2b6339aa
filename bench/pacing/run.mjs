// Section 4: pacing fidelity. Every contender on every input, with the metrics of metrics.mjs.
import { pacingInputs } from './inputs.mjs';
import { pacingContenders } from './contenders.mjs';
import { evaluate } from './metrics.mjs';

/**
 * @param {any} core  the built react-timestep/core module
 * @param {any} simulation  the built react-timestep/simulation module (its viewer model scores the pictures)
 * @returns {{ inputs: import('./inputs.mjs').PacingInput[], results: ReturnType<typeof evaluate>[], detected: Record<string, { refreshRate: number, intervalMs: number, state: string }> }}
 */
export function runPacing(core, simulation) {
  const inputs = pacingInputs();
  const results = [];
  const detected = {};
  for (const input of inputs) {
    for (const contender of pacingContenders) results.push(evaluate(input, contender, core, simulation));
    // What our detector concluded on this input (explains the rows that use it).
    const detector = core.createRefreshRateDetector();
    for (const t of input.timestamps) detector.sample(t);
    const e = detector.estimate;
    detected[input.id] = { refreshRate: e.refreshRate, intervalMs: e.interval, state: e.state };
  }
  return { inputs, results, detected };
}
