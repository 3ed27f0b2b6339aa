import { useMemo, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createSyncedSlicer } from '../src/core/index.js';
import type { SliceRounding, SlicerOverload } from '../src/core/types.js';
import { LaneCanvas, pingPong } from './components/LaneCanvas.js';
import type { LaneCanvasHandle } from './components/LaneCanvas.js';
import { LivePlot } from './components/LivePlot.js';
import { LiveVsync } from './components/liveVsync.js';
import { LiveViewer } from './components/liveViewer.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { useRafLoop } from './components/useRafLoop.js';
import { useLiveArgs, useOnArgChange } from './components/liveArgs.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the synced-slices demo. */
interface SyncedSlicesProps {
  /** The simulated display's refresh rate, Hz. */
  refreshRate: number;
  /** `'nearest'` (the default) or `'down'` (the article's arithmetic). */
  rounding: SliceRounding;
  /** Timer resolution of the simulated timestamps, ms (Chromium 0.1, a coarse clock 1). */
  quantizationMs: number;
  /** Each timestamp moves by a random amount within ± this many ms. */
  jitterMs: number;
  /** Chance that a frame misses its vblank (a dropped frame). */
  dropChance: number;
  /** Every 2 s one frame stalls this long (ms), to show the overload policy. 0: never. */
  stallMs: number;
  /** What the slicer does with more than `overloadThreshold` (six intervals) in one frame. */
  overload: SlicerOverload;
  /** Dot speed: units per second across a 100-unit track. */
  unitsPerSecond: number;
}

const SAMPLES = 240;
/** The slicer's default overload threshold, in refresh intervals: frames past it are the policy's business. */
const OVERLOAD_VBLANKS = 6;
const LANES = [
  { label: 'measured time', color: '#f06a6a' },
  { label: 'refresh slices', color: '#58d68d' },
] as const;

/** The article's example: update calls at uneven times on a 60 Hz display, the dot at 100 units/s. */
const ARTICLE_TIMES_MS = [0, 10, 21, 100 / 3, 43, 54, 200 / 3];

function articleTable(): { timeMs: number; actual: number; down: number; nearest: number }[] {
  const down = createSyncedSlicer({ refreshRate: 60, rounding: 'down' });
  const nearest = createSyncedSlicer({ refreshRate: 60 });
  let downUnits = 0;
  let nearestUnits = 0;
  let last = 0;
  return ARTICLE_TIMES_MS.map((timeMs) => {
    for (const dt of down.advance((timeMs - last) / 1000)) downUnits += 100 * dt;
    for (const dt of nearest.advance((timeMs - last) / 1000)) nearestUnits += 100 * dt;
    last = timeMs;
    return { timeMs, actual: timeMs / 10, down: downUnits, nearest: nearestUnits };
  });
}

