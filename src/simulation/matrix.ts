/**
 * The comparison matrix: every algorithm on every common display rate under a light and a heavy
 * load, one row of plain numbers per run, and a markdown rendering of it.
 */
import { positiveNumber, nonNegativeNumber, withDefault } from '../core/validate.js';
import { simulate } from './simulate.js';
import type { AlgorithmSpec, ClockSampling, CostOptions, DisplayOptions } from './types.js';

/** One algorithm in the matrix. */
export interface MatrixAlgorithm {
  /** Row label. */
  name: string;
  /** The algorithm and its options, passed to {@link simulate} unchanged. */
  algorithm: AlgorithmSpec;
}

/** One load in the matrix. */
export interface MatrixLoad {
  /** Row label. */
  name: string;
  /** Cost of each update call and each draw, ms (see {@link CostOptions}). */
  cost: CostOptions;
}

/** Options of {@link runMatrix}. Every field has a default. */
export interface MatrixOptions {
  /** The algorithms to compare, one block of rows each. Default {@link DEFAULT_MATRIX_ALGORITHMS}. */
  algorithms?: readonly MatrixAlgorithm[];
  /** Display rates, Hz. Default {@link DEFAULT_MATRIX_RATES}. */
  refreshRates?: readonly number[];
  /** The work loads to run each algorithm under. Default {@link DEFAULT_MATRIX_LOADS}. */
  loads?: readonly MatrixLoad[];
  /** Display settings shared by every run (the rate comes from `refreshRates`). Default `{ jitterMs: 1 }`. */
  display?: Omit<DisplayOptions, 'refreshRate'>;
  /** Simulated seconds per run. Default 30. */
  durationSeconds?: number;
  /** Seconds left out of the metrics at the start of each run. Default 1. */
  warmupSeconds?: number;
  /** Default 1. Every run uses the same seed, so all algorithms see the same display jitter. */
  seed?: number;
  /** When the loop reads the clock for the picture (see {@link ClockSampling}). Default `'after-updates'`. */
  clock?: ClockSampling;
}

/** One run of the matrix, as plain numbers. */
export interface MatrixRow {
  /** The algorithm's `name` from {@link MatrixAlgorithm}. */
  algorithm: string;
  /** The display's refresh rate for this run, Hz. */
  refreshRate: number;
  /** The load's `name` from {@link MatrixLoad}. */
  load: string;
  /** Pictures per second. */
  fps: number;
  /** Mean lag, ms: how old the game time on screen is when it appears (`presentMs − pictureTime`). */
  lagMeanMs: number;
  /** Largest lag of any measured picture, ms. */
  lagMaxMs: number;
  /** Mean lag in steps of 1/60 s (or the algorithm's own step). */
  lagMeanSteps: number;
  /** RMS judder, ms. */
  judderMs: number;
  /** Pictures that repeat the previous game time, percent of frames. */
  duplicatePercent: number;
  /** Vblanks without a new picture, per minute. */
  skippedPerMinute: number;
  /** Pictures that jumped ≥ 1.5× the real time since the last one, per minute. */
  doubledPerMinute: number;
  /** Game time / real time. */
  speed: number;
  /** Update calls per frame: `"calls:percent"` pairs for buckets of at least 0.5 %. */
  stepsPerFrame: string;
}

/** The display rates of the default matrix, Hz: common monitors, NTSC 59.94 included. */
export const DEFAULT_MATRIX_RATES: readonly number[] = [60, 59.94, 75, 120, 144];

/** Every algorithm of the package, with the seeds' and the core's defaults. */
export const DEFAULT_MATRIX_ALGORITHMS: readonly MatrixAlgorithm[] = [
  { name: 'variable', algorithm: { kind: 'variable' } },
  { name: 'fixed none', algorithm: { kind: 'fixed', interpolation: 'none' } },
  { name: 'fixed previous', algorithm: { kind: 'fixed', interpolation: 'previous' } },
  { name: 'fixed ahead', algorithm: { kind: 'fixed', interpolation: 'ahead' } },
  { name: 'fixed predicted', algorithm: { kind: 'fixed', interpolation: 'predicted' } },
  { name: 'fixed previous catch-up', algorithm: { kind: 'fixed', interpolation: 'previous', overload: 'catch-up' } },
  { name: 'smoothed', algorithm: { kind: 'smoothed' } },
  { name: 'smoothed @60', algorithm: { kind: 'smoothed', refreshRate: 60 } },
  { name: 'synced', algorithm: { kind: 'synced' } },
  { name: 'adaptive', algorithm: { kind: 'adaptive' } },
];

/**
 * The loads of the default matrix. Light: a small game, far under every refresh interval. Heavy:
 * 1.5–3 ms per update and 6–10 ms per draw with a 25 ms hitch every 90 frames: fits 60 Hz, not
 * 144 Hz.
 */
