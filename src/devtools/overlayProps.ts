// The overlay's props, checked at mount and on every change by one table, with the component's name
// built in; and the layout every accepted size draws inside.
import { checkOptions, checkPropNames, describe, flag, optionError, positive, type Rule, type Rules } from '../core/internal.js';
import type { FixedClock } from '../scheduler/index.js';
import { DEFAULT_COLORS, minOverlayHeight, TEXT_LINES, type OverlayColors } from './overlayPaint.js';

const OWNER = '<FrameTimingOverlay>';
const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type OverlayPosition = (typeof POSITIONS)[number];
const MIN_FONT_PX = 11;
const MIN_WIDTH_PX = 100;
const COLOR_NAMES = Object.keys(DEFAULT_COLORS) as Array<keyof OverlayColors>;

/** Props of {@link FrameTimingOverlay}. */
export interface FrameTimingOverlayProps {
  /** Corner of the viewport. Default `'top-right'`. */
  position?: OverlayPosition;
  /** CSS px, at least 100. Default 280. */
  width?: number;
  /** CSS px, at least the text lines, the steps row and a 16 px strip (124 at the default font size). Default 150. */
  height?: number;
  /** Text size, CSS px, at least 11. Default 12. */
  fontSize?: number;
  /** Width of one frame's bar in the strip, CSS px, at most `width`. Default 2. */
  barWidth?: number;
  /** Colours: `background`, `text`, `frame`, `grid`, `dropped`, `flap`, `steps`. */
  colors?: Partial<OverlayColors>;
  /** `KeyboardEvent.code` that shows and hides the overlay; `null`: none. Default `'Backquote'`. */
  toggleKey?: string | null;
  /** Shown at mount. Default true. */
  defaultVisible?: boolean;
  /** The fixed clock to show (alpha, steps, lost time). Default: the nearest `<FixedClockProvider>`'s; `null`: none. */
  clock?: FixedClock | null;
  /** CSS z-index, a whole number. Default 2147483000. */
  zIndex?: number;
}

/** The props checked, defaults filled in (`clock` stays undefined when not given: the provider's). */
export interface OverlaySettings {
  position: OverlayPosition;
  width: number;
  height: number;
  fontSize: number;
  barWidth: number;
  colors: Partial<OverlayColors> | undefined;
  toggleKey: string | null;
  defaultVisible: boolean;
  clock: FixedClock | null | undefined;
  zIndex: number;
}

const RULES: Rules<OverlaySettings> = {
  position: { accepts: (v) => (POSITIONS as readonly unknown[]).includes(v), expected: `one of '${POSITIONS.join("', '")}'`, fallback: 'top-right' },
  width: { accepts: (v) => Number.isFinite(v) && (v as number) >= MIN_WIDTH_PX, expected: `a finite number >= ${MIN_WIDTH_PX} (CSS px)`, fallback: 280 },
  height: positive(150),
  fontSize: { accepts: (v) => Number.isFinite(v) && (v as number) >= MIN_FONT_PX, expected: `at least ${MIN_FONT_PX} (px, readable on a phone)`, fallback: 12 },
  barWidth: positive(2),
  colors: { accepts: (v) => typeof v === 'object' && v !== null && !Array.isArray(v), expected: 'an object of CSS colours' },
  toggleKey: { accepts: (v) => v === null || typeof v === 'string', expected: 'a KeyboardEvent.code string or null', fallback: 'Backquote' },
  defaultVisible: flag(true),
  clock: { accepts: (v) => v === null || typeof (v as Partial<FixedClock> | null)?.addUpdate === 'function', expected: 'a fixed clock (useFixedClock(), createFixedClock()) or null' },
  zIndex: { accepts: Number.isInteger, expected: 'a whole number', fallback: 2147483000 } as Rule<number>,
};

/** The props checked: unknown names, every value, then the sizes against each other. */
export function checkOverlayProps(props: Readonly<Record<string, unknown>>): OverlaySettings {
  checkPropNames(OWNER, 'prop', props, Object.keys(RULES));
  const s = checkOptions(OWNER, 'prop', props, RULES);
  const minHeight = minOverlayHeight(s.fontSize);
  if (s.height < minHeight) throw optionError(OWNER, 'prop', 'height', s.height, `at least ${minHeight} (CSS px: ${TEXT_LINES} lines of text at fontSize ${s.fontSize}, the steps row and the strip)`);
  if (s.barWidth > s.width) throw optionError(OWNER, 'prop', 'barWidth', s.barWidth, `at most \`width\` (${s.width})`);
  if (s.colors) {
    for (const name of Object.keys(s.colors)) {
      if (!(COLOR_NAMES as string[]).includes(name)) throw new RangeError(`${OWNER}: prop \`colors\` has no colour \`${name}\` (known: ${COLOR_NAMES.join(', ')})`);
      const value = (s.colors as Record<string, unknown>)[name];
      if (typeof value !== 'string') throw new RangeError(`${OWNER}: prop \`colors.${name}\` must be a CSS colour string, got ${describe(value)}`);
    }
  }
  return s;
}