const ms1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const ms2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const count = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const percent = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} %` : '–');

/** The simulated display, the slicer and the viewer: rebuilt when the display or the slicer's options change. */
function engine({ refreshRate, overload, rounding, quantizationMs, jitterMs, dropChance }: SyncedSlicesProps) {
  return {
    slicer: createSyncedSlicer({ refreshRate, overload, rounding }),
    clock: new LiveVsync({ refreshRate, quantizationMs, jitterMs, dropChance, seed: 11 }),
    viewer: new LiveViewer({ refreshIntervalMs: 1000 / refreshRate }),
    firstVblankMs: 0,
    measuredSeconds: 0,
    slicedSeconds: 0,
  };
}

function SyncedSlicesDemo(props: SyncedSlicesProps) {
  const { refreshRate, rounding, quantizationMs, jitterMs, dropChance, overload } = props;
  const args = useLiveArgs(props);
  const lanes = useRef<LaneCanvasHandle>(null);
  const table = useMemo(articleTable, []);
  // Created once; control changes are pushed into it below (no remount, the plots keep their history).
  const [state] = useState(() => ({
    ...engine(props),
    measured: new RingBuffer(SAMPLES),
    released: new RingBuffer(SAMPLES),
    display: new RingBuffer(SAMPLES),
    slices: new RingBuffer(SAMPLES),
    positions: new Float64Array(2),
    values: {
      frames: 0,
      scored: Number.NaN,
      flaps: Number.NaN,
      flapPercent: Number.NaN,
      judderMs: Number.NaN,
      repeated: Number.NaN,
      lagMs: Number.NaN,
      droppedMs: Number.NaN,
    },
  }));
  // The display's noise changes in place.
  useOnArgChange(() => {
    const o = state.clock.options;
    o.quantizationMs = quantizationMs;
    o.jitterMs = jitterMs;
    o.dropChance = dropChance;
  }, [quantizationMs, jitterMs, dropChance]);
  // A new display rate or slicer option starts a new measurement; the plots keep their history.
  useOnArgChange(() => {
    Object.assign(state, engine(args.current));
    const v = state.values;
    v.scored = v.flaps = v.flapPercent = v.judderMs = v.repeated = v.lagMs = v.droppedMs = Number.NaN;
    lanes.current?.clearTrail();
  }, [refreshRate, overload, rounding]);

  useRafLoop(() => {
    const s = state;
    const { stallMs, unitsPerSecond } = args.current;
    const clock = s.clock;
    const intervalMs = clock.intervalMs;
    // The real frames only set the pace: each one is the next frame of a simulated vsynced display
    // (random phase, jitter, quantisation, drops), whose true vblank counts the viewer model knows.
    const stall = stallMs > 0 && clock.frames > 0 && clock.frames % Math.round(2000 / intervalMs) === 0 ? Math.ceil(stallMs / intervalMs) : 0;
    const previousMs = clock.timestampMs;
    clock.next(stall);
    if (clock.frames === 1) {
      s.firstVblankMs = clock.vblankMs;
    } else {
      const delta = (clock.timestampMs - previousMs) / 1000;
      const slices = s.slicer.advance(delta);
      let sum = 0;
      for (let i = 0; i < slices.length; i += 1) sum += slices[i]!;
      s.measuredSeconds += delta;
      s.slicedSeconds += sum;
      s.measured.push(delta * 1000);
      s.released.push(sum * 1000);
      s.display.push(clock.vblanks * intervalMs);
      s.slices.push(slices.length);
      // The picture drawn this frame reaches the screen at the next vblank.
      const f = s.viewer.frame;
      f.presentMs = clock.vblankMs - s.firstVblankMs + intervalMs;
      f.pictureMs = s.slicedSeconds * 1000;
      f.droppedMs = s.slicer.droppedSeconds * 1000;
      f.updates = (sum * 1000) / intervalMs;
      f.vblanks = clock.vblanks > OVERLOAD_VBLANKS ? Number.NaN : clock.vblanks;
      if (s.viewer.add()) {
        const m = s.viewer.total;
        const v = s.values;
        v.scored = m?.flapsCounted ?? Number.NaN;
        v.flaps = m?.flaps ?? Number.NaN;
        v.flapPercent = m ? 100 * m.flapRatio : Number.NaN;
        v.judderMs = m?.judderMs ?? Number.NaN;
        v.repeated = m?.repeatedPictures ?? Number.NaN;
        v.lagMs = m?.lagMeanMs ?? Number.NaN;
        v.droppedMs = m ? m.droppedSeconds * 1000 : Number.NaN;
      }
    }
    s.values.frames = clock.frames;
    const period = 200 / unitsPerSecond;
    s.positions[0] = pingPong(s.measuredSeconds, period);
    s.positions[1] = pingPong(s.slicedSeconds, period);
    lanes.current?.draw(s.positions, pingPong((clock.vblankMs - s.firstVblankMs) / 1000, period));
  });

  return (
    <div>
      <LaneCanvas ref={lanes} lanes={LANES} testId="lanes" />
      <Readout
        keyNumbers
        values={state.values}
        fields={[
          { key: 'flaps', label: 'flaps: frames released ≠ vblanks elapsed', format: count },
          { key: 'judderMs', label: 'judder, RMS (ms)', format: ms2 },
        ]}
      />
      <MoreReadouts summary="All readouts and plots">
        <Readout
          values={state.values}
          fields={[
            { key: 'frames', label: 'frames', format: count },
            { key: 'scored', label: 'frames scored for flaps', format: count },
            { key: 'flapPercent', label: 'flaps, share of frames', format: percent },
            { key: 'repeated', label: 'repeated pictures', format: count },
            { key: 'lagMs', label: 'mean lag, net of withheld time (ms)', format: ms1 },
            { key: 'droppedMs', label: 'game time withheld by slow-motion (ms)', format: ms1 },
          ]}
        />
        <LivePlot
          title="Per frame: measured delta, time released in refresh slices, and the display's vblanks (ms)"
          yLabel="ms"
          series={[
            { label: 'measured', stroke: '#f06a6a', buffer: state.measured },
            { label: 'released', stroke: '#1e9e55', buffer: state.released, stepped: true, width: 2 },
            { label: 'display', stroke: '#888', buffer: state.display, stepped: true, width: 1 },
            { label: 'update calls', stroke: '#5dade2', buffer: state.slices, stepped: true, axis: 'right', digits: 0 },
          ]}
          rightLabel="calls"
          rightRange={[0, 6]}
          references={[{ value: 1000 / refreshRate, label: `one refresh interval ${(1000 / refreshRate).toFixed(2)} ms`, color: '#888' }]}
        />
        <table data-testid="article-table" style={{ font: '12px ui-monospace, monospace', borderCollapse: 'collapse', marginTop: 8 }}>
          <caption style={{ textAlign: 'left', font: '600 13px system-ui' }}>
            The article's example: update calls at uneven times, a dot at 100 units/s on a 60 Hz display
          </caption>
          <thead>
            <tr>
              <th style={{ padding: '2px 8px' }}>time (ms)</th>
              <th style={{ padding: '2px 8px' }}>dot at that time</th>
              <th style={{ padding: '2px 8px' }}>rounding 'down' (article)</th>
              <th style={{ padding: '2px 8px' }}>rounding 'nearest' (default)</th>
            </tr>
          </thead>
          <tbody>
            {table.map((row) => (
              <tr key={row.timeMs}>
                <td style={{ padding: '2px 8px' }}>{row.timeMs.toFixed(1)}</td>
                <td style={{ padding: '2px 8px' }}>{row.actual.toFixed(2)}</td>
                <td style={{ padding: '2px 8px' }} data-testid="sliced-down" data-value={row.down}>
                  {row.down.toFixed(2)}
                </td>
                <td style={{ padding: '2px 8px' }} data-testid="sliced-nearest" data-value={row.nearest}>
                  {row.nearest.toFixed(2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/9 · Refresh-synced slices',
  component: SyncedSlicesDemo,
  args: {
    refreshRate: 60,
    rounding: 'nearest',
    quantizationMs: 0.1,
    jitterMs: 1,
    dropChance: 0,
    stallMs: 0,
    overload: 'slow-motion',
    unitsPerSecond: 100,
  },
  argTypes: {
    refreshRate: { name: 'display rate (Hz)', description: "The simulated display's refresh rate. Changing it starts a new measurement.", control: { type: 'select' }, options: [50, 59.94, 60, 75, 120, 144] },
    rounding: {
      name: 'rounding',
      description: "'nearest' (default): release the nearest whole number of intervals; 'down': the article's arithmetic.",
      control: { type: 'inline-radio' },
      options: ['nearest', 'down'],
    },
    quantizationMs: { name: 'timer resolution (ms)', description: 'Each timestamp is rounded down to a multiple of this (Chromium 0.1, a coarse clock 1).', control: { type: 'inline-radio' }, options: [0, 0.1, 1] },
    jitterMs: { name: 'jitter (± ms)', description: 'Each timestamp moves by a random amount within ± this many ms.', control: { type: 'range', min: 0, max: 4, step: 0.25 } },
    dropChance: { name: 'dropped-frame chance (0–1)', description: 'Chance that a frame misses its vblank.', control: { type: 'range', min: 0, max: 0.2, step: 0.01 } },
    stallMs: { name: 'stall every 2 s (ms)', description: 'Every 2 s one frame stalls this long, to show the overload policy. 0: never.', control: { type: 'range', min: 0, max: 400, step: 10 } },
    overload: {
      name: 'overload policy',
      description: 'What the slicer does with more than six refresh intervals in one frame.',
      control: { type: 'inline-radio' },
      options: ['slow-motion', 'catch-up', 'variable'],
    },
    unitsPerSecond: { name: 'dot speed (units/s)', description: 'Units per second across a 100-unit track.', control: { type: 'range', min: 20, max: 300, step: 10 } },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useSyncedUpdate } from 'react-timestep';

function World() {
  // Called once per whole refresh interval that passed (never more than 1/minFrameRate at once).
  useSyncedUpdate((dt) => world.step(dt));
  return null;
}`,
      },
      description: {
        component: `
The screen only shows the world at vblanks, so the game should advance by whole refresh intervals:
one per vblank that passed. \`createSyncedSlicer\` ("Setting up a game update loop in-sync with
rendering", April 2013) buffers the measured time and releases only whole intervals, split into
slices no longer than \`1 / minFrameRate\`. The green dot moves by the released time, the red one by
the raw measured time; the ring is the display's own time.

**The clock is simulated**, paced by the real animation frames: each frame is the next frame of a
vsynced display at the chosen rate, its timestamp at the vblank plus a random phase the slicer does
not know, ± jitter, rounded down to the timer's resolution. So the readouts know how many vblanks
really passed, and score the pictures with the package's viewer model (\`createViewerMeter\`): a
**flap** is a frame whose released time is not the vblanks that passed (a stall, then a jump).

- \`rounding: 'nearest'\` (the default) rounds to the nearest whole interval, centred on the
  stream's own phase. In these stories its flaps readout stays 0, dropped frames included.
- \`rounding: 'down'\` is the article's arithmetic: it releases only intervals that have fully
  passed, and its buffer starts exactly on an interval boundary, so the jitter decides between 0 and
  2 intervals: switch it on and watch the flaps readout, the repeated pictures and the barcode in the
  plot.

A stall injects a long frame every two seconds for the overload policy (\`'slow-motion'\` withholds
time above \`overloadThreshold\`, six intervals; \`'catch-up'\` releases it all in slices;
\`'variable'\` passes it in one call). Frames where more than six vblanks passed are the policy's
business and are left out of the flap count; time withheld is shown on its own and is not lag.
The table replays the article's own example (update calls at uneven times) with both roundings.
`,
      },
    },
  },
} satisfies Meta<typeof SyncedSlicesDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

