import { useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createSeededRandom, createSyncedSlicer } from '../src/core/index.js';
import type { SlicerOverload } from '../src/core/index.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the synced-slices demo. */
interface SyncedSlicesProps {
  /** The simulated display's refresh rate, Hz. */
  refreshRate: number;
  /** How late after its vblank each update call wakes, at random up to this many ms. */
  wakeJitterMs: number;
  /** Every 2 s one frame stalls this long (ms), to show the overload policy. 0: never. */
  stallMs: number;
  overload: SlicerOverload;
  /** Dot speed, as in the seed: units per second across a 100-unit screen. */
  unitsPerSecond: number;
}

const SAMPLES = 240;
const LANES = [
  { label: 'actual time', color: '#f06a6a' },
  { label: 'refresh slices', color: '#58d68d' },
] as const;

/** The seed's table: update calls at uneven times on a 60 Hz display, the dot at 100 units/s. */
const SEED_TIMES_MS = [0, 10, 21, 100 / 3, 43, 54, 200 / 3];

function seedTable(): { timeMs: number; actual: number; sliced: number }[] {
  const slicer = createSyncedSlicer({ refreshRate: 60 });
  let sliced = 0;
  let last = 0;
  return SEED_TIMES_MS.map((timeMs) => {
    for (const dt of slicer.advance((timeMs - last) / 1000)) sliced += 100 * dt;
    last = timeMs;
    return { timeMs, actual: timeMs / 10, sliced };
  });
}

