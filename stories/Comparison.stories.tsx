import { useEffect, useMemo, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DEFAULT_MATRIX_ALGORITHMS, DEFAULT_MATRIX_LOADS, DEFAULT_MATRIX_RATES, runMatrix } from '../src/simulation/index.js';
import type { MatrixRow } from '../src/simulation/index.js';
import { MATRIX_METRICS, gradeMatrixCell } from '../src/simulation/matrix.js';
import type { MatrixGrade, MatrixMetric } from '../src/simulation/matrix.js';
import { docs, range } from './kit/controls.js';
import { count } from './kit/format.js';
import { useLiveArgs, useOnArgChange, useRafLoop } from './kit/loop.js';
import { expectFramesAdvance, until } from './kit/play.js';
import { MoreReadouts, Readout } from './kit/Readout.js';

/** Controls of the comparison matrix. */
interface ComparisonProps { metric: MatrixMetric; durationSeconds: number; jitterMs: number }

const METRIC_KEYS = Object.keys(MATRIX_METRICS) as MatrixMetric[];

const GRADE_COLOURS: Record<MatrixGrade, string> = {
  good: 'hsl(120 55% 82%)',
  fair: 'hsl(45 90% 78%)',
  poor: 'hsl(0 70% 82%)',
  none: '#eeeeee',
};
const GRADE_WORDS: Record<Exclude<MatrixGrade, 'none'>, string> = { good: 'green', fair: 'amber', poor: 'red' };

interface Cell {
  algorithm: number;
  rate: number;
  load: number;
}

/** The numbers of a row in words, for the cell's tooltip. */
function describe(row: MatrixRow): string {
  return METRIC_KEYS.map((key) => `${MATRIX_METRICS[key].label}: ${MATRIX_METRICS[key].format(row[key])}`)
    .concat([`game time dropped: ${row.droppedSeconds.toFixed(2)} s`, `update calls per frame (calls:%): ${row.stepsPerFrame}`])
    .join('\n');
}