async function expectArticleTable(canvasElement: HTMLElement): Promise<void> {
  const column = (id: string) => [...canvasElement.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)].map((cell) => Number(cell.dataset.value));
  // 'down' releases an interval once it has fully passed: 0, 0, 1.67, 3.33, 3.33, 5.00, 6.67.
  const down = [0, 0, 100 / 60, 200 / 60, 200 / 60, 300 / 60, 400 / 60];
  // 'nearest' releases it once more than half has passed.
  const nearest = [0, 100 / 60, 100 / 60, 200 / 60, 300 / 60, 300 / 60, 400 / 60];
  const d = column('sliced-down');
  const n = column('sliced-nearest');
  await expect(d.length).toBe(down.length);
  await expect(n.length).toBe(nearest.length);
  d.forEach((value, i) => expect(value).toBeCloseTo(down[i] ?? Number.NaN, 9));
  n.forEach((value, i) => expect(value).toBeCloseTo(nearest[i] ?? Number.NaN, 9));
}

/** Default rounding on jittery, quantised vsynced timestamps: exactly one interval per vblank. */
export const NearestRounding: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 60);
    await waitForValue(canvasElement, 'scored', (n) => n >= 120, 8000);
    await expect(readValue(canvasElement, 'flaps')).toBe(0);
    await expect(readValue(canvasElement, 'judderMs')).toBeLessThan(1e-6);
    await expect(readValue(canvasElement, 'repeated')).toBe(0);
    await expectArticleTable(canvasElement);
  },
};

