import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RingBuffer } from './ringBuffer.js';

/** One line of a {@link LivePlot}. */
export interface PlotSeries {
  label: string;
  /** CSS colour of the line. */
  stroke: string;
  /** Where the frame loop writes the samples. */
  buffer: RingBuffer;
  /** Draw as steps (a value held until the next sample), e.g. for counts and divisors. */
  stepped?: boolean;
  /** Line width in CSS px. Default 1.5. */
  width?: number;
}

/** Props of {@link LivePlot}. */
export interface LivePlotProps {
  /** Shown above the plot. */
  title: string;
  series: readonly PlotSeries[];
  /** Sample x values (e.g. seconds); default: the sample index. Must be pushed in step with the series. */
  x?: RingBuffer;
  /** Fixed y range; default: fit the data. */
  yRange?: readonly [number, number];
  /** Unit shown on the y axis. */
  yLabel?: string;
  width?: number;
  height?: number;
  /** How often the plot redraws, ms. Plotting every frame would itself cause the jank we measure. */
  refreshMs?: number;
  /** data-testid of the wrapper. */
  testId?: string;
}

/**
 * A uPlot chart fed from ring buffers. The frame loop only pushes numbers into the buffers; this
 * component copies them into arrays allocated once and redraws a few times a second, so neither
 * React state nor the chart runs per frame.
 */
export function LivePlot({
  title,
  series,
  x,
  yRange,
  yLabel,
  width = 560,
  height = 180,
  refreshMs = 250,
  testId,
}: LivePlotProps) {
  const host = useRef<HTMLDivElement>(null);
  // The props that shape the chart are fixed for the life of a plot: stories remount on control changes.
  const config = useRef({ title, series, x, yRange, yLabel, width, height, refreshMs });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const { series: lines, x: xBuffer, yRange: range, yLabel: unit } = config.current;
    const capacity = Math.max(xBuffer?.capacity ?? 0, ...lines.map((line) => line.buffer.capacity));
    const xs = new Float64Array(capacity);
    const ys = lines.map(() => new Float64Array(capacity));
    const options: uPlot.Options = {
      width: config.current.width,
      height: config.current.height,
      legend: { show: true, live: false },
      cursor: { show: false },
      scales: {
        x: { time: false },
        y: range ? { auto: false, range: [range[0], range[1]] } : { auto: true },
      },
      axes: [{ stroke: '#666', size: 30 }, { stroke: '#666', label: unit, size: 50, labelSize: 16 }],
      series: [
        { label: xBuffer ? 'x' : 'sample' },
        ...lines.map<uPlot.Series>((line) => ({
          label: line.label,
          stroke: line.stroke,
          width: line.width ?? 1.5,
          points: { show: false },
          ...(line.stepped ? { paths: uPlot.paths.stepped?.({ align: 1 }) } : {}),
        })),
      ],
    };
    const plot = new uPlot(options, [xs.subarray(0, 0), ...ys.map((y) => y.subarray(0, 0))], element);

    const redraw = () => {
      let n = capacity;
      lines.forEach((line, i) => {
        n = Math.min(n, line.buffer.copyTo(ys[i] as Float64Array));
      });
      if (xBuffer) n = Math.min(n, xBuffer.copyTo(xs));
      else for (let i = 0; i < n; i += 1) xs[i] = i;
      plot.setData([xs.subarray(0, n), ...ys.map((y) => y.subarray(0, n))]);
    };
    const timer = setInterval(redraw, config.current.refreshMs);
    return () => {
      clearInterval(timer);
      plot.destroy();
    };
  }, []);

  return (
    <figure style={{ margin: '8px 0' }} data-testid={testId}>
      <figcaption style={{ font: '600 13px system-ui', marginBottom: 4 }}>{title}</figcaption>
      <div ref={host} />
    </figure>
  );
}
