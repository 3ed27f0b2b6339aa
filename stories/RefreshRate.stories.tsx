import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { useFrameScheduler, useFrameStats, useRefreshRate } from '../src/index.js';
import { docs, range } from './kit/controls.js';
import { count, formatNumber, formatter, yesNo } from './kit/format.js';
import { LivePlot } from './kit/LivePlot.js';
import { busyWait, useLiveArgs, useRafLoop } from './kit/loop.js';
import { expectFramesAdvance, readValue, waitForValue } from './kit/play.js';
import { Findings } from './kit/Panel.js';
import { RingBuffer } from './kit/ringBuffer.js';

/** Controls of the refresh-rate demo. */
interface RefreshRateProps { loadMs: number }

const SAMPLES = 300;
const STATES = ['measuring', 'synced', 'unsynced', 'throttled', 'variable'] as const;
const NAIVE = '#f06a6a';
const DETECTED = '#58d68d';

function RefreshRateDemo(props: RefreshRateProps) {
  const args = useLiveArgs(props);
  const scheduler = useFrameScheduler();
  // Re-renders only when the rate, sync state or throttling changes: safe to show directly.
  const rate = useRefreshRate();
  // Re-renders twice a second with fresh percentiles.
  const stats = useFrameStats();
  const live = useMemo(
    () => ({
      naive: new RingBuffer(SAMPLES),
      detected: new RingBuffer(SAMPLES),
      values: { frames: 0, naiveHz: Number.NaN, refreshRate: Number.NaN, intervalMs: Number.NaN, confidence: Number.NaN, synced: 0, state: 0 },
    }),
    [],
  );

  // Real load on purpose: the detector measures this page's own frames.
  useRafLoop((_storyMs, frame) => {
    busyWait(args.current.loadMs);
    const estimate = scheduler.refreshRate;
    const v = live.values;
    if (frame.rawDeltaSeconds > 0) {
      // The naive reading: one over the last frame interval.
      v.naiveHz = 1 / frame.rawDeltaSeconds;
      live.naive.push(v.naiveHz);
      live.detected.push(estimate.refreshRate);
    }
    v.frames += 1;
    v.refreshRate = estimate.refreshRate;
    v.intervalMs = estimate.interval;
    v.confidence = estimate.confidence;
    v.synced = estimate.synced ? 1 : 0;
    v.state = STATES.indexOf(estimate.state);
  });

  return (
    <div>
      <p style={{ font: '600 20px system-ui', margin: '4px 0' }} data-testid="headline">
        {rate.state === 'measuring' ? 'Measuring your display…' : `Your display: ${rate.refreshRate} Hz, ${rate.synced ? 'the loop is in sync' : `the loop is ${rate.state}`}`}
      </p>
      <LivePlot
        title="Your display's rate, read two ways (Hz)"
        yLabel="Hz"
        series={[
          { label: '1 / last frame interval', stroke: NAIVE, buffer: live.naive },
          { label: 'useRefreshRate()', stroke: DETECTED, buffer: live.detected, stepped: true, width: 2.5 },
        ]}
      />
      <Findings
        legend={[
          { mark: 'line', color: NAIVE, text: 'one over each frame interval: every late or missed frame reads as another display' },
          { mark: 'line', color: DETECTED, text: 'the detector: snapped to a known display rate, held through late frames' },
        ]}
        values={live.values}
        keyNumbers={[
          { key: 'naiveHz', label: '1 / last frame interval (Hz)', format: formatter(1), color: NAIVE },
          { key: 'refreshRate', label: 'useRefreshRate() (Hz)', format: formatter(2), color: DETECTED },
        ]}
        more={[
          { key: 'frames', label: 'frames', format: count },
          { key: 'confidence', label: 'confidence' },
          { key: 'state', label: 'state', format: (n) => STATES[n] ?? '–' },
          { key: 'intervalMs', label: 'measured vblank interval (ms)', format: formatter(3) },
          { key: 'synced', label: 'synced', format: yesNo },
        ]}
      >
        <p style={{ font: '13px ui-monospace, monospace', margin: '4px 0', overflowWrap: 'anywhere' }} data-testid="stats">
          useFrameStats: {formatNumber(stats.fps, 1)} fps · p50 {formatNumber(stats.p50Ms, 2)} ms · p95 {formatNumber(stats.p95Ms, 2)} ms · p99{' '}
          {formatNumber(stats.p99Ms, 2)} ms · missed vblanks {formatNumber(stats.missedVblanks, 0)}
        </p>
      </Findings>
    </div>
  );
}

type Story = StoryObj<typeof meta>;

/** Whatever display this runs on (headless Chromium reports its own 60 Hz-ish pace). */
export const YourDisplay: Story = {
  play: async ({ canvasElement: root }) => {
    await expectFramesAdvance(root, 'frames', 20);
    const hz = await waitForValue(root, 'refreshRate', (r) => r > 0);
    await expect(Number.isFinite(hz)).toBe(true);
    const confidence = readValue(root, 'confidence');
    await expect(confidence).toBeGreaterThanOrEqual(0);
    await expect(confidence).toBeLessThanOrEqual(1);
    await expect(readValue(root, 'state')).toBeGreaterThanOrEqual(0);
    await expect(readValue(root, 'naiveHz')).toBeGreaterThan(0);
    // The plot comes first, the key numbers under it, the rest folded.
    const plot = root.querySelector('canvas');
    await expect(plot).toBeTruthy();
    await expect(plot!.compareDocumentPosition(root.querySelector('[data-testid="refreshRate"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(root.querySelector('details [data-testid="stats"]')).toBeTruthy();
  },
};

/** What the docs page says above the story. */
const ABOUT = `
**Your own screen, measured live.** Read naively, one over the last frame interval, a display's rate
jumps about: every late frame reads as a slower display, every missed vblank as one at half the
rate (red). The refresh-rate detector (green) that the scheduler feeds with every timestamp holds a
steady verdict: it snaps to known display rates, fractional ones included (59.94, 119.88, 143.9 Hz),
reports how well the recent intervals fit (confidence), and tells a loop running in step with the
display from one that is not (\`unsynced\`: no vsync or an irregular timer; \`throttled\`: a
power-saving or background tab running at 30 or 1 Hz). \`useRefreshRate()\` shows its verdict and
re-renders only when the verdict changes, never per frame.

Drag the browser to another monitor to watch the rate change. Add load past one interval: the red
line drops to half, the green one stays put, and \`useFrameStats()\` counts the missed vblanks. This
story runs on the real \`requestAnimationFrame\`; nothing is simulated.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFrameStats, useRefreshRate } from 'react-timestep';

function DisplayInfo() {
  // Re-renders only when the rate, the sync state or throttling changes.
  const { refreshRate, synced, state } = useRefreshRate();
  const stats = useFrameStats(); // fps, p50/p95/p99 frame times, missed vblanks
  return <span>{state === 'measuring' ? '…' : \`\${refreshRate} Hz\${synced ? '' : ' (unsynced)'}\`} · {stats.fps.toFixed(0)} fps</span>;
}`;

const meta = {
  title: 'Algorithms/13 · Refresh-rate detection',
  component: RefreshRateDemo,
  args: { loadMs: 0 },
  argTypes: {
    loadMs: range('real busy-wait per frame (ms)', 'Opt-in real load: burns this much main-thread time every frame (blocks the page). Past one refresh interval, frames miss vblanks and the detector sees it.', 0, 40, 1),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof RefreshRateDemo>;
export default meta;
