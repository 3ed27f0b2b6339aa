import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from './format.js';
import type { RingBuffer } from './ringBuffer.js';

/** One line of a {@link LivePlot}. */
export interface PlotSeries {
  label: string;
  /** CSS colour of the line. */
  stroke: string;
  /** Where the frame loop writes the samples (each stamped with the story time, seconds). */
  buffer: RingBuffer;
  /** Draw as steps (a value held until the next sample), e.g. for counts and divisors. */
  stepped?: boolean;
  /** Line width in CSS px. Default 1.5. */
  width?: number;
  /** `'right'`: on the plot's second y axis (e.g. steps per frame beside milliseconds). Default `'left'`. */
  axis?: 'left' | 'right';
  /** Decimals in the legend under the cursor. Default 2. */
  digits?: number;
}

/** A horizontal reference line (the vblank interval, speed 1, the budget …). */
export interface PlotReference {
  value: number;
  label: string;
  color?: string;
  axis?: 'left' | 'right';
}

/** Props of {@link LivePlot}. */
export interface LivePlotProps {
  /** Shown above the plot. */
  title: string;
  series: readonly PlotSeries[];
  /** Sample x values; default: each sample's story time in seconds. Must be pushed in step with the series. */
  x?: RingBuffer;
  /** Fixed y range of the left axis; default: fit the data. May change while the plot runs. */
  yRange?: readonly [number, number];
  /** Unit shown on the left y axis. */
  yLabel?: string;
  /** Fixed range of the right axis (series with `axis: 'right'`); default: fit. */
  rightRange?: readonly [number, number];
  /** Unit of the right y axis. */
  rightLabel?: string;
  /** Horizontal reference lines; may change while the plot runs (e.g. the budget follows a control). */
  references?: readonly PlotReference[];
  /** Largest width, CSS px; the plot follows its container's width below that. Default 640. */
  width?: number;
  height?: number;
  /** How often the plot redraws, ms. Plotting every frame would itself cause the jank we measure. */
  refreshMs?: number;
  /** data-testid of the wrapper. */
  testId?: string;
  /** Write each series' label at the right end of its line, so the lines read without the legend. */
  labelLines?: boolean;
}

