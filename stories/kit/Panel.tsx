import { forwardRef } from 'react';
import type { ReactNode } from 'react';
import { Lanes } from './Lanes.js';
import type { LaneBars, LaneSpec, LanesHandle } from './Lanes.js';
import { Legend } from './Legend.js';
import type { LegendItem } from './Legend.js';
import { MoreReadouts, Readout } from './Readout.js';
import type { ReadoutField } from './Readout.js';

/** Props of {@link Findings}. */
export interface FindingsProps {
  legend: readonly LegendItem[];
  /** The record the frame loop writes the readouts into. */
  values: Record<string, number>;
  /** One or two big numbers, in the colours of what they measure. */
  keyNumbers: readonly ReadoutField[];
  /** The rest, folded under "All readouts". */
  more: readonly ReadoutField[];
  /** Shown under the key numbers: a plot the story is about, the story's own buttons. */
  after?: ReactNode;
  /** Plots and tables, folded with the readouts. */
  children?: ReactNode;
}

/**
 * What every story shows under its picture, top to bottom: the legend of every mark, one or two big
 * numbers, the story's own extras, and the rest folded under "All readouts".
 */
export function Findings({ legend, values, keyNumbers, more, after, children }: FindingsProps) {
  return (
    <>
      <Legend items={legend} />
      <Readout keyNumbers values={values} fields={keyNumbers} />
      {after}
      <MoreReadouts>
        <Readout values={values} fields={more} />
        {children}
      </MoreReadouts>
    </>
  );
}

/** Props of {@link LanesPanel}. */
export interface LanesPanelProps extends FindingsProps {
  lanes: readonly LaneSpec[];
  bars?: LaneBars | undefined;
}

/** A lane picture and its {@link Findings}: the frame of every story whose objects move along lanes. */
export const LanesPanel = forwardRef<LanesHandle, LanesPanelProps>(function LanesPanel({ lanes, bars, ...findings }, ref) {
  return (
    <div>
      <Lanes ref={ref} lanes={lanes} bars={bars} testId="lanes" />
      <Findings {...findings} />
    </div>
  );
});

/** One picture of a {@link SideBySide}. */
export interface SidePanel {
  caption: ReactNode;
  /** The picture's width / height, e.g. "2 / 1": it keeps its shape at any width. */
  aspect?: string;
  children: ReactNode;
}

/** Pictures side by side (one above the other on a phone), each under its caption: the wrong way first. */
export function SideBySide({ panels, basis = 300 }: { panels: readonly SidePanel[]; basis?: number }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {panels.map((panel, i) => (
        <figure key={i} style={{ flex: `1 1 ${basis}px`, minWidth: 0, margin: 0 }}>
          <figcaption style={{ font: '600 13px system-ui', margin: '0 0 4px' }}>{panel.caption}</figcaption>
          {panel.aspect ? <div style={{ width: '100%', aspectRatio: panel.aspect }}>{panel.children}</div> : panel.children}
        </figure>
      ))}
    </div>
  );
}
