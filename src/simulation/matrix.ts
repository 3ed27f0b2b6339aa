import { checkValue, nonNegative, positive } from '../core/internal.js';
import { simulate } from './simulate.js';
import { VRR_MATRIX_DISPLAY } from './vrrDisplay.js';
import type { AlgorithmSpec, ClockSampling, CostModel, CostOptions, CostStretch, DisplayOptions } from './types.js';

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
  /** Variable-refresh displays run after the fixed rates, each its top and bottom rate. Default: a 48–144 Hz panel ({@link VRR_MATRIX_DISPLAY}). */
  variableRefresh?: readonly { refreshRate: number; minRefreshRate: number }[];
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
  /** The display's refresh rate for this run, Hz (a variable-refresh panel's top rate). */
  refreshRate: number;
  /** A variable-refresh panel's bottom rate, Hz; absent for a fixed rate. */
  minRefreshRate?: number;
  /** The load's `name` from {@link MatrixLoad}. */
  load: string;
  /** Pictures per second. */
  fps: number;
  /** Mean lag, ms, net of game time dropped by an overload policy; negative: ahead of the present. */
  lagMeanMs: number;
  /** Largest lag of any measured picture, ms. */
  lagMaxMs: number;
  /** Mean lag in steps of 1/60 s (or the algorithm's own step). */
  lagMeanSteps: number;
  /** RMS judder, ms: how unevenly the shown game time advances against the presents. */
  judderMs: number;
  /** Frames handing out refresh intervals ≠ the vblanks elapsed, %; NaN where intervals are not handed out. */
  flapPercent: number;
  /** Pictures that repeat the previous game time, percent of frames. */
  duplicatePercent: number;
  /** Vblanks without a new picture, per minute. */
  skippedPerMinute: number;
  /** Pictures that jumped ≥ 1.5× the real time since the last one, per minute. */
  doubledPerMinute: number;
  /** Game time / real time. */
  speed: number;
  /** As `speed`, counting dropped game time as advanced: below 1 only while time is still owed. */
  netSpeed: number;
  /** Game seconds thrown away by an overload policy while measured. */
  droppedSeconds: number;
  /** `droppedSeconds` as a percentage of the real time measured. */
  droppedPercent: number;
  /** Update calls per frame: `"calls:percent"` pairs for buckets of at least 0.5 %. */
  stepsPerFrame: string;
}

/** The display rates of the default matrix, Hz: common monitors, NTSC 59.94 included. */
export const DEFAULT_MATRIX_RATES: readonly number[] = [60, 59.94, 75, 120, 144];

/** Every algorithm with the core's defaults, the articles' rounding where it differs, and both overload policies. */
export const DEFAULT_MATRIX_ALGORITHMS: readonly MatrixAlgorithm[] = [
  { name: 'variable', algorithm: { kind: 'variable' } },
  { name: 'fixed none', algorithm: { kind: 'fixed', interpolation: 'none' } },
  { name: 'fixed previous', algorithm: { kind: 'fixed', interpolation: 'previous' } },
  { name: 'fixed ahead', algorithm: { kind: 'fixed', interpolation: 'ahead' } },
  { name: 'fixed predicted', algorithm: { kind: 'fixed', interpolation: 'predicted' } },
  { name: 'fixed previous catch-up', algorithm: { kind: 'fixed', interpolation: 'previous', overload: 'catch-up' } },
  { name: 'smoothed', algorithm: { kind: 'smoothed' } },
  { name: 'smoothed, round up (article)', algorithm: { kind: 'smoothed', rounding: 'up' } },
  { name: 'smoothed @60', algorithm: { kind: 'smoothed', refreshRate: 60 } },
  { name: 'synced', algorithm: { kind: 'synced' } },
  { name: 'synced, round down (article)', algorithm: { kind: 'synced', rounding: 'down' } },
  { name: 'synced catch-up', algorithm: { kind: 'synced', overload: 'catch-up' } },
  { name: 'adaptive', algorithm: { kind: 'adaptive' } },
];

/** The overload load's slow stretches: one second in every five, from 1.5 s for ten minutes. */
function overloadStretches(cost: CostModel): CostStretch[] {
  const stretches: CostStretch[] = [];
  for (let fromSeconds = 1.5; fromSeconds < 600; fromSeconds += 5) stretches.push({ fromSeconds, toSeconds: fromSeconds + 1, cost });
  return stretches;
}

const LIGHT_UPDATE: CostModel = { min: 0.2, max: 0.6 };
const LIGHT_DRAW: CostModel = { min: 1, max: 2.5 };