function ComparisonMatrix({ metric, durationSeconds, jitterMs }: ComparisonProps) {
  const algorithms = DEFAULT_MATRIX_ALGORITHMS;
  const info = MATRIX_METRICS[metric];
  const queue = useMemo<Cell[]>(
    () => DEFAULT_MATRIX_LOADS.flatMap((_, l) => algorithms.flatMap((_a, a) => DEFAULT_MATRIX_RATES.map((_r, r) => ({ algorithm: a, rate: r, load: l })))),
    [algorithms],
  );
  const results = useRef(new Map<string, MatrixRow>());
  const [done, setDone] = useState(0);
  const progress = useMemo(() => ({ frames: 0, cells: 0 }), []);
  const args = useLiveArgs({ durationSeconds, jitterMs });
  // A new run length or jitter runs the matrix again in place (no remount); the metric only
  // changes which number the cells show.
  useOnArgChange(() => {
    results.current.clear();
    progress.cells = 0;
    setDone(0);
  }, [durationSeconds, jitterMs]);

  // Simulated runs for up to 8 ms of each animation frame (at least one): the page stays
  // responsive while the matrix fills in.
  useRafLoop(() => {
    progress.frames += 1;
    const start = performance.now();
    const before = progress.cells;
    for (let next = queue[progress.cells]; next; next = queue[progress.cells]) {
      const spec = algorithms[next.algorithm];
      const load = DEFAULT_MATRIX_LOADS[next.load];
      const rate = DEFAULT_MATRIX_RATES[next.rate];
      if (!spec || !load || rate === undefined) return;
      const [row] = runMatrix({ algorithms: [spec], loads: [load], refreshRates: [rate], durationSeconds: args.current.durationSeconds, display: { jitterMs: args.current.jitterMs } });
      if (row) results.current.set(`${next.algorithm}/${next.rate}/${next.load}`, row);
      progress.cells += 1;
      if (performance.now() - start > 8) break;
    }
    // Re-render a few times while filling, not every frame.
    if (Math.floor(progress.cells / 10) > Math.floor(before / 10) || (progress.cells === queue.length && before < queue.length)) setDone(progress.cells);
  });

  useEffect(() => () => results.current.clear(), []);

  const cellStyle = { padding: '1px 2px', textAlign: 'right', border: '1px solid #fff', color: '#1d2330' } as const;
  return (
    <div style={{ font: '13px system-ui' }}>
      <p data-testid="caption" style={{ font: '600 14px system-ui', margin: '4px 0' }}>
        {info.label}, simulated display ({durationSeconds} s per run, callbacks 0.25 ms + up to {jitterMs} ms after the vblank)
      </p>
      <div data-testid="matrix" data-done={done === queue.length ? 'yes' : 'no'} style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 20px' }}>
        {DEFAULT_MATRIX_LOADS.map((load, l) => (
          <table key={load.name} style={{ borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums', font: '11px system-ui', maxWidth: '100%' }}>
            <caption style={{ textAlign: 'left', font: '600 13px system-ui', padding: '6px 0 2px' }}>load: {load.name}</caption>
            <thead>
              <tr>
                <th style={{ textAlign: 'left', padding: '1px 2px' }}>algorithm · Hz</th>
                {DEFAULT_MATRIX_RATES.map((rate) => (
                  <th key={rate} style={{ padding: '1px 2px', fontWeight: 600, textAlign: 'right' }}>
                    {rate}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {algorithms.map((entry, a) => (
                <tr key={entry.name} data-testid="matrix-row" data-algorithm={entry.name} data-load={load.name}>
                  <th style={{ textAlign: 'left', padding: '1px 2px', fontWeight: 500, minWidth: 60, maxWidth: 140 }}>{entry.name}</th>
                  {DEFAULT_MATRIX_RATES.map((rate, r) => {
                    const row = results.current.get(`${a}/${r}/${l}`);
                    const value = row ? row[metric] : Number.NaN;
                    const grade = row ? gradeMatrixCell(metric, row) : 'none';
                    return (
                      <td
                        key={rate}
                        data-testid="matrix-cell"
                        data-algorithm={entry.name}
                        data-rate={String(rate)}
                        data-load={load.name}
                        data-value={String(value)}
                        data-grade={row ? grade : 'pending'}
                        title={row ? describe(row) : 'running…'}
                        style={{ ...cellStyle, background: row ? GRADE_COLOURS[grade] : '#f7f7f7' }}
                      >
                        {row ? info.format(value).replace(/^-(0(\.0*)?)$/, '$1') : '…'}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <ul data-testid="legend" style={{ listStyle: 'none', padding: 0, margin: '6px 0', display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {(['good', 'fair', 'poor'] as const).map((grade) => (
          <li key={grade} data-grade={grade}>
            <span style={{ display: 'inline-block', width: 12, height: 12, background: GRADE_COLOURS[grade], marginRight: 4, verticalAlign: -2 }} />
            {GRADE_WORDS[grade]}: {info.legend[grade]}
          </li>
        ))}
      </ul>
      <Readout keyNumbers values={progress} fields={[{ key: 'cells', label: `runs done (of ${queue.length})`, format: count }]} />
      <MoreReadouts>
        <Readout values={progress} fields={[{ key: 'frames', label: 'frames', format: count }]} />
      </MoreReadouts>
      <p style={{ margin: '0 0 8px', opacity: 0.75, maxWidth: 820 }}>
        Colours are fixed thresholds, the same in every column and every run, never the best or worst of a column. Grey: the
        metric does not apply to that algorithm.
      </p>
      <h3 style={{ marginBottom: 4 }}>Reading the table</h3>
      <ul style={{ marginTop: 0, lineHeight: 1.5, maxWidth: 820 }}>
        <li>
          <b>Fixed step</b> (<code>useFixedTimestep</code>, <code>&lt;GameCanvas&gt;</code>): results that do not depend on the
          frame rate. In every column, mean lag is lowest with <code>'predicted'</code>, then <code>'ahead'</code>, then{' '}
          <code>'previous'</code> (one step more than <code>'ahead'</code>). <code>'none'</code> repeats pictures when the display
          rate is not the update rate (switch to "repeated pictures": a fifth of the pictures at 75 Hz under the light load).
        </li>
        <li>
          <b>Smoothed delta</b> (<code>useSmoothedDelta</code>) and <b>refresh-synced slices</b> (<code>useSyncedUpdate</code>):
          under the light load both show 0 judder and 0 flaps at every rate. The slicer's article arithmetic (rounding down)
          flaps on the same display: switch to "flaps".
        </li>
        <li>
          <b>Overload</b>: under the overload load, <code>'slow-motion'</code> rows drop game time and run below real speed, while
          the <code>catch-up</code> rows drop nothing and keep real speed by running extra updates afterwards (switch to "game
          speed" or "game time dropped"). Under the light load the two policies give the same numbers.
        </li>
      </ul>
    </div>
  );
}

type Story = StoryObj<typeof meta>;

interface CellValue {
  algorithm: string;
  rate: number;
  load: string;
  value: number;
  grade: string;
}

/** Wait for the whole matrix, check its shape, and return its cells. */
async function filledMatrix(canvasElement: HTMLElement): Promise<CellValue[]> {
  await expectFramesAdvance(canvasElement, 'frames', 5);
  const table = canvasElement.querySelector<HTMLElement>('[data-testid="matrix"]');
  // One run per frame, 195 runs: 3,000 frames is a generous bound at any frame rate.
  await until(() => table?.dataset.done === 'yes', () => 'the matrix filled in', 3000);
  for (const load of DEFAULT_MATRIX_LOADS) {
    const names = [...canvasElement.querySelectorAll<HTMLElement>(`[data-testid="matrix-row"][data-load="${load.name}"]`)].map((row) => row.dataset.algorithm);
    await expect(names).toEqual(DEFAULT_MATRIX_ALGORITHMS.map((entry) => entry.name));
  }
  const cells = [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="matrix-cell"]')].map((cell) => ({
    algorithm: cell.dataset.algorithm ?? '',
    rate: Number(cell.dataset.rate),
    load: cell.dataset.load ?? '',
    value: Number(cell.dataset.value),
    grade: cell.dataset.grade ?? '',
  }));
  await expect(cells.length).toBe(DEFAULT_MATRIX_ALGORITHMS.length * DEFAULT_MATRIX_RATES.length * DEFAULT_MATRIX_LOADS.length);
  // The coloured table opens the story; the runs done follow it.
  await expect(table!.compareDocumentPosition(canvasElement.querySelector('[data-testid="cells"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  return cells;
}

function cellOf(cells: readonly CellValue[], algorithm: string, rate: number, load: string): CellValue {
  const found = cells.find((c) => c.algorithm === algorithm && c.rate === rate && c.load === load);
  if (!found) throw new Error(`no cell ${algorithm} ${rate} ${load}`);
  return found;
}

/** Mean lag of every algorithm, coloured by |lag| in refresh intervals of each column's display. */
export const Lag: Story = {
  args: { metric: 'lagMeanMs', durationSeconds: 4 },
  play: async ({ canvasElement }) => {
    const cells = await filledMatrix(canvasElement);
    for (const cell of cells) {
      const intervals = (Math.abs(cell.value) * cell.rate) / 1000;
      await expect(cell.grade, `${cell.algorithm} ${cell.rate} Hz ${cell.load}: lag ${cell.value}`).toBe(
        intervals <= 1 ? 'good' : intervals <= 2 ? 'fair' : 'poor',
      );
    }
    // Both signs occur, and both are graded by magnitude.
    await expect(cells.some((c) => c.value < 0)).toBe(true);
    const legend = canvasElement.querySelector('[data-testid="legend"]')?.textContent ?? '';
    await expect(legend).toContain('green: |lag| ≤ 1 refresh interval');
    await expect(legend).toContain('amber: |lag| ≤ 2 refresh intervals');
    await expect(legend).toContain('red: |lag| > 2 refresh intervals');
    // On mean lag, 'predicted' < 'ahead' < 'previous', about one step (within 1 ms) more than 'ahead', in every column.
    for (const load of DEFAULT_MATRIX_LOADS) {
      for (const rate of DEFAULT_MATRIX_RATES) {
        const lag = (name: string) => cellOf(cells, name, rate, load.name).value;
        await expect(lag('fixed predicted')).toBeLessThan(lag('fixed ahead'));
        await expect(lag('fixed ahead')).toBeLessThan(lag('fixed previous'));
        await expect(Math.abs(lag('fixed previous') - lag('fixed ahead') - 1000 / 60)).toBeLessThan(1);
      }
    }
  },
};

/** Game speed: under the overload load slow-motion runs slow, catch-up keeps real speed. */
export const Speed: Story = {
  args: { metric: 'speed', durationSeconds: 4 },
  play: async ({ canvasElement }) => {
    const cells = await filledMatrix(canvasElement);
    for (const rate of DEFAULT_MATRIX_RATES) {
      await expect(cellOf(cells, 'fixed previous', rate, 'overload').value).toBeLessThan(0.99);
      await expect(Math.abs(cellOf(cells, 'fixed previous catch-up', rate, 'overload').value - 1)).toBeLessThan(0.005);
      await expect(cellOf(cells, 'synced', rate, 'overload').value).toBeLessThan(0.99);
      await expect(Math.abs(cellOf(cells, 'synced catch-up', rate, 'overload').value - 1)).toBeLessThan(0.005);
      await expect(cellOf(cells, 'fixed previous catch-up', rate, 'light').value).toBe(cellOf(cells, 'fixed previous', rate, 'light').value);
    }
  },
};

/** Game time dropped: only the slow-motion rows drop, and only under the overload load. */
export const Dropped: Story = {
  args: { metric: 'droppedPercent', durationSeconds: 4 },
  play: async ({ canvasElement }) => {
    const cells = await filledMatrix(canvasElement);
    for (const rate of DEFAULT_MATRIX_RATES) {
      await expect(cellOf(cells, 'fixed previous', rate, 'overload').value).toBeGreaterThan(0);
      await expect(cellOf(cells, 'fixed previous catch-up', rate, 'overload').value).toBe(0);
      await expect(cellOf(cells, 'synced catch-up', rate, 'overload').value).toBe(0);
    }
    for (const cell of cells.filter((c) => c.load === 'light')) await expect(cell.value).toBe(0);
  },
};

/** Flaps: the default slicer and smoother hand out exactly the vblanks elapsed; the article's slicer rounding does not. */
export const Flaps: Story = {
  args: { metric: 'flapPercent', durationSeconds: 4 },
  play: async ({ canvasElement }) => {
    const cells = await filledMatrix(canvasElement);
    for (const rate of DEFAULT_MATRIX_RATES) {
      await expect(cellOf(cells, 'synced', rate, 'light').value).toBe(0);
      await expect(cellOf(cells, 'smoothed', rate, 'light').value).toBe(0);
      await expect(cellOf(cells, 'synced, round down (article)', rate, 'light').value).toBeGreaterThan(5);
      await expect(cellOf(cells, 'synced, round down (article)', rate, 'light').grade).toBe('poor');
      const variable = cellOf(cells, 'variable', rate, 'light');
      await expect(variable.value).toBeNaN();
      await expect(variable.grade).toBe('none');
    }
  },
};

/** Repeated pictures: 'none' repeats a fifth of the pictures at 75 Hz under the light load (60 updates for 75 pictures). */
export const Repeats: Story = {
  args: { metric: 'duplicatePercent', durationSeconds: 4 },
  play: async ({ canvasElement }) => {
    const cells = await filledMatrix(canvasElement);
    await expect(Math.abs(cellOf(cells, 'fixed none', 75, 'light').value - 20)).toBeLessThan(2);
    await expect(cellOf(cells, 'fixed previous', 75, 'light').value).toBe(0);
  },
};

/** Judder: the default slicer and smoother show none under the light load at any rate. */
export const Judder: Story = {
  args: { metric: 'judderMs', durationSeconds: 4 },
  play: async ({ canvasElement }) => {
    const cells = await filledMatrix(canvasElement);
    await expect(cells.every((cell) => Number.isFinite(cell.value) && cell.value >= 0)).toBe(true);
    for (const rate of DEFAULT_MATRIX_RATES) {
      await expect(cellOf(cells, 'synced', rate, 'light').value).toBeLessThan(1e-6);
      await expect(cellOf(cells, 'smoothed', rate, 'light').value).toBeLessThan(1e-6);
    }
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Every algorithm of the package run unchanged against a **simulated display** (\`runMatrix\` from
\`react-timestep/simulation\`): a vsynced screen at the common refresh rates, three game loads, the
same timestamp jitter for everyone. The rows are the defaults (the robust rounding), the articles'
arithmetic where it differs, and both overload policies. Every number is the package's viewer model
scoring the presented pictures: mean lag (how old the shown game moment is when it appears, net of
game time an overload policy dropped on purpose), judder, flaps (frames handing out a number of
refresh intervals other than the vblanks that elapsed), repeated pictures, doubled jumps, game speed,
game time dropped, pictures per second.

The loads: **light**, a small game far under every refresh interval; **heavy**, 1.5–3 ms per update
and 6–10 ms per draw with a 25 ms hitch every 90 frames (fits 60 Hz, not 144 Hz); **overload**, the
light game, but for one second in every five each update costs 18–24 ms (more than the 1/60 s it
simulates) and every tenth draw stalls 150 ms, so the overload policies part ways.

Each cell is coloured by **fixed thresholds** shown in the legend (lag by its magnitude: within one
refresh interval green, two amber, more red), never relative to the other cells. The matrix fills
in as the runs finish (up to 8 ms of them per animation frame); hover a cell for all its numbers, and switch the metric in the
controls.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { formatMatrix, runMatrix } from 'react-timestep/simulation';

// Every algorithm against a simulated vsynced display, scored by the viewer model.
const rows = runMatrix({ durationSeconds: 10, display: { jitterMs: 1 } });
console.log(formatMatrix(rows));`;

const meta = {
  title: 'Compare/29 · Comparison matrix',
  component: ComparisonMatrix,
  args: { metric: 'lagMeanMs', durationSeconds: 10, jitterMs: 1 },
  argTypes: {
    metric: {
      name: 'metric shown',
      description: 'Which viewer-model figure the cells show; switching does not run the matrix again.',
      control: { type: 'select', labels: Object.fromEntries(METRIC_KEYS.map((key) => [key, MATRIX_METRICS[key].label])) },
      options: METRIC_KEYS,
    },
    durationSeconds: range('run length (s)', 'Simulated seconds per cell; a change runs the matrix again.', 2, 60, 1),
    jitterMs: range('jitter (ms)', 'Callbacks arrive 0.25 ms plus up to this many ms after the vblank; a change runs the matrix again.', 0, 4, 0.25),
  },
  parameters: docs(ABOUT, CODE, 'ts'),
} satisfies Meta<typeof ComparisonMatrix>;
export default meta;
