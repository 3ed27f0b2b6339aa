import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createSyncedSlicer } from '../src/core/index.js';
import { choice, docs, jitterArg, lapArg, range, resolutionArg } from './kit/controls.js';
import { lanesOf } from './kit/Lanes.js';
import { laneLegend, overLegend } from './kit/Legend.js';
import { HandOutLanes } from './kit/handOut.js';
import { keyMetric, metricFields, metricValues } from './kit/metrics.js';
import { expectFramesAdvance, readValue, waitForValue } from './kit/play.js';
import { SimulatedLanes } from './kit/SimulatedLanes.js';

/** The slicer's overload policy (the option of `createSyncedSlicer`). */
type SlicerOverload = NonNullable<Parameters<typeof createSyncedSlicer>[0]['overload']>;

/** Controls of the synced-slices demo. */
interface SyncedSlicesProps { refreshRate: number; quantizationMs: number; jitterMs: number; dropChance: number; stallMs: number; overload: SlicerOverload; lapSeconds: number }

/** The slicer's default overload threshold, in refresh intervals: frames past it are the policy's business. */
const OVERLOAD_VBLANKS = 6;
const PREFIXES = ['raw', 'down', 'nearest'] as const;
const LANES = lanesOf('measured time, not sliced', "slices, rounding 'down' (the article)", "slices, rounding 'nearest' (default)");
/** Top of the bar scale, in refresh intervals a frame: a stall hands out more. */
const BARS_MAX = 3;

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

/** The two slicers and the three lanes, for one display rate and policy. */
function engine(refreshRate: number, overload: SlicerOverload) {
  return {
    made: `${refreshRate}/${overload}`,
    slicers: [createSyncedSlicer({ refreshRate, overload, rounding: 'down' }), createSyncedSlicer({ refreshRate, overload })],
    lanes: new HandOutLanes(PREFIXES, refreshRate),
  };
}

function SyncedSlicesDemo({ refreshRate, quantizationMs, jitterMs, dropChance, stallMs, overload, lapSeconds }: SyncedSlicesProps) {
  const table = useMemo(articleTable, []);
  return (
    <SimulatedLanes
      lanes={LANES}
      bars={{ label: 'refresh intervals handed out', max: BARS_MAX }}
      display={{ refreshRate, quantizationMs, jitterMs, dropChance, seed: 11, stallMs, stallEvery: Math.round((2000 * refreshRate) / 1000) }}
      init={() => engine(refreshRate, overload)}
      frame={({ vsync, lanes, values, state }) => {
        const s = state.made === `${refreshRate}/${overload}` ? state : Object.assign(state, engine(refreshRate, overload));
        const delta = s.lanes.delta(vsync);
        if (!Number.isFinite(delta)) return;
        // Frames past six vblanks are the overload policy's business: not scored for flaps.
        const vblanks = vsync.vblanks > OVERLOAD_VBLANKS ? Number.NaN : vsync.vblanks;
        s.lanes.handOut(0, delta, vsync, Number.NaN, 0, lanes, values, lapSeconds);
        for (let i = 0; i < 2; i += 1) {
          const slices = s.slicers[i]!.advance(delta);
          let seconds = 0;
          for (let k = 0; k < slices.length; k += 1) seconds += slices[k]!;
          s.lanes.handOut(i + 1, seconds, vsync, vblanks, s.slicers[i]!.droppedSeconds * 1000, lanes, values, lapSeconds);
        }
      }}
      values={() => metricValues(PREFIXES)}
      legend={laneLegend('refresh intervals of game time each frame handed out (1 is right: one vblank passed)', [
        { mark: 'flap', text: 'a flap: 0 or 2 intervals where one vblank passed (a stall, then a jump)' },
        { mark: 'ring', text: 'the display’s time when the picture appears' },
        overLegend(BARS_MAX),
      ])}
      keyNumbers={[keyMetric('raw', 'measured time', 'JudderMs', LANES[0]!.color), keyMetric('down', "'down'", 'Flaps', LANES[1]!.color), keyMetric('nearest', "'nearest'", 'Flaps', LANES[2]!.color)]}
      more={PREFIXES.flatMap((prefix, i) => metricFields(prefix, LANES[i]!.label, prefix === 'raw' ? ['JudderMs', 'Repeated', 'LagMs'] : undefined))}
    >
      <table data-testid="article-table" style={{ font: '11px ui-monospace, monospace', borderCollapse: 'collapse', marginTop: 8, maxWidth: '100%' }}>
        <caption style={{ textAlign: 'left', font: '600 13px system-ui' }}>The article's example: update calls at uneven times, a dot at 100 units/s on a 60 Hz display</caption>
        <thead>
          <tr>
            {['time, ms', 'the dot', "'down'", "'nearest'"].map((head) => (
              <th key={head} style={{ padding: '2px 6px' }}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.map((row) => (
            <tr key={row.timeMs}>
              <td style={{ padding: '2px 6px' }}>{row.timeMs.toFixed(1)}</td>
              <td style={{ padding: '2px 6px' }}>{row.actual.toFixed(2)}</td>
              <td style={{ padding: '2px 6px' }} data-testid="sliced-down" data-value={row.down}>
                {row.down.toFixed(2)}
              </td>
              <td style={{ padding: '2px 6px' }} data-testid="sliced-nearest" data-value={row.nearest}>
                {row.nearest.toFixed(2)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SimulatedLanes>
  );
}

type Story = StoryObj<typeof meta>;

async function expectArticleTable(root: HTMLElement): Promise<void> {
  const column = (id: string) => [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)].map((cell) => Number(cell.dataset.value));
  // 'down' releases an interval once it has fully passed; 'nearest' once more than half has.
  const down = [0, 0, 100 / 60, 200 / 60, 200 / 60, 300 / 60, 400 / 60];
  const nearest = [0, 100 / 60, 100 / 60, 200 / 60, 300 / 60, 300 / 60, 400 / 60];
  const d = column('sliced-down');
  const n = column('sliced-nearest');
  await expect(d.length).toBe(down.length);
  await expect(n.length).toBe(nearest.length);
  d.forEach((value, i) => expect(value).toBeCloseTo(down[i] ?? Number.NaN, 9));
  n.forEach((value, i) => expect(value).toBeCloseTo(nearest[i] ?? Number.NaN, 9));
}

/** Jittery, quantised vsynced timestamps: the measured time judders, 'down' flaps, 'nearest' hands out one interval per vblank. */
export const ThreeWays: Story = {
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 60);
    await waitForValue(root, 'nearestScored', (n) => n >= 120);
    await expect(readValue(root, 'nearestFlaps')).toBe(0);
    await expect(readValue(root, 'nearestJudderMs')).toBeLessThan(1e-6);
    await expect(readValue(root, 'nearestRepeated')).toBe(0);
    await expect(readValue(root, 'rawJudderMs')).toBeGreaterThan(0.5);
    await expect(readValue(root, 'downFlaps')).toBeGreaterThan(10);
    await expect(readValue(root, 'downRepeated')).toBeGreaterThan(0);
    await expect(readValue(root, 'downJudderMs')).toBeGreaterThan(1);
    await expectArticleTable(root);
  },
};

/** Dropped frames: with the default rounding each one is made up in the frame where it is seen. */
export const DroppedFrames: Story = {
  args: { dropChance: 0.05 },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 60);
    await waitForValue(root, 'nearestScored', (n) => n >= 180);
    await expect(readValue(root, 'nearestFlaps')).toBe(0);
    await expect(readValue(root, 'nearestJudderMs')).toBeLessThan(1e-6);
  },
};

/** A 300 ms stall every two seconds with slow-motion: the excess is withheld, shown apart from lag. */
export const StallSlowMotion: Story = {
  args: { stallMs: 300 },
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 5);
    await waitForValue(root, 'nearestDroppedMs', (ms) => ms > 100);
    await expect(readValue(root, 'nearestFlaps')).toBe(0);
    // Withheld time is not lag: the pictures stay one interval (the wait for the vblank) behind.
    await expect(readValue(root, 'nearestLagMs')).toBeLessThan(1000 / 60 + 1);
  },
};