const AXIS = '#8a93a3';
/** The last finite value of series `si` in the plot's data (NaN when none). */
function latest(u: uPlot, si: number): number {
  const data = u.data[si];
  if (!data) return Number.NaN;
  for (let i = data.length - 1; i >= 0; i -= 1) {
    const v = data[i];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return Number.NaN;
}

const GRID = { stroke: 'rgba(138,147,163,0.18)', width: 1 };

/**
 * A uPlot chart fed from ring buffers. The frame loop only pushes numbers into the buffers; this
 * component copies them into arrays allocated once and redraws a few times a second, so neither
 * React state nor the chart runs per frame. x is story time in seconds; hovering shows the values
 * under the cursor in the legend ("–" where a series has no sample).
 */
export function LivePlot({
  title,
  series,
  x,
  yRange,
  yLabel,
  rightRange,
  rightLabel,
  references,
  width = 640,
  height = 180,
  refreshMs = 250,
  testId,
  labelLines = false,
}: LivePlotProps) {
  const host = useRef<HTMLDivElement>(null);
  // The structure (series, buffers) is fixed for the life of a plot; ranges and reference lines
  // are read live, so a control that moves the budget moves its line without a remount.
  const config = useRef({ series, x, yLabel, rightLabel, width, height, refreshMs, labelLines });
  const live = useRef({ yRange, rightRange, references });
  live.current = { yRange, rightRange, references };

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const { series: lines, x: xBuffer, yLabel: unit, rightLabel: rightUnit } = config.current;
    const capacity = Math.max(xBuffer?.capacity ?? 0, ...lines.map((line) => line.buffer.capacity));
    const xs = new Float64Array(capacity);
    const ys = lines.map(() => new Float64Array(capacity));
    const ts = lines.map(() => new Float64Array(capacity));
    const hasRight = lines.some((line) => line.axis === 'right');
    const range = (which: 'y' | 'right') => (_u: uPlot, min: number, max: number): uPlot.Range.MinMax => {
      const fixed = which === 'y' ? live.current.yRange : live.current.rightRange;
      if (fixed && Number.isFinite(fixed[0]) && Number.isFinite(fixed[1]) && fixed[1] > fixed[0]) return [fixed[0], fixed[1]];
      // Fit the data and keep the reference lines in view.
      let lo = Number.isFinite(min) ? min : 0;
      let hi = Number.isFinite(max) ? max : 1;
      for (const ref of live.current.references ?? []) {
        if ((ref.axis ?? 'left') === (which === 'y' ? 'left' : 'right') && Number.isFinite(ref.value)) {
          lo = Math.min(lo, ref.value);
          hi = Math.max(hi, ref.value);
        }
      }
      // A flat or tiny span would ask uPlot's axis for a huge number of ticks.
      if (!(hi - lo > 1e-9 * Math.max(1, Math.abs(hi)))) hi = lo + Math.max(1, Math.abs(lo) * 0.1);
      const pad = (hi - lo) * 0.08;
      return [lo - (lo === 0 ? 0 : pad), hi + pad];
    };
    // Folded away (a closed <details>) the host has no width yet: fit the window until it opens.
    const cssWidth = () => Math.max(240, Math.min(config.current.width, element.clientWidth || document.documentElement.clientWidth - 40));
    const options: uPlot.Options = {
      width: cssWidth(),
      height: config.current.height,
      legend: { show: true, live: true },
      cursor: { show: true, drag: { x: false, y: false }, points: { size: 6 } },
      scales: {
        x: {
          time: false,
          range: (_u, min, max): uPlot.Range.MinMax => {
            if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
            return max - min > 1e-6 ? [min, max] : [min - 0.5, max + 0.5];
          },
        },
        y: { range: range('y') },
        ...(hasRight ? { right: { range: range('right') } } : {}),
      },
      axes: [
        { stroke: AXIS, grid: GRID, ticks: GRID, label: 'time (s)', labelSize: 14, size: 34 },
        { stroke: AXIS, grid: GRID, ticks: GRID, label: unit, size: 48, labelSize: 16 },
        ...(hasRight ? [{ scale: 'right', side: 1, stroke: AXIS, grid: { show: false }, label: rightUnit, size: 40, labelSize: 16 } as uPlot.Axis] : []),
      ],
      series: [
        // Under the cursor its values; with no cursor on the plot, the latest (not "–").
        { label: 'time (s)', value: (u, v, si, idx) => formatNumber(idx == null ? latest(u, si) : v, 2) },
        ...lines.map<uPlot.Series>((line) => ({
          label: line.label,
          stroke: line.stroke,
          width: line.width ?? 1.5,
          scale: line.axis === 'right' ? 'right' : 'y',
          points: { show: false },
          spanGaps: false,
          value: (u, v, si, idx) => formatNumber(idx == null ? latest(u, si) : v, line.digits ?? 2),
          ...(line.stepped ? { paths: uPlot.paths.stepped?.({ align: 1 }) } : {}),
        })),
      ],
      hooks: { draw: [(u) => drawReferences(u, live.current.references), ...(config.current.labelLines ? [(u: uPlot) => drawLineLabels(u, lines)] : [])] },
    };
    const empty = [xs.subarray(0, 0), ...ys.map((y) => y.subarray(0, 0))] as uPlot.AlignedData;
    const plot = new uPlot(options, empty, element);

    const redraw = () => {
      const counts = lines.map((line, i) => {
        const n = line.buffer.copyTo(ys[i]!);
        line.buffer.copyTimesTo(ts[i]!);
        return n;
      });
      if (xBuffer) {
        let n = xBuffer.copyTo(xs);
        for (const c of counts) n = Math.min(n, c);
        plot.setData([xs.subarray(0, n), ...ys.map((y) => y.subarray(0, n))]);
        return;
      }
      // Samples pushed in the same frames share their times: one x array. Otherwise (a series
      // that starts later) align them by time, with gaps where a series has no sample.
      const n0 = counts[0] ?? 0;
      const aligned = counts.every((n, i) => n === n0 && (n === 0 || ts[i]![n - 1] === ts[0]![n0 - 1]));
      if (aligned) {
        plot.setData([ts[0]!.subarray(0, n0), ...ys.map((y) => y.subarray(0, n0))]);
        return;
      }
      const tables = lines.map((_, i) => [Array.from(ts[i]!.subarray(0, counts[i])), Array.from(ys[i]!.subarray(0, counts[i]))] as uPlot.AlignedData);
      plot.setData(uPlot.join(tables));
    };
    const timer = setInterval(redraw, config.current.refreshMs);
    // Resize on the next frame, not inside the observer's callback (the legend may rewrap: a loop).
    let pending = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => {
        const w = cssWidth();
        if (w !== plot.width) plot.setSize({ width: w, height: config.current.height });
      });
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(pending);
      clearInterval(timer);
      observer.disconnect();
      plot.destroy();
    };
  }, []);

  return (
    <figure style={{ margin: '8px 0', maxWidth: width }} data-testid={testId}>
      <figcaption style={{ font: '600 13px system-ui', marginBottom: 4 }}>{title}</figcaption>
      <div ref={host} style={{ width: '100%' }} />
    </figure>
  );
}