/** The article's rounding on the same timestamps: 0 and 2 intervals where one vblank passed. */
export const ArticleRoundingDown: Story = {
  args: { rounding: 'down' },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 60);
    await waitForValue(canvasElement, 'flaps', (n) => n > 10, 6000);
    await expect(readValue(canvasElement, 'repeated')).toBeGreaterThan(0);
    await expect(readValue(canvasElement, 'judderMs')).toBeGreaterThan(1);
  },
};

/** Dropped frames: with the default rounding each one is made up in the frame where it is seen. */
export const DroppedFrames: Story = {
  args: { dropChance: 0.05 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 60);
    await waitForValue(canvasElement, 'scored', (n) => n >= 180, 8000);
    await expect(readValue(canvasElement, 'flaps')).toBe(0);
    await expect(readValue(canvasElement, 'judderMs')).toBeLessThan(1e-6);
  },
};

/** A 300 ms stall every two seconds with slow-motion: the excess is withheld, shown apart from lag. */
export const StallSlowMotion: Story = {
  args: { stallMs: 300 },
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 5);
    await waitForValue(canvasElement, 'droppedMs', (ms) => ms > 100, 6000);
    await expect(readValue(canvasElement, 'flaps')).toBe(0);
    // Withheld time is not lag: the pictures stay one interval (the wait for the vblank) behind.
    await expect(readValue(canvasElement, 'lagMs')).toBeLessThan(1000 / 60 + 1);
  },
};
