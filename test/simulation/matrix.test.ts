import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATRIX_ALGORITHMS,
  DEFAULT_MATRIX_LOADS,
  DEFAULT_MATRIX_RATES,
  formatMatrix,
  runMatrix,
} from '../../src/simulation/index.js';
import type { MatrixRow } from '../../src/simulation/index.js';

const rows = runMatrix();

function row(algorithm: string, refreshRate: number, load: string): MatrixRow {
  const found = rows.find((r) => r.algorithm === algorithm && r.refreshRate === refreshRate && r.load === load);
  if (!found) throw new Error(`no row ${algorithm} ${refreshRate} ${load}`);
  return found;
}

describe('runMatrix', () => {
  it('runs every algorithm × rate × load once', () => {
    expect(rows).toHaveLength(DEFAULT_MATRIX_ALGORITHMS.length * DEFAULT_MATRIX_RATES.length * DEFAULT_MATRIX_LOADS.length);
    expect(DEFAULT_MATRIX_RATES).toEqual([60, 59.94, 75, 120, 144]);
    for (const r of rows) {
      expect(Number.isFinite(r.lagMeanMs) && Number.isFinite(r.judderMs) && Number.isFinite(r.speed)).toBe(true);
      expect(r.fps).toBeGreaterThan(0);
    }
  });

  it('is deterministic: the same seed gives the same table, another seed another one', () => {
    expect(runMatrix()).toEqual(rows);
    const other = runMatrix({ seed: 2 });
    expect(other).not.toEqual(rows);
    expect(formatMatrix(runMatrix({ seed: 2 }))).toBe(formatMatrix(other));
  });

  it("smoothed delta with the exact rate doubles no delta at 59.94 Hz; assuming 60 Hz does", () => {
    expect(row('smoothed', 59.94, 'light').doubledPerMinute).toBe(0);
    expect(row('smoothed @60', 59.94, 'light').doubledPerMinute).toBeGreaterThan(1);
  });

  it("'none' repeats pictures at 75 Hz (four updates on five vblanks); interpolation does not", () => {
    expect(row('fixed none', 75, 'light').duplicatePercent).toBeCloseTo(20, 0);
    for (const name of ['fixed previous', 'fixed ahead', 'fixed predicted']) {
      expect(row(name, 75, 'light').duplicatePercent).toBe(0);
    }
  });

  it("'predicted' lags less than 'ahead', which lags less than 'previous', at 75 Hz", () => {
    const predicted = row('fixed predicted', 75, 'light');
    const ahead = row('fixed ahead', 75, 'light');
    const previous = row('fixed previous', 75, 'light');
    expect(predicted.lagMeanMs).toBeLessThan(ahead.lagMeanMs);
    expect(ahead.lagMeanMs).toBeLessThan(previous.lagMeanMs);
    // 'previous' shows the state one step older than 'ahead' does.
    expect(previous.lagMeanMs - ahead.lagMeanMs).toBeCloseTo(1000 / 60, 0);
  });

  it('synced slices move the picture exactly with the display under a light load', () => {
    for (const hz of DEFAULT_MATRIX_RATES) expect(row('synced', hz, 'light').judderMs).toBeLessThan(1e-6);
  });

  it('the heavy load misses vblanks at 144 Hz but not under a light one', () => {
    expect(row('variable', 144, 'heavy').skippedPerMinute).toBeGreaterThan(1000);
    expect(row('variable', 144, 'light').skippedPerMinute).toBe(0);
  });

  it('formats a markdown table with one line per row', () => {
    const md = formatMatrix(rows);
    const lines = md.trimEnd().split('\n');
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines[0]).toMatch(/^\| algorithm \| Hz \| load \|/);
    expect(lines[2]).toContain('| variable | 60 | light |');
    for (const line of lines) expect(line.split('|')).toHaveLength(lines[0]!.split('|').length);
  });

  it('rejects a bad duration, naming it', () => {
    expect(() => runMatrix({ durationSeconds: 0 })).toThrow(/durationSeconds/);
  });
});
