import type { ReactNode } from 'react';
import { FLAP_COLOR } from './Lanes.js';

/** What one mark in a picture looks like. */
export type LegendMark = 'dot' | 'trail' | 'ring' | 'bar' | 'flap' | 'over' | 'swatch' | 'line';

/** One entry of a {@link Legend}: a mark and what it means. */
export interface LegendItem {
  mark: LegendMark;
  /** The mark's colour (ignored for rings and flaps). Default a neutral grey. */
  color?: string;
  text: ReactNode;
}

const GREY = '#9aa4b5';

/** The mark itself, drawn small, the way the picture draws it. */
function Mark({ mark, color = GREY }: { mark: LegendMark; color?: string }) {
  const box = { width: 26, height: 14, viewBox: '0 0 26 14', style: { flex: 'none', marginTop: 2 }, 'aria-hidden': true } as const;
  switch (mark) {
    case 'dot':
      return (
        <svg {...box}>
          <circle cx={13} cy={7} r={6} fill={color} />
        </svg>
      );
    case 'trail':
      return (
        <svg {...box}>
          {[3, 9, 15, 21].map((x, i) => (
            <circle key={x} cx={x} cy={7} r={2.5} fill={color} opacity={0.25 + 0.2 * i} />
          ))}
        </svg>
      );
    case 'ring':
      return (
        <svg {...box}>
          <circle cx={13} cy={7} r={6} fill="none" stroke="currentColor" strokeWidth={1.5} />
        </svg>
      );
    case 'bar':
    case 'flap':
      return (
        <svg {...box}>
          {[4, 10, 16, 22].map((x, i) => (
            <rect key={x} x={x - 2} y={i % 2 === 0 ? 3 : 6} width={4} height={i % 2 === 0 ? 11 : 8} fill={mark === 'flap' && i === 1 ? FLAP_COLOR : color} />
          ))}
        </svg>
      );
    case 'over':
      // A bar past the top of the scale, cut there, with the dash the lanes draw above it.
      return (
        <svg {...box}>
          <rect x={10} y={0} width={6} height={2} fill={color} />
          <rect x={10} y={4} width={6} height={10} fill={color} />
          <line x1={2} y1={4} x2={24} y2={4} stroke="currentColor" strokeOpacity={0.4} strokeWidth={1} />
        </svg>
      );
    case 'line':
      return (
        <svg {...box}>
          <line x1={1} y1={7} x2={25} y2={7} stroke={color} strokeWidth={2.5} />
        </svg>
      );
    default:
      return (
        <svg {...box}>
          <rect x={6} y={1} width={12} height={12} rx={2} fill={color} />
        </svg>
      );
  }
}

/**
 * What every mark of a story's picture means, right under it: a story never leaves a ring, a
 * colour or a bar unexplained.
 */
export function Legend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul data-testid="legend" style={{ listStyle: 'none', padding: 0, margin: '6px 0', display: 'flex', flexWrap: 'wrap', gap: '4px 16px', font: '12px system-ui, sans-serif' }}>
      {items.map((item, i) => (
        <li key={i} style={{ display: 'flex', gap: 6, alignItems: 'flex-start', maxWidth: '100%' }}>
          <Mark mark={item.mark} color={item.color} />
          <span style={{ overflowWrap: 'anywhere' }}>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** The legend entry of a bar cut at the top of its scale: `max` is the scale's top. */
export function overLegend(max: number): LegendItem {
  return { mark: 'over', text: `a dash above a bar: more than ${max}, cut at the top of the scale` };
}

/** The legend entries every lane picture shares: the picture, its trail, and (with bars) what they count. */
export function laneLegend(bars?: string, extra: readonly LegendItem[] = []): LegendItem[] {
  return [
    { mark: 'dot', text: 'the picture on screen now' },
    { mark: 'trail', text: 'the pictures before it: even spacing is smooth motion, gaps and pile-ups are not' },
    ...(bars ? [{ mark: 'bar' as const, text: bars }] : []),
    ...extra,
  ];
}