export const DEFAULT_MATRIX_LOADS: readonly MatrixLoad[] = [
  { name: 'light', cost: { update: { min: 0.2, max: 0.6 }, draw: { min: 1, max: 2.5 } } },
  {
    name: 'heavy',
    cost: { update: { min: 1.5, max: 3 }, draw: { base: { min: 6, max: 10 }, spikeEvery: 90, spikeMs: 25 } },
  },
];

/** Histogram as `"calls:percent"` pairs, skipping buckets under half a percent. */
function summarizeSteps(histogram: readonly number[]): string {
  let total = 0;
  for (const n of histogram) total += n;
  const parts: string[] = [];
  histogram.forEach((n, calls) => {
    const percent = total > 0 ? (100 * n) / total : 0;
    if (percent >= 0.5) parts.push(`${calls}:${Math.round(percent)}`);
  });
  return parts.join(' ');
}

/**
 * Run every algorithm × display rate × load and return one row per run, in that order.
 * Deterministic: the same options give the same rows.
 *
 * @example
 * ```ts
 * import { runMatrix, formatMatrix } from 'react-timestep/simulation';
 * const rows = runMatrix({ refreshRates: [60, 144], durationSeconds: 20 });
 * console.log(formatMatrix(rows));
 * ```
 * @throws RangeError naming a bad option (here or in the runs, see {@link simulate}).
 */
export function runMatrix(options: MatrixOptions = {}): MatrixRow[] {
  const algorithms = options.algorithms ?? DEFAULT_MATRIX_ALGORITHMS;
  const rates = options.refreshRates ?? DEFAULT_MATRIX_RATES;
  const loads = options.loads ?? DEFAULT_MATRIX_LOADS;
  const display = options.display ?? { jitterMs: 1 };
  const durationSeconds = positiveNumber('runMatrix', 'durationSeconds', withDefault(options.durationSeconds, 30));
  const warmupSeconds = nonNegativeNumber('runMatrix', 'warmupSeconds', withDefault(options.warmupSeconds, 1));
  const rows: MatrixRow[] = [];
  for (const entry of algorithms) {
    for (const refreshRate of rates) {
      for (const load of loads) {
        const { metrics: m } = simulate({
          display: { ...display, refreshRate },
          cost: load.cost,
          algorithm: entry.algorithm,
          durationSeconds,
          warmupSeconds,
          seed: options.seed,
          clock: options.clock,
          record: false,
        });
        const minutes = m.measuredMs / 60000;
        rows.push({
          algorithm: entry.name,
          refreshRate,
          load: load.name,
          fps: m.fps,
          lagMeanMs: m.lagMeanMs,
          lagMaxMs: m.lagMaxMs,
          lagMeanSteps: m.lagMeanSteps,
          judderMs: m.judderMs,
          duplicatePercent: 100 * m.duplicateRatio,
          skippedPerMinute: minutes > 0 ? m.skippedVblanks / minutes : 0,
          doubledPerMinute: m.doubledDeltasPerMinute,
          speed: m.speed,
          stepsPerFrame: summarizeSteps(m.stepsHistogram),
        });
      }
    }
  }
  return rows;
}

const COLUMNS: readonly { title: string; cell: (r: MatrixRow) => string }[] = [
  { title: 'algorithm', cell: (r) => r.algorithm },
  { title: 'Hz', cell: (r) => String(r.refreshRate) },
  { title: 'load', cell: (r) => r.load },
  { title: 'fps', cell: (r) => r.fps.toFixed(1) },
  { title: 'lag ms (mean / max)', cell: (r) => `${r.lagMeanMs.toFixed(1)} / ${r.lagMaxMs.toFixed(1)}` },
  { title: 'lag steps', cell: (r) => r.lagMeanSteps.toFixed(2) },
  { title: 'judder ms', cell: (r) => r.judderMs.toFixed(2) },
  { title: 'repeated %', cell: (r) => r.duplicatePercent.toFixed(1) },
  { title: 'skipped /min', cell: (r) => r.skippedPerMinute.toFixed(0) },
  { title: 'doubled /min', cell: (r) => r.doubledPerMinute.toFixed(1) },
  { title: 'speed', cell: (r) => r.speed.toFixed(3) },
  { title: 'updates/frame (n:%)', cell: (r) => r.stepsPerFrame },
];

/** Render matrix rows as a GitHub markdown table (numbers rounded for reading). */
export function formatMatrix(rows: readonly MatrixRow[]): string {
  const lines = [
    `| ${COLUMNS.map((c) => c.title).join(' | ')} |`,
    `|${COLUMNS.map((c, i) => (i < 3 ? ' --- ' : ' ---: ')).join('|')}|`,
  ];
  for (const row of rows) lines.push(`| ${COLUMNS.map((c) => c.cell(row)).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}
