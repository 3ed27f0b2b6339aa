import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATRIX_ALGORITHMS,
  DEFAULT_MATRIX_LOADS,
  DEFAULT_MATRIX_RATES,
  formatMatrix,
  runMatrix,
} from '../../src/simulation/index.js';
import type { MatrixRow } from '../../src/simulation/index.js';
import { MATRIX_METRICS, gradeMatrixCell } from '../../src/simulation/matrix.js';
import type { MatrixMetric } from '../../src/simulation/matrix.js';

const rows = runMatrix();

function row(algorithm: string, refreshRate: number, load: string): MatrixRow {
  const found = rows.find((r) => r.algorithm === algorithm && r.refreshRate === refreshRate && r.minRefreshRate === undefined && r.load === load);
  if (!found) throw new Error(`no row ${algorithm} ${refreshRate} ${load}`);
  return found;
}

describe('runMatrix', () => {
  it('runs every algorithm × rate × load once', () => {
    // The fixed rates, then a 48–144 Hz variable-refresh panel.
    expect(rows).toHaveLength(DEFAULT_MATRIX_ALGORITHMS.length * (DEFAULT_MATRIX_RATES.length + 1) * DEFAULT_MATRIX_LOADS.length);
    expect(DEFAULT_MATRIX_RATES).toEqual([60, 59.94, 75, 120, 144]);
    expect(DEFAULT_MATRIX_LOADS.map((load) => load.name)).toEqual(['light', 'heavy', 'overload']);
    for (const r of rows) {
      expect(Number.isFinite(r.lagMeanMs) && Number.isFinite(r.judderMs) && Number.isFinite(r.speed)).toBe(true);
      expect(r.fps).toBeGreaterThan(0);
    }
  });

  it('is deterministic: the same seed gives the same table, another seed another one', () => {
    // On a 10 s matrix: determinism does not depend on the length, and the full one takes seconds when loaded.
    const short = { durationSeconds: 10 };
    const once = runMatrix(short);
    expect(runMatrix(short)).toEqual(once);
    expect(runMatrix({ ...short, seed: 2 })).not.toEqual(once);
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
    for (const hz of DEFAULT_MATRIX_RATES) {
      expect(row('synced', hz, 'light').judderMs).toBeLessThan(1e-6);
      expect(row('smoothed', hz, 'light').judderMs).toBeLessThan(1e-6);
    }
  });

  it('the heavy load misses vblanks at 144 Hz but not under a light one', () => {
    expect(row('variable', 144, 'heavy').skippedPerMinute).toBeGreaterThan(1000);
    expect(row('variable', 144, 'light').skippedPerMinute).toBe(0);
  });

  it('the overload load overloads: slow-motion drops time and runs slow, catch-up keeps real speed', () => {
    for (const hz of DEFAULT_MATRIX_RATES) {
      const slow = row('fixed previous', hz, 'overload');
      const catchUp = row('fixed previous catch-up', hz, 'overload');
      expect(slow.droppedSeconds).toBeGreaterThan(0.5);
      expect(slow.speed).toBeLessThan(0.99);
      expect(catchUp.droppedSeconds).toBe(0);
      expect(Math.abs(catchUp.speed - 1)).toBeLessThan(0.005);
      // Slow-motion's dropped time is not lag: net of it, the game clock is kept.
      expect(Math.abs(slow.netSpeed - 1)).toBeLessThan(0.005);
      const syncedSlow = row('synced', hz, 'overload');
      const syncedCatchUp = row('synced catch-up', hz, 'overload');
      expect(syncedSlow.droppedSeconds).toBeGreaterThan(0.1);
      expect(syncedSlow.speed).toBeLessThan(0.99);
      expect(syncedCatchUp.droppedSeconds).toBe(0);
      expect(Math.abs(syncedCatchUp.speed - 1)).toBeLessThan(0.005);
    }
  });

  it('without overload the policies agree: catch-up equals its slow-motion sibling under the light load', () => {
    for (const hz of DEFAULT_MATRIX_RATES) {
      const { algorithm: _a, ...slow } = row('fixed previous', hz, 'light');
      const { algorithm: _b, ...catchUp } = row('fixed previous catch-up', hz, 'light');
      expect(catchUp).toEqual(slow);
      expect(slow.droppedSeconds).toBe(0);
    }
  });

  it('flaps: the default slicer and smoother hand out exactly the vblanks elapsed; the slicer rounding down does not', () => {
    for (const hz of DEFAULT_MATRIX_RATES) {
      expect(row('synced', hz, 'light').flapPercent).toBe(0);
      expect(row('smoothed', hz, 'light').flapPercent).toBe(0);
      expect(row('synced, round down (article)', hz, 'light').flapPercent).toBeGreaterThan(10);
      expect(row('synced, round down (article)', hz, 'light').duplicatePercent).toBeGreaterThan(10);
      // A variable delta hands out no whole intervals: flaps do not apply.
      expect(row('variable', hz, 'light').flapPercent).toBeNaN();
    }
    // A fixed step of 1/60 s hands out whole intervals of a 60 Hz display only.
    expect(Number.isFinite(row('fixed none', 60, 'light').flapPercent)).toBe(true);
    expect(row('fixed none', 75, 'light').flapPercent).toBeNaN();
  });

  it('grades lag by its magnitude in refresh intervals: ≤ 1 good, ≤ 2 fair, else poor', () => {
    const at = (lagMeanMs: number, refreshRate = 60): MatrixRow => ({ ...row('variable', 60, 'light'), refreshRate, lagMeanMs });
    expect(gradeMatrixCell('lagMeanMs', at(1000 / 60))).toBe('good');
    expect(gradeMatrixCell('lagMeanMs', at(-1000 / 60))).toBe('good');
    expect(gradeMatrixCell('lagMeanMs', at(0))).toBe('good');
    expect(gradeMatrixCell('lagMeanMs', at(17))).toBe('fair');
    expect(gradeMatrixCell('lagMeanMs', at(-33))).toBe('fair');
    expect(gradeMatrixCell('lagMeanMs', at(2000 / 60))).toBe('fair');
    expect(gradeMatrixCell('lagMeanMs', at(34))).toBe('poor');
    // A picture 37 ms ahead of its present is not good.
    expect(gradeMatrixCell('lagMeanMs', at(-37))).toBe('poor');
    // The interval is the row's display's: 10 ms is fair at 144 Hz (6.9 ms), good at 60 Hz.
    expect(gradeMatrixCell('lagMeanMs', at(10, 144))).toBe('fair');
    expect(gradeMatrixCell('lagMeanMs', at(10, 60))).toBe('good');
    for (const r of rows) {
      const intervals = Math.abs(r.lagMeanMs) * (r.refreshRate / 1000);
      expect(gradeMatrixCell('lagMeanMs', r)).toBe(intervals <= 1 ? 'good' : intervals <= 2 ? 'fair' : 'poor');
    }
  });

  it('grades the other metrics against fixed thresholds, and a metric that does not apply as none', () => {
    const base = row('synced', 60, 'light');
    const grade = (metric: MatrixMetric, patch: Partial<MatrixRow>) => gradeMatrixCell(metric, { ...base, ...patch });
    expect([grade('speed', { speed: 0.995 }), grade('speed', { speed: 0.96 }), grade('speed', { speed: 0.94 }), grade('speed', { speed: 1.06 })]).toEqual(['good', 'fair', 'poor', 'poor']);
    expect([grade('flapPercent', { flapPercent: 0 }), grade('flapPercent', { flapPercent: 1 }), grade('flapPercent', { flapPercent: 6 }), grade('flapPercent', { flapPercent: Number.NaN })]).toEqual(['good', 'fair', 'poor', 'none']);
    expect([grade('judderMs', { judderMs: 1.6 }), grade('judderMs', { judderMs: 8 }), grade('judderMs', { judderMs: 9 })]).toEqual(['good', 'fair', 'poor']);
    expect([grade('droppedPercent', { droppedPercent: 0 }), grade('droppedPercent', { droppedPercent: 1 }), grade('droppedPercent', { droppedPercent: 3 })]).toEqual(['good', 'fair', 'poor']);
    expect([grade('fps', { fps: 58 }), grade('fps', { fps: 30 }), grade('fps', { fps: 20 })]).toEqual(['good', 'fair', 'poor']);
    // The grades do not depend on the other rows: the same row grades the same in any table.
    expect(grade('duplicatePercent', { duplicatePercent: 0 })).toBe('good');
    // Every metric is labelled in words, not by its field name.
    for (const info of Object.values(MATRIX_METRICS)) {
      expect(info.label).not.toMatch(/[a-z][A-Z]/);
      expect(info.label).toContain(' ');
    }
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
