import { useEffect, useMemo, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DEFAULT_MATRIX_ALGORITHMS, DEFAULT_MATRIX_LOADS, DEFAULT_MATRIX_RATES, runMatrix } from '../src/simulation/index.js';
import type { MatrixRow } from '../src/simulation/index.js';
import { useRafLoop } from './components/useRafLoop.js';
import { Readout } from './components/Readout.js';
import { expectFramesAdvance } from './components/playHelpers.js';

type Metric = 'judderMs' | 'lagMeanMs' | 'duplicatePercent' | 'doubledPerMinute' | 'speed' | 'fps';

/** Controls of the comparison matrix. */
interface ComparisonProps {
  /** Which number colours the heatmap. */
  metric: Metric;
  /** Simulated seconds per cell. */
  durationSeconds: number;
  /** Display timestamp jitter, ms. */
  jitterMs: number;
}

const METRICS: Record<Metric, { label: string; better: 'low' | 'high' | 'one'; format: (n: number) => string }> = {
  judderMs: { label: 'judder, RMS ms', better: 'low', format: (n) => n.toFixed(2) },
  lagMeanMs: { label: 'mean lag, ms', better: 'low', format: (n) => n.toFixed(1) },
  duplicatePercent: { label: 'repeated pictures, %', better: 'low', format: (n) => n.toFixed(1) },
  doubledPerMinute: { label: 'doubled jumps / min', better: 'low', format: (n) => n.toFixed(0) },
  speed: { label: 'game speed (1 = real time)', better: 'one', format: (n) => n.toFixed(3) },
  fps: { label: 'pictures per second', better: 'high', format: (n) => n.toFixed(1) },
};

/** 0 (good) … 1 (bad) for a value, relative to the range of the column's metric. */
function badness(metric: Metric, value: number, lo: number, hi: number): number {
  const { better } = METRICS[metric];
  if (better === 'one') return Math.min(1, Math.abs(value - 1) / 0.1);
  if (!(hi > lo)) return 0;
  const t = (value - lo) / (hi - lo);
  return better === 'low' ? t : 1 - t;
}

const heat = (bad: number) => `hsl(${Math.round(120 * (1 - bad))} 55% ${bad > 0.6 ? 78 : 85}%)`;

interface Cell {
  algorithm: number;
  rate: number;
  load: number;
}