/** What the docs page says above the story. */
const ABOUT = `
The screen only shows the world at vblanks, so the game should advance by whole refresh intervals:
one per vblank that passed. \`createSyncedSlicer\` ("Setting up a game update loop in-sync with
rendering", blog post, April 2013) buffers the measured time and releases only whole intervals,
split into slices no longer than \`1 / minFrameRate\`. Three lanes on the same frames:

- **measured time** (top): the game advances by the raw time between timestamps. The bars are
  ragged (0.94, 1.06 … intervals) and the viewer model counts judder.
- **rounding 'down'** (the article's arithmetic): only intervals that have fully passed leave the
  buffer. Its buffer starts exactly on an interval boundary, so the jitter decides between 0 and 2
  intervals: a barcode of red flaps, a picture that stalls and then jumps.
- **rounding 'nearest'** (the default): the nearest whole interval, centred on the stream's own
  phase: one interval every frame, no flap, no judder, dropped frames included.

**The clock is simulated**, paced by the real animation frames: each frame is the next frame of a
vsynced display at the chosen rate, its timestamp at the vblank plus a random phase the slicer does
not know, ± jitter, rounded down to the timer's resolution. So the numbers know how many vblanks
really passed and score the pictures with the package's viewer model (\`createViewerMeter\`).

A stall injects a long frame every two seconds for the overload policy (\`'slow-motion'\` withholds
time above \`overloadThreshold\`, six intervals; \`'catch-up'\` releases it all in slices;
\`'variable'\` passes it in one call). Frames where more than six vblanks passed are the policy's
business and are left out of the flap count; time withheld is shown on its own and is not lag.
The table replays the article's own example (update calls at uneven times) with both roundings.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useSyncedUpdate } from 'react-timestep';

function World() {
  // Called once per whole refresh interval that passed (never more than 1/minFrameRate at once).
  useSyncedUpdate((dt) => world.step(dt));
  return null;
}`;

const meta = {
  title: 'Algorithms/9 · Refresh-synced slices',
  component: SyncedSlicesDemo,
  args: { refreshRate: 60, quantizationMs: 0.1, jitterMs: 1, dropChance: 0, stallMs: 0, overload: 'slow-motion', lapSeconds: 2 },
  argTypes: {
    refreshRate: choice('display rate (Hz)', "The simulated display's refresh rate. Changing it starts a new measurement.", [50, 59.94, 60, 75, 120, 144], 'select'),
    quantizationMs: resolutionArg,
    jitterMs: jitterArg,
    dropChance: range('dropped-frame chance (0–1)', 'Chance that a frame misses its vblank.', 0, 0.2, 0.01),
    stallMs: range('stall every 2 s (ms)', 'Every 2 s one frame stalls this long, to show the overload policy. 0: never.', 0, 400, 10),
    overload: choice('overload policy', 'What both slicers do with more than six refresh intervals in one frame. Changing it starts a new measurement.', ['slow-motion', 'catch-up', 'variable']),
    lapSeconds: lapArg,
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof SyncedSlicesDemo>;
export default meta;
