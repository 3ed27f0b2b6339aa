import { useEffect, useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { NOT_MEASURED, formatNumber } from './format.js';

/** One value of a {@link Readout}. */
export interface ReadoutField {
  /** Key in the values record; also the element's data-testid. */
  key: string;
  label: string;
  /** Format the raw number; default two decimals. */
  format?: (value: number) => string;
  /** As a key number: the colour of the lane it belongs to (a bar beside the number). */
  color?: string;
}

/** Props of {@link Readout}. */
export interface ReadoutProps {
  /** A record the frame loop writes into; read here at `refreshMs`. */
  values: Record<string, number>;
  fields: readonly ReadoutField[];
  refreshMs?: number;
  /** The one or two numbers under a picture: large, in a row that wraps, instead of a label/value grid. */
  keyNumbers?: boolean;
}

const defaultFormat = (value: number) => formatNumber(value, 2);

/** The refreshes due at each interval: every readout of a story on one timer per interval. */
const refreshers = new Map<number, { timer: ReturnType<typeof setInterval>; updates: Set<() => void> }>();
let ticks = 0;

/** The readouts' refresh ticks so far: after the next one, every readout shows a later moment (play.ts, refreshed). */
export function readoutTicks(): number {
  return ticks;
}

/**
 * Run `update` every `ms` together with every other readout on the same interval, in one timer
 * tick: a story's key numbers and its folded readouts always show the same moment, so a play
 * function that waits for one value and then reads another sees them consistent. Returns the
 * unsubscribe.
 */
function refreshTogether(update: () => void, ms: number): () => void {
  let entry = refreshers.get(ms);
  if (!entry) {
    const updates = new Set<() => void>();
    entry = {
      updates,
      timer: setInterval(() => {
        ticks += 1;
        updates.forEach((run) => run());
      }, ms),
    };
    refreshers.set(ms, entry);
  }
  entry.updates.add(update);
  const own = entry;
  return () => {
    own.updates.delete(update);
    if (own.updates.size === 0) {
      clearInterval(own.timer);
      refreshers.delete(ms);
    }
  };
}

/**
 * Numbers written by a frame loop, shown without a React render per frame: the loop mutates a plain
 * record and this component copies it into the DOM's text a few times a second. Each value sits in
 * an element with `data-testid={key}` and a `data-value` attribute holding the raw number, which
 * is what the play functions read.
 */
export function Readout({ values, fields, refreshMs = 100, keyNumbers = false }: ReadoutProps) {
  const cells = useRef<(HTMLElement | null)[]>([]);
  const frozen = useRef({ values, fields });

  useEffect(() => {
    const update = () => {
      const { values: record, fields: list } = frozen.current;
      list.forEach((field, i) => {
        const cell = cells.current[i];
        if (!cell) return;
        const value = record[field.key] ?? Number.NaN;
        // A value not measured yet shows "–" whatever the field's formatter would make of NaN.
        cell.textContent = Number.isFinite(value) ? (field.format ?? defaultFormat)(value) : NOT_MEASURED;
        cell.dataset.value = String(value);
      });
    };
    update();
    return refreshTogether(update, refreshMs);
  }, [refreshMs]);

  const cell = (field: ReadoutField, i: number, style: CSSProperties) => (
    <dd
      style={style}
      data-testid={field.key}
      data-value="NaN"
      ref={(el) => {
        cells.current[i] = el;
      }}
    >
      –
    </dd>
  );
  if (keyNumbers) {
    return (
      <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 24px', margin: '8px 0', font: '13px system-ui, sans-serif' }}>
        {fields.map((field, i) => (
          <div key={field.key} style={{ minWidth: 0, maxWidth: '100%', borderLeft: field.color ? `4px solid ${field.color}` : undefined, paddingLeft: field.color ? 8 : 0 }}>
            <dt style={{ opacity: 0.8, overflowWrap: 'anywhere' }}>{field.label}</dt>
            {cell(field, i, { margin: 0, font: '600 26px ui-monospace, monospace', fontVariantNumeric: 'tabular-nums' })}
          </div>
        ))}
      </dl>
    );
  }
  return (
    // Labels wrap on a phone; the grid never grows wider than its container.
    <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, max-content)', gap: '2px 12px', font: '13px ui-monospace, monospace', margin: '8px 0', maxWidth: '100%' }}>
      {fields.map((field, i) => (
        <div key={field.key} style={{ display: 'contents' }}>
          <dt style={{ opacity: 0.7, overflowWrap: 'anywhere' }}>{field.label}</dt>
          {cell(field, i, { margin: 0, fontVariantNumeric: 'tabular-nums' })}
        </div>
      ))}
    </dl>
  );
}

/** The full readouts of a story, collapsed under its picture and key numbers. */
export function MoreReadouts({ children, summary = 'All readouts' }: { children: ReactNode; summary?: string }) {
  return (
    <details style={{ margin: '8px 0', maxWidth: '100%' }}>
      <summary style={{ cursor: 'pointer', font: '13px system-ui, sans-serif', opacity: 0.8 }}>{summary}</summary>
      {children}
    </details>
  );
}

/** Readout fields that share one format, from `key: label` pairs: `fieldsOf(count, { frames: 'frames drawn' })`. */
export function fieldsOf(format: (value: number) => string, labels: Record<string, string>): ReadoutField[] {
  return Object.entries(labels).map(([key, label]) => ({ key, label, format }));
}
