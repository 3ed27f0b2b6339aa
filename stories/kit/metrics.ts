import type { ViewerMetrics } from '../../src/simulation/index.js';
import { count, formatter, percent } from './format.js';
import type { ReadoutField } from './Readout.js';

/**
 * The viewer model's figures as readouts, under one prefix per lane: `<prefix>Flaps`,
 * `<prefix>Scored` (frames scored for flaps), `<prefix>FlapShare`, `<prefix>JudderMs`,
 * `<prefix>Repeated`, `<prefix>LagMs` and `<prefix>DroppedMs`. Every number a story shows about
 * what a viewer sees comes from here, never from a figure written into the story.
 */
const FIGURES = ['Flaps', 'Scored', 'FlapShare', 'JudderMs', 'Repeated', 'LagMs', 'DroppedMs'] as const;
export type MetricFigure = (typeof FIGURES)[number];

/** The readouts of `prefixes`, not measured yet. */
export function metricValues(prefixes: readonly string[]): Record<string, number> {
  return Object.fromEntries(prefixes.flatMap((prefix) => FIGURES.map((figure) => [`${prefix}${figure}`, Number.NaN])));
}

/** Copy `metrics` (a window just finished: a few times a second, not per frame) into `values`. */
export function writeMetrics(values: Record<string, number>, prefix: string, metrics: ViewerMetrics | undefined): void {
  if (!metrics) return;
  values[`${prefix}Flaps`] = metrics.flaps;
  values[`${prefix}Scored`] = metrics.flapsCounted;
  values[`${prefix}FlapShare`] = metrics.flapRatio;
  values[`${prefix}JudderMs`] = metrics.judderMs;
  values[`${prefix}Repeated`] = metrics.repeatedPictures;
  values[`${prefix}LagMs`] = metrics.lagMeanMs;
  values[`${prefix}DroppedMs`] = metrics.droppedSeconds * 1000;
}

const LABELS: Record<MetricFigure, [string, (n: number) => string]> = {
  Flaps: ['flaps (handed out ≠ vblanks elapsed)', count],
  Scored: ['frames scored for flaps', count],
  FlapShare: ['flaps, share of frames', percent],
  JudderMs: ['judder, RMS (ms)', formatter(2)],
  Repeated: ['repeated pictures', count],
  LagMs: ['mean lag, net of dropped time (ms)', formatter(1)],
  DroppedMs: ['game time withheld or dropped (ms)', formatter(1)],
};

/** Readout fields of lane `prefix` (named `name`), for the figures asked for. */
export function metricFields(prefix: string, name: string, figures: readonly MetricFigure[] = FIGURES): ReadoutField[] {
  return figures.map((figure) => ({ key: `${prefix}${figure}`, label: `${name}: ${LABELS[figure][0]}`, format: LABELS[figure][1] }));
}

/** One key number: figure `figure` of lane `prefix`, in the lane's colour. */
export function keyMetric(prefix: string, name: string, figure: MetricFigure, color: string): ReadoutField {
  return { ...metricFields(prefix, name, [figure])[0]!, color };
}