function SyncedSlicesDemo({ refreshRate, wakeJitterMs, stallMs, overload, unitsPerSecond }: SyncedSlicesProps) {
  const lanes = useRef<LaneCanvasHandle>(null);
  const table = useMemo(seedTable, []);
  const state = useMemo(
    () => ({
      slicer: createSyncedSlicer({ refreshRate, overload }),
      random: createSeededRandom(11),
      vblank: 0,
      frame: 0,
      lastMs: Number.NaN,
      actualSeconds: 0,
      slicedSeconds: 0,
      measured: new RingBuffer(SAMPLES),
      released: new RingBuffer(SAMPLES),
      buffered: new RingBuffer(SAMPLES),
      positions: new Float64Array(2),
      values: { frames: 0, offGrid: 0, slices: 0, maxSlicesPerFrame: 0, droppedMs: 0, behindMs: 0 },
    }),
    [refreshRate, overload],
  );

  useRafLoop(() => {
    const s = state;
    const intervalMs = 1000 / refreshRate;
    // A simulated clock paced by the real frames: each frame is one vblank (plus a stall now and
    // then), and the update call wakes a random few ms after it, as an OS timer would.
    s.frame += 1;
    const stall = stallMs > 0 && s.frame % Math.round(2 * refreshRate) === 0 ? Math.ceil(stallMs / intervalMs) : 0;
    s.vblank += 1 + stall;
    const nowMs = s.vblank * intervalMs + s.random.next() * wakeJitterMs;
    if (Number.isFinite(s.lastMs)) {
      const delta = (nowMs - s.lastMs) / 1000;
      const slices = s.slicer.advance(delta);
      let sum = 0;
      for (const dt of slices) {
        sum += dt;
        const intervals = dt * refreshRate;
        s.values.offGrid = Math.max(s.values.offGrid, Math.abs(intervals - Math.round(intervals)));
      }
      s.actualSeconds += delta;
      s.slicedSeconds += sum;
      s.measured.push(delta * 1000);
      s.released.push(sum * 1000);
      s.buffered.push(s.slicer.bufferSeconds * 1000);
      s.values.slices += slices.length;
      s.values.maxSlicesPerFrame = Math.max(s.values.maxSlicesPerFrame, slices.length);
      s.values.droppedMs = s.slicer.droppedSeconds * 1000;
      s.values.behindMs = (s.actualSeconds - s.slicedSeconds) * 1000;
    }
    s.lastMs = nowMs;
    s.values.frames = s.frame;
    const period = 200 / unitsPerSecond;
    s.positions[0] = pingPong(s.actualSeconds, period);
    s.positions[1] = pingPong(s.slicedSeconds, period);
    lanes.current?.draw(s.positions, pingPong((s.vblank * intervalMs) / 1000, period));
  });

  return (
    <div>
      <LaneCanvas ref={lanes} lanes={LANES} testId="lanes" />
      <Readout
        values={state.values}
        fields={[
          { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
          { key: 'slices', label: 'update calls', format: (n) => n.toFixed(0) },
          { key: 'maxSlicesPerFrame', label: 'most update calls in one frame', format: (n) => n.toFixed(0) },
          { key: 'offGrid', label: 'slices off the refresh grid (intervals)', format: (n) => n.toExponential(1) },
          { key: 'droppedMs', label: 'time withheld by slow-motion (ms)', format: (n) => n.toFixed(1) },
          { key: 'behindMs', label: 'sliced time behind actual (ms)', format: (n) => n.toFixed(1) },
        ]}
      />
      <LivePlot
        title="Per frame: measured delta and the time released in refresh slices (ms)"
        yLabel="ms"
        series={[
          { label: 'measured', stroke: '#f06a6a', buffer: state.measured },
          { label: 'released', stroke: '#1e9e55', buffer: state.released, stepped: true, width: 2 },
          { label: 'buffered', stroke: '#999', buffer: state.buffered },
        ]}
      />
      <table data-testid="seed-table" style={{ font: '12px ui-monospace, monospace', borderCollapse: 'collapse', marginTop: 8 }}>
        <caption style={{ textAlign: 'left', font: '600 13px system-ui' }}>
          The seed's dot at 100 units/s on a 60 Hz display, computed by createSyncedSlicer
        </caption>
        <thead>
          <tr>
            <th style={{ padding: '2px 8px' }}>time (ms)</th>
            <th style={{ padding: '2px 8px' }}>dot at actual time</th>
            <th style={{ padding: '2px 8px' }}>dot from slices</th>
          </tr>
        </thead>
        <tbody>
          {table.map((row) => (
            <tr key={row.timeMs}>
              <td style={{ padding: '2px 8px' }}>{row.timeMs.toFixed(1)}</td>
              <td style={{ padding: '2px 8px' }}>{row.actual.toFixed(2)}</td>
              <td style={{ padding: '2px 8px' }} data-testid="sliced" data-value={row.sliced}>
                {row.sliced.toFixed(2)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const meta = {
  title: 'Algorithms/4 · Refresh-synced slices',
  component: SyncedSlicesDemo,
  render: (args) => <SyncedSlicesDemo key={JSON.stringify(args)} {...args} />,
  args: { refreshRate: 60, wakeJitterMs: 8, stallMs: 0, overload: 'slow-motion', unitsPerSecond: 100 },
  argTypes: {
    refreshRate: { control: { type: 'select' }, options: [50, 59.94, 60, 75, 120, 144] },
    wakeJitterMs: { control: { type: 'range', min: 0, max: 15, step: 0.5 } },
    stallMs: { control: { type: 'range', min: 0, max: 400, step: 10 } },
    overload: { control: { type: 'inline-radio' }, options: ['slow-motion', 'catch-up', 'variable'] },
    unitsPerSecond: { control: { type: 'range', min: 20, max: 300, step: 10 } },
  },
  parameters: {
    docs: {
      description: {
        component: `
The screen only ever shows the world at vblank times, so an update that advances the world by
"10 ms" or "21 ms" draws the dot at a place it never should be on any refresh. \`createSyncedSlicer\`
(seed 002) buffers the measured time and only releases **whole refresh intervals**, split into
slices no longer than \`1 / minFrameRate\`; the remainder waits for the next frame. The green dot
moves by the released slices and lands exactly where a constant-speed dot belongs at each refresh;
the red one moves by the raw measured time.

**The clock here is simulated**, paced by the real animation frames: each frame is one vblank of
the chosen rate, and the update call wakes a random 0…\`wakeJitterMs\` after it. A stall injects a
long frame every two seconds to show the overload policy (\`'slow-motion'\` withholds time above
\`overloadThreshold\`, \`'catch-up'\` releases it all in slices, \`'variable'\` passes it in one call).
The table replays the seed's own example through the slicer.
`,
      },
    },
  },
} satisfies Meta<typeof SyncedSlicesDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Update calls wake at uneven times; the slices stay on the refresh grid. */
export const JitteryWakeUps: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 30);
    await expect(readValue(canvasElement, 'offGrid')).toBeLessThan(1e-6);
    // Never more than one refresh interval is held back.
    await expect(Math.abs(readValue(canvasElement, 'behindMs'))).toBeLessThan(1000 / 60 + 1e-6);
    // The seed's table: 0, 0, 1.67, 3.33, 3.33, 5.00, 6.67.
    const sliced = [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="sliced"]')].map((cell) => Number(cell.dataset.value));
    const expected = [0, 0, 100 / 60, 200 / 60, 200 / 60, 300 / 60, 400 / 60];
    await expect(sliced.length).toBe(expected.length);
    sliced.forEach((value, i) => expect(value).toBeCloseTo(expected[i] ?? Number.NaN, 9));
  },
};

/** A 300 ms stall every two seconds with slow-motion: the excess is withheld, not replayed. */
export const StallSlowMotion: Story = {
  args: { wakeJitterMs: 2, stallMs: 300 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'droppedMs', (ms) => ms > 100, 5000);
    await expect(readValue(canvasElement, 'offGrid')).toBeLessThan(1e-6);
  },
};