/** The loads of the default matrix: light, heavy, overload (docs/simulation.md#comparing-algorithms-runmatrix-and-formatmatrix). */
export const DEFAULT_MATRIX_LOADS: readonly MatrixLoad[] = [
  { name: 'light', cost: { update: LIGHT_UPDATE, draw: LIGHT_DRAW } },
  {
    name: 'heavy',
    cost: { update: { min: 1.5, max: 3 }, draw: { base: { min: 6, max: 10 }, spikeEvery: 90, spikeMs: 25 } },
  },
  {
    name: 'overload',
    cost: {
      update: { base: LIGHT_UPDATE, stretches: overloadStretches({ min: 18, max: 24 }) },
      draw: { base: LIGHT_DRAW, stretches: overloadStretches({ base: LIGHT_DRAW, spikeEvery: 10, spikeMs: 150 }) },
    },
  },
];

// Flaps mean something only for an algorithm that hands out whole refresh intervals.
function handsOutIntervals(spec: AlgorithmSpec, refreshRate: number): boolean {
  switch (spec.kind) {
    case 'synced':
      return true;
    case 'smoothed':
      return spec.step === undefined;
    case 'fixed':
    case 'adaptive':
    case 'threads':
      return Math.abs((spec.step ?? 1 / 60) * refreshRate - 1) < 1e-9;
    default:
      return false;
  }
}

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
 * Run every algorithm × display rate × load; one row per run, in that order, the same for the same
 * options. Depth: docs/simulation.md#comparing-algorithms-runmatrix-and-formatmatrix.
 *
 * @example
 * ```ts
 * console.log(formatMatrix(runMatrix({ refreshRates: [60, 144], durationSeconds: 20 })));
 * ```
 */
export function runMatrix(options: MatrixOptions = {}): MatrixRow[] {
  const algorithms = options.algorithms ?? DEFAULT_MATRIX_ALGORITHMS;
  const rates = options.refreshRates ?? DEFAULT_MATRIX_RATES;
  const loads = options.loads ?? DEFAULT_MATRIX_LOADS;
  const display = options.display ?? { jitterMs: 1 };
  const durationSeconds = checkValue('runMatrix', 'option', 'durationSeconds', options.durationSeconds, positive(30));
  const warmupSeconds = checkValue('runMatrix', 'option', 'warmupSeconds', options.warmupSeconds, nonNegative(1));
  const displays = [...rates.map((refreshRate) => ({ refreshRate })), ...(options.variableRefresh ?? [VRR_MATRIX_DISPLAY])];
  const rows: MatrixRow[] = [];
  for (const entry of algorithms) {
    for (const { refreshRate, minRefreshRate } of displays as { refreshRate: number; minRefreshRate?: number }[]) {
      for (const load of loads) {
        const { metrics: m } = simulate({
          display: { ...display, refreshRate, minRefreshRate },
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
          ...(minRefreshRate === undefined ? {} : { minRefreshRate }),
          load: load.name,
          fps: m.fps,
          lagMeanMs: m.lagMeanMs,
          lagMaxMs: m.lagMaxMs,
          lagMeanSteps: m.lagMeanSteps,
          judderMs: m.judderMs,
          // No vblank grid under variable refresh: nothing to flap against.
          flapPercent: minRefreshRate === undefined && handsOutIntervals(entry.algorithm, refreshRate) ? 100 * m.flapRatio : Number.NaN,
          duplicatePercent: 100 * m.duplicateRatio,
          skippedPerMinute: minutes > 0 ? m.skippedVblanks / minutes : 0,
          doubledPerMinute: m.doubledDeltasPerMinute,
          speed: m.speed,
          netSpeed: m.netSpeed,
          droppedSeconds: m.droppedSeconds,
          droppedPercent: m.measuredMs > 0 ? (100 * m.droppedSeconds * 1000) / m.measuredMs : 0,
          stepsPerFrame: summarizeSteps(m.stepsHistogram),
        });
      }
    }
  }
  return rows;
}

