import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { useFrameScheduler, useFrameStats, useRefreshRate } from '../src/index.js';
import { busyWait } from './components/busyWait.js';
import { LivePlot } from './components/LivePlot.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { RingBuffer } from './components/ringBuffer.js';
import { formatNumber } from './components/format.js';
import { useLiveArgs } from './components/liveArgs.js';
import { useRafLoop } from './components/useRafLoop.js';
import { expectFramesAdvance, readValue, waitForValue } from './components/playHelpers.js';

/** Controls of the refresh-rate demo. */
interface RefreshRateProps {
  /** Busy work per frame, ms: push it past one interval to see missed vblanks. */
  loadMs: number;
}

const SAMPLES = 300;
const STATES = ['measuring', 'synced', 'unsynced', 'throttled', 'variable'] as const;

function RefreshRateDemo(props: RefreshRateProps) {
  const args = useLiveArgs(props);
  const scheduler = useFrameScheduler();
  // Re-renders only when the rate, sync state or throttling changes: safe to show directly.
  const rate = useRefreshRate();
  // Re-renders twice a second with fresh percentiles.
  const stats = useFrameStats();
  const live = useMemo(
    () => ({
      interval: new RingBuffer(SAMPLES),
      estimate: new RingBuffer(SAMPLES),
      values: { frames: 0, refreshRate: Number.NaN, intervalMs: Number.NaN, confidence: Number.NaN, synced: 0, state: 0 },
    }),
    [],
  );

  // Real load on purpose: the detector measures this page's own frames.
  useRafLoop((_storyMs, frame) => {
    busyWait(args.current.loadMs);
    const estimate = scheduler.refreshRate;
    if (frame.rawDeltaSeconds > 0) {
      live.interval.push(frame.rawDeltaSeconds * 1000);
      live.estimate.push(1000 / estimate.refreshRate);
    }
    const v = live.values;
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
        {rate.state === 'measuring'
          ? 'Measuring your display…'
          : `Your display: ${rate.refreshRate} Hz, ${rate.synced ? 'the loop is in sync' : `loop ${rate.state}`}`}
      </p>
      <LivePlot
        title="Frame intervals (ms) and the interval of the detected rate"
        yLabel="ms"
        references={Number.isFinite(rate.refreshRate) && rate.refreshRate > 0 ? [{ value: 2000 / rate.refreshRate, label: 'two intervals: a missed vblank', color: '#f06a6a' }] : []}
        series={[
          { label: 'frame interval', stroke: '#5dade2', buffer: live.interval },
          { label: '1 / refresh rate', stroke: '#1e9e55', buffer: live.estimate, stepped: true, width: 2 },
        ]}
      />
      <Readout
        keyNumbers
        values={live.values}
        fields={[
          { key: 'refreshRate', label: 'refresh rate (Hz)', format: (n) => n.toFixed(2) },
          { key: 'confidence', label: 'confidence' },
          { key: 'state', label: 'state', format: (n) => STATES[n] ?? '–' },
        ]}
      />
      <MoreReadouts>
        <Readout
          values={live.values}
          fields={[
            { key: 'frames', label: 'frames', format: (n) => n.toFixed(0) },
            { key: 'intervalMs', label: 'measured vblank interval (ms)', format: (n) => n.toFixed(3) },
            { key: 'synced', label: 'synced', format: (n) => (n ? 'yes' : 'no') },
          ]}
        />
        <p style={{ font: '13px ui-monospace, monospace', margin: '4px 0', overflowWrap: 'anywhere' }} data-testid="stats">
          useFrameStats: {formatNumber(stats.fps, 1)} fps · p50 {formatNumber(stats.p50Ms, 2)} ms · p95 {formatNumber(stats.p95Ms, 2)} ms · p99{' '}
          {formatNumber(stats.p99Ms, 2)} ms · missed vblanks {formatNumber(stats.missedVblanks, 0)}
        </p>
      </MoreReadouts>
    </div>
  );
}

const meta = {
  title: 'Algorithms/13 · Refresh-rate detection',
  component: RefreshRateDemo,
  args: { loadMs: 0 },
  argTypes: {
    loadMs: {
      name: 'real busy-wait per frame (ms)',
      description: 'Opt-in real load: burns this much main-thread time every frame (blocks the page). Past one refresh interval, frames miss vblanks and the detector sees it.',
      control: { type: 'range', min: 0, max: 40, step: 1 },
    },
  },
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { useFrameStats, useRefreshRate } from 'react-timestep';

function DisplayInfo() {
  // Re-renders only when the rate, the sync state or throttling changes.
  const { refreshRate, synced, state } = useRefreshRate();
  const stats = useFrameStats(); // fps, p50/p95/p99 frame times, missed vblanks
  return <span>{state === 'measuring' ? '…' : \`\${refreshRate} Hz\${synced ? '' : ' (unsynced)'}\`} · {stats.fps.toFixed(0)} fps</span>;
}`,
      },
      description: {
        component: `
**Your own screen, measured live.** The plot on top shows each frame's interval against the interval
of the detected rate; under it the rate, the confidence and the state. The scheduler feeds every animation-frame timestamp to the
refresh-rate detector; \`useRefreshRate()\` shows its verdict and re-renders only when the verdict
changes (a different monitor, a throttled tab), never per frame. The detector snaps to known display
rates, fractional ones included (59.94, 119.88, 143.9 Hz), reports how well the recent intervals fit
(confidence), and tells a loop running in step with the display from one that is not (\`unsynced\`:
no vsync or an irregular timer; \`throttled\`: a power-saving or background tab running at 30 or 1 Hz).

Drag the browser to another monitor to watch the rate change. Add load past one interval and the
intervals jump to multiples of it: the detected rate stays put, and \`useFrameStats()\` counts the
missed vblanks. This story runs on the real \`requestAnimationFrame\`; nothing is simulated.
`,
      },
    },
  },
} satisfies Meta<typeof RefreshRateDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Whatever display this runs on (headless Chromium reports its own 60 Hz-ish pace). */
export const YourDisplay: Story = {
  play: async ({ canvasElement }) => {
    await expectFramesAdvance(canvasElement, 'frames', 20);
    const hz = await waitForValue(canvasElement, 'refreshRate', (r) => r > 0);
    await expect(Number.isFinite(hz)).toBe(true);
    const confidence = readValue(canvasElement, 'confidence');
    await expect(confidence).toBeGreaterThanOrEqual(0);
    await expect(confidence).toBeLessThanOrEqual(1);
    await expect(readValue(canvasElement, 'state')).toBeGreaterThanOrEqual(0);
    // The plot comes first, the key numbers under it, the rest folded.
    const plot = canvasElement.querySelector('canvas');
    await expect(plot).toBeTruthy();
    const keyNumber = canvasElement.querySelector('[data-testid="refreshRate"]')!;
    await expect(plot!.compareDocumentPosition(keyNumber) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(canvasElement.querySelector('details [data-testid="stats"]')).toBeTruthy();
  },
};