/** Each series' label at the right end of its line, pushed apart where lines end close together. */
function drawLineLabels(u: uPlot, lines: readonly PlotSeries[]): void {
  const ctx = u.ctx;
  const { left, top, width: w, height: h } = u.bbox;
  const dpr = devicePixelRatio;
  const rows = 13 * dpr;
  const ends = lines
    .map((line, i) => ({ line, y: u.valToPos(latest(u, i + 1), line.axis === 'right' ? 'right' : 'y', true) }))
    .filter((end) => Number.isFinite(end.y))
    .sort((a, b) => a.y - b.y);
  // Each label just above its line's end, at least a row below the one above it, inside the plot.
  let floor = top + rows;
  for (const end of ends) {
    end.y = Math.max(floor, end.y - 2 * dpr);
    floor = end.y + rows;
  }
  // Then up from the bottom edge, where lines that end together low down were pushed past it.
  let ceiling = top + h;
  for (let i = ends.length - 1; i >= 0; i -= 1) {
    ends[i]!.y = Math.min(ceiling, ends[i]!.y);
    ceiling = ends[i]!.y - rows;
  }
  ctx.save();
  ctx.font = `600 ${11 * dpr}px system-ui`;
  ctx.textBaseline = 'bottom';
  ctx.textAlign = 'right';
  for (const end of ends) {
    const labelWidth = ctx.measureText(end.line.label).width;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.fillRect(left + w - labelWidth - 6 * dpr, end.y - 12 * dpr, labelWidth + 4 * dpr, 12 * dpr);
    ctx.fillStyle = end.line.stroke;
    ctx.fillText(end.line.label, left + w - 4 * dpr, end.y);
  }
  ctx.restore();
}

/** The horizontal reference lines of a plot (the budget, real time …), dashed, with their labels. */
function drawReferences(u: uPlot, refs: readonly PlotReference[] | undefined): void {
  if (!refs || refs.length === 0) return;
  const ctx = u.ctx;
  const { left, top, width: w, height: h } = u.bbox;
  ctx.save();
  ctx.setLineDash([5 * devicePixelRatio, 4 * devicePixelRatio]);
  ctx.lineWidth = devicePixelRatio;
  ctx.font = `${11 * devicePixelRatio}px system-ui`;
  ctx.textBaseline = 'bottom';
  ctx.textAlign = 'left';
  for (const ref of refs) {
    const y = u.valToPos(ref.value, ref.axis === 'right' ? 'right' : 'y', true);
    if (!Number.isFinite(y) || y < top || y > top + h) continue;
    ctx.strokeStyle = ref.color ?? AXIS;
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + w, y);
    ctx.stroke();
    // The label on a white patch: a series drawn across it would make it unreadable.
    const x = left + 4 * devicePixelRatio;
    const labelWidth = ctx.measureText(ref.label).width;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.fillRect(x - 2 * devicePixelRatio, y - 14 * devicePixelRatio, labelWidth + 4 * devicePixelRatio, 12 * devicePixelRatio);
    ctx.fillStyle = ref.color ?? AXIS;
    ctx.fillText(ref.label, x, y - 2 * devicePixelRatio);
  }
  ctx.restore();
}