function ComparisonMatrix({ metric, durationSeconds, jitterMs }: ComparisonProps) {
  const algorithms = DEFAULT_MATRIX_ALGORITHMS;
  const columns = useMemo(
    () => DEFAULT_MATRIX_LOADS.flatMap((load, l) => DEFAULT_MATRIX_RATES.map((rate, r) => ({ load: load.name, l, rate, r }))),
    [],
  );
  const queue = useMemo<Cell[]>(
    () => algorithms.flatMap((_, a) => columns.map((c) => ({ algorithm: a, rate: c.r, load: c.l }))),
    [algorithms, columns],
  );
  const results = useRef(new Map<string, MatrixRow>());
  const [done, setDone] = useState(0);
  const progress = useMemo(() => ({ frames: 0, cells: 0 }), []);

  // One simulated run per animation frame: the page stays responsive while the matrix fills in.
  useRafLoop(() => {
    progress.frames += 1;
    const next = queue[progress.cells];
    if (!next) return;
    const spec = algorithms[next.algorithm];
    const load = DEFAULT_MATRIX_LOADS[next.load];
    const rate = DEFAULT_MATRIX_RATES[next.rate];
    if (!spec || !load || rate === undefined) return;
    const [row] = runMatrix({ algorithms: [spec], loads: [load], refreshRates: [rate], durationSeconds, display: { jitterMs } });
    if (row) results.current.set(`${next.algorithm}/${next.rate}/${next.load}`, row);
    progress.cells += 1;
    // Re-render a few times while filling, not every frame.
    if (progress.cells % 10 === 0 || progress.cells === queue.length) setDone(progress.cells);
  });

  useEffect(() => () => results.current.clear(), []);

  const ranges = columns.map((c) => {
    let lo = Infinity;
    let hi = -Infinity;
    algorithms.forEach((_, a) => {
      const row = results.current.get(`${a}/${c.r}/${c.l}`);
      if (row) {
        lo = Math.min(lo, row[metric]);
        hi = Math.max(hi, row[metric]);
      }
    });
    return { lo, hi };
  });

  return (
    <div style={{ font: '13px system-ui' }}>
      <Readout
        values={progress}
        fields={[
          { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
          { key: 'cells', label: `runs done (of ${queue.length})`, format: (n) => n.toFixed(0) },
        ]}
      />
      <table data-testid="matrix" data-done={done === queue.length ? 'yes' : 'no'} style={{ borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}>
        <caption style={{ textAlign: 'left', font: '600 14px system-ui', padding: '4px 0' }}>
          {METRICS[metric].label}, simulated display ({durationSeconds} s per run, ±{jitterMs} ms timestamp jitter)
        </caption>
        <thead>
          <tr>
            <th />
            {DEFAULT_MATRIX_LOADS.map((load) => (
              <th key={load.name} colSpan={DEFAULT_MATRIX_RATES.length} style={{ padding: '2px 6px', borderBottom: '1px solid #ccc' }}>
                {load.name} load
              </th>
            ))}
          </tr>
          <tr>
            <th style={{ textAlign: 'left', padding: '2px 6px' }}>algorithm</th>
            {columns.map((c) => (
              <th key={`${c.l}/${c.r}`} style={{ padding: '2px 6px' }}>
                {c.rate} Hz
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {algorithms.map((entry, a) => (
            <tr key={entry.name} data-testid="matrix-row" data-algorithm={entry.name}>
              <th style={{ textAlign: 'left', padding: '2px 6px', whiteSpace: 'nowrap' }}>{entry.name}</th>
              {columns.map((c, i) => {
                const row = results.current.get(`${a}/${c.r}/${c.l}`);
                const range = ranges[i] ?? { lo: 0, hi: 0 };
                const value = row ? row[metric] : Number.NaN;
                return (
                  <td
                    key={`${c.l}/${c.r}`}
                    data-testid="matrix-cell"
                    data-value={String(value)}
                    title={row ? `fps ${row.fps.toFixed(1)} · lag ${row.lagMeanMs.toFixed(1)} ms · judder ${row.judderMs.toFixed(2)} ms · speed ${row.speed.toFixed(3)} · updates/frame ${row.stepsPerFrame}` : 'running…'}
                    style={{
                      padding: '2px 6px',
                      textAlign: 'right',
                      background: row ? heat(badness(metric, value, range.lo, range.hi)) : '#f3f3f3',
                      border: '1px solid #fff',
                    }}
                  >
                    {row ? METRICS[metric].format(value) : '…'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <h3 style={{ marginBottom: 4 }}>Which algorithm for my game?</h3>
      <ul style={{ marginTop: 0, lineHeight: 1.5, maxWidth: 820 }}>
        <li>
          <b>Physics, networking, replays</b> (results must not depend on the frame rate): a fixed step,{' '}
          <code>useFixedTimestep</code> or <code>&lt;GameCanvas&gt;</code>. Pick <code>'ahead'</code> for the least lag with smooth
          motion, <code>'predicted'</code> to aim at the moment the picture appears, <code>'previous'</code> for the classic
          safe choice (one step of lag), <code>'none'</code> only when the update rate equals the display rate.
        </li>
        <li>
          <b>Simple animation with variable dt</b> (UI, particles, a camera): keep <code>frame.deltaSeconds</code> but smooth it
          with <code>useSmoothedDelta</code> so motion advances in whole refresh intervals (lowest judder on a steady display).
        </li>
        <li>
          <b>An update that must see the same slice every call</b> and never less than a refresh interval:{' '}
          <code>useSyncedUpdate</code> (seed 002 slices).
        </li>
        <li>
          <b>Heavy scenes near the frame budget</b>: turn on the adaptive frame rate (<code>useAdaptiveFramerate</code> or{' '}
          <code>&lt;FrameProvider adaptive&gt;</code>) so the rate steps to 30 or 20 Hz and holds, instead of flickering
          between rates; choose <code>overload: 'slow-motion'</code> for action games (no burst of catch-up) and{' '}
          <code>'catch-up'</code> where game time must match the clock (music, multiplayer).
        </li>
      </ul>
    </div>
  );
}

const meta = {
  title: 'Overview/9 · Comparison matrix',
  component: ComparisonMatrix,
  render: (args) => <ComparisonMatrix key={JSON.stringify(args)} {...args} />,
  args: { metric: 'judderMs', durationSeconds: 10, jitterMs: 1 },
  argTypes: {
    metric: { control: { type: 'select' }, options: Object.keys(METRICS) },
    durationSeconds: { control: { type: 'range', min: 2, max: 60, step: 1 } },
    jitterMs: { control: { type: 'range', min: 0, max: 4, step: 0.25 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
Every algorithm of the package run unchanged against a **simulated display** (\`runMatrix\` from
\`react-timestep/simulation\`): a vsynced screen at the common refresh rates, a light and a heavy
game load, the same timestamp jitter for everyone. The simulation records what a viewer would see:
the game time on each picture, how late it is, how unevenly it advances, how often a picture repeats
or jumps. Green is the best value in its column, red the worst (for speed: distance from 1).
The matrix fills in one run per animation frame; hover a cell for all its numbers, and switch
the metric in the controls.
`,
      },
    },
  },
} satisfies Meta<typeof ComparisonMatrix>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Judder of every algorithm at every common refresh rate, light and heavy load. */
export const Judder: Story = {
  args: { durationSeconds: 4 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    const table = canvasElement.querySelector<HTMLElement>('[data-testid="matrix"]');
    await waitFor(() => expect(table?.dataset.done).toBe('yes'), { timeout: 20000, interval: 100 });
    const names = [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="matrix-row"]')].map((row) => row.dataset.algorithm);
    await expect(names).toEqual(DEFAULT_MATRIX_ALGORITHMS.map((entry) => entry.name));
    const cells = [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="matrix-cell"]')].map((cell) => Number(cell.dataset.value));
    await expect(cells.length).toBe(DEFAULT_MATRIX_ALGORITHMS.length * DEFAULT_MATRIX_RATES.length * DEFAULT_MATRIX_LOADS.length);
    await expect(cells.every((value) => Number.isFinite(value) && value >= 0)).toBe(true);
  },
};
