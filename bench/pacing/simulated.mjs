// Section 4b: our algorithms on react-timestep/simulation's virtual display (its own display
// model: vsync, callback jitter, queue depth), as a cross-check of the replayed-timestamp
// harness. Peers cannot run there (it runs the core algorithms only), so this table is ours alone.

import { WARMUP_SECONDS, MEASURED_SECONDS } from './inputs.mjs';

export const SIMULATED_DISPLAYS = [
  { id: '60-queue2', label: '60 Hz, triple buffered, 0.7 ms jitter', display: { refreshRate: 60, jitterMs: 0.7, queueDepth: 2 } },
  { id: '144-jitter', label: '144 Hz, 0.97 ms jitter (±7 %)', display: { refreshRate: 144, jitterMs: 0.97 } },
  { id: '59.94', label: '59.94 Hz', display: { refreshRate: 60000 / 1001, jitterMs: 0.3 } },
  { id: '60.154', label: '60.154 Hz', display: { refreshRate: 60.154, jitterMs: 0.3 } },
  { id: '144-60', label: '144 Hz, 60 Hz physics', display: { refreshRate: 144, jitterMs: 0.3 } },
  { id: '75-60', label: '75 Hz, 60 Hz physics', display: { refreshRate: 75, jitterMs: 0.3 } },
];

export const SIMULATED_ALGORITHMS = [
  { id: 'variable', label: 'variable (raw delta)', algorithm: { kind: 'variable' } },
  { id: 'smoothed-int', label: 'smoother, integer rate', algorithm: (hz) => ({ kind: 'smoothed', refreshRate: Math.round(hz) }) },
  { id: 'smoothed', label: 'smoother, exact rate', algorithm: { kind: 'smoothed' } },
  { id: 'fixed-none', label: "fixed 1/60 'none'", algorithm: { kind: 'fixed', step: 1 / 60, interpolation: 'none' } },
  { id: 'fixed-previous', label: "fixed 1/60 'previous'", algorithm: { kind: 'fixed', step: 1 / 60, interpolation: 'previous' } },
  { id: 'fixed-ahead', label: "fixed 1/60 'ahead'", algorithm: { kind: 'fixed', step: 1 / 60, interpolation: 'ahead' } },
  { id: 'fixed-predicted', label: "fixed 1/60 'predicted'", algorithm: { kind: 'fixed', step: 1 / 60, interpolation: 'predicted' } },
];

/**
 * @param {any} simulation  the built react-timestep/simulation module
 */
export function runSimulated(simulation) {
  const results = [];
  for (const d of SIMULATED_DISPLAYS) {
    for (const a of SIMULATED_ALGORITHMS) {
      const algorithm = typeof a.algorithm === 'function' ? a.algorithm(d.display.refreshRate) : a.algorithm;
      const { metrics } = simulation.simulate({
        display: d.display,
        algorithm,
        durationSeconds: WARMUP_SECONDS + MEASURED_SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        record: false,
        seed: 1,
      });
      const minutes = metrics.measuredMs / 60000;
      results.push({
        display: d.id,
        algorithm: a.id,
        judderMs: metrics.judderMs,
        judderMaxMs: metrics.judderMaxMs,
        lagMeanSteps: metrics.lagMeanSteps,
        duplicatesPerMin: metrics.duplicatePictures / minutes,
        doubledPerMin: metrics.doubledDeltasPerMinute,
        speed: metrics.speed,
      });
    }
  }
  return results;
}