const COLUMNS: readonly { title: string; cell: (r: MatrixRow) => string }[] = [
  { title: 'algorithm', cell: (r) => r.algorithm },
  { title: 'Hz', cell: (r) => (r.minRefreshRate === undefined ? String(r.refreshRate) : `VRR ${r.minRefreshRate}–${r.refreshRate}`) },
  { title: 'load', cell: (r) => r.load },
  { title: 'fps', cell: (r) => r.fps.toFixed(1) },
  { title: 'lag ms (mean / max)', cell: (r) => `${r.lagMeanMs.toFixed(1)} / ${r.lagMaxMs.toFixed(1)}` },
  { title: 'lag steps', cell: (r) => r.lagMeanSteps.toFixed(2) },
  { title: 'judder ms', cell: (r) => r.judderMs.toFixed(2) },
  { title: 'flaps %', cell: (r) => (Number.isFinite(r.flapPercent) ? r.flapPercent.toFixed(1) : '–') },
  { title: 'repeated %', cell: (r) => r.duplicatePercent.toFixed(1) },
  { title: 'skipped /min', cell: (r) => r.skippedPerMinute.toFixed(0) },
  { title: 'doubled /min', cell: (r) => r.doubledPerMinute.toFixed(1) },
  { title: 'speed', cell: (r) => r.speed.toFixed(3) },
  { title: 'dropped game s', cell: (r) => r.droppedSeconds.toFixed(2) },
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

/** The numbers of a {@link MatrixRow} that the comparison can be coloured by. */
export type MatrixMetric =
  | 'lagMeanMs'
  | 'judderMs'
  | 'flapPercent'
  | 'duplicatePercent'
  | 'doubledPerMinute'
  | 'speed'
  | 'droppedPercent'
  | 'fps';

/** A cell's grade against fixed thresholds; `'none'` when the metric does not apply (NaN). */
export type MatrixGrade = 'good' | 'fair' | 'poor' | 'none';

/** How one metric is named, shown and graded. */
export interface MatrixMetricInfo {
  /** The metric in words, with its unit. */
  label: string;
  /** The value as shown in a cell. */
  format(value: number): string;
  /** The grade of a row's value, against fixed thresholds (never relative to other rows). */
  grade(row: MatrixRow): MatrixGrade;
  /** The thresholds in words, one per grade, for a legend. */
  legend: { good: string; fair: string; poor: string };
}

function atMost(value: number, good: number, fair: number): MatrixGrade {
  if (Number.isNaN(value)) return 'none';
  if (value <= good) return 'good';
  return value <= fair ? 'fair' : 'poor';
}

const intervalMs = (row: MatrixRow): number => 1000 / row.refreshRate;
const fixed = (digits: number) => (value: number): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** Every colourable metric, in words, with fixed thresholds; lag graded by magnitude (ahead is as wrong as behind). */
export const MATRIX_METRICS: Readonly<Record<MatrixMetric, MatrixMetricInfo>> = {
  lagMeanMs: {
    label: 'mean lag, ms (net of dropped time)',
    format: fixed(1),
    grade: (row) => atMost(Math.abs(row.lagMeanMs) / intervalMs(row), 1, 2),
    legend: {
      good: '|lag| ≤ 1 refresh interval',
      fair: '|lag| ≤ 2 refresh intervals',
      poor: '|lag| > 2 refresh intervals',
    },
  },
  judderMs: {
    label: 'judder, RMS ms',
    format: fixed(2),
    grade: (row) => atMost(row.judderMs / intervalMs(row), 0.1, 0.5),
    legend: {
      good: '≤ 0.1 refresh interval',
      fair: '≤ 0.5 refresh interval',
      poor: '> 0.5 refresh interval',
    },
  },
  flapPercent: {
    label: 'flaps: frames handing out ≠ the vblanks elapsed, %',
    format: fixed(1),
    grade: (row) => atMost(row.flapPercent, 0.2, 5),
    legend: { good: '≤ 0.2 % of frames', fair: '≤ 5 %', poor: '> 5 % (– : does not hand out refresh intervals)' },
  },
  duplicatePercent: {
    label: 'repeated pictures, % of frames',
    format: fixed(1),
    grade: (row) => atMost(row.duplicatePercent, 0.2, 5),
    legend: { good: '≤ 0.2 %', fair: '≤ 5 %', poor: '> 5 %' },
  },
  doubledPerMinute: {
    label: 'doubled jumps per minute',
    format: fixed(0),
    grade: (row) => atMost(row.doubledPerMinute, 1, 60),
    legend: { good: '≤ 1 a minute', fair: '≤ 1 a second', poor: 'more than 1 a second' },
  },
  speed: {
    label: 'game speed (1 = real time)',
    format: fixed(3),
    grade: (row) => atMost(Math.abs(row.speed - 1), 0.01, 0.05),
    legend: { good: 'within 1 % of real time', fair: 'within 5 %', poor: 'more than 5 % off' },
  },
  droppedPercent: {
    label: 'game time dropped, % of real time',
    format: fixed(2),
    grade: (row) => atMost(row.droppedPercent, 0.1, 2),
    legend: { good: '≤ 0.1 %', fair: '≤ 2 %', poor: '> 2 %' },
  },
  fps: {
    label: 'pictures per second',
    format: fixed(1),
    grade: (row) => atMost(1 - row.fps / row.refreshRate, 0.05, 0.55),
    legend: { good: '≥ 95 % of the refresh rate', fair: '≥ 45 %', poor: 'under 45 %' },
  },
};

/** The grade of `row`'s `metric` against the fixed thresholds of {@link MATRIX_METRICS}. */
export function gradeMatrixCell(metric: MatrixMetric, row: MatrixRow): MatrixGrade {
  return MATRIX_METRICS[metric].grade(row);
}
